"""Honesty markers: which values on screen are our design, and which are the owner's.

The villain side of the box is not public, so most enemy cards, the threat tracks, the
boards and Krang's health are our approximations (`provenance: approximation` in the
YAML). The mark is explained once, on the enemies' heading (`of_enemy_side`), and sits on
the board's corner; a card of our design wears none on its face (beside every name it read
as noise, issue 40): its detail view says it in words (`note`). Anything loaded from the
owner's content folder gets a "yours" badge instead, whatever its file claims, on its face
too. Published values get no badge.

Everything is looked up from `game.catalog` by key, so runtime state stays untouched.
"""
from __future__ import annotations

from typing import NamedTuple

import pygame

from adventures.app import theme as T

APPROX, YOURS = "approx", "yours"
APPROX_COLOR = (214, 170, 84)
YOURS_COLOR = (110, 190, 240)


class Mark(NamedTuple):
    kind: str            # APPROX or YOURS
    lines: tuple[str, ...]   # the tooltip: a title, then plain words


OWN_THE_BOX = ("Own the box? You can type in the printed cards as your own content; the guide to "
               "playing with your own cards, in the project's documentation, says how.")


def _approx(what: str) -> Mark:
    return Mark(APPROX, (f"≈ {what}: our design",
                         "The printed values are not public, so this is our approximation, "
                         "tuned with the bot simulator.", OWN_THE_BOX))


def _yours(what: str, file: str) -> Mark:
    return Mark(YOURS, (f"{what}: your content", f"Loaded from your content folder: {file}"))


def _custom(game, table: str, key: str) -> str | None:
    return getattr(getattr(game, "catalog", None), "custom", {}).get((table, key))


def _enemy_def(game, side):
    catalog = getattr(game, "catalog", None)
    return getattr(catalog, "enemies", {}).get(side.hero_key) if catalog is not None else None


def _hero_def(game, side):
    catalog = getattr(game, "catalog", None)
    return getattr(catalog, "heroes", {}).get(side.hero_key) if catalog is not None else None


def _effective(item, owner) -> str:
    """An item's own provenance when its file says one, else its owner's."""
    if "provenance" in getattr(item, "model_fields_set", ()):
        return item.provenance
    return getattr(owner, "provenance", "approximation")


def of_def(catalog, table: str, defn) -> Mark | None:
    """A hero, enemy or board definition of `catalog` (table: hero, enemy or board)."""
    if defn is None:
        return None
    file = getattr(catalog, "custom", {}).get((table, defn.key))
    if file:
        return _yours(defn.name, file)
    return _approx(defn.name) if defn.provenance == "approximation" else None


def of_side(game, side) -> Mark | None:
    """A fighter's side: its health, move and special rules (enemy or hero)."""
    defn = _enemy_def(game, side) if side.is_enemy else _hero_def(game, side)
    return of_def(getattr(game, "catalog", None), "enemy" if side.is_enemy else "hero", defn)


def yours_only(mark: Mark | None) -> Mark | None:
    """The mark where it says "yours" (the owner's content); None for "≈", which is explained
    once for the whole enemy side (`of_enemy_side`) rather than beside every name."""
    return mark if mark is not None and mark.kind == YOURS else None


def of_enemy_side(game) -> Mark | None:
    """The one "≈" of the status column: which of the enemies in play, their cards and their
    threat track are our design (None when every one of them is the owner's)."""
    adv = getattr(game, "adv", None)
    if adv is None:
        return None
    ours = [side.name for side in (adv.villain, *adv.minions)
            if (mark := of_side(game, side)) is not None and mark.kind == APPROX]
    if not ours:
        return None
    names = ours[0] if len(ours) == 1 else ", ".join(ours[:-1]) + " and " + ours[-1]
    return Mark(APPROX, ("≈ marks our design",
                         f"The villain side of the box is not public: {names} (their health, cards and "
                         "rules), the threat track and the board are our approximation, tuned with the bot "
                         "simulator. The board's corner wears the mark; a card's detail, on hover, says when it is ours.",
                         OWN_THE_BOX))


def of_card(game, card) -> Mark | None:
    side = card.owner
    defn = _enemy_def(game, side) if side.is_enemy else _hero_def(game, side)
    if defn is None:
        return None
    file = _custom(game, "enemy" if side.is_enemy else "hero", defn.key)
    if file:
        return _yours(card.name, file)
    printed = next((c for c in defn.deck if c.name == card.name), None)
    if printed is None:
        return None
    return _approx(card.name) if _effective(printed, defn) == "approximation" else None


def of_track(game) -> Mark | None:
    """The villain's threat track."""
    defn = _enemy_def(game, game.adv.villain)
    if defn is None:
        return None
    file = _custom(game, "enemy", defn.key)
    if file:
        return _yours(f"{defn.name}'s threat track", file)
    return _approx(f"{defn.name}'s threat track") if defn.provenance == "approximation" else None


def of_board(game) -> Mark | None:
    catalog = getattr(game, "catalog", None)
    adv = getattr(game, "adv", None)         # None in a competitive game: the board is its own
    key = getattr(_enemy_def(game, adv.villain), "board", None) if adv is not None else game.board.key
    board = getattr(catalog, "boards", {}).get(key)
    if board is None:
        return None
    file = _custom(game, "board", board.key)
    if file:
        return _yours(board.name, file)
    return _approx(f"The {board.name} board") if board.provenance == "approximation" else None


def of_init_card(game, card) -> Mark | None:
    """An initiative card: the enemy's, an ally's or a henchman's."""
    catalog = getattr(game, "catalog", None)
    if catalog is None:
        return None
    if card.owner in ("ally", "henchman", "special") and catalog.allies is not None:
        deck = catalog.allies
        found = next((c for c in (*deck.cards, deck.friends_in_odd_places) if c.key == card.key), None)
        if found is not None:
            file = catalog.custom.get(("allies", "allies")) if hasattr(catalog, "custom") else None
            if file:
                return _yours(card.name, file)
            return _approx(card.name) if found.provenance == "approximation" else None
    side = card.side
    if side is None or not side.is_enemy:
        return None
    defn = _enemy_def(game, side)
    found = next((c for c in defn.initiative if c.key == card.key), None) if defn is not None else None
    if found is None:
        return None
    file = _custom(game, "enemy", defn.key)
    if file:
        return _yours(card.name, file)
    return _approx(card.name) if _effective(found, defn) == "approximation" else None


def note(mark: Mark) -> str:
    """One line for a card's detail view."""
    if mark.kind == APPROX:
        return "≈ Our design: " + mark.lines[1][0].lower() + mark.lines[1][1:]
    return "Your content: " + mark.lines[1][0].lower() + mark.lines[1][1:]


def _badge_text(mark: Mark) -> tuple[str, tuple[int, int, int], int]:
    return ("≈", APPROX_COLOR, 8) if mark.kind == APPROX else ("yours", YOURS_COLOR, 10)


def badge_size(mark: Mark | None, size: int = 12) -> tuple[int, int]:
    """The badge's size in pixels ((0, 0) without a mark): what a view leaves free for it."""
    if mark is None:
        return 0, 0
    text, _color, pad = _badge_text(mark)
    w, h = T.font(size, True).size(text)
    return w + pad, h + 2


def draw_badge(surf: pygame.Surface, pos: tuple[int, int], mark: Mark | None, size: int = 12,
               anchor: str = "topleft") -> pygame.Rect | None:
    """The small marker: '≈' for our design, 'yours' for the owner's content. Returns its
    rect, which the layout test checks against every line of text (T.trace_mark)."""
    if mark is None:
        return None
    text, color, _pad = _badge_text(mark)
    img = T.render(text, size, (20, 20, 24), True)
    rect = pygame.Rect((0, 0), badge_size(mark, size))
    setattr(rect, anchor, pos)
    T.trace_mark(surf, rect)
    pygame.draw.rect(surf, color, rect, border_radius=rect.height // 2)
    pygame.draw.rect(surf, (20, 20, 24), rect, 1, border_radius=rect.height // 2)
    surf.blit(img, img.get_rect(center=rect.center))
    return rect
