"""Rules that hold for every enemy card, fixed at the mechanism (issue 15): the effect
selector, the place op and the initiative deck, whatever card reaches them."""
from __future__ import annotations

from test_enemy_ai_edge_cases import heroes, new_game, villain

from adventures.rules.initiative import MAX_EXTRA_TURNS, extra_turn, play_round
from adventures.rules.invariants import check_invariants
from engine.decisions import FirstOptionAgent
from engine.effects.resolve import Ctx, run_ops


def enemy_ctx(game):
    return Ctx(game, game.adv.villain, villain(game))


def test_an_enemy_effect_with_exactly_one_legal_target_resolves_on_it():
    """Adventures p.13: an enemy refuses only a choice between two or more options; with
    one legal target there is nothing to choose (p.6-7: the effect resolves)."""
    game = new_game(players=1)
    hero = heroes(game)[0]
    before = hero.health
    run_ops(enemy_ctx(game), [{"damage": {"amount": 2, "to": {"pick": "one", "side": "opposing", "kind": "hero"}}}])
    assert hero.health == before - 2


def test_an_enemy_refuses_a_choice_between_two_targets():
    """Adventures p.13: "decide between two or more options: it refuses and the effect is ignored"."""
    game = new_game(players=2)
    a, b = heroes(game)
    health = (a.health, b.health)
    run_ops(enemy_ctx(game), [{"damage": {"amount": 2, "to": {"pick": "one", "side": "opposing", "kind": "hero"}}}])
    assert (a.health, b.health) == health


def test_an_enemy_up_to_one_target_is_zero_targets():
    """Adventures p.13: "up to" some number, an enemy does it 0 times, even with one target."""
    game = new_game(players=1)
    hero = heroes(game)[0]
    before = hero.health
    run_ops(enemy_ctx(game), [{"damage": {"amount": 2, "to": {"pick": "up_to_one", "side": "opposing",
                                                                "kind": "hero"}}}])
    assert hero.health == before


def test_an_enemy_may_place_is_declined():
    """Adventures p.13: if an effect says an enemy may do something, it chooses not to; the
    table (Refuse) is never asked where to place it."""
    game = new_game(players=1)
    boss = villain(game)
    where = boss.space
    run_ops(enemy_ctx(game), [{"place": {"who": "self", "where": {"within": {"of": "self", "n": 3}},
                                         "optional": True}}])
    assert boss.space == where


def test_an_enemy_must_place_is_placed_where_the_players_choose():
    """Adventures p.10: a placement that is not optional happens; players choose the space."""
    game = new_game(players=1, table=FirstOptionAgent())
    boss = villain(game)
    where = boss.space
    run_ops(enemy_ctx(game), [{"place": {"who": "self", "where": {"within": {"of": "self", "n": 3}}}}])
    assert boss.space != where


def _villain_card(game):
    return next(c for c in game.adv.all_cards if c.side is game.adv.villain and c.move is not None)


def test_an_initiative_card_still_in_the_deck_moves_to_the_bottom_without_a_second_turn():
    """Adventures p.6: the card is PUT on the bottom: one card, so one turn (it used to be
    duplicated and the enemy took two turns)."""
    game = new_game(players=1)
    adv = game.adv
    card = _villain_card(game)
    others = [c for c in adv.all_cards if c is not card]
    adv.deck = [card, *others]
    adv.row = []
    extra_turn(game, card)
    assert adv.deck == [*others, card]
    assert adv.deck.count(card) == 1


def test_a_revealed_initiative_card_put_on_the_bottom_gives_another_turn():
    """Adventures p.6: "that enemy will get another turn that round"."""
    game = new_game(players=1)
    adv = game.adv
    card = _villain_card(game)
    others = [c for c in adv.all_cards if c is not card]
    adv.deck, adv.row = list(others), [card]
    extra_turn(game, card)
    assert adv.deck == [*others, card] and card not in adv.row


def test_extra_turns_are_bounded_per_round():
    """An enemy card granting an extra turn every turn would loop for the whole round: each
    initiative card gets at most MAX_EXTRA_TURNS a round, and the log says when it stops."""
    game = new_game(players=1)
    card = _villain_card(game)
    card.right_now_ops = ({"extra_turn": True},)
    game.table_agent = FirstOptionAgent()
    play_round(game)
    turns = sum(1 for e in game.events if e["kind"] == "initiative" and e.get("key") == card.key)
    assert turns == 1 + MAX_EXTRA_TURNS
    assert any(e["kind"] == "extra_turn" and "no more" in e["text"] for e in game.events)
    assert check_invariants(game) == []
