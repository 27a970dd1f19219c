import SpecModel

/// The model as data for other tools (JSON) and as a diagram for docs (Mermaid).
package enum ModelExport {
    package static func json(_ model: ModelDeclaration) -> String {
        func provenance(_ value: Provenance) -> JSON {
            switch value {
            case .spec(let clause): return .object([("spec", .string(clause))])
            case .interpretation(let id): return .object([("interpretation", .string(id))])
            }
        }
        let document = JSON.object([
            ("model", .string(model.name)),
            ("initial_state", .string(model.initialState)),
            (
                "states",
                .array(
                    model.states.map {
                        .object([
                            ("name", .string($0.name)), ("summary", .string($0.summary)),
                            ("from", provenance($0.provenance)),
                        ])
                    })
            ),
            (
                "inputs",
                .array(
                    model.inputs.map { input in
                        var fields: [(String, JSON)] = [
                            ("name", .string(input.name)), ("summary", .string(input.summary)),
                        ]
                        if let argument = input.argument { fields.append(("argument", .string(argument.summary))) }
                        if input.expansion != nil { fields.append(("shorthand", .bool(true))) }
                        return .object(fields)
                    })
            ),
            (
                "given",
                .array(
                    model.given.map {
                        .object([
                            ("key", .string($0.key)), ("type", .string($0.type.summary)),
                            ("default", JSON($0.defaultValue)), ("summary", .string($0.summary)),
                        ])
                    })
            ),
            // The durations the model's timers run for, in milliseconds: where a clock input
            // is worth aiming.
            ("timers_ms", .array(model.timers.map { .number($0) })),
            (
                "observations",
                .array(
                    model.observations.map {
                        .object([
                            ("key", .string($0.key)),
                            ("kind", .string($0.kind == .log ? "during the step" : "after the step")),
                            ("level", .string($0.level == .ui ? "ui" : "app")),
                            ("type", .string($0.type.summary)), ("summary", .string($0.summary)),
                        ])
                    })
            ),
            (
                "transitions",
                .array(
                    model.transitions.map { transition in
                        var fields: [(String, JSON)] = [
                            ("from", .string(transition.from)), ("to", .string(transition.to)),
                            ("trigger", .string(transition.trigger)),
                            ("inputs", .array(transition.inputs.map { .string($0) })),
                            ("source", .string(transition.provenance)), ("automatic", .bool(transition.automatic)),
                            ("added_by_reference", .bool(transition.addedByReference)),
                        ]
                        if let label = transition.specLabel { fields.append(("spec_label", .string(label))) }
                        return .object(fields)
                    })
            ),
        ])
        return document.rendered().trimmingTrailingNewline()
    }

    package static func mermaid(_ model: ModelDeclaration) -> String {
        var lines = ["stateDiagram-v2"]
        for state in model.states {
            let added = if case .interpretation = state.provenance { " †" } else { "" }
            lines.append("    state \"\(Escape.mermaidLabel(state.name + added))\" as \(Escape.mermaidID(state.name))")
        }
        if model.transitions.contains(where: { $0.from == "*" }) { lines.append("    state \"any state\" as AnyState") }
        lines.append("    [*] --> \(Escape.mermaidID(model.initialState))")
        for transition in model.transitions {
            let from = transition.from == "*" ? "AnyState" : Escape.mermaidID(transition.from)
            let label = (transition.specLabel ?? transition.trigger) + (transition.addedByReference ? " †" : "")
            lines.append("    \(from) --> \(Escape.mermaidID(transition.to)): \(Escape.mermaidLabel(label))")
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    func trimmingTrailingNewline() -> String { hasSuffix("\n") ? String(dropLast()) : self }
}
