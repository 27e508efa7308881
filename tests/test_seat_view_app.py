"""The app's expert seats and its Suggest button see what their seat sees (issue 27): with
hidden hands (hot seat), neither searches with the other players' real hands."""
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
                                               {"hero": "Raphael", "bot": "expert"}]})
    return GameSetup(sc, seed=3, open_hands=open_hands)


@pytest.mark.parametrize("open_hands", [True, False])
def test_expert_seats_get_the_hidden_hands_rule_of_the_game(open_hands):
    agents, _ = GameController(app=None, setup=setup(open_hands)).agents()
    experts = [agents[1], agents[2]]
    assert all(e.bot.hidden_hands is (not open_hands) for e in experts)


def test_suggest_searches_with_the_hidden_hands_it_is_given():
    """The Suggest button passes `not open_hands` (game_scene.py); its quick strong-bot pick
    and, asked again, its expert ("think harder") both keep it."""
    from adventures.app.suggest import Suggester
    from adventures.bots import HeuristicBot, TablePolicy
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
                from adventures.bots import StrongBot
                s = Suggester(seconds=0.01, rollouts=1)
                s.start(game, d, hidden_hands=True)
                box["quick"] = (s.answer[0], StrongBot(hidden_hands=True).choose(game, d))
                s.start(game, d, hidden_hands=True)          # think harder
                box["hidden"] = s.expert.hidden_hands
                raise Stop
            return self.bot.choose(game, d)
    asker = Asker()
    game = new_adventure(sc, runner._catalog(), 3, {i: asker for i in range(3)}, TablePolicy(), log=False)
    game.keep_checkpoints = True
    with pytest.raises(Stop):
        play_adventure(game)
    assert box["hidden"] is True
    assert box["quick"][0] == box["quick"][1]
