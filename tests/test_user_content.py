"""The owner's content folder (issue 17): play with the printed villain-side cards without
touching the package. A file in `content/` of the data folder replaces the shipped file
with the same key, new keys add content, a broken file is left out with one line, and
every command (app, simulate, validate) sees the same merged catalog.

Facts checked against the Adventures rulebook:
enemies usually move 3 (Adventures p.8); 17 ally & henchman cards, Friends in Odd Places
among them (Adventures p.2, p.19).
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from adventures.app import provenance
from adventures.app.app import App
from adventures.app.controller import QuitApp
from adventures.app.new_game_scene import NewGameScene
from adventures.cli import main as cli_main
from adventures.content import templates
from adventures.content.catalog import CONTENT_ROOT, load_catalog
from adventures.content.sources import user_content_dir
from engine.content.loader import load

ROOT = Path(__file__).resolve().parents[1]
SIZE = (1280, 720)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """A fresh data folder, as on a first install."""
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TMNT_ADVENTURES_CONTENT", raising=False)
    yield tmp_path / "home"


def simulate(*args: str) -> subprocess.CompletedProcess:
    """`adventures simulate` in its own process, as a user runs it (workers and all)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "adventures", "simulate", "scenarios/shredder-1p.yaml",
                           "--games", "6", "--seed", "3", "--workers", "2", "--json", *args],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def villain_max_health(result: subprocess.CompletedProcess) -> float:
    data = json.loads(result.stdout)
    return data["mean_villain_health"] / data["mean_villain_health_fraction"]


def first_frames(until_game: bool = True) -> dict:
    """Open the app headless: read the new-game screen, press Enter, read the game, quit."""
    seen: dict = {}

    def driver(app):
        scene = app.scene
        if isinstance(scene, NewGameScene) and "summary" not in seen:
            seen["problems"] = [str(p) for p in scene.catalog.problems]
            from adventures.content.sources import content_summary
            seen["summary"] = content_summary(scene.catalog)
            if not until_game:
                raise QuitApp()
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                                 scancode=0))
        elif scene is app.game_scene and scene.model is not None and "game" not in seen:
            seen["game"] = scene.game
            raise QuitApp()

    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=400, speed_ms=0).run()
    return seen


# ---------------------------------------------------------------- the owner's whole path
def test_owner_replaces_shredders_deck_validates_and_plays_it_then_removing_it_restores_the_shipped(home, capsys):
    """Issue 17, done means: template -> edit -> validate -> simulate and the app -> delete."""
    assert cli_main(["content", "new", "villain", "shredder"]) == 0
    mine = home / "content" / "villains" / "shredder.yaml"
    assert mine.is_file() and f"wrote {mine}" in capsys.readouterr().out
    text = mine.read_text(encoding="utf-8")
    assert "# health: a list, one value per player count" in text      # explained in place
    # the owner types printed values over ours
    text = text.replace("health: [14, 21, 28, 35]", "health: [40, 41, 42, 43]")
    text = re.sub(r"- name: Tiger Claw Slash\n(\s+)attack: \d+", r"- name: Printed Claw\n\1attack: 6", text)
    text = text.replace("provenance: approximation", "provenance: published")
    mine.write_text(text, encoding="utf-8")

    assert cli_main(["validate"]) == 0
    assert capsys.readouterr().out == f"ok  {mine}\n"

    result = simulate()
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert villain_max_health(result) == pytest.approx(40)

    seen = first_frames()
    assert seen["problems"] == []
    assert "yours" in seen["summary"] and "Shredder" in seen["summary"]
    game = seen["game"]
    shredder = game.adv.villain
    assert shredder.fighters[0].max_health == 40
    cards = {c.name for c in shredder.deck + shredder.hand + shredder.discard}
    assert "Printed Claw" in cards and "Tiger Claw Slash" not in cards
    assert provenance.of_side(game, shredder).kind == provenance.YOURS
    assert provenance.of_track(game).kind == provenance.YOURS

    mine.unlink()                       # back to the shipped deck, in this process and the next
    assert load_catalog().enemies["shredder"].health == [14, 21, 28, 35]
    assert not load_catalog().custom
    assert villain_max_health(simulate()) == pytest.approx(14)
    seen = first_frames()
    assert seen["summary"].startswith("Content: shipped")
    assert seen["game"].adv.villain.fighters[0].max_health == 14
    assert provenance.of_side(seen["game"], seen["game"].adv.villain).kind == provenance.APPROX


def test_a_broken_user_file_is_one_line_in_the_cli_and_the_app_and_the_shipped_content_plays(home, capsys):
    folder = home / "content" / "villains"
    folder.mkdir(parents=True)
    bad = folder / "shredder.yaml"
    bad.write_text((CONTENT_ROOT / "villains" / "shredder.yaml").read_text(encoding="utf-8")
                   .replace("health: [14, 21, 28, 35]", "health: [14, lots, 28, 35]"), encoding="utf-8")
    line = f"{bad}:10: health.1: "

    assert cli_main(["validate"]) == 2
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and out[0].startswith(line), out

    result = simulate()
    assert result.returncode == 0
    warnings = result.stderr.splitlines()
    assert len(warnings) == 1 and warnings[0].startswith(f"warning: {line}") and "Traceback" not in result.stderr
    assert warnings[0].endswith("(file left out: the shipped content is used instead)")
    assert villain_max_health(result) == pytest.approx(14)

    seen = first_frames()
    assert len(seen["problems"]) == 1 and seen["problems"][0].startswith(line)
    assert seen["game"].adv.villain.fighters[0].max_health == 14


def test_content_dir_option_points_every_command_at_another_folder(tmp_path, capsys):
    other = tmp_path / "printed"
    assert cli_main(["content", "new", "villain", "shredder", "--content", str(other)]) == 0
    file = other / "villains" / "shredder.yaml"
    file.write_text(file.read_text(encoding="utf-8").replace("health: [14, 21, 28, 35]", "health: [30, 30, 30, 30]"),
                    encoding="utf-8")
    assert not user_content_dir().exists()              # the data folder was left alone
    assert villain_max_health(simulate("--content", str(other))) == pytest.approx(30)
    assert cli_main(["validate", "--content", str(other)]) == 0
    assert cli_main(["simulate", "x.yaml", "--content", str(tmp_path / "nowhere")]) == 2
    assert "no such content folder" in capsys.readouterr().err


# ---------------------------------------------------------------- templates
@pytest.mark.parametrize("kind", list(templates.KINDS))
def test_every_template_is_the_shipped_file_with_comments_only(kind, tmp_path):
    """A template loads to exactly the shipped model: only comment lines are added."""
    folder, default = templates.KINDS[kind]
    text = templates.render(kind, default)
    path = tmp_path / folder / f"{default}.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    shipped = load(CONTENT_ROOT / folder / f"{default}.yaml").model
    assert load(path).model == shipped
    added = set(text.splitlines()) - set((CONTENT_ROOT / folder / f"{default}.yaml").read_text().splitlines())
    assert added and all(row.lstrip().startswith("#") for row in added)


def test_a_new_key_adds_a_villain_that_a_scenario_can_play(home, capsys):
    assert cli_main(["content", "new", "villain", "shredder_hard"]) == 0
    assert cli_main(["validate"]) == 0
    catalog = load_catalog()
    assert {"shredder", "shredder_hard"} <= set(catalog.enemies)
    assert catalog.custom == {("enemy", "shredder_hard"): os.fspath(home / "content" / "villains" / "shredder_hard.yaml")}
    from adventures.bots import make_agents
    from adventures.rules.runner import play_adventure
    from adventures.rules.setup import new_adventure
    from engine.content.schema import ScenarioDef
    scenario = ScenarioDef.model_validate({"name": "house rule", "villain": "shredder_hard",
                                           "seats": [{"hero": "random", "bot": "heuristic"}], "max_rounds": 3})
    agents, table = make_agents(scenario)
    result = play_adventure(new_adventure(scenario, catalog, 5, agents, table, log=False))
    assert result.winner in ("heroes", "villain", "timeout")


def test_content_new_refuses_bad_names_and_existing_files(home, capsys):
    assert cli_main(["content", "new", "minion", "Wing Nut"]) == 2
    assert "not a valid key" in capsys.readouterr().err
    assert cli_main(["content", "new", "minion", "wingnut"]) == 0
    assert cli_main(["content", "new", "minion", "wingnut"]) == 2
    assert "already exists" in capsys.readouterr().err
    assert cli_main(["content", "new", "minion", "wingnut", "--force"]) == 0


def test_user_files_naming_unknown_boards_or_rules_are_left_out_and_the_shipped_ones_stay(home, capsys):
    folder = home / "content" / "villains"
    folder.mkdir(parents=True)
    text = (CONTENT_ROOT / "villains" / "krang.yaml").read_text(encoding="utf-8")
    (folder / "krang.yaml").write_text(text.replace("board: technodrome", "board: moon_base"), encoding="utf-8")
    minions = home / "content" / "minions"
    minions.mkdir()
    (minions / "bat.yaml").write_text((CONTENT_ROOT / "minions" / "wingnut.yaml").read_text(encoding="utf-8")
                                      .replace("key: wingnut", "key: bat").replace("rules: wingnut", "rules: bats"),
                                      encoding="utf-8")
    catalog = load_catalog()
    assert catalog.enemies["krang"].board == "technodrome" and "bat" not in catalog.enemies
    assert not catalog.custom
    messages = sorted(f"{p.field}: {p.message}" for p in catalog.problems)
    assert messages[0].startswith("board: unknown board 'moon_base'")
    assert messages[1].startswith("rules: unknown rules plugin 'bats'")
    assert cli_main(["validate"]) == 2


# ---------------------------------------------------------------- villain-side facts
def test_every_enemy_moves_three_as_the_rulebook_says_they_usually_do():
    """Adventures p.8: an enemy's move value is usually 3; no source gives any enemy more."""
    catalog = load_catalog(CONTENT_ROOT)
    moves = {e.key: [c.move for c in e.initiative if c.move is not None] for e in catalog.enemies.values()}
    assert all(m == [3] for m in moves.values()), moves


def test_the_box_holds_sixteen_allies_and_henchmen_plus_friends_in_odd_places():
    """Adventures p.2: 17 ally & henchman cards; p.19: Friends in Odd Places is one of them."""
    deck = load_catalog(CONTENT_ROOT).allies
    assert len(deck.cards) + 1 == 17


def test_a_save_records_the_owners_content_and_loading_with_other_content_says_so_in_one_line(home, capsys):
    """Issue 17: a save is replayed from its answers, so it records which content it was
    played with; loaded with other content it still loads, with one line saying the game
    may play out differently (the app's message and `adventures replay`)."""
    from adventures.app.controller import restart_from_file
    from adventures.bots.heuristic import HeuristicBot
    from adventures.bots.table import TablePolicy
    from adventures.content.sources import active_catalog
    from adventures.persistence.replay import export_replay, load_replay, run_replay
    from adventures.persistence.save import game_record, load_record, save_game, write_record
    from adventures.rules.runner import play_adventure
    from adventures.rules.setup import new_adventure
    from adventures.sim.runner import load_scenario

    assert cli_main(["content", "new", "villain", "shredder"]) == 0
    mine = home / "content" / "villains" / "shredder.yaml"
    mine.write_text(mine.read_text(encoding="utf-8").replace("health: [14, 21, 28, 35]", "health: [15, 21, 28, 35]"),
                    encoding="utf-8")
    capsys.readouterr()

    def game():
        sc = load_scenario(ROOT / "scenarios" / "shredder-1p.yaml")
        return new_adventure(sc, active_catalog(), 5, {0: HeuristicBot()}, TablePolicy(), log=False)
    g = game()
    play_adventure(g)
    export_replay(g, home / "replay.json")
    midway = game_record(g)
    midway["answers"] = midway["answers"][:30]          # saved in the middle of the game
    write_record(midway, home / "save.json")
    record = load_record(home / "save.json")
    assert record["content"]["yours"] == ["shredder"]
    assert run_replay(load_replay(home / "replay.json")).content_note == ""      # same content: silent

    mine.unlink()                                   # the owner's file is gone
    note = run_replay(load_replay(home / "replay.json")).content_note
    assert note.startswith("This game was saved with other content (shredder)") and "\n" not in note
    assert cli_main(["replay", str(home / "replay.json")]) in (0, 1)
    out = capsys.readouterr().out
    assert "note: This game was saved with other content (shredder)" in out
    assert len(out.splitlines()) <= 2, "the note rides on the replay's first line"
    assert "Traceback" not in out
    restart = restart_from_file(home / "save.json")
    assert restart.setup.content == record["content"]      # the app compares it once the game is built
    toasts = []

    def driver(app):
        if app.game_scene._toast:            # the seat is a bot: the game may already be over
            toasts.append(app.game_scene._toast[0] if app.game_scene._toast else "")
            raise QuitApp()
    App(SIZE, headless=True, fps=0, on_frame=driver, max_frames=300, speed_ms=0).run(resume=str(home / "save.json"))
    assert "This game was saved with other content (shredder)" in toasts[0]
    shipped = game()
    play_adventure(shipped)
    save_game(shipped, home / "shipped.json")
    assert load_record(home / "shipped.json")["content"]["yours"] == []


def test_a_yaml_file_outside_the_content_folders_is_reported_by_play_as_by_validate(home):
    """validate reports a stray top-level file; playing with that folder said nothing."""
    folder = home / "content"
    (folder / "heroes").mkdir(parents=True)
    (folder / "notes.yaml").write_text("a: [\n", encoding="utf-8")
    catalog = load_catalog()
    assert [p.file for p in catalog.problems] == [str(folder / "notes.yaml")]
