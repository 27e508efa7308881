"""The strongest search wherever "expert" is asked for (issue 43 item 1).

The expert searching with the strong bot's futures is far stronger than with the simple
bot's (Shredder solo 92.5% against 47.5% for the strong bot), so "expert" means it: the
registry's entry (scenario seats, every command's bot option), Suggest's "think harder" and
the app's Expert seats. The expert before issue 43 stays nameable, `expert-heuristic`, so
older results can be reproduced; records name the expert by its futures as before.
"""
from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from adventures.app import suggest
from adventures.bots import HeuristicBot, StrongBot, registry
from adventures.bots.expert import BEST_ROLLOUT_BOT, ExpertBot, _AtDecision
from adventures.sim import cli_ladder, cli_report, cli_tune, runner

ROOT = Path(__file__).resolve().parents[1]
SHREDDER_1P = ROOT / "scenarios" / "shredder-1p.yaml"


def test_the_registrys_expert_plays_its_futures_with_the_strong_bot():
    assert BEST_ROLLOUT_BOT == "strong"
    expert = registry.make_bot("expert", rollouts=2)
    assert isinstance(expert, ExpertBot) and expert.rollout_bot == "strong"
    assert isinstance(expert.fallback, StrongBot)                 # the pick it keeps unless its worlds disagree
    assert isinstance(_AtDecision(expert, None, 0, 0, 0).players, StrongBot)
    old = registry.make_bot("expert", rollout_bot="heuristic")
    assert isinstance(_AtDecision(old, None, 0, 0, 0).players, HeuristicBot)


def test_the_older_experts_keep_their_names():
    assert registry.variant("expert") == ("expert", {"rollout_bot": "strong"})
    assert registry.variant("expert-heuristic") == ("expert", {"rollout_bot": "heuristic"})
    assert registry.variant("expert-strong") == ("expert", {"rollout_bot": "strong"})
    assert registry.variant("strong") == ("strong", {})
    assert "expert-heuristic" not in registry.bot_names(), "a variant is no seat of its own"


@pytest.mark.parametrize("asked, rollout_bot", [("expert", "strong"), ("expert-heuristic", "heuristic"),
                                                ("expert-strong", "strong"), ("scenario", "strong"),
                                                ("strong", "strong")])
def test_tune_and_report_give_the_expert_the_futures_asked_for(asked, rollout_bot):
    """Their --bot expert (and a scenario's own expert seats) search with the strong bot's
    futures; --bot expert-heuristic with the simple bot's, as before issue 43."""
    assert registry.expert_options(asked, rollouts=8) == {"rollouts": 8, "rollout_bot": rollout_bot}


@pytest.mark.parametrize("command", [cli_tune, cli_report, cli_ladder])
def test_every_command_that_plays_the_expert_takes_the_older_one_by_name(command):
    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    option = next(a for a in parser._actions if a.dest in ("bot", "bots"))
    assert {"expert", "expert-heuristic", "expert-strong"} <= set(option.choices)


def test_the_ladder_names_each_expert_by_the_rung_asked_for():
    """`--bots expert expert-heuristic`: each row is the rung asked for (no "asked:" note),
    and their records name their futures ("expert-strong", and "expert" for simple-bot
    futures, as records made before issue 43 do)."""
    sc = runner.load_scenario(SHREDDER_1P)
    rows = cli_ladder.ladder([sc], ["expert", "expert-heuristic"], 1, 3, workers=1,
                             options={"bots": {"expert": {"rollouts": 1}}})
    assert [r["bot"] for r in rows] == ["expert", "expert-heuristic"]
    assert not any("asked" in r for r in rows) and all(r["errors"] == 0 for r in rows)
    text = cli_ladder.table(rows)
    assert "expert (strong rollouts)" in text and "expert (heuristic rollouts)" in text
    assert cli_ladder.rung_name("expert-strong") == "expert" and cli_ladder.rung_name("expert") == "expert-heuristic"


def test_think_harder_and_expert_seats_search_with_the_best_futures_within_their_budget():
    """Suggest's second press and an Expert seat: the strong bot's futures, at most
    `suggest.ROLLOUTS` worlds, cut short by their wall-clock budgets."""
    s = suggest.Suggester()
    assert (s.seconds, s.rollouts) == (suggest.SUGGEST_SECONDS, suggest.ROLLOUTS)
    seat = suggest.ThinkingExpert(app=None)
    assert seat.bot.rollout_bot == BEST_ROLLOUT_BOT and isinstance(seat.bot.fallback, StrongBot)
    assert (seat.bot.rollouts, seat.bot.seconds) == (suggest.ROLLOUTS, suggest.BOT_SECONDS)
    assert suggest.SUGGEST_SECONDS <= 1.0 and suggest.BOT_SECONDS <= 1.0


def test_think_harder_searches_with_strong_futures(monkeypatch):
    """The search Suggest starts is the strong-futures expert's, anchored on the quick pick."""
    from adventures.bots import expert as expert_module
    built = []
    real = expert_module.best_expert

    def spy(**options):
        built.append(real(**options))
        return built[-1]
    monkeypatch.setattr(expert_module, "best_expert", spy)
    game, d = _a_searchable_decision()
    s = suggest.Suggester(seconds=5, rollouts=2)
    s.start(game, d)
    assert s.start(game, d) == "The expert is thinking harder..."
    told = None
    while told is None:
        told = s.poll()
    assert built and built[0].rollout_bot == "strong" and built[0].searched == 1, told


def _a_searchable_decision():
    from adventures.bots import TablePolicy
    from adventures.rules.runner import play_adventure
    from adventures.rules.setup import new_adventure
    box = {}

    class Stop(Exception):
        pass

    class Asker(StrongBot):
        def choose(self, game, d):
            if d.tag == "action" and game.checkpoint is not None and game.round >= 2 and len(d.options) >= 2:
                box["at"] = (game, d)
                raise Stop
            return super().choose(game, d)
    sc = runner.load_scenario(SHREDDER_1P)
    game = new_adventure(sc, runner._catalog(), 5, {0: Asker()}, TablePolicy(), log=False)
    game.keep_checkpoints = True
    with pytest.raises(Stop):
        play_adventure(game)
    return box["at"]
