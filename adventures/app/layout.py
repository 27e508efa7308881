"""Screen regions of the game view, computed from the window size, the number of players
and the text size (never placed by hand), recomputed on every resize or change of those.

    +-------------------------------------------+-------------+
    | top: round, the initiative row(s)          | side:       |
    +------------------------------+------------+ enemies,    |
    | board (the map, scaled to    | aside:     | threat,     |
    | its own shape)               |  buttons   | the plan,   |
    |                              |  combat   | players     |
    |                              |  or log    |             |
    +------------------------------+------------+             |
    | prompt: the question and its buttons       |             |
    +-------------------------------------------+             |
    | hand                                       |             |
    +-------------------------------------------+-------------+

Every region is disjoint from the others (tests/test_layout.py checks it): the combat panel
has its own place beside the board, so it never covers a space or a token. While a combat
(or a die's faces) is shown it takes the log's place; the log comes back when it is gone.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

MIN_SIZE = (960, 600)
INIT_CARD_W = 104        # the narrowest initiative card that shows a hero's name (shrunk or wrapped) at text size 1
INIT_ROW_H = 40          # one row of initiative cards
HAND_SHARE = 0.26        # the hand's share of the window's height, up to HAND_MAX pixels...
HAND_MAX = 230
HAND_MIN = 118           # ...and down to this (x text size) where the band beside it needs the room:
BAND_MIN = 288           # the board's band, x text size: the aside's buttons, a combat panel and four
                         # lines of the log beside the board; the board as tall
HAND_TALL_SHARE = 0.4    # a hand too long for its usual height takes up to this share (down to BAND_MIN)


def cards_per_round(players: int) -> int:
    """Initiative cards in a round: one per player, one per enemy (the villain and a minion
    per player) and a special: 10 at 4 players."""
    return 2 * players + 2


@dataclass(frozen=True)
class GameLayout:
    size: tuple[int, int]
    top: pygame.Rect        # round, initiative row(s)
    board: pygame.Rect      # the map, nothing drawn over it but the pieces
    aside: pygame.Rect      # beside the board: buttons, the combat panel, the log
    buttons: pygame.Rect    # Suggest, Undo, Menu
    combat: pygame.Rect     # the combat panel's own place (and a die's faces)...
    log: pygame.Rect        # ...the same place: the log is shown there when no combat is
    prompt: pygame.Rect     # the current question and its buttons
    hand: pygame.Rect
    side: pygame.Rect       # right column: enemies, threat, the villain's plan, players
    scale: float = 1.0
    players: int = 1
    init_rows: int = 1
    init_per_row: int = 6

    @classmethod
    def for_size(cls, w: int, h: int, players: int = 1, scale: float = 1.0,
                 board_aspect: float = 1.6, init_cards: int | None = None, tall_hand: bool = False) -> GameLayout:
        """`board_aspect`: width/height of the board's drawn content (BoardView.content_aspect);
        `init_cards`: the initiative cards of a round (allies and henchmen add some);
        `tall_hand`: a hand too long to be read in its usual height (the game screen asks
        for it only where the taller one reads it) takes the band's room down to BAND_MIN."""
        w, h = max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])
        u = scale
        side_w = int(max(290 * min(u, 1.1), min(420 * u, w * 0.25)))
        side_w = min(side_w, int(w * 0.34))
        left_w = w - side_w
        # the initiative row: as many rows as a round's cards need at their narrowest
        avail = left_w - int(84 * u) - int(72 * u)
        n = init_cards or cards_per_round(players)
        # (a name shrinks to 9 pixels at any text size: its narrowest card grows less than the text)
        per_row = max(1, avail // int((INIT_CARD_W + 6) * min(u, 1.15)))
        rows = max(1, min(3, math.ceil(n / per_row)))
        row_h = int(INIT_ROW_H * u) if rows < 3 else int(30 * u)     # three rows: the names only
        top_h = int(20 * u) + rows * (row_h + 4) + 4
        top_h = max(top_h, int(64 * u))
        prompt_h = int(88 * u)
        # the hand as tall as seven cards need to be read side by side (tests/test_readable_hand.py),
        # but not at the band's expense below BAND_MIN: at a large text size the regions of text grow
        # and the hand gives way first (the board kept only what was left: 206 px of 633 at 130%)
        rest = h - top_h - prompt_h
        hand_h = min(HAND_MAX, max(int(140 * min(u, 1.1)), int(h * HAND_SHARE)))
        hand_h = max(int(HAND_MIN * min(u, 1.1)), min(hand_h, rest - int(BAND_MIN * u)))
        if tall_hand:
            hand_h = max(hand_h, min(int(h * HAND_TALL_SHARE), rest - int(BAND_MIN * u)))
        band_h = rest - hand_h
        # the board takes the width its shape wants; the aside gets the rest (within bounds)
        want = int(band_h * board_aspect) + 20
        aside_w = max(int(230 * u), min(int(400 * u), left_w - want))
        aside_w = min(aside_w, left_w // 2)
        top = pygame.Rect(0, 0, left_w, top_h)
        board = pygame.Rect(0, top_h, left_w - aside_w, band_h)
        aside = pygame.Rect(board.right, top_h, aside_w, band_h)
        buttons = pygame.Rect(aside.left, aside.top, aside_w, int(44 * u))
        combat = pygame.Rect(aside.left, buttons.bottom, aside_w, aside.bottom - buttons.bottom)
        log = pygame.Rect(combat)
        prompt = pygame.Rect(0, board.bottom, left_w, prompt_h)
        hand = pygame.Rect(0, prompt.bottom, left_w, h - prompt.bottom)
        side = pygame.Rect(left_w, 0, side_w, h)
        per_row = max(1, -(-n // rows))
        return cls((w, h), top, board, aside, buttons, combat, log, prompt, hand, side, scale, players, rows,
                   per_row)

    def regions(self) -> dict[str, pygame.Rect]:
        """The disjoint regions by name (what the layout test checks)."""
        return {"top": self.top, "board": self.board, "buttons": self.buttons, "combat or log": self.combat,
                "prompt": self.prompt, "hand": self.hand, "side": self.side}
