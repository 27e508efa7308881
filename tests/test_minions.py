"""The six minions' special rules (Adventures p.18) and ability tokens (p.11).

Unit tests build a small game on the 5x4 grid of tests/fixtures.py with a plain fixture
villain and the shipped minion files, then set positions and decks directly. The last
test plays full random games with the shipped content.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from adventures.content.catalog import load_catalog
from adventures.rules.initiative import card_ctx
from adventures.rules.runner import play_adventure
from adventures.rules.setup import new_adventure
from engine.combat import combat_value, fight
from engine.content.loader import load_file
from engine.content.schema import ScenarioDef
from engine.decisions import TABLE, FirstOptionAgent, RandomAgent, ScriptedAgent
from engine.effects.resolve import Ctx, run_ops
from engine.movement import route_options
from engine.rules import MoveContext
from engine.state import Card, Combat, Effect
from tests.fixtures import make_catalog, make_villain, seat_heroes, simple_hero

CONTENT = Path(__file__).resolve().parents[1] / "adventures" / "content"
MINIONS = ["bebop_rocksteady", "baxter_stockman", "wingnut", "leatherhead", "slash", "rat_king"]


# ---------------------------------------------------------------- helpers
def minion_def(key: str):
    return load_file(CONTENT / "minions" / f"{key}.yaml")


def make_game(minions: list[str], players: int = 1, table=None, seed: int = 5):
    heroes = [simple_hero(n) for n in ("Alpha", "Beta", "Gamma", "Delta")[:players]]
    catalog = make_catalog(heroes=heroes, enemies=[make_villain("shredder"), *map(minion_def, minions)])
    scenario = ScenarioDef(name="test", villain="shredder", seats=[{"hero": h.name} for h in heroes],
                           minions=minions)
    agents = {i: FirstOptionAgent() for i in range(players)}
    return new_adventure(scenario, catalog, seed, agents, table or FirstOptionAgent())


def sid(game, space_id: int) -> int:
    """Board index of a printed space id."""
    return game.board.index[space_id]


def move_to(game, fighter, space_id: int) -> None:
    game.put(fighter, sid(game, space_id))


def hero(game, seat: int = 0):
    return game.sides[[s.index for s in game.sides].index(seat)].fighters[0]


def minion(game, key: str):
    return next(m for m in game.adv.minions if m.hero_key == key)


def pull(side, name: str):
    """Take a named card out of an enemy's deck, discard or supply."""
    for pile in (side.deck, side.discard, side.stored, side.removed):
        for c in pile:
            if c.name == name:
                pile.remove(c)
                return c
    raise KeyError(name)


def on_top(side, *names: str) -> None:
    """Stack cards on top of the deck; the first name ends on top."""
    for name in reversed(names):
        side.deck.append(pull(side, name))


def init_card(game, key: str):
    return next(c for c in game.adv.all_cards if c.key == key)


def end_of_round(game, key: str) -> None:
    card = init_card(game, key)
    run_ops(card_ctx(game, card), card.end_of_round_ops)


def plain(side, name: str, value: int, kind: str = "defense") -> Card:
    return Card(9000 + value, name, kind, value, 0, "any", (), side)


def clear_board(game, *keep) -> None:
    """Lift every fighter except those given (positions set by the test)."""
    for f in list(game.fighters):
        if f not in keep:
            game.lift(f)


# ---------------------------------------------------------------- Baxter Stockman
def test_mouser_discards_top_card_when_player_fighter_passes_through():
    """Adventures p.18 (mouser tokens): entering a mouser space makes the player discard the
    top card of their deck even if the fighter does not stop there."""
    game = make_game(["baxter_stockman"])
    h = hero(game)
    move_to(game, h, 1)
    game.adv.place_token("mouser", sid(game, 2))
    deck, discard = len(h.side.deck), len(h.side.discard)
    top = h.side.deck[-1]
    game.move_along(h, (sid(game, 1), sid(game, 2), sid(game, 3)), MoveContext(h.side, maneuver=True))
    assert h.space == sid(game, 3)
    assert len(h.side.deck) == deck - 1 and len(h.side.discard) == discard + 1
    assert h.side.discard[-1] is top


def test_mouser_routes_are_offered_separately():
    """Adventures p.18: a route through a mouser has a different consequence, so a mover
    choosing a route is offered both (core rules: the mover picks the route)."""
    game = make_game(["baxter_stockman"])
    h = hero(game)
    clear_board(game, h)
    move_to(game, h, 1)
    game.adv.place_token("mouser", sid(game, 2))
    routes = route_options(game, h, sid(game, 7), 2, MoveContext(h.side, maneuver=True))
    assert {r[1] for r in routes} == {sid(game, 2), sid(game, 6)}


def test_mouser_discards_when_placed_there_by_an_effect():
    """Adventures p.18: a fighter moved there by an effect (place or swap) also discards."""
    game = make_game(["baxter_stockman"])
    h = hero(game)
    clear_board(game, h)
    move_to(game, h, 1)
    game.adv.place_token("mouser", sid(game, 10))
    deck = len(h.side.deck)
    game.place(h, sid(game, 10))
    assert len(h.side.deck) == deck - 1
    baxter = minion(game, "baxter_stockman").fighters[0]
    move_to(game, baxter, 4)
    game.adv.place_token("mouser", sid(game, 4))
    game.swap(h, baxter)                     # the hero lands on Baxter's mouser space
    assert len(h.side.deck) == deck - 2


def test_mouser_ignores_enemy_fighters():
    """Adventures p.18: only a *player* fighter entering a mouser space discards."""
    game = make_game(["baxter_stockman"])
    baxter = minion(game, "baxter_stockman")
    b = baxter.fighters[0]
    clear_board(game, b)
    move_to(game, b, 1)
    game.adv.place_token("mouser", sid(game, 2))
    deck, discard = len(baxter.deck), len(baxter.discard)
    game.move_along(b, (sid(game, 1), sid(game, 2), sid(game, 3)), MoveContext(baxter))
    assert (len(baxter.deck), len(baxter.discard)) == (deck, discard)


def test_grand_design_grows_with_the_defenders_discard_pile():
    """Adventures p.18: Baxter's one big attack gets bigger the more cards are in his
    target's discard pile (capped at +4 on our card, printed attack 1: docs/BALANCE.md)."""
    game = make_game(["baxter_stockman"])
    baxter = minion(game, "baxter_stockman")
    b, h = baxter.fighters[0], hero(game)
    values = []
    for discards in (0, 4, 12):
        game.mill(h.side, discards - len(h.side.discard))
        card = pull(baxter, "Grand Design")
        c = Combat(b, h, card, None)
        game.combat = c
        from adventures.rules.enemy import put_in_discard
        from engine.combat import resolve_timing
        resolve_timing(game, c, "during_combat")
        values.append(combat_value(game, c, "attacker"))
        put_in_discard(game, baxter, card)
    game.combat = None
    assert values == [1, 5, 5]


# ---------------------------------------------------------------- ability tokens (p.11)
def test_one_ability_token_of_a_type_per_space():
    """Adventures p.11: placing a duplicate token on a space does nothing; other types may share it."""
    game = make_game(["baxter_stockman", "rat_king"], players=2)
    adv = game.adv
    s = sid(game, 7)
    assert adv.place_token("mouser", s)
    assert not adv.place_token("mouser", s)
    assert adv.place_token("rat", s)
    assert adv.supply["mouser"] == 7 and adv.supply["rat"] == 7
    # The place_token op only offers spaces without that token: all 4 neighbours taken -> nothing.
    b = minion(game, "baxter_stockman").fighters[0]
    clear_board(game, b)
    move_to(game, b, 13)
    for n in (8, 12, 14, 18):
        adv.place_token("mouser", sid(game, n))
    before = adv.supply["mouser"]
    end_of_round(game, "baxter_stockman_turn")
    assert adv.supply["mouser"] == before


def test_empty_supply_places_no_token():
    """Adventures p.11: an enemy placing a token with none left in its supply does nothing."""
    game = make_game(["rat_king"])
    adv = game.adv
    for i in range(8):
        assert adv.place_token("rat", i)
    assert adv.supply["rat"] == 0
    assert not adv.place_token("rat", 10)
    end_of_round(game, "rat_king_turn")
    assert len(adv.tokens["rat"]) == 8


def test_end_of_round_token_space_is_chosen_by_the_players():
    """Adventures p.11: with several valid spaces for an enemy's token, players choose."""
    table = ScriptedAgent(lambda d: len(d.options) - 1 if d.tag == "place_token" else None)
    game = make_game(["baxter_stockman"], table=table)
    b = minion(game, "baxter_stockman").fighters[0]
    end_of_round(game, "baxter_stockman_turn")
    asked = [d for d in table.seen if d.tag == "place_token"]
    assert asked and asked[0].seat == TABLE
    assert game.adv.tokens["mouser"] == {asked[0].options[-1]}
    assert asked[0].options[-1] in game.board.adj[b.space]


# ---------------------------------------------------------------- Rat King
def test_rat_token_reduces_player_defense_by_two_to_minimum_zero():
    """Adventures p.18 (rat tokens): a player fighter in a rat space has its defense value
    reduced by 2, to a minimum of 0; enemies are not affected."""
    game = make_game(["rat_king"])
    rk = minion(game, "rat_king").fighters[0]
    h = hero(game)
    card = pull(rk.side, "Plague of Rats")
    c3 = Combat(rk, h, card, plain(h.side, "Block", 3))
    c1 = Combat(rk, h, card, plain(h.side, "Duck", 1))
    assert combat_value(game, c3, "defender") == 3
    game.adv.place_token("rat", h.space)
    assert combat_value(game, c3, "defender") == 1
    assert combat_value(game, c1, "defender") == 0
    # an enemy defending on a rat space keeps its value
    game.adv.place_token("rat", rk.space)
    rc = Combat(h, rk, plain(h.side, "Hit", 3, "attack"), card)
    assert combat_value(game, rc, "defender") == card.defense


def test_rat_king_attack_places_rat_under_the_defender():
    """Adventures p.18 / p.11: Plague of Rats puts a rat in the opposing fighter's space, and
    the -2 already applies to the next attack there."""
    game = make_game(["rat_king"])
    side = minion(game, "rat_king")
    rk, h = side.fighters[0], hero(game)
    clear_board(game, rk, h)
    move_to(game, rk, 7)
    move_to(game, h, 8)
    on_top(side, "Plague of Rats")
    h.side.hand.clear()                                   # no defense card: simplest combat
    fight(game, rk, h, side.deck.pop())
    assert h.space in game.adv.tokens["rat"]


# ---------------------------------------------------------------- Slash
def test_fury_cards_start_in_the_supply():
    """Adventures p.18: Slash's 5 Fury cards start in his supply, not his deck."""
    game = make_game(["slash"])
    side = minion(game, "slash")
    assert sum(c.fury for c in side.stored) == 5
    assert not any(c.fury for c in side.deck + side.discard)
    assert len(side.deck) == 7


def test_fury_card_played_is_discarded_and_next_card_played_repeatedly():
    """Adventures p.18: a Fury card Slash plays is discarded at once and the next card is
    played instead, repeating until a non-Fury card comes up."""
    game = make_game(["slash"])
    side = minion(game, "slash")
    side.deck.append(pull(side, "Hardened Shell"))
    side.deck.append(side.stored.pop())
    side.deck.append(side.stored.pop())
    card = game.rules.enemy_combat_card(game, side, "defense")
    assert card.name == "Hardened Shell"
    assert [c.fury for c in side.discard] == [True, True]
    assert sum(1 for e in game.events if e["kind"] == "fury") == 2


def test_fury_card_on_attack_is_skipped_in_enemy_turn():
    """Adventures p.18: the same replacement happens when Slash attacks."""
    game = make_game(["slash"])
    side = minion(game, "slash")
    s, h = side.fighters[0], hero(game)
    clear_board(game, s, h)
    move_to(game, s, 7)
    move_to(game, h, 8)
    h.side.hand.clear()
    side.deck.append(pull(side, "Mace Crush"))
    side.deck.append(side.stored.pop())
    from adventures.rules.enemy import enemy_turn
    enemy_turn(game, side, 3)
    reveal = next(e for e in game.events if e["kind"] == "reveal")
    assert reveal["att_card"] == "Mace Crush"
    assert side.discard[0].fury


def test_fury_added_to_discard_at_end_of_round():
    """Adventures p.18: at the end of each round Slash's initiative card adds one Fury card
    from his supply to his discard pile; an empty supply adds nothing."""
    game = make_game(["slash"])
    side = minion(game, "slash")
    for n in range(1, 7):
        end_of_round(game, "slash_turn")
        assert sum(c.fury for c in side.discard) == min(n, 5)
    assert not side.stored


def test_deception_shuffles_fury_cards_into_the_deck():
    """Adventures p.18 and p.12: when Slash discards Deception, the Fury cards in his discard
    pile are shuffled into his deck with the rest."""
    from adventures.rules.enemy import put_in_discard
    game = make_game(["slash"])
    side = minion(game, "slash")
    end_of_round(game, "slash_turn")
    end_of_round(game, "slash_turn")
    put_in_discard(game, side, pull(side, "Deception"))
    assert not side.discard
    assert sum(c.fury for c in side.deck) == 2 and len(side.deck) == 9


def test_slash_cards_gain_one_per_fury_in_discard():
    """Adventures p.18: Slash's other cards gain bonuses per Fury card in his discard pile."""
    from engine.combat import resolve_timing
    game = make_game(["slash"])
    side = minion(game, "slash")
    s, h = side.fighters[0], hero(game)
    slam = pull(side, "Spiked Shell Slam")
    for _ in range(3):
        end_of_round(game, "slash_turn")
    c = Combat(s, h, slam, None)
    resolve_timing(game, c, "during_combat")
    assert combat_value(game, c, "attacker") == slam.value + 3


# ---------------------------------------------------------------- Leatherhead
def test_leatherhead_death_roll_cancels_the_hero_card_effects():
    """Adventures p.18: Leatherhead cancels the effects on your cards (defender's
    IMMEDIATELY effects resolve first, core rules)."""
    game = make_game(["leatherhead"])
    side = minion(game, "leatherhead")
    lh, h = side.fighters[0], hero(game)
    clear_board(game, lh, h)
    move_to(game, lh, 7)
    move_to(game, h, 8)
    on_top(side, "Death Roll")
    pump = Card(9100, "Pump", "attack", 3, 0, "any",
                (Effect("during_combat", "Add 3.", ({"modify_value": 3},)),), h.side)
    combat = fight(game, h, lh, pump)
    assert pump.uid in combat.cancelled
    assert lh.health == 10 - max(0, 3 - 2)             # 3 against Death Roll's defense 2


def test_leatherhead_iron_jaws_ignores_the_hero_card_value():
    """Adventures p.18: Leatherhead ignores values on your cards."""
    game = make_game(["leatherhead"])
    side = minion(game, "leatherhead")
    lh, h = side.fighters[0], hero(game)
    clear_board(game, lh, h)
    move_to(game, lh, 7)
    move_to(game, h, 8)
    on_top(side, "Iron Jaws")
    combat = fight(game, h, lh, plain(h.side, "Haymaker", 8, "attack"))
    assert combat.att_ignored and lh.health == 10


def test_leatherhead_advances_threat_when_no_hero_is_next_to_him():
    """Adventures p.18: Leatherhead advances the threat track (his END OF ROUND, unless a
    player fighter stands next to him)."""
    game = make_game(["leatherhead"])
    lh, h = minion(game, "leatherhead").fighters[0], hero(game)
    clear_board(game, lh, h)
    move_to(game, lh, 7)
    move_to(game, h, 1)
    end_of_round(game, "leatherhead_turn")
    assert game.adv.threat == 1
    move_to(game, h, 8)
    end_of_round(game, "leatherhead_turn")
    assert game.adv.threat == 1


# ---------------------------------------------------------------- Bebop & Rocksteady
def test_bebop_rocksteady_are_stronger_near_the_villain():
    """Adventures p.18: Bebop & Rocksteady are more of a threat near the villain."""
    from engine.combat import resolve_timing
    game = make_game(["bebop_rocksteady"])
    side = minion(game, "bebop_rocksteady")
    br, h = side.fighters[0], hero(game)
    assert len(side.fighters) == 1                       # one fighter
    card = pull(side, "Tag-Team Takedown")
    values = []
    for where in (12, 5):                                # next to the villain (13), then far away
        clear_board(game, br, h, game.adv.villain.fighters[0])
        move_to(game, br, where)
        c = Combat(br, h, card, None)
        resolve_timing(game, c, "during_combat")
        values.append(combat_value(game, c, "attacker"))
    assert values == [card.value + 2, card.value]


def test_bebop_rocksteady_move_toward_villain_when_apart():
    """Adventures p.18 and p.10: more than 2 spaces from the villain, their END OF ROUND moves
    them up to 3 spaces toward him, never through player fighters, ending on an empty space."""
    game = make_game(["bebop_rocksteady"])
    br, h = minion(game, "bebop_rocksteady").fighters[0], hero(game)
    villain = game.adv.villain.fighters[0]                # on space 13
    clear_board(game, br, h, villain)
    move_to(game, h, 2)                                   # blocks the top row
    move_to(game, br, 1)
    end_of_round(game, "bebop_rocksteady_turn")
    d = game.board.dist[br.space][villain.space]
    assert d == 1 and game.occ[br.space] is br            # 1 -> 6 -> 7 -> 12 (or 8): next to him
    path = next(e for e in reversed(game.events) if e["kind"] == "move")["path"]
    assert 2 not in path
    before = br.space
    end_of_round(game, "bebop_rocksteady_turn")           # within 2: they stay
    assert br.space == before


# ---------------------------------------------------------------- Wingnut
def test_wingnut_dive_bomb_swaps_with_the_defender():
    """Adventures p.18: Wingnut moves himself and other fighters around (swap effect)."""
    game = make_game(["wingnut"])
    side = minion(game, "wingnut")
    w, h = side.fighters[0], hero(game)
    clear_board(game, w, h)
    move_to(game, w, 7)
    move_to(game, h, 8)
    h.side.hand.clear()
    on_top(side, "Dive Bomb")
    fight(game, w, h, side.deck.pop())
    assert (w.space, h.space) == (sid(game, 8), sid(game, 7))


def test_wingnut_end_of_round_players_choose_who_is_snatched():
    """Adventures p.13: enemies decide nothing; Wingnut's END OF ROUND leaves the fighter and
    the space to the players (TABLE), and the fighter lands next to him."""
    table = ScriptedAgent(lambda d: 1 if d.tag == "effect_fighter" else None)
    game = make_game(["wingnut"], players=2, table=table)
    w = minion(game, "wingnut").fighters[0]
    end_of_round(game, "wingnut_turn")
    asked = [d for d in table.seen if d.tag == "effect_fighter"]
    assert asked and asked[0].seat == TABLE
    snatched = asked[0].options[1]
    assert snatched.space in game.board.adj[w.space]


def test_wingnut_moves_zero_on_up_to_but_players_place_him():
    """Adventures p.13: an enemy does an "up to" effect 0 times; p.10: when an effect places
    an enemy, players choose the space, so his place effects still happen."""
    game = make_game(["wingnut"])
    w = minion(game, "wingnut").fighters[0]
    ctx = Ctx(game, w.side, w)
    run_ops(ctx, [{"move": {"who": "self", "up_to": 3}}])     # "up to": an enemy does it 0 times
    assert game.occ[w.space] is w
    start = w.space
    run_ops(ctx, [{"place": {"who": "self", "where": {"within": {"of": "self", "n": 2}}}}])
    assert w.space != start


# ---------------------------------------------------------------- full games
def test_every_minion_and_ally_card_plays_in_full_simulated_games():
    """Adventures p.18-19: with the shipped content, full random games with every minion
    and allies & henchmen run to the end without error, and every minion action card, every
    initiative card and every ally and henchman is revealed at least once."""
    catalog = load_catalog()
    wanted_cards = {(k, c.name) for k in MINIONS for c in catalog.enemies[k].deck if not c.fury}
    wanted_init = {c.key for c in catalog.allies.cards} | {c.key for k in MINIONS
                                                           for c in catalog.enemies[k].initiative}
    played_cards, revealed, fury = set(), set(), 0
    names = {catalog.enemies[k].name: k for k in MINIONS}
    for seed in range(300):
        n = 1 + seed % 4
        minions = [MINIONS[(seed * 4 + i) % 6] for i in range(n)]
        scenario = ScenarioDef(name="soak", villain=("shredder", "krang")[seed % 2],
                               seats=[{"hero": h} for h in seat_heroes(n)], minions=minions, allies=True,
                               extra_henchmen=seed % 3)
        game = new_adventure(scenario, catalog, seed, {i: RandomAgent() for i in range(n)}, RandomAgent())
        result = play_adventure(game, max_rounds=30)
        assert result.winner in ("heroes", "villain", "timeout")
        uid_side = {f.uid: f.side.name for s in game.sides for f in s.fighters}
        for e in game.events:
            if e["kind"] == "initiative":
                revealed.add(e["key"])
            elif e["kind"] == "fury":
                fury += 1
            elif e["kind"] == "reveal":
                for who, card in ((e["attacker"], e["att_card"]), (e["defender"], e["def_card"])):
                    if uid_side.get(who) in names:
                        played_cards.add((names[uid_side[who]], card))
        if wanted_cards <= played_cards and wanted_init <= revealed and fury:
            break
    assert wanted_cards - played_cards == set()
    assert wanted_init - revealed == set()
    assert fury > 0


@pytest.mark.parametrize("key", MINIONS)
def test_minion_files_follow_the_minion_rules(key):
    """Adventures p.4 and p.18: 10 health, a 7-card deck with exactly one Deception, split
    attack/defense values, and an initiative card with a move value."""
    d = minion_def(key)
    assert d.role == "minion" and d.health == [10]
    deck = [c for c in d.deck if not c.fury]
    assert sum(c.copies for c in deck) == 7
    assert sum(c.copies for c in deck if c.deception) == 1
    assert any(i.move for i in d.initiative)
    assert all(c.provenance == "approximation" for c in d.deck)


def test_same_seed_replays_the_same_game_with_minions_and_allies():
    """Architecture: all randomness goes through game.rng / bot_rng, so a seed replays
    byte-identically with every minion hook and allies in play."""
    catalog = load_catalog()
    scenario = ScenarioDef(name="replay", villain="shredder", seats=[{"hero": h} for h in seat_heroes(4)],
                           minions=["baxter_stockman", "slash", "rat_king", "wingnut"], allies=True)
    results = []
    for _ in range(2):
        game = new_adventure(scenario, catalog, 77, {i: RandomAgent() for i in range(4)}, RandomAgent())
        results.append((play_adventure(game, max_rounds=30).state_hash, list(game.answers)))
    assert results[0] == results[1]
