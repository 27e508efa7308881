"""Screen regions of the game view, recomputed from the window size on every resize."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

MIN_SIZE = (960, 600)


@dataclass(frozen=True)
class GameLayout:
    size: tuple[int, int]
    top: pygame.Rect        # round, initiative row
    board: pygame.Rect
    prompt: pygame.Rect     # the current question and its buttons
    hand: pygame.Rect
    side: pygame.Rect       # right column: enemies, threat, players, then the log below them

    @classmethod
    def for_size(cls, w: int, h: int) -> GameLayout:
        w, h = max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])
        side_w = max(300, min(420, int(w * 0.25)))
        top_h = 64
        hand_h = max(150, min(230, int(h * 0.23)))
        prompt_h = 88
        left_w = w - side_w
        top = pygame.Rect(0, 0, left_w, top_h)
        hand = pygame.Rect(0, h - hand_h, left_w, hand_h)
        prompt = pygame.Rect(0, hand.top - prompt_h, left_w, prompt_h)
        board = pygame.Rect(0, top_h, left_w, prompt.top - top_h)
        side = pygame.Rect(left_w, 0, side_w, h)
        return cls((w, h), top, board, prompt, hand, side)

    def log_rect(self, status_bottom: int) -> pygame.Rect:
        """The log fills the column below the status (at least 140 pixels of it; 96 on short
        screens, down to 40, where four players and five enemies need the room)."""
        top = min(status_bottom + 6, self.side.bottom - (140 if self.side.height >= 800 else 40))
        return pygame.Rect(self.side.left, top, self.side.width, self.side.bottom - top)
