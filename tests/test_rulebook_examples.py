"""The combat examples of the core rulebooks, replayed move for move on small hand-made boards."""
from __future__ import annotations

import functools

from fixtures import pick, take_card, to_hand

from adventures.content.catalog import CONTENT_ROOT
from engine.board import compile_board
from engine.combat import fight
from engine.content.loader import load_file
from engine.content.schema import BoardDef
from engine.decisions import ScriptedAgent
from engine.match import new_match


@functools.cache
def hero(key: str):
    """One of our hero files, loaded on its own (other content files do not matter here)."""
    return load_file(CONTENT_ROOT / "heroes" / f"{key}.yaml", "hero")


def line_board(key: str, zones_by_id: dict[int, list[str]], paths: list[tuple[int, int]]):
    colours = ["#aa0000", "#0000aa", "#00aa00", "#aaaa00"]
    names = sorted({z for zs in zones_by_id.values() for z in zs})
    return compile_board(BoardDef.model_validate({
        "key": key, "name": key,
        "zones": {z: {"color": colours[i]} for i, z in enumerate(names)},
        "spaces": [{"id": sid, "pos": [sid / 10, 0.5], "zones": zs, **({"start": 1} if sid == 1 else {})}
                   for sid, zs in zones_by_id.items()],
        "paths": [list(p) for p in paths]}))


def fighter(game, name: str):
    return next(f for s in game.sides for f in s.fighters if f.name == name)


def kinds(events, *wanted):
    return [e for e in events if e["kind"] in wanted]


def test_marvel_combat_example_widows_line_against_nanotriage_processor():
    """Marvel rules p.14 (COMBAT EXAMPLE): Black Widow makes a ranged attack on Shuri (same
    zone) with Widow's Line (3) rather than the stronger Widow's Bite (4); T'Challa, who could
    play Cat-Like Reflexes, defends with Nanotriage Processor (2): 1 damage to Shuri (values
    as published, tests/facts/heroes/black_widow.yaml and black_panther.yaml). The defender's after-combat effect resolves first (Shuri recovers 1, Black Panther
    recovers 1 as he is in her zone); then Widow's Line moves Shuri 2 spaces out of Black
    Widow's zone."""
    # red zone: 1-3; blue zone: 3-5 and 7; Shuri on 3 is in both.
    board = line_board("marvel_example", {1: ["red"], 2: ["red"], 3: ["red", "blue"], 4: ["blue"],
                                          5: ["blue"], 6: ["green"], 7: ["blue"]},
                       [(1, 2), (2, 3), (3, 4), (4, 5), (4, 7), (5, 6)])
    game = new_match(board, [hero("black_widow"), hero("black_panther")], seed=14)
    sid = board.index
    widow, hill = fighter(game, "Black Widow"), fighter(game, "Maria Hill")
    panther, shuri = fighter(game, "Black Panther"), fighter(game, "Shuri")
    for f, space in ((widow, 1), (hill, 2), (shuri, 3), (panther, 5)):
        game.put(f, sid[space])
    panther.health = 5                      # "he is getting low on health"
    to_hand(panther.side, "Nanotriage Processor")
    to_hand(panther.side, "Cat-Like Reflexes")  # "T'Challa could play Cat-Like Reflexes"
    to_hand(widow.side, "Widow's Bite")         # "Widow's Bite, a strong attack card"
    game.agents = {
        0: ScriptedAgent(pick("move_dest", lambda s: s == sid[7])),
        1: ScriptedAgent(pick("defense_card", lambda c: c is not None and c.name == "Nanotriage Processor")),
    }
    start = len(game.events)
    combat = fight(game, widow, shuri, take_card(widow.side, "Widow's Line"))

    assert combat.damage == 1 and combat.winner == "attacker"
    (asked,) = [d for d in game.agents[1].seen if d.tag == "defense_card"]
    assert "Cat-Like Reflexes" in {c.name for c in asked.options if c is not None}
    bite = next(c for c in widow.side.hand if c.name == "Widow's Bite")
    assert bite.value > combat.att_card.value == 3
    assert shuri.health == shuri.max_health            # took 1, recovered 1
    assert panther.health == 6                          # recovered 1: he is in Shuri's zone
    events = kinds(game.events[start:], "reveal", "combat", "damage", "recover", "move")
    assert [(e["kind"], e.get("fighter")) for e in events] == [
        ("reveal", None), ("combat", None), ("damage", shuri.uid), ("recover", shuri.uid),
        ("recover", panther.uid), ("move", shuri.uid)]
    assert (events[1]["attack"], events[1]["defense"], events[1]["damage"]) == (3, 2, 1)
    assert events[-1]["path"] == [3, 4, 7]
    assert shuri.space == sid[7]
    assert not board.same_zone(shuri.space, widow.space)     # out of Black Widow's zone
    assert board.same_zone(shuri.space, panther.space)
    assert shuri in shuri.side.fighters and widow.space == sid[1]


def test_french_combat_example_skirmish_moves_jabberwock_then_jaws_that_bite_hits_alice():
    """French core rules p.16 (EXEMPLE DE COMBAT; same example in the English base-set scan):
    the Jabberwock attacks King Arthur with Jaws That Bite (4), he defends with Skirmish (4):
    no damage, King Arthur wins. Skirmish resolves first and moves the Jabberwock 2 spaces,
    next to Alice; then Jaws That Bite must deal 2 damage to the only adjacent fighter: Alice."""
    board = line_board("french_example", {i: ["field"] for i in range(1, 7)},
                       [(1, 2), (2, 3), (3, 4), (4, 5), (5, 6)])
    game = new_match(board, [hero("alice"), hero("king_arthur")], seed=16)
    sid = board.index
    alice, jabberwock = fighter(game, "Alice"), fighter(game, "The Jabberwock")
    arthur, merlin = fighter(game, "King Arthur"), fighter(game, "Merlin")
    for f, space in ((alice, 1), (jabberwock, 4), (arthur, 5), (merlin, 6)):
        game.put(f, sid[space])
    to_hand(arthur.side, "Skirmish")
    game.agents = {
        0: ScriptedAgent(),
        1: ScriptedAgent(pick("defense_card", lambda c: c is not None and c.name == "Skirmish"),
                         pick("choose_one", lambda i: i == 1),          # move the opposing fighter
                         pick("move_dest", lambda s: s == sid[2])),
    }
    start = len(game.events)
    combat = fight(game, jabberwock, arthur, take_card(jabberwock.side, "Jaws That Bite"))

    assert combat.damage == 0 and combat.winner == "defender"
    assert arthur.health == arthur.max_health
    assert jabberwock.space == sid[2] and game.adjacent(jabberwock, alice)
    assert alice.health == alice.max_health - 2
    assert jabberwock.health == jabberwock.max_health and merlin.health == merlin.max_health
    events = kinds(game.events[start:], "combat", "damage", "move")
    assert [(e["kind"], e.get("fighter")) for e in events] == [
        ("combat", None), ("move", jabberwock.uid), ("damage", alice.uid)]
    assert (events[0]["attack"], events[0]["defense"], events[0]["damage"]) == (4, 4, 0)
    assert events[2]["amount"] == 2 and events[2]["source"] == "Jaws That Bite"
    assert events[1]["path"] == [4, 3, 2]
