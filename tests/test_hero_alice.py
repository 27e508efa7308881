"""Alice and the Jabberwock as published (tests/facts/heroes/alice.yaml): her size, the
unusual cards, and full games against both villains."""
from __future__ import annotations

import pytest
from base_hero_helpers import (
    clear_hand,
    duel,
    enemy_side,
    fighter,
    hero_against,
    last_combat,
    play_checked_adventure,
    play_random_duels,
    player,
)
from fixtures import grid_board, named, pick, take_card, to_hand
from fixtures import shipped_hero as hero

from adventures.rules.enemy import player_targets
from engine.combat import fight
from engine.decisions import ScriptedAgent
from engine.effects.resolve import Ctx, run_ops
from engine.match import new_match, place_all
from engine.turn import scheme


def set_size(game, size: str) -> None:
    side = player(game)
    run_ops(Ctx(game, side, side.hero), [{"set_size": size}])


def no_defense(game, seat: int = 1) -> None:
    game.agents[seat] = ScriptedAgent(pick("defense_card", lambda c: c is None))


def test_alice_chooses_her_size_when_she_is_placed():
    """alice.yaml ability / base-set scan p.2 setup step 5: Alice's size is chosen when she is
    placed."""
    game = new_match(grid_board(), [hero("alice"), hero("medusa")], 3)
    game.agents = {0: ScriptedAgent(pick("alice_size", lambda s: s == "small")), 1: ScriptedAgent()}
    place_all(game)
    assert game.sides[0].data["size"] == "small"
    assert any(d.tag == "alice_size" for d in game.agents[0].seen)


def test_alice_chooses_her_size_at_the_start_of_an_adventure():
    """alice.yaml ability: the size is chosen at setup in the co-op game too."""
    game = hero_against("alice", "krang", agent=ScriptedAgent(pick("alice_size", lambda s: s == "small")))
    assert player(game).data["size"] == "small"


def test_big_alice_adds_two_to_her_attack_cards_but_not_to_the_jabberwocks():
    """alice.yaml ability: while BIG her attack cards are worth 2 more; the bonus is Alice's
    only, not the Jabberwock's (rules_notes)."""
    game = duel("alice", "sinbad", {"Alice": 1, "The Jabberwock": 7, "Sinbad": 2})
    set_size(game, "big")
    no_defense(game)
    fight(game, fighter(game, "Alice"), fighter(game, "Sinbad"), take_card(game.sides[0], "Snicker-Snack"))
    assert last_combat(game)["attack"] == 3 + 2
    fight(game, fighter(game, "The Jabberwock"), fighter(game, "Sinbad"), take_card(game.sides[0], "Jaws That Bite"))
    assert last_combat(game)["attack"] == 4


def test_small_alice_adds_one_to_her_defense_cards_and_big_alice_does_not():
    """alice.yaml ability: while SMALL her defense cards are worth 1 more."""
    for size, expected in (("small", 2 + 1), ("big", 2)):
        game = duel("alice", "sinbad", {"Alice": 1, "Sinbad": 2})
        set_size(game, size)
        to_hand(game.sides[0], "Looking Glass")
        game.agents[0] = ScriptedAgent(pick("defense_card", named("Looking Glass")))
        fight(game, fighter(game, "Sinbad"), fighter(game, "Alice"), take_card(game.sides[1], "Commanding Impact"))
        assert last_combat(game)["defense"] == expected


def test_a_small_alice_is_still_a_target_for_enemies():
    """Rules decision (facts README: no published source makes a SMALL Alice a "small
    fighter"; Adventures p.13 small fighters): enemies attack Alice at either size."""
    game = hero_against("alice", "shredder")
    alice = fighter(game, "Alice")
    for size in ("small", "big"):
        set_size(game, size)
        assert alice in player_targets(game) and not alice.small


def test_size_changing_cards_flip_alice():
    """alice.yaml Drink Me: you draw two cards, then Alice changes size."""
    game = duel("alice", "sinbad", {"Alice": 1, "Sinbad": 20})
    side = game.sides[0]
    set_size(game, "big")
    clear_hand(side)
    to_hand(side, "Drink Me")
    scheme(game, side)
    assert len(side.hand) == 2 and side.data["size"] == "small"


def test_im_late_im_late_moves_alice_up_to_five_then_changes_size():
    """alice.yaml I'm Late, I'm Late: after combat Alice may move up to 5, then changes size."""
    game = duel("alice", "sinbad", {"Alice": 1, "Sinbad": 2})
    set_size(game, "small")
    steps = []

    def farthest(decision):
        if decision.tag == "move_dest":
            steps.append(decision.context["steps"])
            return len(decision.options) - 1
        return None
    game.agents[0] = ScriptedAgent(farthest)
    no_defense(game)
    fight(game, fighter(game, "Alice"), fighter(game, "Sinbad"), take_card(game.sides[0], "I'm Late, I'm Late"))
    assert steps == [5] and fighter(game, "Alice").space != game.board.index[1]
    assert game.sides[0].data["size"] == "big"


def test_mad_as_a_hatter_moves_each_of_your_fighters_then_changes_size():
    """alice.yaml Mad as a Hatter: your fighters may each move up to 2; then Alice changes size."""
    game = duel("alice", "sinbad", {"Alice": 1, "The Jabberwock": 11, "Sinbad": 2})
    set_size(game, "big")
    moved = []

    def farthest(decision):
        if decision.tag == "move_dest":
            moved.append((decision.context["fighter"].name, decision.context["steps"]))
            return len(decision.options) - 1
        return None
    game.agents[0] = ScriptedAgent(farthest)
    no_defense(game)
    fight(game, fighter(game, "Alice"), fighter(game, "Sinbad"), take_card(game.sides[0], "Mad as a Hatter"))
    assert sorted(moved) == [("Alice", 2), ("The Jabberwock", 2)]
    assert game.sides[0].data["size"] == "small"


def test_claws_that_catch_is_worth_five_against_a_hero_only():
    """alice.yaml Claws That Catch (3): worth 5 when the opposing fighter is a hero; the
    Porter is a sidekick, and enemies are villains or minions, not heroes (Adventures p.5)."""
    for target, expected in (("Sinbad", 5), ("The Porter", 3)):
        game = duel("alice", "sinbad", {"The Jabberwock": 1, target: 2})
        no_defense(game)
        fight(game, fighter(game, "The Jabberwock"), fighter(game, target), take_card(game.sides[0], "Claws That Catch"))
        assert last_combat(game)["attack"] == expected
    game = hero_against("alice", "shredder")
    shredder = enemy_side(game)
    fight(game, fighter(game, "The Jabberwock"), shredder.hero, take_card(player(game), "Claws That Catch"))
    assert last_combat(game)["attack"] == 3


def test_manxome_foe_discards_your_top_card_and_gains_its_boost():
    """alice.yaml Manxome Foe (3): the top card of your deck goes to your discard pile and
    this card gains that card's BOOST."""
    game = duel("alice", "sinbad", {"Alice": 1, "Sinbad": 2})
    side = game.sides[0]
    set_size(game, "small")                                      # no size bonus on attacks
    top = take_card(side, "Snicker-Snack")                       # BOOST 4
    side.deck.append(top)
    no_defense(game)
    fight(game, fighter(game, "Alice"), fighter(game, "Sinbad"), take_card(side, "Manxome Foe"))
    assert last_combat(game)["attack"] == 3 + 4 and top in side.discard


def test_looking_glass_resolves_two_different_options_of_three():
    """alice.yaml Looking Glass: pick two different options among draw 2, Alice regains 3,
    put Alice on any other space."""
    game = duel("alice", "sinbad", {"Alice": 1, "Sinbad": 2})
    side = game.sides[0]
    alice = fighter(game, "Alice")
    alice.health = 5
    clear_hand(side)
    to_hand(side, "Looking Glass")
    labels = []

    def heal_then_draw(decision):
        if decision.tag == "defense_card":
            return decision.options.index(next(c for c in decision.options if c is not None))
        if decision.tag == "choose_one":
            labels.append(list(decision.labels))
            want = "recovers" if len(labels) == 1 else "draw"
            return next(i for i, label in enumerate(decision.labels) if want in label)
        return None
    game.agents[0] = ScriptedAgent(heal_then_draw)
    fight(game, fighter(game, "Sinbad"), alice, take_card(game.sides[1], "Voyage to the Valley of the Giant Snakes"))
    assert len(labels) == 2 and len(labels[0]) == 3 and len(labels[1]) == 2
    assert not any("recovers" in label for label in labels[1])       # each option only once
    assert alice.health == 5 + 3 and len(side.hand) == 2


def test_snicker_snack_lets_you_pick_the_card_your_opponent_throws_away_on_a_win():
    """alice.yaml Snicker-Snack: only if you won, look at the opponent's hand and pick the
    card they discard."""
    game = duel("alice", "sinbad", {"Alice": 1, "Sinbad": 2})
    sinbad_side = game.sides[1]
    clear_hand(sinbad_side)
    a, b = to_hand(sinbad_side, "Exploit"), to_hand(sinbad_side, "Riches Beyond Compare")
    game.agents[0] = ScriptedAgent(pick("discard", lambda c: c is b))
    no_defense(game)
    fight(game, fighter(game, "Alice"), fighter(game, "Sinbad"), take_card(game.sides[0], "Snicker-Snack"))
    assert sinbad_side.hand == [a] and b in sinbad_side.discard


def test_jaws_that_bite_must_hit_a_fighter_next_to_the_jabberwock_even_alice():
    """alice.yaml Jaws That Bite (4): one fighter next to the Jabberwock takes 2 damage, any
    side; mandatory (French core rules p.16 example: Alice is hit)."""
    game = duel("alice", "sinbad", {"Alice": 6, "The Jabberwock": 1, "Sinbad": 2})
    sinbad, alice = fighter(game, "Sinbad"), fighter(game, "Alice")
    game.agents[0] = ScriptedAgent(pick("effect_fighter", lambda f: f is alice))
    no_defense(game)
    fight(game, fighter(game, "The Jabberwock"), sinbad, take_card(game.sides[0], "Jaws That Bite"))
    offered = next(d for d in game.agents[0].seen if d.tag == "effect_fighter").options
    assert set(offered) == {alice, sinbad} and None not in offered
    assert alice.health == 13 - 2 and sinbad.health == 15 - 4


def test_alice_plays_full_competitive_duels():
    """Base-set scan p.2-4: full duels with random decisions end without error."""
    play_random_duels("alice")


@pytest.mark.parametrize("villain", ["shredder", "krang"])
@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_alice_plays_checked_adventures_against_each_villain(villain, bot):
    """Adventures p.4-13: one-player games run to their end, invariants checked throughout."""
    for seed in range(2):
        result = play_checked_adventure("alice", villain, bot, seed)
        assert result.winner in ("heroes", "villain", "timeout")
