"""Hero bots and the "players choose" policy: legal answers, sensible choices, strength."""
from __future__ import annotations

from pathlib import Path

import pytest

from adventures.bots import HeuristicBot, RandomBot, TablePolicy, make_agents
from adventures.rules.runner import play_adventure
from adventures.rules.setup import new_adventure
from adventures.sim import runner
from engine.decisions import TABLE, Decision
from engine.state import DEFENSE, SIDEKICK, VERSATILE, Card, Fighter

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def scenario(name: str, **params):
    sc = runner.load_scenario(SCENARIOS / f"{name}.yaml")
    return runner.with_params(sc, params) if params else sc


class LegalityChecker:
    """Wraps an agent and checks every answer is the index of one of the options."""

    def __init__(self, inner):
        self.inner = inner
        self.asked = 0
        self.tags: set[str] = set()

    def choose(self, game, decision):
        i = self.inner.choose(game, decision)
        assert isinstance(i, int) and not isinstance(i, bool), (decision.tag, i)
        assert 0 <= i < len(decision.options), (decision.tag, i, len(decision.options))
        self.asked += 1
        self.tags.add(decision.tag)
        return i


def play(sc, seed: int, seat_agent, table_agent):
    agents = {i: seat_agent for i in range(sc.players)}
    game = new_adventure(sc, runner._catalog(), seed, agents, table_agent, log=False)
    return game, play_adventure(game)


def fresh_game(name: str = "shredder-1p", seed: int = 3):
    """A game just after setup, for building positions by hand."""
    sc = scenario(name)
    agents, table = make_agents(sc)
    return new_adventure(sc, runner._catalog(), seed, agents, table, log=False)


def card(side, name: str, kind: str, value: int | None, boost: int = 1) -> Card:
    return Card(900 + len(side.hand), name, kind, value, boost, "any", (), side)


# ---------------------------------------------------------------- legality
@pytest.mark.parametrize("name", ["shredder-1p", "krang-2p", "shredder-3p-allies"])
def test_random_bot_only_picks_legal_options(name):
    """Decision protocol (docs/ARCHITECTURE.md): an agent answers an index into the options."""
    sc = scenario(name)
    seat, table = LegalityChecker(RandomBot()), LegalityChecker(RandomBot())
    for seed in range(4):
        play(sc, seed, seat, table)
    assert seat.asked > 0 and table.asked > 0


@pytest.mark.parametrize("name", ["shredder-2p", "krang-2p", "shredder-3p-allies"])
def test_heuristic_bot_and_table_policy_only_pick_legal_options(name):
    """Every tag the engine asks about gets a legal index, unknown tags included."""
    sc = scenario(name)
    seat, table = LegalityChecker(HeuristicBot()), LegalityChecker(TablePolicy())
    for seed in range(4):
        play(sc, seed, seat, table)
    assert {"action", "move_dest", "defense_card"} <= seat.tags


def test_unknown_tags_get_a_legal_default():
    """Villain, minion and ally modules add tags; the bots must answer them anyway."""
    game = fresh_game()
    d = Decision("option", 0, "Something new", ["a", "b"], tag="brand_new_tag")
    assert HeuristicBot().choose(game, d) == 0
    assert TablePolicy().choose(game, Decision("option", TABLE, "x", [None, 1], tag="other_new_tag")) == 0


def test_same_seed_same_bot_game():
    """Same seed + same decisions = same game (bots draw only from game.bot_rng)."""
    sc = scenario("shredder-2p")
    hashes = set()
    for _ in range(2):
        agents, table = make_agents(sc)
        game = new_adventure(sc, runner._catalog(), 11, agents, table, log=False)
        hashes.add(play_adventure(game).state_hash)
    assert len(hashes) == 1
    rb = set()
    for _ in range(2):
        rb.add(play(sc, 11, RandomBot(), RandomBot())[1].state_hash)
    assert len(rb) == 1


# ---------------------------------------------------------------- choices
def test_heuristic_defends_with_its_highest_pure_defense_card():
    """Core rules (Marvel p.11): the defender may play a defense or versatile card; the bot
    spends its best pure defense card first (versatile cards can also attack)."""
    game = fresh_game()
    side = game.sides[-1] if not game.sides[-1].is_enemy else next(s for s in game.sides if not s.is_enemy)
    hero = side.fighters[0]
    villain = game.adv.villain.fighters[0]
    low, high, vers = card(side, "Low", DEFENSE, 2), card(side, "High", DEFENSE, 4), card(side, "Vers", VERSATILE, 5)
    d = Decision("card", side.index, "defend", [None, low, vers, high], tag="defense_card",
                 context={"attacker": villain, "defender": hero})
    assert HeuristicBot().choose(game, d) == 3


def test_heuristic_keeps_versatile_card_against_a_weak_attack():
    """A versatile card is only spent on defense when the attack could really hurt."""
    game = fresh_game()
    side = next(s for s in game.sides if not s.is_enemy)
    hero = side.fighters[0]
    villain = game.adv.villain.fighters[0]
    for c in villain.side.deck:
        c.value = 1                                   # a feeble enemy deck
    vers = card(side, "Vers", VERSATILE, 5)
    d = Decision("card", side.index, "defend", [None, vers], tag="defense_card",
                 context={"attacker": villain, "defender": hero})
    assert HeuristicBot().choose(game, d) == 0


def test_heuristic_attacks_the_adjacent_villain_with_a_strong_card():
    """Attack action (Marvel p.11): with a good attack card next to the villain, attack."""
    game = fresh_game()
    side = next(s for s in game.sides if not s.is_enemy)
    hero = side.fighters[0]
    villain = game.adv.villain.fighters[0]
    spot = next(s for s in game.board.adj[villain.space] if game.occ[s] is None)
    game.put(hero, spot)
    side.hand[:] = [card(side, "Big Hit", "attack", 6)]
    game.current = side
    d = Decision("action", side.index, "act", ["maneuver", "attack"], tag="action")
    assert HeuristicBot().choose(game, d) == 1
    d = Decision("target", side.index, "who", [(hero, villain)], tag="attack_target")
    assert HeuristicBot().choose(game, d) == 0


def test_heuristic_moves_towards_the_villain():
    """When healthy and out of reach, the bot closes in on the villain."""
    game = fresh_game()
    side = next(s for s in game.sides if not s.is_enemy)
    hero = side.fighters[0]
    villain = game.adv.villain.fighters[0]
    game.adv.data["foot"] = {}                        # no objective pressure
    dist = game.board.dist
    options = sorted(s for s in range(game.board.n) if game.occ[s] is None)[:12] + [hero.space]
    d = Decision("space", side.index, "move", options, tag="move_dest", context={"fighter": hero, "steps": 2})
    pick = options[HeuristicBot().choose(game, d)]
    assert dist[pick][villain.space] == min(dist[s][villain.space] for s in options)


def test_heuristic_discards_its_least_useful_card_at_the_hand_limit():
    """Hand limit 7 (Marvel p.12): the bot never throws away its best cards."""
    game = fresh_game()
    side = next(s for s in game.sides if not s.is_enemy)
    cards = [card(side, f"A{v}", "attack", v) for v in (5, 4, 6)] + [card(side, "D1", DEFENSE, 1)]
    side.hand[:] = cards
    d = Decision("card", side.index, "limit", list(cards), tag="hand_limit")
    assert HeuristicBot().choose(game, d) == 3


def test_heuristic_sweeps_a_borough_clean_of_foot_soldiers():
    """Shredder (Adventures p.14-15): each borough with a Foot soldier adds 1 threat at the
    end of the round; a maneuvering fighter removes patrolling soldiers it moves over. A bot
    that can clear a borough this maneuver goes for it, over the soldier, and volunteers."""
    game = fresh_game()
    side = next(s for s in game.sides if not s.is_enemy)
    hero = side.fighters[0]
    board, adv = game.board, game.adv
    k, (a, b, borough) = next((k, c) for k, c in enumerate(board.circles)
                              if game.occ[c[0]] is None and game.occ[c[1]] is None
                              and not any(game.occ[x] is not None and game.occ[x].is_enemy
                                          for x in board.adj[c[0]] + board.adj[c[1]]))
    game.put(hero, a)
    adv.data["foot"] = {k: "patrolling"}
    adv.data["under_threat"] = next(name for name, _ in board.boroughs if name != borough)
    adv.threat = 0
    bot = HeuristicBot()
    assert bot.duty_fighter(game, side) == (hero, "foot")
    game.current = side
    d = Decision("action", side.index, "act", ["maneuver", "scheme"], tag="action")
    assert bot.choose(game, d) == 0
    side_step = next((x for x in board.adj[a] if x != b and game.occ[x] is None), None)
    options = [a, b] + ([side_step] if side_step is not None else [])
    d = Decision("space", side.index, "move", options, tag="move_dest", context={"fighter": hero, "steps": 2})
    assert options[bot.choose(game, d)] == b
    around = next(((a, x, b) for x in board.adj[a] if b in board.adj[x]), None)
    if around is not None:
        d = Decision("path", side.index, "route", [around, (a, b)], tag="move_route", context={"fighter": hero})
        assert bot.choose(game, d) == 1
    d = Decision("yesno", side.index, "remove?", [True, False], tag="foot_remover", context={"fighter": hero})
    assert bot.choose(game, d) == 0


def test_heuristic_ignores_foot_soldiers_about_to_be_redeployed():
    """The borough under threat gets fresh soldiers from To the Streets every round (p.14):
    before that card has resolved, sweeping it gains nothing."""
    game = fresh_game()
    side = next(s for s in game.sides if not s.is_enemy)
    adv = game.adv
    borough = adv.data["under_threat"]
    k = next(k for k, c in enumerate(game.board.circles) if c[2] == borough)
    adv.data["foot"] = {k: "patrolling"}
    adv.row = []
    assert HeuristicBot().duty_fighter(game, side) == (None, "")


def test_heuristic_deactivates_an_active_doomsday_machine():
    """Krang (Adventures p.16): after a maneuver next to a machine, discard a card to deactivate it."""
    game = fresh_game("krang-1p")
    side = next(s for s in game.sides if not s.is_enemy)
    d = Decision("option", side.index, "deactivate?", [None, 2], tag="deactivate_machine")
    assert HeuristicBot().choose(game, d) == 1


# ---------------------------------------------------------------- the table
def test_table_sends_the_enemy_at_a_sidekick_rather_than_a_hero():
    """Adventures p.13: when an enemy has several closest targets, the players choose."""
    game = fresh_game("krang-1p")              # Donatello has Metalhead
    side = next(s for s in game.sides if not s.is_enemy)
    hero = side.fighters[0]
    sidekick = next((f for f in side.fighters if f.kind == SIDEKICK), None)
    if sidekick is None:
        sidekick = Fighter(999, "Helper", SIDEKICK, side, 3, 3)
    d = Decision("target", TABLE, "target", [hero, sidekick], tag="enemy_target")
    assert TablePolicy().choose(game, d) == 1


def test_table_picks_the_healthiest_hero_as_enemy_target():
    game = fresh_game("shredder-2p")
    heroes = [s.fighters[0] for s in game.sides if not s.is_enemy]
    heroes[0].health, heroes[1].health = 3, 12
    d = Decision("target", TABLE, "target", heroes, tag="enemy_target")
    assert TablePolicy().choose(game, d) == 1


def test_table_rerolls_a_bad_reactivation_roll_with_a_spare_card():
    """Krang p.17: any player may discard a card to reroll; 3-5 reactivates a machine."""
    game = fresh_game("krang-1p")
    side = next(s for s in game.sides if not s.is_enemy)
    junk = card(side, "Junk", DEFENSE, 1, boost=0)
    good = card(side, "Good", "attack", 6)
    side.hand[:] = [good, junk]
    opts = [None, (side, good), (side, junk)]
    bad = Decision("option", TABLE, "reroll?", opts, tag="reroll",
                   context={"face": "4", "why": "reactivate a Doomsday Machine"})
    assert TablePolicy().choose(game, bad) == 2
    fine = Decision("option", TABLE, "reroll?", opts, tag="reroll",
                    context={"face": "1", "why": "reactivate a Doomsday Machine"})
    assert TablePolicy().choose(game, fine) == 0
    side.hand[:] = [good]
    only_good = Decision("option", TABLE, "reroll?", [None, (side, good)], tag="reroll",
                         context={"face": "5", "why": "reactivate a Doomsday Machine"})
    assert TablePolicy().choose(game, only_good) == 0


def test_table_places_enemy_tokens_far_from_the_heroes():
    """Tokens placed by enemy effects: players choose (p.11), as far from the heroes as allowed."""
    game = fresh_game()
    hero = next(s for s in game.sides if not s.is_enemy).fighters[0]
    dist = game.board.dist
    near = next(iter(game.board.adj[hero.space]))
    far = max(range(game.board.n), key=lambda s: dist[hero.space][s])
    d = Decision("space", TABLE, "token", [near, far], tag="place_token")
    assert TablePolicy().choose(game, d) == 1


# ---------------------------------------------------------------- strength
def test_heuristic_bot_beats_random_bot_on_shredder_1p():
    """Over 100 seeds of the solo Shredder scenario the heuristic bot wins at least as often
    and deals clearly more damage to Shredder than the random-legal bot."""
    sc_h = scenario("shredder-1p")
    sc_r = runner.with_params(sc_h, {})
    sc_r = sc_r.model_copy(update={"seats": [s.model_copy(update={"bot": "random"}) for s in sc_r.seats]})
    h = [runner.play_one(sc_h, runner.game_seed(7, i)) for i in range(100)]
    r = [runner.play_one(sc_r, runner.game_seed(7, i)) for i in range(100)]
    wins_h = sum(x["winner"] == "heroes" for x in h)
    wins_r = sum(x["winner"] == "heroes" for x in r)
    dmg_h = sum(x["villain_max"] - x["villain_health"] for x in h) / 100
    dmg_r = sum(x["villain_max"] - x["villain_health"] for x in r) / 100
    print(f"heuristic: {wins_h} wins, {dmg_h:.2f} damage; random: {wins_r} wins, {dmg_r:.2f} damage")
    assert wins_h >= wins_r
    assert dmg_h > dmg_r + 1.0
