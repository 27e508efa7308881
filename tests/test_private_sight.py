"""What one seat privately saw stays with that seat, and the hands rule reaches every seat at
once (issue 39, findings 4 and 5).

The no-peeking test of tests/peeking.py, on two kinds of decisions it did not cover:
- **Another seat's private sight.** With hidden hands, Sinbad looks at the top card of an
  enemy's deck (an enemy's "hand" is its deck's top, Adventures p.13); Donatello's bot, deciding
  next, must not know that card. Before the fix the bots' card reading (`reading.next_cards`)
  read the top card as the whole table knew it, so what Sinbad saw reached his teammate.
- **Hands hidden mid-game.** A game played with open hands, switched to hidden at the
  decision's quiet point (`view.set_hands_hidden`, what the app's menu does): from then on a
  bot must not use the other players' hands. Before the fix an expert kept the rule it was
  built with.
Each bot, built fresh, must give the same scores and choice in every game its seat cannot
tell apart; a control bot that reads the old way is caught on the same decisions. The expert
is checked as "expert" plays it (its futures played by the strong bot in worlds dealt from its
seat's view, issue 43) and with the simple bot's futures ("expert-heuristic").
"""
from __future__ import annotations

import random
from pathlib import Path

import peeking
import pytest
import yaml

from adventures.bots import HeuristicBot, StrongBot, TablePolicy, reading, registry
from adventures.bots.expert import ExpertBot
from adventures.bots.heuristic import can_attack_now
from adventures.bots.reading import player_side
from adventures.rules.clone import clone_game
from adventures.rules.view import next_reveal, seat_view, set_hands_hidden
from engine.decisions import TABLE

ROOT = Path(__file__).resolve().parents[1]

PRIVATE_SIGHT = {"name": "Sinbad looks", "villain": "shredder", "minions": "random",
                 "seats": [{"hero": "Sinbad", "bot": "heuristic"}, {"hero": "Donatello", "bot": "heuristic"}]}


def _someone_else_saw_a_top_card(game, d) -> bool:
    """A hero weighs an attack (an action, a target, a boost) on an enemy in reach whose top
    card another hero alone has seen."""
    if d.seat < 0 or d.tag not in ("action", "attack_target", "attack_card", "boost"):
        return False
    side = player_side(game, d.seat)
    for enemy in game.sides:
        if enemy.is_enemy and enemy.deck and side is not None:
            who = game.known.get(enemy.deck[-1].uid)
            fighters = [f for f in enemy.fighters if f.alive and f.space is not None]
            if isinstance(who, int) and who >= 0 and who != d.seat and can_attack_now(game.board, side, fighters):
                return True
    return False


@pytest.fixture(scope="module")
def sights(tmp_path_factory) -> list:
    path = tmp_path_factory.mktemp("sight") / "sinbad-donatello.yaml"
    path.write_text(yaml.safe_dump(PRIVATE_SIGHT))
    found = []
    for seed in range(1, 61):
        found += peeking.moments(path, seed, _someone_else_saw_a_top_card, 3, hidden_hands=True)
    return found


class Seat:
    """The heuristic bot at the heroes' seats, the table policy at the table's."""

    def __init__(self):
        self.player, self.table = HeuristicBot(), TablePolicy()

    def choose(self, game, d):
        return (self.table if d.seat < 0 else self.player).choose(game, d)


def test_sinbads_look_at_an_enemys_top_card_reaches_no_other_seat(sights):
    """Strong and heuristic bots (and the table policy): unchanged scores and choices."""
    assert len(sights) >= 15
    for factory in (StrongBot, Seat):
        tally = peeking.peeks(factory, sights)
        assert tally["compared"] >= 0.8 * len(sights), tally
        assert (tally["scores"], tally["choices"]) == (0, 0), (factory, tally["changed"])


def expert(name: str = "expert", cls=None):
    """A factory of small experts with a fixed sampling seed: as the registry builds `name`
    (a variant with its rollout bot), or a control's class `cls` with the same rollouts."""
    small = {"rollouts": 2, "confirm": 2, "seed": 42}
    kind, options = registry.variant(name)
    if cls is not None:
        return lambda: cls(**options, **small)
    if name == kind:
        return lambda: registry.make_bot(kind, **small)         # the registry's own default
    return lambda: registry.make_bot(kind, **options, **small)


@pytest.mark.parametrize("name", ["expert", "expert-heuristic"])
def test_sinbads_look_reaches_no_expert_at_another_seat(sights, name):
    tally = peeking.peeks(expert(name), sights[::3])
    assert tally["compared"] >= 1
    assert (tally["scores"], tally["choices"]) == (0, 0), tally["changed"]


class TeammateSightExpert(ExpertBot):
    """Control: futures dealt from the view of the other hero (the one who looked), so the
    rollouts' strong bots play the enemy's real top card and that hero's real hand."""

    def determinize(self, game, seat, world):
        r = random.Random(world)
        seat_view(game, 1 - seat).resample(r)
        game.rng.seed(r.getrandbits(63))
        game.bot_rng.seed(r.getrandbits(63))


def test_the_no_peek_test_catches_strong_futures_dealt_from_a_teammates_sight(sights):
    """The rollouts of "expert" are strong bots playing a world dealt from its seat's view:
    dealt from the seat that looked, the same test sees the scores change."""
    assert expert()().rollout_bot == "strong"
    tally = peeking.peeks(expert(cls=TeammateSightExpert), sights[::3])
    assert tally["scores"] >= 1, tally


def test_the_no_peek_test_catches_a_bot_that_reads_the_teams_sight(sights, monkeypatch):
    """Control: the card reading as shipped before the fix (the table's sight, hands open)."""
    monkeypatch.setattr(reading, "next_cards", lambda game, side, seat: next_reveal(game, side, TABLE, False))
    tally = peeking.peeks(StrongBot, sights)
    assert tally["scores"] >= 0.2 * len(sights), tally


# ---------------------------------------------------------------- hands hidden mid-game
def _switched_hidden(moment):
    """The moment, in a game whose hands were hidden at its quiet point (as the menu does)."""
    set_hands_hidden(moment.checkpoint, True)
    moment.hidden_hands = True
    _answer, moment.hidden, moment.public = peeking.at_decision(moment.checkpoint, moment, lambda g, d: 0)
    return moment


@pytest.fixture(scope="module")
def switched() -> list:
    found = []
    path = ROOT / "scenarios" / "shredder-2p.yaml"
    for seed in (5, 6):
        found += peeking.moments(path, seed, lambda g, d: d.seat >= 0, 5)
    return [_switched_hidden(m) for m in found]


class RuleBlindExpert(ExpertBot):
    """Control: an expert that keeps the open-hands rule whatever the game says (as an expert
    seat did before the fix, built once with the setting of the game's start)."""

    def determinize(self, game, seat, world):
        r = random.Random(world)
        seat_view(game, seat, hidden_hands=False).resample(r)
        game.rng.seed(r.getrandbits(63))
        game.bot_rng.seed(r.getrandbits(63))


def test_hands_hidden_mid_game_reach_every_bot_at_once(switched):
    assert len(switched) >= 8
    for factory in (StrongBot, Seat, expert("expert"), expert("expert-heuristic")):
        tally = peeking.peeks(factory, switched)
        assert tally["compared"] >= 0.8 * len(switched), tally
        assert (tally["scores"], tally["choices"]) == (0, 0), tally["changed"]


def test_the_no_peek_test_catches_an_expert_that_keeps_the_old_rule(switched):
    searched = [m for m in switched if m.tag in ("action", "move_dest", "attack_target", "attack_card")]
    tally = peeking.peeks(lambda: RuleBlindExpert(rollouts=2, confirm=2, seed=42), searched or switched)
    assert tally["scores"] >= 1, tally


def test_the_rule_switch_reaches_the_quiet_point_a_search_starts_from():
    """`set_hands_hidden` changes the game and its checkpoint, so every clone a search plays
    (and every seat asked there) reads the new rule."""
    from adventures.rules.runner import play_adventure
    from adventures.rules.setup import new_adventure
    from adventures.sim import runner
    sc = runner.load_scenario(ROOT / "scenarios" / "shredder-2p.yaml")
    box = {}

    class Stop(Exception):
        pass

    class Asker(Seat):
        def choose(self, game, d):
            if d.seat >= 0 and game.checkpoint is not None and game.round >= 2:
                set_hands_hidden(game, True)
                box["game"], box["checkpoint"] = game.hidden_hands, game.checkpoint[0].hidden_hands
                box["clone"] = clone_game(game.checkpoint[0]).hidden_hands
                other = next(s for s in game.sides if not s.is_enemy and s.index != d.seat)
                box["hand"] = other.hand[0].uid in seat_view(game, d.seat).unknown() if other.hand else True
                raise Stop
            return super().choose(game, d)
    game = new_adventure(sc, runner._catalog(), 3, {0: Asker(), 1: Asker()}, Asker(), log=False)
    game.keep_checkpoints = True
    with pytest.raises(Stop):
        play_adventure(game)
    assert box["game"] and box["checkpoint"] and box["clone"]
    assert box["hand"], "the other player's hand is now face down to this seat"
