import SpecModel
import UnlockScreen

/// The flow's own screens (UIF-AUTH-001 §2, §7); the unlock screen's states, Login, Recovery
/// and the Dashboard are its child's (the unlock reducer's `Phase`).
package enum FlowPhase: String, Sendable, CaseIterable {
    case splash = "Splash"
    case carousel = "Carousel"
    case oauth = "OAuth"
    case registration = "Registration"
    case mfa = "MFA"
    case mfaCooldown = "MFACooldown"
    case onboarding = "Onboarding"
}

package enum Provider: String, Sendable, CaseIterable { case google, apple }

/// What the provider's sign-in sheet answers (UIF-AUTH-001 §8.1's codes, lower case).
package enum OAuthOutcome: String, Sendable, CaseIterable {
    case success, cancelled, network, disabled, token, server

    /// §8.1's `Codigo` column, as `login_error` reports it.
    package var errorCode: String { rawValue.uppercased() }
}

/// UIF-AUTH-001 §9.1.
package enum DeepLink: String, Sendable, CaseIterable {
    case login, register, recover
    case verifyMFA = "verify-mfa"
}

/// Whose `session_token` a verify-mfa link carries (§9.1 "session_token (encrypted)"), as a
/// driver builds the link: the one issued for the sign-in that awaits its code, another (an
/// earlier sign-in's, or one never issued), or none (INT-AF-020). What the token holds is the
/// server's (GAP-005).
package enum LinkToken: String, Sendable, CaseIterable {
    case issued
    case other = "other-token"
    case missing = "no-token"

    /// The `deep_link` argument that opens a verify-mfa link with this token.
    package var linkWord: String {
        self == .issued ? DeepLink.verifyMFA.rawValue : DeepLink.verifyMFA.rawValue + "-" + rawValue
    }

    /// Every `deep_link` argument: each link, verify-mfa with each token.
    package static let linkWords: [String] =
        DeepLink.allCases.filter { $0 != .verifyMFA }.map(\.rawValue) + allCases.map(\.linkWord)

    /// The link and token a `deep_link` argument names.
    package static func link(named word: String) -> (DeepLink, LinkToken)? {
        if let token = allCases.first(where: { $0.linkWord == word }) { return (.verifyMFA, token) }
        return DeepLink(rawValue: word).map { ($0, .issued) }
    }
}

/// The flow's own buttons and links; the unlock screen's are its `TapTarget`s.
package enum FlowTarget: String, Sendable, CaseIterable {
    /// "Comenzar" on the last slide only, "Saltar" on any (§6.3).
    case start, skip
    case google, apple
    case createAccount = "create_account"
    case forgotAccess = "forgot_access"
    case useRecoveryKey = "use_recovery_key"
    /// Back from Registration or Recovery to Login (INT-AF-008).
    case back
}

/// What outlives the process besides the unlock screen's store: whether any account has used
/// the app on this device, the account the provider knows, the MFA secret and the MFA lock.
package struct FlowStore: Sendable, Hashable {
    /// No account has signed in on this device yet: the splash and the carousel (INT-AF-001).
    package var firstLaunch: Bool
    /// The provider's sign-in finds an existing MedTime account (else it makes a new one).
    package var accountExists: Bool
    package var totp: TOTP
    package var mfaFailures = 0
    package var mfaBlockedUntil: Int?
    /// A Perfect account's sign-in awaits its code since this time (its first MFA screen): it
    /// outlives the screen and the process, and `verify-mfa` reopens it (INT-AF-006).
    package var mfaPendingSince: Int?
    /// The time step of the last code accepted: RFC 6238 §5.2 has a verifier accept no code
    /// twice, so a code of that step or an earlier one is refused (INT-AF-003).
    package var lastAcceptedStep: Int?

    package init(firstLaunch: Bool, accountExists: Bool, totp: TOTP) {
        self.firstLaunch = firstLaunch
        self.accountExists = accountExists
        self.totp = totp
    }
}

/// What dies with the process: which of the flow's screens is up and what is on it.
package struct FlowScreen: Sendable, Hashable {
    /// The flow's screen on top; nil when the child's screen is the one shown.
    package var overlay: FlowPhase?
    package var splashAt: Int?
    package var provider: Provider?
    /// The sign-in sheet was opened from Registration (its failures go back there).
    package var registering = false
    package var signInStartedAt: Int?
    package var code: [Int] = []
    package var mfaShownAt: Int?
    /// The flow's message on its own screens and on Login and Recovery.
    package var message: String?
    /// The carousel's slide on screen, 1 to 3 (§6.3).
    package var slide = 1
    /// Recovery was opened by the MFA screen's recovery key: §9.2's recovery mode.
    package var recoveryByKey = false

    package init() {}
}

package struct AuthFlowState: Sendable, Hashable {
    /// The unlock screen, scoped: only the unlock reducer changes it, but for the shared
    /// screens the flow shows (INT-AF-002).
    package var unlock: UnlockState
    package var store: FlowStore
    package var screen = FlowScreen()
    /// The device's connection, the world's and not the app's: a kill keeps it (§7.2).
    package var online = true
    /// The device's reduce-motion setting, the world's (§6.2 REDUCED MOTION; INT-AF-018).
    package var reducedMotion = false

    package init(unlock: UnlockState, store: FlowStore) {
        self.unlock = unlock
        self.store = store
    }

    /// The state's name: the flow's screen on top, else the child's state.
    package var stateName: String { screen.overlay?.rawValue ?? unlock.screen.phase.rawValue }

    /// The flow's message shows on its own screens and on Login and Recovery, which the unlock
    /// screen hands over to and the flow owns.
    package var showsFlowMessage: Bool {
        screen.overlay != nil || [.login, .recovery].contains(unlock.screen.phase)
    }
}

/// Everything that can happen to the flow, named for what happened.
package enum AuthFlowEvent: Sendable, Equatable {
    /// An event of the unlock screen's, which the flow passes to its child where the child's
    /// screen is up (or acts on itself: a launch, a kill, a digit on the MFA screen).
    case unlock(UnlockEvent)
    case tapped(FlowTarget)
    case oauthAnswered(OAuthOutcome)
    case recoveryEnded(succeeded: Bool)
    case deepLinkOpened(DeepLink, token: LinkToken)
    case loggedOut
    /// A horizontal swipe on the carousel (§6.3): towards the next slide or back.
    case swiped(forward: Bool)
    /// The device lost or regained its connection (§7.2 Network Error).
    case connectivityChanged(online: Bool)
}

/// A screen the flow shows: one of the unlock screen's states, or one of the flow's own.
package enum Screen: Sendable, Equatable {
    case unlock(Phase)
    case flow(FlowPhase)

    /// Its name, as observations and scenarios give it.
    package var name: String {
        switch self {
        case .unlock(let phase): return phase.rawValue
        case .flow(let phase): return phase.rawValue
        }
    }
}

package enum AuthFlowOutput: Sendable, Equatable {
    case entered(Screen)
    case announced(String)
    case analytics(name: String, params: [String: AnalyticsParameter])
    /// An animation started: §6.1's and §6.2's, and the unlock screen's own (SCR-AUTH-006 §5.2).
    case animated(UnlockRenderedView.Animation)

    /// The analytics event's name, if this is one.
    package var eventName: String? {
        if case .analytics(let name, _) = self { name } else { nil }
    }
}

extension AuthFlowState {
    typealias Field = StateSeams<AuthFlowState>.Field

    /// The unlock screen's seams inside the flow, and the flow's own: the splash, the sheet and
    /// the MFA screen's moments, the wrong-code count, what the flow keeps across a kill (the
    /// cooldown, the pending sign-in, the last code's step, the first launch) and its screen.
    package static let seams: StateSeams<AuthFlowState> = {
        let child = UnlockState.seams
        func scoped(_ fields: [StateSeams<UnlockState>.Field]) -> [Field] {
            fields.map { $0.scoped(get: { $0.unlock }, set: { $0.unlock = $1 }) }
        }
        let failures = Field("MFA failures", fresh: 0, get: { $0.store.mfaFailures }) { $0.store.mfaFailures = $1 ?? 0 }
        let cooldownEnd = Field("MFA cooldown end", get: { $0.store.mfaBlockedUntil }) { $0.store.mfaBlockedUntil = $1 }
        let pending = Field("pending sign-in", get: { $0.store.mfaPendingSince }) { $0.store.mfaPendingSince = $1 }
        return StateSeams(
            moments: scoped(child.moments) + [
                Field("splash", get: { $0.screen.splashAt }) { $0.screen.splashAt = $1 },
                Field("sign-in start", get: { $0.screen.signInStartedAt }) { $0.screen.signInStartedAt = $1 },
                Field("MFA screen shown", get: { $0.screen.mfaShownAt }) { $0.screen.mfaShownAt = $1 },
                cooldownEnd, pending,
            ],
            counters: scoped(child.counters) + [failures],
            durable: [
                failures, cooldownEnd, pending,
                Field("last code's step", get: { $0.store.lastAcceptedStep }) { $0.store.lastAcceptedStep = $1 },
                Field("first launch done", fresh: 1, get: { $0.store.firstLaunch ? 1 : 0 }) {
                    $0.store.firstLaunch = $1 == 1
                },
            ],
            volatile: [Field("carousel slide", fresh: 1, get: { $0.screen.slide }) { $0.screen.slide = $1 ?? 1 }],
            phases: AuthFlowModel.declaration.states.map(\.name), stopped: Phase.notRunning.rawValue,
            phase: { $0.stateName })
    }()
}
