import AuthFlowMachine
import AuthSpecTestSupport
import Testing
import UnlockScreen

/// Every model's reducer step by step, every change of state and every output asserted (ReducerStore):
/// a change nobody wrote down, or an output more or less, fails.
@Suite struct ExhaustiveReducerTests {
    static let origin = 1_767_258_000_000  // 2026-01-01T09:00:00Z
    static let machine = UnlockMachine(verifyPIN: { pin, hash in hash == "hash:" + pin })
    static let unlock = UnlockReducer(machine: machine, memo: Argon2Memo())

    /// SCR-AUTH-006 §5.1 and §6.1.2: a launch with biometrics off opens the PIN; a wrong PIN,
    /// digit by digit, is validated, counted and announced; the delete key on no digits does nothing.
    @Test func aWrongPINFromLaunch() {
        let persisted = PersistedStore(
            pinHash: "hash:1234", pinLength: 4, biometricEnabled: false, sessionStartedAt: Self.origin)
        var clock = 0
        var store = ReducerStore(Self.unlock, UnlockState(persisted: persisted)) { Self.origin + clock }
        store.send(
            .launched,
            outputs: [
                .entered(.checkingSession),
                .analytics(name: "screen_view", params: ["screen_name": .string("biometric_unlock")]),
                .entered(.pinInput),
            ]
        ) {
            $0.screen.phase = .pinInput
            $0.screen.shownAt = Self.origin
        }
        for (digit, count) in [(1, 1), (2, 2), (3, 3)] {
            clock += 100
            store.send(.digitTyped(digit), outputs: [.felt(.key), .announced("Digito \(count) de 4", .medium)]) {
                $0.screen.digits.append(digit)
            }
        }
        clock += 100
        store.send(
            .digitTyped(5),
            outputs: [
                .felt(.key), .announced("Digito 4 de 4", .medium), .entered(.pinValidating),
                .analytics(name: "pin_attempt", params: [:]),
                // §5.2: PINInput to PINError shakes the cells.
                .entered(.pinError), .animated(.init(element: "pin_cells", effect: "shake")),
                .analytics(name: "pin_failure", params: ["attempt_number": .int(1)]),
                .entered(.pinInput), .announced("PIN incorrecto. 4 intentos restantes"),
            ]
        ) {
            $0.persisted.pinFailures = 1
            $0.screen.digits = []
            $0.screen.message = "PIN incorrecto. 4 intentos restantes"
        }
        // §3.4: the delete key gives its haptic with no digit to delete too.
        store.send(.deleteTapped, outputs: [.felt(.key)])
    }

    /// The flow tells its child what happened (never writes into it): the child hands over to
    /// Login when the flow shows it, and a provider's sign-in completes on the child's own rule.
    @Test func aFirstSignInThroughTheFlow() {
        let flow = AuthFlowReducer(unlock: Self.unlock)
        let unlock = UnlockState(
            persisted: PersistedStore(
                pinHash: "hash:1234", pinLength: 4, session: .absent, sessionStartedAt: Self.origin))
        let totp = TOTP(secret: Array("12345678901234567890".utf8))
        var clock = 0
        var store = ReducerStore(
            flow, AuthFlowState(unlock: unlock, store: FlowStore(firstLaunch: true, accountExists: false, totp: totp))
        ) { Self.origin + clock }
        store.send(
            .unlock(.launched),
            outputs: [
                .entered(.flow(.splash)),
                // §6.2's sequence: the logo, then the tagline at 500 ms.
                .animated(.init(element: "logo", effect: "scale_fade_in", milliseconds: 300)),
                .animated(.init(element: "tagline", effect: "fade_in", milliseconds: 300, delay: 500)),
                .analytics(name: "screen_view", params: ["screen_name": .string("splash")]),
            ]
        ) {
            $0.screen.overlay = .splash
            $0.screen.splashAt = Self.origin
        }
        clock = 1500
        store.send(
            .unlock(.clockAdvanced),
            outputs: [
                .entered(.flow(.carousel)),
                .animated(.init(element: "screen", effect: "fade_scale_up", milliseconds: 500, ease: "ease_out")),
            ]
        ) { $0.screen.overlay = .carousel }
        clock = 2000
        store.send(
            .tapped(.skip),
            outputs: [
                .entered(.unlock(.login)),
                .animated(.init(element: "screen", effect: "slide_up", milliseconds: 300, ease: "ease_out")),
                .analytics(name: "screen_view", params: ["screen_name": .string("login")]),
            ]
        ) {
            $0.screen = FlowScreen()
            $0.unlock.screen.phase = .login
        }
        clock = 3000
        store.send(
            .tapped(.google),
            outputs: [
                .entered(.flow(.oauth)), .animated(.init(element: "screen", effect: "native_sheet")),
                .analytics(name: "login_attempt", params: ["provider": .string("google")]),
            ]
        ) {
            $0.screen.overlay = .oauth
            $0.screen.provider = .google
            $0.screen.signInStartedAt = Self.origin + 3000
        }
        clock = 4000
        store.send(
            .oauthAnswered(.success),
            outputs: [
                .analytics(
                    name: "login_success",
                    params: ["provider": .string("google"), "time_ms": .int(1000), "is_new_user": .bool(true)]),
                .entered(.flow(.onboarding)),
            ]
        ) {
            $0.store.firstLaunch = false
            $0.store.accountExists = true
            $0.unlock.persisted.session = .valid
            $0.unlock.persisted.sessionStartedAt = Self.origin + 4000
            $0.unlock.screen.phase = .dashboard
            $0.screen.overlay = .onboarding
        }
    }

    /// The test model's reducer too: a coin unlocks and counts, a push relocks, and 10 s
    /// unlocked relock by themselves; a push while locked changes nothing and says nothing.
    @Test func theTurnstile() {
        var clock = 0
        var store = ReducerStore(Turnstile.Reducer(), Turnstile.State()) { clock }
        store.send(.armPushed, outputs: [])
        store.send(.coinInserted, outputs: [.entered("Unlocked")]) {
            $0.coins = 1
            $0.unlocked = true
        }
        clock = 4_000
        store.send(.coinInserted, outputs: []) {
            $0.coins = 2
            $0.unlockedAt = 4_000
        }
        clock = 13_999
        store.send(.timePassed, outputs: [])
        clock = 14_000
        store.send(.timePassed, outputs: [.entered("Locked")]) { $0.unlocked = false }
    }
}
