import SpecModel

/// Makes a failing probe smaller while it still fails the same way: cut what follows the
/// divergence, drop runs of steps (halves, then quarters, down to single steps), give world
/// keys back their defaults, join neighbouring clock inputs and shorten them. A candidate is
/// kept only if `test` finds a divergence with a matching signature.
package struct Shrinker: Sendable {
    /// Where shrinking ended: with nothing left to try, or cut short by `stopped` (a time
    /// limit or a signal), the probe then the smallest found so far, not necessarily a local
    /// minimum.
    package struct Shrunk: Sendable {
        package var smallest: Divergence
        package var tries: Int
        package var cutShort: Bool
    }

    package let model: ModelDeclaration
    /// Candidates tried at most, so shrinking always ends.
    package var budget = 3000

    package init(model: ModelDeclaration) {
        self.model = model
    }

    /// Shrinks `found`, asking `stopped` before each candidate: once it says yes, no candidate
    /// is tried again (a driver's slow replies make each one cost, so only time bounds them).
    package func shrink(
        _ found: Divergence, stopped: () -> Bool = { false }, test: (Probe) -> Divergence?
    ) -> Shrunk {
        var best = found
        var tries = 0
        var cutShort = false
        func attempt(_ steps: [Input], _ given: [String: Value]? = nil) -> Bool {
            let candidate = Probe(given: given ?? best.probe.given, steps: steps)
            guard tries < budget, !cutShort, candidate != best.probe, !steps.isEmpty else { return false }
            guard !stopped() else {
                cutShort = true
                return false
            }
            tries += 1
            guard let divergence = test(candidate), divergence.signature.matches(found.signature) else { return false }
            best = divergence
            return true
        }
        _ = attempt(Array(best.probe.steps.prefix(best.step + 1)))
        var progress = true
        while progress && tries < budget && !cutShort {
            progress = false
            var size = max(1, best.probe.steps.count / 2)
            while size >= 1 {
                var start = 0
                while start < best.probe.steps.count {
                    var steps = best.probe.steps
                    steps.removeSubrange(start..<min(start + size, steps.count))
                    if attempt(steps) { progress = true } else { start += size }
                }
                size /= 2
            }
            for key in best.probe.given.keys.sorted() {
                var given = best.probe.given
                given[key] = nil
                if attempt(best.probe.steps, given) { progress = true }
            }
            var index = 0
            while index + 1 < best.probe.steps.count {
                let steps = best.probe.steps
                if let first = clock(steps[index]), let second = clock(steps[index + 1]) {
                    var joined = steps
                    joined.replaceSubrange(index...index + 1, with: [Input(steps[index].name, .int(first + second))])
                    if attempt(joined) {
                        progress = true
                        continue
                    }
                }
                index += 1
            }
            for index in best.probe.steps.indices {
                guard let milliseconds = clock(best.probe.steps[index]) else { continue }
                // The model's timers (and a tick past each) below the current time, then halving.
                let shorter =
                    Set(model.timers.flatMap { [$0, $0 + 1] } + [milliseconds / 2, 1]).filter { $0 < milliseconds }
                for candidate in shorter.sorted() {
                    var steps = best.probe.steps
                    steps[index] = Input(steps[index].name, .int(candidate))
                    if attempt(steps) {
                        progress = true
                        break
                    }
                }
            }
        }
        return Shrunk(smallest: best, tries: tries, cutShort: cutShort)
    }

    private func clock(_ input: Input) -> Int? {
        input.name == model.clockInput ? input.argument?.int : nil
    }
}
