import AuthSpecTestSupport
import Results
import Runner
import ScenarioModel
import SpecModel
import Testing
import UnlockScreen

/// What a driver reads off the screen besides its behaviour (SCR-AUTH-006 §7.1, §7.2, §8.1;
/// INT-032, INT-033): the reference's readings state by state, and an app that gets a label,
/// the focus order or the capture flag wrong failing the committed scenarios on that key.
@Suite struct PresentationTests {
    static let suite = TestSupport.suite().scenarios.filter { $0.tags.contains("presentation") }

    static func state(_ phase: Phase, digits: [Int] = [], pinLength: Int = 4) -> UnlockState {
        var screen = ScreenState()
        screen.phase = phase
        screen.digits = digits
        return UnlockState(persisted: PersistedStore(pinHash: "unused", pinLength: pinLength), screen: screen)
    }

    /// Capture is blocked exactly while the unlock screen shows; off it, the screen offers
    /// nothing to focus and the flag is not this screen's.
    @Test(arguments: Phase.allCases)
    func captureIsBlockedWhileTheScreenShows(phase: Phase) {
        let offScreen = phase == .notRunning || phase.destination != nil
        #expect(UnlockPresentation.secureWindow(phase) == (offScreen ? nil : true))
        if offScreen {
            #expect(UnlockPresentation.focusOrder(of: Self.state(phase), lockRemaining: nil).isEmpty)
        }
    }

    /// The PIN input's label counts the digits typed out of the PIN's length and never says them.
    @Test(arguments: [4, 6])
    func thePINInputLabelCountsTheDigits(pinLength: Int) throws {
        for typed in 0..<pinLength {
            let digits = Array(repeating: 7, count: typed)
            let order = UnlockPresentation.focusOrder(
                of: Self.state(.pinInput, digits: digits, pinLength: pinLength), lockRemaining: nil)
            #expect(order.count == 14)
            #expect(order[1] == "PIN de desbloqueo, \(typed) de \(pinLength) digitos | Ingresa tu PIN")
            #expect(order[1].allSatisfy { $0 != "7" }, "no digit typed is read out")
        }
    }

    @Test func theBlockedScreenSpeaksTheTimeLeft() {
        let order = UnlockPresentation.focusOrder(of: Self.state(.pinBlocked), lockRemaining: 272_000)
        #expect(order == ["PIN bloqueado", "Bloqueado. Espera 4 minutos 32 segundos", "Iniciar sesion nuevamente"])
    }

    /// Each presentation mutant of `authspec mutate` fails a presentation scenario, and the
    /// first difference is on the key it breaks.
    @Test(arguments: [
        ("pin-input-label-frozen", "focus_order"), ("timer-label-frozen", "focus_order"),
        ("keypad-before-pin-input", "focus_order"), ("hints-left-out", "focus_order"),
        ("capture-allowed-when-blocked", "secure_window"),
    ])
    func aPresentationBugFailsOnItsKey(mutant id: String, key: String) throws {
        let mutant = try #require(UnlockMutants.all(memo: Argon2Memo()).first { $0.id == id })
        #expect(mutant.kind == "presentation")
        #expect(Self.suite.count >= 6)
        let failed = TestSupport.run(Self.suite, on: mutant.make()).filter { $0.outcome == .failed }
        try #require(!failed.isEmpty, "no presentation scenario notices \(id)")
        for result in failed {
            let problem = try #require(result.firstProblem)
            #expect(problem.differences.contains { $0.key == key }, "\(result.scenario.id): \(problem.differences)")
        }
    }
}
