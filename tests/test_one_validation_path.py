"""One validation path (issue 15): what `validate` accepts plays, and what it refuses is
refused with the same `file:LINE: field: message` by simulate, sweep, soak, the app's
"Open a scenario", `adventures FILE` and `screenshot`. Content is checked as one tree."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hostile import assert_refused, run_cli

from adventures.content.catalog import CONTENT_ROOT, build_catalog, load_catalog
from adventures.content.checks import load_scenario_file
from engine.content.loader import ContentError

ROOT = Path(__file__).resolve().parent.parent


def content_copy(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(CONTENT_ROOT, root, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return root


def edit(path: Path, old: str, new: str) -> Path:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


# ---------------------------------------------------------------- content as one tree
def _duplicate_key(root):
    shutil.copy(root / "heroes" / "leonardo.yaml", root / "heroes" / "leonardo_again.yaml")
    return root / "heroes" / "leonardo_again.yaml", "already used"


def _unknown_ability_plugin(root):
    return edit(root / "heroes" / "alice.yaml", "plugin: alice", "plugin: alice_in_chains"), "unknown ability plugin"


def _unknown_rules_plugin(root):
    return edit(root / "villains" / "krang.yaml", "rules: krang", "rules: kraang"), "unknown rules plugin"


def _minion_with_villain_rules(root):
    return edit(root / "minions" / "slash.yaml", "rules: slash", "rules: shredder"), "a villain's rules"


def _villain_with_minion_rules(root):
    return edit(root / "villains" / "krang.yaml", "rules: krang", "rules: slash"), "a minion's rules"


def _foot_supply_not_24(root):
    return edit(root / "villains" / "shredder.yaml", "supply: {foot: 24}", "supply: {foot: 23}"), "exactly 24"


def _no_foot_supply(root):
    return edit(root / "villains" / "shredder.yaml", "supply: {foot: 24}", "supply: {}"), "exactly 24"


def _board_without_villain_start(root):
    board = root / "boards" / "technodrome.yaml"
    text = board.read_text(encoding="utf-8")
    assert "start: 5" in text
    board.write_text(text.replace("start: 5", "start: null"), encoding="utf-8")
    return board, "starting spaces 1-5"


def _board_too_small(root):
    path = root / "boards" / "closet.yaml"
    spaces = "\n".join(f"  - {{id: {n}, pos: [0.{n}, 0.{n}], zones: [z], start: {n}}}" for n in range(1, 6))
    path.write_text(f"key: closet\nname: Closet\nzones: {{z: {{color: '#123456'}}}}\nspaces:\n{spaces}\n"
                    "paths: [[1, 2], [2, 3], [3, 4], [4, 5]]\n", encoding="utf-8")
    edit(root / "villains" / "krang.yaml", "board: technodrome", "board: closet")
    return path, "cannot seat"


TREE_CASES = {f.__name__.lstrip("_"): f for f in (
    _duplicate_key, _unknown_ability_plugin, _unknown_rules_plugin, _minion_with_villain_rules,
    _villain_with_minion_rules, _foot_supply_not_24, _no_foot_supply, _board_without_villain_start,
    _board_too_small)}


@pytest.mark.parametrize("case", sorted(TREE_CASES))
def test_validate_refuses_content_that_would_fail_at_runtime(tmp_path, case):
    """`validate TREE` exits 2 naming the file; the catalog every tool loads refuses it too."""
    root = content_copy(tmp_path)
    bad_file, words = TREE_CASES[case](root)
    code, lines = run_cli("validate", root)
    assert_refused(code, lines, f"{bad_file}:")
    assert any(words in line for line in lines), lines
    code, lines = run_cli("validate", bad_file)        # one file is checked within its tree
    assert_refused(code, lines, f"{bad_file}:")
    with pytest.raises(ContentError, match=words):
        load_catalog(root)
    # Played with `--content`, a tree is a user content folder on top of the shipped content
    # (issue 17): the broken file is refused in one line naming it, and the shipped entry plays.
    code, lines = run_cli("soak", "--games", "1", "--content", root)
    assert_left_out(code, lines, f"{bad_file}:")


def assert_left_out(code: int, lines: list[str], names: str) -> None:
    text = "\n".join(lines)
    assert code == 0 and "Traceback" not in text, text
    refusals = [line for line in lines if names in line]
    assert refusals and all(line.startswith("warning: ") and "file left out" in line for line in refusals), text


def test_the_shipped_content_passes_the_tree_checks():
    assert build_catalog().problems == []


@pytest.mark.parametrize("make", ["empty", "no yaml", "only a readme"])
def test_validate_on_an_empty_folder_is_an_error(tmp_path, make):
    folder = tmp_path / "empty"
    folder.mkdir()
    if make == "no yaml":
        (folder / "notes.txt").write_text("nothing here")
    elif make == "only a readme":
        (folder / "sub").mkdir()
        (folder / "sub" / "README.md").write_text("# hi")
    code, lines = run_cli("validate", folder)
    assert_refused(code, lines, str(folder))


def test_the_engine_loader_never_imports_the_adventures_layer():
    """engine/ never imports adventures (docs/ARCHITECTURE.md): not even as a fallback."""
    code = ("import sys; from engine.content.loader import load_file; "
            f"load_file({str(CONTENT_ROOT / 'heroes' / 'leonardo.yaml')!r}); "
            "bad = [m for m in sys.modules if m.split('.')[0] == 'adventures']; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT, timeout=60)


# ---------------------------------------------------------------- scenarios, everywhere alike
SCENARIO = "name: S\nvillain: shredder\nseats:\n  - hero: {hero}\nminions: {minions}\nmax_rounds: 3\n"
BAD_SCENARIOS = {
    "unknown hero": ({"hero": "batman", "minions": "random"}, "seats.0.hero: unknown hero 'batman'"),
    "unknown minion": ({"hero": "leonardo", "minions": "[joker]"}, "minions.0: unknown minion 'joker'"),
    "the villain as a minion": ({"hero": "leonardo", "minions": "[krang]"}, "minions.0: unknown minion 'krang'"),
    "a hero as a minion": ({"hero": "leonardo", "minions": "[raphael]"}, "minions.0: unknown minion 'raphael'"),
    "empty hero": ({"hero": "''", "minions": "random"}, "seats.0.hero"),
}


def _write_scenario(tmp_path: Path, fields: dict) -> Path:
    path = tmp_path / "scenarios" / "s.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(SCENARIO.format(**fields), encoding="utf-8")
    return path


@pytest.mark.parametrize("case", sorted(BAD_SCENARIOS))
@pytest.mark.parametrize("command", ["validate", "simulate", "play", "screenshot", "sweep", "open a scenario"])
def test_a_bad_scenario_is_refused_alike_by_every_tool(tmp_path, monkeypatch, case, command):
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))
    fields, message = BAD_SCENARIOS[case]
    path = _write_scenario(tmp_path, fields)
    expected = f"{path}:"
    if command == "open a scenario":
        with pytest.raises(ContentError, match=message.split(": ")[-1].replace("'", ".")):
            load_scenario_file(path)
        return
    if command == "sweep":
        sweep = tmp_path / "sweep.yaml"
        sweep.write_text(f"kind: sweep\nbase: {path}\nsweep:\n  max_rounds: [2, 3]\n", encoding="utf-8")
        code, lines = run_cli("sweep", sweep, "--out", tmp_path / "out", "--games", "1", "--no-progress")
    else:
        args = {"simulate": ("--games", "1", "--no-progress"), "screenshot": ("--out", tmp_path / "x.png")}
        code, lines = run_cli(command, path, *args.get(command, ()))
    assert_refused(code, lines, expected)
    assert any(message in line for line in lines), lines
    assert not (tmp_path / "x.png").exists() and not (tmp_path / "out").exists()


@pytest.mark.parametrize("hero", ["'  LEONARDO '", "Black Panther", "black_PANTHER", "'black   panther'",
                                  "king arthur"])
def test_hero_names_are_normalised_the_same_everywhere(tmp_path, hero):
    """Case, padding, spaces or underscores: validate accepts it, and the game plays it."""
    path = _write_scenario(tmp_path, {"hero": hero, "minions": "[slash]"})
    code, lines = run_cli("validate", path)
    assert code == 0, lines
    scenario = load_scenario_file(path)
    assert scenario.seats[0].hero in load_catalog().heroes and scenario.minions == ["slash"]
    code, lines = run_cli("simulate", path, "--games", "2", "--workers", "1", "--json", "--no-progress")
    assert code == 0 and '"errors": 0' in lines[-1], lines


def test_open_a_scenario_in_the_app_refuses_an_unknown_hero(tmp_path, monkeypatch):
    """It used to turn an unknown hero into Random silently."""
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))
    from adventures.app.app import App
    from adventures.app.new_game_scene import NewGameScene
    path = _write_scenario(tmp_path, {"hero": "batman", "minions": "[krang]"})
    scene = NewGameScene(App(headless=True, fps=0))
    scene.apply_scenario(path)
    assert scene.error.startswith(f"{path}:") and scene.base is None


ONE_HERO_TWICE = ("name: S\nvillain: shredder\nseats:\n  - hero: Leonardo\n  - hero: random\n"
                  "  - hero: '  LEONARDO '\nminions: random\n")


def test_a_scenario_with_one_hero_on_two_seats_is_refused_at_its_line(tmp_path):
    """Issue 39: the box has one of each hero, so a co-op game never seats one hero twice
    (a name spelled another way is the same hero); a Random seat beside it is fine (it never
    draws a seated hero). `validate` says so at the second seat's line, and a save naming one
    hero twice does not load."""
    from adventures.persistence.save import SaveError, load_record, save_game
    from adventures.rules.setup import new_adventure
    from engine.content.schema import ScenarioDef
    from engine.decisions import FirstOptionAgent
    path = tmp_path / "twice.yaml"
    path.write_text(ONE_HERO_TWICE, encoding="utf-8")
    code, lines = run_cli("validate", path)
    assert (code, lines) == (2, [f"{path}:6: seats.2.hero: Leonardo is on two seats (the box has one of each hero)"])
    random_beside = tmp_path / "random.yaml"
    random_beside.write_text(ONE_HERO_TWICE.replace("'  LEONARDO '", "random"), encoding="utf-8")
    assert run_cli("validate", random_beside) == (0, [f"ok  {random_beside}"])

    first = FirstOptionAgent()
    sc = ScenarioDef(name="two", villain="shredder", seats=[{"hero": "leonardo"}, {"hero": "raphael"}], minions=[])
    save_game(new_adventure(sc, load_catalog(), 1, {0: first, 1: first}, first), tmp_path / "save.json")
    record = load_record(tmp_path / "save.json")
    record["scenario"]["seats"][1]["hero"] = "leonardo"
    (tmp_path / "save.json").write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(SaveError) as refused:
        load_record(tmp_path / "save.json")
    said = str(refused.value)
    assert "\n" not in said and "scenario.seats.1.hero: Leonardo is on two seats" in said, said
