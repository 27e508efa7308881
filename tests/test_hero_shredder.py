"""Shredder with Bebop & Rocksteady, the add-on COMPETITIVE hero deck
(tests/facts/heroes/shredder.yaml): Master of the Clan's Foot soldiers on paths, every
unusual card, full duels against every Turtle on both boards, replays, and his place
outside the co-op mode. The co-op villain Shredder is tested in tests/test_shredder.py."""
from __future__ import annotations

from collections import deque

import pytest
from addon_hero_helpers import CardCounting
from base_hero_helpers import clear_hand, duel, fighter, last_combat
from fixtures import named, pick, take_card, to_hand

from adventures.bots.duelist import DuelistBot
from adventures.content.catalog import check_scenario, load_catalog
from adventures.persistence.hashing import state_hash
from adventures.sim.matches import play_one_match
from engine.board import compile_board
from engine.combat import fight
from engine.content.loader import ContentError
from engine.content.schema import MatchDef, MatchSeatDef, ScenarioDef
from engine.decisions import RandomAgent, ScriptedAgent
from engine.effects.heroes.shredder import SUPPLY, foot_paths
from engine.match import new_match, play_match
from engine.turn import attack_options, maneuver, scheme

TURTLES = ("leonardo", "raphael", "donatello", "michelangelo")


def game_with(places: dict[str, int], other: str = "king_arthur"):
    """Shredder (seat 0) against `other` on the 5x4 test grid (ids 1-20, row by row)."""
    return duel("shredder", other, places)


def foot(game, *pairs: tuple[int, int]) -> None:
    """Put Shredder's Foot soldiers on the paths between printed space ids."""
    ix = game.board.index
    game.sides[0].data["foot"] = sorted((min(ix[a], ix[b]), max(ix[a], ix[b])) for a, b in pairs)


def no_defense(game, seat: int = 1) -> None:
    game.agents[seat] = ScriptedAgent(pick("defense_card", lambda c: c is None))


# ---------------------------------------------------------------- Master of the Clan
def test_master_of_the_clan_puts_a_foot_soldier_on_a_free_path_next_to_a_friendly_fighter():
    """shredder.yaml ability + special_setup: as his turn begins, one Foot soldier from the
    supply goes on a path next to a friendly fighter; at most 1 per path."""
    game = game_with({"Shredder": 7, "King Arthur": 20})
    sh = game.sides[0]
    foot(game, (2, 7), (6, 7), (7, 8))
    sh.ability.start_of_turn(game)
    ix = game.board.index
    assert (ix[7], ix[12]) in foot_paths(sh) and len(foot_paths(sh)) == 4   # the only free path left
    sh.ability.start_of_turn(game)                     # every path next to him is taken
    assert len(foot_paths(sh)) == 4


def test_master_of_the_clan_supply_holds_24_foot_soldiers():
    """shredder.yaml special_setup: a supply of 24 tokens; an empty supply places none."""
    game = game_with({"Shredder": 7, "King Arthur": 20})
    sh = game.sides[0]
    board = game.board
    paths = sorted({(min(a, b), max(a, b)) for a in range(board.n) for b in board.adj[a]})
    far = [p for p in paths if board.index[7] not in p][:SUPPLY]
    sh.data["foot"] = far
    sh.ability.start_of_turn(game)
    assert len(foot_paths(sh)) == SUPPLY == 24


def test_master_of_the_clan_lets_his_fighters_attack_a_fighter_next_to_a_foot_soldier():
    """shredder.yaml ability: his fighters may attack opposing fighters that stand next to a
    Foot soldier, wherever they stand."""
    game = game_with({"Shredder": 1, "Bebop & Rocksteady": 2, "King Arthur": 20})
    sh = game.sides[0]
    to_hand(sh, "Swarming Strike")
    assert attack_options(game, sh) == []
    foot(game, (15, 20))
    ka = fighter(game, "King Arthur")
    assert (fighter(game, "Shredder"), ka) in attack_options(game, sh)
    assert any(a.name == "Bebop & Rocksteady" for a, _ in attack_options(game, sh)) == any(
        c.fighter in ("any", "Bebop & Rocksteady") for c in sh.hand if c.can_attack)


def boosted_maneuver(game, dest: int, via: int | None, boost: bool = True):
    """King Arthur (seat 1) maneuvers to printed space `dest`, through `via` when routes differ."""
    ix = game.board.index
    side = game.sides[1]
    clear_hand(side)
    to_hand(side, "Excalibur")                           # BOOST 3
    game.current = side
    game.agents[1] = ScriptedAgent(
        pick("boost", (lambda c: c is not None) if boost else (lambda c: c is None)),
        pick("move_fighter", named("King Arthur")),
        pick("move_dest", lambda s: s == ix[dest]),
        pick("move_route", lambda r: via is None or ix[via] in r))
    maneuver(game, side)
    return game.agents[1].seen


def test_an_opposing_hero_on_a_boosted_maneuver_may_clear_the_foot_soldiers_it_passes_over():
    """shredder.yaml ability + rules_notes: an opposing hero on a BOOSTed maneuver may clear
    away every Foot soldier on the paths it passed over; its player picks the route."""
    game = game_with({"Shredder": 5, "King Arthur": 16})
    foot(game, (16, 17), (17, 18), (1, 2))
    seen = boosted_maneuver(game, 18, via=17)
    assert any(d.tag == "move_route" for d in seen)       # routes over and around the tokens differ
    assert any(d.tag == "clear_foot_soldiers" for d in seen)
    ix = game.board.index
    assert foot_paths(game.sides[0]) == [(ix[1], ix[2])]


def test_an_unboosted_maneuver_clears_no_foot_soldiers():
    """shredder.yaml rules_notes: only a BOOSTed maneuver may remove Foot soldiers."""
    game = game_with({"Shredder": 5, "King Arthur": 16})
    foot(game, (16, 17), (17, 18))
    seen = boosted_maneuver(game, 18, via=17, boost=False)
    assert not any(d.tag == "clear_foot_soldiers" for d in seen)
    assert len(foot_paths(game.sides[0])) == 2


def test_a_sidekick_on_a_boosted_maneuver_clears_no_foot_soldiers():
    """shredder.yaml rules_notes: not sidekicks."""
    game = game_with({"Shredder": 5, "King Arthur": 20, "Merlin": 16})
    foot(game, (16, 17), (17, 18))
    side = game.sides[1]
    to_hand(side, "Excalibur")
    game.current = side
    ix = game.board.index
    game.agents[1] = ScriptedAgent(pick("boost", lambda c: c is not None), pick("move_fighter", named("Merlin")),
                                   pick("move_dest", lambda s: s == ix[18]))
    maneuver(game, side)
    assert fighter(game, "Merlin").space == ix[18]
    assert len(foot_paths(game.sides[0])) == 2


# ---------------------------------------------------------------- cards
def test_swarming_strike_is_worth_1_more_per_foot_soldier_next_to_the_attacker():
    """shredder.yaml Swarming Strike (5): +1 for every Foot soldier next to your fighter."""
    game = game_with({"Shredder": 7, "King Arthur": 8})
    foot(game, (2, 7), (6, 7), (3, 8))
    no_defense(game)
    fight(game, fighter(game, "Shredder"), fighter(game, "King Arthur"), take_card(game.sides[0], "Swarming Strike"))
    assert last_combat(game)["attack"] == 5 + 2


def test_gruff_escort_puts_two_foot_soldiers_anywhere_then_shredder_may_move():
    """shredder.yaml Gruff Escort (B&R): 2 Foot soldiers on any two free paths, then Shredder
    may move 0-2 spaces."""
    game = game_with({"Shredder": 1, "Bebop & Rocksteady": 12, "King Arthur": 13})
    ix = game.board.index
    no_defense(game)
    game.agents[0] = ScriptedAgent(pick("move_dest", lambda s: s == ix[3]))
    fight(game, fighter(game, "Bebop & Rocksteady"), fighter(game, "King Arthur"),
          take_card(game.sides[0], "Gruff Escort"))
    assert len(foot_paths(game.sides[0])) == 2
    placed = [d for d in game.agents[0].seen if d.tag == "foot_soldier_path"]
    assert len(placed[0].options) == 31                     # every path of the 5x4 grid is free
    assert fighter(game, "Shredder").space == ix[3]


def test_savagery_hurts_every_fighter_next_to_yours_only_if_you_won():
    """shredder.yaml Savagery: if you won, each fighter (either side) next to your fighter
    takes 1 damage."""
    game = game_with({"Shredder": 7, "Bebop & Rocksteady": 2, "King Arthur": 8, "Merlin": 12})
    no_defense(game)
    fight(game, fighter(game, "Shredder"), fighter(game, "King Arthur"), take_card(game.sides[0], "Savagery"))
    assert fighter(game, "King Arthur").health == 18 - 4 - 1
    assert fighter(game, "Merlin").health == 7 - 1
    assert fighter(game, "Bebop & Rocksteady").health == 7 - 1
    # Lost (Skirmish 4 against Savagery 4): nothing more.
    game = game_with({"Shredder": 7, "King Arthur": 8, "Merlin": 12})
    card = to_hand(game.sides[1], "Skirmish")
    game.agents[1] = ScriptedAgent(pick("defense_card", lambda c: c is card))
    fight(game, fighter(game, "Shredder"), fighter(game, "King Arthur"), take_card(game.sides[0], "Savagery"))
    assert fighter(game, "King Arthur").health == 18 and fighter(game, "Merlin").health == 7


def test_gang_up_is_worth_6_with_two_foot_soldiers_next_to_the_target():
    """shredder.yaml Gang Up (3): becomes 6 if the opposing fighter has 2+ Foot soldiers next to it."""
    for paths, want in (([(13, 14)], 3), ([(13, 14), (13, 18)], 6)):
        game = game_with({"Bebop & Rocksteady": 12, "King Arthur": 13, "Shredder": 1})
        foot(game, *paths)
        no_defense(game)
        fight(game, fighter(game, "Bebop & Rocksteady"), fighter(game, "King Arthur"),
              take_card(game.sides[0], "Gang Up"))
        assert last_combat(game)["attack"] == want


def test_disrupting_strike_fixes_the_opposing_card_at_its_printed_value():
    """shredder.yaml Disrupting Strike: the opposing card is fixed at its printed value; nothing
    raises or lowers it (here King Arthur's face-down BOOST adds nothing)."""
    game = duel("king_arthur", "shredder", {"King Arthur": 7, "Shredder": 8})
    ka, sh = game.sides
    boost = to_hand(ka, "The Aid of Morgana")
    game.agents[0] = ScriptedAgent(pick("boost_attack", lambda c: c is boost))
    card = to_hand(sh, "Disrupting Strike")
    game.agents[1] = ScriptedAgent(pick("defense_card", lambda c: c is card))
    fight(game, fighter(game, "King Arthur"), fighter(game, "Shredder"), take_card(ka, "Excalibur"))
    assert last_combat(game)["attack"] == 6 and fighter(game, "Shredder").health == 15 - 3


def test_think_hard_draws_a_card_per_foot_soldier_next_to_the_opposing_fighter():
    """shredder.yaml Think Hard (B&R): draw as many cards as Foot soldiers next to the opponent."""
    game = game_with({"Bebop & Rocksteady": 12, "King Arthur": 13, "Shredder": 1})
    foot(game, (13, 14), (13, 18), (8, 13))
    no_defense(game)
    sh = game.sides[0]
    before = len(sh.hand)
    fight(game, fighter(game, "Bebop & Rocksteady"), fighter(game, "King Arthur"), take_card(sh, "Think Hard"))
    assert len(sh.hand) == before + 3


def test_long_shot_is_worth_5_against_a_fighter_not_next_to_yours():
    """shredder.yaml Long Shot (3): 5 if the opposing fighter is not next to your fighter (an
    attack through a Foot soldier)."""
    for places, want in (({"Shredder": 7, "King Arthur": 8}, 3), ({"Shredder": 1, "King Arthur": 20}, 5)):
        game = game_with(places)
        foot(game, (15, 20))
        no_defense(game)
        fight(game, fighter(game, "Shredder"), fighter(game, "King Arthur"), take_card(game.sides[0], "Long Shot"))
        assert last_combat(game)["attack"] == want


def test_master_of_the_foot_hurts_every_opposing_fighter_next_to_a_foot_soldier():
    """shredder.yaml Master of the Foot: each opposing fighter with a Foot soldier next to it
    takes 1 damage."""
    game = game_with({"Shredder": 7, "King Arthur": 8, "Merlin": 20})
    foot(game, (15, 20))
    no_defense(game)
    fight(game, fighter(game, "Shredder"), fighter(game, "King Arthur"), take_card(game.sides[0], "Master of the Foot"))
    assert fighter(game, "Merlin").health == 6
    assert fighter(game, "King Arthur").health == 18 - 2


def test_perplexing_tactics_cancels_and_with_10_foot_soldiers_ignores_the_value():
    """shredder.yaml Perplexing Tactics: cancels the opposing card's effects; with 10+ Foot
    soldiers on the board its value is ignored too."""
    for count, want in ((9, 6), (10, 0)):
        game = duel("king_arthur", "shredder", {"King Arthur": 7, "Shredder": 8})
        board = game.board
        paths = sorted({(min(a, b), max(a, b)) for a in range(board.n) for b in board.adj[a]})
        game.sides[1].data["foot"] = paths[-count:]
        card = to_hand(game.sides[1], "Perplexing Tactics")
        game.agents[1] = ScriptedAgent(pick("defense_card", lambda c, card=card: c is card))
        fight(game, fighter(game, "King Arthur"), fighter(game, "Shredder"), take_card(game.sides[0], "Excalibur"))
        assert last_combat(game)["attack"] == want


def test_all_according_to_plan_gives_an_action_then_a_discard_unless_a_scheme_was_played():
    """shredder.yaml All According to Plan: the opponent gains an action; at the end of this
    turn they discard 2 cards unless they played a scheme during it."""
    for schemed, lost in ((False, 2), (True, 0)):
        game = duel("king_arthur", "shredder", {"King Arthur": 7, "Shredder": 8})
        ka, sh = game.sides
        game.current = ka
        game.turn += 1
        ka.actions_left = 1
        card = to_hand(sh, "All According to Plan")
        game.agents[1] = ScriptedAgent(pick("defense_card", lambda c, card=card: c is card))
        fight(game, fighter(game, "King Arthur"), fighter(game, "Shredder"), take_card(ka, "Excalibur"))
        assert ka.actions_left == 2
        if schemed:
            game.note(ka, "scheme")
        before = len(ka.hand)
        sh.ability.others_turn_end(game, ka)
        assert len(ka.hand) == before - lost


def test_masterful_defense_heals_shredder_per_foot_soldier_next_to_him():
    """shredder.yaml Masterful Defense: Shredder regains health equal to the Foot soldiers next to him."""
    game = duel("king_arthur", "shredder", {"King Arthur": 7, "Shredder": 8})
    foot_side = game.sides[1]
    ix = game.board.index
    foot_side.data["foot"] = sorted([(ix[3], ix[8]), (ix[8], ix[9])])
    card = to_hand(foot_side, "Masterful Defense")
    game.agents[1] = ScriptedAgent(pick("defense_card", lambda c: c is card))
    fight(game, fighter(game, "King Arthur"), fighter(game, "Shredder"), take_card(game.sides[0], "Excalibur"))
    assert fighter(game, "Shredder").health == 15 - (6 - 2) + 2


def test_obedient_subjects_gives_an_action_per_foot_soldier_next_to_shredder():
    """shredder.yaml Obedient Subjects: one extra action for each Foot soldier next to Shredder."""
    game = game_with({"Shredder": 7, "King Arthur": 20})
    foot(game, (2, 7), (6, 7), (7, 12))
    sh = game.sides[0]
    game.current = sh
    sh.actions_left = 1
    clear_hand(sh)
    to_hand(sh, "Obedient Subjects")
    scheme(game, sh)
    assert sh.actions_left == 1 + 3


def test_back_to_work_brings_bebop_and_rocksteady_back_next_to_shredder():
    """shredder.yaml Back to Work!: they regain 3 health or come back with 3 if defeated; either
    way they go on a space as near to Shredder as possible (facts note)."""
    game = game_with({"Shredder": 7, "Bebop & Rocksteady": 20, "King Arthur": 1})
    sh = game.sides[0]
    br = fighter(game, "Bebop & Rocksteady")
    game.current = sh
    clear_hand(sh)
    to_hand(sh, "Back to Work!")
    game.damage(br, 7)
    assert not br.alive
    scheme(game, sh)
    assert br.alive and br.health == 3 and game.board.dist[br.space][fighter(game, "Shredder").space] == 1
    # Alive and hurt: it regains 3 and still moves next to Shredder.
    game.put(br, game.board.index[20])
    game.damage(br, 1)
    to_hand(sh, "Back to Work!")
    scheme(game, sh)
    assert br.health == 5 and game.board.dist[br.space][fighter(game, "Shredder").space] == 1


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("board", ["new_york_city", "technodrome"])
@pytest.mark.parametrize("turtle", TURTLES)
def test_shredder_plays_full_duels_against_every_turtle(board, turtle):
    """Core rules (base-set scan p.2-4): duels with the competitive bot end without error,
    Shredder in either seat (Adventures p.13 "Feeling competitive?": the box's boards)."""
    cat = load_catalog()
    for seed, seats in enumerate((("shredder", turtle), (turtle, "shredder"))):
        match = MatchDef(name="t", board=board, seats=[MatchSeatDef(hero=h) for h in seats])
        rec = play_one_match(match, seed, cat)
        assert rec["winner"] != "error", rec["reason"]
        assert "shredder" in rec["heroes"].split("+")


def test_a_shredder_duel_replays_to_the_same_state_hash():
    """Saves and replays are the seed and the answers: the Foot soldiers in Side.data replay
    to the same state, byte for byte (state hash)."""
    cat = load_catalog()
    board = compile_board(cat.boards["new_york_city"])
    game = new_match(board, [cat.heroes["shredder"], cat.heroes["leonardo"]], 7)
    game.agents = {0: DuelistBot(), 1: RandomAgent()}
    play_match(game)
    again = new_match(board, [cat.heroes["shredder"], cat.heroes["leonardo"]], 7)
    again.agents = {0: ScriptedAgent(lambda d: pytest.fail("asked")), 1: RandomAgent()}
    again.replay_queue = deque(game.answers)
    play_match(again)
    assert state_hash(again) == state_hash(game)
    assert game.sides[0].data.get("foot")


@pytest.mark.parametrize("turtle", TURTLES)
def test_shredder_survives_random_play_on_both_boards(turtle):
    """Random decisions explore every option of his decisions (both boards, both seats): the
    game ends or reaches the turn cap without error, and at every decision each card of each
    deck is in exactly one pile or in play (a Portal or Warlord of Dimension X loses none)."""
    cat = load_catalog()
    for seed, board_key in enumerate(("new_york_city", "technodrome") * 2):
        board = compile_board(cat.boards[board_key])
        seats = [cat.heroes["shredder"], cat.heroes[turtle]][:: 1 if seed % 2 else -1]
        game = new_match(board, seats, seed)
        game.agents = {0: CardCounting(RandomAgent()), 1: CardCounting(RandomAgent())}
        over = play_match(game, max_turns=120)
        assert over is None or over.winner


# ---------------------------------------------------------------- not a co-op hero
def test_the_hero_deck_shredder_is_not_the_villain_and_not_a_co_op_hero():
    """shredder.yaml kind: the add-on's competitive deck, not the co-op villain (14/21/28/35
    health, enemy deck). Hero and enemy keys are separate tables; the co-op mode never picks
    him (Adventures p.3 contents: the box's Foot soldier tokens are the villain's)."""
    cat = load_catalog()
    hero, villain = cat.hero("shredder"), cat.enemy("shredder", "villain")
    assert (hero.health, hero.move, hero.coop) == (15, 3, False)
    assert villain is not None and villain.health == [14, 21, 28, 35]
    assert "shredder" not in cat.coop_heroes()
    sc = ScenarioDef(name="t", villain="krang", seats=[{"hero": "Shredder"}], minions=[])
    with pytest.raises(ContentError, match="competitive hero deck"):
        check_scenario(sc, cat, "t.yaml", {})
