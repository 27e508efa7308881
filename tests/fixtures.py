"""Small hand-made content for engine tests (no dependency on shipped content)."""
from __future__ import annotations

from engine.board import compile_board
from engine.content.schema import BoardDef, HeroDef


def grid_board(w: int = 5, h: int = 4):
    """A w x h grid; two zones split left/right with the middle column in both."""
    spaces = []
    paths = []
    for y in range(h):
        for x in range(w):
            sid = y * w + x + 1
            zones = ["left"] if x < w // 2 else ["right"] if x > w // 2 else ["left", "right"]
            spaces.append({"id": sid, "pos": [x / w, y / h], "zones": zones})
            if x + 1 < w:
                paths.append([sid, sid + 1])
            if y + 1 < h:
                paths.append([sid, sid + w])
    spaces[0]["start"] = 1
    spaces[w * h - 1]["start"] = 2
    spaces[w - 1]["start"] = 3
    spaces[w * (h - 1)]["start"] = 4
    spaces[(h // 2) * w + w // 2]["start"] = 5
    return compile_board(BoardDef.model_validate({
        "key": "grid", "name": "Grid",
        "zones": {"left": {"color": "#aa0000"}, "right": {"color": "#0000aa", "pattern": "stripes"}},
        "spaces": spaces, "paths": paths}))


def simple_hero(name: str = "Tester", health: int = 12, move: int = 2, attack: str = "melee",
                sidekick: dict | None = None, deck: list | None = None, ability: dict | None = None):
    deck = deck or [
        {"name": "Strike", "type": "attack", "value": 3, "boost": 1, "copies": 6},
        {"name": "Big Strike", "type": "attack", "value": 5, "boost": 2, "copies": 3},
        {"name": "Parry", "type": "defense", "value": 3, "boost": 1, "copies": 5},
        {"name": "Flex", "type": "versatile", "value": 2, "boost": 2, "copies": 4},
        {"name": "Plan", "type": "scheme", "boost": 2, "copies": 2,
         "effects": [{"timing": "scheme", "text": "Draw 2 cards.", "ops": [{"draw": 2}]}]},
    ]
    return HeroDef.model_validate({
        "key": name.lower(), "name": name, "health": health, "move": move, "attack": attack,
        "sidekick": sidekick, "ability": ability or {"name": "None", "text": "No ability."},
        "deck": deck})
