import SpecModel

/// Mutants that draw the screen or protect the key the way an app gets it wrong: an element a
/// size off, off centre or lower, a text a size smaller, a contrast or a touch target under
/// §7.4's minimum, a key item without its access control. Each is the falsifier of a statement
/// the UI-level keys made checkable (profile `ui`).
extension UnlockMutants {
    static func rendered(_ memo: Argon2Memo) -> [Mutant] {
        frameMutants(memo) + auditMutants(memo) + keyAccessMutants(memo) + animationMutants(memo)
    }

    /// A mutant that rewrites the fields of some elements in a table of tables (`frames`,
    /// `a11y_audit`): those `elements` names, or whose name starts with one ending in `_`.
    static func retouched(
        _ id: String, key: String, rule: String, _ summary: String, memo: Argon2Memo, elements: [String],
        _ change: @escaping @Sendable (inout [String: Value]) -> Void
    ) -> Mutant {
        let picks: @Sendable (String) -> Bool = { name in
            elements.contains { $0 == name || ($0.hasSuffix("_") && name.hasPrefix($0)) }
        }
        return observed(id, kind: "rendered output", rule: rule, summary, memo: memo) { observations in
            guard case .map(var elements)? = observations[key] else { return }
            for (name, element) in elements where picks(name) {
                guard case .map(var fields) = element else { continue }
                change(&fields)
                elements[name] = .map(fields)
            }
            observations[key] = .map(elements)
        }
    }

    static let keys = ["key_"]
    static let digitKeys = UnlockRenderedView.digitKeys
    static let pinCells = ["pin_cell_"]

    static func frameMutants(_ memo: Argon2Memo) -> [Mutant] {
        func frame(
            _ id: String, rule: String, _ summary: String, _ elements: [String], _ fields: [String: Int]
        ) -> Mutant {
            retouched(id, key: "frames", rule: rule, summary, memo: memo, elements: elements) { frame in
                for (field, value) in fields { frame[field] = .int(value) }
            }
        }
        return [
            frame(
                "logo-56dp", rule: "SCR-AUTH-006 §3.1 Tamano", "the logo is 56x56dp", ["logo"],
                ["width": 56, "height": 56]),
            retouched(
                "logo-off-centre", key: "frames", rule: "SCR-AUTH-006 §3.1 Posicion",
                "the logo sits 24dp right of centre", memo: memo, elements: ["logo"]
            ) { frame in frame["x"] = .int((frame["x"]?.int ?? 0) + 24) },
            retouched(
                "logo-top-20-percent", key: "frames", rule: "SCR-AUTH-006 §3.1 Posicion",
                "the logo's top is 20% from the screen's top", memo: memo, elements: ["logo"]
            ) { frame in frame["y"] = .int((frame["y"]?.int ?? 0) * 20 / 15) },
            frame(
                "pin-cell-40x48", rule: "SCR-AUTH-006 §3.3 Cell size, §7.4", "the PIN cells are 40x48dp", pinCells,
                ["width": 40, "height": 48]),
            frame(
                "keypad-key-64x48", rule: "SCR-AUTH-006 §3.4 Key size, §7.4", "the keypad's keys are 64x48dp", keys,
                ["width": 64, "height": 48]),
            frame(
                "keypad-font-17sp", rule: "SCR-AUTH-006 §3.4 Key font", "the digits on the keys are 17sp",
                digitKeys, ["font_size": 17]),
            frame(
                "title-font-17sp", rule: "SCR-AUTH-006 §7.4 Titulo", "the title is 17sp", ["title"],
                ["font_size": 17]),
            frame(
                "countdown-font-24sp", rule: "SCR-AUTH-006 §3.5 Tipografia, §7.4 Timer", "the countdown is 24sp",
                ["countdown"], ["font_size": 24]),
            frame(
                "link-font-12sp", rule: "SCR-AUTH-006 §3.6 Tipografia, §7.4 Links", "the forgotten-PIN link is 12sp",
                ["forgot_pin"], ["font_size": 12]),
            frame(
                "success-icon-48dp", rule: "SCR-AUTH-006 §3.7 Tamano", "the success icon is 48x48dp",
                ["success_icon"], ["width": 48, "height": 48]),
        ]
    }

    static func auditMutants(_ memo: Argon2Memo) -> [Mutant] {
        func contrast(_ id: String, rule: String, _ summary: String, _ elements: [String]) -> Mutant {
            // 3:1, the WCAG minimum for large text only: under §7.4's 4.5:1.
            retouched(id, key: "a11y_audit", rule: rule, summary, memo: memo, elements: elements) {
                $0["contrast_x100"] = .int(300)
            }
        }
        return [
            contrast(
                "pin-cells-contrast-3-to-1", rule: "SCR-AUTH-006 §7.4 PIN cells", "the PIN cells contrast 3:1",
                pinCells),
            contrast("keypad-contrast-3-to-1", rule: "SCR-AUTH-006 §7.4 Keyboard keys", "the keys contrast 3:1", keys),
            contrast(
                "title-contrast-3-to-1", rule: "SCR-AUTH-006 §7.4 Titulo", "the title contrasts 3:1",
                ["title"]),
            contrast(
                "countdown-contrast-3-to-1", rule: "SCR-AUTH-006 §7.4 Timer", "the countdown contrasts 3:1",
                ["countdown"]),
            contrast(
                "link-contrast-3-to-1", rule: "SCR-AUTH-006 §7.4 Links", "the forgotten-PIN link contrasts 3:1",
                ["forgot_pin"]),
            retouched(
                "link-touch-target-32dp", key: "a11y_audit", rule: "SCR-AUTH-006 §3.6 Touch target",
                "the forgotten-PIN link's touch target is 32dp high", memo: memo, elements: ["forgot_pin"]
            ) { $0["touch_height"] = .int(32) },
        ]
    }

    static func animationMutants(_ memo: Argon2Memo) -> [Mutant] {
        func animation(_ id: String, rule: String, _ summary: String, element: String, _ fields: [String: Value]?)
            -> Mutant
        {
            observed(id, kind: "rendered output", rule: rule, summary, memo: memo) { observations in
                guard case .map(var elements)? = observations["animations"], elements[element] != nil else { return }
                elements[element] = fields.map(Value.map)
                observations["animations"] = .map(elements)
            }
        }
        return [
            animation(
                "no-prompt-fade-in", rule: "SCR-AUTH-006 §5.2 CheckingSession -> BiometricPrompt",
                "the prompt comes up with no fade", element: "biometric_prompt", nil),
            animation(
                "success-icon-fades-only", rule: "SCR-AUTH-006 §3.7 Animacion", "the check fades in without scaling",
                element: "success_icon", ["effect": .string("fade_in"), "duration": .int(200)]),
            animation(
                "success-animation-300ms", rule: "SCR-AUTH-006 §3.7 Duracion", "the check's animation runs 300 ms",
                element: "success_icon", ["effect": .string("scale_fade_in"), "duration": .int(300)]),
            animation(
                "no-fade-to-pin", rule: "SCR-AUTH-006 §5.2 BiometricPrompt -> PINInput",
                "the PIN screen replaces the prompt with no fade", element: "unlock_screen", nil),
            animation(
                "no-pin-shake", rule: "SCR-AUTH-006 §5.2 PINInput -> PINError", "a wrong PIN does not shake the cells",
                element: "pin_cells", nil),
        ]
    }

    static func keyAccessMutants(_ memo: Argon2Memo) -> [Mutant] {
        func access(_ id: String, rule: String, _ summary: String, field: String) -> Mutant {
            edited("key_access", id, kind: "rendered output", rule: rule, summary, memo: memo) { fields, _ in
                fields[field] = .bool(false)
            }
        }
        return [
            access(
                "key-without-user-authentication", rule: "003 combine with Keychain; 004 platform keys",
                "the key's item opens without the user's biometric: no access control flag, no setUserAuthenticationRequired(true)",
                field: "user_authentication_required"),
            access(
                "key-passcode-not-required", rule: "004 platform keys (iOS code)",
                "the key outlives the device passcode: kSecAttrAccessibleAfterFirstUnlock…", field: "passcode_required"),
            access(
                "key-leaves-device", rule: "004 platform keys (iOS code)",
                "the key's item migrates to other devices: an accessibility without ThisDeviceOnly",
                field: "this_device_only"),
        ]
    }
}
