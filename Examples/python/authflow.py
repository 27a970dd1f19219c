"""The MedTime authentication flow (UIF-AUTH-001) around the unlock screen of unlock.py.

Written from the spec and authspec's readings (docs/interpretations.md, INT-AF-nnn), not from the
Swift reference. The unlock screen is unlock.py's UnlockScreen, used as it is: the flow hands it
the unlock screen's inputs while its screen is up, and signs in through its Login.

BUGS names deliberately wrong behaviours that can be switched on to see the suite catch them.
"""

import hashlib
import hmac
import struct

from unlock import UnlockScreen, spoken  # noqa: F401  (spoken kept for drivers that extend this)

BUGS = {
    "mfa-current-step-only": "the code of the step before is refused, so a code typed as its 30 s end fails",
    "mfa-no-cooldown": "wrong codes never start the cooldown",
    "mfa-code-reused": "a code that already signed in is accepted again",
    "mfa-timeout-restarts-on-typing": "each digit typed restarts the MFA screen's 5 minutes",
    "mfa-cooldown-forgotten-on-kill": "the MFA cooldown is kept in memory only, so a kill ends it",
    "relogin-skips-mfa": "a sign-in from the PIN lock's 'Iniciar sesion' skips the MFA code",
    "cancel-shows-error": "a cancelled sign-in shows the token error's message",
    "comenzar-on-every-slide": "every slide shows Comenzar, and a tap on it goes to Login from any slide",
}

RETURNING_SPLASH = 500  # UIF-AUTH-001 §4.1: "0.5s para usuario existente" (INT-AF-001)
SPLASH = 1_500                     # UIF-AUTH-001 §6.2
MFA_SCREEN = 5 * 60_000            # §10.2
MFA_ATTEMPTS = 5                   # INT-AF-004
MFA_COOLDOWN = 30_000              # INT-AF-004
OAUTH_ERRORS = {
    "cancelled": None,
    "network": "Sin conexion. Verifica tu internet.",
    "disabled": "Tu cuenta ha sido desactivada. Contacta soporte.",
    "token": "Error de autenticacion. Intenta de nuevo.",
    "server": "Error del servidor. Intenta mas tarde.",
}
CODE_INVALID = "Codigo incorrecto. Verifica e intenta de nuevo."
CODE_EXPIRED = "Codigo expirado. Usa el codigo actual de tu app."
UNLOCK_TAPS = {"retry_biometrics", "use_pin", "forgot_pin", "login_again"}
SIGNED_OUT = {"Login", "Recovery"}
# UIF-AUTH-001 §6.1's changes of screen, on the element "screen" (INT-AF-018); the splash's
# session check is no screen of its own, so Login slides up from the splash behind it.
TRANSITIONS = {
    ("Splash", "Carousel"): {"effect": "fade_scale_up", "duration": 500, "ease": "ease_out"},
    ("Splash", "Login"): {"effect": "slide_up", "duration": 300, "ease": "ease_out"},
    ("Carousel", "Login"): {"effect": "slide_up", "duration": 300, "ease": "ease_out"},
    ("Login", "OAuth"): {"effect": "native_sheet"},
    ("OAuth", "MFA"): {"effect": "fade_slide_up", "duration": 300, "ease": "ease_out"},
    ("MFA", "Dashboard"): {"effect": "fade_scale", "duration": 250, "ease": "ease_out"},
}
# UIF-AUTH-001 §6.3's slides: title and illustration (INT-AF-015's identifiers).
SLIDES = [("Nunca olvides tus medicamentos", "slide_medicines"),
          ("Control total de tu tratamiento", "slide_statistics"),
          ("Tu salud, tu privacidad", "slide_padlock")]
# §3.2's social buttons, then the links §2 draws from Login.
LOGIN_TEXTS = ["Continuar con Google", "Continuar con Apple", "Crear cuenta", "Olvidaste acceso?"]
# §7.2's offline banner and §8.1 DISABLED's support link (INT-AF-016).
OFFLINE_BANNER = OAUTH_ERRORS["network"]
SUPPORT_LINK = "Contacta soporte"


def totp(secret, counter, digits=6):
    """RFC 4226 §5.3 over a time step (RFC 6238), HMAC-SHA1."""
    mac = hmac.new(secret, struct.pack(">Q", counter), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    number = struct.unpack(">I", mac[offset:offset + 4])[0] & 0x7FFFFFFF
    return str(number % 10 ** digits).zfill(digits)


class AuthFlow:
    def __init__(self, given, bugs, hasher):
        self.bugs = set(bugs)
        self.first_launch = given.get("first_launch", False)
        world = dict(given)
        if self.first_launch:
            world["session"] = "absent"  # nobody has signed in here yet (INT-AF-001)
        self.unlock = UnlockScreen(world, bugs, hasher)
        self.origin = given["clock"]
        self.account_exists = given.get("account", "existing") == "existing"
        self.secret = given.get("totp_secret", "12345678901234567890").encode()
        self.mfa_failures = 0
        self.mfa_blocked_until = None
        # The step of the last code accepted: none is accepted twice (RFC 6238 section 5.2).
        self.last_step = None
        self.came_from_lock = False
        # A Perfect sign-in waiting for its code since its first MFA screen (INT-AF-006).
        self.mfa_pending_since = None
        self.online = True  # the device's connection: the world's, so a kill keeps it
        self.reduced_motion = given.get("reduced_motion", False)  # the device's setting (§6.2)
        self._fresh_screen()

    def _fresh_screen(self):
        self.overlay = None
        self.splash_at = None
        self.provider = None
        self.registering = False
        self.sign_in_at = None
        self.code = ""
        self.mfa_shown_at = None
        self.message = None
        self.slide = 0  # the carousel's, from 0
        self.recovery_by_key = False  # §9.2: Recovery opened by the MFA screen's recovery key

    # -- bookkeeping -------------------------------------------------------------------------
    def _go(self, state):
        self.overlay = state
        self.unlock.log_states.append(state)

    def _event(self, name, **params):
        self.unlock.log_events.append({"name": name, "params": params})

    def _running(self):
        return self.overlay is not None or self.unlock.state != "NotRunning"

    def _on_login(self):
        return self.overlay is None and self.unlock.state == "Login"

    def _on_recovery(self):
        return self.overlay is None and self.unlock.state == "Recovery"

    def _child(self, name, argument, now):
        """One of the unlock screen's inputs, handled by the unlock screen itself."""
        before = len(self.unlock.log_states)
        getattr(self.unlock, "on_" + name)(argument, now)
        entered = self.unlock.log_states[before:]
        if entered:
            self.overlay = None
            self.message = None
        if "Login" in entered:
            self.came_from_lock = name == "tap" and argument == "login_again"
            self._event("screen_view", screen_name="login")

    # -- the protocol's entry point ----------------------------------------------------------
    def apply(self, name, argument, time_ms):
        now = self.origin + time_ms
        screen = self.unlock
        screen.log_states, screen.log_said, screen.log_events = [], [], []
        screen.log_priorities, screen.log_haptics = [], []
        screen.log_animations = {}
        shown = self.overlay or self.unlock.state
        # The screen's clock may be the wall clock (a bug of its own): its instants are moved by this.
        offset = screen._now(time_ms) - now
        self._fire_due(now, offset)
        handler = getattr(self, "on_" + name, None)
        if handler is not None:
            handler(argument, now)
        elif hasattr(screen, "on_" + name) and name != "login_completed":
            self._child(name, argument, screen._now(time_ms))
        else:
            raise NotImplementedError(name)
        for entered in screen.log_states:
            if (shown, entered) in TRANSITIONS:
                screen.log_animations["screen"] = TRANSITIONS[(shown, entered)]
            if entered != "CheckingSession":
                shown = entered
        return self._observe(now, screen._observe(screen._now(time_ms)))

    def _timers_running(self, offset):
        """Each running timer with the instant it falls due, in the order those due at one
        instant fire: the screen's (its Success delay, its lock), the splash, the MFA cooldown,
        the pending sign-in's 5 minutes, the MFA screen's."""
        timers = []
        child = self.unlock.next_deadline()
        if child is not None:
            timers.append((child - offset, "child"))
        if self.overlay == "Splash":
            timers.append((self.splash_at + (SPLASH if self.first_launch else RETURNING_SPLASH), "splash"))
        if self.overlay == "MFACooldown" and self.mfa_blocked_until is not None:
            timers.append((self.mfa_blocked_until, "cooldown"))
        if self.mfa_pending_since is not None:
            timers.append((self.mfa_pending_since + MFA_SCREEN, "pending"))
        if self.overlay in ("MFA", "MFACooldown") and self.mfa_shown_at is not None:
            timers.append((self.mfa_shown_at + MFA_SCREEN, "mfa"))
        return timers

    def _fire_due(self, now, offset):
        """Every timer due by now fires at its own instant, earliest first, each seeing what the
        ones before it left (UIF-AUTH-001 §4.1, §10.2)."""
        for _ in range(16):
            due = [(at, index, name) for index, (at, name) in enumerate(self._timers_running(offset)) if at <= now]
            if not due:
                return
            at, _, name = min(due)
            self._fire(name, at, offset)

    def _fire(self, name, at, offset):
        if name == "child":
            self.unlock._timers(at + offset)
        elif name == "splash" and self.first_launch:
            self._go("Carousel")
        elif name == "splash":
            self._fresh_screen()  # UIF-AUTH-001 §4.1's quick splash, then the check (INT-AF-001)
            self._child("launch", None, at)
        elif name == "pending":
            self.mfa_pending_since = None
        elif name == "cooldown":
            self.mfa_blocked_until = None
            self.mfa_failures = 0
            self.message = None
            self._go("MFA")
        elif name == "mfa":
            self._show_login()

    def _observe(self, now, seen):
        seen = dict(seen)
        state = self.overlay or self.unlock.state
        seen["state"] = state
        if self.overlay == "Onboarding":
            seen["navigation"] = "Onboarding"
        elif state == "Dashboard":
            seen["navigation"] = "Dashboard"
        else:
            seen["navigation"] = None
        cooldown = None
        if self.mfa_blocked_until is not None and self.mfa_blocked_until > now:
            cooldown = self.mfa_blocked_until - now
        if self.overlay == "MFACooldown" and cooldown is not None:
            seen["message"] = "Demasiados intentos. Espera %d segundos." % -(-cooldown // 1000)
        elif self.overlay is not None or self.unlock.state in SIGNED_OUT:
            seen["message"] = self.message
        if self.overlay is not None or self.unlock.state in SIGNED_OUT | {"Dashboard", "NotRunning"}:
            seen["texts"], seen["images"] = self._drawn(seen["message"])
            # A screen reader visits what the screen draws but the toast message, each by its
            # text; under the provider's sheet the sheet has the focus (INT-AF-019).
            link = [SUPPORT_LINK] if seen["message"] == OAUTH_ERRORS["disabled"] else []
            seen["focus_order"] = [] if self.overlay == "OAuth" else self._drawn(None)[0] + link
        if self.overlay is not None:
            seen["secure_window"] = None
        on_recovery = self._on_recovery()
        seen["recovery_mode"] = ("recovery_key" if self.recovery_by_key else "account") if on_recovery else None
        seen["code_entered"] = len(self.code)
        # §4.1: the cell the next digit goes into has the focus, with the numeric keyboard.
        focused = self.overlay == "MFA" and len(self.code) < 6
        seen["input_focus"] = {"field": "code_%d" % (len(self.code) + 1), "keyboard": "numeric"} if focused else None
        seen["mfa_cooldown"] = cooldown
        return seen

    def _drawn(self, message):
        """The flow's own screen: its texts in reading order and its images (INT-AF-015, INT-AF-016)."""
        shown = [message] if message else []
        if message == OAUTH_ERRORS["disabled"]:
            shown.append(SUPPORT_LINK)
        banner = [] if self.online else [OFFLINE_BANNER]
        banner_image = [] if self.online else ["offline_banner"]
        if self.overlay == "Carousel":
            title, image = SLIDES[self.slide]
            last = self.slide == len(SLIDES) - 1 or "comenzar-on-every-slide" in self.bugs
            return [title, "Saltar"] + (["Comenzar"] if last else []), [image]
        if self.overlay == "Splash":
            return [], ["medtime_logo"]
        if self.overlay == "OAuth":
            # Under the provider's sheet, the screen the sign-in began on, its button spinning.
            spinner = ["%s_button_spinner" % self.provider]
            if self.registering:
                return [], spinner
            return banner + LOGIN_TEXTS, banner_image + spinner
        if self.overlay == "Onboarding":
            return [], []
        if self.overlay is None and self.unlock.state == "Login":
            return banner + LOGIN_TEXTS + shown, banner_image
        return shown, []

    def on_connectivity(self, state, _):
        self.online = state == "online"

    def on_swipe(self, direction, _):
        if self.overlay == "Carousel":
            step = 1 if direction == "next" else -1
            self.slide = min(max(self.slide + step, 0), len(SLIDES) - 1)

    # -- lifecycle ---------------------------------------------------------------------------
    def on_launch(self, _, now):
        if self._running():
            return
        self._fresh_screen()
        self.splash_at = now
        self._go("Splash")
        # §6.2's sequence: the logo fades in and scales for 300 ms, the tagline fades in at 500 ms
        # (a returning user's splash is gone by then); reduced motion: no scale, instant fades.
        instant = self.reduced_motion
        animations = self.unlock.log_animations
        animations["logo"] = {"effect": "fade_in" if instant else "scale_fade_in", "duration": 0 if instant else 300}
        if self.first_launch:
            animations["tagline"] = {"effect": "fade_in", "delay": 500, "duration": 0 if instant else 300}
        self._event("screen_view", screen_name="splash")

    def on_kill(self, _, now):
        if not self._running():
            return
        self._fresh_screen()
        if "mfa-cooldown-forgotten-on-kill" in self.bugs:
            self.mfa_blocked_until = None
            self.mfa_failures = 0
        if self.unlock.state == "NotRunning":
            self.unlock.log_states.append("NotRunning")
        else:
            self._child("kill", None, now)

    # -- keypad: the PIN's on the unlock screen, the code's on the MFA screen -----------------
    def on_digit(self, digit, now):
        if self.overlay == "MFA":
            self._type_code(digit, now)
        elif self.overlay is None:
            self._child("digit", digit, now)

    def on_delete(self, _, now):
        if self.overlay == "MFA":
            self.code = self.code[:-1]
        elif self.overlay is None:
            self._child("delete", None, now)

    def on_clear(self, _, now):
        if self.overlay == "MFA":
            self.code = ""
        elif self.overlay is None:
            self._child("clear", None, now)

    # -- taps --------------------------------------------------------------------------------
    def on_tap(self, target, now):
        if target in UNLOCK_TAPS:
            if self.overlay is None:
                self._child("tap", target, now)
            return
        on_last = self.slide == len(SLIDES) - 1 or "comenzar-on-every-slide" in self.bugs
        if self.overlay == "Carousel" and (target == "skip" or (target == "start" and on_last)):
            self._show_login()
        elif target in ("google", "apple") and (self._on_login() or self.overlay == "Registration"):
            self.registering = self.overlay == "Registration"
            self.provider = target
            self.sign_in_at = now
            self.message = None
            self._go("OAuth")
            self._event("login_attempt", provider=target)
            self.mfa_pending_since = None
        elif target == "create_account" and self._on_login():
            self.message = None
            self._go("Registration")
        elif target == "forgot_access" and self._on_login():
            self._show_recovery()
        elif target == "use_recovery_key" and self.overlay in ("MFA", "MFACooldown"):
            self._show_recovery()
            self.recovery_by_key = True
        elif target == "back" and (self.overlay == "Registration" or self._on_recovery()):
            self._show_login()

    # -- sign-in -----------------------------------------------------------------------------
    def on_oauth(self, outcome, now):
        if self.overlay != "OAuth":
            return
        if outcome != "success":
            self._event("login_error", provider=self.provider, error_code=outcome.upper())
            message = OAUTH_ERRORS[outcome]
            if outcome == "cancelled" and "cancel-shows-error" in self.bugs:
                message = OAUTH_ERRORS["token"]
            if self.registering:
                self._go("Registration")
            else:
                self._show_login()
            self.message = message
            return
        # An existing account signs in from Registration too: the tier check applies (INT-AF-008).
        new_user = not self.account_exists
        self._event("login_success", provider=self.provider, time_ms=now - self.sign_in_at, is_new_user=new_user)
        self.first_launch = False
        skip_mfa = "relogin-skips-mfa" in self.bugs and self.came_from_lock
        if new_user:
            self.account_exists = True
            self._sign_in(now, visible=False)
            self.message = None
            self._go("Onboarding")
        elif self.unlock.device.tier == "perfect" and not skip_mfa:
            self._show_mfa(now)
        else:
            self._sign_in(now, visible=True)

    def _sign_in(self, now, visible):
        """The unlock screen's own completed login, from its Login (INT-AF-002)."""
        self.overlay = None
        self.came_from_lock = False
        self.mfa_pending_since = None
        screen = self.unlock
        screen.state = "Login"
        if visible:
            screen.on_login_completed(None, now)
        else:
            states = list(screen.log_states)
            screen.on_login_completed(None, now)
            screen.log_states = states

    def _show_login(self):
        self._fresh_screen()
        self.unlock.digits = ""
        self.unlock.message = None
        self.unlock.state = "Login"
        self.unlock.log_states.append("Login")
        self._event("screen_view", screen_name="login")

    def _show_recovery(self):
        self._fresh_screen()
        self.unlock.state = "Recovery"
        self.unlock.log_states.append("Recovery")

    def on_recovery(self, result, now):
        if result == "success" and self._on_recovery():
            self._show_login()

    def on_deep_link(self, link, now):
        if not (self._on_login() or self._on_recovery() or self.overlay in ("Carousel", "Registration")):
            return
        # The signed-out screens take links as their buttons, a lock's Login too (INT-AF-006).
        if link == "login" and not self._on_login():
            self._show_login()
        elif link == "register" and self.overlay != "Registration":
            self._fresh_screen()
            self.unlock.state = "Login"
            self._go("Registration")
        elif link == "recover" and not self._on_recovery():
            self._show_recovery()
        # Only the token issued for the sign-in awaiting its code reopens it (INT-AF-020):
        # "verify-mfa-other-token" and "verify-mfa-no-token" change nothing.
        elif link == "verify-mfa" and self.mfa_pending_since is not None:
            self._fresh_screen()
            self.unlock.state = "Login"
            self._show_mfa(now)

    def on_logout(self, _, now):
        if self.overlay is None and self.unlock.state == "Dashboard":
            self.unlock.device.session = "absent"
            self.mfa_pending_since = None
            self._show_login()

    # -- MFA ---------------------------------------------------------------------------------
    def _show_mfa(self, now):
        if self.mfa_blocked_until is not None and now >= self.mfa_blocked_until:
            self.mfa_blocked_until = None  # the cooldown ran out off the screen: counting starts again
            self.mfa_failures = 0
        self.code = ""
        self.message = None
        if self.mfa_pending_since is None:
            self.mfa_pending_since = now
        self.mfa_shown_at = self.mfa_pending_since  # §10.2's 5 minutes from the first MFA screen
        if self.mfa_blocked_until is not None and now < self.mfa_blocked_until:
            self._go("MFACooldown")
        else:
            self._go("MFA")
        self._event("screen_view", screen_name="mfa")

    def _type_code(self, digit, now):
        if len(self.code) >= 6:
            return
        self.code += str(digit)
        self.message = None
        if "mfa-timeout-restarts-on-typing" in self.bugs:
            self.mfa_shown_at = now
        if len(self.code) == 6:
            self._submit(now)

    def _submit(self, now):
        typed, self.code = self.code, ""
        self._event("mfa_attempt")
        step = now // 1000 // 30
        accepted = 0 if "mfa-current-step-only" in self.bugs else 1
        matched = next((step - back for back in range(accepted + 1) if totp(self.secret, step - back) == typed), None)
        reused = matched is not None and self.last_step is not None and matched <= self.last_step
        if matched is not None and (not reused or "mfa-code-reused" in self.bugs):
            self._event("mfa_success", time_ms=now - self.mfa_shown_at)
            self.mfa_failures = 0
            self.last_step = matched
            self._sign_in(now, visible=True)
            return
        expired = any(totp(self.secret, step - back) == typed for back in range(accepted + 1, 11))
        self.mfa_failures += 1
        self._event("mfa_error", error_type="expired" if expired else "invalid")
        self.message = CODE_EXPIRED if expired else CODE_INVALID
        self.unlock.log_animations["code_cells"] = {"effect": "shake"}  # §7.3 Error: shake + message
        if self.mfa_failures >= MFA_ATTEMPTS and "mfa-no-cooldown" not in self.bugs:
            self.mfa_blocked_until = now + MFA_COOLDOWN
            self._event("mfa_error", error_type="too_many_attempts")
            self._go("MFACooldown")
