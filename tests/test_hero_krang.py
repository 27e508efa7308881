"""Krang, the add-on COMPETITIVE hero deck (tests/facts/heroes/krang.yaml): DOOOOOM!'s
Doomsday Machines and rerolls, the Die of Ultimate Destruction, the rolled BOOSTs, every
unusual card, full duels against every Turtle on both boards, and his place outside the
co-op mode. The co-op villain Krang is tested in tests/test_krang.py."""
from __future__ import annotations

import contextlib
import io
import random
from collections import deque
from types import SimpleNamespace

import pytest
from addon_hero_helpers import CardCounting
from base_hero_helpers import clear_hand, duel, fighter, last_combat
from fixtures import pick, take_card, to_hand

from adventures.bots.duelist import DuelistBot
from adventures.cli import main as cli_main
from adventures.content.catalog import load_catalog
from adventures.persistence.hashing import state_hash
from adventures.rules.setup import pick_heroes
from adventures.sim.matches import play_one_match
from engine.board import compile_board
from engine.combat import fight
from engine.content.schema import CardDef, MatchDef, MatchSeatDef, ScenarioDef
from engine.decisions import RandomAgent, ScriptedAgent
from engine.dice import ULTIMATE_DESTRUCTION, roll_ultimate_destruction
from engine.effects.heroes.krang import MACHINES
from engine.match import new_match, play_match
from engine.movement import destinations
from engine.turn import attack_cards_against, attack_options, maneuver, scheme, valid_targets

TURTLES = ("leonardo", "raphael", "donatello", "michelangelo")


class LoadedDie(random.Random):
    """The game RNG, except that the next rolls of the six-faced die give these faces."""

    def __init__(self, *faces: str):
        super().__init__(0)
        self.faces = list(faces)

    def randrange(self, *args, **kwargs):
        if args == (len(ULTIMATE_DESTRUCTION),) and self.faces:
            return ULTIMATE_DESTRUCTION.index(self.faces.pop(0))
        return super().randrange(*args, **kwargs)


def krang_game(places: dict[str, int], other: str = "king_arthur", machines: int = 1, faces: tuple = ()):
    """Krang (seat 0) against `other` on the 5x4 test grid (ids 1-20, row by row)."""
    game = duel("krang", other, places)
    game.sides[0].ability.game_start(game)
    game.sides[0].data[MACHINES] = machines
    if faces:
        game.rng = LoadedDie(*faces)
    return game


def no_defense(game, seat: int = 1) -> None:
    game.agents[seat] = ScriptedAgent(pick("defense_card", lambda c: c is None))


def dice(game) -> list[str]:
    return [e["face"] for e in game.events if e["kind"] == "die"]


# ---------------------------------------------------------------- DOOOOOM!
def test_doooom_starts_with_one_machine_and_each_adds_one_to_his_move():
    """krang.yaml ability + special_setup: 3 machines, 1 on at the start; each one on adds 1
    to his move value (move 1)."""
    game = krang_game({"Krang": 1, "King Arthur": 20})
    kr = game.sides[0]
    kr.ability.game_start(game)
    assert kr.data[MACHINES] == 1
    for on, steps in ((1, 2), (3, 4)):
        kr.data[MACHINES] = on
        clear_hand(kr)
        game.current = kr
        game.agents[0] = ScriptedAgent()
        maneuver(game, kr)
        moves = [d for d in game.agents[0].seen if d.tag == "move_dest"]
        assert moves[-1].context["steps"] == steps


def test_doooom_switches_a_machine_off_to_roll_the_die_again():
    """krang.yaml ability: after any roll of the Die of Ultimate Destruction he may switch off
    an active machine to roll again; no machine on, no reroll."""
    game = krang_game({"Krang": 1, "King Arthur": 20}, machines=2, faces=("X", "X", "4"))
    game.agents[0] = ScriptedAgent(pick("reroll_die", lambda again: again is True))
    face = roll_ultimate_destruction(game, game.sides[0], "test")
    assert face == "4" and dice(game) == ["X", "X", "4"]
    assert game.sides[0].data[MACHINES] == 0
    game.rng = LoadedDie("1")
    assert roll_ultimate_destruction(game, game.sides[0], "test") == "1"     # nothing left to switch off


def test_the_die_of_ultimate_destruction_rolls_1_to_5_and_x_with_the_game_rng():
    """krang.yaml rules_notes + uncertain (face table from the rules mirror): faces 1-5 and X,
    rolled with the one seeded game RNG, so the same seed rolls the same faces."""
    faces = []
    for _ in range(2):
        game = krang_game({"Krang": 1, "King Arthur": 20}, machines=0)
        faces.append([roll_ultimate_destruction(game, game.sides[0], "test") for _ in range(200)])
    assert faces[0] == faces[1] and set(faces[0]) == set(ULTIMATE_DESTRUCTION) == {"1", "2", "3", "4", "5", "X"}


def test_a_die_roll_boost_is_rolled_when_the_card_is_spent():
    """krang.yaml IQ of 968 / Pan-Dimensional Portal: the BOOST prints no number; it is rolled
    on the die when spent (facts notes), here to BOOST a maneuver."""
    game = krang_game({"Krang": 1, "King Arthur": 20}, machines=0, faces=("3",))
    kr = game.sides[0]
    clear_hand(kr)
    iq = to_hand(kr, "IQ of 968")
    game.current = kr
    game.agents[0] = ScriptedAgent(pick("boost", lambda c: c is iq))
    maneuver(game, kr)
    boost = next(d for d in game.agents[0].seen if d.tag == "boost")
    assert boost.labels[1] == "IQ of 968 (+die)"
    moves = [d for d in game.agents[0].seen if d.tag == "move_dest"]
    assert moves[0].context["steps"] == 1 + 3 and iq in kr.discard


def test_a_rolled_boost_prints_no_number():
    """krang.yaml: `boost: die roll` is `boost: null` + `boost_roll: true`; a number with it is refused."""
    assert CardDef(name="IQ of 968", type="scheme", boost=None, boost_roll=True).boost_roll
    with pytest.raises(ValueError, match="boost must be null"):
        CardDef(name="IQ of 968", type="scheme", boost=2, boost_roll=True)


# ---------------------------------------------------------------- cards
def test_android_arms_powerbomb_boosts_from_hand_then_moves_the_opponent_by_the_damage():
    """krang.yaml Powerbomb (3): during combat add a hand card's BOOST; after combat move the
    opposing fighter up to as many spaces as the combat damage it took."""
    game = krang_game({"Krang": 7, "King Arthur": 8})
    kr = game.sides[0]
    clear_hand(kr)
    spent = to_hand(kr, "Warlord of Dimension X")              # BOOST 3
    ix = game.board.index
    game.agents[0] = ScriptedAgent(pick("boost_attack", lambda c: c is spent),
                                   pick("move_dest", lambda s: s == ix[20]))
    no_defense(game)
    fight(game, fighter(game, "Krang"), fighter(game, "King Arthur"), take_card(kr, "Android Arms: Powerbomb"))
    assert last_combat(game)["attack"] == 3 + 3
    dest = next(d for d in game.agents[0].seen if d.tag == "move_dest")
    assert dest.context["steps"] == 6 and fighter(game, "King Arthur").space == ix[20]


@pytest.mark.parametrize("face, defense, discards", [("3", "The Holy Grail", 2), ("1", "The Holy Grail", 0),
                                                     ("X", None, 0), ("2", None, 2)])
def test_android_arms_chain_flail_makes_the_opponent_discard_when_the_roll_beats_their_card(face, defense, discards):
    """krang.yaml Chain Flail: roll; if the opponent played no card or its printed value is
    lower than the roll, they discard 2 cards (an X does nothing, facts rules_notes)."""
    game = krang_game({"Krang": 7, "King Arthur": 8}, machines=0, faces=(face,))
    ka = game.sides[1]
    card = to_hand(ka, defense) if defense else None
    game.agents[1] = ScriptedAgent(pick("defense_card", lambda c: c is card))
    before = len(ka.hand)
    fight(game, fighter(game, "Krang"), fighter(game, "King Arthur"), take_card(game.sides[0], "Android Arms: Chain Flail"))
    assert len(ka.hand) == before - (card is not None) - discards


def test_android_arms_missiles_face_up_attack_a_fighter_in_his_zone_and_add_a_roll():
    """krang.yaml Missiles (1): may be played face up as a ranged attack; during combat roll
    and add the result. Other cards cannot reach that far."""
    game = krang_game({"Krang": 1, "King Arthur": 12}, machines=0, faces=("5",))
    kr = game.sides[0]
    clear_hand(kr)
    to_hand(kr, "Android Arms: Powerbomb")
    krang, ka = fighter(game, "Krang"), fighter(game, "King Arthur")
    assert valid_targets(game, krang) == []
    missiles = to_hand(kr, "Android Arms: Missiles")
    assert attack_options(game, kr) == [(krang, ka)]
    assert attack_cards_against(game, kr, krang, ka) == [missiles]
    no_defense(game)
    kr.hand.remove(missiles)
    fight(game, krang, ka, missiles)
    assert last_combat(game)["attack"] == 1 + 5


def test_warlord_of_dimension_x_takes_his_top_card_if_its_name_is_longer():
    """krang.yaml Warlord of Dimension X: turn up both top cards; if yours has the longer name,
    take it into your hand."""
    for mine, theirs, taken in (("Molecular Amplification Unit", "Excalibur", True), ("Minimizer", "Excalibur", False)):
        game = krang_game({"Krang": 7, "King Arthur": 8})
        kr, ka = game.sides
        top = take_card(kr, mine)
        kr.deck.append(top)
        ka.deck.append(take_card(ka, theirs))
        no_defense(game)
        fight(game, fighter(game, "Krang"), fighter(game, "King Arthur"), take_card(kr, "Warlord of Dimension X"))
        assert (top in kr.hand) == taken and (kr.deck[-1] is top) != taken


def test_pan_dimensional_portal_places_a_fighter_that_cannot_leave_then_cards_go_under_and_both_draw():
    """krang.yaml Pan-Dimensional Portal: put a fighter of the combat on any space, where it
    stays this turn; roll: both players put that many random hand cards on the bottom of their
    decks; then both draw 2."""
    game = krang_game({"Krang": 7, "King Arthur": 8}, machines=0, faces=("2",))
    kr, ka = game.sides
    ix = game.board.index
    game.current = kr
    game.agents[0] = ScriptedAgent(pick("effect_fighter", lambda f: f.name == "King Arthur"),
                                   pick("place", lambda s: s == ix[20]))
    no_defense(game)
    hands = len(kr.hand), len(ka.hand)
    bottoms = list(kr.deck[:1]), list(ka.deck[:1])
    fight(game, fighter(game, "Krang"), fighter(game, "King Arthur"), take_card(kr, "Pan-Dimensional Portal"))
    ka_f = fighter(game, "King Arthur")
    assert ka_f.space == ix[20]
    assert destinations(game, ka_f, 5) == {ix[20]: 0}
    assert (len(kr.hand), len(ka.hand)) == (hands[0] - 2 + 2, hands[1] - 2 + 2)
    assert kr.deck[2:3] == bottoms[0] and ka.deck[2:3] == bottoms[1]      # two cards went under each
    game.turn += 1
    assert len(destinations(game, ka_f, 2)) > 1                             # next turn it may move again


def test_molecular_amplification_unit_switches_a_machine_on_and_adds_a_roll():
    """krang.yaml Molecular Amplification Unit (2): immediately switch on a machine; during
    combat roll and add the result."""
    game = krang_game({"Krang": 7, "King Arthur": 8}, machines=1, faces=("4",))
    no_defense(game)
    fight(game, fighter(game, "Krang"), fighter(game, "King Arthur"),
          take_card(game.sides[0], "Molecular Amplification Unit"))
    assert game.sides[0].data[MACHINES] == 2 and last_combat(game)["attack"] == 2 + 4


def test_welcome_to_the_technodrome_cancels_or_switches_a_machine_on():
    """krang.yaml Welcome to the Technodrome!: pick one: cancel the opposing card's effects,
    or switch on a Doomsday Machine."""
    for choice, machines in ((0, 1), (1, 2)):
        game = krang_game({"Krang": 7, "King Arthur": 8})
        kr, ka = game.sides
        card = to_hand(kr, "Welcome to the Technodrome!")
        game.agents[0] = ScriptedAgent(pick("defense_card", lambda c, card=card: c is card),
                                       lambda d, choice=choice: choice if d.tag == "choose_one" else None)
        fight(game, fighter(game, "King Arthur"), fighter(game, "Krang"), take_card(ka, "Divine Intervention"))
        assert kr.data[MACHINES] == machines
        cancelled = any(e["kind"] == "cancel" for e in game.events)
        assert cancelled == (choice == 0)


def test_minimizer_takes_4_off_the_attack_and_ends_the_turn():
    """krang.yaml Minimizer (0): the opposing card is worth 4 less; after combat the current
    turn ends."""
    game = krang_game({"Krang": 7, "King Arthur": 8})
    kr, ka = game.sides
    game.current = ka
    ka.actions_left = 1
    card = to_hand(kr, "Minimizer")
    game.agents[0] = ScriptedAgent(pick("defense_card", lambda c: c is card))
    fight(game, fighter(game, "King Arthur"), fighter(game, "Krang"), take_card(ka, "Excalibur"))
    assert last_combat(game)["attack"] == 6 - 4 and ka.actions_left == 0


def test_android_arms_wings_flies_through_opposing_fighters_and_hurts_them():
    """krang.yaml Wings: roll; Krang may move up to that many spaces through opposing fighters;
    each one he passed through takes 1 damage; gain one action."""
    game = krang_game({"Krang": 1, "King Arthur": 2, "Merlin": 3}, machines=0, faces=("4",))
    kr = game.sides[0]
    ix = game.board.index
    game.current = kr
    kr.actions_left = 0
    clear_hand(kr)
    to_hand(kr, "Android Arms: Wings")
    game.agents[0] = ScriptedAgent(pick("move_dest", lambda s: s == ix[4]),
                                   pick("move_route", lambda r: ix[2] in r and ix[3] in r))
    scheme(game, kr)
    assert fighter(game, "Krang").space == ix[4]
    assert fighter(game, "King Arthur").health == 17 and fighter(game, "Merlin").health == 6
    assert kr.actions_left == 1


def test_iq_of_968_switches_every_machine_on_then_draws_and_heals_by_two_rolls():
    """krang.yaml IQ of 968: all three machines on; roll and draw that many; roll again and
    Krang regains that much health."""
    game = krang_game({"Krang": 7, "King Arthur": 20}, machines=0, faces=("2", "3"))
    kr = game.sides[0]
    game.current = kr
    game.damage(fighter(game, "Krang"), 5)
    clear_hand(kr)
    to_hand(kr, "IQ of 968")
    scheme(game, kr)
    assert kr.data[MACHINES] == 3 and len(kr.hand) == 2 and fighter(game, "Krang").health == 16 - 5 + 3


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("board", ["new_york_city", "technodrome"])
@pytest.mark.parametrize("turtle", TURTLES)
def test_krang_plays_full_duels_against_every_turtle(board, turtle):
    """Core rules (base-set scan p.2-4): duels with the competitive bot end without error,
    Krang in either seat (Adventures p.13 "Feeling competitive?": the box's boards)."""
    cat = load_catalog()
    for seed, seats in enumerate((("krang", turtle), (turtle, "krang"))):
        match = MatchDef(name="t", board=board, seats=[MatchSeatDef(hero=h) for h in seats])
        rec = play_one_match(match, seed, cat)
        assert rec["winner"] != "error", rec["reason"]
        assert "krang" in rec["heroes"].split("+")


@pytest.mark.parametrize("turtle", TURTLES)
def test_krang_survives_random_play_on_both_boards(turtle):
    """Random decisions explore every option of his decisions (both boards, both seats): the
    game ends or reaches the turn cap without error, and at every decision each card of each
    deck is in exactly one pile or in play (a Portal or Warlord of Dimension X loses none)."""
    cat = load_catalog()
    for seed, board_key in enumerate(("new_york_city", "technodrome") * 2):
        board = compile_board(cat.boards[board_key])
        seats = [cat.heroes["krang"], cat.heroes[turtle]][:: 1 if seed % 2 else -1]
        game = new_match(board, seats, seed)
        game.agents = {0: CardCounting(RandomAgent()), 1: CardCounting(RandomAgent())}
        over = play_match(game, max_turns=120)
        assert over is None or over.winner


def test_a_krang_duel_replays_to_the_same_state_hash():
    """Saves and replays are the seed and the answers: die rolls come from the game RNG and the
    machines live in Side.data, so a replay reaches the same state hash."""
    cat = load_catalog()
    board = compile_board(cat.boards["technodrome"])
    game = new_match(board, [cat.heroes["krang"], cat.heroes["raphael"]], 11)
    game.agents = {0: RandomAgent(), 1: DuelistBot()}
    play_match(game)
    again = new_match(board, [cat.heroes["krang"], cat.heroes["raphael"]], 11)
    again.agents = {0: ScriptedAgent(lambda d: pytest.fail("asked")), 1: ScriptedAgent(lambda d: pytest.fail("asked"))}
    again.replay_queue = deque(game.answers)
    play_match(again)
    assert state_hash(again) == state_hash(game)
    assert any(e["kind"] == "die" for e in game.events)


# ---------------------------------------------------------------- not a co-op hero
def test_co_op_random_heroes_never_draw_the_add_on_hero_decks():
    """The add-on decks are competitive (facts `kind`); the co-op villains own the box's one
    die and its tokens (Adventures p.3 contents, p.13): random co-op seats never get them and
    a seat naming one is refused."""
    cat = load_catalog()
    sc = ScenarioDef(name="t", villain="shredder", seats=[{"hero": "random"}] * 4, minions=[])
    drawn = {h.key for seed in range(60) for h in pick_heroes(SimpleNamespace(rng=random.Random(seed)), sc, cat)}
    assert drawn and not drawn & {"shredder", "krang"}
    bad = ScenarioDef(name="t", villain="shredder", seats=[{"hero": "krang"}], minions=[])
    with pytest.raises(ValueError, match="Krang is a competitive hero deck"):
        pick_heroes(SimpleNamespace(rng=random.Random(0)), bad, cat)


def test_a_co_op_scenario_naming_krang_gets_a_one_line_error(tmp_path):
    """Any file a user gives gets a clear one-line error (HELPERS design principles)."""
    path = tmp_path / "krang-hero.yaml"
    path.write_text("kind: scenario\nname: Krang hero\nvillain: shredder\nseats:\n  - hero: Krang\nminions: []\n")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = cli_main(["validate", str(path)])
    lines = out.getvalue().splitlines()
    assert code == 2 and any("seats.0.hero: Krang is a competitive hero deck" in line for line in lines), lines
    assert not any("Traceback" in line for line in lines)
