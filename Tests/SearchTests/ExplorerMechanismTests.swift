import AuthSpecTestSupport
import Foundation
import Runner
import Testing

@testable import AuthFlowMachine
@testable import Exploration
@testable import Results
@testable import SpecModel
@testable import UnlockScreen

/// The parts of exploration's guidance that are pure: the way round a run plays again, the
/// corpus's starts drawn by state, and the weight of a pair met that never changed a thing.
@Suite struct ExplorerMechanismTests {
    static let model = UnlockModel.declaration

    @Test func theWayRoundIsFromTheLatestEarlierVisitToTheLastStep() {
        let explorer = Explorer(model: Self.model, settings: ExplorationSettings(seed: 1), clock: TestSupport.clock)
        let steps = ["launch", "kill", "launch", "background", "kill"].map { Input($0) }
        // The state each step began in; the last step (kill) brought the run back to NotRunning.
        let before = ["NotRunning", "Splash", "NotRunning", "Splash", "Splash"]
        let way = explorer.wayRound(to: "NotRunning", before: before, steps: steps)
        #expect(way.map(Array.init) == Array(steps[2...4]), "from the latest earlier visit, not the first")
        #expect(explorer.wayRound(to: "Dashboard", before: before, steps: steps) == nil, "never there")
        let long = Array(repeating: "Splash", count: Explorer.longestReturn) + ["Splash"]
        #expect(
            explorer.wayRound(
                to: "NotRunning", before: ["NotRunning"] + long,
                steps: Array(repeating: Input("background"), count: long.count + 1)
            ) == nil, "a way longer than the longest is not played")
    }

    @Test func startsDrawnByStateReachAStateFewPrefixesEndIn() {
        var corpus = Corpus()
        let probe = Probe(given: [:], steps: Array(repeating: Input("launch"), count: 40))
        // 39 prefixes end on one screen, one on a rare one.
        let common = (1...39).map { Corpus.Novelty(place: "common-\($0)", length: $0, state: "PINInput") }
        corpus.add(common + [Corpus.Novelty(place: "rare", length: 40, state: "Recovery")], of: probe)
        var random = SeededRandom(seed: 1)
        var rare = 0
        var starts = 0
        for _ in 0..<3000 {
            guard let picked = corpus.pick(&random) else { continue }
            starts += 1
            #expect(!picked.aimed, "nothing is wanted: no start is aimed")
            if picked.entry.state == "Recovery" { rare += 1 }
        }
        // Uniform over entries the rare one would get about 1 in 40 of the starts; drawn by
        // state (a third of the starts) it gets half of those.
        #expect(Double(rare) / Double(starts) > 0.12, "\(rare) of \(starts)")
        #expect(Double(starts) / 3000 > 0.6 && Double(starts) / 3000 < 0.8, "70% of runs start from a prefix")
    }

    /// A state where some input was never sent draws aimed starts: about a quarter of the
    /// starts from a prefix end there, each said to be aimed, beside the draws by state.
    @Test func aStateThatStillWantsAnInputDrawsAimedStarts() {
        var corpus = Corpus()
        let probe = Probe(given: [:], steps: Array(repeating: Input("launch"), count: 40))
        let common = (1...39).map { Corpus.Novelty(place: "common-\($0)", length: $0, state: "PINInput") }
        corpus.add(common + [Corpus.Novelty(place: "rare", length: 40, state: "Recovery")], of: probe)
        var random = SeededRandom(seed: 1)
        var aimed = 0
        var starts = 0
        for _ in 0..<3000 {
            guard let picked = corpus.pick(&random, wanting: ["Recovery", "Dashboard"]) else { continue }
            starts += 1
            if picked.aimed {
                aimed += 1
                #expect(picked.entry.state == "Recovery", "an aimed start ends where an input is wanted")
            }
        }
        let share = Double(aimed) / Double(starts)
        #expect(share > 0.2 && share < 0.3, "\(aimed) of \(starts)")
    }

    /// Aimed starts are what lets a large model's exploration send every input in every state
    /// within a mutant's runs: the auth-flow model's 1,136 pairs, which took 3,000 runs drawn by
    /// weight alone, are met within 600.
    @Test func aimedStartsMeetEveryPairOfTheFlowWithinSixHundredRuns() {
        let package = AuthFlowPackage.package
        var settings = ExplorationSettings(seed: 1, runs: 600, budget: .seconds(3600))
        settings.replays = 1
        let explorer = Explorer(model: package.declaration, settings: settings, clock: TestSupport.clock)
        let found = explorer.explore(workers: [
            ExplorationWorker(reference: package.makeReference([:]), candidate: package.makeReference([:]))
        ])
        #expect(found.found == nil)
        #expect(found.unmet.isEmpty, "\(found.unmet.count) of \(found.pairs) pairs unmet: \(found.unmet.prefix(5))")
        #expect(found.verdict(allowRefusals: false) == .noDivergence)
    }

    /// A clock that moves 100 ms each time it is read.
    static func ticking() -> SessionClock {
        let ticks = Locked(0)
        return SessionClock(
            monotonic: {
                .milliseconds(
                    100
                        * ticks.update {
                            $0 += 1
                            return $0
                        })
            }, wall: { 1_796_083_200 })
    }

    /// A first divergence in counters or texts alone is followed by a search for one in the
    /// state, which a time budget bounds to a tenth of itself, a second at most, so the report
    /// follows the finding closely; a run count bounds it instead, keeping it reproducible. On
    /// a clock that moves 100 ms each time it is read, and a mutant that only leaves out the
    /// digit announcement, which no state shows.
    @Test func theSearchForTheStateIsBoundedAndSaid() throws {
        let model = UnlockModel.declaration
        let mutant = try #require(UnlockMutants.all(memo: Argon2Memo()).first { $0.id == "no-digit-announcement" })
        let clock = Self.ticking()
        func explore(_ settings: ExplorationSettings) -> Exploration {
            var candidate = mutant.make()
            var reference = UnlockReference()
            return Explorer(model: model, settings: settings, clock: clock)
                .explore(reference: &reference, candidate: &candidate)
        }
        #expect(Explorer.stateSearchBound(budget: .seconds(60)) == .seconds(1))
        #expect(Explorer.stateSearchBound(budget: .seconds(5)) == .milliseconds(500))
        let timed = explore(ExplorationSettings(seed: 1, budget: .seconds(20)))
        let search = try #require(timed.stateSearch, "no search for the state after \(String(describing: timed.found))")
        #expect(timed.found?.smallest.signature.keys.isSuperset(of: ["announcements"]) == true)
        #expect(!search.found && search.bound == .seconds(1))
        // The bound is kept to the tick: the search's own rounds stop once it is spent.
        #expect(search.spent <= .seconds(1) + .milliseconds(300), "\(search)")
        let counted = explore(ExplorationSettings(seed: 1, runs: 200, budget: .seconds(3600)))
        #expect(
            counted.stateSearch.map { !$0.found && $0.bound == nil } == true,
            "\(String(describing: counted.stateSearch))")
    }

    /// Shrinking takes at most as long again as the budget, and says it stopped short: each
    /// candidate is a run of the driver, so a slow driver would otherwise make a bounded
    /// exploration unbounded. On a clock that moves 100 ms each time it is read: shrinking
    /// reads it once per candidate.
    @Test func shrinkingIsBoundedByTheBudgetAndSaysSo() throws {
        let model = UnlockModel.declaration
        let mutant = try #require(UnlockMutants.all(memo: Argon2Memo()).first { $0.id == "no-digit-announcement" })
        let clock = Self.ticking()
        func explore(budget seconds: Int) throws -> Counterexample {
            var candidate = mutant.make()
            var reference = UnlockReference()
            let found = Explorer(
                model: model, settings: ExplorationSettings(seed: 1, budget: .seconds(seconds)), clock: clock
            ).explore(reference: &reference, candidate: &candidate)
            return try #require(found.found, "budget \(seconds) s found nothing")
        }
        let whole = try explore(budget: 20)
        #expect(whole.cutShort == nil)
        let cut = try explore(budget: 2)
        #expect(cut.cutShort == .timeLimit(.seconds(2)))
        // About 2 s of 100 ms ticks, fewer than shrinking needs when it is not stopped.
        #expect(cut.tries < whole.tries && cut.tries >= 15, "\(cut.tries) tries of \(whole.tries)")
        #expect(cut.smallest.signature.matches(whole.smallest.signature))
        // The search for a divergence in the state, given a share of the budget, shrinks what it
        // finds in the whole budget's time, not its share's.
        let explorer = Explorer(
            model: model, settings: ExplorationSettings(seed: 1, budget: .seconds(30)), clock: clock)
        let focused = try #require(explorer.focusedOnTheState(upTo: 10))
        #expect(focused.settings.shrinkLimit == .seconds(30))
    }

    /// A full corpus still takes a place reached first in a rare state: it replaces the oldest
    /// entry of the fullest state. A place in the fullest state itself is counted, not kept.
    @Test func aFullCorpusMakesRoomForARareState() {
        var corpus = Corpus()
        let probe = Probe(given: [:], steps: Array(repeating: Input("launch"), count: 40))
        let common = (1...Corpus.capacity).map {
            Corpus.Novelty(place: "common-\($0)", length: 1 + $0 % 39, state: "PINInput")
        }
        corpus.add(common, of: probe)
        #expect(corpus.entries.count == Corpus.capacity)
        corpus.add([Corpus.Novelty(place: "common-more", length: 3, state: "PINInput")], of: probe)
        #expect(corpus.byState["PINInput"]?.count == Corpus.capacity, "the fullest state does not replace its own")
        #expect(corpus.known.isSuperset(of: ["common-more"]), "counted all the same")
        let oldest = corpus.byState["PINInput"]![0]
        corpus.add([Corpus.Novelty(place: "rare", length: 40, state: "Recovery")], of: probe)
        #expect(corpus.entries.count == Corpus.capacity)
        #expect(corpus.byState["Recovery"] == [oldest], "the rare state's prefix takes the oldest slot")
        #expect(corpus.entries[oldest].state == "Recovery" && corpus.entries[oldest].steps.count == 40)
        #expect(
            corpus.byState["PINInput"]?.count == Corpus.capacity - 1 && !corpus.byState["PINInput"]!.contains(oldest))
    }

    /// A kept prefix played in a world next to its own: one given key drawn again or put back
    /// to its default, the rest as they were, and the world still one the model takes.
    @Test func aVariedWorldDiffersInOneGivenKey() {
        let generator = ProbeGenerator(model: Self.model)
        var random = SeededRandom(seed: 3)
        var changed = 0
        for _ in 0..<200 {
            let world = generator.world(&random)
            let varied = generator.varied(world, &random)
            let keys = Set(world.keys).union(varied.keys).filter { world[$0] != varied[$0] }
            #expect(keys.count <= 1, "\(world) -> \(varied)")
            if keys.count == 1 { changed += 1 }
            #expect(Probe(given: varied, steps: []).scenario(id: "w", model: Self.model) != nil, "\(varied)")
        }
        #expect(changed > 100, "most variations change a key: \(changed) of 200")
    }

    @Test func aPairMetThatNeverChangedAThingWeighsLess() throws {
        let generator = ProbeGenerator(model: Self.model)
        let choices = generator.choices(given: [:])
        let background = try #require(choices.firstIndex { $0.declaration.name == "background" })
        let pair = InputInState(state: "NotRunning", input: choices[background].label)
        func share(met: Set<InputInState>, live: Set<InputInState>) -> Double {
            let table = MetPairs(met, live: live, generator: generator)
            var random = SeededRandom(seed: 7)
            var picked = 0
            for _ in 0..<4000 {
                let next = generator.next(
                    in: "NotRunning", observations: [:], given: [:], elapsed: 0, recent: [], choices: choices,
                    met: table, random: &random)
                if next?.choice === choices[background] { picked += 1 }
            }
            return Double(picked) / 4000
        }
        let live = share(met: [pair], live: [pair])
        let idle = share(met: [pair], live: [])
        #expect(idle < live * 0.5, "idle \(idle), live \(live)")
        #expect(idle > 0, "still tried")
    }
}
