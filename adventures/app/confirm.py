"""The question asked before another game replaces the game in progress."""
from __future__ import annotations

from adventures.app.keep import describe_in_progress
from adventures.app.overlays import CLOSE, ButtonOverlay


def replace_game_overlay(what: str, value) -> ButtonOverlay:
    """`what`: 'Start a new game', 'Load this save'...; `value` is returned on yes."""
    return ButtonOverlay(f"{what}?", [
        ("Keep my game as a save, then go on", ("confirmed", value)),
        ("Back", CLOSE),
    ], [f"A game is in progress ({describe_in_progress()}).",
        "It will be kept in the saves folder (Load game… lists it) before the other game takes its place."],
        width=520)
