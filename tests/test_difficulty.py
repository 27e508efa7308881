"""Difficulty levels (issue 27): a level changes only values we designed and the rulebook's
own knob (more henchmen, Adventures p.18), never a published value; it is named in scenario
files and on the command line, calibrated by `adventures calibrate`, and a saved or
replayed game keeps the settings it was played with."""
from __future__ import annotations

import argparse
import dataclasses
import json
from pathlib import Path

import pytest
from fixtures import seat_heroes

from adventures import cli
from adventures.content.catalog import load_catalog
from adventures.persistence.hashing import state_hash
from adventures.persistence.replay import export_replay, load_replay, run_replay
from adventures.persistence.save import game_record, load_record, restore, save_game
from adventures.rules import difficulty
from adventures.rules.allies import STARTING_HENCHMEN
from adventures.rules.runner import play_adventure
from adventures.rules.setup import new_adventure
from adventures.rules.state import HENCHMAN
from adventures.sim import runner
from engine.content.loader import load
from engine.content.schema import MAX_ENEMY_CARD_STEPS, EnemyCardDef, EnemyDef, MeasuredDef, ScenarioDef
from engine.decisions import FirstOptionAgent

ROOT = Path(__file__).resolve().parents[1]
SHREDDER_1P = str(ROOT / "scenarios" / "shredder-1p.yaml")
MINIONS = ("baxter_stockman", "bebop_rocksteady", "leatherhead", "rat_king", "slash", "wingnut")
# Printed in the Adventures rulebook: Shredder's starting health by players (p.4), every
# minion's health dial set to 10 (p.4), the supplies (p.2-4).
SHREDDER_HEALTH = (14, 21, 28, 35)
MINION_HEALTH = 10
SUPPLIES = {"foot": 24, "rat": 8, "mouser": 8}
LEVELS = [lv.key for lv in load_catalog().difficulty.levels]


def scenario(villain="shredder", players=1, level="standard", minions=MINIONS[:1], **extra) -> ScenarioDef:
    seats = [{"hero": h} for h in ("leonardo", "raphael", "donatello", "michelangelo")[:players]]
    return ScenarioDef(name="difficulty test", villain=villain, seats=seats, minions=list(minions)[:players],
                       difficulty=level, **extra)


def game_of(sc: ScenarioDef, seed: int = 5, catalog=None):
    agent = FirstOptionAgent()
    return new_adventure(sc, catalog or load_catalog(), seed, {i: agent for i in range(sc.players)}, agent)


def printed_hero_values(game) -> list:
    """What the published hero cards and fighters say, as the game holds them."""
    out = []
    for side in game.sides:
        if side.is_enemy:
            continue
        out += [(f.name, f.health, f.max_health) for f in side.fighters]
        out += sorted((c.name, c.value, c.boost, c.defense) for c in side.deck + side.hand)
    return out


def enemy_cards(side) -> list:
    return [c for c in side.deck + side.discard + side.removed]


def is_published(defn: EnemyDef, name: str) -> bool:
    card = next(c for c in defn.deck if c.name == name)
    own = card.provenance if "provenance" in card.model_fields_set else defn.provenance
    return own == "published"


@pytest.mark.parametrize("villain", ["shredder", "krang"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_level_leaves_published_values_as_printed(villain, players):
    """Heroes (health, every card), Shredder's health (p.4), minion health 10 (p.4) and the
    supplies (p.2-4) are the same at every level and at the dial's extremes; only designed
    enemy card values move."""
    catalog = load_catalog()
    for minions in (MINIONS[:4], MINIONS[2:]):       # every minion at least once
        standard = game_of(scenario(villain, players, minions=minions))
        heroes = printed_hero_values(standard)
        for level in LEVELS:
            for explicit in (None, -MAX_ENEMY_CARD_STEPS, MAX_ENEMY_CARD_STEPS):
                sc = scenario(villain, players, level, minions=minions)
                if explicit is not None:
                    sc = sc.model_copy(update={"overrides": sc.overrides.model_copy(update={"enemy_cards": explicit})})
                game = game_of(sc)
                assert printed_hero_values(game) == heroes, (level, explicit)
                if villain == "shredder":
                    assert game.adv.villain.fighters[0].max_health == SHREDDER_HEALTH[players - 1]
                for minion in game.adv.minions:
                    assert minion.fighters[0].max_health == MINION_HEALTH
                for token, count in game.adv.supply_total.items():
                    assert count == SUPPLIES.get(token, count), token
                for side in (game.adv.villain, *game.adv.minions):
                    defn = catalog.enemies[side.hero_key]
                    for card in enemy_cards(side):
                        if is_published(defn, card.name):
                            printed = next(c for c in defn.deck if c.name == card.name)
                            assert (card.value, card.defense) == (printed.attack, printed.defense)


def test_the_dial_walks_designed_card_values_one_value_per_step():
    """enemy_cards N: a card's attack, then its defense, then the next card's, in file order;
    published cards and Slash's Fury cards (never played) are skipped; N < 0 lowers."""
    defn = EnemyDef(key="boss", name="Boss", role="minion", health=[10], initiative=[{"key": "t", "name": "T", "move": 2}],
                    deck=[EnemyCardDef(name="A", attack=2, defense=2, copies=2),
                          EnemyCardDef(name="P", attack=3, defense=3, provenance="published"),
                          EnemyCardDef(name="F", attack=1, defense=1, fury=True),
                          EnemyCardDef(name="D", attack=1, defense=1, deception=True)])
    assert difficulty.card_deltas(defn, 0) == ((0, 0),) * 5
    assert difficulty.card_deltas(defn, 1) == ((1, 0), (0, 0), (0, 0), (0, 0), (0, 0))
    assert difficulty.card_deltas(defn, 5) == ((1, 1), (1, 1), (0, 0), (0, 0), (1, 0))
    assert difficulty.card_deltas(defn, 7) == ((2, 1), (1, 1), (0, 0), (0, 0), (1, 1))
    assert difficulty.card_deltas(defn, -2) == ((-1, -1), (0, 0), (0, 0), (0, 0), (0, 0))


def test_a_lowered_card_value_never_goes_below_zero():
    sc = scenario(overrides={"enemy_cards": -MAX_ENEMY_CARD_STEPS})
    game = game_of(sc)
    for side in (game.adv.villain, *game.adv.minions):
        assert all(c.value >= 0 and c.defense >= 0 for c in enemy_cards(side))


@pytest.mark.parametrize("allies", [True, False])
def test_more_henchmen_at_hard_follows_rulebook_p18(allies):
    """Adventures p.18-19: two face-down henchmen join the initiative deck at setup, and "when
    you want a tougher challenge, you can add even more henchmen": each level adds its own
    on top of the scenario's; without allies & henchmen there are none at any level."""
    table = load_catalog().difficulty
    for level in LEVELS:
        game = game_of(scenario(players=2, level=level, allies=allies, extra_henchmen=1))
        henchmen = sum(1 for c in game.adv.all_cards if c.owner == HENCHMAN)
        wanted = STARTING_HENCHMEN + 1 + table.level(level).extra_henchmen if allies else 0
        assert henchmen == wanted, level
    assert table.level("hard").extra_henchmen > table.level("standard").extra_henchmen
    assert table.level("heroic").extra_henchmen >= table.level("hard").extra_henchmen


def test_unknown_difficulty_in_scenario_is_refused_with_line(tmp_path, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text("kind: scenario\nname: x\nvillain: shredder\nseats:\n  - {hero: leonardo}\n"
                    "difficulty: impossible\n", encoding="utf-8")
    for argv in (["validate", str(path)], ["simulate", str(path), "--games", "1", "--no-progress"]):
        assert cli.main(argv) == 2
        said = capsys.readouterr()
        lines = (said.out + said.err).strip().splitlines()
        assert lines == [f"{path}:6: difficulty: unknown difficulty 'impossible' (known: {', '.join(LEVELS)})"]


def test_a_level_in_a_scenario_file_is_read_with_the_names_normalisation(tmp_path):
    path = tmp_path / "hard.yaml"
    path.write_text("kind: scenario\nname: x\nvillain: shredder\nseats:\n  - {hero: leonardo}\n"
                    "difficulty: ' HARD '\n", encoding="utf-8")
    assert runner.load_scenario(path).difficulty == "hard"


@pytest.mark.parametrize("command", ["simulate", "ladder", "tune", "report", "screenshot"])
def test_an_unknown_difficulty_option_is_refused_in_one_line_naming_it(command, tmp_path, capsys):
    base = {"simulate": ["simulate", SHREDDER_1P, "--games", "1"],
            "ladder": ["ladder", SHREDDER_1P, "--games", "1", "--bots", "random"],
            "tune": ["tune", SHREDDER_1P, "--param", "villain_health", "--games", "1", "--low", "5", "--high", "6"],
            "report": ["report", SHREDDER_1P, "--out", str(tmp_path / "r"), "--games", "1"],
            "screenshot": ["screenshot", SHREDDER_1P, "--out", str(tmp_path / "s.png")]}[command]
    assert cli.main([*base, "--difficulty", "impossible"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--difficulty" in err[0] and "heroic" in err[0], err


def test_a_match_has_no_difficulty(capsys):
    match = str(ROOT / "scenarios" / "duel-leonardo-raphael.yaml")
    assert cli.main(["simulate", match, "--games", "1", "--difficulty", "hard"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--difficulty" in err[0]


def test_the_difficulty_option_plays_the_level(capsys):
    for level in ("easy", "heroic"):
        assert cli.main(["simulate", SHREDDER_1P, "--games", "30", "--json", "--difficulty", level]) == 0
    easy, heroic = (json.loads(line) for line in capsys.readouterr().out.strip().splitlines())
    assert easy["win_rate"] > heroic["win_rate"]


def test_difficulty_is_a_sweep_parameter(tmp_path):
    base = runner.load_scenario(SHREDDER_1P)
    assert runner.with_params(base, {"difficulty": "hard"}).difficulty == "hard"
    with pytest.raises(ValueError, match="unknown difficulty"):
        runner.with_params(base, {"difficulty": "impossible"})
    sweep = tmp_path / "sweep.yaml"
    sweep.write_text(f"base: {SHREDDER_1P}\nsweep:\n  difficulty: [easy, impossible]\n", encoding="utf-8")
    from engine.content.loader import ContentError
    with pytest.raises(ContentError) as caught:
        runner.load_sweep(sweep)
    assert caught.value.problems[0].line == 3 and "impossible" in caught.value.problems[0].message


def _table_with_dial(catalog, dial: int):
    """`catalog` whose per-team calibration rows say `dial` for every level (as if re-calibrated
    per cell), without a win-rate model: the rows are what a villain or size the model does not
    cover plays (tests/test_odds.py checks the model's own dials)."""
    table = catalog.difficulty
    rows = [MeasuredDef(villain="shredder", players=p, heroes=seat_heroes(p), level=lv.key,
                        settings={"enemy_cards": dial, "extra_henchmen": lv.extra_henchmen}, games=1, wins=0,
                        win_rate=0, ci95=(0, 1), in_band=False, bot="strong", seed=1, date="2026-01-01",
                        command="test") for lv in table.levels for p in (1, 2, 3, 4)]
    return dataclasses.replace(catalog, difficulty=table.model_copy(update={"measured": rows, "model": None}))


def test_a_level_plays_the_dial_of_the_nearest_measured_team():
    catalog = _table_with_dial(load_catalog(), 7)
    assert difficulty.settings_for(catalog, "shredder", seat_heroes(3), True, "hard").enemy_cards == 7
    unmeasured = difficulty.settings_for(catalog, "krang", ["alice", "sinbad"], False, "heroic")
    assert unmeasured.enemy_cards == catalog.difficulty.level("heroic").unmeasured_enemy_cards


def test_a_team_without_its_own_row_plays_the_random_teams_dial_of_its_size():
    """Random teams are calibrated over every hero: their dial is the fair guess for a team
    the table has not measured; a measured team plays its own (difficulty.measured_row), and
    the game and the new-game screen pick the same row."""
    from adventures.app.new_game_scene import measured_figures, measured_line
    catalog = _table_with_dial(load_catalog(), 7)
    table = catalog.difficulty
    randoms = [r.model_copy(update={"heroes": ["random"] * r.players, "settings": r.settings.model_copy(
        update={"enemy_cards": -3}), "win_rate": 0.61}) for r in table.measured]
    catalog = dataclasses.replace(catalog, difficulty=table.model_copy(update={"measured": table.measured + randoms}))
    own = difficulty.settings_for(catalog, "shredder", ["Raphael", "leonardo"], False, "standard")
    assert own.enemy_cards == 7                       # a name or a key, in any seat order: the same team
    assert difficulty.settings_for(catalog, "shredder", ["donatello", "leonardo"], False, "standard").enemy_cards == -3
    assert difficulty.settings_for(catalog, "shredder", ["random", "random"], False, "standard").enemy_cards == -3
    line = measured_line(catalog, "shredder", ["donatello", "leonardo"], False, "standard")
    assert line == "Standard: a good team wins about 3 games in 5 (as measured for random teams of 2, 2 players)."
    assert "61%" in " ".join(measured_figures(catalog, "shredder", ["donatello", "leonardo"], False, "standard"))
    assert measured_line(catalog, "shredder", ["random", "random"], False, "standard") == (
        "Standard: a good team wins about 3 games in 5.")


def test_difficulty_is_kept_by_saves_and_replays(tmp_path):
    """A game records its level and the settings it was set up with: after a re-calibration
    (another dial in the table) its save restores and its replay re-runs to the same bytes."""
    catalog = _table_with_dial(load_catalog(), 6)
    sc = scenario(players=2, level="hard", allies=True)
    game = game_of(sc, seed=11, catalog=catalog)
    play_adventure(game, max_rounds=3)
    assert game.scenario.difficulty == "hard" and game.scenario.difficulty_settings.enemy_cards == 6
    save_game(game, tmp_path / "save.json")
    record = load_record(tmp_path / "save.json")
    assert record["scenario"]["difficulty"] == "hard"
    assert record["scenario"]["difficulty_settings"]["enemy_cards"] == 6
    recalibrated = _table_with_dial(load_catalog(), -9)
    agent = FirstOptionAgent()
    again = restore(record, {0: agent, 1: agent}, agent, catalog=recalibrated)
    play_adventure(again, max_rounds=3)
    assert state_hash(again) == state_hash(game) and game_record(again)["answers"] == game.answers
    finished = game_of(sc, seed=12, catalog=catalog)
    play_adventure(finished)
    export_replay(finished, tmp_path / "replay.json")
    result = run_replay(load_replay(tmp_path / "replay.json"), catalog=recalibrated)
    assert result.identical, result.problem


def test_standard_without_a_measured_row_is_todays_game():
    """Standard's dial for a villain never measured (no win-rate model, no per-team row) is 0:
    the game as designed."""
    catalog = load_catalog()
    empty = dataclasses.replace(catalog, difficulty=catalog.difficulty.model_copy(update={"measured": [],
                                                                                          "model": None}))
    assert catalog.difficulty.level("standard").unmeasured_enemy_cards == 0
    a = game_of(scenario(players=2), catalog=empty)
    b = game_of(scenario(players=2).model_copy(update={"difficulty_settings": None}), catalog=catalog)
    b_cards = sorted((c.name, c.value, c.defense) for c in enemy_cards(b.adv.villain))
    a_cards = sorted((c.name, c.value, c.defense) for c in enemy_cards(a.adv.villain))
    defn = catalog.enemies["shredder"]
    assert a_cards == sorted((c.name, c.attack, c.defense) for c in defn.deck for _ in range(c.copies))
    assert len(b_cards) == len(a_cards)


def test_the_shipped_table_measures_every_shipped_scenario_at_every_level():
    """`adventures calibrate` wrote a row per shipped co-op scenario and level, with the
    strong bot, each with its games, interval, date and command."""
    table = load_catalog().difficulty
    for file in runner.shipped_scenario_files(("scenario",)):
        sc = runner.load_scenario(file)
        heroes = [s.hero for s in sc.seats]
        for level in LEVELS:
            rows = [r for r in table.measured if (r.villain, r.players, r.allies, r.level) ==
                    (sc.villain, sc.players, sc.allies, level) and r.heroes == heroes]
            assert len(rows) == 1, (file, level)
            row = rows[0]
            assert row.bot == "strong" and row.games >= 100 and row.command.startswith("adventures calibrate")
            assert row.ci95[0] <= row.win_rate <= row.ci95[1]


def test_calibrate_writes_a_table_the_game_loads(tmp_path, capsys):
    out = tmp_path / "difficulty.yaml"
    code = cli.main(["calibrate", SHREDDER_1P, "--games", "6", "--bot", "random", "--per-cell", "--no-random-teams",
                     "--no-progress", "--out", str(out)])
    assert code in (0, 1)          # 1: a level out of its band with so few random games
    table = load(out, "difficulty").model
    rows = [r for r in table.measured if r.villain == "shredder" and r.players == 1 and r.heroes == ["leonardo"]]
    assert [r.level for r in rows] == LEVELS or sorted(r.level for r in rows) == sorted(LEVELS)
    assert all(r.games == 6 and r.bot == "random" and "--games 6" in r.command for r in rows)
    assert "levels:" in out.read_text(encoding="utf-8")      # the hand-written part is kept
    assert "wrote" in capsys.readouterr().out


def test_calibrate_searches_the_random_teams_dial_of_its_scenarios_sizes(tmp_path, capsys):
    """Random teams are calibrated like scenarios (their own dial searched), for the player
    counts of the scenarios run; their rows serve teams without a row of their own."""
    out = tmp_path / "difficulty.yaml"
    code = cli.main(["calibrate", SHREDDER_1P, "--per-cell", "--games", "4", "--bot", "random", "--no-progress", "--out", str(out)])
    assert code in (0, 1)
    made = [r for r in load(out, "difficulty").model.measured if r.bot == "random"]     # this run's rows
    rows = [r for r in made if r.heroes == ["random"]]
    assert sorted(r.level for r in rows) == sorted(LEVELS) and all(r.villain == "shredder" for r in rows)
    assert all(r.heroes in (["leonardo"], ["random"]) for r in made) and len(made) == 2 * len(LEVELS)
    capsys.readouterr()


def test_calibrate_moves_a_dial_over_a_plateau_until_the_fresh_seeds_are_in_band(monkeypatch):
    """With 2-4 enemy decks one dial step often changes a card value that seldom comes up, so
    the fresh-seed win rate can stay put for several steps (Krang against 2 random heroes at
    Hard: 82-83 of 300 at dials 16-18); the confirmation keeps stepping toward the band."""
    from adventures.sim import cli_calibrate
    wins_at = {19: 78, 18: 83, 17: 82, 16: 82, 15: 96}          # of 300: Hard's band is 30-45%
    monkeypatch.setattr(cli_calibrate, "measure", lambda sc, games, *rest: (wins_at[sc.params["enemy_cards"]], 300))
    monkeypatch.setattr(runner, "with_params", lambda sc, params: dataclasses.replace(sc, params=params))
    hard = next(lv for lv in load_catalog().difficulty.levels if lv.key == "hard")
    args = argparse.Namespace(games=300, seed=1, workers=1, cluster=None)
    dial, wins, games, nudged = cli_calibrate.confirmed(_Scenario({}), hard, 19, args, {}, None)
    assert (dial, wins, games, nudged) == (15, 96, 300, 4)


@dataclasses.dataclass
class _Scenario:
    params: dict


def test_a_level_whose_target_is_outside_its_band_is_refused_with_line(tmp_path, capsys):
    from adventures.content.catalog import CONTENT_ROOT
    text = (CONTENT_ROOT / "difficulty.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "difficulty.yaml"
    bad.write_text(text.replace("target: 0.8", "target: 0.5", 1), encoding="utf-8")
    line = text[:text.index("target: 0.8")].count("\n") + 1
    assert cli.main(["validate", str(bad)]) == 2
    out = capsys.readouterr().out.strip().splitlines()
    assert out == [f"{bad}:{line}: levels.0.target: 0.5 is outside the band 0.75-1.0"]


def test_the_new_game_screen_says_the_measured_figure_or_which_team_it_has():
    """Issue 27: the new-game screen shows the strong bot's measured win rate for the chosen
    villain, heroes, players and level; for a team without a row, the nearest team's figure
    and which team that is. Issue 40: in plain words ("Hard: a good team wins about 2 games
    in 5"), the figures (rate, games, interval, date) on hover."""
    from adventures.app.new_game_scene import measured_figures, measured_line, odds
    catalog = _table_with_dial(load_catalog(), 0)
    row = next(r for r in catalog.difficulty.measured if r.players == 2 and r.level == "hard")
    row_line = measured_line(catalog, "shredder", ["leonardo", "raphael"], False, "hard")
    assert row_line == f"Hard: a good team wins about {odds(row.win_rate)}."
    figures = " ".join(measured_figures(catalog, "shredder", ["leonardo", "raphael"], False, "hard"))
    for figure in (f"{row.win_rate:.0%}", f"{row.games} games", f"{row.ci95[0]:.0%}", f"{row.ci95[1]:.0%}", row.date):
        assert figure in figures
    other = measured_line(catalog, "shredder", ["alice", "sinbad"], False, "hard")
    assert other.endswith("(as measured for Leonardo and Raphael, 2 players).")
    assert "Leonardo and Raphael" in " ".join(measured_figures(catalog, "shredder", ["alice", "sinbad"], False,
                                                               "hard"))
    assert measured_line(catalog, "krang", ["alice"], False, "hard") == "Hard: not measured yet for this villain."


def test_the_dial_deals_its_steps_to_the_enemy_decks_in_turn():
    """One step is one card value in the whole game: the villain's deck first, then each
    minion's, then the villain's again."""
    assert [difficulty.deck_steps(7, deck, 3) for deck in range(3)] == [3, 2, 2]
    assert [difficulty.deck_steps(-4, deck, 3) for deck in range(3)] == [-2, -1, -1]
    assert [difficulty.deck_steps(0, deck, 2) for deck in range(2)] == [0, 0]
    assert sum(difficulty.deck_steps(11, deck, 5) for deck in range(5)) == 11
