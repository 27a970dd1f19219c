import Engine
import ScenarioModel
import SpecModel

/// Writes a whole scenario file from a scenario held in memory (one that exploration found):
/// its header comments, keys, the given keys that differ from the model's defaults, and each
/// step with the expectations a person would write (the state, what changed, what happened),
/// plus every key named in `kept` for that step, whatever it is.
package struct ScenarioWriter {
    package let model: ModelDeclaration

    package init(model: ModelDeclaration) {
        self.model = model
    }

    package struct Header {
        package var comments: [String]
        package var id: String
        package var title: String
        package var spec: [String]
        package var tags: [String]
        /// The model to name in the file (`model: auth-flow`), so that it loads as that model's
        /// wherever it is put; nil for a file that leaves it to the suite's manifest.
        package var model: String?

        package init(
            comments: [String], id: String, title: String, spec: [String], tags: [String], model: String? = nil
        ) {
            self.comments = comments
            self.id = id
            self.title = title
            self.spec = spec
            self.tags = tags
            self.model = model
        }
    }

    /// `everyValue`: each expectation written at every step, the same as the step before or not
    /// (a complete suite checks every output); else only what changed, as a team records.
    package func text(
        _ header: Header, given: [String: Value], steps: [Step], kept: [Int: Set<String>] = [:],
        everyValue: Bool = false
    ) -> String {
        let recorder = ScenarioRecorder(model: model, allKeys: everyValue)
        var lines = header.comments.map { $0.isEmpty ? "#" : "# " + VisibleText.oneLine($0) }
        if let model = header.model { lines.append("model: " + model) }
        lines.append("id: " + header.id)
        lines.append("title: " + Value.quoted(VisibleText.oneLine(header.title)))
        lines.append("spec: [" + header.spec.map(Value.quoted).joined(separator: ", ") + "]")
        if !header.tags.isEmpty {
            lines.append("tags: [" + header.tags.map(ScenarioRecorder.word).joined(separator: ", ") + "]")
        }
        let worldKeys = model.given.filter { given[$0.key] != nil && given[$0.key] != $0.defaultValue }
        if !worldKeys.isEmpty {
            lines.append("given:")
            lines += worldKeys.map { "  \($0.key): " + recorder.scalar(given[$0.key]!, as: $0.type) }
        }
        lines.append("steps:")
        var previous: Observations = [:]
        for (index, step) in steps.enumerated() {
            let input = step.written
            let written: String
            if let argument = input.argument {
                written = "\(input.name): " + recorder.scalar(argument, as: model.input(named: input.name)?.argument)
            } else {
                written = input.name
            }
            let observed = Dictionary(step.expectations.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
            defer { previous = observed }
            var block = recorder.expectLines(observed, previous: previous, indent: "      ")
            let must = kept[index] ?? []
            if !must.isEmpty {
                let keys = Set(block.compactMap { $0.dropFirst(6).split(separator: ":").first.map(String.init) })
                for declaration in model.observations
                where must.contains(declaration.key) && !keys.contains(declaration.key) {
                    if let value = observed[declaration.key] {
                        block += recorder.render(key: declaration.key, value, as: declaration.type, indent: "      ")
                    }
                }
                // In the model's order, as the recorder writes them.
                block = model.observations.flatMap { declaration in
                    blockLines(block, key: declaration.key)
                }
            }
            if block.isEmpty {
                lines.append("  - " + written)
            } else {
                // An input with no argument takes a colon when the step goes on: `- launch:`.
                lines.append("  - " + written + (input.argument == nil ? ":" : ""))
                lines.append("    expect:")
                lines += block
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines of one key in an expect block (a key with its continuation lines).
    private func blockLines(_ block: [String], key: String) -> [String] {
        guard let start = block.firstIndex(where: { $0.hasPrefix("      \(key):") }) else { return [] }
        var end = start + 1
        while end < block.count && block[end].hasPrefix("        ") { end += 1 }
        return Array(block[start..<end])
    }
}
