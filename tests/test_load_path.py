"""One load path for every file kind (issue 26): what `validate` accepts plays in every
command and in the app, what it refuses is refused alike, in one `file:LINE` line; a user
content file failing any check is left out entirely; an unknown name is never silently
replaced; every command that takes a scenario plays every kind or refuses it in one line;
`content new` writes only what `validate` accepts.

Rules cited: core rules p.6 (a starting space per fighter), p.19 (team play);
Adventures p.4 (setup: the villain, a minion per player and every hero on the board)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hostile import assert_refused, run_cli

from adventures.content.catalog import CONTENT_ROOT, clear_cache, load_catalog
from adventures.content.checks import load_scenario_file
from adventures.sim import runner
from engine.content.loader import ContentError
from engine.content.schema import MatchDef

ROOT = Path(__file__).resolve().parent.parent
DUEL = ROOT / "scenarios" / "duel-leonardo-raphael.yaml"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    """A fresh data folder, as on a first install; catalogs rebuilt for it."""
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TMNT_ADVENTURES_CONTENT", raising=False)
    clear_cache()
    runner._catalog.cache_clear()
    yield tmp_path / "home"
    clear_cache()
    runner._catalog.cache_clear()


def write_match(tmp_path: Path, board: str = "new_york_city", hero: str = "leonardo", name: str = "m") -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"kind: match\nname: odd\nmode: duel\nboard: {board}\nseats:\n"
                    f"  - {{hero: {hero}, bot: heuristic}}\n  - {{hero: raphael, bot: heuristic}}\n",
                    encoding="utf-8")
    return path


# ---------------------------------------------------------------- 1. match names, everywhere alike
PLAYABLE_MATCHES = {
    "board in upper case": ({"board": "NEW_YORK_CITY"}, "new_york_city", "leonardo"),
    "board padded with spaces": ({"board": "'  new_york_city '"}, "new_york_city", "leonardo"),
    "board by its display name": ({"board": "'new york city'"}, "new_york_city", "leonardo"),
    "hero in upper case and padded": ({"hero": "'  LEONARDO '"}, "new_york_city", "leonardo"),
    "hero with an underscore": ({"hero": "black_PANTHER"}, "new_york_city", "black_panther"),
}


@pytest.mark.parametrize("case", sorted(PLAYABLE_MATCHES))
def test_a_match_name_validate_accepts_is_resolved_to_its_key_and_plays(tmp_path, case):
    fields, board, hero = PLAYABLE_MATCHES[case]
    path = write_match(tmp_path, **fields)
    code, lines = run_cli("validate", path)
    assert code == 0 and lines == [f"ok  {path}"], lines
    match = load_scenario_file(path)
    assert match.board == board and match.seats[0].hero == hero
    code, lines = run_cli("simulate", path, "--games", "2", "--workers", "1", "--json", "--no-progress")
    assert code == 0 and json.loads(lines[-1])["errors"] == 0, lines


REFUSED_MATCHES = {
    "unknown board": ({"board": "moon"}, "board: unknown board 'moon'"),
    "unknown hero": ({"hero": "zorro"}, "seats.0.hero: unknown hero 'zorro'"),
    "hero name with an accent": ({"hero": "Léonardo"}, "seats.0.hero: unknown hero 'Léonardo' (known: Leonardo"),
}


@pytest.mark.parametrize("case", sorted(REFUSED_MATCHES))
@pytest.mark.parametrize("command", ["validate", "simulate", "screenshot", "bench", "open a match"])
def test_a_match_name_validate_refuses_is_refused_alike_by_every_command(tmp_path, case, command):
    """It used to be 'ok' for validate, then a crash or a refusal when played."""
    fields, message = REFUSED_MATCHES[case]
    path = write_match(tmp_path, **fields)
    if command == "open a match":            # the app's "Open a scenario" and `adventures FILE`
        with pytest.raises(ContentError, match=message.split(": ", 1)[1].replace("(", r"\(")):
            load_scenario_file(path)
        return
    args = {"simulate": ("--games", "1", "--no-progress"), "screenshot": ("--out", tmp_path / "x.png"),
            "bench": ("--games", "1")}.get(command, ())
    argv = ("bench", "--scenarios", path, *args) if command == "bench" else (command, path, *args)
    code, lines = run_cli(*argv)
    assert_refused(code, lines, f"{path}:")
    assert any(message in line for line in lines), lines
    assert not (tmp_path / "x.png").exists()


def test_a_save_or_replay_is_validated_as_loading_it_does(tmp_path):
    replays = tmp_path / "replays"
    code, lines = run_cli("simulate", DUEL, "--games", "1", "--workers", "1", "--replays", replays, "--no-progress")
    assert code == 0, lines
    good = replays / "game-00000.json"
    code, lines = run_cli("validate", good)
    assert code == 0 and lines == [f"ok  {good}"], lines
    bad = tmp_path / "bad.json"
    bad.write_text(good.read_text(encoding="utf-8").replace('"leonardo"', '"zorro"'), encoding="utf-8")
    code, lines = run_cli("validate", bad)
    assert_refused(code, lines, f"{bad}:1: ")
    assert any("unknown hero 'zorro'" in line for line in lines) and len(lines) == 1, lines
    code, replay_lines = run_cli("replay", bad)
    assert_refused(code, replay_lines, "unknown hero 'zorro'")


# ---------------------------------------------------------------- 3. nothing silently replaced
def test_a_sweep_over_a_match_with_an_unknown_hero_is_refused_instead_of_playing_another(tmp_path):
    sweep = tmp_path / "sweep.yaml"
    sweep.write_text(f"kind: sweep\nbase: {DUEL}\ngames: 2\nsweep:\n  hero2: [raphael, zorro]\n", encoding="utf-8")
    for command in (("validate", sweep), ("sweep", sweep, "--out", tmp_path / "out", "--no-progress")):
        code, lines = run_cli(*command)
        assert_refused(code, lines, f"{sweep}:5: sweep.hero2: ")
        assert any("unknown hero 'zorro'" in line for line in lines), lines
    assert not (tmp_path / "out").exists()


def test_sweep_values_are_names_resolved_like_a_files(tmp_path):
    sweep = tmp_path / "sweep.yaml"
    sweep.write_text(f"kind: sweep\nbase: {DUEL}\ngames: 1\nsweep:\n  hero2: [' RAPHAEL ', donatello]\n"
                     "  board: [TECHNODROME]\n", encoding="utf-8")
    code, lines = run_cli("validate", sweep)
    assert code == 0, lines
    code, lines = run_cli("sweep", sweep, "--out", tmp_path / "out", "--no-plots", "--workers", "1", "--no-progress")
    assert code == 0, lines
    rows = (tmp_path / "out" / "games.csv").read_text(encoding="utf-8").splitlines()
    assert len(rows) == 3 and ",leonardo+raphael," in rows[1] and ",leonardo+donatello," in rows[2], rows


def test_a_match_naming_an_unknown_hero_never_plays_another_hero():
    """A hand-built MatchDef (bypassing the loader) is an error record, not a random hero."""
    from adventures.sim.matches import play_one_match
    match = MatchDef.model_validate({"name": "x", "board": "new_york_city",
                                     "seats": [{"hero": "zorro"}, {"hero": "raphael"}]})
    record = play_one_match(match, 1, load_catalog())
    assert record["winner"] == "error" and "unknown hero 'zorro'" in record["reason"]


def test_a_sweep_value_naming_an_unknown_villain_is_refused(tmp_path):
    sweep = tmp_path / "sweep.yaml"
    sweep.write_text(f"kind: sweep\nbase: {ROOT / 'scenarios' / 'shredder-1p.yaml'}\nsweep:\n"
                     "  villain: [shredder, bebop]\n", encoding="utf-8")
    code, lines = run_cli("validate", sweep)
    assert_refused(code, lines, f"{sweep}:4: sweep.villain: ")
    assert any("unknown villain 'bebop'" in line for line in lines), lines


# ---------------------------------------------------------------- 2. user content: all checks or left out
def _closet_board(key: str, size: int = 5) -> str:
    spaces = "\n".join(f"  - {{id: {n}, pos: [{n / 100}, {n / 100}], zones: [z]"
                       + (f", start: {n}}}" if n <= 5 else "}") for n in range(1, size + 1))
    paths = ", ".join(f"[{n}, {n + 1}]" for n in range(1, size))
    return (f"key: {key}\nname: Closet\nzones: {{z: {{color: '#123456'}}}}\nspaces:\n{spaces}\n"
            f"paths: [{paths}]\n")


def _user_file(home: Path, folder: str, name: str, text: str) -> Path:
    path = home / "content" / folder / f"{name}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_user_board_failing_the_seating_check_is_left_out_and_the_shipped_board_plays(home, tmp_path):
    """It was reported "left out" but still used: every 4-player game ended in an error."""
    board = _user_file(home, "boards", "new_york_city", _closet_board("new_york_city"))
    catalog = load_catalog()
    assert catalog.boards["new_york_city"] == load_catalog(CONTENT_ROOT).boards["new_york_city"]
    assert not catalog.custom and [p.file for p in catalog.problems] == [str(board)]
    code, lines = run_cli("validate")
    assert_refused(code, lines, f"{board}:")
    code, lines = run_cli("simulate", ROOT / "scenarios" / "shredder-4p.yaml", "--games", "2", "--workers", "1",
                          "--json", "--no-progress")
    assert code == 0 and json.loads(lines[-1])["errors"] == 0, lines
    assert any(line.startswith(f"warning: {board}:") and "left out" in line for line in lines), lines
    code, lines = run_cli("screenshot", ROOT / "scenarios" / "shredder-4p.yaml", "--out", tmp_path / "x.png")
    assert code == 0 and "Traceback" not in "\n".join(lines) and (tmp_path / "x.png").is_file(), lines


def test_a_user_villain_on_a_left_out_board_is_left_out_too(home):
    board = _user_file(home, "boards", "closet", _closet_board("closet"))
    text = (CONTENT_ROOT / "villains" / "krang.yaml").read_text(encoding="utf-8")
    villain = _user_file(home, "villains", "krang", text.replace("board: technodrome", "board: closet"))
    catalog = load_catalog()
    assert "closet" not in catalog.boards and catalog.enemies["krang"].board == "technodrome"
    assert {p.file for p in catalog.problems} == {str(board), str(villain)} and not catalog.custom


def test_a_user_hero_with_more_fighters_than_a_board_seats_is_left_out_not_the_board(home):
    text = (CONTENT_ROOT / "heroes" / "medusa.yaml").read_text(encoding="utf-8")
    assert "count: 3" in text
    hero = _user_file(home, "heroes", "medusa", text.replace("count: 3", "count: 9"))
    catalog = load_catalog()
    assert catalog.heroes["medusa"].sidekick.count == 3 and not catalog.custom
    assert [(p.file, p.field) for p in catalog.problems] == [(str(hero), "sidekick.count")]
    code, lines = run_cli("validate", hero)
    assert_refused(code, lines, f"{hero}:")


def test_a_shipped_hero_copied_into_the_user_folder_does_not_take_the_blame_for_a_small_board(home):
    """Medusa and her three Harpies need 21 spaces (Adventures p.4: four such heroes, four
    minions and the villain): a 15-space board is the culprit, not an unchanged copy of her."""
    board = _user_file(home, "boards", "new_york_city", _closet_board("new_york_city", 15))
    _user_file(home, "heroes", "medusa", (CONTENT_ROOT / "heroes" / "medusa.yaml").read_text(encoding="utf-8"))
    catalog = load_catalog()
    assert [p.file for p in catalog.problems] == [str(board)]
    assert len(catalog.boards["new_york_city"].spaces) > 15 and ("hero", "medusa") in catalog.custom


def test_a_user_enemy_cannot_take_the_key_of_an_enemy_of_the_other_role(home):
    text = (CONTENT_ROOT / "villains" / "shredder.yaml").read_text(encoding="utf-8")
    path = _user_file(home, "villains", "wingnut", text.replace("key: shredder", "key: wingnut")
                      .replace("name: Shredder", "name: Wingnut the Villain"))
    catalog = load_catalog()
    assert catalog.enemies["wingnut"].role == "minion"
    assert [p.file for p in catalog.problems] == [str(path)] and "key of a minion" in catalog.problems[0].message


def test_two_heroes_one_name_could_mean_are_refused(home):
    text = (CONTENT_ROOT / "heroes" / "leonardo.yaml").read_text(encoding="utf-8")
    path = _user_file(home, "heroes", "leo", text.replace("key: leonardo", "key: leo"))   # name: Leonardo
    catalog = load_catalog()
    assert "leo" not in catalog.heroes and [p.file for p in catalog.problems] == [str(path)]
    assert "also names the hero 'leonardo'" in catalog.problems[0].message


# ---------------------------------------------------------------- 4. every command, every kind
@pytest.mark.parametrize("command", [("ladder", "--games", "1", "--bots", "heuristic"),
                                     ("tune", "--param", "villain_health", "--games", "1"),
                                     ("report", "--games", "1", "--hero-games", "0", "--out", "OUT")])
def test_a_command_for_coop_scenarios_refuses_a_match_file_in_one_line(tmp_path, command):
    name, *rest = command
    rest = [tmp_path / "out" if a == "OUT" else a for a in rest]
    code, lines = run_cli(name, DUEL, *rest)
    assert_refused(code, lines, f"{DUEL}:3: kind: a competitive match: `adventures {name}`")
    assert len(lines) == 1 and not (tmp_path / "out").exists(), lines


def test_ladder_with_no_scenario_plays_the_shipped_coop_scenarios_only():
    from adventures.sim.cli_ladder import default_files
    files = default_files()
    assert files and str(DUEL) not in files
    assert all(isinstance(runner.load_scenario(f), type(runner.load_scenario(files[0]))) for f in files)
    assert all("sweep" not in Path(f).name for f in files)


def test_bench_plays_a_match_file():
    code, lines = run_cli("bench", "--scenarios", DUEL, "--games", "2")
    assert code == 0 and any(line.startswith("Leonardo vs Raphael") and "errors" not in line for line in lines), lines


def test_a_match_honours_check_invariants_and_replays(tmp_path):
    """They were silently ignored for a match."""
    replays = tmp_path / "replays"
    code, lines = run_cli("simulate", DUEL, "--games", "3", "--workers", "1", "--check-invariants",
                          "--replays", replays, "--json", "--no-progress")
    summary = json.loads(lines[-1])
    assert code == 0 and summary["errors"] == 0 and summary["invariant_violations"] == 0, lines
    assert sorted(p.name for p in replays.iterdir()) == ["game-00000.json", "game-00001.json", "game-00002.json"]
    code, lines = run_cli("replay", replays / "game-00002.json")
    assert code == 0 and any("identical" in line for line in lines), lines
    match = runner.load_scenario(DUEL)
    checked = runner.run_games(match, 3, 1, 1, check_invariants=True)
    plain = runner.run_games(match, 3, 1, 1)
    assert [r["invariant_violations"] for r in checked] == [0, 0, 0]
    drop = ("invariant_violations", "first_violation")
    assert runner.strip_timing({k: v for k, v in r.items() if k not in drop} for r in checked) \
        == runner.strip_timing(plain)


def test_a_matchs_invariant_violation_is_counted_and_fails_the_run(monkeypatch):
    import adventures.rules.invariants as invariants
    monkeypatch.setattr(invariants, "check_invariants", lambda game: ["a card is lost"])
    records = runner.run_games(runner.load_scenario(DUEL), 1, 1, 1, check_invariants=True)
    assert records[0]["invariant_violations"] > 0 and "a card is lost" in records[0]["first_violation"]


def test_soak_plays_competitive_matches_of_every_mode_and_the_shipped_ones():
    from adventures.tools.soak import is_match_seed, match_spec, soak
    catalog = load_catalog()
    specs = [match_spec(seed, catalog) for seed in range(6, 700, 7)]
    assert {s["match"]["mode"] for s in specs} == {"duel", "ffa", "team"}
    assert {s["source"] for s in specs} >= {"", DUEL.name}
    assert {b for s in specs for b in (seat["bot"] for seat in s["match"]["seats"])} == {"random", "heuristic"}
    assert [s for s in range(14) if is_match_seed(s)] == [6, 13]
    totals = soak(14, seed=0)
    assert totals.ok, [(o.seed, o.summary, o.violation or o.exception or o.replay) for o in totals.failures]
    assert sum(v for k, v in totals.winners.items() if k.split()[0] in ("duel", "ffa", "team")) == 2


# ---------------------------------------------------------------- 8. templates validate
KIND_NAMES = ["my_thing", "9lives", "x" * 60, "a"]


@pytest.mark.parametrize("name", KIND_NAMES + ["shipped"])
@pytest.mark.parametrize("kind", ["villain", "minion", "traps", "allies", "board", "hero"])
def test_content_new_writes_a_template_validate_accepts(home, kind, name):
    from adventures.content.templates import KINDS
    if name == "shipped":
        name = KINDS[kind][1]
    code, lines = run_cli("content", "new", kind, name)
    assert code == 0, lines
    path = home / "content" / KINDS[kind][0] / f"{name}.yaml"
    code, lines = run_cli("validate")
    assert code == 0 and lines == [f"ok  {path}"], lines
    catalog = load_catalog()
    assert not catalog.problems and catalog.custom


@pytest.mark.parametrize("name", ["zoë", "Villain", "my villain", "9 lives", "", "x" * 61, "../up"])
def test_content_new_refuses_a_name_that_is_not_a_key_in_one_line_and_writes_nothing(home, name):
    code, lines = run_cli("content", "new", "villain", name)
    # an empty name is refused by the argument's own type (limits.py), the others as keys
    assert_refused(code, lines, "name is empty" if not name else "not a valid key")
    assert not (home / "content").exists() or not any((home / "content").rglob("*"))


@pytest.mark.parametrize("first, second, words", [
    (("villain", "my_boss"), ("minion", "my_boss"), "already used"),
    (None, ("minion", "shredder"), "key of a villain"),
    (None, ("villain", "wingnut"), "key of a minion"),
    (("traps", "mine"), ("traps", "more"), "only one is allowed"),
    (("allies", "mine"), ("allies", "more"), "only one is allowed"),
    (None, ("hero", "leonardo_"), "also names the hero 'leonardo'"),
])
def test_content_new_refuses_a_file_validate_would_refuse(home, first, second, words):
    if first is not None:
        assert run_cli("content", "new", *first)[0] == 0
    before = sorted(p.name for p in (home / "content").rglob("*")) if (home / "content").exists() else []
    code, lines = run_cli("content", "new", *second)
    assert_refused(code, lines, words)
    after = sorted(p.name for p in (home / "content").rglob("*")) if (home / "content").exists() else []
    assert after == before
    assert run_cli("validate")[0] == 0 or first is None


def test_a_new_heros_own_cards_name_the_new_hero(home):
    assert run_cli("content", "new", "hero", "casey")[0] == 0
    text = (home / "content" / "heroes" / "casey.yaml").read_text(encoding="utf-8")
    assert "fighter: Casey" in text and "fighter: Leonardo" not in text
    assert load_catalog().heroes["casey"].name == "Casey"


def test_the_shipped_content_and_scenarios_still_validate():
    code, lines = run_cli("validate", CONTENT_ROOT, ROOT / "scenarios", seconds=120)
    assert code == 0, [line for line in lines if not line.startswith("ok  ")]


# ---------------------------------------------------------------- one reading of a scenario file
def test_a_villain_by_name_or_in_upper_case_is_resolved_like_a_hero(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("name: s\nvillain: ' KRANG '\nseats:\n  - {hero: raphael}\nminions: [WINGNUT]\n", encoding="utf-8")
    code, lines = run_cli("validate", path)
    assert code == 0, lines
    scenario = load_scenario_file(path)
    assert scenario.villain == "krang" and scenario.minions == ["wingnut"]
    code, lines = run_cli("simulate", path, "--games", "1", "--workers", "1", "--json", "--no-progress")
    assert code == 0 and json.loads(lines[-1])["errors"] == 0, lines


def test_a_scenario_without_kind_is_read_as_a_scenario_by_validate_as_by_simulate(tmp_path):
    """validate used to say "cannot tell what this file is" for a file simulate plays."""
    path = tmp_path / "s.yaml"
    path.write_text("name: s\nvillain: shredder\nseats:\n  - {hero: leonardo}\n", encoding="utf-8")
    assert run_cli("validate", path) == (0, [f"ok  {path}"])
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: s\nvillain: bebop\nseats:\n  - {hero: leonardo}\n", encoding="utf-8")
    refusals = {command: run_cli(command, bad, *extra) for command, *extra in
                (("validate",), ("simulate", "--games", "1", "--no-progress"))}
    for code, lines in refusals.values():
        assert_refused(code, lines, f"{bad}:2: villain: unknown villain 'bebop'")


def test_a_save_given_where_a_scenario_is_expected_is_named_as_a_save(tmp_path):
    save = tmp_path / "game.json"
    save.write_text('{"format": "tmnt-adventures-save"}', encoding="utf-8")
    for command in ("simulate", "bench"):
        argv = ("bench", "--scenarios", save, "--games", "1") if command == "bench" else (command, save)
        code, lines = run_cli(*argv)
        assert_refused(code, lines, f"{save}:1: a save or replay file")


def test_the_app_opens_a_match_by_the_same_names_and_refuses_the_same_ones(tmp_path):
    """"Open a scenario" used to keep the default board for 'NEW_YORK_CITY'-style names
    (and `adventures FILE` / screenshot showed a traceback)."""
    from adventures.app.app import App
    from adventures.app.new_game_scene import NewGameScene
    scene = NewGameScene(App(headless=True, fps=0))
    scene.apply_scenario(write_match(tmp_path, board="'  TECHNODROME '", hero="'LEONARDO '"))
    assert scene.error == "" and scene.mode == "match"
    assert scene.match_form.board == "technodrome" and scene.match_form.heroes[:2] == ["leonardo", "raphael"]
    bad = write_match(tmp_path, board="moon", name="bad")
    scene.apply_scenario(bad)
    assert scene.error.startswith(f"{bad}:4: board: unknown board 'moon'")


def test_matchups_takes_hero_and_board_names_as_a_match_file_does():
    code, lines = run_cli("matchups", "--heroes", " LEONARDO,Raphael,leonardo", "--boards", "New York City",
                          "--games", "2", "--workers", "1")
    assert code == 0 and "| **Leonardo** | — |" in "\n".join(lines), lines
    code, lines = run_cli("matchups", "--heroes", "zorro,leonardo", "--boards", "moon", "--games", "2")
    assert_refused(code, lines, "unknown hero 'zorro'")
    assert len(lines) == 1 and "unknown board 'moon'" in lines[0], lines


def test_bench_bot_plays_a_match_with_a_duel_bot_or_refuses_one_it_cannot_seat():
    code, lines = run_cli("bench", "--games", "1", "--scenarios", DUEL, "--bot", "random")
    assert code == 0, lines
    code, lines = run_cli("bench", "--games", "1", "--scenarios", DUEL, "--bot", "expert")
    assert_refused(code, lines, "--bot expert")


@pytest.mark.parametrize("name", ["shredder-1p.yaml", "duel-leonardo-raphael.yaml"])
def test_sweep_given_a_scenario_or_match_says_what_the_file_is_in_one_line(tmp_path, name):
    """A file that plays as it is gets one line naming its kind, not one line per missing sweep key."""
    path = Path(__file__).resolve().parents[1] / "scenarios" / name
    code, lines = run_cli("sweep", path, "--out", tmp_path / "out", "--no-progress")
    assert_refused(code, lines, name)
    assert len(lines) == 1 and "not a sweep" in lines[0]
    assert not (tmp_path / "out").exists()


def test_a_broken_sweep_file_is_still_refused_for_what_is_wrong_with_it(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("kind: sweep\nbase: [unclosed\n")
    code, lines = run_cli("sweep", path, "--out", tmp_path / "out", "--no-progress")
    assert_refused(code, lines, "broken.yaml:")
    assert "not a sweep" not in "\n".join(lines)


def test_a_sweep_name_value_is_played_and_written_as_its_key(tmp_path):
    """" SHREDDER " is accepted like every name (case and padding do not count) and the cell
    is labelled shredder, the villain that plays, not the text as typed."""
    base = Path(__file__).resolve().parents[1] / "scenarios" / "shredder-2p.yaml"
    path = tmp_path / "pad.yaml"
    path.write_text(f"kind: sweep\nbase: {base}\nsweep:\n  villain: [' SHREDDER ', Krang]\n")
    _, grid, _ = runner.load_sweep(path)
    assert grid == {"villain": ["shredder", "krang"]}


@pytest.mark.parametrize("name,expected", [("krang", "Solo against Krang"), ("SHREDDER", "Solo against Shredder"),
                                           ("shredder-2p", "Shredder, 2 players"),
                                           ("shredder-2p.yaml", "Shredder, 2 players")])
def test_every_command_finds_a_scenario_by_the_names_the_app_takes(name, expected):
    """`adventures simulate krang` plays what `adventures krang` opens (scenario_names.py)."""
    loaded = runner.load_scenarios_for_command([name], "simulate")
    assert loaded is not None and loaded[0].name == expected


def test_an_unknown_scenario_name_is_one_line_naming_the_choices():
    code, lines = run_cli("simulate", "nosuch", "--games", "1")
    assert_refused(code, lines, "'nosuch'")
    assert "krang, shredder" in lines[0]
