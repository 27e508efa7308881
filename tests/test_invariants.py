"""Rules invariants: a healthy game passes them at every decision; each broken fact is named."""
from __future__ import annotations

import pytest
from fixtures import seat_heroes

from adventures.content.catalog import load_catalog
from adventures.rules.invariants import FOOT_SOLDIERS, CheckingAgent, InvariantViolation, check_invariants
from adventures.rules.runner import play_adventure
from adventures.rules.setup import new_adventure
from engine.content.schema import ScenarioDef
from engine.decisions import Decision, FirstOptionAgent, RandomAgent
from engine.state import Combat, GameOver


def new_game(villain: str = "shredder", players: int = 1, seed: int = 1, agent=None, minions=None):
    agent = agent or FirstOptionAgent()
    scenario = ScenarioDef.model_validate({
        "name": "invariants", "villain": villain, "seats": [{"hero": h} for h in seat_heroes(players)],
        "minions": [] if minions is None else minions})
    return new_adventure(scenario, load_catalog(), seed, {i: agent for i in range(players)}, agent)


def problems_after(game, change) -> list[str]:
    assert check_invariants(game) == []          # first sight: records the card census
    change(game)
    return check_invariants(game)


def hero_side(game):
    return next(s for s in game.sides if not s.is_enemy)


# ---------------------------------------------------------------- healthy games
@pytest.mark.parametrize("villain", ["shredder", "krang"])
@pytest.mark.parametrize("players", [1, 3])
def test_invariants_hold_before_every_decision_of_a_whole_game(villain, players):
    """Adventures p.5-13: a full game played by random bots never breaks an invariant."""
    checker = CheckingAgent(RandomAgent())
    game = new_game(villain, players, seed=players * 7, agent=checker)
    result = play_adventure(game)
    assert checker.checks > 0
    assert result.decisions == game.decision_count
    assert check_invariants(game) == []


def test_checking_agent_passes_the_inner_agents_answer_through():
    game = new_game()
    decision = Decision("space", 0, "pick", ["a", "b", "c"])
    assert CheckingAgent(FirstOptionAgent()).choose(game, decision) == 0


# ---------------------------------------------------------------- cards
def test_a_card_in_two_piles_is_reported():
    """Core rules: every card is in exactly one place (deck, hand, discard, play, removed)."""
    game = new_game()
    side = hero_side(game)
    out = problems_after(game, lambda g: side.discard.append(side.hand[0]))
    assert any("2 places" in p for p in out)


def test_a_card_in_no_pile_is_reported_as_lost():
    """Core rules: a card never vanishes; it is in a pile or in play."""
    game = new_game()
    side = hero_side(game)
    out = problems_after(game, lambda g: side.deck.pop())
    assert any("lost card" in p for p in out)


def test_a_card_added_from_nowhere_is_reported():
    game = new_game()
    side = hero_side(game)

    def add(g):
        from engine.state import Card
        side.hand.append(Card(g.next_uid(), "Forged", "attack", 9, 0, "any", (), side))

    assert any("gained card" in p for p in problems_after(game, add))


def test_a_card_in_another_players_pile_is_reported():
    game = new_game(players=2)
    a, b = [s for s in game.sides if not s.is_enemy]
    out = problems_after(game, lambda g: b.hand.append(a.hand.pop()))
    assert any("of Leonardo is in" in p for p in out)


def test_cards_in_combat_and_resolving_schemes_count_as_in_play():
    """Core rules p.11: the combat cards are in play until the combat's clean-up; a scheme
    card is in play while its effect resolves."""
    game = new_game()
    side = hero_side(game)
    villain = game.adv.villain.fighters[0]
    assert check_invariants(game) == []
    att = side.hand.pop()
    dfn = game.adv.villain.deck.pop()
    game.combat_stack.append(Combat(side.fighters[0], villain, att, dfn))
    scheme = side.deck.pop()
    game.resolving.append(scheme)
    assert check_invariants(game) == []
    game.resolving.remove(scheme)
    game.combat_stack.clear()
    side.discard.append(att)                       # cleanup happened: counted once, in the pile
    game.adv.villain.discard.append(dfn)
    side.deck.append(scheme)
    assert check_invariants(game) == []


def test_a_resolving_card_still_in_a_pile_is_in_two_places():
    game = new_game()
    side = hero_side(game)
    out = problems_after(game, lambda g: g.resolving.append(side.hand[0]))
    assert any("2 places" in p for p in out)


def test_enemies_never_hold_a_hand():
    """Adventures p.13: enemies have no hand; drawing reshuffles discards into the deck."""
    game = new_game()
    villain = game.adv.villain
    out = problems_after(game, lambda g: villain.hand.append(villain.deck.pop()))
    assert any("no hand" in p for p in out)


# ---------------------------------------------------------------- board
def test_board_and_fighter_disagreeing_about_a_space_is_reported():
    """Core rules: one fighter per space; the board and the fighter agree where it is."""
    game = new_game()
    leo = hero_side(game).fighters[0]

    def teleport(g):
        leo.space = next(s for s in g.empty_spaces())     # without updating game.occ

    out = problems_after(game, teleport)
    assert any("thinks" in p for p in out)


def test_two_fighters_on_one_space_is_reported():
    game = new_game()
    leo = hero_side(game).fighters[0]
    villain = game.adv.villain.fighters[0]

    def stack(g):
        g.occ[villain.space] = None
        villain.space = leo.space                  # the board keeps only Leonardo there

    out = problems_after(game, stack)
    assert any("Shredder thinks" in p for p in out)


def test_a_fighter_off_the_board_index_range_is_reported():
    """Fighters stand on spaces only (never on a Foot circle, which is a path)."""
    game = new_game()
    leo = hero_side(game).fighters[0]

    def off(g):
        g.occ[leo.space] = None
        leo.space = g.board.n + 3

    assert any("not a board space" in p for p in problems_after(game, off))


# ---------------------------------------------------------------- health
def test_health_outside_zero_to_max_is_reported():
    game = new_game()
    leo = hero_side(game).fighters[0]

    def overheal(g):
        leo.health = leo.max_health + 1

    assert any("allowed 0.." in p for p in problems_after(game, overheal))


def test_alive_with_no_health_is_reported():
    game = new_game()
    leo = hero_side(game).fighters[0]

    def zero(g):
        leo.health = 0

    assert any("alive with 0 health" in p for p in problems_after(game, zero))


def test_a_defeated_fighter_left_on_the_board_is_reported():
    """Core rules: a defeated fighter is removed from the board."""
    game = new_game()
    leo = hero_side(game).fighters[0]

    def half_defeat(g):
        leo.health, leo.alive = 0, False

    out = problems_after(game, half_defeat)
    assert any("still occupies" in p for p in out)
    assert any("still on space" in p for p in out)


def test_a_side_without_fighters_must_be_eliminated():
    """Adventures p.7: a player with no fighter left is eliminated."""
    game = new_game()
    side = hero_side(game)

    def vanish(g):
        for f in side.fighters:          # the hero and any sidekick (Leonardo's Splinter)
            g.lift(f)
            f.health, f.alive = 0, False

    assert any("not eliminated" in p for p in problems_after(game, vanish))


# ---------------------------------------------------------------- threat and objectives
def test_threat_marker_outside_the_track_is_reported():
    """Adventures p.12: the marker stays on the track and returns to the start."""
    game = new_game()

    def push(g):
        g.adv.threat = g.adv.track_length

    assert any("outside the track" in p for p in problems_after(game, push))


def test_objective_count_never_decreases():
    """Adventures p.12: completed objectives are never undone."""
    game = new_game()
    game.adv.completions = 2
    assert check_invariants(game) == []
    game.adv.completions = 1
    assert any("went down" in p for p in check_invariants(game))


# ---------------------------------------------------------------- tokens
def test_token_supply_must_be_conserved():
    """Adventures p.11: tokens come from and return to a limited supply."""
    game = new_game("krang")
    kind = next(iter(game.adv.supply_total), None)
    if kind is None:
        game.adv.supply_total["test"] = game.adv.supply["test"] = 3
        kind = "test"
    assert check_invariants(game) == []
    game.adv.supply[kind] -= 1                      # a token left the supply but is nowhere
    assert any("not conserved" in p for p in check_invariants(game))


def test_placing_and_removing_tokens_keeps_the_supply_conserved():
    """Adventures p.11: one token of a type per space; an empty supply places nothing."""
    game = new_game()
    adv = game.adv
    adv.supply_total["mouser"] = adv.supply["mouser"] = 2
    assert adv.place_token("mouser", 0) and adv.place_token("mouser", 1)
    assert not adv.place_token("mouser", 2)         # supply empty
    assert not adv.place_token("mouser", 0)         # duplicate
    assert check_invariants(game) == []
    assert adv.remove_token("mouser", 0)
    assert check_invariants(game) == []


def test_foot_soldiers_on_the_board_plus_supply_make_24():
    """Adventures p.4: Shredder has 24 Foot soldiers."""
    game = new_game("shredder")
    assert game.adv.supply_total.get("foot") == FOOT_SOLDIERS
    assert check_invariants(game) == []

    def lose_one(g):
        g.adv.supply["foot"] -= 1

    assert any("foot tokens not conserved" in p for p in problems_after(game, lose_one))


# ---------------------------------------------------------------- checking agent
def test_checking_agent_raises_before_the_decision_after_a_rules_bug():
    game = new_game()
    checker = CheckingAgent(FirstOptionAgent())
    check_invariants(game)
    hero_side(game).deck.pop()
    with pytest.raises(InvariantViolation, match="before decision .*lost card"):
        checker.choose(game, Decision("space", 0, "pick", [1, 2], tag="move_dest"))


def test_no_decision_is_asked_once_the_game_is_over():
    """Adventures p.7: the game ends immediately."""
    game = new_game()
    game.adv.villain.fighters[0].health = 1
    with pytest.raises(GameOver):
        game.damage(game.adv.villain.fighters[0], 5)
    assert game.over is not None and game.over.winner == "heroes"
    with pytest.raises(InvariantViolation, match="after the game ended"):
        CheckingAgent(FirstOptionAgent()).choose(game, Decision("space", 0, "pick", [1, 2]))


# ---------------------------------------------------------------- issue 15: stronger invariants
def test_a_living_fighter_off_the_board_is_reported():
    """Adventures p.5: once play begins every living fighter of a side in the game is on the board."""
    game = new_game()
    game.round = 1
    out = problems_after(game, lambda g: g.lift(hero_side(g).fighters[0]))
    assert any("alive but not on the board" in p for p in out)


def test_a_card_that_is_not_in_the_heros_deck_is_reported():
    """A player's cards are exactly the hero's deck: a card renamed (or conjured) is caught
    even when the census of uids still balances."""
    game = new_game()
    side = hero_side(game)
    out = problems_after(game, lambda g: setattr(side.hand[0], "name", "Ghost Card"))
    assert any("are not Leonardo's deck" in p for p in out)


def test_cards_stored_by_another_side_still_count_for_their_owner():
    """Black Panther's Vibranium Suit keeps other sides' cards (Marvel p.17): counted through
    Side.all_cards() of every side, so a new pile is counted too."""
    game = new_game(players=2)
    a, b = [s for s in game.sides if not s.is_enemy]
    assert problems_after(game, lambda g: b.stored.append(a.hand.pop())) == []


def test_more_actions_than_two_plus_the_gained_ones_is_reported():
    """Core rules: two actions a turn; gain_action (Leonardo's card) adds to that bound."""
    from engine.effects.resolve import Ctx, run_ops
    game = new_game()
    side = hero_side(game)
    side.actions_left = 2
    run_ops(Ctx(game, side, side.fighters[0]), [{"gain_action": 1}])
    assert side.actions_left == 3 and check_invariants(game) == []
    side.actions_left = 4
    assert any("4 actions left" in p for p in check_invariants(game))
    side.actions_left = -1
    assert any("-1 actions left" in p for p in check_invariants(game))


def test_an_initiative_card_lost_mid_round_is_reported():
    """Adventures p.5-6: a card revealed or waiting this round stays in the row or the deck."""
    game = new_game()
    adv = game.adv
    game.round = 1
    adv.deck, adv.row = list(adv.all_cards[1:]), [adv.all_cards[0]]
    assert check_invariants(game) == []
    adv.row.clear()
    assert any("left the deck and the row mid-round" in p for p in check_invariants(game))


def test_four_completions_while_the_game_goes_on_is_reported():
    """Adventures p.5: the villain completing its objective a fourth time ends the game."""
    game = new_game()
    out = problems_after(game, lambda g: setattr(g.adv, "completions", 4))
    assert any("the game goes on" in p for p in out)


def test_the_round_cap_ends_a_game_that_would_not_end():
    """A game nobody can finish (a villain with 999 health, heroes that cannot lose to the
    threat track) stops at the scenario's max_rounds with a 'timeout' result, invariants intact."""
    checker = CheckingAgent(FirstOptionAgent())
    scenario = ScenarioDef.model_validate({
        "name": "cap", "villain": "krang", "seats": [{"hero": "leonardo"}], "minions": [],
        "max_rounds": 2, "overrides": {"villain_health": 999, "hero_health_bonus": 20,
                                       "threat_track_length": 30}})
    game = new_adventure(scenario, load_catalog(), 3, {0: checker}, checker)
    result = play_adventure(game)
    assert result.winner == "timeout" and result.rounds == 2 and game.over.winner == "timeout"
    assert check_invariants(game) == []
