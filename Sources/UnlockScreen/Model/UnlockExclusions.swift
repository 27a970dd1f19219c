import SpecModel

/// The parts of SCR-AUTH-006, 003 and 004 the unlock model does not take, each with why. With
/// `UnlockFacts` they account for every table row, arrow, line of code and quoted string of those
/// documents (`spec check` says any other).
package enum UnlockExclusions {
    package static let all: [DocumentExclusion] = [
        // SCR-AUTH-006's identification table
        DocumentExclusion(
            "SCR-AUTH-006", .part, "| Nombre |",
            reason: "the document's name, which identifies it; nothing the screen does"),
        DocumentExclusion(
            "SCR-AUTH-006", .part, "| Proposito |",
            reason: "a purpose said in words (the document's, §3.1's logo's): nothing to compare"),
        DocumentExclusion(
            "SCR-AUTH-006", .part, "| Tipo |",
            reason: "the screen's kind; what it shows is §2's wireframes and §3's tables, compared there"),
        DocumentExclusion(
            "SCR-AUTH-006", .part, "| Acceso |",
            reason: "how the screen is reached: the §4.1 flowchart's and §4.3's facts say it in the model's terms"),
        DocumentExclusion(
            "SCR-AUTH-006", .part, "| Prioridad |", reason: "the document's priority for its authors, not the app's"),
        // §2's wireframes
        DocumentExclusion(
            "SCR-AUTH-006", .part, "| | MEDTIME | |",
            reason: "the wordmark in the wireframes' logo: `images` reports the logo as one image, and §3.1's size "
                + "and place are facts"),
        DocumentExclusion(
            "SCR-AUTH-006", .part, "[Face ID Icon]",
            reason: "the iOS sheet's icon, which the platform draws: the app passes only the prompt request"),
        DocumentExclusion(
            "SCR-AUTH-006", .part, "[Fingerprint Icon]",
            reason: "the Android sheet's icon, which the platform draws: the app passes only the prompt request"),
        DocumentExclusion(
            "SCR-AUTH-006", .part, "Face ID para MedTime | | | <- Prompt nativo iOS",
            reason: "the iOS sheet as the platform draws it; §3.2.1's row is the reason the request carries (INT-040)"),
        DocumentExclusion(
            "SCR-AUTH-006", .part, "| | | Toca el sensor de huellas | | |",
            reason: "the Android sheet as the platform draws it; the disagreement recorded at this line decides "
                + "what the request carries (INT-040)"),
        DocumentExclusion(
            "SCR-AUTH-006", .part, "| | | para desbloquear | | |",
            reason: "the Android sheet's second line, as the platform draws it (INT-040)"),
        DocumentExclusion(
            "SCR-AUTH-006", .part, "| | Verde | |",
            reason: "the check's colour: no key measures colour, and no document gives its value (INT-041)"),
        // §3's tables
        DocumentExclusion(
            "SCR-AUTH-006", .part, "| API |",
            reason: "names the platform API; what the app passes to it is §3.2's other rows and §10's code, each a fact"
        ),
        DocumentExclusion(
            "SCR-AUTH-006", .part, "| Propiedad |",
            reason: "the header of §3.3's table, written straight after §3.2.2's with no heading between"),
        DocumentExclusion(
            "SCR-AUTH-006", .part, "CMP-INP-003 (PIN Input)",
            reason: "the design system's component, by its id: nothing the app shows or does"),
        DocumentExclusion(
            "SCR-AUTH-006", .part, "Grid 3x4",
            reason: "the keypad's layout: `frames` gives the keys' sizes, not their places (INT-041); §2.2's "
                + "keypad rows are facts of the digits' order"),
        DocumentExclusion(
            "SCR-AUTH-006", .part, "| Color |",
            reason: "a colour token: no document gives its value, and no key measures colour (INT-041)"),
        // §10's code
        DocumentExclusion(
            "SCR-AUTH-006", .part, "let context = LAContext()",
            reason: "the code's scaffolding (the context made); each configuration line of it is a fact"),
        DocumentExclusion(
            "SCR-AUTH-006", .part, "val promptInfo = BiometricPrompt.PromptInfo.Builder()",
            reason: "the code's scaffolding (the builder opened); each configuration call of it is a fact"),
        DocumentExclusion(
            "SCR-AUTH-006", .part, "localizedReason: reason) { ... }",
            reason: "the call's second line: the reason it passes is the `let reason` line, a fact"),
        DocumentExclusion(
            "SCR-AUTH-006", .part, ".build()",
            reason: "the code's scaffolding (the builder closed); each configuration call of it is a fact"),
        // The iOS article (003): its sample code
        DocumentExclusion(
            "003", .section, "2. Crear un LAContexto",
            reason: "the article's sample code: its English fallback title 'Use Passcode' falls back to the "
                + "device passcode, which SCR-AUTH-006 §8.2 forbids (INT-018)"),
        DocumentExclusion(
            "003", .section, "3. Consulta la disponibilidad biométrica",
            reason: "the article's sample code and its English log lines; the policy and the error codes it asks "
                + "about are facts of its §5 and of SCR-AUTH-006 §8.2"),
        DocumentExclusion(
            "003", .section, "4. Evaluar la política",
            reason: "the article's sample code and its English reason and log lines: the app's reason is "
                + "SCR-AUTH-006 §3.2.1's (INT-040)"),
        DocumentExclusion(
            "003", .section, "5. Maneja el resultado",
            reason: "the article's own manager class and its English messages: what the model takes from it is "
                + "each error code's reaction (facts); the app's words are SCR-AUTH-006's (INT-008)"),
        // The note (004): its sample code
        DocumentExclusion(
            "004", .section, "#Cómo lo conectan realmente las plataformas",
            reason: "the note's sample code: how it makes a key or a cipher (its type, size, Secure Enclave, tag, "
                + "block mode and padding: no key reports them) and its example prompt texts (the app's are "
                + "SCR-AUTH-006's); the flags the model takes (access control, invalidation on enrolment, user "
                + "authentication, the crypto object) are facts"),
        DocumentExclusion(
            "004", .section, "#El antipatrón que casi todos entregan primero",
            reason: "the anti-pattern the note warns against, a flag set on success: the reference never unlocks "
                + "on a success without its key (REQ-PROMPT-KEY-BOUND), and mutants that do are killed"),
    ]
}
