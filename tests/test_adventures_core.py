"""Adventures rules that are not specific to a villain (Adventures rulebook p.4-13).

Uses hand-made content (tests/fixtures.py) on a 5x4 grid so positions are exact:
space id = row * 5 + column + 1, board index = id - 1.
"""
from __future__ import annotations

import pytest
from fixtures import make_catalog, make_villain, simple_hero

from adventures.rules import enemy as enemy_mod
from adventures.rules.initiative import extra_turn, play_round
from adventures.rules.setup import new_adventure
from adventures.rules.threat import advance_threat
from engine.combat import fight
from engine.content.schema import ScenarioDef
from engine.decisions import TABLE, FirstOptionAgent, ScriptedAgent
from engine.effects.resolve import Ctx, run_ops
from engine.state import GameOver

HEROES = ("Alpha", "Beta", "Gamma", "Delta")     # one hero a seat: the box has one of each


def scenario(players=1, minions=(), **overrides):
    return ScenarioDef.model_validate({
        "name": "test", "villain": "shredder", "seats": [{"hero": HEROES[i]} for i in range(players)],
        "minions": list(minions), "overrides": overrides})


def new_game(players=1, minions=(), table=None, catalog=None, **overrides):
    heroes = [simple_hero("Alpha"), simple_hero("Beta", sidekick={"name": "Buddy", "health": 3}),
              simple_hero("Gamma"), simple_hero("Delta")]
    catalog = catalog or make_catalog(heroes=heroes, enemies=[make_villain("shredder"),
                                                             make_villain("goon", health=(10,), role="minion"),
                                                             make_villain("thug", health=(10,), role="minion")])
    agents = {i: FirstOptionAgent() for i in range(players)}
    return new_adventure(scenario(players, minions, **overrides), catalog, 7, agents,
                         table or FirstOptionAgent())


def clear_board(game):
    for f in list(game.fighters):
        game.lift(f)


def pick_named(name):
    return lambda d: next((i for i, o in enumerate(d.options) if getattr(o, "name", None) == name), None) \
        if d.tag == "enemy_target" else None


# ---------------------------------------------------------------- setup (p.4)
def test_setup_places_villain_on_space_5_with_health_by_player_count():
    """Adventures p.4: villain on the 5 starting space; health by number of players."""
    for players, health in ((1, 14), (2, 21), (3, 28), (4, 35)):
        game = new_game(players)
        villain = game.adv.villain.fighters[0]
        assert villain.space == game.board.start[5]
        assert villain.health == villain.max_health == health


def test_setup_minions_adjacent_to_villain_with_10_health():
    """Adventures p.4 step 2: each minion on an empty space adjacent to the villain, 10 health."""
    game = new_game(2, minions=("goon", "thug"))
    villain = game.adv.villain.fighters[0]
    for m in game.adv.minions:
        assert m.fighters[0].health == 10
        assert m.fighters[0].space in game.board.adj[villain.space]


def test_setup_heroes_on_starting_spaces_take_player_order():
    """Adventures p.4 steps 3-4: heroes on empty starting spaces; order marker = space number."""
    game = new_game(3)
    for number, side in game.adv.seats.items():
        assert side.fighters[0].space == game.board.start[number]
        assert number in (1, 2, 3, 4)


def test_initiative_deck_has_villain_minion_and_player_cards():
    """Adventures p.4 step 5: villain, minion and player order cards shuffled together."""
    game = new_game(2, minions=("goon", "thug"))
    owners = sorted(c.owner for c in game.adv.all_cards)
    assert owners == ["enemy", "enemy", "enemy", "player", "player"]


# ---------------------------------------------------------------- targeting (p.9)
def test_target_example_1_adjacent_to_two_players_choose():
    """Adventures p.9 example 1: adjacent to Leonardo and Splinter; players pick Splinter."""
    cat = make_catalog(heroes=[simple_hero("Leonardo"), simple_hero("Splinter")],
                       enemies=[make_villain("shredder")])
    sc = ScenarioDef.model_validate({"name": "t", "villain": "shredder", "minions": [],
                                     "seats": [{"hero": "Leonardo"}, {"hero": "Splinter"}]})
    table = ScriptedAgent(pick_named("Splinter"))
    game = new_adventure(sc, cat, 1, {0: FirstOptionAgent(), 1: FirstOptionAgent()}, table)
    clear_board(game)
    shredder = game.adv.villain.fighters[0]
    leo, splinter = (s.fighters[0] for s in game.sides if not s.is_enemy)
    game.put(shredder, 12)
    game.put(leo, 7)
    game.put(splinter, 11)
    enemy_mod.enemy_turn(game, game.adv.villain, 3)
    asked = [d for d in table.seen if d.tag == "enemy_target"]
    assert len(asked) == 1 and asked[0].seat == TABLE and set(asked[0].options) == {leo, splinter}
    reveal = next(e for e in game.events if e["kind"] == "reveal")
    assert reveal["defender"] == splinter.uid
    assert shredder.space == 12          # no movement when already adjacent


def test_target_example_2_moves_to_closest_and_attacks():
    """Adventures p.9 example 2: move 3; Leonardo needs 1 space, Splinter 2: attack Leonardo."""
    cat = make_catalog(heroes=[simple_hero("Leonardo"), simple_hero("Splinter")],
                       enemies=[make_villain("shredder")])
    sc = ScenarioDef.model_validate({"name": "t", "villain": "shredder", "minions": [],
                                     "seats": [{"hero": "Leonardo"}, {"hero": "Splinter"}]})
    game = new_adventure(sc, cat, 1, {0: FirstOptionAgent(), 1: FirstOptionAgent()}, FirstOptionAgent())
    clear_board(game)
    shredder = game.adv.villain.fighters[0]
    leo, splinter = (s.fighters[0] for s in game.sides if not s.is_enemy)
    game.put(shredder, 12)     # (2,2)
    game.put(leo, 2)           # (2,0): adjacent space (2,1) is 1 move away
    game.put(splinter, 15)     # (0,3): nearest adjacent spaces are 2 moves away
    enemy_mod.enemy_turn(game, game.adv.villain, 3)
    assert shredder.space == 7
    reveal = next(e for e in game.events if e["kind"] == "reveal")
    assert reveal["defender"] == leo.uid


def test_target_example_3_out_of_reach_advances_threat():
    """Adventures p.9 example 3: move 3 but the closest fighter needs 4: no move, threat +1."""
    game = new_game(1)
    clear_board(game)
    villain = game.adv.villain.fighters[0]
    hero = game.sides[-1].fighters[0]
    game.put(villain, 0)       # (0,0)
    game.put(hero, 9)          # (4,1): adjacent spaces are 4+ moves away
    before = game.adv.threat
    enemy_mod.enemy_turn(game, game.adv.villain, 3)
    assert villain.space == 0
    assert game.adv.threat == before + 1
    assert not any(e["kind"] == "reveal" for e in game.events)


def test_enemy_never_moves_through_player_fighters():
    """Adventures p.10: enemies move through enemies but not opposing fighters."""
    from fixtures import grid_board_def
    cat = make_catalog(enemies=[make_villain("shredder")], board_def=grid_board_def(5, 1))
    sc = ScenarioDef.model_validate({"name": "t", "villain": "shredder", "minions": [],
                                     "seats": [{"hero": "Alpha"}, {"hero": "Beta"}]})
    game = new_adventure(sc, cat, 1, {0: FirstOptionAgent(), 1: FirstOptionAgent()}, FirstOptionAgent())
    clear_board(game)
    villain = game.adv.villain.fighters[0]
    a, b = (s.fighters[0] for s in game.sides if not s.is_enemy)
    game.put(villain, 0)
    game.put(a, 2)      # blocks the line
    game.put(b, 4)
    enemy_mod.enemy_turn(game, game.adv.villain, 3)
    assert villain.space == 1
    assert next(e for e in game.events if e["kind"] == "reveal")["defender"] == a.uid


def test_small_fighters_are_ignored_by_enemies():
    """Adventures p.13: enemies do not attack small fighters."""
    cat = make_catalog(heroes=[simple_hero("Alpha", sidekick={"name": "Tiny", "health": 1})])
    cat.heroes["alpha"] = cat.heroes["alpha"].model_copy(
        update={"sidekick": cat.heroes["alpha"].sidekick.model_copy(update={"small": True})})
    cat.enemies["shredder"] = make_villain("shredder")
    game = new_adventure(scenario(1), cat, 1, {0: FirstOptionAgent()}, FirstOptionAgent())
    clear_board(game)
    villain = game.adv.villain.fighters[0]
    hero, tiny = game.sides[-1].fighters
    assert tiny.small
    game.put(villain, 0)
    game.put(tiny, 1)          # adjacent, but small
    game.put(hero, 19)         # 6 moves away
    before = game.adv.threat
    enemy_mod.enemy_turn(game, game.adv.villain, 3)
    assert game.adv.threat == before + 1   # hero out of reach; Tiny ignored


def test_enemy_attacks_only_once_per_turn():
    """Adventures p.9 note: an enemy never attacks twice in the same turn."""
    game = new_game(1)
    clear_board(game)
    game.put(game.adv.villain.fighters[0], 12)
    game.put(game.sides[-1].fighters[0], 7)
    enemy_mod.enemy_turn(game, game.adv.villain, 3)
    assert sum(1 for e in game.events if e["kind"] == "reveal") == 1


# ---------------------------------------------------------------- enemy decks (p.10-13)
def test_enemy_plays_top_card_and_uses_split_values():
    """Adventures p.10: the enemy plays its top card; attack value attacking, defense defending."""
    game = new_game(1)
    side = game.adv.villain
    top = side.deck[-1]
    assert enemy_mod.take_top(game, side) is top
    assert top.printed("attack") == top.value and top.printed("defense") == top.defense


def test_deception_reshuffles_discard_but_not_card_in_combat():
    """Adventures p.12: Deception shuffles the discard back at once, even mid-combat, but
    not the card the enemy is using; that card starts the new discard pile."""
    game = new_game(1)
    side = game.adv.villain
    deception = next(c for c in side.deck if c.deception)
    side.deck.remove(deception)
    in_use = side.deck.pop()
    side.discard.extend([side.deck.pop(), side.deck.pop()])
    total = len(side.deck) + len(side.discard) + 2
    enemy_mod.put_in_discard(game, side, deception)
    assert side.discard == [] and len(side.deck) == total - 1
    assert in_use not in side.deck
    enemy_mod.put_in_discard(game, side, in_use)
    assert side.discard == [in_use]


def test_enemy_discard_mills_from_top_of_deck():
    """Adventures p.10: an enemy forced to discard puts cards from the top of its deck."""
    game = new_game(1)
    side = game.adv.villain
    side.deck = [c for c in side.deck if not c.deception]
    top2 = side.deck[-2:]
    game.choose_discard(side, 2)
    assert side.discard == list(reversed(top2))


def test_enemy_draw_shuffles_cards_from_discard_back():
    """Adventures p.13: drawing shuffles that many cards from the top of the discard back."""
    game = new_game(1)
    side = game.adv.villain
    side.deck = [c for c in side.deck if not c.deception]
    for _ in range(3):
        side.discard.append(side.deck.pop())
    n = len(side.deck)
    game.draw(side, 2)
    assert len(side.deck) == n + 2 and len(side.discard) == 1


def test_enemies_are_never_exhausted():
    """Adventures p.13: enemies cannot become exhausted; an empty deck reshuffles."""
    game = new_game(1)
    side = game.adv.villain
    side.discard.extend(side.deck)
    side.deck.clear()
    villain = side.fighters[0]
    assert enemy_mod.take_top(game, side) is not None
    assert villain.health == villain.max_health


def test_look_at_enemy_hand_shows_top_card():
    """Adventures p.10: looking at an enemy's hand means its top card, seen by the looker
    (named to that seat only: with hidden hands the table does not see it, issue 39)."""
    game = new_game(1)
    side = game.adv.villain
    hero = game.sides[-1]
    fight_ctx = Ctx(game, hero, hero.fighters[0])
    game.combat = None
    from engine.state import Combat
    fight_ctx.combat = Combat(hero.fighters[0], side.fighters[0])
    fight_ctx.role = "attacker"
    run_ops(fight_ctx, [{"look_at_hand": "opponent"}])
    event = game.events[-1]
    assert event["cards"] == [side.deck[-1].name] and event["private"] == hero.index
    assert side.deck[-1].name not in event["text"]


def test_enemies_make_no_decisions():
    """Adventures p.13: 'may' = no, 'up to' = 0, a choice between options is refused."""
    game = new_game(1)
    side = game.adv.villain
    villain = side.fighters[0]
    table = ScriptedAgent()
    game.table_agent = table
    start = villain.space
    ctx = Ctx(game, side, villain)
    run_ops(ctx, [{"may": [{"advance_threat": 1}]}, {"move": {"who": "self", "up_to": 3}},
                  {"choose_one": [{"label": "a", "ops": [{"advance_threat": 1}]},
                                  {"label": "b", "ops": [{"advance_threat": 2}]}]}])
    assert table.seen == [] and villain.space == start and game.adv.threat == 0


def test_hero_only_effects_do_not_touch_enemies():
    """Adventures p.8: effects naming heroes or sidekicks do not affect villains/minions."""
    game = new_game(1, minions=("goon",))
    hero_side = game.sides[-1]
    ctx = Ctx(game, hero_side, hero_side.fighters[0])
    run_ops(ctx, [{"damage": {"amount": 2, "to": {"pick": "all", "side": "opposing", "kind": "hero"}}}])
    assert all(f.health == f.max_health for f in game.fighters if f.is_enemy)
    run_ops(ctx, [{"damage": {"amount": 2, "to": {"pick": "all", "side": "opposing"}}}])
    assert all(f.health == f.max_health - 2 for f in game.fighters if f.is_enemy)


# ---------------------------------------------------------------- threat (p.12)
def test_threat_example_completion_resets_and_ignores_extra():
    """Adventures p.12 example: advancing 4 with 2 spaces left completes the objective
    after 2; the marker returns to the start and the rest is ignored."""
    game = new_game(1)
    adv = game.adv
    adv.threat = adv.track_length - 3
    advance_threat(game, 4)
    assert adv.completions == 1 and adv.threat == 0


def test_threat_counts_one_space_at_a_time_and_level_is_read_below_marker():
    """Adventures p.12: threat level = number below the marker."""
    game = new_game(1)
    advance_threat(game, 3)
    assert game.adv.threat == 3
    assert game.threat_level() == game.adv.threat_levels[3]


def test_fourth_objective_loses_the_game():
    """Adventures p.6: players lose when the villain achieves its objective four times."""
    game = new_game(1)
    game.adv.completions = 3
    with pytest.raises(GameOver) as over:
        advance_threat(game, game.adv.track_length)
    assert over.value.winner == "villain"


def test_end_of_round_advances_threat_by_villain_card():
    """Adventures p.12: at the end of each round the villain's initiative card advances it."""
    game = new_game(1)
    clear_board(game)
    game.put(game.adv.villain.fighters[0], 12)
    game.put(game.sides[-1].fighters[0], 0)
    play_round(game)
    assert game.adv.threat >= 1


# ---------------------------------------------------------------- initiative (p.5-6)
def test_round_reveals_every_card_into_the_row():
    """Adventures p.5: each revealed card joins the initiative row left to right."""
    game = new_game(2, minions=("goon", "thug"))
    play_round(game)
    assert len(game.adv.row) == len(game.adv.all_cards)
    revealed = [e["key"] for e in game.events if e["kind"] == "initiative"]
    assert revealed == [c.key for c in game.adv.row]


def test_defeated_enemy_card_is_removed_from_the_row_at_once():
    """Adventures p.5 note: a defeated enemy's initiative card leaves the row immediately."""
    game = new_game(1, minions=("goon",))
    goon = game.adv.minions[0]
    card = next(c for c in game.adv.all_cards if c.side is goon)
    game.adv.row.append(card)
    game.damage(goon.fighters[0], 99)
    assert card.removed and card not in game.adv.row


def test_defeated_enemy_card_removed_when_revealed_later():
    """Adventures p.5 note: if not in the row, it is removed when revealed; reveal the next."""
    game = new_game(1, minions=("goon",))
    goon = game.adv.minions[0]
    game.damage(goon.fighters[0], 99)
    play_round(game)
    assert all(c.side is not goon for c in game.adv.row)
    assert not any(e.get("key") == "goon_turn" for e in game.events if e["kind"] == "initiative")


def test_card_put_on_bottom_gives_an_extra_turn_or_acts_at_once_in_last_turn():
    """Adventures p.6 note: an enemy card put on the bottom gets another turn that round;
    during the round's last turn it takes that turn immediately."""
    game = new_game(1)
    card = next(c for c in game.adv.all_cards if c.side is game.adv.villain)
    other = next(c for c in game.adv.all_cards if c is not card)
    game.adv.row = [card]
    game.adv.deck = [other]
    extra_turn(game, card)
    assert game.adv.deck == [other, card] and card not in game.adv.row
    game.adv.deck = []
    game.adv.row = [card]
    n = sum(1 for e in game.events if e["kind"] == "turn")
    extra_turn(game, card)
    assert sum(1 for e in game.events if e["kind"] == "turn") == n + 1


# ---------------------------------------------------------------- the end (p.6-7)
def test_heroes_win_the_moment_the_villain_reaches_zero():
    """Adventures p.6: players immediately win when the villain's health reaches zero."""
    game = new_game(1)
    with pytest.raises(GameOver) as over:
        game.damage(game.adv.villain.fighters[0], 99)
    assert over.value.winner == "heroes"


def test_player_eliminated_only_when_all_fighters_defeated():
    """Adventures p.7: a player is eliminated only when all their fighters are defeated;
    the last player eliminated loses the game."""
    game = new_game(2)
    beta = next(s for s in game.sides if s.name == "Beta")
    hero, buddy = beta.fighters
    game.damage(hero, 99)
    assert not beta.eliminated
    game.damage(buddy, 99)
    assert beta.eliminated
    assert all(c.removed for c in game.adv.all_cards if c.side is beta)
    alpha = next(s for s in game.sides if s.name == "Alpha")
    with pytest.raises(GameOver) as over:
        game.damage(alpha.fighters[0], 99)
    assert over.value.winner == "villain" and "eliminated" in over.value.reason


def test_last_player_fighter_defeated_mid_combat_ends_game():
    """Adventures p.6: all players eliminated = loss, even in the middle of a combat."""
    game = new_game(1)
    clear_board(game)
    villain = game.adv.villain.fighters[0]
    hero = game.sides[-1].fighters[0]
    game.put(villain, 12)
    game.put(hero, 7)
    hero.health = 1
    card = max(game.adv.villain.deck, key=lambda c: c.value)
    game.adv.villain.deck.remove(card)
    game.sides[-1].hand.clear()
    with pytest.raises(GameOver) as over:
        fight(game, villain, hero, card)
    assert over.value.winner == "villain"


def test_enemy_modules_join_the_game_through_add_plugin_which_lists_their_hooks():
    """Every villain, minion and ally module is asked at its hooks (Adventures p.9-13): the
    rules read `adv.hooked`, so a plugin can only come in through add_plugin, which lists
    the hooks it overrides; `plugins` is a tuple, so appending to it fails loudly."""
    from adventures.rules.plugin import EnemyPlugin

    class Mover(EnemyPlugin):
        def on_step(self, game, fighter, frm, to, mctx) -> None:
            pass

    game = new_game()
    adv = game.adv
    quiet, mover = EnemyPlugin(None, None), Mover(None, None)
    adv.add_plugin(quiet)
    adv.add_plugin(mover)
    assert adv.plugins[-2:] == (quiet, mover)
    assert mover in adv.hooked["on_step"] and quiet not in adv.hooked["on_step"]
    with pytest.raises(AttributeError):
        adv.plugins.append(Mover(None, None))
