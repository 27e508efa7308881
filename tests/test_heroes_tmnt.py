"""The TMNT heroes roster: Leonardo, Raphael, Michelangelo, Donatello, Splinter, April O'Neil.

Page numbers: Adventures = the TMNT Adventures rulebook; EN = Marvel core rules; FR = French
core rules. Abilities and cards are our own design (provenance: approximation), so the
tests check the rules each card text states, on a 5x4 grid (tests/fixtures.py: space id =
row * 5 + column + 1; columns 0-1 "left", 3-4 "right", column 2 in both zones).
"""
from __future__ import annotations

import functools
from pathlib import Path

import pytest
from fixtures import grid_board, simple_hero
from fixtures import take_card as take
from fixtures import to_hand as give

from adventures.content.catalog import CONTENT_ROOT, build_catalog, load_catalog
from adventures.rules.enemy import take_top
from adventures.rules.invariants import CheckingAgent, check_invariants
from adventures.rules.runner import play_adventure
from adventures.rules.setup import new_adventure
from engine.combat import fight
from engine.content.loader import ContentError, load
from engine.content.reference import hero_reference
from engine.content.schema import ScenarioDef
from engine.decisions import FirstOptionAgent, RandomAgent, ScriptedAgent
from engine.match import new_match
from engine.state import GameOver
from engine.turn import boost_movement, scheme

HEROES = ("leonardo", "raphael", "michelangelo", "donatello", "splinter", "april_oneil")
HERO_FILES = {f"{k}.yaml" for k in HEROES}


@functools.cache
def hero(key: str):
    return load(CONTENT_ROOT / "heroes" / f"{key}.yaml", "hero").model


@functools.cache
def catalog():
    # Tolerant: another team's half-written file must not hide the heroes under test.
    return build_catalog()


def dummy(name="Dummy", health=30):
    return simple_hero(name, health=health, sidekick={"name": f"{name} Goon", "health": 3})


# ---------------------------------------------------------------- helpers
def arena(heroes, places, agents=None, mode="duel", seed=0):
    """A competitive match with fighters put on exact spaces: places {(side, fighter): id}."""
    game = new_match(grid_board(), list(heroes), seed, mode=mode)
    for s in game.sides:
        game.agents[s.index] = (agents or {}).get(s.index, FirstOptionAgent())
    game.table_agent = FirstOptionAgent()
    for (si, fi), sid in places.items():
        game.put(game.sides[si].fighters[fi], game.board.index[sid])
    return game


def sid(game, fighter) -> int:
    return game.board.ids[fighter.space]


def pick(tag, pred):
    """Scripted rule: for decisions tagged `tag`, the first option matching `pred`."""
    return lambda d: next((i for i, o in enumerate(d.options) if pred(o)), None) if d.tag == tag else None


def pick_space(game, tag, space_id):
    return pick(tag, lambda o: isinstance(o, int) and not isinstance(o, bool) and game.board.ids[o] == space_id)


def last_combat(game) -> dict:
    return [e for e in game.events if e["kind"] == "combat"][-1]


# ---------------------------------------------------------------- content
def test_tmnt_hero_files_validate():
    """Every deck loads through the catalog with no problem in our files (content rules)."""
    cat = catalog()
    assert [str(p) for p in cat.problems if Path(p.file).name in HERO_FILES] == []
    assert set(HEROES) <= set(cat.heroes)
    try:
        load_catalog()
    except ContentError as exc:      # only other teams' files may still have problems
        assert not [p for p in exc.problems if Path(p.file).name in HERO_FILES]


@pytest.mark.parametrize("key", HEROES)
def test_each_deck_has_30_cards_with_typical_values(key):
    """EN p.5: a hero deck has 30 cards; attack/defense/versatile cards have values, schemes none."""
    h = hero(key)
    assert sum(c.copies for c in h.deck) == 30
    assert 10 <= len(h.deck) <= 14
    assert 2 <= sum(1 for c in h.deck if c.type == "scheme") <= 3
    for c in h.deck:
        assert c.type == "scheme" or 1 <= c.value <= 5, c.name
        assert 1 <= c.boost <= 3, c.name
        assert all(e.text.strip() for e in c.effects), c.name
    assert h.provenance == "approximation"
    assert all(c.provenance == "approximation" for c in h.deck)


def test_hero_reference_lists_the_character_card_and_plain_card_texts():
    """The UI's card reference: character facts, and effect blocks as 'AFTER COMBAT: ...'."""
    ref = hero_reference(hero("donatello"))
    assert (ref["health"], ref["move"], ref["attack"], ref["deck_size"]) == (13, 2, "melee", 30)
    assert ref["sidekick"]["name"] == "Metalhead" and ref["sidekick"]["attack"] == "ranged"
    assert ref["ability"]["name"] == "Tech Genius"
    cards = {c["name"]: c for c in ref["cards"]}
    assert cards["Bo Staff Vault"]["text"] == "AFTER COMBAT: Donatello may move up to 2 spaces."
    assert cards["Bo Staff Vault"]["fighter"] == "Donatello" and cards["Bo Staff Vault"]["copies"] == 3
    assert cards["Upgrade"]["text"] == "Metalhead recovers 3 health. Draw a card."
    assert cards["Upgrade"]["value"] is None
    assert cards["Bo Staff Strike"]["text"] == ""
    assert sum(ref["deck_by_type"].values()) == 30
    feint = {c["name"]: c for c in hero_reference(hero("leonardo"))["cards"]}["Feint"]
    assert feint["text"].startswith("IMMEDIATELY: ")


# ---------------------------------------------------------------- Leonardo
def test_fearless_leader_moves_leonardo_at_start_of_turn():
    """Leonardo's ability: at the start of your turn, move a friendly fighter up to 1 space."""
    agent = ScriptedAgent(pick("effect_fighter", lambda o: o is not None and o.name == "Leonardo"))
    game = arena([hero("leonardo"), dummy()], {(0, 0): 7, (1, 0): 20}, {0: agent})
    game.agents[0] = ScriptedAgent(agent.rules[0], pick_space(game, "move_dest", 12))
    game.current = game.sides[0]
    game.sides[0].ability.start_of_turn(game)
    assert sid(game, game.sides[0].fighters[0]) == 12


def test_fearless_leader_can_move_a_teammate_instead():
    """Leonardo's ability on a team (EN p.19 team play; Adventures: all players are friendly)."""
    game = arena([hero("leonardo"), dummy("Foe"), dummy("Pal"), dummy("Foe2")],
                 {(0, 0): 7, (2, 0): 1, (1, 0): 20, (3, 0): 16}, mode="team")
    pal = game.sides[2].fighters[0]
    game.agents[0] = ScriptedAgent(pick("effect_fighter", lambda o: o is pal), pick_space(game, "move_dest", 2))
    game.sides[0].ability.start_of_turn(game)
    assert sid(game, pal) == 2


def test_sword_storm_and_disciplined_guard_count_adjacent_friendly_fighters():
    """Sword Storm: +2 with a friendly fighter adjacent; Disciplined Guard: +1 per such fighter."""
    game = arena([hero("leonardo"), dummy("Foe"), dummy("Pal"), dummy("Foe2")],
                 {(0, 0): 7, (2, 0): 6, (2, 1): 12, (1, 0): 8, (3, 0): 20}, mode="team")
    leo, foe = game.sides[0].fighters[0], game.sides[1].fighters[0]
    fight(game, leo, foe, take(game.sides[0], "Sword Storm"))
    assert last_combat(game)["attack"] == 2 + 2
    game.agents[0] = ScriptedAgent(pick("defense_card", lambda o: o is not None and o.name == "Disciplined Guard"))
    give(game.sides[0], "Disciplined Guard")
    fight(game, foe, leo, take(game.sides[1], "Strike"))
    assert last_combat(game)["defense"] == 3 + 2


def test_turtles_together_heals_friendly_fighters_within_two_spaces():
    """Turtles Together: each friendly fighter within 2 spaces of Leonardo recovers 1; draw 1."""
    game = arena([hero("leonardo"), dummy("Foe"), dummy("Pal"), dummy("Foe2")],
                 {(0, 0): 7, (2, 0): 9, (2, 1): 10, (1, 0): 20, (3, 0): 16}, mode="team")
    leo, pal, far = game.sides[0].fighters[0], *game.sides[2].fighters
    for f in (leo, pal, far):
        f.health -= 2
    give(game.sides[0], "Turtles Together")
    hand = len(game.sides[0].hand)
    game.agents[0] = ScriptedAgent(pick("scheme_card", lambda o: o.name == "Turtles Together"))
    scheme(game, game.sides[0])
    assert (leo.max_health - leo.health, pal.max_health - pal.health, far.max_health - far.health) == (1, 1, 2)
    assert len(game.sides[0].hand) == hand - 1 + 1


# ---------------------------------------------------------------- Raphael
def test_hothead_gains_rage_from_combat_damage_and_spends_it_on_attack():
    """Raphael's ability: +1 rage per hit of 2 or more combat damage taken (max 2,
    docs/BALANCE.md), added to his next attack."""
    game = arena([hero("raphael"), dummy()], {(0, 0): 7, (1, 0): 8})
    raph, foe = game.sides[0].fighters[0], game.sides[1].fighters[0]
    fight(game, foe, raph, take(game.sides[1], "Strike"))       # no defense card: 3 damage
    assert game.sides[0].data["rage"] == 1
    fight(game, raph, foe, take(game.sides[0], "Twin Sai"))
    assert last_combat(game)["attack"] == 5 + 1
    assert game.sides[0].data["rage"] == 0
    game.sides[0].data["rage"] = 2
    fight(game, foe, raph, take(game.sides[1], "Strike"))
    assert game.sides[0].data["rage"] == 2


def test_hothead_no_rage_when_the_defense_holds():
    """Raphael gains rage only when he actually takes combat damage."""
    game = arena([hero("raphael"), dummy()], {(0, 0): 7, (1, 0): 8},
                 {0: ScriptedAgent(pick("defense_card", lambda o: o is not None and o.name == "Tough Shell"))})
    give(game.sides[0], "Tough Shell")
    fight(game, game.sides[1].fighters[0], game.sides[0].fighters[0], take(game.sides[1], "Strike"))
    assert game.sides[0].data.get("rage", 0) == 0


def test_hothead_no_rage_from_a_one_damage_hit():
    """Raphael's ability (our design, docs/BALANCE.md): a hit of 1 combat damage gives no rage."""
    game = arena([hero("raphael"), dummy()], {(0, 0): 7, (1, 0): 8},
                 {0: ScriptedAgent(pick("defense_card", lambda o: o is not None and o.name == "Counterpunch"))})
    give(game.sides[0], "Counterpunch")
    fight(game, game.sides[1].fighters[0], game.sides[0].fighters[0], take(game.sides[1], "Strike"))
    assert last_combat(game)["damage"] == 1
    assert game.sides[0].data.get("rage", 0) == 0


def test_headbutt_adds_rage_without_spending_it_then_hothead_spends_it():
    """Headbutt: +1 per rage; the ability then also adds the rage and spends it."""
    game = arena([hero("raphael"), dummy()], {(0, 0): 7, (1, 0): 8})
    game.sides[0].data["rage"] = 2
    fight(game, game.sides[0].fighters[0], game.sides[1].fighters[0], take(game.sides[0], "Headbutt"))
    assert last_combat(game)["attack"] == 2 + 2 + 2
    assert game.sides[0].data["rage"] == 0


def test_blow_off_steam_hits_every_adjacent_opponent_and_raphael():
    """Blow Off Steam: 1 damage to each adjacent opposing fighter (docs/BALANCE.md), then 1 to Raphael."""
    game = arena([hero("raphael"), dummy()], {(0, 0): 7, (1, 0): 8, (1, 1): 2})
    raph, foe, goon = game.sides[0].fighters[0], *game.sides[1].fighters
    give(game.sides[0], "Blow Off Steam")
    game.agents[0] = ScriptedAgent(pick("scheme_card", lambda o: o.name == "Blow Off Steam"))
    scheme(game, game.sides[0])
    assert foe.health == 29 and goon.health == 2 and raph.health == raph.max_health - 1


def test_fury_unleashed_grows_when_raphael_is_hurt():
    """Fury Unleashed: +2 while Raphael has 8 or less health."""
    game = arena([hero("raphael"), dummy()], {(0, 0): 7, (1, 0): 8})
    raph, foe = game.sides[0].fighters[0], game.sides[1].fighters[0]
    fight(game, raph, foe, take(game.sides[0], "Fury Unleashed"))
    assert last_combat(game)["attack"] == 4
    raph.health = 8
    fight(game, raph, foe, take(game.sides[0], "Fury Unleashed"))
    assert last_combat(game)["attack"] == 6


# ---------------------------------------------------------------- Michelangelo
def test_cowabunga_draws_on_the_first_boost_of_each_own_turn():
    """Michelangelo's ability: the first boost during each of your turns draws a card."""
    game = arena([hero("michelangelo"), dummy()], {(0, 0): 7, (1, 0): 20},
                 {0: ScriptedAgent(lambda d: 1 if d.tag == "boost" else None)})
    mikey, other = game.sides
    game.current = mikey
    mikey.ability.start_of_turn(game)
    boost_movement(game, mikey)
    assert len(mikey.hand) == 5                 # discarded 1, drew 1
    boost_movement(game, mikey)
    assert len(mikey.hand) == 4                 # second boost this turn: no draw
    game.current = other
    boost_movement(game, mikey)
    assert len(mikey.hand) == 3                 # not on someone else's turn
    game.current = mikey
    mikey.ability.start_of_turn(game)
    boost_movement(game, mikey)
    assert len(mikey.hand) == 3                 # a new turn: draws again


def test_surprise_adds_twice_the_boost_value():
    """Surprise!: discard a card to add twice its BOOST value."""
    game = arena([hero("michelangelo"), dummy()], {(0, 0): 7, (1, 0): 8},
                 {0: ScriptedAgent(pick("boost_attack", lambda o: o is not None and o.name == "Big Wind-Up"))})
    mikey = game.sides[0]
    mikey.hand.clear()
    give(mikey, "Big Wind-Up")                   # boost 3
    game.current = game.sides[1]                 # not Michelangelo's turn: no Cowabunga draw
    fight(game, mikey.fighters[0], game.sides[1].fighters[0], take(mikey, "Surprise!"))
    assert last_combat(game)["attack"] == 1 + 6
    assert mikey.hand == []


# ---------------------------------------------------------------- Donatello
def test_tech_genius_rebuilds_a_defeated_metalhead_for_two_cards():
    """Donatello's ability: discard 2 cards at the start of the turn to bring Metalhead back
    with 3 health next to Donatello (our design; sidekick placement as in FR p.4)."""
    game = arena([hero("donatello"), dummy()], {(0, 0): 7, (0, 1): 9, (1, 0): 20})
    side = game.sides[0]
    don, metalhead = side.fighters
    game.damage(metalhead, 99)
    assert not metalhead.alive
    hand = len(side.hand)
    side.ability.start_of_turn(game)             # FirstOptionAgent: yes, first cards, first space
    assert metalhead.alive and metalhead.health == 3
    assert metalhead.space in game.board.adj[don.space]
    assert len(side.hand) == hand - 2 and len(side.discard) == 2


def test_tech_genius_needs_two_cards_and_a_living_donatello():
    """No rebuild offer with fewer than 2 cards in hand, nor when Metalhead is fine."""
    agent = ScriptedAgent()
    game = arena([hero("donatello"), dummy()], {(0, 0): 7, (0, 1): 9, (1, 0): 20}, {0: agent})
    side = game.sides[0]
    side.ability.start_of_turn(game)
    game.damage(side.fighters[1], 99)
    del side.hand[1:]
    side.ability.start_of_turn(game)
    assert not agent.seen and not side.fighters[1].alive


def test_laser_blast_is_stronger_from_a_distance():
    """Laser Blast: +1 when Metalhead (ranged, EN p.10) attacks from a non-adjacent space."""
    game = arena([hero("donatello"), dummy()], {(0, 0): 1, (0, 1): 10, (1, 0): 8})
    metalhead, foe = game.sides[0].fighters[1], game.sides[1].fighters[0]
    fight(game, metalhead, foe, take(game.sides[0], "Laser Blast"))
    assert last_combat(game)["attack"] == 4
    game.put(metalhead, game.board.index[9])
    fight(game, metalhead, foe, take(game.sides[0], "Laser Blast"))
    assert last_combat(game)["attack"] == 3


def test_bo_staff_sweep_hits_the_other_adjacent_opponents():
    """Bo Staff Sweep: 1 damage to each other opposing fighter adjacent to Donatello."""
    game = arena([hero("donatello"), dummy()], {(0, 0): 7, (0, 1): 20, (1, 0): 8, (1, 1): 2})
    foe, goon = game.sides[1].fighters
    fight(game, game.sides[0].fighters[0], foe, take(game.sides[0], "Bo Staff Sweep"))
    assert foe.health == 27 and goon.health == 2


# ---------------------------------------------------------------- Splinter
def test_master_of_ninjutsu_boosts_the_defense_card():
    """Splinter's ability: when defending with a card, discard a card to add its BOOST."""
    agent = ScriptedAgent(pick("defense_card", lambda o: o is not None and o.name == "Master's Guard"),
                          pick("boost_attack", lambda o: o is not None and o.name == "Staff Sweep"))
    game = arena([hero("splinter"), dummy()], {(0, 0): 7, (1, 0): 8}, {0: agent})
    side = game.sides[0]
    side.hand.clear()
    give(side, "Master's Guard")
    give(side, "Staff Sweep")                    # boost 2
    fight(game, game.sides[1].fighters[0], side.fighters[0], take(game.sides[1], "Big Strike"))
    assert last_combat(game)["defense"] == 4 + 2
    assert side.fighters[0].health == side.fighters[0].max_health


def test_master_of_ninjutsu_needs_a_defense_card():
    """Without a defense card there is no value to boost: nothing is asked."""
    agent = ScriptedAgent()
    game = arena([hero("splinter"), dummy()], {(0, 0): 7, (1, 0): 8}, {0: agent})
    fight(game, game.sides[1].fighters[0], game.sides[0].fighters[0], take(game.sides[1], "Strike"))
    assert [d.tag for d in agent.seen] == ["defense_card"]


def test_pressure_point_ignores_the_defense_and_redirect_punishes_a_miss():
    """Pressure Point ignores the opponent's value; Redirect deals 2 when no damage got through."""
    game = arena([hero("splinter"), dummy()], {(0, 0): 7, (1, 0): 8},
                 {1: ScriptedAgent(pick("defense_card", lambda o: o is not None and o.name == "Parry")),
                  0: ScriptedAgent(pick("defense_card", lambda o: o is not None and o.name == "Redirect"))})
    splinter, foe = game.sides[0].fighters[0], game.sides[1].fighters[0]
    give(game.sides[1], "Parry")
    fight(game, splinter, foe, take(game.sides[0], "Pressure Point"))
    assert last_combat(game)["damage"] == 2
    give(game.sides[0], "Redirect")
    before = foe.health
    fight(game, foe, splinter, take(game.sides[1], "Flex"))          # 2 against Redirect's 2
    assert foe.health == before - 2 and splinter.health == splinter.max_health


def test_sensei_lesson_lets_a_teammate_draw_two():
    """Sensei's Lesson: the player of a chosen friendly hero draws 2 cards (team play, EN p.19)."""
    game = arena([hero("splinter"), dummy("Foe"), dummy("Pal"), dummy("Foe2")],
                 {(0, 0): 7, (2, 0): 1, (1, 0): 20, (3, 0): 16}, mode="team")
    pal = game.sides[2]
    give(game.sides[0], "Sensei's Lesson")
    hand = len(game.sides[0].hand)
    game.agents[0] = ScriptedAgent(pick("scheme_card", lambda o: o.name == "Sensei's Lesson"),
                                   pick("effect_fighter", lambda o: o is pal.fighters[0]))
    scheme(game, game.sides[0])
    assert len(pal.hand) == 7 and len(game.sides[0].hand) == hand - 1


def test_ancient_wisdom_keeps_one_and_puts_the_rest_on_the_bottom():
    """Ancient Wisdom: look at 3, one to hand, the others to the bottom of the deck."""
    game = arena([hero("splinter"), dummy()], {(0, 0): 7, (1, 0): 20})
    side = game.sides[0]
    give(side, "Ancient Wisdom")
    top3 = side.deck[-3:]
    game.agents[0] = ScriptedAgent(pick("scheme_card", lambda o: o.name == "Ancient Wisdom"),
                                   pick("dig", lambda o: o is top3[0]))
    scheme(game, side)
    assert top3[0] in side.hand
    # The other two go under the deck in the order they were seen (bottom = index 0).
    assert side.deck[:2] == [top3[1], top3[2]]


# ---------------------------------------------------------------- April O'Neil
def test_investigative_reporter_may_discard_the_top_card():
    """April's ability: look at the top card of your deck at the start of the turn; may discard it."""
    game = arena([hero("april_oneil"), dummy()], {(0, 0): 7, (0, 1): 6, (1, 0): 20},
                 {0: ScriptedAgent(pick("scry", lambda o: o is False))})
    side = game.sides[0]
    top = side.deck[-1]
    side.ability.start_of_turn(game)
    assert side.discard == [top] and top not in side.deck
    game.agents[0] = FirstOptionAgent()          # keep it
    top = side.deck[-1]
    side.ability.start_of_turn(game)
    assert side.deck[-1] is top and len(side.discard) == 1


def test_cricket_bat_hits_harder_when_april_is_next_to_the_target():
    """Cricket Bat: Casey Jones gets +2 while April is adjacent to the defender."""
    game = arena([hero("april_oneil"), dummy()], {(0, 0): 3, (0, 1): 7, (1, 0): 8})
    side = game.sides[0]
    april, casey = side.fighters
    fight(game, casey, game.sides[1].fighters[0], take(side, "Cricket Bat"))
    assert last_combat(game)["attack"] == 5
    game.put(april, game.board.index[1])
    fight(game, casey, game.sides[1].fighters[0], take(side, "Cricket Bat"))
    assert last_combat(game)["attack"] == 3


def test_get_the_scoop_keeps_one_and_discards_the_rest():
    """Get the Scoop: look at 3, put 1 in hand, discard the other 2."""
    game = arena([hero("april_oneil"), dummy()], {(0, 0): 7, (0, 1): 6, (1, 0): 20})
    side = game.sides[0]
    give(side, "Get the Scoop")
    top3, deck = side.deck[-3:], len(side.deck)
    game.agents[0] = ScriptedAgent(pick("scheme_card", lambda o: o.name == "Get the Scoop"),
                                   pick("dig", lambda o: o is top3[1]))
    scheme(game, side)
    assert top3[1] in side.hand
    assert {top3[0], top3[2]} <= set(side.discard) and len(side.deck) == deck - 3


def test_channel_6_news_lets_every_friendly_player_draw():
    """Channel 6 News: each friendly hero's player draws 1, then April draws 1 more."""
    game = arena([hero("april_oneil"), dummy("Foe"), dummy("Pal"), dummy("Foe2")],
                 {(0, 0): 7, (0, 1): 6, (2, 0): 1, (1, 0): 20, (3, 0): 16}, mode="team")
    give(game.sides[0], "Channel 6 News")
    hand = len(game.sides[0].hand)
    game.agents[0] = ScriptedAgent(pick("scheme_card", lambda o: o.name == "Channel 6 News"))
    scheme(game, game.sides[0])
    assert [len(s.hand) for s in game.sides] == [hand - 1 + 2, 5, 6, 5]


def test_expose_makes_an_enemy_discard_from_the_top_of_its_deck():
    """Exposé on an enemy: it discards the top card of its deck (Adventures p.10)."""
    game = adventure("april_oneil", "shredder", seed=2, agent=FirstOptionAgent())
    side, villain = game.sides[-1], game.adv.villain
    april = side.fighters[0]
    place_next_to(game, [april], villain.fighters[0])
    deck, discard = len(villain.deck), len(villain.discard)
    fight(game, april, villain.fighters[0], take(side, "Exposé"))
    # The villain's defense card and the discarded top card both left its deck.
    assert len(villain.deck) + len(villain.discard) == deck + discard
    assert any(e["kind"] == "mill" for e in game.events)


# ---------------------------------------------------------------- every card resolves
def adventure(key, villain, seed, agent=None):
    sc = ScenarioDef.model_validate({"name": "t", "villain": villain, "seats": [{"hero": key, "bot": "random"}]})
    agent = agent or RandomAgent()
    return new_adventure(sc, catalog(), seed, agents={0: agent}, table_agent=agent)


def place_next_to(game, fighters, foe):
    for f in fighters:
        game.lift(f)
    for f in fighters:
        if not f.alive:
            continue
        empty = [s for s in game.board.adj[foe.space] if game.occ[s] is None]
        if not empty:
            empty = sorted(game.empty_spaces(), key=lambda s: game.board.dist[foe.space][s])[:1]
        game.put(f, empty[0])


def user_of(game, side, name):
    card = next(c for c in side.all_cards() if c.name == name)
    return next(f for f in side.fighters if f.alive and game.usable_by(card, f))


def play_card_everywhere(game, side, foe, name, foe_card) -> bool:
    """Play the card as a scheme, an attack and/or a defense (each way its type allows).
    Returns True if it was played at least once before the game ended."""
    fighter = user_of(game, side, name)
    rng_agent = game.agents[side.index]
    played = False
    try:
        card = take(side, name)
        if card.kind == "scheme":
            side.hand.append(card)
            game.current = side
            game.agents[side.index] = ScriptedAgent(
                pick("scheme_card", lambda o: o is card), pick("scheme_fighter", lambda o: o is fighter),
                fallback=rng_agent)
            scheme(game, side)
            return True
        if card.can_attack and fighter.alive and foe.alive:
            fight(game, fighter, foe, card)
            played = True
        if card.can_defend and fighter.alive and foe.alive:
            card = give(side, name)
            game.agents[side.index] = ScriptedAgent(pick("defense_card", lambda o: o is card), fallback=rng_agent)
            fight(game, foe, fighter, foe_card(game, foe.side))
            played = True
    except GameOver:
        played = True
    return played


def dummy_strike(game, side):
    return take(side, "Strike")


def cards_played(game) -> set:
    return ({e.get("att_card") for e in game.events} | {e.get("def_card") for e in game.events}
            | {e.get("card") for e in game.events if e["kind"] == "scheme"})


@pytest.mark.parametrize("key", HEROES)
def test_every_card_resolves_in_a_duel(key):
    """Each card of the deck is played through combat or as a scheme (EN p.10-13)."""
    h = hero(key)
    for seed in range(2):
        for cdef in h.deck:
            places = {(0, 0): 7, (1, 0): 8, (1, 1): 2}
            if h.sidekick:
                places[(0, 1)] = 9
            game = arena([h, dummy()], places, {0: RandomAgent(), 1: RandomAgent()}, seed=seed)
            game.table_agent = RandomAgent()
            foe_side = game.sides[1]
            assert play_card_everywhere(game, game.sides[0], foe_side.fighters[0], cdef.name, dummy_strike)
            assert cdef.name in cards_played(game) or game.over is not None


@pytest.mark.parametrize("key", HEROES)
def test_every_card_resolves_against_a_villain(key):
    """Each card against an enemy fighter: enemies make no decisions (Adventures p.13)."""
    h = hero(key)
    for villain in ("shredder", "krang"):
        for cdef in h.deck:
            game = adventure(key, villain, seed=3)
            side = next(s for s in game.sides if not s.is_enemy)
            vside = game.adv.villain
            foe = vside.fighters[0]
            place_next_to(game, side.fighters, foe)
            assert play_card_everywhere(game, side, foe, cdef.name, take_top)
            assert cdef.name in cards_played(game) or game.over is not None


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("key", HEROES)
@pytest.mark.parametrize("villain", ("shredder", "krang"))
def test_random_play_against_each_villain_finishes(key, villain):
    """Full Adventures games with random decisions end with a result (Adventures p.6), and
    the rules invariants hold at every decision (cards in one pile, health, board)."""
    for seed in range(3):
        checker = CheckingAgent(RandomAgent())
        game = adventure(key, villain, seed, agent=checker)
        result = play_adventure(game)
        assert result.winner in ("heroes", "villain", "timeout")
        assert checker.checks > 0 and check_invariants(game) == []


def test_same_seed_and_answers_replay_identically():
    """All randomness goes through the game's RNG: the same seed gives the same game."""
    first = play_adventure(adventure("donatello", "shredder", 11))
    second = play_adventure(adventure("donatello", "shredder", 11))
    assert first.to_dict() == second.to_dict()
