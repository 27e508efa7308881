"""One bot registry (issue 41, seams): a bot is named once, in adventures/bots/registry.py.

A toy bot registered there, in that one place, is then a choice of every command's bot
option (and its --help), a name scenario seats may use (the content schema), a seat
control on the new-game screen, and an agent `make_agents` builds and plays.
"""
from __future__ import annotations

import argparse

import pygame
import pytest
from hostile import command_parsers
from pydantic import ValidationError

from adventures import cli
from adventures.bots import make_agents, registry
from adventures.bots.heuristic import HeuristicBot
from engine.content.loader import ContentError
from engine.content.schema import MatchSeatDef, ScenarioDef, SeatDef

# Options whose choices are not the seats' bots: the players the expert's rollouts know how
# to build with their own parameters (adventures/bots/expert.py ROLLOUT_BOTS).
NOT_SEAT_BOTS = {("train", "--rollout-bot")}


class ToyBot(HeuristicBot):
    name = "toy"


@pytest.fixture
def toy():
    kind = registry.register(registry.BotKind("toy", "Toy", ToyBot))
    yield kind
    registry.unregister("toy")


def bot_options() -> list[tuple[str, argparse.Action]]:
    """(command option, action) of every option of every command whose choices name bots."""
    out = []
    for name in sorted(cli.SUBCOMMANDS):
        for words, parser in command_parsers(name):
            for action in parser._actions:
                if action.choices and "heuristic" in action.choices and not isinstance(action.choices, dict):
                    out.append((f"{words} {'/'.join(action.option_strings)}", action))
    return out


def test_the_registry_names_the_shipped_bots_once():
    assert registry.bot_names() == ["strong", "master", "expert", "heuristic", "random"]
    assert registry.seat_controls()[0] == ("human", "You")
    assert [k for k in registry.KINDS if registry.KINDS[k].competitive] == ["human", "heuristic", "random"]


def test_every_command_bot_option_reads_the_registry(toy):
    options = [(o, a) for o, a in bot_options() if tuple(o.split(" ", 1)) not in NOT_SEAT_BOTS]
    named = {o.split()[0] for o, _ in options}
    assert named >= {"ladder", "bench", "calibrate", "tune", "report"}, named
    assert [o for o, a in options if "toy" not in a.choices] == []


@pytest.mark.parametrize("command", ["ladder", "bench", "calibrate", "tune", "report"])
def test_a_registered_bot_is_in_every_command_help(toy, command, capsys):
    cli.main([command, "--help"])
    assert "toy" in capsys.readouterr().out


def test_a_registered_bot_is_a_name_a_scenario_seat_may_use(toy):
    assert SeatDef(hero="leonardo", bot="toy").bot == "toy"
    with pytest.raises(ValidationError, match="does not play competitive seats"):
        MatchSeatDef(hero="leonardo", bot="toy")        # it gave no competitive agent
    registry.unregister("toy")
    with pytest.raises(ValidationError, match="'toy' is not a bot"):
        SeatDef(hero="leonardo", bot="toy")


def test_a_scenario_file_naming_a_registered_bot_loads_and_plays_it(toy, tmp_path):
    from adventures.content.checks import load_scenario_file
    path = tmp_path / "toy.yaml"
    path.write_text("name: toy\nvillain: shredder\nseats:\n  - {hero: leonardo, bot: toy}\n")
    scenario = load_scenario_file(path)
    agents, _ = make_agents(scenario)
    assert isinstance(agents[0], ToyBot)
    registry.unregister("toy")
    with pytest.raises(ContentError, match="seats.0.bot"):
        load_scenario_file(path)


def test_a_registered_bot_is_a_seat_control_on_the_new_game_screen(toy):
    from adventures.app.app import App
    from adventures.app.new_game_scene import NewGameScene
    app = App((1280, 720), headless=True, fps=0, speed_ms=0)
    scene = NewGameScene(app)
    scene.draw(pygame.Surface(app.screen.get_size()), 0)
    toys = [b for b in scene.buttons if b.value == ("control", 0, "toy")]
    assert toys and toys[0].label == "Toy"
    scene.action(("control", 0, "toy"))
    assert scene.scenario().seats[0].bot == "toy"


def test_a_ladder_of_the_registered_bot_plays_it(toy, capsys):
    assert cli.main(["ladder", "scenarios/shredder-1p.yaml", "--bots", "toy", "--games", "2",
                     "--workers", "1", "--json"]) == 0, capsys.readouterr().err
    assert '"toy"' in capsys.readouterr().out


def test_a_scenario_is_still_checked_the_same_way_without_the_toy():
    with pytest.raises(ValidationError):
        ScenarioDef.model_validate({"name": "x", "villain": "shredder", "seats": [{"bot": "toy"}]})
