"""The app's expert seats and its Suggest button see what their seat sees (issues 27, 39): the
hands rule is the game's (`game.hidden_hands`, set at setup), read by every seat when it is
asked, never a copy a bot was built with."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from adventures.app.controller import GameController, GameSetup  # noqa: E402
from engine.content.schema import ScenarioDef  # noqa: E402


def setup(open_hands: bool) -> GameSetup:
    sc = ScenarioDef.model_validate({"name": "hot seat", "villain": "shredder", "minions": [],
                                     "seats": [{"hero": "Leonardo", "bot": "human"},
                                               {"hero": "Donatello", "bot": "expert"},
                                               {"hero": "Raphael", "bot": "strong"}]})
    return GameSetup(sc, seed=3, open_hands=open_hands)


@pytest.mark.parametrize("open_hands", [True, False])
def test_no_seat_keeps_a_hands_setting_of_its_own(open_hands):
    """Finding 4: an expert built with the setting of the game's start kept it after the
    menu switch; strong and simple seats had none. Now no bot holds one: they ask the game."""
    agents, _ = GameController(app=None, setup=setup(open_hands)).agents()
    for agent in (agents[1].bot, agents[1].bot.fallback, agents[2]):
        assert not hasattr(agent, "hidden_hands"), agent


@pytest.mark.parametrize("hidden", [True, False])
def test_the_hands_rule_is_set_before_the_first_decision(hidden):
    """Hands are a rule of the game set at setup: the first decision (a starting space)
    already reads it."""
    from adventures.bots import HeuristicBot, TablePolicy
    from adventures.rules.setup import new_adventure
    from adventures.sim import runner
    seen = []

    class Watch(HeuristicBot):
        def choose(self, game, d):
            seen.append(game.hidden_hands)
            return super().choose(game, d)
    sc = setup(True).scenario.model_copy(update={"max_rounds": 1})
    new_adventure(sc, runner._catalog(), 3, {i: Watch() for i in range(3)}, TablePolicy(), log=False,
                  hidden_hands=hidden)
    assert seen and all(h is hidden for h in seen)


def test_suggest_reads_the_rule_of_the_game_it_is_asked_in():
    """The Suggest button's quick pick is the strong bot's in the same game; asked again, its
    expert ("think harder") searches from the game's quiet point, which carries the rule."""
    from adventures.app.suggest import Suggester
    from adventures.bots import HeuristicBot, StrongBot, TablePolicy
    from adventures.rules.runner import play_adventure
    from adventures.rules.setup import new_adventure
    from adventures.sim import runner
    sc = setup(False).scenario
    box = {}

    class Stop(Exception):
        pass

    class Asker:
        bot = HeuristicBot()

        def choose(self, game, d):
            if d.tag == "action" and game.checkpoint is not None and game.round >= 2:
                s = Suggester(seconds=0.01, rollouts=1)
                s.start(game, d)
                box["quick"] = (s.answer[0], StrongBot().choose(game, d))
                box["rule"] = game.checkpoint[0].hidden_hands
                raise Stop
            return self.bot.choose(game, d)
    asker = Asker()
    game = new_adventure(sc, runner._catalog(), 3, {i: asker for i in range(3)}, TablePolicy(), log=False,
                         hidden_hands=True)
    game.keep_checkpoints = True
    with pytest.raises(Stop):
        play_adventure(game)
    assert box["rule"] is True
    assert box["quick"][0] == box["quick"][1]
