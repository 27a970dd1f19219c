import AuthSpecTestSupport
import Foundation
import Models
import ScenarioModel
import SpecModel
import Testing

/// Bounds (`{at_least: 44}`) and tables (compared on the names an expectation gives): how they
/// load, where a bad one is reported, and what they admit.
@Suite struct ExpectedValueTests {
    let header = "id: s1\ntitle: t\nspec: [\"SCR-AUTH-006 §3.1\"]\n"

    func load(_ expect: String) -> (values: [String: Value], problems: [(line: Int, column: Int, Diagnostic.Problem)]) {
        let loaded = TestSupport.load(header + "steps:\n  - launch:\n    expect: \(expect)\n", file: "b.yaml")
        let problems = loaded.diagnostics.map { ($0.location.line, $0.location.column, $0.problem) }
        var values: [String: Value] = [:]
        for expectation in loaded.scenarios.first?.steps.first?.expectations ?? [] {
            values[expectation.key] = expectation.value
        }
        return (values, problems)
    }

    @Test func boundsLoadOnWholeNumbersAndDurations() {
        let loaded = load("{pin_entered: {at_least: 1}, lock_remaining: {at_least: 30s, at_most: 1m}}")
        #expect(loaded.problems.isEmpty)
        #expect(loaded.values["pin_entered"] == .map(["at_least": .int(1)]))
        #expect(loaded.values["lock_remaining"] == .map(["at_least": .int(30_000), "at_most": .int(60_000)]))
    }

    @Test func badBoundsAreReportedAtTheirPlace() {
        let state = load("{state: {at_least: 3}}").problems
        #expect(state.count == 1 && state[0].line == 6 && state[0].column == 21)
        guard case .wrongValue(what: "state", _, _)? = state.first?.2 else {
            Issue.record("\(state)")
            return
        }
        let side = load("{pin_entered: {at_leest: 1}}").problems
        #expect(side.count == 1 && side[0].line == 6 && side[0].column == 28)
        guard case .unknownName(_, name: "at_leest", _)? = side.first?.2 else {
            Issue.record("\(side)")
            return
        }
        let crossed = load("{pin_entered: {at_least: 5, at_most: 2}}").problems
        #expect(crossed.count == 1 && crossed[0].line == 6 && crossed[0].column == 27)
        guard case .wrongValue(what: "pin_entered", _, found: "5 > 2")? = crossed.first?.2 else {
            Issue.record("\(crossed)")
            return
        }
        let empty = load("{pin_entered: {}}").problems
        guard empty.count == 1, case .missingField(what: "pin_entered", _, _) = empty[0].2 else {
            Issue.record("\(empty)")
            return
        }
    }

    @Test func tablesNameOnlyTheirFields() {
        let good = load("{frames: {logo: {width: 60}, anything_else: {x: 1}}}")
        #expect(good.problems.isEmpty)
        let typo = load("{frames: {logo: {widht: 60}}}").problems
        #expect(typo.count == 1 && typo[0].line == 6 && typo[0].column == 30)
        guard case .unknownName(_, name: "widht", _)? = typo.first?.2 else {
            Issue.record("\(typo)")
            return
        }
        // A table compared on the names it gives checks nothing when it gives none: an error at
        // the value, not an expectation that always holds.
        let empty = load("{state: BiometricPrompt, frames: {}}")
        #expect(empty.problems.count == 1 && empty.problems.first?.line == 6 && empty.problems.first?.column == 46)
        guard case .mustBe(what: "frames", _)? = empty.problems.first?.2 else {
            Issue.record("\(empty.problems)")
            return
        }
    }

    @Test func whatABoundAdmits() {
        let type = ValueType.integer(0...100)
        let atLeast: Value = .map(["at_least": .int(44)])
        #expect(ExpectedValue.admits(atLeast, .int(44), as: type))
        #expect(ExpectedValue.admits(atLeast, .int(48), as: type))
        #expect(!ExpectedValue.admits(atLeast, .int(43), as: type))
        #expect(!ExpectedValue.admits(atLeast, .null, as: .optional(type)))
        #expect(!ExpectedValue.admits(atLeast, nil, as: type))
        #expect(!ExpectedValue.admits(atLeast, .string("48"), as: type))
        let range: Value = .map(["at_least": .int(2), "at_most": .int(3)])
        #expect(ExpectedValue.admits(range, .int(3), as: type) && !ExpectedValue.admits(range, .int(4), as: type))
        // Untyped, or a type that takes no bound, compares exactly.
        #expect(!ExpectedValue.admits(atLeast, .int(48), as: nil))
        #expect(!ExpectedValue.admits(atLeast, .int(48), as: .string))
    }

    @Test func whatATableAdmits() {
        let type = ValueType.table(.table(.integer(0...1000), names: []), names: [])
        let expected: Value = .map(["logo": .map(["width": .int(60), "y": .map(["at_least": .int(100)])])])
        let observed: Value = .map([
            "logo": .map(["x": .int(150), "y": .int(120), "width": .int(60), "height": .int(60)]),
            "title": .map(["font_size": .int(20)]),
        ])
        #expect(ExpectedValue.admits(expected, observed, as: type))
        // A name the expectation gives must be there, and hold.
        #expect(!ExpectedValue.admits(.map(["icon": .map([:])]), observed, as: type))
        #expect(!ExpectedValue.admits(.map(["logo": .map(["width": .int(56)])]), observed, as: type))
        // A record is not a table: a field it leaves out expects null.
        let record = ValueType.record([.init("a", .integer(0...9), ""), .init("b", .optional(.integer(0...9)), "")])
        #expect(!ExpectedValue.admits(.map(["a": .int(1)]), .map(["a": .int(1), "b": .int(2)]), as: record))
    }

    /// A partial record names some of its fields; each is decoded and compared as its own type.
    @Test func partialRecordsCheckTheFieldsTheyGive() {
        let good = load("{animations: {success_icon: {duration: 200ms}, pin_cells: {effect: shake}}}")
        #expect(good.problems.isEmpty)
        #expect(
            good.values["animations"]
                == .map([
                    "success_icon": .map(["duration": .int(200)]), "pin_cells": .map(["effect": .string("shake")]),
                ]))
        let wrong = load("{animations: {pin_cells: {effect: wobble, lenght: 1s}}}").problems
        #expect(wrong.count == 2 && wrong.allSatisfy { $0.line == 6 })
        let type = ValueType.partial([.init("effect", .string, ""), .init("duration", .duration, "")])
        let observed: Value = .map(["effect": .string("shake"), "duration": .int(400)])
        #expect(ExpectedValue.admits(.map(["effect": .string("shake")]), observed, as: type))
        #expect(ExpectedValue.admits(.map(["duration": .map(["at_most": .int(500)])]), observed, as: type))
        #expect(!ExpectedValue.admits(.map(["duration": .int(200)]), observed, as: type))
        #expect(!ExpectedValue.admits(.map(["effect": .string("shake")]), .map(["duration": .int(400)]), as: type))
    }

    @Test func divergencesLeaveOutWhatIsAdmitted() {
        let type = ValueType.table(.table(.integer(0...1000), names: []), names: [])
        let expected: Value = .map([
            "link": .map(["contrast_x100": .map(["at_least": .int(450)]), "touch_height": .map(["at_least": .int(44)])])
        ])
        let observed: Value = .map([
            "link": .map(["contrast_x100": .int(460), "touch_height": .int(40), "touch_width": .int(140)])
        ])
        let places = Value.divergences(expected, observed, as: type)
        #expect(places.map(\.path) == [".link.touch_height"], "\(places)")
        #expect(
            ValueFormatter(model: TestSupport.model).format(.map(["at_least": .int(44)]), as: .integer(0...99))
                == "at least 44")
    }

    /// `full` is what the app reports; `ui` adds what a UI-level driver measures, for every model.
    @Test func fullLeavesOutTheUILevelKeysAndUIHasThem() throws {
        for package in ModelRegistry.packages {
            let model = package.declaration
            let full = try #require(model.profile(named: ConformanceProfile.full))
            let uiLevel = model.observations.filter { $0.level == .ui }.map(\.key)
            #expect(Set(full.keys).isDisjoint(with: uiLevel), "\(model.name)")
            #expect(full.keys.count + uiLevel.count == model.observations.count, "\(model.name)")
            if uiLevel.isEmpty {
                #expect(model.profile(named: ConformanceProfile.ui) == nil)
            } else {
                let ui = try #require(model.profile(named: ConformanceProfile.ui))
                #expect(ui.keys == model.observations.map(\.key) && model.profiles.last == ui)
            }
        }
    }
}
