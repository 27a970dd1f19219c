// authspec driver for a Java implementation of the MedTime unlock screen (SCR-AUTH-006).
// Protocol v1 (authspec docs/protocol.md): one JSON object per line on stdin and stdout.
// Run: java Examples/java/UnlockDriver.java   (JDK 11+ runs a single source file directly)
//
// UnlockScreen below is the part an Android team replaces with its own logic; the rest is the
// protocol. The JDK has no Argon2id, so this example hashes the PIN (§8.1) with Debian's
// argon2 tool, as an app would with a library, and compares the encoded hashes in constant time.

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

public final class UnlockDriver {
    static final List<String> INPUTS = List.of("launch", "kill", "background", "foreground", "advance", "biometric",
            "biometric_error", "digit", "delete", "clear", "tap", "login_completed", "enrolment_changed",
            "enable_biometrics", "clock_forward", "clock_back", "platform_lockout_ended");
    static final List<String> OBSERVATIONS = List.of("state", "states", "navigation", "pin_entered",
            "pin_attempts_left", "bio_attempts_left", "lock_remaining", "countdown", "message", "announcements",
            "events", "biometrics_enabled", "focus_order", "secure_window", "announcement_priorities", "haptics",
            "prompt_request", "texts", "images", "pin_display", "store",
            // What a UI-level driver measures on the drawn screen and the key store (profile ui).
            "frames", "a11y_audit", "key_access", "animations");

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        UnlockScreen screen = null;
        String line;
        while ((line = in.readLine()) != null) {
            Map<String, Object> request = Json.object(Json.parse(line));
            Object id = request.get("id");
            Map<String, Object> reply = new LinkedHashMap<>();
            reply.put("id", id);
            reply.put("ok", true);
            try {
                switch (String.valueOf(request.get("type"))) {
                    case "hello":
                        Object model = request.getOrDefault("model", "unlock");
                        if (!"unlock".equals(model)) {
                            reply = error(id, "failed", "this driver implements the unlock model only, not " + model);
                            break;
                        }
                        reply.put("protocol", 1L);
                        reply.put("implementation", Map.of("name", "java-example", "version", "1.0", "language", "java"));
                        reply.put("capabilities", Map.of("inputs", INPUTS, "observations", OBSERVATIONS));
                        break;
                    case "start":
                        screen = new UnlockScreen(Json.object(request.get("given")));
                        break;
                    case "input":
                        Map<String, Object> input = Json.object(request.get("input"));
                        long time = (Long) request.get("time_ms");
                        reply.put("observations", screen.apply((String) input.get("name"), input.get("argument"), time));
                        break;
                    case "reset":
                        screen = null;
                        break;
                    case "bye":
                        out.println(Json.write(reply));
                        out.flush();
                        return;
                    default:
                        reply = error(id, "unsupported", "unknown request type " + request.get("type"));
                }
            } catch (UnsupportedOperationException e) {
                reply = error(id, "unsupported", e.getMessage());
            } catch (Exception e) { // a harness answers every request, even when its code breaks
                e.printStackTrace(System.err);
                reply = error(id, "failed", e.toString());
            }
            out.println(Json.write(reply));
            out.flush();
        }
    }

    static Map<String, Object> error(Object id, String kind, String message) {
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("id", id);
        reply.put("ok", false);
        reply.put("error", Map.of("kind", kind, "message", message));
        return reply;
    }
}

/** The unlock screen, from SCR-AUTH-006 and the readings in authspec's docs/interpretations.md. */
final class UnlockScreen {
    static final long MINUTE = 60_000, DAY = 86_400_000;
    static final int LOCK_AFTER = 5, BIO_ATTEMPTS = 3;
    static final long SUCCESS_DELAY = 500, INACTIVITY = 5 * MINUTE;

    // Persisted (keychain / preferences / the OS): survives a kill.
    final String salt;
    final String pinHash;
    final int pinLength;
    int failures;
    Long blockedUntil;
    boolean biometricEnabled;
    /** The keystore's biometric key: an enrolment change invalidates it (004). */
    boolean keyValid = true;
    /** The key was found invalidated: a new one waits for a completed login (004, INT-021). */
    boolean newKeyAwaitsLogin = false;
    final String biometricType, tier, osPlatform;
    String session, platform;
    long sessionStarted;
    final long origin;

    /** The time of the input being applied. */
    long current;

    // The screen: lost on a kill.
    String state = "NotRunning";
    String digits = "";
    int bioFailures;
    String message;
    long shownAt, successAt;
    Long awaySince;

    // What one input produced.
    List<Object> entered, said, events, priorities, haptics;
    /** The device's screen in dp (INT-041). */
    long screenWidth, screenHeight;

    UnlockScreen(Map<String, Object> given) throws Exception {
        origin = (Long) given.get("clock");
        StringBuilder letters = new StringBuilder();
        SecureRandom random = new SecureRandom();
        for (int i = 0; i < 16; i++) letters.append((char) ('a' + random.nextInt(26)));
        salt = letters.toString();
        pinHash = hash((String) given.get("pin"));
        pinLength = ((Long) given.get("pin_length")).intValue();
        failures = ((Long) given.get("pin_failures")).intValue();
        Object blocked = given.get("blocked_for");
        blockedUntil = blocked == null ? null : origin + (Long) blocked;
        biometricEnabled = (Boolean) given.get("biometric_enabled");
        biometricType = (String) given.get("biometric_type");
        osPlatform = given.containsKey("platform") ? (String) given.get("platform") : "ios";
        tier = (String) given.get("tier");
        session = (String) given.get("session");
        sessionStarted = origin - (Long) given.get("session_age");
        platform = (String) given.get("biometric_status");
        screenWidth = given.containsKey("screen_width") ? (Long) given.get("screen_width") : 360L;
        screenHeight = given.containsKey("screen_height") ? (Long) given.get("screen_height") : 800L;
    }

    /** Argon2id, t=1, 1 MiB, one lane, in the PHC encoded form: {@code $argon2id$v=19$...}. */
    String hash(String pin) throws Exception {
        Process tool = new ProcessBuilder("argon2", salt, "-id", "-t", "1", "-k", "1024", "-p", "1", "-e")
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        tool.getOutputStream().write(pin.getBytes(StandardCharsets.UTF_8));
        tool.getOutputStream().close();
        String encoded = new String(tool.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (tool.waitFor() != 0 || !encoded.startsWith("$argon2id$")) throw new IllegalStateException("argon2 failed");
        return encoded;
    }

    Map<String, Object> apply(String name, Object argument, long timeMs) throws Exception {
        long now = origin + timeMs;
        current = now;
        entered = new ArrayList<>();
        said = new ArrayList<>();
        events = new ArrayList<>();
        priorities = new ArrayList<>();
        haptics = new ArrayList<>();
        animations = new LinkedHashMap<>();
        if ("Success".equals(state) && now >= successAt + SUCCESS_DELAY) go("Dashboard");
        if ("PINBlocked".equals(state) && blockedUntil != null && now >= blockedUntil) {
            blockedUntil = null;
            message = null;
            go("PINInput");
        }
        switch (name) {
            case "launch": if (state.equals("NotRunning")) { freshScreen(); go("CheckingSession"); route(now); } break;
            case "kill": if (!state.equals("NotRunning")) { freshScreen(); go("NotRunning"); } break;
            case "background": if (!state.equals("NotRunning") && awaySince == null) awaySince = now; break;
            case "foreground": foreground(now); break;
            case "advance": break;
            case "biometric": if (state.equals("BiometricPrompt")) biometric((String) argument, now); break;
            case "biometric_error": {
                String outcome = platformError((String) argument);
                if (state.equals("BiometricPrompt")) biometric(outcome, now);
                break;
            }
            // SCR-AUTH-006 §3.4: every key press gives haptic feedback.
            case "digit": if (state.equals("PINInput")) { haptics.add("key"); digit(((Long) argument).intValue(), now); } break;
            case "delete":
                if (state.equals("PINInput")) {
                    haptics.add("key");
                    if (!digits.isEmpty()) digits = digits.substring(0, digits.length() - 1);
                }
                break;
            case "clear": if (state.equals("PINInput")) { haptics.add("key"); digits = ""; } break;
            case "tap": tap((String) argument); break;
            case "login_completed":
                if (state.equals("Login")) {
                    session = "valid";
                    sessionStarted = now;
                    failures = 0;
                    blockedUntil = null;
                    newKeyAwaitsLogin = false;
                    go("Dashboard");
                }
                break;
            case "enrolment_changed": keyValid = false; break;
            case "enable_biometrics":
                if (state.equals("Dashboard") && !newKeyAwaitsLogin) { biometricEnabled = true; keyValid = true; }
                break;
            // Every timer runs on elapsed time (INT-022): a clock set by hand changes nothing here.
            case "clock_forward": case "clock_back": break;
            case "platform_lockout_ended": if (platform.equals("lockout")) platform = "available"; break;
            default: throw new UnsupportedOperationException("input " + name);
        }
        return observe(now);
    }

    void freshScreen() {
        state = "NotRunning";
        digits = "";
        bioFailures = 0;
        message = null;
        awaySince = null;
    }

    /** SCR-AUTH-006 §5.2's animations, and §3.7's for the check: element, effect, milliseconds. */
    static final Map<String, Object[]> ANIMATIONS = Map.of(
            "CheckingSession>BiometricPrompt", new Object[] {"biometric_prompt", "fade_in", 250L},
            "BiometricSuccess>Success", new Object[] {"success_icon", "scale_fade_in", 200L},
            "PINValidating>Success", new Object[] {"success_icon", "scale_fade_in", 200L},
            "BiometricPrompt>PINInput", new Object[] {"unlock_screen", "fade", 250L},
            "PINValidating>PINError", new Object[] {"pin_cells", "shake", 400L},
            "Success>Dashboard", new Object[] {"unlock_screen", "fade_out", 250L});
    Map<String, Object> animations = new LinkedHashMap<>();

    void go(String next) {
        Object[] animation = ANIMATIONS.get(state + ">" + next);
        if (animation != null) animations.put((String) animation[0], Map.of("effect", animation[1], "duration", animation[2]));
        state = next;
        entered.add(next);
    }
    /** An announcement with its SCR-AUTH-006 §7.3 priority: high, but medium for digits. */
    void say(String text) { say(text, "high"); }
    void say(String text, String priority) { said.add(text); priorities.add(priority); }
    void event(String name, Object... params) {
        Map<String, Object> values = new TreeMap<>();
        for (int i = 0; i < params.length; i += 2) values.put((String) params[i], params[i + 1]);
        events.add(Map.of("name", name, "params", values));
    }

    void foreground(long now) {
        if (awaySince == null) return;
        long away = now - awaySince;
        awaySince = null;
        // Every resume checks the session (INT-035); 5 minutes away asks to unlock again (INT-013).
        if (state.equals("Dashboard") && (away >= INACTIVITY || !sessionValid(now))) {
            freshScreen(); go("CheckingSession"); route(now);
        }
    }

    void route(long now) {
        if (!sessionValid(now)) { go("Login"); return; }
        shownAt = now;
        event("screen_view", "screen_name", "biometric_unlock");
        if (!biometricEnabled || biometricType.equals("none")) startPin();
        else if (!keyValid) keyGone();
        else if (List.of("not_available", "not_enrolled", "passcode_not_set").contains(platform)) toPin("failed", "Sensor no disponible. Usa tu PIN.");
        else if (platform.equals("lockout")) toPin("failed", "Biometria bloqueada. Usa tu PIN.");
        else prompt();
    }

    boolean sessionValid(long now) {
        long lifetime = (tier.equals("perfect") ? 7 : 30) * DAY;
        return session.equals("valid") && now - sessionStarted < lifetime;
    }

    void prompt() {
        message = null;
        go("BiometricPrompt");
        // SCR-AUTH-006 §7.3, §3.2.1's Touch ID, §7.1's Android row (INT-011).
        say(osPlatform.equals("android") ? "Usa tu huella para desbloquear"
                : biometricType.equals("fingerprint") ? "Usa Touch ID para desbloquear MedTime"
                : "Usa Face ID para desbloquear MedTime");
        event("biometric_attempt", "type", biometricType);
    }

    void toPin(String reason, String text) {
        if (startPin()) {
            message = text;
            say("Usa tu PIN para desbloquear");
        }
        event("biometric_to_pin", "reason", reason);
    }

    /** A persisted lock is checked where the PIN screen starts (SCR-AUTH-006 §6.2, INT-004). */
    boolean startPin() {
        if (blockedUntil != null) {
            if (current < blockedUntil) { blocked(blockedUntil - current); return false; }
            blockedUntil = null;
        }
        go("PINInput");
        return true;
    }

    /** The screen's reaction to a platform's own error code: iOS LAError, Android BiometricPrompt. */
    static String platformError(String code) {
        switch (code) {
            case "ios.LAError.userCancel": case "ios.LAError.systemCancel": case "ios.LAError.appCancel":
            case "android.BiometricPrompt.ERROR_USER_CANCELED": case "android.BiometricPrompt.ERROR_CANCELED":
            case "android.BiometricPrompt.ERROR_TIMEOUT":
                return "cancel";
            case "ios.LAError.userFallback": case "android.BiometricPrompt.ERROR_NEGATIVE_BUTTON":
                return "use_pin";
            case "ios.LAError.authenticationFailed": case "android.AuthenticationCallback.onAuthenticationFailed":
                return "failure";
            case "ios.LAError.biometryNotAvailable": case "ios.LAError.passcodeNotSet": case "ios.LAError.invalidContext":
            case "ios.LAError.notInteractive": case "android.BiometricPrompt.ERROR_HW_UNAVAILABLE":
            case "android.BiometricPrompt.ERROR_HW_NOT_PRESENT":
                return "not_available";
            case "ios.LAError.biometryNotEnrolled": case "android.BiometricPrompt.ERROR_NO_BIOMETRICS":
                return "not_enrolled";
            case "ios.LAError.biometryLockout": case "android.BiometricPrompt.ERROR_LOCKOUT":
            case "android.BiometricPrompt.ERROR_LOCKOUT_PERMANENT":
                return "lockout";
            default: throw new IllegalArgumentException("platform error " + code);
        }
    }

    /** The platform invalidated the key: biometrics off until turned on again (INT-021). */
    void keyGone() {
        biometricEnabled = false;
        newKeyAwaitsLogin = true;
        toPin("failed", "Biometria no disponible. Usa tu PIN para desbloquear.");
    }

    void biometric(String outcome, long now) {
        if (outcome.equals("success") && !keyValid) { keyGone(); return; }
        switch (outcome) {
            case "success_without_key": toPin("failed", "Biometria no disponible. Usa tu PIN para desbloquear."); break;
            case "success":
                go("BiometricSuccess");
                event("biometric_success", "type", biometricType, "time_ms", now - shownAt);
                unlocked("biometric", now);
                break;
            case "failure":
                bioFailures++;
                go("BiometricFail");
                event("biometric_failure", "type", biometricType, "attempt_number", (long) bioFailures);
                if (bioFailures >= BIO_ATTEMPTS) {
                    toPin("failed", "Biometria no disponible. Usa tu PIN para desbloquear.");
                } else {
                    message = "No reconocido. Intenta de nuevo.";
                    say("No reconocido. " + (BIO_ATTEMPTS - bioFailures) + " intentos restantes");
                }
                break;
            case "cancel": case "use_pin": toPin("cancelled", null); break;
            case "not_available": case "not_enrolled": toPin("failed", "Sensor no disponible. Usa tu PIN."); break;
            case "lockout": platform = "lockout"; toPin("failed", "Biometria bloqueada. Usa tu PIN."); break;
            default: throw new IllegalArgumentException("biometric outcome " + outcome);
        }
    }

    void tap(String target) {
        if (target.equals("retry_biometrics") && state.equals("BiometricFail") && bioFailures < BIO_ATTEMPTS) prompt();
        else if (target.equals("use_pin") && state.equals("BiometricFail")) toPin("cancelled", null);
        else if (target.equals("forgot_pin") && state.equals("PINInput")) { digits = ""; go("Recovery"); }
        else if (target.equals("login_again") && state.equals("PINBlocked")) go("Login");
    }

    void digit(int digit, long now) throws Exception {
        if (digits.length() >= pinLength) return;
        digits += digit;
        message = null;
        say("Digito " + digits.length() + " de " + pinLength, "medium");
        if (digits.length() < pinLength) return;
        String typed = digits;
        digits = "";
        go("PINValidating");
        event("pin_attempt");
        byte[] typedHash = hash(typed).getBytes(StandardCharsets.UTF_8);
        if (MessageDigest.isEqual(typedHash, pinHash.getBytes(StandardCharsets.UTF_8))) {
            event("pin_success", "time_ms", now - shownAt, "attempts_used", (long) failures + 1);
            unlocked("pin", now);
            return;
        }
        failures++;
        go("PINError");
        event("pin_failure", "attempt_number", (long) failures);
        if (failures < LOCK_AFTER) {
            int left = LOCK_AFTER - failures;
            message = "PIN incorrecto. " + left + " intentos restantes";
            go("PINInput");
            say(message);
            return;
        }
        long minutes = failures == 5 ? 1 : failures == 6 ? 5 : failures == 7 ? 15 : 60;
        blockedUntil = now + minutes * MINUTE;
        event("pin_blocked", "duration_seconds", minutes * 60);
        blocked(minutes * MINUTE);
    }

    void blocked(long remaining) {
        digits = "";
        message = "Has excedido el numero de intentos de PIN. Espera antes de reintentar.";
        go("PINBlocked");
        say("PIN bloqueado. Espera " + spoken(remaining));
    }

    void unlocked(String method, long now) {
        if (!sessionValid(now)) { message = null; go("Login"); return; }  // INT-023
        failures = 0;
        blockedUntil = null;
        message = null;
        successAt = now;
        go("Success");
        haptics.add("success");  // SCR-AUTH-006 §3.7
        say("Desbloqueado");
        event("unlock_success", "method", method);
    }

    static String spoken(long ms) {
        long seconds = (ms + 999) / 1000;
        long[] amounts = {seconds / 3600, seconds % 3600 / 60, seconds % 60};
        String[][] words = {{"hora", "horas"}, {"minuto", "minutos"}, {"segundo", "segundos"}};
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < 3; i++) if (amounts[i] > 0) parts.add(amounts[i] + " " + words[i][amounts[i] == 1 ? 0 : 1]);
        return parts.isEmpty() ? "0 segundos" : String.join(" ", parts);
    }

    Map<String, Object> observe(long now) {
        Long remaining = blockedUntil != null && blockedUntil > now ? blockedUntil - now : null;
        String countdown = null;
        if (state.equals("PINBlocked") && remaining != null) {
            long seconds = (remaining + 999) / 1000;
            countdown = String.format("%02d:%02d", seconds / 60, seconds % 60);
        }
        Map<String, Object> seen = new LinkedHashMap<>();
        seen.put("state", state);
        seen.put("states", entered);
        seen.put("navigation", List.of("Dashboard", "Login", "Recovery").contains(state) ? state : null);
        seen.put("pin_entered", (long) digits.length());
        seen.put("pin_attempts_left", remaining != null ? 0L : (long) Math.max(LOCK_AFTER - failures, 1));
        seen.put("bio_attempts_left", (long) Math.max(BIO_ATTEMPTS - bioFailures, 0));
        seen.put("lock_remaining", remaining);
        seen.put("countdown", countdown);
        // INT-017: a hand-over leaves the screen, and its message with it.
        seen.put("message", List.of("Dashboard", "Login", "Recovery").contains(state) ? null : message);
        seen.put("announcements", said);
        seen.put("events", events);
        seen.put("biometrics_enabled", biometricEnabled && keyValid && !biometricType.equals("none"));
        seen.put("focus_order", focusOrder(remaining));
        // SCR-AUTH-006 §8.1 while this screen shows; another screen's rule elsewhere (INT-033).
        boolean shown = !state.equals("NotRunning") && !List.of("Dashboard", "Login", "Recovery").contains(state);
        seen.put("secure_window", shown ? Boolean.TRUE : null);
        seen.put("announcement_priorities", priorities);
        seen.put("haptics", haptics);
        seen.put("prompt_request", promptRequest());
        seen.put("texts", texts(countdown));
        seen.put("images", images());
        seen.put("pin_display", pinDisplay());
        // A key that needs a device passcode (004's iOS code) cannot exist without one.
        boolean key = biometricEnabled && keyValid && !biometricType.equals("none") && !platform.equals("passcode_not_set");
        Map<String, Object> store = new LinkedHashMap<>();
        store.put("pin_hash", pinHash.startsWith("$argon2id$") ? "argon2id" : "plain");
        store.put("pin_location", "secure_storage");
        store.put("session_token_location", session.equals("absent") ? null : "secure_storage");
        store.put("pin_failures", (long) failures);
        store.put("lock_stored", remaining != null);
        store.put("biometric_key", key);
        store.put("key_invalidated_by_enrolment", key ? Boolean.TRUE : null);
        store.put("key_hardware_backed", key ? Boolean.TRUE : null);
        store.put("key_this_device_only", key ? Boolean.TRUE : null);
        store.put("secrets_in_preferences", List.of());
        seen.put("store", store);
        Map<String, Map<String, Object>> frames = frames();
        seen.put("frames", frames);
        seen.put("a11y_audit", audit(frames));
        seen.put("animations", animations);
        seen.put("key_access", key ? Map.of("user_authentication_required", true, "passcode_required", true,
                "this_device_only", true) : null);
        return seen;
    }

    static Map<String, Object> frame(long x, long y, long width, long height, Long fontSize) {
        Map<String, Object> frame = new LinkedHashMap<>();
        frame.put("x", x);
        frame.put("y", y);
        frame.put("width", width);
        frame.put("height", height);
        if (fontSize != null) frame.put("font_size", fontSize);
        return frame;
    }

    /** Whole dp and sp, as a UI test would read them off the drawn screen (§3, §7.4). */
    Map<String, Map<String, Object>> frames() {
        Map<String, Map<String, Object>> frames = new LinkedHashMap<>();
        long top = (screenHeight * 15 + 50) / 100;
        Map<String, Object> logo = frame((screenWidth - 60 + 1) / 2, top, 60, 60, null);
        if (state.equals("BiometricPrompt") || state.equals("BiometricFail")) {
            frames.put("logo", logo);
        } else if (onPINScreen()) {
            frames.put("logo", logo);
            frames.put("title", frame(24, top + 84, screenWidth - 48, 28, 20L));
            long left = (screenWidth - (pinLength * 44L + (pinLength - 1) * 12L)) / 2;
            for (int cell = 0; cell < pinLength; cell++) {
                frames.put("pin_cell_" + (cell + 1), frame(left + cell * 56L, top + 132, 44, 52, null));
            }
            String[] keys = {"1", "2", "3", "4", "5", "6", "7", "8", "9", null, "0", "delete"};
            long keysLeft = (screenWidth - (3 * 72 + 2 * 24)) / 2;
            for (int index = 0; index < keys.length; index++) {
                if (keys[index] == null) continue;
                frames.put("key_" + keys[index], frame(keysLeft + (index % 3) * 96L, top + 216 + (index / 3) * 72L, 72, 56,
                        keys[index].equals("delete") ? null : 20L));
            }
            frames.put("forgot_pin", frame((screenWidth - 140) / 2, top + 516, 140, 20, 14L));
        } else if (state.equals("PINBlocked")) {
            frames.put("title", frame(24, 200, screenWidth - 48, 28, 20L));
            frames.put("countdown", frame((screenWidth - 120) / 2, 260, 120, 40, 30L));
        } else if (state.equals("BiometricSuccess") || state.equals("Success")) {
            frames.put("success_icon", frame((screenWidth - 64) / 2, (screenHeight - 64) / 2, 64, 64, null));
        }
        return frames;
    }

    /** Contrast ratios times 100 and touch targets in dp, as the platform's accessibility audit reports them. */
    static Map<String, Object> audit(Map<String, Map<String, Object>> frames) {
        Map<String, Object> audit = new LinkedHashMap<>();
        for (String name : frames.keySet()) {
            if (name.equals("logo") || name.equals("success_icon")) continue;
            audit.put(name, name.equals("forgot_pin")
                    ? Map.of("contrast_x100", 460L, "touch_width", 140L, "touch_height", 44L)
                    : Map.of("contrast_x100", 1610L));
        }
        return audit;
    }

    boolean onPINScreen() { return List.of("PINInput", "PINValidating", "PINError").contains(state); }

    /** What was passed to LAContext (iOS) or BiometricPrompt (Android) for the prompt on screen (§3.2, §10). */
    Map<String, Object> promptRequest() {
        if (!state.equals("BiometricPrompt")) return null;
        Map<String, Object> request = new LinkedHashMap<>();
        boolean ios = !osPlatform.equals("android");
        request.put("policy", ios ? "deviceOwnerAuthenticationWithBiometrics" : null);
        request.put("authenticators", ios ? null : List.of("BIOMETRIC_STRONG"));
        request.put("reason", ios ? (biometricType.equals("fingerprint") ? "Touch ID para MedTime" : "Face ID para MedTime") : null);
        request.put("fallback_title", ios ? "Usar PIN" : null);
        request.put("cancel_title", ios ? "Cancelar" : null);
        request.put("title", ios ? null : "Desbloquear MedTime");
        request.put("subtitle", ios ? null : "Usa tu huella o rostro");
        request.put("negative_button", ios ? null : "Usar PIN");
        request.put("key_bound", Boolean.TRUE);
        return request;
    }

    /** The screen's own texts in reading order, the §2 wireframes' (INT-040). */
    List<String> texts(String countdown) {
        List<String> texts = new ArrayList<>();
        switch (state) {
            case "BiometricFail" -> {
                if (message != null) texts.add(message);
                texts.addAll(List.of("Intentos: " + Math.max(BIO_ATTEMPTS - bioFailures, 0) + " de " + BIO_ATTEMPTS,
                        "Usar PIN", "Intentar de nuevo"));
            }
            case "PINInput", "PINValidating", "PINError" -> {
                texts.add("Ingresa tu PIN");
                if (message != null) texts.add(message);
                for (char key : "1234567890".toCharArray()) texts.add(String.valueOf(key));
                texts.add("Olvidaste tu PIN?");
            }
            case "PINBlocked" -> {
                texts.add("PIN bloqueado");
                if (message != null) texts.add(message);
                if (countdown != null) texts.add(countdown);
                texts.addAll(List.of("O inicia sesion nuevamente con Google o Apple.", "Iniciar sesion nuevamente"));
            }
            case "BiometricSuccess", "Success" -> texts.add("Desbloqueado");
            default -> { }
        }
        return texts;
    }

    /** The images on screen by accessibility identifier (INT-040). */
    List<String> images() {
        return switch (state) {
            case "BiometricPrompt" -> List.of("medtime_logo");
            case "BiometricFail" -> List.of("medtime_logo", osPlatform.equals("android") ? "fingerprint_error"
                    : biometricType.equals("fingerprint") ? "touch_id_error" : "face_id_error");
            case "PINInput", "PINValidating", "PINError" -> List.of("medtime_logo", "delete_key");
            case "PINBlocked" -> List.of("warning");
            case "BiometricSuccess", "Success" -> List.of("success_check");
            default -> List.of();
        };
    }

    /** §3.3, §8.1: a dot per typed digit, never the digit. */
    List<String> pinDisplay() {
        if (!onPINScreen()) return null;
        List<String> cells = new ArrayList<>();
        for (int i = 0; i < pinLength; i++) cells.add(i < digits.length() ? "dot" : "empty");
        return cells;
    }

    /** SCR-AUTH-006 §7.2's focus order with §7.1's labels ("label | hint"); INT-032 for the other screens. */
    List<String> focusOrder(Long remaining) {
        List<String> order = new ArrayList<>();
        switch (state) {
            case "BiometricPrompt" -> order.add(osPlatform.equals("android") ? "Usa tu huella para desbloquear"
                    : biometricType.equals("fingerprint") ? "Touch ID para MedTime" : "Face ID para MedTime");
            case "BiometricFail" -> order.addAll(List.of(
                    "Usar PIN | Desbloquea con tu PIN en lugar de biometria", "Intentar de nuevo"));
            case "PINInput", "PINValidating", "PINError" -> {
                order.add("Ingresa tu PIN");
                order.add("PIN de desbloqueo, " + digits.length() + " de " + pinLength + " digitos | Ingresa tu PIN");
                for (char key : "1234567890".toCharArray()) order.add(String.valueOf(key));
                order.add("Borrar | Borra el ultimo digito");
                order.add("Olvidaste tu PIN | Ir a opciones de recuperacion");
            }
            case "PINBlocked" -> {
                order.add("PIN bloqueado");
                if (remaining != null) order.add("Bloqueado. Espera " + spoken(remaining));
                order.add("Iniciar sesion nuevamente");
            }
            case "BiometricSuccess", "Success" -> order.add("Desbloqueado");
            default -> { }
        }
        return order;
    }
}

/** Just enough JSON for the protocol: objects, arrays, strings, whole numbers, booleans, null. */
final class Json {
    private final String text;
    private int at;

    private Json(String text) { this.text = text; }

    static Object parse(String text) {
        Json parser = new Json(text);
        Object value = parser.value();
        parser.space();
        if (parser.at != text.length()) throw new IllegalArgumentException("trailing text at " + parser.at);
        return value;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(Object value) { return (Map<String, Object>) value; }

    private void space() { while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++; }

    private Object value() {
        space();
        char c = text.charAt(at);
        if (c == '{') {
            Map<String, Object> map = new LinkedHashMap<>();
            at++;
            space();
            if (text.charAt(at) == '}') { at++; return map; }
            while (true) {
                space();
                String key = string();
                space();
                at++; // ':'
                map.put(key, value());
                space();
                if (text.charAt(at++) == '}') return map;
            }
        }
        if (c == '[') {
            List<Object> list = new ArrayList<>();
            at++;
            space();
            if (text.charAt(at) == ']') { at++; return list; }
            while (true) {
                list.add(value());
                space();
                if (text.charAt(at++) == ']') return list;
            }
        }
        if (c == '"') return string();
        if (text.startsWith("true", at)) { at += 4; return true; }
        if (text.startsWith("false", at)) { at += 5; return false; }
        if (text.startsWith("null", at)) { at += 4; return null; }
        int start = at;
        while (at < text.length() && (text.charAt(at) == '-' || Character.isDigit(text.charAt(at)))) at++;
        return Long.parseLong(text.substring(start, at));
    }

    private String string() {
        StringBuilder out = new StringBuilder();
        at++;
        while (true) {
            char c = text.charAt(at++);
            if (c == '"') return out.toString();
            if (c != '\\') { out.append(c); continue; }
            char e = text.charAt(at++);
            switch (e) {
                case 'n': out.append('\n'); break;
                case 't': out.append('\t'); break;
                case 'r': out.append('\r'); break;
                case 'b': out.append('\b'); break;
                case 'f': out.append('\f'); break;
                case 'u': out.append((char) Integer.parseInt(text.substring(at, at + 4), 16)); at += 4; break;
                default: out.append(e);
            }
        }
    }

    static String write(Object value) {
        StringBuilder out = new StringBuilder();
        write(value, out);
        return out.toString();
    }

    private static void write(Object value, StringBuilder out) {
        if (value == null) out.append("null");
        else if (value instanceof String) quote((String) value, out);
        else if (value instanceof Map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
                if (!first) out.append(',');
                first = false;
                quote(String.valueOf(entry.getKey()), out);
                out.append(':');
                write(entry.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof List) {
            out.append('[');
            boolean first = true;
            for (Object item : (List<?>) value) {
                if (!first) out.append(',');
                first = false;
                write(item, out);
            }
            out.append(']');
        } else out.append(value); // Long, Boolean
    }

    private static void quote(String text, StringBuilder out) {
        out.append('"');
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') out.append('\\').append(c);
            else if (c == '\n') out.append("\\n");
            else if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
            else out.append(c);
        }
        out.append('"');
    }
}
