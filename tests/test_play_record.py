"""The play record (issue 42 item 6): every game finished in the app is a row of the record
in the data folder, written like saves (a kill mid-write leaves the previous record whole);
the Record screen (from the new-game screen and the end screen) shows wins and losses per
villain, team and level beside the predicted odds at every window size; `adventures
record --csv` prints a header and one row per game."""
from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402
from test_layout import SCALES, problems_in  # noqa: E402

from adventures import cli  # noqa: E402
from adventures.app import theme as T  # noqa: E402
from adventures.persistence import record as R  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SIZES = [(1152, 633), (1280, 720), (1920, 1080)]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"
    T.set_scale(1.0)


def row(**changes) -> dict:
    out = {"date": "2025-05-01T12:00:00+00:00", "mode": "adventure", "villain": "shredder", "board": "",
           "heroes": ["leonardo"], "seats": ["human"], "level": "standard", "allies": False, "extra_henchmen": 0,
           "outcome": "won", "rounds": 7, "winners": [], "seed": 7}
    out.update(changes)
    assert R.row_problem(out) == "", R.row_problem(out)
    return out


def many_rows() -> list[dict]:
    """A record with something of everything: both villains, 1-4 heroes, every level, allies
    with henchmen, draws, the three competitive modes, games of bots alone."""
    turtles = ["leonardo", "raphael", "donatello", "michelangelo"]
    rows = []
    for villain in ("shredder", "krang"):
        for n in range(1, 5):
            for level in ("easy", "standard", "hard", "heroic"):
                for outcome in ("won", "lost", "lost", "draw")[:n]:
                    rows.append(row(villain=villain, heroes=turtles[:n], seats=["human"] + ["strong"] * (n - 1),
                                    level=level, outcome=outcome))
    rows.append(row(heroes=["black_panther", "black_widow", "winter_soldier", "medusa"],
                    seats=["human", "human", "human", "human"], allies=True, extra_henchmen=2, outcome="lost"))
    rows.append(row(seats=["strong"]))                                       # bots alone: kept, not counted
    rows.append(row(mode="duel", villain="", level="", board="new_york_city", heroes=["leonardo", "raphael"],
                    seats=["human", "strong"], winners=["leonardo"]))
    rows.append(row(mode="ffa", villain="", level="", board="technodrome",
                    heroes=["king_arthur", "sinbad", "alice", "medusa"], seats=["strong", "human", "strong", "strong"],
                    winners=["alice"], outcome="lost"))
    rows.append(row(mode="team", villain="", level="", board="new_york_city", heroes=turtles,
                    seats=["human", "strong", "human", "strong"], winners=[], outcome="draw"))
    return rows


def write_rows(rows: list[dict]) -> Path:
    path = R.record_path()
    path.write_text(json.dumps({"format": R.FORMAT, "version": R.VERSION, "games": rows}), encoding="utf-8")
    return path


# ---------------------------------------------------------------- written like saves
def test_a_kill_during_a_write_leaves_the_previous_record_intact(home):
    """SIGKILL while the new record is being written (held at its fsync): the record on
    disk is the previous one, whole; the temp file left behind is the kind the app removes
    at start (userdata.check_home)."""
    path = write_rows([row(), row(outcome="lost")])
    before = path.read_bytes()
    ready = home / "ready"
    child = subprocess.Popen([sys.executable, "-c", f"""
import os, time
from adventures.persistence import record as R, save
def held(fd):
    open({str(ready)!r}, "w").close()
    time.sleep(60)
save.os.fsync = held
R.append({row(outcome="draw")!r})
"""], env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        deadline = time.monotonic() + 60
        while not ready.exists() and child.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert ready.exists(), "the writer never reached its fsync"
        os.kill(child.pid, signal.SIGKILL)
        child.wait(10)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(10)
    assert child.returncode == -signal.SIGKILL
    assert path.read_bytes() == before
    assert [g["outcome"] for g in R.load().games] == ["won", "lost"]
    temps = [p for p in home.iterdir() if p.name.endswith(".tmp")]
    assert len(temps) == 1 and temps[0].name.startswith(".record.json.")
    from adventures.app import userdata
    past = time.time() - 3600
    os.utime(temps[0], (past, past))
    assert userdata.check_home() == "" and not temps[0].exists()


def test_a_failed_write_leaves_the_previous_record_intact_and_no_temp_file(home, monkeypatch):
    from adventures.persistence import save
    path = write_rows([row()])
    before = path.read_bytes()

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(save.os, "fsync", disk_full)
    with pytest.raises(R.RecordError, match="No space left"):
        R.append(row(outcome="lost"))
    assert path.read_bytes() == before
    assert sorted(p.name for p in home.iterdir()) == ["record.json"]


def test_a_file_that_is_not_a_record_is_set_aside_never_written_over(home):
    path = R.record_path()
    path.write_text("my notes, not a record")
    note = R.append(row())
    assert "set aside" in note
    kept = [p for p in home.iterdir() if p.name.startswith("record.unreadable-")]
    assert len(kept) == 1 and kept[0].read_text() == "my notes, not a record"
    assert len(R.load().games) == 1


def test_a_newer_versions_record_is_read_as_nothing_and_never_written(home):
    path = R.record_path()
    path.write_text(json.dumps({"format": R.FORMAT, "version": R.VERSION + 1, "games": []}))
    before = path.read_bytes()
    with pytest.raises(R.NewerRecord, match="newer version"):
        R.append(row())
    assert path.read_bytes() == before


def test_rows_this_version_cannot_read_are_kept_when_a_game_is_added(home):
    odd = dict(row(), outcome="surrendered", mood="glum")
    write_rows([row(), odd])
    R.append(row(outcome="lost"))
    assert R.load().unread == 1 and len(R.load().games) == 2
    assert odd in json.loads(R.record_path().read_text())["games"]


# ---------------------------------------------------------------- the app
def test_a_finished_game_in_the_app_appends_one_row_and_the_end_screen_opens_the_record():
    """A solo game played by pressing Enter to its end: the end screen counts it (one row:
    villain, hero, seat, level, outcome, rounds), its Record button shows it, Esc returns."""
    from adventures.app.app import App
    from adventures.app.controller import GameSetup
    from adventures.app.end_scene import EndScene
    from adventures.app.record_scene import RecordScene
    from engine.content.schema import ScenarioDef
    scenario = ScenarioDef.model_validate({"name": "record test", "villain": "shredder", "difficulty": "easy",
                                           "seats": [{"hero": "Leonardo", "bot": "human"}], "minions": "random",
                                           "overrides": {"villain_health": 3}, "max_rounds": 3})
    seen: dict = {"ends": 0}

    def press(k):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))

    def click(pos):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))

    def driver(app):
        scene = app.scene
        if scene is app.game_scene and scene.model is not None:
            press(pygame.K_RETURN)
        elif isinstance(scene, EndScene) and scene.buttons:
            seen["ends"] += 1
            seen.setdefault("end", scene)
            value = "record" if seen["ends"] == 1 else "quit"
            click(next(b.rect.center for b in scene.buttons if b.value == value))
        elif isinstance(scene, RecordScene) and "shown" not in seen:
            seen["shown"] = [(line.villain, line.heroes, line.level, line.played) for line in scene.coop]
            press(pygame.K_ESCAPE)

    app = App((1280, 720), headless=True, fps=0, on_frame=driver, max_frames=4000, speed_ms=0)
    assert app.run(start=GameSetup(scenario, seed=5)) == 0
    games = R.load().games
    assert len(games) == 1
    end = seen["end"]
    game = games[0]
    assert (game["mode"], game["villain"], game["heroes"], game["seats"], game["level"]) == (
        "adventure", "shredder", ["leonardo"], ["human"], "easy")
    assert game["outcome"] == {"heroes": "won", "timeout": "draw"}.get(end.over.winner, "lost")
    assert game["rounds"] == end.summary.rounds and game["seed"] == 5
    assert seen["shown"] == [("shredder", ("leonardo",), "easy", 1)]
    assert seen["ends"] >= 2, "Esc on the Record screen goes back to the end screen"


def test_the_new_game_screen_opens_the_record_and_comes_back():
    from adventures.app.app import App
    from adventures.app.record_scene import RecordScene, StartScene
    write_rows([row(), row(outcome="lost")])
    seen: list[str] = []

    def driver(app):
        scene = app.scene
        if isinstance(scene, StartScene) and not seen:
            seen.append(scene.bar_text)
            button = scene.bar_buttons[0]
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1))
        elif isinstance(scene, RecordScene) and len(seen) == 1:
            seen.append(f"{scene.coop[0].won}-{scene.coop[0].lost}")
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        elif isinstance(scene, StartScene) and len(seen) == 2:
            seen.append("back")
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    app = App((1280, 720), headless=True, fps=0, on_frame=driver, max_frames=200, speed_ms=0)
    assert app.run() == 0
    assert seen == ["Your record: 2 games, 1 won, 1 lost", "1-1", "back"]


def test_the_record_screen_fits_every_window_and_text_size():
    """At 1152x633, 1280x720 and 1920x1080 and every text size, at the top of the page and
    scrolled to its end: no text cut, none outside the window or over other text or a
    button; the new-game screen's record bar likewise."""
    from adventures.app.app import App
    from adventures.app.record_scene import RecordScene, StartScene
    rows = many_rows()
    write_rows(rows + [{"date": "from another version"}])
    app = App(SIZES[0], headless=True, fps=0, speed_ms=0)
    scene, start = RecordScene(app), StartScene(app)
    assert scene.unread == 1 and scene.bots_only == 1 and len(scene.matches) == 3
    found = []
    for scale in SCALES:
        T.set_scale(scale)
        for size in SIZES:
            surf = pygame.Surface(size)
            for scroll in (0, 10 ** 6):
                scene.scroll = scroll
                where = f"{size[0]}x{size[1]} at {int(scale * 100)}% scroll {scroll}"
                found += [f"{where}: {p}" for p in problems_in(surf, lambda s: scene.draw(s, 0))]
                found += [f"{where}: button {b.label!r} outside" for b in scene.buttons
                          if not surf.get_rect().contains(b.rect)]
            found += [f"bar {size} {scale}: {p}" for p in problems_in(surf, lambda s: start.draw(s, 0))]
            found += [f"bar {size} {scale}: Record outside" for b in start.bar_buttons
                      if not surf.get_rect().contains(b.rect)]
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} problems)"


def test_every_row_is_drawn_somewhere_on_the_scrolled_page():
    """Scrolling the page through shows every team's line (nothing lost below the fold)."""
    from adventures.app.app import App
    from adventures.app.record_scene import RecordScene
    write_rows(many_rows())
    scene = RecordScene(App(SIZES[0], headless=True, fps=0, speed_ms=0))
    T.set_scale(1.3)
    surf = pygame.Surface(SIZES[0])
    T.reset_cuts(trace=surf)
    for _ in range(200):
        scene.draw(surf, 0)
        before = scene.scroll
        scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        if scene.scroll == before:
            break
    shown = {text for text, rect in T.TRACE if rect is not None}
    T.reset_cuts()
    assert "Krang" in shown and "Shredder" in shown and "Heroic" in shown
    assert any("Black Panther" in t for t in shown) and any("(you)" in t for t in shown)


def test_the_predicted_odds_are_the_figure_the_new_game_screen_shows():
    """The Predicted column is the rate the new-game screen's difficulty line shows for that team
    (new_game_scene.measured_figures; issue 42): the model's prediction, or the team's own
    measurement where it has one (Leonardo and Raphael: the shipped shredder-2p team)."""
    from adventures.app.new_game_scene import measured_figures
    from adventures.content.catalog import load_catalog
    catalog = load_catalog()
    for team, words in ((["leonardo", "raphael"], "won {:.0%} of 300 games"), (["alice", "medusa"], "predicted to win {:.0%} of")):
        coop, _m, _b = R.tally([row(heroes=team, seats=["human", "human"])])
        rate = R.odds_of(coop[0], catalog)
        assert rate is not None
        assert words.format(rate) in " ".join(measured_figures(catalog, "shredder", team, False, "standard"))


# ---------------------------------------------------------------- the command
def run_cli(argv) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    import contextlib
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(argv)
    return code, out.getvalue(), err.getvalue()


def test_record_csv_has_a_header_and_one_row_per_game():
    rows = many_rows()
    write_rows(rows)
    code, out, err = run_cli(["record", "--csv"])
    assert code == 0, err
    table = list(csv.reader(io.StringIO(out)))
    assert table[0] == list(R.CSV_COLUMNS)
    assert len(table) == 1 + len(rows)
    first = dict(zip(table[0], table[1]))
    assert first["villain"] == "shredder" and first["heroes"] == "leonardo" and first["outcome"] == "won"
    assert dict(zip(table[0], table[-1]))["mode"] == "team"


def test_record_prints_the_tally_as_text_and_says_when_there_is_none():
    code, out, _err = run_cli(["record"])
    assert code == 0 and "0 game(s) recorded" in out
    write_rows([row(), row(outcome="lost"), row(villain="krang", level="hard")])
    code, out, _err = run_cli(["record"])
    lines = out.splitlines()
    assert code == 0 and "3 game(s) recorded" in lines[0]
    assert any(line.startswith("Shredder") and "Leonardo" in line and " 2 " in line for line in lines)
    assert any(line.startswith("Krang") and "Hard" in line for line in lines)


def test_an_unreadable_record_is_one_line_and_exit_1():
    R.record_path().write_text("[")
    code, out, err = run_cli(["record", "--csv"])
    assert code == 1 and out == "" and len(err.strip().splitlines()) == 1 and "not a record" in err
