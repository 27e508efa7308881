"""What a seat can see (`adventures.rules.view.seat_view`, issue 27; after OpenSpiel's information state) and
the known-positions record it reads (`engine.knowledge`).

A face-down card is unknown wherever it lies (the enemy's attack card taken before a
defence pools with that enemy's deck); what a seat legitimately saw keeps its place when
a search bot deals the unknown cards again.
"""
from __future__ import annotations

import random

from fixtures import pick, take_card

from adventures.content.catalog import load_catalog
from adventures.rules.initiative import extra_turn, start_round
from adventures.rules.setup import new_adventure
from adventures.rules.view import could_be, next_reveal, seat_view
from engine.combat import fight
from engine.content.schema import ScenarioDef
from engine.decisions import FirstOptionAgent, ScriptedAgent
from engine.knowledge import PUBLIC
from engine.state import Effect
from engine.turn import maneuver, scheme


def adventure(seed: int = 3):
    """Donatello (seat 0) and Leonardo (seat 1) against Shredder on the shipped content."""
    sc = ScenarioDef(name="view", villain="shredder", minions=[],
                     seats=[{"hero": "donatello", "bot": "heuristic"}, {"hero": "leonardo", "bot": "heuristic"}])
    agent = FirstOptionAgent()
    return new_adventure(sc, load_catalog(), seed, agents={0: agent, 1: agent}, table_agent=agent, log=False)


def players(game):
    return [s for s in game.sides if not s.is_enemy]


def unknown(game, seat: int, hidden_hands: bool = False) -> set[int]:
    return seat_view(game, seat, hidden_hands).unknown()


def test_every_deck_order_is_unknown_and_own_hand_known_at_the_start():
    game = adventure()
    don, leo = players(game)
    hidden = unknown(game, don.index)
    every_deck = {c.uid for s in game.sides for c in s.deck}
    assert hidden >= every_deck
    assert not hidden & {c.uid for c in don.hand}
    assert not hidden & {c.uid for c in leo.hand}               # open hands: the team sees them
    hidden_hands = unknown(game, don.index, hidden_hands=True)
    assert hidden_hands >= {c.uid for c in leo.hand} and not hidden_hands & {c.uid for c in don.hand}


def test_a_card_donatello_slides_under_his_deck_stays_known_to_him():
    """Inventive (facts/heroes/donatello.yaml): a card from hand goes under his deck; he
    knows it lies at the bottom, Leonardo does only when hands are open."""
    game = adventure()
    don = players(game)[0]
    first = don.hand[0]
    game.agents[don.index] = ScriptedAgent(pick("may", lambda o: o is True), pick("boost", lambda o: o is None),
                                           pick("under_deck", lambda c: c is first))
    maneuver(game, don)
    assert don.deck[0] is first and game.known[first.uid] == don.index
    assert first.uid not in unknown(game, don.index)
    assert first.uid not in unknown(game, 1)                     # open hands: the team knows
    assert first.uid in unknown(game, 1, hidden_hands=True)
    view = seat_view(game, don.index)
    for k in range(5):                                           # dealt again: it stays at the bottom
        view.resample(random.Random(k))
        assert don.deck[0] is first


def test_a_top_card_looked_at_stays_known_on_top_or_under_the_deck():
    """The Future of Ninjutsu: look at the top card of any deck, leave it or slide it under."""
    for keep in (True, False):
        game = adventure()
        don = players(game)[0]
        villain = game.adv.villain
        top = villain.deck[-1]
        don.hand[:] = [take_card(don, "The Future of Ninjutsu")]
        game.agents[don.index] = ScriptedAgent(pick("peek_deck", lambda s, v=villain: s is v),
                                               pick("peek_top", lambda k, want=keep: k is want))
        scheme(game, don)
        at = -1 if keep else 0
        assert villain.deck[at] is top and top.uid not in unknown(game, don.index)
        assert top.uid not in unknown(game, don.index, hidden_hands=True)   # his own sight
        assert top.uid in unknown(game, 1, hidden_hands=True)     # Leonardo did not see it
        assert next_reveal(game, villain, don.index) == ([top] if keep else [c for c in villain.deck if c is not top])
        seat_view(game, don.index).resample(random.Random(1))
        assert villain.deck[at] is top


def test_a_shuffle_forgets_where_cards_lay():
    game = adventure()
    don = players(game)[0]
    card = don.deck[-1]
    game.known[card.uid] = PUBLIC
    game.shuffle(don.deck)
    assert card.uid not in game.known and card.uid in unknown(game, don.index)


def test_an_initiative_card_moved_to_the_bottom_is_known_until_the_next_round():
    """Adventures p.6: an initiative card not yet revealed moves to the bottom of the deck."""
    game = adventure()
    start_round(game)
    adv = game.adv
    card = adv.deck[1]
    extra_turn(game, card)
    assert adv.deck[-1] is card
    pool = [p for p in seat_view(game, 0).pools if p.name == "initiative deck"][0]
    assert card not in pool.cards() and len(pool.cards()) == len(adv.deck) - 1
    seat_view(game, 0).resample(random.Random(3))
    assert adv.deck[-1] is card
    start_round(game)                                            # shuffled again: unknown
    pool = [p for p in seat_view(game, 0).pools if p.name == "initiative deck"][0]
    assert len(pool.cards()) == len(adv.deck)


def enemy_attacks(game, attacker_side, defender, card, seen: list):
    """The enemy attacks `defender` with `card` taken from its deck; `seen` gets what the
    defender's seat can see at its defence decision (the card is still face down)."""
    class Defender:
        def choose(self, g, d):
            if d.tag == "defense_card":
                view = seat_view(g, d.seat)
                seen.append((view.unknown(), could_be(g, g.combat.att_card, d.seat), g.combat.revealed))
            return 0
    game.agents = {s.index: Defender() for s in players(game)}
    fight(game, attacker_side.fighters[0], defender, card)


def test_the_enemy_attack_card_is_face_down_at_the_heros_defence():
    """enemy.py takes the top card, then the combat asks for the defence (core rules: both
    cards are chosen face down and revealed together): at that decision the card is one
    of the enemy's unknown cards, and after the reveal it is known."""
    game = adventure()
    don = players(game)[0]
    villain = game.adv.villain
    hero = don.fighters[0]
    game.put(villain.fighters[0], next(s for s in game.board.adj[hero.space] if game.occ[s] is None))
    card = villain.deck.pop()
    seen: list = []
    enemy_attacks(game, villain, hero, card, seen)
    hidden, may_be, revealed = seen[0]
    assert not revealed and card.uid in hidden
    assert card in may_be and len(may_be) > 1
    assert set(may_be) <= {card, *villain.deck, *villain.discard}
    assert not any(c.fury for c in may_be)


def test_an_enemy_card_returned_to_the_top_is_known_to_everyone():
    """An enemy's "hand" is the top of its deck (p.12): a card returned to hand after its
    combat goes back on top, face up to all; its next attack is no secret."""
    game = adventure()
    don = players(game)[0]
    villain = game.adv.villain
    hero = don.fighters[0]
    game.put(villain.fighters[0], next(s for s in game.board.adj[hero.space] if game.occ[s] is None))
    card = villain.deck.pop()
    card.effects = (Effect("after_combat", "Return this card to your hand.", ({"return_to_hand": None},)),)
    enemy_attacks(game, villain, hero, card, [])
    assert villain.deck[-1] is card and game.known[card.uid] == PUBLIC
    assert card.uid not in unknown(game, 1, hidden_hands=True)
    assert next_reveal(game, villain, 1, hidden_hands=True) == [card]
    seen: list = []
    enemy_attacks(game, villain, hero, villain.deck.pop(), seen)     # taken face down, but known
    hidden, may_be, _ = seen[0]
    assert card.uid not in hidden and may_be == [card]


def test_a_resample_depends_only_on_what_the_seat_cannot_tell_apart():
    """Two games that differ only in the order of cards unknown to the seat are dealt
    the same world by the same sampling seed."""
    a, b = adventure(5), adventure(5)
    for x, y in zip(a.sides, b.sides):
        y.deck.reverse()                                         # every deck order differs
        assert [c.uid for c in x.deck] != [c.uid for c in y.deck] or len(x.deck) < 2
    for g in (a, b):
        seat_view(g, 0).resample(random.Random(7))
    for x, y in zip(a.sides, b.sides):
        assert [c.uid for c in x.deck] == [c.uid for c in y.deck]
        assert [c.uid for c in x.hand] == [c.uid for c in y.hand]


def test_another_heros_face_down_combat_card_is_hidden_only_with_hidden_hands():
    """Core rules (choose and reveal): the attacker's card lies face down until both are
    revealed. With hidden hands another seat cannot tell it from the cards Leonardo has
    not shown; a card dealt into its place is one he could have attacked with."""
    from engine.state import Combat
    game = adventure()
    don, leo = players(game)
    card = next(c for c in leo.hand if c.can_attack)
    leo.hand.remove(card)
    combat = Combat(leo.fighters[0], game.adv.villain.fighters[0], card)
    game.combat_stack.append(combat)
    game.combat = combat
    assert card.uid not in unknown(game, don.index)                      # open hands: seen
    assert card.uid not in unknown(game, leo.index, hidden_hands=True)   # his own card
    assert card.uid in unknown(game, don.index, hidden_hands=True)
    may_be = could_be(game, card, don.index, hidden_hands=True)
    assert card in may_be and all(c.can_attack and c.owner is leo for c in may_be)
    for k in range(10):
        seat_view(game, don.index, hidden_hands=True).resample(random.Random(k))
        dealt = combat.att_card
        assert dealt.can_attack and dealt.fighter in ("any", leo.fighters[0].name, leo.fighters[0].label)
    combat.revealed = True
    assert combat.att_card.uid not in unknown(game, don.index, hidden_hands=True)
