import SpecModel

extension Diagnostic {
    /// What is wrong with an input, as a value: a tool or a test compares the case, and the words
    /// a person reads are written once, in `description`.
    package indirect enum Problem: Sendable, Equatable, CustomStringConvertible {
        // MARK: Reading a file

        /// The system's error, in plain words (`SourceFiles.reason`).
        case system(reason: String)
        /// A path that is a folder, a FIFO, a device...: `kind` says which.
        case notAFile(kind: String)
        case changedWhileOpened
        case overSizeLimit(bytes: Int, limit: Int)
        case grewPastLimit(limit: Int)
        case folderUnreadable(reason: String)
        case nulByte
        case notUTF8
        /// A file an option or a manifest names could not be read (`what`: "the baseline").
        case cannotRead(what: String, Problem)
        /// The YAML parser's own words.
        case yamlSyntax(String)
        /// The problems of one file past the listed ones, counted.
        case moreProblems(count: Int, listed: Int)
        case moreUnknownRequirements(count: Int)

        // MARK: Shapes, names and values

        /// A file of the wrong shape: its root is not the mapping it should be.
        case notAMappingFile(FileKind)
        case notAMapping(what: String, found: String)
        case keyNotAWord(found: String)
        /// `kind` is what the name should be ("input", "scenario key"); `suggestion` the closest known.
        case unknownName(kind: String, name: String, suggestion: String?)
        case wrongValue(what: String, expected: String, found: String)
        case mustBe(what: String, expected: String)
        case notOneOf(what: String, choices: [String], found: String, suggestion: String?)
        case missingKeys(what: String, keys: [String])
        case duplicateID(what: String, id: String, first: SourceLocation)
        case emptyIdentifier(what: String)
        case identifierNotPlain(what: String, id: String)

        // MARK: Scenarios

        case noScenario
        case otherModel(scenario: String, loaded: String)
        case scenarioMissingKey(String)
        case specWithoutClause(example: String)
        case tooManyInputsInFile(limit: Int)
        case tooManyInputsInScenario(limit: Int)
        case clockPastMaximum
        case secondInput(String)
        case stepWithoutInput(expected: [String])
        case recordedStepExpects(recordLine: Int)
        case inputTakesNoArgument(String)
        case inputNeedsArgument(input: String, type: String)
        case durationOutOfRange(what: String, found: String)
        case missingField(what: String, field: String, summary: String)
        /// The model refuses the world given (its own words: keys that contradict each other).
        case worldRefused(String)

        // MARK: Catalogues, baselines, manifests

        case notAList(what: String)
        case entryShape(what: String, fields: [String])
        case titledTwice(document: String)
        case statementWithoutBy(status: String)
        case statementWithoutReason(status: String)
        case unobservedKey(requirement: String, key: String, suggestion: String?)
        case unknownFalsifier(statement: String, id: String, suggestion: String?)
        case statementWithoutTrigger(statement: String)
        case unknownReadingScenario(statement: String, id: String, suggestion: String?)
        case unknownTriggerName(statement: String, what: String, name: String, suggestion: String?)
        case unknownRequirementBehind(statement: String, id: String, suggestion: String?)
        case listedTwice(id: String, first: SourceLocation)
        case noImplementation
        case divergenceWithoutStep
        case manifestWithoutScenarios
        case secondBaseline(implementation: String, first: String)
        case baselineEntryNotLoaded(id: String)

        // MARK: A run

        /// Two implementations of one run by one name; `other` is the earlier driver's index,
        /// nil for the reference.
        case driverNameTaken(index: Int, command: String, name: String, other: Int?)
        /// A scenario whose file changed or went while the run read it.
        case scenarioNotRun(id: String, reason: String)

        package enum FileKind: Sendable, Equatable {
            case baseline, manifest, stateMap

            var shape: String {
                switch self {
                case .baseline: return "a baseline is a mapping with 'implementation' and 'expected'"
                case .manifest: return "a manifest is a mapping of " + Manifest.keys.joined(separator: ", ")
                case .stateMap: return "a state map is a mapping from the driver's state names to the spec's"
                }
            }
        }

        package var description: String {
            func hint(_ suggestion: String?) -> String { suggestion.map { " (did you mean '\($0)'?)" } ?? "" }
            func plural(_ count: Int, _ word: String) -> String { "\(count) more \(word)\(count == 1 ? "" : "s")" }
            switch self {
            case .system(let reason): return reason
            case .notAFile(let kind): return "is \(kind), not a file"
            case .changedWhileOpened: return "changed while being opened"
            case .overSizeLimit(let bytes, let limit): return "is \(bytes) bytes, over the limit of \(limit) bytes"
            case .grewPastLimit(let limit): return "grew past the limit of \(limit) bytes while being read"
            case .folderUnreadable(let reason): return "folder cannot be read: " + reason
            case .nulByte: return "a NUL byte; a text file holds none"
            case .notUTF8: return "bytes that are not UTF-8 text"
            case .cannotRead(let what, let problem): return "cannot read \(what): \(problem)"
            case .yamlSyntax(let words): return words
            case .moreProblems(let count, let listed):
                return "and \(plural(count, "problem")) in this file (the first \(listed) are listed)"
            case .moreUnknownRequirements(let count): return "and \(plural(count, "unknown requirement")) in this file"
            case .notAMappingFile(let kind): return kind.shape
            case .notAMapping(let what, let found): return "\(what) must be a mapping, found \(found)"
            case .keyNotAWord(let found): return "keys must be plain words, found \(found)"
            case .unknownName(let kind, let name, let suggestion): return "unknown \(kind) '\(name)'" + hint(suggestion)
            case .wrongValue(let what, let expected, let found): return "\(what) must be \(expected); found \(found)"
            case .mustBe(let what, let expected): return "\(what) must be \(expected)"
            case .notOneOf(let what, let choices, let found, let suggestion):
                return "\(what) must be one of \(choices.joined(separator: ", ")); found '\(found)'" + hint(suggestion)
            case .missingKeys(let what, let keys): return "\(what) is missing " + keys.joined(separator: ", ")
            case .duplicateID(let what, let id, let first):
                return "duplicate \(what) id '\(id)' (first defined at \(first))"
            case .emptyIdentifier(let what): return "\(what) is empty"
            case .identifierNotPlain(let what, let id):
                return "\(what) '\(VisibleText.oneLine(id))' may hold only letters, digits, '-', '_' and '.'"
            case .noScenario: return "the file holds no scenario"
            case .otherModel(let scenario, let loaded):
                return "this scenario is for the model '\(scenario)'; these files are loaded for '\(loaded)'"
            case .scenarioMissingKey(let key): return "scenario is missing the required key '\(key)'"
            case .specWithoutClause(let example): return "spec must name at least one clause, such as '\(example)'"
            case .tooManyInputsInFile(let limit):
                return "the file's scenarios send more than \(limit) inputs together by this scenario; split the file"
            case .tooManyInputsInScenario(let limit):
                return
                    "the scenario sends more than \(limit) inputs (repetitions and shorthands expanded) by this step; split it"
            case .clockPastMaximum:
                return
                    "the virtual clock passes \(VirtualDuration.format(VirtualDuration.maximum)) (100 years) by this step; no scenario runs that long"
            case .secondInput(let key): return "a step takes exactly one input; '\(key)' is a second one"
            case .stepWithoutInput(let expected):
                return "step has no input; expected one of " + expected.joined(separator: ", ")
            case .recordedStepExpects(let line):
                return "a step to record has no expect of its own; remove one of them (record: true at line \(line))"
            case .inputTakesNoArgument(let input): return "input '\(input)' takes no argument"
            case .inputNeedsArgument(let input, let type): return "input '\(input)' needs an argument: \(type)"
            case .durationOutOfRange(let what, let found):
                return
                    "\(what) is out of range: durations run up to \(VirtualDuration.format(VirtualDuration.maximum)) (100 years); found '\(found)'"
            case .missingField(let what, let field, let summary):
                return "\(what) lacks its field '\(field)' (\(summary))"
            case .worldRefused(let words): return words
            case .notAList(let what): return "the catalogue must be a list of \(what)"
            case .entryShape(let what, let fields):
                let listed = fields.dropLast().joined(separator: ", ") + (fields.count > 1 ? " and " : "")
                return "each \(what) must be a mapping with \(listed)\(fields.last ?? "")"
            case .titledTwice(let document): return "document '\(document)' is given a title twice"
            case .statementWithoutBy(let status):
                return "a \(status) statement names the requirements that carry it in `by`"
            case .statementWithoutReason(let status): return "a \(status) statement says why in `reason`"
            case .unobservedKey(let requirement, let key, let suggestion):
                return "requirement '\(requirement)' constrains '\(key)', which the model does not observe"
                    + hint(suggestion)
            case .unknownFalsifier(let statement, let id, let suggestion):
                return "statement '\(statement)' names unknown falsifier '\(id)'\(hint(suggestion)): "
                    + "`authspec mutate --list` lists the mutants"
            case .statementWithoutTrigger(let statement):
                return "statement '\(statement)' names falsifiers: give the `trigger` (INPUT, or 'INPUT in STATE') "
                    + "and the `keys` that show it, where its first falsifier must first part from the reference"
            case .unknownReadingScenario(let statement, let id, let suggestion):
                return
                    "statement '\(statement)' is pinned by '\(id)', which no readings.yaml beside the catalogue holds"
                    + hint(suggestion)
            case .unknownTriggerName(let statement, let what, let name, let suggestion):
                return "statement '\(statement)' is shown by unknown \(what) '\(name)'\(hint(suggestion))"
            case .unknownRequirementBehind(let statement, let id, let suggestion):
                return "statement '\(statement)' rests on unknown requirement '\(id)'" + hint(suggestion)
            case .listedTwice(let id, let first): return "scenario '\(id)' is listed twice (first at \(first))"
            case .noImplementation: return "the baseline names no implementation"
            case .divergenceWithoutStep: return "input, keys and state say where a step went wrong: give its step too"
            case .manifestWithoutScenarios: return "the manifest names no scenarios (scenarios: [FOLDER])"
            case .secondBaseline(let implementation, let first):
                return "a second baseline for \(implementation) (the first is \(first))"
            case .baselineEntryNotLoaded(let id):
                return "baseline entry for '\(id)', which is not among the scenarios loaded"
            case .driverNameTaken(let index, let command, let name, let other):
                let earlier = other.map { "driver \($0)" } ?? "the reference"
                return "driver \(index) (\(command)) calls itself '\(name)', as \(earlier) does: "
                    + "give each driver a name of its own in its hello (implementation.name); results and merge key by it"
            case .scenarioNotRun(let id, let reason): return "scenario '\(id)' not run: " + reason
            }
        }
    }
}
