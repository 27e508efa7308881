"""King Arthur and Merlin as published (tests/facts/heroes/king_arthur.yaml): his face-down
BOOST, the unusual cards, and full games against both villains."""
from __future__ import annotations

import pytest
from base_hero_helpers import (
    clear_hand,
    duel,
    fighter,
    last_combat,
    play_checked_adventure,
    play_random_duels,
    record,
)
from fixtures import named, pick, take_card, to_hand

from engine.combat import fight
from engine.decisions import ScriptedAgent
from engine.turn import scheme


def no_defense(game, seat: int = 1) -> None:
    game.agents[seat] = ScriptedAgent(pick("defense_card", lambda c: c is None))


def test_king_arthur_adds_a_boost_face_down_before_the_defender_chooses():
    """king_arthur.yaml ability: whenever King Arthur attacks you may also BOOST the attack;
    the BOOST card goes face down with the attack card (base-set scan p.3: both players
    choose face down, then reveal), so it is chosen before the defense card."""
    game = duel("king_arthur", "sinbad", {"King Arthur": 1, "Sinbad": 2})
    ka = game.sides[0]
    boost = to_hand(ka, "Excalibur")                              # BOOST 3
    order = []

    def note(decision):
        order.append(decision.tag)
        return None
    game.agents[0] = ScriptedAgent(note, pick("boost_attack", lambda c: c is boost))
    game.agents[1] = ScriptedAgent(note, pick("defense_card", lambda c: c is None))
    fight(game, fighter(game, "King Arthur"), fighter(game, "Sinbad"), take_card(ka, "Swift Strike"))
    assert order.index("boost_attack") < order.index("defense_card")
    assert last_combat(game)["attack"] == 3 + 3 and boost in ka.discard


def test_merlins_attacks_get_no_boost_from_king_arthurs_ability():
    """king_arthur.yaml ability: only when King Arthur himself attacks."""
    game = duel("king_arthur", "sinbad", {"Merlin": 1, "Sinbad": 2})
    no_defense(game)
    fight(game, fighter(game, "Merlin"), fighter(game, "Sinbad"), take_card(game.sides[0], "Aid the Chosen One"))
    assert not any(d.tag == "boost_attack" for d in game.agents[0].seen)
    assert last_combat(game)["attack"] == 4


def test_a_cancelled_attack_card_wastes_king_arthurs_face_down_boost():
    """king_arthur.yaml ability: if the opponent cancels the attack card's effects, the BOOST
    card is discarded and adds nothing."""
    game = duel("king_arthur", "medusa", {"King Arthur": 1, "Medusa": 2})
    ka = game.sides[0]
    boost = to_hand(ka, "The Aid of Morgana")                     # BOOST 2
    game.agents[0] = ScriptedAgent(pick("boost_attack", lambda c: c is boost))
    to_hand(game.sides[1], "Feint")
    game.agents[1] = ScriptedAgent(pick("defense_card", named("Feint")))
    fight(game, fighter(game, "King Arthur"), fighter(game, "Medusa"), take_card(ka, "Excalibur"))
    assert last_combat(game)["attack"] == 6 and boost in ka.discard
    assert not game.resolving


def test_noble_sacrifice_boosts_besides_the_ability():
    """king_arthur.yaml Noble Sacrifice (2): optionally discard a card for its BOOST, separate
    from the ability's BOOST; both on the same attack."""
    game = duel("king_arthur", "sinbad", {"King Arthur": 1, "Sinbad": 2})
    ka = game.sides[0]
    first, second = to_hand(ka, "Excalibur"), to_hand(ka, "The Aid of Morgana")   # BOOST 3 and 2
    game.agents[0] = ScriptedAgent(pick("boost_attack", lambda c: c is first or c is second))
    no_defense(game)
    fight(game, fighter(game, "King Arthur"), fighter(game, "Sinbad"), take_card(ka, "Noble Sacrifice"))
    assert last_combat(game)["attack"] == 2 + 3 + 2
    assert sum(d.tag == "boost_attack" for d in game.agents[0].seen) == 2


def test_the_holy_grail_sets_king_arthurs_health_to_eight_at_four_or_less():
    """king_arthur.yaml The Holy Grail (defense 1): if King Arthur is still in the game with
    4 health or less, his health becomes 8."""
    for start, expected in ((5, 8), (9, 9 - 4)):
        game = duel("king_arthur", "sinbad", {"King Arthur": 1, "Sinbad": 2})
        arthur = fighter(game, "King Arthur")
        arthur.health = start
        to_hand(arthur.side, "The Holy Grail")
        game.agents[0] = ScriptedAgent(pick("defense_card", named("The Holy Grail")))
        fight(game, fighter(game, "Sinbad"), arthur, take_card(game.sides[1], "Commanding Impact"))   # 5 - 1
        assert arthur.health == expected


def test_bewilderment_spares_merlin_any_combat_damage_then_may_put_him_anywhere():
    """king_arthur.yaml Bewilderment (defense 0): Merlin takes no combat damage; after combat
    you may put him on any space."""
    game = duel("king_arthur", "sinbad", {"Merlin": 1, "Sinbad": 2})
    merlin = fighter(game, "Merlin")
    to_hand(merlin.side, "Bewilderment")
    far = game.board.index[20]
    game.agents[0] = ScriptedAgent(pick("defense_card", named("Bewilderment")), pick("place", lambda s: s == far))
    fight(game, fighter(game, "Sinbad"), merlin, take_card(game.sides[1], "Commanding Impact"))
    assert merlin.health == 7 and merlin.space == far


def test_the_lady_of_the_lake_fetches_excalibur_from_the_discard_pile_or_the_deck():
    """king_arthur.yaml The Lady of the Lake: find Excalibur in your deck or discard pile and
    put it in your hand; the deck is shuffled only if it was searched."""
    for where in ("discard", "deck"):
        game = duel("king_arthur", "sinbad", {"King Arthur": 1, "Sinbad": 20})
        ka = game.sides[0]
        clear_hand(ka)
        to_hand(ka, "The Lady of the Lake")
        excalibur = take_card(ka, "Excalibur")
        getattr(ka, where).insert(0, excalibur)
        deck_order = list(ka.deck)
        scheme(game, ka)
        assert ka.hand == [excalibur]
        assert (ka.deck == deck_order) == (where == "discard")


def test_prophecy_keeps_two_of_the_top_four_and_returns_the_rest_on_top():
    """king_arthur.yaml Prophecy: of the top four cards, two go to your hand and two back on
    top in the order you pick."""
    game = duel("king_arthur", "sinbad", {"Merlin": 1, "Sinbad": 20})
    ka = game.sides[0]
    ka.discard.extend(ka.hand)
    ka.hand[:] = [take_card(ka, "Prophecy")]
    top4 = ka.deck[-4:]
    scheme(game, ka)
    assert len(ka.hand) == 2 and all(c in top4 for c in ka.hand)
    assert set(ka.deck[-2:]) == set(top4) - set(ka.hand)


def test_command_the_storms_moves_every_fighter_opposing_ones_included():
    """king_arthur.yaml Command the Storms: every fighter on the board may be moved 0-3
    spaces, and you move them all."""
    game = duel("king_arthur", "sinbad", {"Merlin": 1, "King Arthur": 11, "Sinbad": 20, "The Porter": 16})
    ka = game.sides[0]
    clear_hand(ka)
    to_hand(ka, "Command the Storms")
    before = {f.name: f.space for f in game.fighters}
    moved: list = []
    game.agents[0] = ScriptedAgent(record("move_dest", "fighter", moved),
                                   lambda d: len(d.options) - 1 if d.tag == "move_dest" else None)
    scheme(game, ka)
    assert sorted(f.name for f in moved) == ["King Arthur", "Merlin", "Sinbad", "The Porter"]
    assert all(f.space != before[f.name] for f in moved)
    assert not game.agents[1].seen                               # the opponent decides nothing


def test_restless_spirits_hits_opposing_fighters_on_two_chosen_spaces_and_draws_on_a_defeat():
    """king_arthur.yaml Restless Spirits: choose a space in Merlin's zone and a space next to
    it; each opposing fighter there takes 2 damage; if one is defeated, draw a card."""
    # Merlin on 1 (left zone); Medusa on 7, a Harpy on 8 (next to 7), another Harpy on 2 (not chosen).
    game = duel("king_arthur", "medusa", {"Merlin": 1, "King Arthur": 12, "Medusa": 7, "Harpy 1": 8,
                                          "Harpy 2": 2})
    ka = game.sides[0]
    clear_hand(ka)
    to_hand(ka, "Restless Spirits")
    spaces = iter([game.board.index[7], game.board.index[8]])
    game.agents[0] = ScriptedAgent(lambda d: d.options.index(next(spaces)) if d.tag == "effect_space" else None)
    scheme(game, ka)
    assert fighter(game, "Medusa").health == 16 - 2 and not fighter(game, "Harpy 1").alive
    assert fighter(game, "Harpy 2").alive and fighter(game, "King Arthur").health == 18
    assert len(ka.hand) == 1                                      # a Harpy fell: draw one


def test_restless_spirits_draws_nothing_without_a_defeat():
    """king_arthur.yaml Restless Spirits: no defeat, no card."""
    game = duel("king_arthur", "sinbad", {"Merlin": 1, "Sinbad": 7})
    ka = game.sides[0]
    clear_hand(ka)
    to_hand(ka, "Restless Spirits")
    spaces = iter([game.board.index[7], game.board.index[8]])
    game.agents[0] = ScriptedAgent(lambda d: d.options.index(next(spaces)) if d.tag == "effect_space" else None)
    scheme(game, ka)
    assert fighter(game, "Sinbad").health == 15 - 2 and ka.hand == []


def test_king_arthur_plays_full_competitive_duels():
    """Base-set scan p.2-4: full duels with random decisions end without error."""
    play_random_duels("king_arthur")


@pytest.mark.parametrize("villain", ["shredder", "krang"])
@pytest.mark.parametrize("bot", ["heuristic", "random"])
def test_king_arthur_plays_checked_adventures_against_each_villain(villain, bot):
    """Adventures p.4-13: one-player games run to their end, invariants checked throughout."""
    for seed in range(2):
        result = play_checked_adventure("king_arthur", villain, bot, seed)
        assert result.winner in ("heroes", "villain", "timeout")
