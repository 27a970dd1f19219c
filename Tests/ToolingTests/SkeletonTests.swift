import AuthSpecTestSupport
import Foundation
import Skeletons
import SpecModel
import Testing

/// Skeletons are written from the model's declaration by one language-free mechanism: the
/// repeated lines and placeholders of a template, filled from any model (here the turnstile,
/// which no template was written for).
@Suite struct SkeletonTests {
    @Test func repeatedLinesAreWrittenOncePerDeclaredItemKeepingTheirIndentation() {
        let template = """
            model @MODEL@ in @LANGUAGE@ by @AUTHSPEC_VERSION@
            inputs = [
                @EACH_INPUT@ "@NAME@",  # @ARGUMENT@: @SUMMARY@
            ]
              @EACH_OBSERVATION@ @KEY@ (@KIND@, @TYPE@)
            @EACH_GIVEN@ @KEY@ = @DEFAULT@  # @SUMMARY@ of @MODEL@
            @EACH_INPUT@x@NAME@ stays: no space after the marker
            an @ alone, and @UNKNOWN@ stay as written
            """
        let filled = DriverSkeleton.fill(template, model: Turnstile.declaration, language: "python", version: "9.9")
        #expect(
            filled == """
                model turnstile in python by 9.9
                inputs = [
                    "coin",  # no argument: A coin goes in.
                    "push",  # no argument: Someone pushes the arm.
                    "wait",  # a duration such as 500ms, 59s, 5m, 1h or 30d: Time passes.
                ]
                  state (after the step, a state name)
                  states (during the step, a list of a state name)
                  coins (after the step, a whole number from 0 to 100000)
                coins = 0  # Coins already in the box. of turnstile
                @EACH_INPUT@x@NAME@ stays: no space after the marker
                an @ alone, and @UNKNOWN@ stay as written
                """)
    }

    /// A value is written as it is: a summary that spells a placeholder is not filled again.
    @Test func valuesAreNeverFilledAgain() {
        var model = Turnstile.declaration
        model.inputs[0].summary = "costs @MODEL@ one @NAME@"
        let filled = DriverSkeleton.fill("@EACH_INPUT@ @NAME@: @SUMMARY@", model: model, language: "x", version: "1")
        #expect(filled.split(separator: "\n").first == "coin: costs @MODEL@ one @NAME@")
    }

    /// Values come from declarations, not from the template's author: each is written on one
    /// line with its backslashes doubled, so no summary ends a comment or starts an escape.
    @Test func valuesStayOnTheirLineAndStartNoEscape() {
        var model = Turnstile.declaration
        model.inputs[0].summary = "C:\\users\\u000a\nnext line"
        let filled = DriverSkeleton.fill("@EACH_INPUT@ // @SUMMARY@", model: model, language: "java", version: "1")
        #expect(filled.split(separator: "\n").first == "// C:\\\\users\\\\u000a next line")
    }

    /// A shorthand input never reaches a driver, so it gets no stub.
    @Test func shorthandsGetNoStub() {
        let filled = DriverSkeleton.fill("@EACH_INPUT@ @NAME@", model: TestSupport.model, language: "x", version: "1")
        let shorthands = TestSupport.model.inputs.filter { $0.expansion != nil }.map(\.name)
        #expect(!shorthands.isEmpty)
        for name in shorthands { #expect(!filled.split(separator: "\n").contains(Substring(name)), "\(name)") }
    }

    /// Every language has its template, and every template is a language's: the list is the
    /// enum, the files are the templates' only source.
    @Test func everyLanguageHasItsTemplateAndNoTemplateIsLeftOver() throws {
        let folder = TestSupport.root.appendingPathComponent("Templates/new-driver").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(files == SkeletonLanguage.allCases.map(\.fileName).sorted())
        for language in SkeletonLanguage.allCases {
            let embedded = try #require(DriverSkeleton.template(language), "\(language)")
            #expect(embedded == (try String(contentsOfFile: "\(folder)/\(language.fileName)", encoding: .utf8)))
            // Every placeholder the template uses is one the filling knows.
            let filled = try #require(
                DriverSkeleton.text(language, model: TestSupport.model, version: "0.0.0"), "\(language)")
            #expect(
                !filled.contains("@EACH_") && !filled.contains("@NAME@") && !filled.contains("@KEY@"), "\(language)")
            for input in TestSupport.model.inputs where input.expansion == nil {
                #expect(filled.contains("\"\(input.name)\""), "\(language): \(input.name)")
            }
            for key in TestSupport.model.observations {
                #expect(filled.contains("\"\(key.key)\""), "\(language): \(key.key)")
            }
        }
    }
}
