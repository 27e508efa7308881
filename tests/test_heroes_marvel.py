"""Black Panther, Black Widow and Winter Soldier: the special rules of the Marvel set
(Unmatched Marvel: For King and Country rulebook, "Special rules for this set", p.16-17),
plus full games of each hero (competitive duels and Adventures)."""
from __future__ import annotations

import pytest
from fixtures import grid_board, named, pick, take_card, to_hand
from fixtures import shipped_hero as hero

from adventures.content.catalog import load_catalog
from adventures.rules.runner import play_adventure
from adventures.rules.setup import new_adventure
from engine.board import compile_board
from engine.combat import fight
from engine.content.schema import ScenarioDef
from engine.decisions import RandomAgent, ScriptedAgent
from engine.effects.resolve import Ctx, run_ops
from engine.match import new_match, play_match
from engine.state import GameOver
from engine.turn import SCHEME, legal_actions, maneuver, scheme, take_turn

MARVEL = ("black_panther", "black_widow", "winter_soldier")


def only_in_hand(side, *names: str) -> None:
    """Keep just the named cards in hand (taken from any pile); the rest go to the discard."""
    wanted = [take_card(side, n) for n in names]
    side.discard.extend(side.hand)
    side.hand[:] = wanted


def duel(a: str, b: str, places: dict[str, int], seed: int = 1, agents: dict | None = None):
    """A duel on the 5x4 test grid (zones: columns 1-2 left, 4-5 right, column 3 both),
    fighters placed by hand on the given space ids; others stay off the board."""
    board = grid_board()
    game = new_match(board, [hero(a), hero(b)], seed)
    for side in game.sides:
        for f in side.fighters:
            if f.name in places:
                game.put(f, board.index[places[f.name]])
    game.sides[0].start_space, game.sides[1].start_space = board.start[1], board.start[2]
    game.agents = agents or {0: ScriptedAgent(), 1: ScriptedAgent()}
    return game


def fighter(game, name: str):
    return next(f for s in game.sides for f in s.fighters if f.name == name)


# ---------------------------------------------------------------- Black Panther


def test_vibranium_suit_stores_the_top_card_of_the_opponents_deck():
    """Marvel p.17: cards stored from the opponent's deck go on the Vibranium Suit; they are
    not part of Black Panther's hand or deck (and do not count for his hand limit)."""
    game = duel("black_panther", "winter_soldier", {"Black Panther": 2, "Winter Soldier": 3})
    panther, soldier = fighter(game, "Black Panther"), fighter(game, "Winter Soldier")
    bp, ws = panther.side, soldier.side
    to_hand(bp, "Kinetic Absorption")
    game.agents[0] = ScriptedAgent(pick("defense_card", named("Kinetic Absorption")))
    top = ws.deck[-1]
    hand_before, deck_before = len(bp.hand), len(bp.deck)
    fight(game, soldier, panther, take_card(ws, "Ghost Story"))
    assert bp.stored == [top] and top.owner is ws
    assert top not in bp.hand and top not in bp.deck and top not in ws.deck
    assert len(bp.hand) == hand_before - 1 and len(bp.deck) == deck_before
    assert any(e["kind"] == "store" for e in game.events)


def test_black_panther_boosts_movement_with_a_stored_card_that_goes_to_the_opponents_discard():
    """Marvel p.17: when you boost you may use a stored opponent's card; add its boost value,
    then it goes to the opponent's discard pile. Whenever Black Panther boosts he draws a card."""
    game = duel("black_panther", "winter_soldier", {"Black Panther": 1, "Winter Soldier": 20})
    bp, ws = game.sides
    stored = ws.deck.pop()
    bp.stored.append(stored)
    board = game.board
    steps = bp.move + stored.boost
    far = max((s for s in range(board.n) if board.dist[board.index[1]][s] == steps), key=lambda s: board.ids[s])
    game.agents[0] = ScriptedAgent(pick("boost", lambda c: c is stored),
                                   pick("move_fighter", lambda f: f is not None and f.name == "Black Panther"),
                                   pick("move_dest", lambda s: s == far),
                                   pick("move_fighter", lambda f: f is None))
    hand_before = len(bp.hand)
    maneuver(game, bp)
    assert stored in ws.discard and not bp.stored
    assert len(bp.hand) == hand_before + 2          # the maneuver's draw and the boost's draw
    assert fighter(game, "Black Panther").space == far
    kinds = [e["kind"] for e in game.events]
    assert kinds.index("unstore") < kinds.index("boost") < len(kinds) - 1 - kinds[::-1].index("draw")


def test_anti_metal_claws_boost_from_the_suit_adds_the_value_then_draws_at_once():
    """Marvel p.10 and p.17: Anti-Metal Claws lets Black Panther boost his attack; a stored
    card may be used; he draws right after the boost value is applied, before the rest."""
    game = duel("black_panther", "winter_soldier", {"Black Panther": 2, "Winter Soldier": 3})
    panther, soldier = fighter(game, "Black Panther"), fighter(game, "Winter Soldier")
    bp, ws = panther.side, soldier.side
    stored = next(c for c in ws.deck if c.boost == 3)          # a Kill Order: boost 3
    ws.deck.remove(stored)
    bp.stored.append(stored)
    game.agents[0] = ScriptedAgent(pick("boost_attack", lambda c: c is stored))
    game.agents[1] = ScriptedAgent(pick("defense_card", lambda c: c is None))
    hand_before = len(bp.hand)
    start = len(game.events)
    combat = fight(game, panther, soldier, take_card(bp, "Anti-Metal Claws"))
    assert combat.damage == 5 + 3
    assert stored in ws.discard and len(bp.hand) == hand_before + 1
    events = [e["kind"] for e in game.events[start:] if e["kind"] in ("boost", "draw", "combat")]
    assert events == ["boost", "draw", "combat"]


def test_stored_cards_cannot_be_played_as_attack_or_scheme_cards():
    """Marvel p.17: stored cards cannot be used other than to boost."""
    game = duel("black_panther", "winter_soldier", {"Black Panther": 2, "Winter Soldier": 3})
    bp, ws = game.sides
    only_in_hand(bp)
    bp.stored.extend([take_card(ws, "Kill Order"), take_card(ws, "A Boy Named Bucky")])
    assert legal_actions(game, bp) == ["maneuver"]


def test_nanotriage_processor_heals_black_panther_only_in_shuris_zone():
    """Marvel p.14 (combat example): Black Panther recovers 1 only if he is in Shuri's zone."""
    for bp_space, healed in ((4, True), (16, False)):     # 4: right+both zone; 16: left only
        game = duel("black_panther", "winter_soldier", {"Shuri": 5, "Black Panther": bp_space,
                                                        "Winter Soldier": 10})
        panther, shuri = fighter(game, "Black Panther"), fighter(game, "Shuri")
        panther.health = 10
        to_hand(shuri.side, "Nanotriage Processor")
        game.agents[0] = ScriptedAgent(pick("defense_card", named("Nanotriage Processor")))
        fight(game, fighter(game, "Winter Soldier"), shuri, take_card(game.sides[1], "Ghost Story"))
        assert panther.health == (11 if healed else 10)


# ---------------------------------------------------------------- Black Widow


def test_black_widow_starts_with_the_moscow_protocol_as_a_sixth_card():
    """Marvel p.6 step 4 and p.17: The Moscow Protocol is placed in hand, then 5 cards are drawn."""
    for seed in range(5):
        game = new_match(grid_board(), [hero("black_widow"), hero("medusa")], seed)
        widow = game.sides[0]
        assert len(widow.hand) == 6 and len(widow.deck) == 31 - 6
        assert [c.name for c in widow.hand].count("The Moscow Protocol") == 1
        assert len(game.sides[1].hand) == 5


def test_mission_requirement_blocks_the_scheme_action():
    """Marvel p.17: you cannot take the scheme action to play a mission whose requirement is
    not met. The Moscow Protocol needs an opposing fighter in Black Widow's zone."""
    game = duel("black_widow", "winter_soldier", {"Black Widow": 1, "Winter Soldier": 20})
    bw = game.sides[0]
    only_in_hand(bw, "The Moscow Protocol")
    assert SCHEME not in legal_actions(game, bw)               # left zone vs right zone
    game.put(fighter(game, "Winter Soldier"), game.board.index[2])
    assert SCHEME in legal_actions(game, bw)


def test_playing_a_mission_acquires_the_next_mission_and_shuffles_the_rest_back():
    """Marvel p.17: acquiring reveals from the top until a new mission, which goes to hand;
    the other revealed cards are shuffled back into the deck."""
    game = duel("black_widow", "winter_soldier", {"Black Widow": 1, "Winter Soldier": 2})
    bw = game.sides[0]
    only_in_hand(bw, "The Moscow Protocol")
    bw.deck.insert(0, take_card(bw, "The Budapest Job"))      # the only mission left, at the bottom
    bw.discard.extend(c for c in list(bw.deck) if "mission" in c.tags and c.name != "The Budapest Job")
    bw.deck[:] = [c for c in bw.deck if c not in bw.discard]
    others = sorted(c.uid for c in bw.deck if "mission" not in c.tags)
    order_before = [c.uid for c in bw.deck]
    soldier = fighter(game, "Winter Soldier")
    scheme(game, bw)
    assert soldier.health == soldier.max_health - 2
    assert bw.discard[-1].name == "The Moscow Protocol"
    assert [c.name for c in bw.hand] == ["The Budapest Job"]
    assert sorted(c.uid for c in bw.deck) == others               # every revealed card is back
    assert [c.uid for c in bw.deck] != order_before[1:]           # ... and shuffled
    assert any(e["kind"] == "search" for e in game.events)


def test_acquiring_with_no_mission_left_in_the_deck_acquires_nothing():
    """Marvel p.17: if you have no missions left in your deck, you do not acquire a new mission."""
    game = duel("black_widow", "winter_soldier", {"Black Widow": 1, "Winter Soldier": 2})
    bw = game.sides[0]
    only_in_hand(bw)
    bw.discard.extend(c for c in bw.deck if "mission" in c.tags)
    bw.deck[:] = [c for c in bw.deck if "mission" not in c.tags]
    size = len(bw.deck)
    run_ops(Ctx(game, bw, bw.hero), [{"search": {"tag": "mission"}}])
    assert len(bw.deck) == size and bw.hand == []


def test_madripoor_sanction_needs_a_fighter_near_an_opposing_starting_space():
    """Marvel p.17: missions may refer to the starting space (◆) the player's hero started on."""
    game = duel("black_widow", "winter_soldier", {"Black Widow": 1, "Maria Hill": 6, "Winter Soldier": 3})
    bw = game.sides[0]
    only_in_hand(bw, "The Madripoor Sanction")
    assert SCHEME not in legal_actions(game, bw)                  # Winter Soldier started on 20
    game.put(fighter(game, "Maria Hill"), game.board.index[15])   # next to space 20
    assert SCHEME in legal_actions(game, bw)
    drawn, rest = bw.deck[-3:], bw.deck[:-3]
    scheme(game, bw)
    assert drawn[0] in bw.hand and len(bw.hand) == 3 + any("mission" in c.tags for c in rest)


# ---------------------------------------------------------------- Winter Soldier


def test_brainwashed_effect_is_not_cancelled_by_feint():
    """Marvel p.16: Brainwashed effects cannot be cancelled. Feint cancels Bionic Arm's normal
    effect (no move offered) but its Brainwashed damage to Winter Soldier still happens."""
    game = duel("winter_soldier", "black_widow", {"Winter Soldier": 2, "Black Widow": 3})
    soldier, widow = fighter(game, "Winter Soldier"), fighter(game, "Black Widow")
    to_hand(widow.side, "Feint")
    game.agents[1] = ScriptedAgent(pick("defense_card", named("Feint")))
    seen = game.agents[0].seen
    combat = fight(game, soldier, widow, take_card(soldier.side, "Bionic Arm"))
    assert combat.att_card.uid in combat.cancelled and combat.winner == "attacker"
    assert soldier.health == soldier.max_health - 1
    assert not any(d.tag == "move_dest" for d in seen)


def test_brainwashed_kill_order_lets_the_opponent_draw_even_when_cancelled():
    """Marvel p.16: a Brainwashed effect that helps the opponent still resolves through a cancel."""
    game = duel("winter_soldier", "black_widow", {"Winter Soldier": 2, "Black Widow": 3})
    soldier, widow = fighter(game, "Winter Soldier"), fighter(game, "Black Widow")
    to_hand(widow.side, "Feint")
    game.agents[1] = ScriptedAgent(pick("defense_card", named("Feint")))
    hand = len(widow.side.hand)
    fight(game, soldier, widow, take_card(soldier.side, "Kill Order"))
    assert len(widow.side.hand) == hand - 1 + 1


def test_a_boy_named_bucky_ignores_brainwashed_effects_until_the_start_of_the_next_turn():
    """Marvel p.16: Brainwashed effects can only be ignored by playing A Boy Named Bucky."""
    game = duel("winter_soldier", "black_widow", {"Winter Soldier": 2, "Black Widow": 3})
    soldier, widow = fighter(game, "Winter Soldier"), fighter(game, "Black Widow")
    ws = soldier.side
    widow.max_health = widow.health = 40             # survive three attacks
    only_in_hand(ws, "A Boy Named Bucky")
    scheme(game, ws)
    game.agents[1] = ScriptedAgent(pick("defense_card", lambda c: c is None))
    hand = len(widow.side.hand)
    fight(game, soldier, widow, take_card(ws, "Kill Order"))
    assert len(widow.side.hand) == hand                        # ignored: no draw for her
    fight(game, soldier, widow, take_card(ws, "Bionic Arm"))
    assert soldier.health == soldier.max_health
    ws.ability.start_of_turn(game)                             # the protection ends
    fight(game, soldier, widow, take_card(ws, "Bionic Arm"))
    assert soldier.health == soldier.max_health - 1


def test_winter_soldier_has_no_sidekick():
    """Marvel p.4: Winter Soldier comes with one character and one health dial."""
    assert hero("winter_soldier").sidekick is None
    assert sum(c.copies for c in hero("winter_soldier").deck) == 30


# ---------------------------------------------------------------- whole games


@pytest.mark.parametrize("key", MARVEL)
def test_marvel_hero_plays_full_competitive_duels_on_the_shipped_boards(key):
    """Marvel p.6-13: full two-player games (random decisions) end without error."""
    cat = load_catalog()
    others = ("medusa", "king_arthur", "black_widow", "winter_soldier", "black_panther", "alice")
    for seed, board_key in enumerate(sorted(cat.boards) * 2):
        board = compile_board(cat.boards[board_key])
        other = others[seed % len(others)]
        game = new_match(board, [cat.heroes[key], cat.heroes[other]], seed)
        game.agents = {0: RandomAgent(), 1: RandomAgent()}
        over = play_match(game)
        assert over is None or over.winner
        assert game.turn > 0


@pytest.mark.parametrize("key", MARVEL)
@pytest.mark.parametrize("villain", ["shredder", "krang"])
def test_marvel_hero_plays_adventures_against_each_villain(key, villain):
    """Adventures p.4-13: a one-player game against each villain runs to its end."""
    cat = load_catalog()
    for seed in range(3):
        sc = ScenarioDef(name="hero check", villain=villain, seats=[{"hero": key, "bot": "random"}], minions=[])
        game = new_adventure(sc, cat, seed, agents={0: RandomAgent()}, table_agent=RandomAgent())
        result = play_adventure(game, max_rounds=30)
        assert result.winner in ("heroes", "villain", "timeout")


def test_turns_with_stored_cards_keep_every_card_in_exactly_one_pile():
    """Marvel p.17: stored cards stay the opponent's cards; boosting with one returns it to
    the opponent's discard pile. No card is lost or duplicated over several random turns."""
    game = duel("black_panther", "black_widow", {"Black Panther": 2, "Shuri": 6, "Black Widow": 3,
                                                 "Maria Hill": 19}, agents={0: RandomAgent(), 1: RandomAgent()})
    bp, bw = game.sides
    bp.stored.extend([bw.deck.pop(), bw.deck.pop()])
    try:
        for _ in range(6):
            for side in game.sides:
                take_turn(game, side)
    except GameOver:
        return                                  # a game ending mid-combat leaves cards on the table
    for side, total in ((bp, 30), (bw, 31)):
        cards = [c for s in game.sides for pile in ("deck", "hand", "discard", "stored")
                 for c in getattr(s, pile) if c.owner is side]
        assert len(cards) == len({c.uid for c in cards}) == total
