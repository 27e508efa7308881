"""Settings that stick (saved in prefs.json with the rest of the preferences): text size,
colour-blind-safe palette, sound, how long a combat's result stays on screen, and the
rules hints (a keyword explains itself on hover: adventures/app/glossary_view.py)."""
from __future__ import annotations

from adventures.app import glossary_view
from adventures.app import theme as T
from adventures.app.overlays import CLOSE, ButtonOverlay

COMBAT_SECONDS = (1, 2, 3, 5)      # how long a combat's result is held ("Continue (Space)" ends it)
DEFAULT_COMBAT_SECONDS = 2


def combat_ms(prefs: dict) -> int:
    seconds = prefs.get("combat_seconds", DEFAULT_COMBAT_SECONDS)
    return int(1000 * (seconds if seconds in COMBAT_SECONDS else DEFAULT_COMBAT_SECONDS))


def apply(app) -> None:
    """Apply the saved settings (bad values fall back to the defaults)."""
    prefs = app.prefs
    prefs["ui_scale"] = T.set_scale(prefs.get("ui_scale", 1.0))
    prefs["palette"] = T.set_palette(str(prefs.get("palette", "standard")))
    if prefs.get("combat_seconds") not in COMBAT_SECONDS:
        prefs["combat_seconds"] = DEFAULT_COMBAT_SECONDS
    prefs.pop("combat_hold", None)          # the old "stays until closed" setting is gone
    prefs["sound"] = bool(prefs.get("sound", True))
    prefs["rule_hints"] = bool(prefs.get("rule_hints", True))
    glossary_view.set_enabled(prefs["rule_hints"])
    sounds = getattr(app, "sounds", None)
    if sounds is not None:
        sounds.enabled = prefs["sound"]


def toggle(app, key: str) -> None:
    prefs = app.prefs
    if key == "ui_scale":
        i = T.SCALES.index(T.SCALE) if T.SCALE in T.SCALES else 1
        prefs["ui_scale"] = T.SCALES[(i + 1) % len(T.SCALES)]
    elif key == "palette":
        prefs["palette"] = "colour-blind" if prefs.get("palette") != "colour-blind" else "standard"
    elif key == "sound":
        prefs["sound"] = not prefs.get("sound", True)
    elif key == "rule_hints":
        prefs["rule_hints"] = not prefs.get("rule_hints", True)
    elif key == "combat_seconds":
        i = COMBAT_SECONDS.index(prefs["combat_seconds"]) if prefs.get("combat_seconds") in COMBAT_SECONDS else 0
        prefs["combat_seconds"] = COMBAT_SECONDS[(i + 1) % len(COMBAT_SECONDS)]
    apply(app)


def settings_overlay(app) -> ButtonOverlay:
    prefs = app.prefs
    sounds = getattr(app, "sounds", None)
    sound = "on" if prefs.get("sound", True) else "off (muted)"
    if sounds is not None and not sounds.available:
        sound += " · no audio device"
    return ButtonOverlay("Settings", [
        (f"Text size: {int(round(T.SCALE * 100))}%", ("setting", "ui_scale")),
        (f"Colours: {prefs.get('palette', 'standard')}", ("setting", "palette")),
        (f"Sound: {sound}  (M)", ("setting", "sound")),
        (f"Combat result stays: {combat_ms(prefs) // 1000} s", ("setting", "combat_seconds")),
        (f"Rules hints: {'on' if prefs.get('rule_hints', True) else 'off'}", ("setting", "rule_hints")),
        ("Back", CLOSE),
    ], ["Saved for next time. The colour-blind-safe palette keeps the four seats apart under red-green colour blindness.",
        "Rules hints: a dotted word on a card or in a question explains itself when the mouse rests on it."],
        width=460)
