import SpecModel

/// What a UI-level driver measures on the running app (SCR-AUTH-006 §3, §7.4; 003; 004): the
/// frames of the elements the documents size, what the platform's accessibility audit reports
/// of them, and the access control of the key store's item. These keys are profile `ui`'s, not
/// `full`'s: a driver over the app's logic cannot see them. The reference gives only what the
/// documents fix (a table names those elements and fields alone) and a bound where they give a
/// minimum (INT-041).
package enum UnlockRenderedView {
    // MARK: Frames

    package static let frameFields = ["x", "y", "width", "height", "font_size"]
    /// Element name to its frame in whole dp (and its text size in sp), each field optional.
    package static let framesType = ValueType.table(
        .table(.integer(0...100_000), names: frameFields), names: [])

    /// The figures of §3's tables and §7.4's.
    package enum Figure {
        static let logo = 60  // §3.1 60x60dp
        static let logoTopPercent = 15  // §3.1 15% from top
        static let pinCell = (width: 44, height: 52)  // §3.3, §7.4
        static let key = (width: 72, height: 56)  // §3.4, §7.4
        static let keyFont = 20  // §3.4 xl (20sp)
        static let titleFont = 20  // §7.4 Titulo 20sp
        static let countdownFont = 30  // §3.5 3xl (30sp), §7.4 Timer
        static let linkFont = 14  // §3.6 sm (14sp), §7.4 Links
        static let linkTouchHeight = 44  // §3.6 Touch target 44dp height
        static let successIcon = 64  // §3.7 64x64dp
        static let contrastX100 = 450  // §7.4 4.5:1
    }

    /// The §2.2 keypad's keys by element name: digits, then the delete key.
    package static let digitKeys = UnlockPlatformView.keypadDigits.map { "key_\($0)" }
    static let deleteKey = "key_delete"

    /// What one screen draws: its phase and the sizes its frames are measured from.
    struct Drawn: Hashable, Sendable {
        var phase: Phase
        var pinLength: Int
        var screenWidth: Int
        var screenHeight: Int

        init(_ state: UnlockState, sized: Bool = true) {
            phase = state.screen.phase
            pinLength = state.persisted.pinLength
            screenWidth = sized ? state.persisted.screenWidth : 0
            screenHeight = sized ? state.persisted.screenHeight : 0
        }
    }
    // Every step of every run draws one of a handful of screens: each is built once.
    static let drawnFrames = SharedValues<Drawn, Value>()
    static let drawnAudits = SharedValues<Drawn, Value>()

    package static func frames(_ state: UnlockState) -> Value {
        drawnFrames.value(for: Drawn(state)) { frames(drawing: state) }
    }

    static func frames(drawing state: UnlockState) -> Value {
        let store = state.persisted
        var frames: [String: Value] = [:]
        func frame(_ name: String, _ fields: [String: Int]) { frames[name] = .map(fields.mapValues(Value.int)) }
        let logo = [
            "width": Figure.logo, "height": Figure.logo,
            // INT-041: "Center, 15% from top" is the logo's top edge, centred across.
            "x": halfRoundedUp(store.screenWidth - Figure.logo),
            "y": percentRoundedHalfUp(store.screenHeight, Figure.logoTopPercent),
        ]
        switch state.screen.phase {
        case .notRunning, .checkingSession, .dashboard, .login, .recovery:
            break
        case .biometricPrompt, .biometricFail:
            frame("logo", logo)
        case .pinInput, .pinValidating, .pinError:
            frame("logo", logo)
            frame("title", ["font_size": Figure.titleFont])
            for cell in 1...store.pinLength {
                frame("pin_cell_\(cell)", ["width": Figure.pinCell.width, "height": Figure.pinCell.height])
            }
            for key in digitKeys {
                frame(key, ["width": Figure.key.width, "height": Figure.key.height, "font_size": Figure.keyFont])
            }
            frame(deleteKey, ["width": Figure.key.width, "height": Figure.key.height])
            frame("forgot_pin", ["font_size": Figure.linkFont])
        case .pinBlocked:
            frame("title", ["font_size": Figure.titleFont])
            frame("countdown", ["font_size": Figure.countdownFont])
        case .biometricSuccess, .success:
            frame("success_icon", ["width": Figure.successIcon, "height": Figure.successIcon])
        }
        return .map(frames)
    }

    static func halfRoundedUp(_ value: Int) -> Int { (value + 1) / 2 }
    static func percentRoundedHalfUp(_ value: Int, _ percent: Int) -> Int { (value * percent + 50) / 100 }

    // MARK: The accessibility audit

    package static let auditFields = ["contrast_x100", "touch_width", "touch_height"]
    /// Element name to what the platform's audit measured: the contrast ratio times 100 (450 is
    /// 4.5:1) and the touch target in dp.
    package static let auditType = ValueType.table(.table(.integer(0...100_000), names: auditFields), names: [])

    package static func audit(_ state: UnlockState) -> Value {
        drawnAudits.value(for: Drawn(state, sized: false)) { audit(drawing: state) }
    }

    static func audit(drawing state: UnlockState) -> Value {
        let minimum: Value = .map([ExpectedValue.atLeast: .int(Figure.contrastX100)])
        var audit: [String: Value] = [:]
        func contrast(_ names: [String]) { for name in names { audit[name] = .map(["contrast_x100": minimum]) } }
        switch state.screen.phase {
        case .pinInput, .pinValidating, .pinError:
            contrast(["title"] + (1...state.persisted.pinLength).map { "pin_cell_\($0)" } + digitKeys + [deleteKey])
            audit["forgot_pin"] = .map([
                "contrast_x100": minimum, "touch_height": .map([ExpectedValue.atLeast: .int(Figure.linkTouchHeight)]),
            ])
        case .pinBlocked:
            contrast(["title", "countdown"])
        default:
            break
        }
        return .map(audit)
    }

    // MARK: Animations

    package static let animationEffects = ["fade_in", "fade", "scale_fade_in", "shake", "fade_out"]
    /// Element name to the animation the step's last input started on it: its effect, and its
    /// length where a document gives one (§3.7, §5.2).
    package static let animationsType = ValueType.table(
        .partial([
            .init(
                "effect", .oneOf(animationEffects),
                "§5.2's and §3.7's words: " + animationEffects.joined(separator: ", ")),
            .init("duration", .duration, "how long it runs"),
        ]), names: [])

    /// An animation as a UI-level driver reports it: the effect, and where a document gives them
    /// its length, its start after the step's input (`delay`) and its easing curve.
    package struct Animation: Sendable, Equatable {
        package var element: String
        package var effect: String
        package var milliseconds: Int?
        package var delay: Int?
        package var ease: String?

        package init(element: String, effect: String, milliseconds: Int? = nil, delay: Int? = nil, ease: String? = nil)
        {
            self.element = element
            self.effect = effect
            self.milliseconds = milliseconds
            self.delay = delay
            self.ease = ease
        }

        package var value: Value {
            var fields: [String: Value] = ["effect": .string(effect)]
            if let milliseconds { fields["duration"] = .int(milliseconds) }
            if let delay { fields["delay"] = .int(delay) }
            if let ease { fields["ease"] = .string(ease) }
            return .map(fields)
        }
    }

    /// §5.2's animation for a move, row by row, with §3.7's for the check; none for a move §5.2
    /// does not list.
    package static func animation(from: Phase, to: Phase) -> Animation? {
        switch (from, to) {
        case (.checkingSession, .biometricPrompt): Animation(element: "biometric_prompt", effect: "fade_in")
        // §5.2 "Checkmark + haptic" from the prompt and from the PIN; §3.7 "Scale 0.8->1.0, fade
        // in", 200ms.
        case (.biometricSuccess, .success), (.pinValidating, .success):
            Animation(element: "success_icon", effect: "scale_fade_in", milliseconds: 200)
        case (.biometricPrompt, .pinInput): Animation(element: "unlock_screen", effect: "fade")
        case (.pinValidating, .pinError): Animation(element: "pin_cells", effect: "shake")
        case (.success, .dashboard): Animation(element: "unlock_screen", effect: "fade_out")
        default: nil
        }
    }

    // MARK: The key store's access control

    package static let keyAccessFields: [RecordField] = [
        .init(
            "user_authentication_required", .bool,
            "using the key needs the user's biometric: a SecAccessControl with .biometryCurrentSet (iOS), setUserAuthenticationRequired(true) (Android) (003, 004)"
        ),
        .init(
            "passcode_required", .bool,
            "the key exists only while a device passcode is set: kSecAttrAccessibleWhenPasscodeSet… (iOS); an Android key needing user authentication is invalidated when the secure lock screen goes (004)"
        ),
        .init(
            "this_device_only", .bool,
            "the key never leaves this device, in a backup or a migration: …ThisDeviceOnly (iOS), a non-exportable AndroidKeyStore key (004)"
        ),
    ]

    /// The access control of the biometric key the app holds; null when it holds none.
    package static func keyAccess(_ state: UnlockState) -> Value {
        let store = state.persisted
        guard store.biometricsUsable && store.platformBiometrics != .passcodeNotSet else { return .null }
        return keyHeldHere
    }

    static let keyHeldHere = Value.map(
        Dictionary(uniqueKeysWithValues: keyAccessFields.map { ($0.name, Value.bool(true)) }))
}
