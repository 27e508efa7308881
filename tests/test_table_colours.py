"""Seat colours (issue 28): one colour per seat, apart from each other, from the enemies
and from the board's spaces, in both palettes, the same on the setup screen and in play.
Enemy colours (issue 40): the villain and the four minions at least 20 apart from each other
with normal vision and under protanopia and deuteranopia, in both palettes, each with its own
shape as a second cue.

Distances are CIEDE2000 in CIELAB (sRGB, D65); the colour-blind palette is also checked
after simulating protanopia and deuteranopia (Machado, Oliveira & Fernandes 2009,
severity 1.0, applied to linear RGB)."""
from __future__ import annotations

import itertools
import math
from types import SimpleNamespace

import pytest

from adventures.app import theme as T
from adventures.content.catalog import load_catalog

SEATS_APART = 20.0          # seat against seat, normal vision
FROM_OTHERS = 15.0          # seat against an enemy or anything on the board
SEATS_APART_SIMULATED = 15.0
FROM_ENEMIES_SIMULATED = 12.0
ENEMIES_APART = 20.0        # enemy against enemy, normal vision and both simulations

PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _gamma(v: float) -> int:
    v = min(1.0, max(0.0, v))
    return round(255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))


def lab(rgb) -> tuple[float, float, float]:
    r, g, b = (_linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def ciede2000(c1, c2) -> float:
    (l1, a1, b1), (l2, a2, b2) = lab(c1), lab(c2)
    cbar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cbar ** 7 / (cbar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p, h2p = math.degrees(math.atan2(b1, a1p)) % 360, math.degrees(math.atan2(b2, a2p)) % 360
    dh = 0.0 if c1p * c2p == 0 else (h2p - h1p if abs(h2p - h1p) <= 180 else
                                      h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360)
    d_l, d_c = l2 - l1, c2p - c1p
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lbar, cbarp = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hbar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbar = (h1p + h2p) / 2
    else:
        hbar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hbar - 30)) + 0.24 * math.cos(math.radians(2 * hbar))
         + 0.32 * math.cos(math.radians(3 * hbar + 6)) - 0.20 * math.cos(math.radians(4 * hbar - 63)))
    rc = 2 * math.sqrt(cbarp ** 7 / (cbarp ** 7 + 25 ** 7))
    rt = -math.sin(math.radians(60 * math.exp(-(((hbar - 275) / 25) ** 2)))) * rc
    sl = 1 + 0.015 * (lbar - 50) ** 2 / math.sqrt(20 + (lbar - 50) ** 2)
    sc, sh = 1 + 0.045 * cbarp, 1 + 0.015 * cbarp * t
    return math.sqrt((d_l / sl) ** 2 + (d_c / sc) ** 2 + (d_h / sh) ** 2 + rt * (d_c / sc) * (d_h / sh))


def simulate(rgb, matrix) -> tuple[int, int, int]:
    lin = [_linear(c) for c in rgb]
    return tuple(_gamma(sum(matrix[i][j] * lin[j] for j in range(3))) for i in range(3))


def board_colours() -> dict[str, tuple[int, int, int]]:
    """Every zone colour of every board, Dimension X, the Foot, the highlight of legal
    choices and the white space-number discs: what a seat's token sits on or beside."""
    out = {}
    for board in load_catalog().boards.values():
        for name, zone in board.zones.items():
            out[f"{board.key}:{name}"] = T.hex_color(zone.color)
    out.update({"Dimension X": T.DX_SHADE, "Foot": T.FOOT, "highlight": T.HIGHLIGHT, "wires": T.WIRE,
                "space number": (245, 245, 245)})
    return out


@pytest.fixture(params=sorted(T.PALETTES))
def palette(request):
    T.set_palette(request.param)
    yield request.param
    T.set_palette("standard")


def enemies() -> dict[str, tuple[int, int, int]]:
    return {"villain": T.VILLAIN_COLOR, **{f"minion {k}": c for k, c in enumerate(T.MINION_COLORS)}}


def test_four_seat_colours_are_apart_from_each_other_the_enemies_and_the_board(palette):
    seats = list(T.SEAT_COLORS)
    assert len(seats) == 4 and len(set(seats)) == 4
    for a, b in itertools.combinations(seats, 2):
        assert ciede2000(a, b) >= SEATS_APART, (palette, a, b, ciede2000(a, b))
    for seat in seats:
        for name, other in {**enemies(), **board_colours()}.items():
            assert ciede2000(seat, other) >= FROM_OTHERS, (palette, seat, name, other, ciede2000(seat, other))


@pytest.mark.parametrize("matrix", [PROTANOPIA, DEUTERANOPIA], ids=["protanopia", "deuteranopia"])
def test_the_colour_blind_palette_keeps_seats_and_enemies_apart_under_simulation(matrix):
    T.set_palette("colour-blind")
    try:
        seats = [simulate(c, matrix) for c in T.SEAT_COLORS]
        for a, b in itertools.combinations(seats, 2):
            assert ciede2000(a, b) >= SEATS_APART_SIMULATED, (a, b, ciede2000(a, b))
        for seat in seats:
            for name, other in enemies().items():
                d = ciede2000(seat, simulate(other, matrix))
                assert d >= FROM_ENEMIES_SIMULATED, (seat, name, d)
    finally:
        T.set_palette("standard")


def test_a_seat_has_its_colour_whatever_hero_sits_there(palette):
    """Per seat, not per hero: Donatello and Alice (both once purple) differ, and a team of
    one hero's copies would too; the setup screen's "Player k" colour is the same."""
    for k in range(4):
        for hero in ("leonardo", "donatello", "alice", "black_widow"):
            side = SimpleNamespace(is_enemy=False, index=k, hero_key=hero)
            assert T.seat_color(side) == T.SEAT_COLORS[k]
    assert len({T.seat_color(SimpleNamespace(is_enemy=False, index=k, hero_key="donatello")) for k in range(4)}) == 4


def test_the_distance_is_ciede2000():
    """Sharma, Wu & Dalal (2005) test pairs: the measure the thresholds are written in."""
    def from_lab(values):
        return values
    pairs = [((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
             ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492)]
    for l1, l2, expected in pairs:
        original = globals()["lab"]
        try:
            globals()["lab"] = from_lab
            assert abs(ciede2000(l1, l2) - expected) < 1e-3
        finally:
            globals()["lab"] = original


VISIONS = {"normal vision": None, "protanopia": PROTANOPIA, "deuteranopia": DEUTERANOPIA}


def seen(rgb, matrix):
    return rgb if matrix is None else simulate(rgb, matrix)


@pytest.mark.parametrize("vision", sorted(VISIONS))
def test_the_five_enemies_are_20_apart_with_normal_vision_and_under_protanopia_and_deuteranopia(palette, vision):
    """Issue 40: the villain and four minions were five close reds (the closest pair 17
    apart, Shredder and Bebop 7 apart under deutan/protan simulation)."""
    colours = enemies()
    assert len(colours) == 5 and len(set(colours.values())) == 5
    for (na, a), (nb, b) in itertools.combinations(colours.items(), 2):
        d = ciede2000(seen(a, VISIONS[vision]), seen(b, VISIONS[vision]))
        assert d >= ENEMIES_APART, (palette, vision, na, nb, round(d, 1))


@pytest.mark.parametrize("vision", sorted(VISIONS))
def test_the_four_seats_stay_apart_in_the_colour_blind_palette_under_every_vision(vision):
    T.set_palette("colour-blind")
    try:
        seats = [seen(c, VISIONS[vision]) for c in T.SEAT_COLORS]
        for a, b in itertools.combinations(seats, 2):
            assert ciede2000(a, b) >= SEATS_APART_SIMULATED, (vision, a, b, ciede2000(a, b))
    finally:
        T.set_palette("standard")


def test_the_measure_finds_the_old_five_reds_too_close():
    """The same functions on the reds the enemies had: under deuteranopia a pair falls far
    below the bar, so a palette that only looks different would not pass."""
    old = [(190, 30, 45), (230, 90, 70), (210, 60, 120), (240, 120, 110), (180, 70, 60)]
    closest = min(ciede2000(seen(a, DEUTERANOPIA), seen(b, DEUTERANOPIA)) for a, b in itertools.combinations(old, 2))
    assert closest < 10


def test_every_enemy_has_its_own_shape_in_every_palette(palette):
    """The second cue: a shape per enemy (a star for the villain), the same in both palettes,
    drawn on its token and beside its name in the status column."""
    sides = [SimpleNamespace(is_enemy=True, index=10 + k) for k in range(5)]
    shapes = [T.enemy_shape(s) for s in sides]
    assert shapes[0] == "star" and len(set(shapes)) == 5
    assert T.enemy_shape(SimpleNamespace(is_enemy=False, index=0)) is None
    outlines = {len(T.shape_points(shape, (0, 0), 10)) for shape in shapes}
    assert len(outlines) >= 4               # diamond and square share a count, not an orientation


def test_an_enemy_shape_on_the_board_is_large_enough_to_tell_apart():
    """At 1280x720 with four players the smallest token's shape is at least 5 pixels across
    its radius, each drawn in the enemy's colour on its rim."""
    from adventures.app.board_view import BoardView
    from adventures.app.layout import GameLayout
    from engine.board import compile_board
    for key, board_def in load_catalog().boards.items():
        board = compile_board(board_def)
        view = BoardView(board)
        view.layout(GameLayout.for_size(1280, 720, 4, 1.0, BoardView.content_aspect(board), 10).board)
        minion_rad = int(view.r * 0.74)
        assert view.shape_radius(minion_rad) >= 5, key


def test_an_enemy_initiative_card_wears_its_shape_beside_its_colour(monkeypatch, tmp_path):
    """Issue 40: the initiative row told enemies apart by colour only. Each enemy's card now
    wears that enemy's shape (as on its token and in the status column), in its colour, at
    its left; a player's card its order number, an ally's or a special card neither."""
    import os
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))
    import pygame

    from adventures.app.scenarios import find_scenario
    from adventures.app.screenshot import shoot
    app = shoot(find_scenario("shredder-4p"), 1, 6, (1280, 720))
    scene = app.game_scene
    drawn = []
    draw_shape = T.draw_shape

    def recording(surf, shape, center, r, color, *args, **kw):
        drawn.append((shape, pygame.Rect(0, 0, 0, 0).move(*map(int, center)), r, color))
        return draw_shape(surf, shape, center, r, color, *args, **kw)

    monkeypatch.setattr(T, "draw_shape", recording)
    scene.hud.hits.clear()
    scene.hud.draw_top(app.screen, scene.layout.top, scene.game, rows=scene.layout.init_rows,
                       per_row=scene.layout.init_per_row)
    cards = [(r, card) for r, (kind, *rest) in scene.hud.hits.items if kind == "init" for card in rest]
    enemy_cards = [(r, c) for r, c in cards if c.owner == "enemy"]
    assert len(enemy_cards) >= 2, "the row holds enemy cards"
    for r, card in cards:
        inside = [(shape, rad, color) for shape, at, rad, color in drawn if r.collidepoint(at.topleft)]
        if card.owner == "enemy":
            assert inside == [(T.enemy_shape(card.side), inside[0][1], T.seat_color(card.side))], card.name
            assert inside[0][1] >= 6
        else:
            assert inside == [], card.name
