import SpecModel
import YAMLLoader

/// Decodes the YAML documents of one file into scenarios, checking every name and value
/// against the model declaration. It keeps going after a problem so that one pass reports
/// every error in the file.
struct ScenarioDecoder {
    static let scenarioKeys = ["id", "title", "spec", "covers", "tags", "given", "steps", "description", "model"]
    static let stepKeys = ["expect", "repeat", "note", "record"]
    static let maxRepeat = 10_000

    /// Inputs one scenario may send, repetitions and shorthands expanded: a bound on what a
    /// few bytes of `repeat` can make the runner hold and the implementation do.
    static let maxInputsPerScenario = 10_000
    /// And for all the scenarios of one file together: a few kilobytes of `repeat` in many
    /// scenarios must not cost hours either.
    static let maxInputsPerFile = 100_000
    private var inputsInFile = 0

    let model: ModelDeclaration
    private let defaults: Defaults
    private var source: SourceText
    var file: String { source.file }

    /// The world of a scenario with no `given`, and the defaults a `given` starts from: the
    /// same for every scenario, so worked out once per loader.
    struct Defaults: Sendable {
        var given: [String: Value]
        var resolved: [String: Value]

        init(model: ModelDeclaration) {
            given = Dictionary(uniqueKeysWithValues: model.given.map { ($0.key, $0.defaultValue) })
            resolved = model.resolveGiven(given).given
        }
    }

    init(file: String, text: String, model: ModelDeclaration, defaults: Defaults? = nil) {
        self.model = model
        self.defaults = defaults ?? Defaults(model: model)
        self.source = SourceText(file: file, text: text)
    }

    var diagnostics: [Diagnostic] { source.allDiagnostics }

    mutating func report(_ problem: Diagnostic.Problem, at mark: Mark) {
        source.report(problem, at: mark)
    }

    // MARK: Scenario

    /// The scenario in `node`, or nil when anything in it was reported: a scenario with an
    /// input error never runs.
    mutating func scenario(_ node: YAMLNode) -> Scenario? {
        let problemsBefore = source.problemCount
        guard let pairs = mapping(node, what: "a scenario") else { return nil }
        let fields = keyed(pairs, allowed: Self.scenarioKeys, what: "scenario")
        // `model:` names the model a scenario is written for; absent, it is the one being loaded.
        if let node = fields["model"], let name = text(node, what: "model"), name != model.name {
            report(.otherModel(scenario: name, loaded: model.name), at: node.mark)
        }
        let id = fields["id"].flatMap { text($0, what: "id") }
        if let node = fields["id"], let id, let problem = Identifier.problem(id, what: "id") {
            report(problem, at: node.mark)
        }
        let title = fields["title"].flatMap { text($0, what: "title") }
        let spec = fields["spec"].flatMap { textList($0, what: "spec") } ?? []
        if let node = fields["spec"], spec.isEmpty {
            report(.specWithoutClause(example: model.exampleClause), at: node.mark)
        }
        let tags = fields["tags"].flatMap { textList($0, what: "tags") } ?? []
        var covers: [(id: String, location: SourceLocation)] = []
        if let node = fields["covers"] {
            if case .sequence(let items) = node.kind {
                for item in items {
                    if let id = text(item, what: "each item of covers") {
                        covers.append((id, SourceLocation(file: file, item.mark)))
                    }
                }
            } else {
                report(
                    .wrongValue(what: "covers", expected: "a list of requirement ids", found: node.kindName),
                    at: node.mark)
            }
        }
        let given = world(fields["given"], at: node.mark)
        var steps: [Step] = []
        var stepsLoaded = true
        if let stepsNode = fields["steps"] {
            if case .sequence(let items) = stepsNode.kind, !items.isEmpty {
                steps = items.compactMap { step($0) }
                stepsLoaded = steps.count == items.count
            } else {
                report(.mustBe(what: "steps", expected: "a non-empty list of steps"), at: stepsNode.mark)
            }
        }
        for key in ["id", "title", "spec", "steps"] where fields[key] == nil {
            report(.scenarioMissingKey(key), at: node.mark)
        }
        guard let id, let title, let given, !spec.isEmpty, !steps.isEmpty, stepsLoaded else { return nil }
        let inputs = checkBudgets(steps)
        if source.problemCount == problemsBefore {
            inputsInFile += inputs
            if inputsInFile > Self.maxInputsPerFile {
                report(.tooManyInputsInFile(limit: Self.maxInputsPerFile), at: node.mark)
            }
        }
        guard source.problemCount == problemsBefore else { return nil }
        return Scenario(
            id: id, title: title, spec: spec, covers: covers, tags: tags, given: given, steps: steps,
            location: SourceLocation(file: file, node.mark))
    }

    /// The expanded input count and the virtual clock, each summed with overflow checked and
    /// held within its bound; the step that crosses a bound is reported.
    @discardableResult
    private mutating func checkBudgets(_ steps: [Step]) -> Int {
        var inputs = 0
        var clock = 0
        for step in steps {
            guard
                let total = Self.adding(
                    step.inputs.count, times: step.repeatCount, to: inputs, limit: Self.maxInputsPerScenario)
            else {
                report(
                    .tooManyInputsInScenario(limit: Self.maxInputsPerScenario),
                    at: SourceLocation.mark(of: step.location))
                return Self.maxInputsPerScenario + 1
            }
            inputs = total
            var advanced = 0
            for input in step.inputs where input.name == model.clockInput { advanced += input.argument?.int ?? 0 }
            guard let time = Self.adding(advanced, times: step.repeatCount, to: clock, limit: VirtualDuration.maximum)
            else {
                report(.clockPastMaximum, at: SourceLocation.mark(of: step.location))
                return inputs
            }
            clock = time
        }
        return inputs
    }

    /// `running + amount × times`, or nil when that overflows or passes `limit`.
    private static func adding(_ amount: Int, times: Int, to running: Int, limit: Int) -> Int? {
        let (product, productOverflow) = amount.multipliedReportingOverflow(by: times)
        let (sum, sumOverflow) = running.addingReportingOverflow(product)
        return productOverflow || sumOverflow || sum > limit ? nil : sum
    }

    mutating func world(_ node: YAMLNode?, at scenarioMark: Mark) -> [String: Value]? {
        guard let node else { return defaults.resolved }
        var given = defaults.given
        guard let pairs = mapping(node, what: "given") else { return nil }
        var ok = true
        for pair in pairs {
            guard let key = keyName(pair.key) else {
                ok = false
                continue
            }
            guard let declaration = model.givenKey(named: key) else {
                unknown(key, kind: "given key", among: model.given.map(\.key), at: pair.key.mark)
                ok = false
                continue
            }
            if let value = decode(pair.value, as: declaration.type, what: key) {
                given[key] = value
            } else {
                ok = false
            }
        }
        guard ok else { return nil }
        let resolved = model.resolveGiven(given)
        for problem in resolved.problems {
            // Every key here was declared and decoded, and keys are unique: the first is the one.
            let mark = pairs.first { $0.key.scalar == problem.key }?.value.mark
            report(.worldRefused(problem.message), at: mark ?? node.mark)
        }
        return resolved.problems.isEmpty ? resolved.given : nil
    }

    // MARK: Step

    private mutating func step(_ node: YAMLNode) -> Step? {
        let location = SourceLocation(file: file, node.mark)
        // `- launch` is the short form of `- launch:` with nothing after the colon.
        if case .scalar(let name, _) = node.kind {
            guard let written = input(name, argument: nil, nameMark: node.mark) else { return nil }
            return Step(written: written, inputs: expand(written), location: location)
        }
        guard let pairs = mapping(node, what: "a step") else { return nil }
        var written: Input?
        var inputCount = 0
        var repeatCount = 1
        var expectations: [Expectation] = []
        var recordLocation: SourceLocation?
        var expectMark: Mark?
        var ok = true
        for pair in pairs {
            guard let key = keyName(pair.key) else {
                ok = false
                continue
            }
            switch key {
            case "expect":
                expectMark = pair.key.mark
                if let decoded = decodeExpectations(pair.value) { expectations = decoded } else { ok = false }
            case "record":
                if decode(pair.value, as: .bool, what: "record")?.bool == true {
                    recordLocation = SourceLocation(file: file, pair.key.mark)
                }
            case "repeat":
                if let count = decode(pair.value, as: .integer(1...Self.maxRepeat), what: "repeat")?.int {
                    repeatCount = count
                } else {
                    ok = false
                }
            case "note":
                _ = text(pair.value, what: "note")
            default:
                inputCount += 1
                if inputCount > 1 {
                    report(.secondInput(key), at: pair.key.mark)
                    ok = false
                } else if let decoded = input(key, argument: pair.value, nameMark: pair.key.mark) {
                    written = decoded
                } else {
                    ok = false
                }
            }
        }
        if inputCount == 0 {
            report(.stepWithoutInput(expected: model.inputs.map(\.name)), at: node.mark)
            return nil
        }
        if let recordLocation, let expectMark {
            report(.recordedStepExpects(recordLine: recordLocation.line), at: expectMark)
            ok = false
        }
        guard ok, let written else { return nil }
        return Step(
            written: written, inputs: expand(written), repeatCount: repeatCount,
            expectations: expectations, location: location, recordLocation: recordLocation)
    }

    private mutating func input(_ name: String, argument: YAMLNode?, nameMark: Mark) -> Input? {
        guard let declaration = model.input(named: name) else {
            unknown(name, kind: "input", among: model.inputs.map(\.name) + Self.stepKeys, at: nameMark)
            return nil
        }
        switch (declaration.argument, argument) {
        case (nil, nil):
            return Input(name)
        case (nil, let node?):
            guard node.isNull else {
                report(.inputTakesNoArgument(name), at: node.mark)
                return nil
            }
            return Input(name)
        case (let type?, let node?) where !node.isNull:
            return decode(node, as: type, what: name).map { Input(name, $0) }
        case (let type?, _):
            report(.inputNeedsArgument(input: name, type: type.summary), at: argument?.mark ?? nameMark)
            return nil
        }
    }

    private func expand(_ written: Input) -> [Input] {
        guard let expansion = model.input(named: written.name)?.expansion, let argument = written.argument
        else { return [written] }
        return expansion(argument)
    }

    private mutating func decodeExpectations(_ node: YAMLNode) -> [Expectation]? {
        guard let pairs = mapping(node, what: "expect") else { return nil }
        var result: [Expectation] = []
        var ok = true
        for pair in pairs {
            guard let key = keyName(pair.key) else {
                ok = false
                continue
            }
            guard let declaration = model.observation(named: key) else {
                unknown(key, kind: "observation", among: model.observations.map(\.key), at: pair.key.mark)
                ok = false
                continue
            }
            if let value = decode(pair.value, as: declaration.type, what: key) {
                // A table is compared on the names it gives, so an empty one would check nothing
                // while counting as an expectation.
                if case .table = declaration.type, value == .map([:]) {
                    report(
                        .mustBe(
                            what: key, expected: "a table naming at least one element (an empty one checks nothing)"),
                        at: pair.value.mark)
                    ok = false
                    continue
                }
                result.append(Expectation(key: key, value: value, location: SourceLocation(file: file, pair.key.mark)))
            } else {
                ok = false
            }
        }
        return ok ? result : nil
    }

    // MARK: Shapes

    private mutating func mapping(_ node: YAMLNode, what: String) -> [YAMLNode.Pair]? {
        if case .mapping(let pairs) = node.kind { return pairs }
        report(.notAMapping(what: what, found: node.kindName), at: node.mark)
        return nil
    }

    private mutating func keyName(_ node: YAMLNode) -> String? {
        if let name = node.scalar, !node.isNull { return name }
        report(.keyNotAWord(found: node.kindName), at: node.mark)
        return nil
    }

    /// The pairs by key, reporting keys outside `allowed`.
    private mutating func keyed(
        _ pairs: [YAMLNode.Pair], allowed: [String], what: String
    ) -> [String: YAMLNode] {
        var fields: [String: YAMLNode] = [:]
        fields.reserveCapacity(pairs.count)
        for pair in pairs {
            guard let key = keyName(pair.key) else { continue }
            if allowed.contains(key) {
                fields[key] = pair.value
            } else {
                unknown(key, kind: "\(what) key", among: allowed, at: pair.key.mark)
            }
        }
        return fields
    }

    private mutating func unknown(_ word: String, kind: String, among candidates: [String], at mark: Mark) {
        report(.unknownName(kind: kind, name: word, suggestion: suggestion(for: word, among: candidates)), at: mark)
    }

    /// The closest candidate, searched for only while problems are still being listed.
    private func suggestion(for word: String, among candidates: [String]) -> String? {
        guard source.isListing else { return nil }
        return closestMatch(to: word, among: candidates)
    }

    private mutating func text(_ node: YAMLNode, what: String) -> String? {
        decode(node, as: .string, what: what)?.string
    }

    private mutating func textList(_ node: YAMLNode, what: String) -> [String]? {
        decode(node, as: .list(.string), what: what)?.list?.compactMap(\.string)
    }

    // MARK: Values

    /// Decodes a node as `type`, reporting at the node when it does not fit.
    /// `what` is only worked out for a message: a list's items do not each build a name.
    mutating func decode(_ node: YAMLNode, as type: ValueType, what: @autoclosure () -> String) -> Value? {
        func wrong(_ detail: String? = nil) -> Value? {
            let found = node.scalar.map { node.isNull ? "null" : "'\($0)'" } ?? node.kindName
            report(.wrongValue(what: what(), expected: type.summary, found: detail ?? found), at: node.mark)
            return nil
        }
        if case .optional(let wrapped) = type {
            return node.isNull ? .null : decode(node, as: wrapped, what: what())
        }
        if case .list(let element) = type {
            guard case .sequence(let items) = node.kind else { return wrong() }
            var values: [Value] = []
            values.reserveCapacity(items.count)
            var ok = true
            for item in items {
                if let value = decode(item, as: element, what: "each item of \(what())") {
                    values.append(value)
                } else {
                    ok = false
                }
            }
            return ok ? .list(values) : nil
        }
        if case .event = type { return event(node, what: what()) }
        if case .record(let fields) = type { return record(node, fields: fields, what: what()) }
        if case .partial(let fields) = type { return record(node, fields: fields, what: what(), partial: true) }
        if case .table(let element, let names) = type {
            return table(node, of: element, names: names, what: what())
        }
        if type.isBoundable, case .mapping = node.kind { return bound(node, of: type, what: what()) }
        guard let text = node.scalar, !node.isNull else { return wrong() }
        switch type {
        case .bool:
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: return wrong()
            }
        case .integer(let range):
            guard let number = Int(text), range.contains(number) else { return wrong() }
            return .int(number)
        case .integerIn(let choices):
            guard let number = Int(text), choices.contains(number) else { return wrong() }
            return .int(number)
        case .string:
            return .string(text)
        case .digits:
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                return wrong()
            }
            return .string(text)
        case .oneOf(let words):
            guard words.contains(text) else {
                return wrong(
                    "'\(text)'" + (suggestion(for: text, among: words).map { " (did you mean '\($0)'?)" } ?? ""))
            }
            return .string(text)
        case .duration:
            switch VirtualDuration.read(text) {
            case .milliseconds(let milliseconds): return .int(milliseconds)
            case .malformed: return wrong()
            case .outOfRange:
                report(.durationOutOfRange(what: what(), found: text), at: node.mark)
                return nil
            }
        case .instant:
            guard let milliseconds = Instant.parse(text) else { return wrong() }
            return .int(milliseconds)
        case .state:
            guard model.states.contains(where: { $0.name == text }) else {
                unknown(text, kind: "state", among: model.stateNames, at: node.mark)
                return nil
            }
            return .string(text)
        case .optional, .list, .event, .record, .table, .partial:
            return wrong()
        }
    }

    /// `{at_least: 44}`, `{at_most: 30s}` or both: a bound on a whole number or a duration,
    /// each side decoded as the value itself.
    private mutating func bound(_ node: YAMLNode, of type: ValueType, what: String) -> Value? {
        guard let pairs = mapping(node, what: what) else { return nil }
        let sides = [ExpectedValue.atLeast, ExpectedValue.atMost]
        let given = keyed(pairs, allowed: sides, what: what)
        guard given.count == pairs.count else { return nil }
        guard !given.isEmpty else {
            report(
                .missingField(
                    what: what, field: ExpectedValue.atLeast, summary: "a bound names at_least, at_most or both"),
                at: node.mark)
            return nil
        }
        var values: [String: Value] = [:]
        for side in sides {
            guard let sideNode = given[side] else { continue }
            guard let value = decode(sideNode, as: type, what: "\(side) of \(what)") else { return nil }
            values[side] = value
        }
        if let low = values[ExpectedValue.atLeast]?.int, let high = values[ExpectedValue.atMost]?.int, low > high {
            report(
                .wrongValue(what: what, expected: "at_least no more than at_most", found: "\(low) > \(high)"),
                at: node.mark)
            return nil
        }
        return .map(values)
    }

    /// A mapping of names to values of one type, each name one of `names` when it lists any.
    private mutating func table(_ node: YAMLNode, of element: ValueType, names: [String], what: String) -> Value? {
        guard let pairs = mapping(node, what: what) else { return nil }
        var values: [String: Value] = [:]
        var ok = true
        for pair in pairs {
            guard let name = keyName(pair.key) else {
                ok = false
                continue
            }
            if !names.isEmpty, !names.contains(name) {
                unknown(name, kind: "name in \(what)", among: names, at: pair.key.mark)
                ok = false
                continue
            }
            if let value = decode(pair.value, as: element, what: "'\(name)' of \(what)") {
                values[name] = value
            } else {
                ok = false
            }
        }
        return ok ? .map(values) : nil
    }

    /// A mapping of the record's fields: each decoded as its type, a field that takes null
    /// may be left out (null), any other missing or unknown field is reported. A `partial`
    /// record leaves out what it does not check: a missing field is not there at all.
    private mutating func record(_ node: YAMLNode, fields: [RecordField], what: String, partial: Bool = false)
        -> Value?
    {
        guard let pairs = mapping(node, what: what) else { return nil }
        let given = keyed(pairs, allowed: fields.map(\.name), what: what)
        var values: [String: Value] = [:]
        var ok = given.count == pairs.count
        for field in fields {
            guard let fieldNode = given[field.name] else {
                if partial { continue }
                if field.takesNull {
                    values[field.name] = .null
                } else {
                    report(.missingField(what: what, field: field.name, summary: field.summary), at: node.mark)
                    ok = false
                }
                continue
            }
            if let value = decode(fieldNode, as: field.type, what: "field '\(field.name)' of \(what)") {
                values[field.name] = value
            } else {
                ok = false
            }
        }
        return ok ? .map(values) : nil
    }

    /// `pin_attempt` or `{pin_failure: {attempt_number: 1}}` → `{name, params}`.
    private mutating func event(_ node: YAMLNode, what: String) -> Value? {
        switch node.kind {
        case .scalar(let name, _) where !node.isNull:
            return AnalyticsEventValue.make(name: name, params: [:])
        case .mapping(let pairs) where pairs.count == 1:
            guard let name = keyName(pairs[0].key) else { return nil }
            let paramsNode = pairs[0].value
            if paramsNode.isNull { return AnalyticsEventValue.make(name: name, params: [:]) }
            guard let params = mapping(paramsNode, what: "parameters of event '\(name)'") else { return nil }
            var values: [String: Value] = [:]
            for pair in params {
                guard let key = keyName(pair.key) else { return nil }
                guard let text = pair.value.scalar else {
                    report(.mustBe(what: "event parameter '\(key)'", expected: "a scalar"), at: pair.value.mark)
                    return nil
                }
                values[key] = AnalyticsEventValue.untyped(text, style: pair.value)
            }
            return AnalyticsEventValue.make(name: name, params: values)
        default:
            report(.wrongValue(what: what, expected: ValueType.event.summary, found: node.kindName), at: node.mark)
            return nil
        }
    }
}

extension AnalyticsEventValue {
    /// A parameter written without a declared type: plain integers and booleans are numbers and
    /// flags, anything quoted or else is text.
    static func untyped(_ text: String, style node: YAMLNode) -> Value {
        guard case .scalar(_, .plain) = node.kind else { return .string(text) }
        if let number = Int(text) { return .int(number) }
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        if node.isNull { return .null }
        return .string(text)
    }
}

extension ScenarioLoader {
    /// The world `KEY=VALUE` words give (`explore --given`), each value read as a scenario's
    /// `given` reads it (its type, the model's rules between keys); the problems, in words.
    package static func world(given words: [String], model: ModelDeclaration)
        -> Swift.Result<
            [String: Value], SettingProblem
        >
    {
        var text = ""
        for word in words {
            guard let equals = word.firstIndex(of: "="), equals != word.startIndex else {
                return .failure(SettingProblem(message: "--given takes KEY=VALUE, such as tier=perfect, not '\(word)'"))
            }
            // One key and one value as a scenario writes it: nothing YAML would read as a second
            // line, a comment, an anchor, an alias or a tag.
            let value = word[word.index(after: equals)...]
            if word.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) || value.contains(" #")
                || value.first.map({ "&*!|>%@`".contains($0) }) == true
                || word[..<equals].contains(where: { !($0.isLetter || $0.isNumber || $0 == "_") })
            {
                return .failure(
                    SettingProblem(
                        message:
                            "--given takes KEY=VALUE, one key and a plain value, such as tier=perfect, not '\(VisibleText.oneLine(word))'"
                    ))
            }
            text += "\(word[..<equals]): \(value)\n"
        }
        guard !text.isEmpty else { return .success([:]) }
        let nodes: [YAMLNode]
        do { nodes = try YAMLDocumentLoader().load(text) } catch {
            return .failure(SettingProblem(message: "--given: \(error.message)"))
        }
        var decoder = ScenarioDecoder(file: "--given", text: text, model: model)
        guard let node = nodes.first, let world = decoder.world(node, at: node.mark) else {
            let problems = decoder.diagnostics.map(\.message).joined(separator: "; ")
            return .failure(SettingProblem(message: "--given: " + problems))
        }
        return .success(world)
    }
}
