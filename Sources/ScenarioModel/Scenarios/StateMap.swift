import YAMLLoader

/// A driver's own state names → the spec's (`--state-map FILE`): a YAML or JSON mapping of
/// plain words. A problem is said at its place.
package enum StateMap {
    package static func load(file: String) -> Result<[String: String], Diagnostic> {
        let text: String
        switch SourceFiles.read(file, maxBytes: 16 << 20) {
        case .success(let read): text = read
        case .failure(let problem):
            return .failure(Diagnostic(.cannotRead(what: "the state map", problem.problem), at: problem.location))
        }
        let documents: [YAMLNode]
        do {
            documents = try YAMLDocumentLoader().load(text)
        } catch {
            return .failure(Diagnostic(.yamlSyntax(error.message), at: SourceLocation(file: file, mark: error.mark)))
        }
        guard let document = documents.first, case .mapping(let pairs) = document.kind else {
            return .failure(
                Diagnostic(.notAMappingFile(.stateMap), at: SourceLocation(file: file, line: 1, column: 1)))
        }
        var map: [String: String] = [:]
        for pair in pairs {
            guard let from = pair.key.scalar, let to = pair.value.scalar else {
                return .failure(
                    Diagnostic(
                        .mustBe(what: "each state name", expected: "a plain word"),
                        at: SourceLocation(file: file, mark: pair.value.mark)))
            }
            map[from] = to
        }
        return .success(map)
    }
}

extension SourceLocation {
    init(file: String, mark: Mark) {
        self.init(file: file, line: mark.line, column: mark.column)
    }
}
