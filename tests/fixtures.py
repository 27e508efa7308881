"""Small hand-made content for engine tests (no dependency on shipped content)."""
from __future__ import annotations

import functools

from engine.board import compile_board
from engine.content.schema import BoardDef, EnemyDef, HeroDef


def grid_board(w: int = 5, h: int = 4):
    """A w x h grid; two zones split left/right with the middle column in both."""
    return compile_board(grid_board_def(w, h))


def grid_board_def(w: int = 5, h: int = 4) -> BoardDef:
    """Space ids run 1..w*h row by row; starts: 1 top-left, 2 bottom-right, 3 top-right,
    4 bottom-left, 5 centre."""
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
    wanted = {1: 0, 2: w * h - 1, 3: w - 1, 4: w * (h - 1), 5: (h // 2) * w + w // 2}
    used: set[int] = set()
    for number in (5, 1, 2, 3, 4):       # small boards: collisions move to the next free space
        i = wanted[number]
        while i in used:
            i = (i + 1) % (w * h)
        used.add(i)
        spaces[i]["start"] = number
    return BoardDef.model_validate({
        "key": "grid", "name": "Grid",
        "zones": {"left": {"color": "#aa0000"}, "right": {"color": "#0000aa", "pattern": "stripes"}},
        "spaces": spaces, "paths": paths})


def make_villain(key: str = "boss", health=(14, 21, 28, 35), move: int = 3, levels=(1, 1, 2, 2, 3, 3, 4, 4),
                 board: str = "grid", role: str = "villain", rules: str | None = None):
    """A plain enemy: a deck of simple versatile cards plus Deception, no special rules."""
    deck = [
        {"name": "Deception", "attack": 2, "defense": 2, "boost": 1, "deception": True},
        {"name": "Smash", "attack": 4, "defense": 2, "boost": 2, "copies": 5},
        {"name": "Wall", "attack": 1, "defense": 4, "boost": 1, "copies": 4},
    ]
    init = [{"key": f"{key}_turn", "name": f"{key.title()}'s Turn", "move": move,
             "end_of_round_ops": [{"villain_end_of_round": True}] if role == "villain" else []}]
    data = {"key": key, "name": key.title(), "role": role, "health": list(health), "deck": deck,
            "initiative": init, "rules": rules}
    if role == "villain":
        data.update(board=board, threat_track={"levels": list(levels)})
    return EnemyDef.model_validate(data)


def make_catalog(heroes=None, enemies=None, board_def=None):
    """A Catalog-like object for new_adventure with hand-made content."""
    from adventures.content.catalog import Catalog
    heroes = heroes or [simple_hero("Alpha"), simple_hero("Beta", sidekick={"name": "Buddy", "health": 3})]
    enemies = enemies or [make_villain(), make_villain("goon", health=(10,), role="minion")]
    board_def = board_def or grid_board_def()
    return Catalog(heroes={h.key: h for h in heroes}, enemies={e.key: e for e in enemies},
                   boards={board_def.key: board_def})


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


# ---------------------------------------------------------------- card helpers for tests
def take_card(side, name: str):
    """Take a named card out of whichever pile holds it (hand, deck or discard)."""
    for pile in (side.hand, side.deck, side.discard):
        for card in pile:
            if card.name == name:
                pile.remove(card)
                return card
    raise LookupError(name)


def to_hand(side, name: str):
    """Move a named card into the hand (from any pile) and return it."""
    card = take_card(side, name)
    side.hand.append(card)
    return card


def named(name: str):
    """A predicate matching options by name (cards, fighters), None-safe."""
    return lambda c: c is not None and getattr(c, "name", None) == name


def pick(tag: str, want):
    """A ScriptedAgent rule: on decisions tagged `tag`, choose the first option `want` accepts."""
    def rule(decision):
        if decision.tag != tag:
            return None
        for i, option in enumerate(decision.options):
            if want(option):
                return i
        return None
    return rule


@functools.cache
def shipped_hero(key: str):
    """One of the shipped hero files, loaded on its own (other content files do not matter)."""
    from adventures.content.catalog import CONTENT_ROOT
    from engine.content.loader import load_file
    return load_file(CONTENT_ROOT / "heroes" / f"{key}.yaml", "hero")


# The box has one of each hero, so a co-op game seats each hero once (the scenario check
# refuses a hero on two seats): the four Turtles first, then published co-op heroes.
SEAT_HEROES = ("leonardo", "raphael", "donatello", "michelangelo", "black_panther", "sinbad")


def seat_heroes(players: int, first: str = "leonardo") -> list[str]:
    """`players` distinct shipped co-op heroes, `first` on seat 0 and the others in turn."""
    return [first, *(h for h in SEAT_HEROES if h != first)][:players]


def villain_scenario(villain: str, players: int = 1, **overrides):
    """A shipped-content scenario: Leonardo on seat 0, then Raphael, Donatello and
    Michelangelo, no minions, given overrides."""
    from engine.content.schema import ScenarioDef
    return ScenarioDef(name="test", villain=villain, seats=[{"hero": h} for h in seat_heroes(players)],
                       minions=[], overrides=overrides)


def villain_game(villain: str, players: int = 1, seed: int = 0, agent=None, table=None, **overrides):
    """A set-up game on the shipped content, answered by first-option agents by default."""
    from adventures.content.catalog import load_catalog
    from adventures.rules.setup import new_adventure
    from engine.decisions import FirstOptionAgent
    agents = {i: agent or FirstOptionAgent() for i in range(players)}
    return new_adventure(villain_scenario(villain, players, **overrides), load_catalog(), seed, agents,
                         table or FirstOptionAgent())


def sid(game, printed: int) -> int:
    """Board index of a printed space id."""
    return game.board.index[printed]


# ---------------------------------------------------------------- positions in a game
def fighter(game, name: str):
    return next(f for s in game.sides for f in s.fighters if f.name == name)


def arrange(game, where: dict[str, int]) -> None:
    """Take every fighter off the board, then put the named ones on printed space ids."""
    for f in list(game.fighters):
        game.lift(f)
    for name, printed in where.items():
        game.put(fighter(game, name), sid(game, printed))


def my_turn(game, side, actions: int = 1) -> None:
    """Make it `side`'s turn (per-turn records start afresh) with `actions` left."""
    game.turn += 1
    game.current = side
    side.actions_left = actions


def space_of(game, name: str) -> int:
    return game.board.ids[fighter(game, name).space]


# ---------------------------------------------------------------- shipped heroes on the test grid
class RefuseTable:
    """The table agent of hero positions: nothing there is the table's to decide."""

    def choose(self, game, decision) -> int:
        raise AssertionError(f"unexpected table decision: {decision.tag} {decision.prompt}")


def coop_on_grid(*keys: str, rules=(), table=None, minions=()):
    """A co-op game on the test grid with the shipped heroes `keys` (one seat each) against a
    plain villain called Shredder (and plain minions); seat 0 answers with ScriptedAgent(*rules)."""
    from adventures.rules.setup import new_adventure
    from engine.content.schema import ScenarioDef
    from engine.decisions import FirstOptionAgent, ScriptedAgent
    catalog = make_catalog(heroes=[shipped_hero(k) for k in dict.fromkeys(keys)],
                           enemies=[make_villain("shredder"), make_villain("goon", health=(10,), role="minion")],
                           board_def=grid_board_def())
    scenario = ScenarioDef.model_validate({"name": "heroes on the grid", "villain": "shredder",
                                           "seats": [{"hero": k} for k in keys], "minions": list(minions)})
    first = FirstOptionAgent()
    game = new_adventure(scenario, catalog, 1, {i: first for i in range(len(keys))}, first)
    game.agents = {i: ScriptedAgent(*rules) if i == 0 else ScriptedAgent() for i in range(len(keys))}
    game.table_agent = table or RefuseTable()
    return game


def villain_defends_with(game, name: str) -> None:
    """Put the named card on top of the villain's deck: enemies fight with their top card."""
    vside = game.adv.villain
    vside.deck.append(take_card(vside, name))


def answer(tag: str, index: int):
    """A ScriptedAgent rule: option `index` of every decision tagged `tag`."""
    return lambda d: index if d.tag == tag else None


def play_turtle_adventures(key: str, partner: str, villain: str, bot: str) -> None:
    """Adventures p.4-13: hero `key` alone (seeds 0 and 2) and with `partner` (seed 1) plays
    whole games against `villain`, the invariants checked before every decision."""
    from adventures.content.catalog import load_catalog
    from adventures.rules.invariants import CheckingAgent
    from adventures.rules.runner import play_adventure
    from adventures.rules.setup import new_adventure
    from adventures.tools.soak import make_bot
    from engine.content.schema import ScenarioDef
    cat = load_catalog()
    for seed in range(3):
        seats = [{"hero": key, "bot": bot}] + ([{"hero": partner, "bot": bot}] if seed == 1 else [])
        sc = ScenarioDef(name=f"{key} soak", villain=villain, seats=seats, minions=[])
        agents = {i: CheckingAgent(make_bot(bot)) for i in range(len(seats))}
        game = new_adventure(sc, cat, seed, agents=agents, table_agent=CheckingAgent(make_bot("heuristic")))
        result = play_adventure(game, max_rounds=40)
        assert result.winner in ("heroes", "villain", "timeout")
        assert game.over is not None or result.winner == "timeout"
        assert len(game.answers) > 10
