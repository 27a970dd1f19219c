import SpecModel

/// A scenario explore found before, as the probe it replays, and the file it was read from.
package struct FoundBefore: Sendable {
    package var file: String
    package var id: String
    package var probe: Probe

    package init(file: String, id: String, probe: Probe) {
        self.file = file
        self.id = id
        self.probe = probe
    }
}

/// What replaying the scenarios found before showed, before any search.
package struct Replay: Sendable {
    package var replayed = 0
    /// The first that diverges again (and no baseline expects): the file, and the divergence.
    package var failedAgain: (file: String, counterexample: Counterexample)?

    package init() {}
}

extension Explorer {
    /// Each scenario found before, run on the worker as exploration compares (the reference's
    /// observations as expectations, on the keys compared) before any search, as a property
    /// tester replays its database: a bug found once is looked for first, where it was. The
    /// first that still diverges ends the replay.
    package func replay(_ found: [FoundBefore], on worker: ExplorationWorker) -> Replay {
        var replay = Replay()
        for scenario in found {
            replay.replayed += 1
            guard
                case .diverges(let divergence) = check.check(
                    scenario.probe, id: scenario.id, reference: &worker.reference, candidate: &worker.candidate)
            else { continue }
            if settings.expected.contains(where: { $0.matches(divergence, model: model) }) { continue }
            let again = (0..<settings.replays).filter { _ in
                if case .diverges(let later) = check.check(
                    scenario.probe, id: scenario.id, reference: &worker.reference, candidate: &worker.candidate)
                {
                    return later.signature.matches(divergence.signature)
                }
                return false
            }.count
            replay.failedAgain = (
                scenario.file,
                Counterexample(
                    run: -1, original: divergence, smallest: divergence, tries: 0, replays: settings.replays,
                    failedReplays: again)
            )
            break
        }
        return replay
    }
}
