"""A guided first game (issue 40 item 7): "Learn to play" on the new-game screen.

Solo Leonardo against Shredder (and Wingnut) on a fixed seed, at the easy level. It is a
real game: nothing is scripted and nothing waits. At each new kind of moment (the first
question, the first initiative card, choosing an action, a maneuver's boost, an attack, a
defence, an enemy's turn, the threat track, Foot soldiers) a short note explains the rule
with its rulebook page. The notes are content (`guide_notes.yaml`, our own words, checked
by `Notes`); each is shown once, when its moment first comes, in the free lower part of
the status column beside the prompt (a solo game's column leaves room), until the next
one. "Got it" puts the note away, "Skip the tips" (or the T key) ends them for this game.

A game is guided when its scenario is the one `guided_setup` makes (by name), so a save of
it stays guided; moments replayed on load or undo count as seen without being shown.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import pygame
import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

from adventures.app import theme as T
from adventures.app.widgets import Button
from adventures.rules import tags

GUIDED_NAME = "Learn to play"
GUIDED_SEED = 7                  # Leonardo's turn comes first in round 1; the strong bot wins in 6 rounds
GUIDED_MINION = "Wingnut"
NOTES_FILE = Path(__file__).with_name("guide_notes.yaml")
SKIP_KEY = pygame.K_t

KINDS = ("welcome", "initiative", "action", "maneuver", "attack", "defence", "enemy_turn", "threat", "foot")
# What brings each note: the guided player's questions (by tag) and the game's events (by kind).
DECISION_MOMENTS = {
    tags.ACTION: "action",
    tags.BOOST: "maneuver", tags.MOVE_FIGHTER: "maneuver",
    tags.ATTACK_TARGET: "attack", tags.ATTACK_CARD: "attack",
    tags.DEFENSE_CARD: "defence",
    tags.FOOT_REMOVER: "foot", tags.MOVE_ROUTE: "foot",
}
EVENT_MOMENTS = {"initiative": "initiative", "threat": "threat", "no_target": "threat", "foot": "foot",
                 "borough": "foot"}
PAGE = r"^(Adventures|core rules) p\.\d+(-\d+)?(, (Adventures|core rules) p\.\d+(-\d+)?)*$"


class Note(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    key: Literal[KINDS]
    title: str = Field(min_length=1, max_length=40)
    text: str = Field(min_length=1, max_length=280)       # short: it sits in a corner of the screen
    page: str = Field(pattern=PAGE)                       # cited by book and page only


class Notes(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["guide_notes"]
    notes: list[Note]

    @model_validator(mode="after")
    def _one_per_kind(self) -> Notes:
        keys = [n.key for n in self.notes]
        if sorted(keys) != sorted(KINDS):
            raise ValueError(f"one note per kind of moment {KINDS}, got {keys}")
        return self


@functools.lru_cache(maxsize=4)
def load_notes(path: Path = NOTES_FILE) -> dict[str, Note]:
    with open(path, encoding="utf-8") as fh:
        return {n.key: n for n in Notes.model_validate(yaml.safe_load(fh)).notes}


def guided_setup():
    """The guided game's setup: always the same game until the player's choices differ."""
    from adventures.app.controller import GameSetup
    from engine.content.schema import ScenarioDef
    scenario = ScenarioDef.model_validate({
        "name": GUIDED_NAME, "villain": "shredder", "minions": [GUIDED_MINION], "difficulty": "easy",
        "description": "A first game with tips: Leonardo against Shredder.",
        "seats": [{"hero": "Leonardo", "bot": "human"}]})
    return GameSetup(scenario, GUIDED_SEED, open_hands=True)


def is_guided(game) -> bool:
    scenario = getattr(game, "scenario", None)
    return getattr(scenario, "name", None) == GUIDED_NAME and getattr(game, "adv", None) is not None


@dataclass
class Shown:
    key: str
    trigger: str            # the decision tag or event kind that brought it
    answers: int            # answers given when it came (where in the game)


class Guide:
    """The notes of one guided game: which have come, the one on screen, the skip."""

    def __init__(self, setup=None, notes: dict[str, Note] | None = None):
        self.setup = setup                      # the game it guides (kept across undo and load)
        self.notes = notes or load_notes()
        self.shown: list[Shown] = []            # every note that came, in order (silent ones too)
        # the notes on screen, oldest first, with the answers given when each came: one that
        # came with no question answered since (an enemy's turn, then its attack on you) stays
        # beside the newer one, so no note leaves before the player had a question to read it by
        self.showing: list[tuple[Note, int]] = []
        self.skipped = False
        self.rect: pygame.Rect | None = None
        self.buttons: list[Button] = []
        self.popup = None                       # a folded note, shown whole on hover

    @property
    def current(self) -> Note | None:
        """The newest note on screen."""
        return self.showing[-1][0] if self.showing else None

    def seen(self, key: str) -> bool:
        return any(s.key == key for s in self.shown)

    # ------------------------------------------------------------ moments
    def on_decision(self, game, decision) -> None:
        """A question to the guided player (only those reach the screen's prompt)."""
        if not self.shown:
            self.moment("welcome", decision.tag, game)
        key = DECISION_MOMENTS.get(decision.tag)
        if key is not None:
            self.moment(key, decision.tag, game)

    def on_event(self, game, event: dict) -> None:
        kind = event.get("kind")
        key = EVENT_MOMENTS.get(kind)
        if kind == "turn":
            side = next((s for s in game.sides if s.index == event.get("side")), None)
            key = "enemy_turn" if side is not None and side.is_enemy else None
        if key is not None and self.shown and game.round >= 1:     # setup's own lines are not moments
            self.moment(key, kind, game)

    def moment(self, key: str, trigger: str, game) -> None:
        if self.seen(key):
            return
        answers = len(game.answers)
        self.shown.append(Shown(key, trigger, answers))
        if not self.skipped and not game.replaying:     # a replayed moment was seen before
            unread = [(n, a) for n, a in self.showing if a == answers]
            self.showing = (unread + [(self.notes[key], answers)])[-2:]

    # ------------------------------------------------------------ input
    def skip(self) -> None:
        self.skipped = True
        self.showing = []

    def handle(self, event) -> bool:
        """The skip key or a click on the note's buttons; True when it was used."""
        if self.skipped:
            return False
        if event.type == pygame.KEYDOWN and event.key == SKIP_KEY and not event.mod & pygame.KMOD_CTRL:
            self.skip()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.current is not None:
            for b in self.buttons:
                if b.hit(event.pos):
                    if b.value == "skip":
                        self.skip()
                    elif b.value == "hide":
                        self.showing.pop()
                    else:                       # the earlier note, folded: bring it forward
                        self.showing.reverse()
                    return True
        return False

    # ------------------------------------------------------------ drawing
    def draw(self, surf: pygame.Surface, column: pygame.Rect, top: int, hover=(-1, -1)) -> pygame.Rect | None:
        """The notes at the bottom of the status `column`, below `top` (where its content
        ends), the newest lowest, by the prompt. Text shrinks to fit; an earlier note that
        does not fit folds to its title (a click brings it forward), and where even the
        newest cannot fit whole (a small window at large text) it folds too: hovering it
        shows it whole (`draw_popup`). None when no note is shown."""
        self.rect, self.buttons, self.popup = None, [], None
        if not self.showing or self.skipped:
            return None
        room = pygame.Rect(column.left + 8, top + 8, column.width - 16, max(0, column.bottom - 8 - top - 8))
        newest = self.showing[-1][0]
        earlier = self.showing[0][0] if len(self.showing) > 1 else None
        width = room.width - 2 * PAD
        fold = self._fold_height() + GAP
        # both whole while the text stays readable, then the earlier one folded, then the newest too
        plans = [(z, False, False) for z in range(13, 10, -1)] if earlier is not None else []
        plans += [(z, False, earlier is not None) for z in range(13, 9, -1)] + [(11, True, earlier is not None)]
        for size, folded, earlier_folded in plans:
            need = (self._folded_height() if folded else self._height(newest, size, width, True)) + (
                0 if earlier is None else fold if earlier_folded else self._height(earlier, size, width, False) + GAP)
            if need <= room.height:
                break
        if folded:
            rect = self._draw_folded(surf, newest, room, hover)
            self.popup = (newest, size, column)
        else:
            rect = self._draw_note(surf, newest, size, room.left, room.bottom, room.width, True, hover)
        self.rect = pygame.Rect(rect)
        if earlier is not None and (rect.top - GAP - (fold - GAP if earlier_folded else 0)) >= room.top:
            if earlier_folded:
                b = Button(pygame.Rect(room.left, rect.top - GAP - self._fold_height(), room.width, self._fold_height()),
                           "Earlier tip: " + earlier.title, value="earlier", size=12)
                b.draw(surf, hover=b.rect.collidepoint(hover))
                self.buttons.append(b)
                self.rect.union_ip(b.rect)
            else:
                self.rect.union_ip(self._draw_note(surf, earlier, size, room.left, rect.top - GAP, room.width, False,
                                                   hover))
        return self.rect

    def draw_popup(self, surf: pygame.Surface, hover) -> None:
        """A folded note, whole, while the mouse is on it: beside the column, over the table."""
        if self.popup is None or self.rect is None or not self.rect.collidepoint(hover):
            return
        note, _size, column = self.popup
        width = min(column.width + 60, column.left - 16)
        T.new_layer()                                   # a popup over what is drawn
        keep = self.buttons
        self._draw_note(surf, note, 12, column.left - 8 - width, column.bottom - 8, width, False, hover)
        self.buttons = keep

    def _draw_note(self, surf, note: Note, size: int, left: int, bottom: int, width: int, buttons: bool,
                   hover) -> pygame.Rect:
        inner = width - 2 * PAD
        rect = pygame.Rect(left, 0, width, self._height(note, size, inner, buttons))
        rect.bottom = bottom
        pygame.draw.rect(surf, T.PANEL_HI, rect, border_radius=8)
        pygame.draw.rect(surf, T.ACCENT if buttons else T.PANEL_EDGE, rect, 2, border_radius=8)
        x, y = rect.left + PAD, rect.top + PAD
        T.draw_text(surf, "Tip · " + note.title, (x, y), size + 1, T.ACCENT, bold=True, max_width=inner)
        y += T.font(size + 1, True).get_linesize() + 4
        y += T.draw_wrapped(surf, note.text, pygame.Rect(x, y, inner, rect.bottom - y), size, T.TEXT)
        T.draw_text(surf, note.page, (x, y + 2), size - 1, T.MUTED, max_width=inner)
        if buttons:
            self._draw_buttons(surf, x, rect.bottom - PAD - self._button_height(), hover)
        return rect

    def _draw_folded(self, surf, note: Note, room: pygame.Rect, hover) -> pygame.Rect:
        rect = pygame.Rect(room.left, room.bottom - self._folded_height(), room.width, self._folded_height())
        pygame.draw.rect(surf, T.PANEL_HI, rect, border_radius=8)
        pygame.draw.rect(surf, T.ACCENT, rect, 2, border_radius=8)
        inner = rect.width - 2 * PAD
        title = next((t for t in (f"Tip · {note.title} (hover to read)", f"{note.title} (hover to read)",
                                  f"{note.title} (hover)") if T.text_width(t, 12, True) <= inner), note.title)
        T.draw_text(surf, title, (rect.left + PAD, rect.top + PAD), 12, T.ACCENT, bold=True, max_width=inner)
        self._draw_buttons(surf, rect.left + PAD, rect.bottom - PAD - self._button_height(), hover)
        return rect

    def _draw_buttons(self, surf, x: int, y: int, hover) -> None:
        for label, value in (("Got it", "hide"), ("Skip the tips (T)", "skip")):
            b = Button(pygame.Rect(x, y, T.text_width(label, 12) + 20, self._button_height()), label,
                       value=value, size=12, primary=value == "hide")
            b.draw(surf, hover=b.rect.collidepoint(hover))
            self.buttons.append(b)
            x = b.rect.right + 8

    @staticmethod
    def _button_height() -> int:
        return T.font(12).get_linesize() + 10

    @classmethod
    def _fold_height(cls) -> int:
        return T.font(12).get_linesize() + 10

    @classmethod
    def _folded_height(cls) -> int:
        return 2 * PAD + T.font(12, True).get_linesize() + 4 + cls._button_height()

    @classmethod
    def _height(cls, note: Note, size: int, width: int, buttons: bool) -> int:
        title = T.font(size + 1, True).get_linesize() + 4
        page = T.font(size - 1).get_linesize() + 4
        extra = cls._button_height() + PAD if buttons else 0
        return 2 * PAD + title + T.wrapped_height(note.text, size, width) + page + extra


PAD = 10
GAP = 8          # between two notes
