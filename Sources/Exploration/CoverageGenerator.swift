import Results
import SpecModel

/// What `generate` aims to cover.
package enum CoverageGoal: String, CaseIterable, Sendable {
    /// Each declared state entered.
    case states
    /// Each declared transition taken (`From -> To`).
    case transitions
    /// Each input label met in each state an input can arrive in (`tap: forgot_pin in PINInput`).
    case pairs
    /// Each requirement whose clause a taken transition cites.
    case requirements
}

/// A requirement as `generate` aims at it: reached when a sequence takes a transition whose
/// provenance cites one of its clauses, or the requirement itself (a reading, `INT-004`).
package struct RequirementTarget: Sendable {
    package var id: String
    /// The clauses, one by one, and the requirement's own id.
    package var citations: Set<String>
    package var clause: String

    /// `clause` as a catalogue writes it: `SCR-AUTH-006 §4.1, §5.1; UIF-AUTH-001 §2`.
    package init(id: String, clause: String) {
        self.id = id
        self.clause = clause
        citations = Set(ModelDeclaration.clauses(in: clause) + [id])
    }

    /// What a transition's provenance cites: its clauses one by one, and each reading it names.
    static func cited(by transition: TransitionDeclaration) -> Set<String> {
        let parts = transition.provenance.split(separator: ";").map {
            ($0.split(separator: "(").first ?? "").trimmingCharacters(in: .whitespaces)
        }
        return Set(ModelDeclaration.clauses(in: transition.provenance) + parts.filter { !$0.contains("§") })
    }
}

/// A short set of input sequences that covers every reachable target of a goal, found on the
/// reference breadth first: each target's first witness is a shortest sequence to it, and each
/// sequence, started from one, grows toward the nearest targets not met yet, so that prefixes
/// are shared rather than repeated.
package struct CoverageGenerator: Sendable {
    package let model: ModelDeclaration
    package let goal: CoverageGoal
    package var depth: Int
    package var requirements: [RequirementTarget]

    package init(model: ModelDeclaration, goal: CoverageGoal, depth: Int, requirements: [RequirementTarget] = []) {
        self.model = model
        self.goal = goal
        self.depth = depth
        self.requirements = requirements
    }

    package struct Plan: Sendable {
        /// Every target of the goal, in the model's order.
        package var targets: [String]
        /// The sequences, each with the targets it meets first, in the order met.
        package var sequences: [(probe: Probe, covers: [String])]
        /// Targets no sequence met, each with why.
        package var unreachable: [(target: String, reason: String)]
        package var worlds = 0
        /// Distinct reference states (at each virtual time) visited.
        package var states = 0
        package var steps = 0

        package var reachable: Int { targets.count - unreachable.count }
    }

    /// Every target of the goal, in the model's order.
    package var targets: [String] {
        switch goal {
        case .states: return model.stateNames
        case .transitions: return model.transitions.map { "\($0.from) -> \($0.to)" }
        case .pairs:
            return model.waitingStates.flatMap { state in model.inputLabels.map { Self.pair($0, in: state) } }
        case .requirements: return requirements.map(\.id)
        }
    }

    static func pair(_ label: String, in state: String) -> String { "\(label) in \(state)" }

    /// Inputs a sequence grows to before a new one starts, and how far ahead each step of
    /// growth looks for a target not met yet.
    package var longest = 20
    package var lookahead = 3

    /// Walks every sequence up to `depth` to learn what is reachable and each target's
    /// shortest witness. Then each sequence starts as the witness of the first target not
    /// met yet and grows, while it is shorter than `longest`, by the nearest move (up to
    /// `lookahead` inputs on) that meets another: fewer, longer sequences than one per target.
    package func plan<Reference: StateSaving>(
        _ reference: inout Reference, worlds: [[String: Value]], stop: () -> Bool = { false }
    ) -> Plan {
        let all = targets
        let known = Set(all)
        var witness: [String: Probe] = [:]
        var passedThrough: Set<String> = []
        var restedIn: Set<String> = []
        let walk = BreadthFirst(model: model, depth: depth)
        var totals = walk.walk(&reference, worlds: worlds, stop: stop) { move in
            for target in hits(move.sent) where known.contains(target) {
                if let found = witness[target], found.steps.count <= move.probe.steps.count { continue }
                witness[target] = move.probe
            }
            for sent in move.sent {
                restedIn.insert(sent.stateBefore)
                passedThrough.formUnion(model.statesEntered(after: sent.after, from: sent.stateBefore))
            }
        }
        var uncovered = Set(witness.keys)
        var lost: Set<String> = []
        var sequences: [(probe: Probe, covers: [String])] = []
        let ahead = BreadthFirst(model: model, depth: lookahead)
        while let first = all.first(where: uncovered.contains), !stop() {
            let probe = witness[first]!
            var covers: [String] = []
            func meet(_ met: Set<String>) {
                let new = all.filter { uncovered.contains($0) && met.contains($0) }
                covers += new
                uncovered.subtract(new)
            }
            if let root = walk.start(&reference, world: probe.given) {
                let (move, reached) = walk.follow(&reference, from: root, inputs: probe.steps, totals: &totals)
                meet(hits(move.sent))
                var place = reached
                var steps = probe.steps
                while let here = place, here.path.count < longest, !uncovered.isEmpty {
                    var found: Place<Reference.Saved>?
                    ahead.search(&reference, from: here, totals: &totals) { move, reached in
                        let met = hits(move.sent)
                        guard let reached, !met.isDisjoint(with: uncovered) else { return false }
                        meet(met)
                        found = reached
                        return true
                    }
                    place = found
                    steps = found?.path ?? steps
                }
                reference.finish()
                sequences.append((Probe(given: probe.given, steps: steps), covers))
            }
            // A witness that does not meet its target again (a reference that is not
            // deterministic) is given up, and said below.
            if uncovered.remove(first) != nil { lost.insert(first) }
        }
        var plan = Plan(targets: all, sequences: sequences.filter { !$0.covers.isEmpty }, unreachable: [])
        // What the file's run will count: every step of every sequence, followed again whole.
        var met = Set(sequences.flatMap(\.covers))
        for sequence in plan.sequences where !stop() {
            guard let root = walk.start(&reference, world: sequence.probe.given) else { continue }
            let (move, _) = walk.follow(&reference, from: root, inputs: sequence.probe.steps, totals: &totals)
            met.formUnion(hits(move.sent).intersection(all))
            reference.finish()
        }
        plan.unreachable = all.filter { !met.contains($0) }.map { target in
            (target, reason(target, lost: lost.contains(target), passedThrough: passedThrough, restedIn: restedIn))
        }
        plan.worlds = totals.worlds
        plan.states = totals.states
        plan.steps = totals.steps
        return plan
    }

    /// The targets of the goal met by these inputs, as a run's coverage counts them.
    func hits(_ sent: [BreadthFirst.Sent]) -> Set<String> {
        var met: Set<String> = []
        for step in sent {
            let entered = model.statesEntered(after: step.after, from: step.stateBefore)
            switch goal {
            case .states:
                met.insert(step.stateBefore)
                met.formUnion(entered)
            case .pairs:
                met.insert(Self.pair(model.label(of: step.input), in: step.stateBefore))
            case .transitions, .requirements:
                var previous = step.stateBefore
                for state in entered {
                    if let index = model.declaredTransition(from: previous, to: state) {
                        let transition = model.transitions[index]
                        if goal == .transitions {
                            met.insert("\(transition.from) -> \(transition.to)")
                        } else {
                            let cited = RequirementTarget.cited(by: transition)
                            met.formUnion(requirements.filter { !cited.isDisjoint(with: $0.citations) }.map(\.id))
                        }
                    }
                    previous = state
                }
            }
        }
        return met
    }

    /// Why a target was not met: its state never reached, no transition citing it, or no
    /// sequence up to the depth meeting it.
    func reason(_ target: String, lost: Bool, passedThrough: Set<String>, restedIn: Set<String>) -> String {
        if lost { return "met while walking but not when followed again: the reference is not deterministic" }
        let within = "not met by any sequence of up to \(depth) inputs from these worlds"
        func unreached(_ state: String) -> String? {
            if restedIn.contains(state) { return nil }
            return passedThrough.contains(state)
                ? "\(state) is only passed through within a step: no input arrives there"
                : "its state \(state) is never reached"
        }
        switch goal {
        case .states: return within
        case .transitions:
            guard let transition = model.transitions.first(where: { "\($0.from) -> \($0.to)" == target }),
                transition.from != "*", !restedIn.contains(transition.from), !passedThrough.contains(transition.from)
            else { return within }
            return "its state \(transition.from) is never reached"
        case .pairs:
            return unreached(target.components(separatedBy: " in ").last ?? target) ?? within
        case .requirements:
            guard let requirement = requirements.first(where: { $0.id == target }) else { return within }
            let cited = model.transitions.reduce(into: Set<String>()) { $0.formUnion(RequirementTarget.cited(by: $1)) }
            return cited.isDisjoint(with: requirement.citations)
                ? "no transition of the model cites it (\(requirement.clause)): it takes a scenario written by hand"
                : within
        }
    }
}
