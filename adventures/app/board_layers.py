"""A villain's part of the board picture, behind one seam.

`BoardView` draws what every board has: paths, spaces and their zones, starting numbers,
fighters, highlights. What a villain's objective puts on the board (Shredder's Foot
circles and boroughs, Krang's screens, Dimension X and Doomsday Machines) is drawn by a
`BoardLayer` that the villain's own module registers here: adventures/app/villains/<name>.py,
found by listing that package, so a new villain adds a module and changes nothing here.

A layer says which boards it draws on (`draws_on`: the board features it reads), so a view
needs no villain to pick its layers: the new-game screen's preview and a competitive game,
whose board has those features taken off (competitive.setup.competitive_board), take the
same path. Every method's default draws nothing.
"""
from __future__ import annotations

import importlib
import pkgutil

import pygame

LAYERS: dict[str, type[BoardLayer]] = {}
_found = False


def board_layer(villain: str):
    """Register a layer under its villain's key (the villain's rules plugin key)."""
    def deco(cls):
        LAYERS[villain] = cls
        cls.villain = villain
        return cls
    return deco


def layers_for(view) -> list[BoardLayer]:
    """A fresh layer for each registered villain that draws on `view.board`."""
    global _found
    if not _found:               # the villains' modules register themselves on import
        from adventures.app import villains
        for module in pkgutil.iter_modules(villains.__path__):
            importlib.import_module(f"{villains.__name__}.{module.name}")
        _found = True
    return [cls(view) for cls in LAYERS.values() if cls.draws_on(view.board)]


class BoardLayer:
    """One villain's drawing on a `BoardView` (`self.view`: its geometry, centres, radius)."""

    villain = ""

    def __init__(self, view):
        self.view = view

    @classmethod
    def draws_on(cls, board) -> bool:
        return False

    def laid_out(self) -> None:
        """The view was laid out anew (a new size or text size): forget what was measured."""

    # the static picture, drawn once per size (`p` puts a screen point on the layer)
    def background(self, surf: pygame.Surface, off: tuple[int, int]) -> None:
        """On the opaque bottom layer, over the grid (column separators...)."""

    def under_paths(self, surf: pygame.Surface, p) -> None:
        """On the transparent top layer, under the paths (wires...)."""

    def over_paths(self, surf: pygame.Surface, p) -> None:
        """On the top layer, over the paths and under the spaces (empty circles...)."""

    # areas between the two static layers, composed again only when `area_key` changes
    def area_key(self, data: dict) -> tuple:
        return ()

    def areas(self, surf: pygame.Surface, data: dict) -> None:
        """Regions shaded by the villain's state (`data`: the adventure's module data)."""

    # every frame
    def pieces(self, surf: pygame.Surface, data: dict) -> None:
        """The villain's tokens on the board, under the fighters."""

    def piece_rects(self, data: dict) -> list[pygame.Rect]:
        """Where those tokens are (labels keep off them)."""
        return []

    def labels(self, surf: pygame.Surface, game, data: dict, keep_clear: tuple) -> None:
        """Names drawn above the pieces, off them and off `keep_clear`."""

    def preview(self, surf: pygame.Surface) -> None:
        """On the new-game screen's picture of the board, as the game starts."""

    # the hover text of space i
    def describe(self, data: dict, i: int) -> tuple[list[str], list[str]]:
        """(lines after the space's zones, lines after its occupant and tokens)."""
        return [], []
