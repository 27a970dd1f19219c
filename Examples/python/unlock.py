"""The MedTime unlock screen (SCR-AUTH-006), written from the spec for the authspec example driver.

This is an independent implementation: it follows the spec documents and the readings listed in
authspec's docs/interpretations.md (INT-nnn), not the Swift reference's code. Times are virtual
milliseconds since 1970; nothing here reads a real clock.

BUGS names deliberately wrong behaviours that can be switched on to see the suite catch them.
"""

import ctypes
import ctypes.util
import os

BUGS = {
    "kill-resets-failures": "the PIN failure count is kept in memory only, so a kill resets the escalation",
    "lock-from-first-failure": "the lock is measured from the first failure of the run instead of the last",
    "eighth-gives-15-min": "the lock table stops at 15 minutes, so the 8th failure gives 15 min instead of 1 h",
    "cancel-counts-as-failure": "cancelling the biometric prompt counts as a failed biometric attempt",
    "announce-failures-not-left": "the wrong-PIN announcement says how many failures, not how many attempts are left",
    "countdown-off-by-one": "the countdown rounds the time left down, one second short",
    "bio-after-lockout": "a platform biometric lockout is forgotten, so biometrics are offered again",
    "relogin-clears-lock": "tapping 'Iniciar sesion nuevamente' lifts the lock before any login",
    "dashboard-immediately": "Success goes to the Dashboard at once instead of after 0.5 s",
    "inactivity-exclusive": "exactly 5 minutes in the background does not ask to unlock again",
    "perfect-30-days": "Perfect-tier sessions last 30 days like Pro ones",
    "two-bio-attempts": "the PIN fallback comes after 2 biometric failures instead of 3",
    "forged-callback-unlocks": "a success callback is trusted without the key it should release (a boolean, not a key)",
    "key-survives-enrolment": "the biometric key is not bound to the enrolment, so a new face or finger still unlocks",
    "wall-clock-timers": "locks, sessions and the inactivity timeout are measured on the wall clock the user can set",
    "unbound-prompt": "the biometric prompt is raised with no key bound to it: a boolean callback, whatever follows",
    "link-touch-target-40dp": "the forgotten-PIN link's touch target is 40dp high, under SCR-AUTH-006 §3.6's 44dp",
}

# What the screen animates on a move (SCR-AUTH-006 §5.2; §3.7 for the check), by element.
ANIMATIONS = {
    ("CheckingSession", "BiometricPrompt"): ("biometric_prompt", {"effect": "fade_in", "duration": 250}),
    ("BiometricSuccess", "Success"): ("success_icon", {"effect": "scale_fade_in", "duration": 200}),
    ("PINValidating", "Success"): ("success_icon", {"effect": "scale_fade_in", "duration": 200}),
    ("BiometricPrompt", "PINInput"): ("unlock_screen", {"effect": "fade", "duration": 250}),
    ("PINValidating", "PINError"): ("pin_cells", {"effect": "shake", "duration": 400}),
    ("Success", "Dashboard"): ("unlock_screen", {"effect": "fade_out", "duration": 250}),
}

MINUTE = 60_000
DAY = 86_400_000
LOCK_AFTER = 5                     # SCR-AUTH-006 §6.1.2
LOCKS = {5: 1, 6: 5, 7: 15}        # minutes; 8 and beyond: 60
BIO_ATTEMPTS = 3                   # SCR-AUTH-006 §6.1.1

# What each platform error means to the screen (LocalAuthentication's LAError codes, androidx.biometric's
# BiometricPrompt codes and its failure callback), as the reaction of a plain biometric result.
PLATFORM_ERRORS = {
    "ios.LAError.userCancel": "cancel",
    "ios.LAError.userFallback": "use_pin",
    "ios.LAError.systemCancel": "cancel",
    "ios.LAError.appCancel": "cancel",
    "ios.LAError.authenticationFailed": "failure",
    "ios.LAError.biometryNotAvailable": "not_available",
    "ios.LAError.biometryNotEnrolled": "not_enrolled",
    "ios.LAError.biometryLockout": "lockout",
    "ios.LAError.passcodeNotSet": "not_available",
    "ios.LAError.invalidContext": "not_available",
    "ios.LAError.notInteractive": "not_available",
    "android.BiometricPrompt.ERROR_HW_UNAVAILABLE": "not_available",
    "android.BiometricPrompt.ERROR_HW_NOT_PRESENT": "not_available",
    "android.BiometricPrompt.ERROR_NO_BIOMETRICS": "not_enrolled",
    "android.BiometricPrompt.ERROR_LOCKOUT": "lockout",
    "android.BiometricPrompt.ERROR_LOCKOUT_PERMANENT": "lockout",
    "android.BiometricPrompt.ERROR_NEGATIVE_BUTTON": "use_pin",
    "android.BiometricPrompt.ERROR_USER_CANCELED": "cancel",
    "android.BiometricPrompt.ERROR_CANCELED": "cancel",
    "android.BiometricPrompt.ERROR_TIMEOUT": "cancel",
    "android.AuthenticationCallback.onAuthenticationFailed": "failure",
}
SUCCESS_DELAY = 500                # SCR-AUTH-006 §2.5
INACTIVITY = 5 * MINUTE            # UIF-AUTH-001 §10.2
SESSION_DAYS = {"pro": 30, "perfect": 7}

SENSOR_UNAVAILABLE = "Sensor no disponible. Usa tu PIN."
BIO_LOCKED = "Biometria bloqueada. Usa tu PIN."
NOT_RECOGNISED = "No reconocido. Intenta de nuevo."
FALLBACK_TEXT = "Biometria no disponible. Usa tu PIN para desbloquear."
BLOCKED_TEXT = "Has excedido el numero de intentos de PIN. Espera antes de reintentar."
DESTINATIONS = {"Dashboard": "Dashboard", "Login": "Login", "Recovery": "Recovery"}

# What a screen reader visits, in order: label, and " | hint" where SCR-AUTH-006 §7.1 gives one
# (§7.2 orders them; INT-032 fills the screens §7.2 does not list).
# SCR-AUTH-006 §7.1 (per platform), §3.2.1 (Touch ID), §7.3 (INT-011).
PROMPT_LABELS = {
    ("ios", "face"): "Face ID para MedTime",
    ("ios", "fingerprint"): "Touch ID para MedTime",
    ("android", "face"): "Usa tu huella para desbloquear",
    ("android", "fingerprint"): "Usa tu huella para desbloquear",
}
PROMPT_ANNOUNCEMENTS = {
    ("ios", "face"): "Usa Face ID para desbloquear MedTime",
    ("ios", "fingerprint"): "Usa Touch ID para desbloquear MedTime",
    ("android", "face"): "Usa tu huella para desbloquear",
    ("android", "fingerprint"): "Usa tu huella para desbloquear",
}
USE_PIN = "Usar PIN | Desbloquea con tu PIN en lugar de biometria"
# What the app passes to the platform for the prompt (SCR-AUTH-006 §3.2, §8.2, §10; INT-040).
PROMPT_FIELDS = ["policy", "authenticators", "reason", "fallback_title", "cancel_title", "title", "subtitle",
                 "negative_button", "key_bound"]
ALTERNATIVE_LOGIN = "O inicia sesion nuevamente con Google o Apple."
KEYPAD = [str(d) for d in "1234567890"]
PIN_SCREEN_KEYS = [str(d) for d in "1234567890"] + ["Borrar | Borra el ultimo digito",
                                                    "Olvidaste tu PIN | Ir a opciones de recuperacion"]


class Argon2id:
    """PIN hashing with the system's libargon2 (Debian's libargon2-1): Argon2id, t=1, p=1, and
    memory_kib of memory (1024 by default, like authspec's light profile)."""

    def __init__(self, memory_kib=1024):
        self.memory_kib = memory_kib
        path = ctypes.util.find_library("argon2") or "libargon2.so.1"
        self.lib = ctypes.CDLL(path)
        u32, size = ctypes.c_uint32, ctypes.c_size_t
        self.lib.argon2id_hash_encoded.argtypes = [u32, u32, u32, ctypes.c_char_p, size, ctypes.c_char_p, size, size,
                                                   ctypes.c_char_p, size]
        self.lib.argon2id_hash_encoded.restype = ctypes.c_int
        self.lib.argon2id_verify.argtypes = [ctypes.c_char_p, ctypes.c_char_p, size]
        self.lib.argon2id_verify.restype = ctypes.c_int

    def hash(self, pin):
        salt = os.urandom(16)
        out = ctypes.create_string_buffer(128)
        code = self.lib.argon2id_hash_encoded(1, self.memory_kib, 1, pin.encode(), len(pin), salt, len(salt), 32, out, len(out))
        if code != 0:
            raise RuntimeError("argon2 error %d" % code)
        return out.value

    def verify(self, pin, encoded):
        return self.lib.argon2id_verify(encoded, pin.encode(), len(pin)) == 0


def lock_minutes(failures, bugs):
    if failures < LOCK_AFTER:
        return None
    if "eighth-gives-15-min" in bugs:
        return LOCKS.get(failures, 15)
    return LOCKS.get(failures, 60)


def spoken(ms):
    seconds = -(-ms // 1000)
    parts = []
    for amount, one, many in ((seconds // 3600, "hora", "horas"), (seconds % 3600 // 60, "minuto", "minutos"),
                              (seconds % 60, "segundo", "segundos")):
        if amount:
            parts.append("%d %s" % (amount, one if amount == 1 else many))
    return " ".join(parts) or "0 segundos"


class Device:
    """What outlives the app's process: keychain, preferences, the session, the OS biometrics."""

    def __init__(self, given, hasher, now):
        pin = given["pin"]
        self.pin_hash = hasher.hash(pin)
        self.pin_length = given["pin_length"]
        self.failures = given["pin_failures"]
        self.first_failure_at = now if self.failures else None
        self.blocked_until = now + given["blocked_for"] if given.get("blocked_for") is not None else None
        self.biometric_enabled = given["biometric_enabled"]
        self.biometric_type = given["biometric_type"]
        self.tier = given["tier"]
        self.session = given["session"]
        self.session_started = now - given["session_age"]
        self.platform = given["biometric_status"]
        # The keystore's biometric key (004) and how far the user has set the wall clock.
        self.key_valid = True
        self.new_key_awaits_login = False
        self.wall_clock_offset = 0
        self.os_platform = given.get("platform", "ios")
        # The device's screen in dp, which a UI-level run chooses (INT-041).
        self.screen = (given.get("screen_width", 360), given.get("screen_height", 800))


class UnlockScreen:
    def __init__(self, given, bugs, hasher):
        self.bugs = set(bugs)
        self.hasher = hasher
        # What the current input started on each element (the flow adds its own, UIF-AUTH-001 §6.1, §6.2).
        self.log_animations = {}
        self.device = Device(given, hasher, given["clock"])
        self.origin = given["clock"]
        self.process_alive = False
        self.volatile_failures = self.device.failures
        self._new_screen()
        self.state = "NotRunning"

    # -- bookkeeping -------------------------------------------------------------------------
    def _new_screen(self):
        self.state = "CheckingSession"
        self.digits = ""
        self.bio_failures = 0
        self.message = None
        self.shown_at = None
        self.success_at = None
        self.away_since = None

    def _go(self, state):
        # SCR-AUTH-006 §5.2's animations, and §3.7's for the check, as the screen starts them.
        animation = ANIMATIONS.get((self.state, state))
        if animation:
            self.log_animations[animation[0]] = animation[1]
        self.state = state
        self.log_states.append(state)

    def _say(self, text, priority="high"):
        """An announcement with its SCR-AUTH-006 §7.3 priority: high, but medium for digits."""
        self.log_said.append(text)
        self.log_priorities.append(priority)

    def _event(self, name, **params):
        self.log_events.append({"name": name, "params": params})

    @property
    def failures(self):
        return self.volatile_failures if "kill-resets-failures" in self.bugs else self.device.failures

    @failures.setter
    def failures(self, value):
        self.volatile_failures = value
        self.device.failures = value

    # -- the protocol's entry point ----------------------------------------------------------
    def apply(self, name, argument, time_ms):
        now = self._now(time_ms)
        self.log_states, self.log_said, self.log_events = [], [], []
        self.log_priorities, self.log_haptics = [], []
        self.log_animations = {}
        self._timers(now)
        handler = getattr(self, "on_" + name, None)
        if handler is None:
            raise NotImplementedError(name)
        handler(argument, now)
        return self._observe(self._now(time_ms))

    def _now(self, time_ms):
        """Elapsed time (INT-022); the wall clock only with the bug that reads it."""
        offset = self.device.wall_clock_offset if "wall-clock-timers" in self.bugs else 0
        return self.origin + time_ms + offset

    def next_deadline(self):
        """The instant the running timer falls due (the Success delay's end, the lock's), or None."""
        if self.state == "Success":
            return self.success_at + (0 if "dashboard-immediately" in self.bugs else SUCCESS_DELAY)
        if self.state == "PINBlocked" and self.device.blocked_until is not None:
            return self.device.blocked_until
        return None

    def _timers(self, now):
        due = self.next_deadline()
        if due is None or now < due:
            return
        if self.state == "Success":
            self._go("Dashboard")
        else:
            self.device.blocked_until = None
            self.message = None
            self._go("PINInput")

    def _observe(self, now):
        remaining = None
        if self.device.blocked_until is not None and self.device.blocked_until > now:
            remaining = self.device.blocked_until - now
        countdown = None
        if self.state == "PINBlocked" and remaining is not None:
            seconds = remaining // 1000 if "countdown-off-by-one" in self.bugs else -(-remaining // 1000)
            countdown = "%02d:%02d" % (seconds // 60, seconds % 60)
        if remaining is not None:
            attempts = 0
        else:
            attempts = max(LOCK_AFTER - self.failures, 1)
        bio_limit = 2 if "two-bio-attempts" in self.bugs else BIO_ATTEMPTS
        return {
            "state": self.state,
            "states": self.log_states,
            "navigation": DESTINATIONS.get(self.state),
            "pin_entered": len(self.digits),
            "pin_attempts_left": attempts,
            "bio_attempts_left": max(bio_limit - self.bio_failures, 0),
            "lock_remaining": remaining,
            "countdown": countdown,
            "message": None if self.state in DESTINATIONS else self.message,  # INT-017
            "announcements": self.log_said,
            "events": self.log_events,
            "biometrics_enabled": self.device.biometric_enabled and self._key_valid()
            and self.device.biometric_type != "none",
            "focus_order": self._focus_order(remaining),
            # SCR-AUTH-006 §8.1 while this screen shows; not this screen's rule elsewhere (INT-033).
            "secure_window": None if self.state in DESTINATIONS or self.state == "NotRunning" else True,
            "announcement_priorities": self.log_priorities,
            "haptics": self.log_haptics,
            "prompt_request": self._prompt_request(),
            "texts": self._texts(countdown, bio_limit),
            "images": self._images(),
            "pin_display": self._pin_display(),
            "store": self._store(remaining),
            "frames": self._frames(),
            "a11y_audit": self._a11y_audit(),
            "key_access": self._key_access(),
            "animations": self.log_animations,
        }

    # What a UI-level driver measures on the drawn screen (profile ui): whole dp and sp, every
    # element with its full frame, as XCUIElement.frame or a view's bounds would give them.
    def _frames(self):
        width, height = self.device.screen
        logo = {"x": (width - 60 + 1) // 2, "y": (height * 15 + 50) // 100, "width": 60, "height": 60}
        if self.state in ("BiometricPrompt", "BiometricFail"):
            return {"logo": logo}
        if self.state in ("PINInput", "PINValidating", "PINError"):
            frames = {"logo": logo, "title": {"x": 24, "y": logo["y"] + 84, "width": width - 48, "height": 28,
                                              "font_size": 20}}
            cells = self.device.pin_length
            left = (width - (cells * 44 + (cells - 1) * 12)) // 2
            for cell in range(cells):
                frames["pin_cell_%d" % (cell + 1)] = {"x": left + cell * 56, "y": logo["y"] + 132, "width": 44,
                                                     "height": 52}
            keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", None, "0", "delete"]
            left = (width - (3 * 72 + 2 * 24)) // 2
            for index, key in enumerate(keys):
                if key is None:
                    continue
                frame = {"x": left + (index % 3) * 96, "y": logo["y"] + 216 + (index // 3) * 72, "width": 72,
                         "height": 56}
                if key != "delete":
                    frame["font_size"] = 20
                frames["key_" + key] = frame
            frames["forgot_pin"] = {"x": (width - 140) // 2, "y": logo["y"] + 516, "width": 140, "height": 20,
                                    "font_size": 14}
            return frames
        if self.state == "PINBlocked":
            return {"title": {"x": 24, "y": 200, "width": width - 48, "height": 28, "font_size": 20},
                    "countdown": {"x": (width - 120) // 2, "y": 260, "width": 120, "height": 40, "font_size": 30}}
        if self.state in ("BiometricSuccess", "Success"):
            return {"success_icon": {"x": (width - 64) // 2, "y": (height - 64) // 2, "width": 64, "height": 64}}
        return {}

    def _a11y_audit(self):
        """Contrast ratios times 100 and touch targets, as the platform's accessibility audit reports them."""
        frames = self._frames()
        audit = {name: {"contrast_x100": 1610} for name in frames if name not in ("logo", "success_icon")}
        if "forgot_pin" in audit:
            audit["forgot_pin"] = {"contrast_x100": 460, "touch_width": 140,
                                   "touch_height": 40 if "link-touch-target-40dp" in self.bugs else 44}
        return audit

    def _key_access(self):
        """The biometric key item's access control (003, 004): null with no key."""
        if not self._store(None)["biometric_key"]:
            return None
        return {"user_authentication_required": True, "passcode_required": True, "this_device_only": True}

    def _prompt_request(self):
        """What was passed to LAContext / BiometricPrompt for the prompt on screen."""
        if self.state != "BiometricPrompt":
            return None
        request = dict.fromkeys(PROMPT_FIELDS)
        if self.device.os_platform == "ios":
            request.update(policy="deviceOwnerAuthenticationWithBiometrics",
                           reason=PROMPT_LABELS["ios", self.device.biometric_type],
                           fallback_title="Usar PIN", cancel_title="Cancelar")
        else:
            request.update(authenticators=["BIOMETRIC_STRONG"], title="Desbloquear MedTime",
                           subtitle="Usa tu huella o rostro", negative_button="Usar PIN")
        request["key_bound"] = "unbound-prompt" not in self.bugs
        return request

    def _texts(self, countdown, bio_limit):
        message = [self.message] if self.message else []
        if self.state == "BiometricFail":
            left = max(bio_limit - self.bio_failures, 0)
            return message + ["Intentos: %d de %d" % (left, bio_limit), "Usar PIN", "Intentar de nuevo"]
        if self.state in ("PINInput", "PINValidating", "PINError"):
            return ["Ingresa tu PIN"] + message + KEYPAD + ["Olvidaste tu PIN?"]
        if self.state == "PINBlocked":
            timer = [countdown] if countdown else []
            return ["PIN bloqueado"] + message + timer + [ALTERNATIVE_LOGIN, "Iniciar sesion nuevamente"]
        if self.state in ("BiometricSuccess", "Success"):
            return ["Desbloqueado"]
        return []

    def _images(self):
        if self.state == "BiometricPrompt":
            return ["medtime_logo"]
        if self.state == "BiometricFail":
            if self.device.os_platform == "android":
                icon = "fingerprint_error"
            else:
                icon = "touch_id_error" if self.device.biometric_type == "fingerprint" else "face_id_error"
            return ["medtime_logo", icon]
        if self.state in ("PINInput", "PINValidating", "PINError"):
            return ["medtime_logo", "delete_key"]
        if self.state == "PINBlocked":
            return ["warning"]
        if self.state in ("BiometricSuccess", "Success"):
            return ["success_check"]
        return []

    def _pin_display(self):
        if self.state not in ("PINInput", "PINValidating", "PINError"):
            return None
        typed = len(self.digits)
        return ["dot" if cell < typed else "empty" for cell in range(self.device.pin_length)]

    def _store(self, remaining):
        # A key that needs a device passcode (004's iOS code) cannot exist without one.
        key = (self.device.biometric_enabled and self._key_valid() and self.device.biometric_type != "none"
               and self.device.platform != "passcode_not_set")
        return {
            "pin_hash": "argon2id" if self.device.pin_hash.startswith(b"$argon2id$") else "plain",
            "pin_location": "secure_storage",
            "session_token_location": None if self.device.session == "absent" else "secure_storage",
            "pin_failures": self.device.failures,
            "lock_stored": remaining is not None,
            "biometric_key": key,
            "key_invalidated_by_enrolment": ("key-survives-enrolment" not in self.bugs) if key else None,
            "key_hardware_backed": True if key else None,
            "key_this_device_only": True if key else None,
            "secrets_in_preferences": [],
        }

    def _focus_order(self, remaining):
        if self.state == "BiometricPrompt":
            return [PROMPT_LABELS[self.device.os_platform, self.device.biometric_type]]
        if self.state == "BiometricFail":
            return [USE_PIN, "Intentar de nuevo"]
        if self.state in ("PINInput", "PINValidating", "PINError"):
            field = "PIN de desbloqueo, %d de %d digitos | Ingresa tu PIN" % (len(self.digits), self.device.pin_length)
            return ["Ingresa tu PIN", field] + PIN_SCREEN_KEYS
        if self.state == "PINBlocked":
            timer = ["Bloqueado. Espera " + spoken(remaining)] if remaining is not None else []
            return ["PIN bloqueado"] + timer + ["Iniciar sesion nuevamente"]
        if self.state in ("BiometricSuccess", "Success"):
            return ["Desbloqueado"]
        return []

    # -- process lifecycle -------------------------------------------------------------------
    def on_launch(self, _, now):
        if self.state != "NotRunning":
            return
        self._new_screen()
        self._go("CheckingSession")
        self._route(now)

    def on_kill(self, _, now):
        if self.state == "NotRunning":
            return
        # The process dies: everything on screen goes, only the Device's state is left.
        self.volatile_failures = 0
        self._new_screen()
        self._go("NotRunning")

    def on_background(self, _, now):
        if self.state != "NotRunning" and self.away_since is None:
            self.away_since = now

    def on_foreground(self, _, now):
        if self.away_since is None:
            return
        away = now - self.away_since
        self.away_since = None
        expired = away > INACTIVITY if "inactivity-exclusive" in self.bugs else away >= INACTIVITY
        # Every resume checks the session (INT-035); 5 minutes away asks to unlock again (INT-013).
        if self.state == "Dashboard" and (expired or not self._session_valid(now)):
            self._new_screen()
            self._go("CheckingSession")
            self._route(now)

    def on_advance(self, _, now):
        pass

    def _session_valid(self, now):
        days = 30 if "perfect-30-days" in self.bugs else SESSION_DAYS[self.device.tier]
        return self.device.session == "valid" and now - self.device.session_started < days * DAY

    def _route(self, now):
        if not self._session_valid(now):
            self._go("Login")
            return
        self.shown_at = now
        self._event("screen_view", screen_name="biometric_unlock")
        if not self.device.biometric_enabled or self.device.biometric_type == "none":
            self._start_pin(now)
        elif not self._key_valid():
            self._key_gone(now)
        elif self.device.platform in ("not_available", "not_enrolled", "passcode_not_set"):
            self._to_pin("failed", SENSOR_UNAVAILABLE, now)
        elif self.device.platform == "lockout":
            self._to_pin("failed", BIO_LOCKED, now)
        else:
            self._prompt()

    # -- biometrics --------------------------------------------------------------------------
    def _prompt(self):
        self.message = None
        self._go("BiometricPrompt")
        kind = self.device.biometric_type
        self._say(PROMPT_ANNOUNCEMENTS[self.device.os_platform, kind])
        self._event("biometric_attempt", type=kind)

    def _to_pin(self, reason, message, now):
        if self._start_pin(now):
            self.message = message
            self._say("Usa tu PIN para desbloquear")
        self._event("biometric_to_pin", reason=reason)

    def _start_pin(self, now):
        """A persisted lock is checked where the PIN screen starts (SCR-AUTH-006 §6.2, INT-004)."""
        if self.device.blocked_until is not None:
            if now < self.device.blocked_until:
                self._blocked(self.device.blocked_until - now)
                return False
            self.device.blocked_until = None
        self._go("PINInput")
        return True

    def on_biometric(self, outcome, now):
        if self.state != "BiometricPrompt":
            return
        if outcome == "cancel" and "cancel-counts-as-failure" in self.bugs:
            outcome = "failure"
        kind = self.device.biometric_type
        if outcome == "success_without_key" and "forged-callback-unlocks" in self.bugs:
            outcome = "success"
        if outcome == "success" and not self._key_valid():
            self._key_gone(now)
        elif outcome == "success_without_key":
            # No key was released, so nothing proves the user (004, INT-021); the key is intact.
            self._to_pin("failed", FALLBACK_TEXT, now)
        elif outcome == "success":
            self._go("BiometricSuccess")
            self._event("biometric_success", type=kind, time_ms=now - self.shown_at)
            self._unlocked("biometric", now)
        elif outcome == "failure":
            self.bio_failures += 1
            self._go("BiometricFail")
            self._event("biometric_failure", type=kind, attempt_number=self.bio_failures)
            limit = 2 if "two-bio-attempts" in self.bugs else BIO_ATTEMPTS
            if self.bio_failures >= limit:
                self._to_pin("failed", FALLBACK_TEXT, now)
            else:
                self.message = NOT_RECOGNISED
                self._say("No reconocido. %d intentos restantes" % (limit - self.bio_failures))
        elif outcome in ("cancel", "use_pin"):
            self._to_pin("cancelled", None, now)
        elif outcome in ("not_available", "not_enrolled"):
            self._to_pin("failed", SENSOR_UNAVAILABLE, now)
        elif outcome == "lockout":
            if "bio-after-lockout" not in self.bugs:
                self.device.platform = "lockout"
            self._to_pin("failed", BIO_LOCKED, now)
        else:
            raise ValueError("unknown biometric outcome %r" % outcome)

    def _key_valid(self):
        return self.device.key_valid or "key-survives-enrolment" in self.bugs

    def _key_gone(self, now):
        """The platform invalidated the key (004): biometrics off until a login and the toggle (INT-021)."""
        self.device.biometric_enabled = False
        self.device.new_key_awaits_login = True
        self._to_pin("failed", FALLBACK_TEXT, now)

    def on_enrolment_changed(self, _, now):
        self.device.key_valid = False

    def on_enable_biometrics(self, _, now):
        if self.state == "Dashboard" and not self.device.new_key_awaits_login:
            self.device.biometric_enabled = True
            self.device.key_valid = True

    def on_platform_lockout_ended(self, _, now):
        if self.device.platform == "lockout":
            self.device.platform = "available"

    def on_clock_forward(self, amount, now):
        self.device.wall_clock_offset += amount

    def on_clock_back(self, amount, now):
        self.device.wall_clock_offset -= amount

    def on_biometric_error(self, code, now):
        """A platform's raw biometric error: the app's own table decides what it means."""
        if code not in PLATFORM_ERRORS:
            raise ValueError("unknown platform error %r" % code)
        self.on_biometric(PLATFORM_ERRORS[code], now)

    def on_tap(self, target, now):
        limit = 2 if "two-bio-attempts" in self.bugs else BIO_ATTEMPTS
        if target == "retry_biometrics" and self.state == "BiometricFail" and self.bio_failures < limit:
            self._prompt()
        elif target == "use_pin" and self.state == "BiometricFail":
            self._to_pin("cancelled", None, now)
        elif target == "forgot_pin" and self.state == "PINInput":
            self.digits = ""
            self._go("Recovery")
        elif target == "login_again" and self.state == "PINBlocked":
            if "relogin-clears-lock" in self.bugs:
                self.device.blocked_until = None
                self.failures = 0
            self._go("Login")

    def on_login_completed(self, _, now):
        if self.state != "Login":
            return
        self.device.session = "valid"
        self.device.session_started = now
        self.failures = 0
        self.device.blocked_until = None
        self.device.new_key_awaits_login = False
        self._go("Dashboard")

    # -- PIN ---------------------------------------------------------------------------------
    def on_digit(self, digit, now):
        if self.state != "PINInput" or len(self.digits) >= self.device.pin_length:
            return
        self.log_haptics.append("key")  # SCR-AUTH-006 §3.4: every key
        self.digits += str(digit)
        self.message = None
        self._say("Digito %d de %d" % (len(self.digits), self.device.pin_length), "medium")
        if len(self.digits) == self.device.pin_length:
            self._check(now)

    def on_delete(self, _, now):
        if self.state == "PINInput":
            self.log_haptics.append("key")
            self.digits = self.digits[:-1]

    def on_clear(self, _, now):
        if self.state == "PINInput":
            self.log_haptics.append("key")
            self.digits = ""

    def _check(self, now):
        typed, self.digits = self.digits, ""
        self._go("PINValidating")
        self._event("pin_attempt")
        if self.hasher.verify(typed, self.device.pin_hash):
            self._event("pin_success", time_ms=now - self.shown_at, attempts_used=self.failures + 1)
            self._unlocked("pin", now)
            return
        self.failures += 1
        if self.failures == 1 or self.device.first_failure_at is None:
            self.device.first_failure_at = now
        self._go("PINError")
        self._event("pin_failure", attempt_number=self.failures)
        minutes = lock_minutes(self.failures, self.bugs)
        if minutes is None:
            left = LOCK_AFTER - self.failures
            shown = self.failures if "announce-failures-not-left" in self.bugs else left
            self.message = "PIN incorrecto. %d intentos restantes" % left
            self._go("PINInput")
            self._say("PIN incorrecto. %d intentos restantes" % shown)
            return
        start = self.device.first_failure_at if "lock-from-first-failure" in self.bugs else now
        self.device.blocked_until = start + minutes * MINUTE
        self._event("pin_blocked", duration_seconds=minutes * 60)
        self._blocked(minutes * MINUTE)

    def _blocked(self, remaining):
        self.digits = ""
        self.message = BLOCKED_TEXT
        self._go("PINBlocked")
        self._say("PIN bloqueado. Espera " + spoken(remaining))

    def _unlocked(self, method, now):
        if not self._session_valid(now):
            # The session ran out while the screen was up: Login, not the Dashboard (INT-023).
            self.message = None
            self._go("Login")
            return
        self.failures = 0
        self.device.first_failure_at = None
        self.device.blocked_until = None
        self.message = None
        self.success_at = now
        self._go("Success")
        self.log_haptics.append("success")  # SCR-AUTH-006 §3.7
        self._say("Desbloqueado")
        self._event("unlock_success", method=method)
