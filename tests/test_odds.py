"""Issue 42: odds that hold for the team at the table.

The win-rate model (adventures/rules/odds.py) predicts the reference player's win rate for any
team; every level's dial comes from it per team; `adventures calibrate` fits it from paired-seed
games (adventures/sim/odds_fit.py) and checks it on held-out teams; `adventures odds` prints it.
"""
from __future__ import annotations

import dataclasses
import json
import math
import random

import pytest
from pydantic import ValidationError

from adventures import cli
from adventures.content.catalog import load_catalog
from adventures.rules import difficulty, odds
from engine.content.schema import OddsModelDef, OddsSizeDef

HEROES = ["alice", "black_panther", "black_widow", "donatello", "king_arthur", "leonardo", "medusa",
          "michelangelo", "raphael", "sinbad", "winter_soldier"]


def _logit(p: float) -> float:
    return math.log(p / (1 - p))


def toy_model(effects: dict[str, float] | None = None, slope: float = -0.05, allies: float = -0.3,
              henchman: float = -0.4) -> OddsModelDef:
    """Shredder at 1-4 players: logit = 1.0 + slope * dial (straight between knots -40 and 80)
    plus each hero's effect (the same at every size), allies and henchmen."""
    effects = effects or {}
    sizes = [{"players": n, "knots": [-40, 80], "logits": [1.0 - 40 * slope, 1.0 + 80 * slope],
              "logit_se": [0.1, 0.1], "allies": allies, "allies_se": 0.05, "henchman": henchman,
              "henchman_se": 0.05} for n in (1, 2, 3, 4)]
    heroes = [{"hero": h, "effect": [effects.get(h, 0.0)] * 4, "se": [0.05] * 4} for h in HEROES]
    return OddsModelDef(reference={"bot": "strong", "params_sha256": "0" * 64},
                        villains=[{"villain": "shredder", "sizes": sizes, "heroes": heroes}],
                        date="2026-11-28", command="test")


def with_model(model, catalog=None, rows: bool = True):
    """The catalog with this model; rows=False: without the per-team table's rows, so every team
    plays the model's dial (a team with its own row plays the row's: the last test)."""
    catalog = catalog or load_catalog()
    update = {"model": model} if rows else {"model": model, "measured": []}
    return dataclasses.replace(catalog, difficulty=catalog.difficulty.model_copy(update=update))


def test_a_curve_needs_one_logit_and_one_error_per_rising_knot():
    with pytest.raises(ValidationError, match="knots"):
        OddsSizeDef(players=1, knots=[10, 5], logits=[0, 0], logit_se=[0, 0])
    with pytest.raises(ValidationError, match="3 values"):
        OddsSizeDef(players=1, knots=[0, 5], logits=[0, 0, 0], logit_se=[0, 0])


def test_each_level_plays_the_dial_whose_predicted_rate_is_nearest_its_target():
    """Difficulty levels (Adventures p.18 for the henchmen knob): every team gets each level's
    dial from the model, so a stronger team plays a higher dial."""
    catalog = with_model(toy_model({"medusa": 1.0, "black_widow": -1.0}), rows=False)
    table = catalog.difficulty
    for level in table.levels:
        for team in (["leonardo"], ["medusa"], ["black_widow", "raphael"]):
            dial = difficulty.settings_for(catalog, "shredder", team, False, level.key).enemy_cards
            at = odds.rate_at(catalog.difficulty.model, "shredder", [tuple(sorted(team))], False, 0, dial)[0]
            near = [odds.rate_at(catalog.difficulty.model, "shredder", [tuple(sorted(team))], False, 0, d)[0]
                    for d in (dial - 1, dial + 1)]
            assert all(abs(at - level.target) <= abs(r - level.target) for r in near)
    strong = difficulty.settings_for(catalog, "shredder", ["medusa"], False, "standard").enemy_cards
    weak = difficulty.settings_for(catalog, "shredder", ["black_widow"], False, "standard").enemy_cards
    assert strong - weak == pytest.approx(2.0 / 0.05, abs=1)      # 2 logits apart at 0.05 a step


def test_a_team_is_its_heroes_whatever_their_seats_or_names():
    catalog = with_model(toy_model({"medusa": 1.0, "sinbad": 0.5}))
    a = odds.predicted_odds(catalog, "shredder", ["Medusa", "sinbad"], False, 0, "hard")
    b = odds.predicted_odds(catalog, "shredder", ["sinbad", "medusa"], False, 0, "hard")
    assert a == b and a.averaged == 1


def test_a_random_seat_is_the_average_over_every_hero_it_can_be_dealt():
    """A seat dealt at setup can be any co-op hero the other seats do not play: the odds
    shown and the dial played are the average over those teams, and say how many."""
    effects = {h: 0.2 * i - 1.0 for i, h in enumerate(HEROES)}
    catalog = with_model(toy_model(effects))
    found = odds.predicted_odds(catalog, "shredder", ["leonardo", "random"], False, 0, "standard")
    assert found.averaged == len(HEROES) - 1
    one_by_one = [odds.predicted_odds(catalog, "shredder", ["leonardo", h], False, 0, "standard").dial
                  for h in HEROES if h != "leonardo"]
    assert min(one_by_one) <= found.dial <= max(one_by_one)
    model = catalog.difficulty.model
    teams = [tuple(sorted(("leonardo", h))) for h in HEROES if h != "leonardo"]
    assert found.rate == pytest.approx(odds.rate_at(model, "shredder", teams, False, 0, found.dial)[0])


def test_allies_and_each_henchman_move_the_odds_and_the_level_counts_its_own_henchmen():
    """Adventures p.18: more henchmen for a tougher game; the level's own extra henchmen are in
    its dial, the players' own on top make the game harder (the odds fall, the dial stays)."""
    catalog = with_model(toy_model(allies=-0.3, henchman=-0.4))
    plain = odds.predicted_odds(catalog, "shredder", ["leonardo", "raphael"], True, 0, "hard")
    more = odds.predicted_odds(catalog, "shredder", ["leonardo", "raphael"], True, 2, "hard")
    assert more.dial == plain.dial and more.rate < plain.rate
    hard = catalog.difficulty.level("hard")
    assert abs(plain.rate - hard.target) < 0.01         # the level's henchman is in its dial
    without = difficulty.settings_for(catalog, "shredder", ["leonardo", "raphael"], False, "hard").enemy_cards
    assert without > plain.dial                          # allies and a henchman cost the heroes: a lower dial


def test_a_hero_the_model_never_saw_counts_as_average_and_is_named():
    model = toy_model()
    villain = model.villains[0]
    fewer = villain.model_copy(update={"heroes": [h for h in villain.heroes if h.hero != "sinbad"]})
    catalog = with_model(model.model_copy(update={"villains": [fewer]}))
    found = odds.predicted_odds(catalog, "shredder", ["sinbad"], False, 0, "standard")
    assert found.unseen == ("sinbad",) and found.high - found.low > 0.15


def test_a_villain_or_size_the_model_lacks_plays_the_measured_table():
    catalog = with_model(toy_model())
    krang = difficulty.settings_for(catalog, "krang", ["alice"], False, "standard").enemy_cards
    assert krang == difficulty.settings_for(with_model(None), "krang", ["alice"], False, "standard").enemy_cards
    assert odds.predicted_odds(catalog, "krang", ["alice"], False, 0, "standard") is None


def test_the_fit_recovers_a_known_model_from_games_spread_over_the_dial():
    """adventures/sim/odds_fit.py: games drawn from a known logistic model (hero effects that
    differ, one hero's effect growing with the dial, a curve with one step far steeper than the
    rest) give back the effects, the slope and the curve within their errors."""
    pytest.importorskip("numpy")
    from adventures.sim import odds_fit
    rng = random.Random(5)
    truth = {h: 0.15 * (i - 5) for i, h in enumerate(HEROES)}
    ranges = {("shredder", 1): (0, 40), ("shredder", 3): (0, 40)}

    def curve(d: int) -> float:          # a step at 20 worth 0.3 logit: one card value the enemy plays often
        return 1.0 - 0.04 * d - (0.3 if d > 20 else 0.0)

    def slope(h: str, d: int) -> float:  # black_widow: -0.2 logit per 10 steps harder
        return -0.2 * odds_fit.steps_from_centre(d, 0, 40) if h == "black_widow" else 0.0
    games = []
    for n in (1, 3):
        for _ in range(12000):
            team = tuple(sorted(rng.sample(HEROES, n)))
            dial = rng.randint(0, 40)
            eta = curve(dial) + sum(truth[h] + slope(h, dial) for h in team)
            games.append({"villain": "shredder", "players": n, "heroes": team, "allies": False, "henchmen": 0,
                          "dial": dial, "win": int(rng.random() < 1 / (1 + math.exp(-eta)))})
    (fitted,) = odds_fit.fit(games, ranges)
    mean = sum(truth.values()) / len(truth)
    for row in fitted["heroes"]:
        for n in (1, 3):
            assert abs(row["effect"][n - 1] - (truth[row["hero"]] - mean)) < 3 * row["se"][n - 1] + 0.02
        want = -0.2 * (1 - 1 / len(HEROES)) if row["hero"] == "black_widow" else 0.2 / len(HEROES)
        assert abs(row["slope"][0] - want) < 3 * row["slope_se"][0] + 0.02, row
    for size in fitted["sizes"]:
        assert size["fitted"] == [0, 40] and size["centre"] == 20
        mean_slope = -0.2 / len(HEROES)
        inside = [(d, v, e) for d, v, e in zip(size["knots"], size["logits"], size["logit_se"]) if 0 <= d <= 40]
        assert len(inside) == 41           # a value at every dial step played
        for d, value, se in inside:     # the prior on each step (STEP_SD) blurs a sharp one a little
            want = curve(d) + size["players"] * (mean + mean_slope * odds_fit.steps_from_centre(d, 0, 40))
            assert abs(value - want) < 3 * se + 0.1, (d, value, want)
        # the step is found where it is: the five steps that fall most hold it (the prior on a
        # step spreads a sharp one over its neighbours), falling about the step and the trend
        values = dict((d, v) for d, v, _ in inside)
        drops = {d: values[d] - values[d + 5] for d in range(36)}
        steepest = max(drops, key=drops.get)
        assert 16 <= steepest <= 20 and drops[steepest] == pytest.approx(0.3 + 5 * 0.04, abs=0.15)


def test_the_fit_never_sees_a_held_out_team():
    from adventures.sim import calibrate_model as cm
    held = [{"villain": "shredder", "heroes": ["leonardo", "raphael"], "allies": False}]
    records = [{"winner": "heroes", "heroes": team, "cell": ("shredder", 2, False, 0, 5), "seed": i}
               for i, team in enumerate(["raphael+leonardo", "leonardo+sinbad", "leonardo+raphael"])]
    games, left_out = cm.fit_games(records, held)
    assert left_out == 2 and [g["heroes"] for g in games] == [("leonardo", "sinbad")]


def test_held_out_teams_cover_both_villains_and_every_team_size():
    from adventures.sim import calibrate_model as cm
    teams = cm.held_out_teams(load_catalog(), ["krang", "shredder"], [1, 2, 3, 4], 1)
    assert len(teams) >= 20
    assert {(t["villain"], len(t["heroes"])) for t in teams} == {(v, n) for v in ("krang", "shredder")
                                                               for n in (2, 3, 4)}
    assert sum(t["allies"] for t in teams) == 2            # one team of 3 with allies per villain
    assert teams == cm.held_out_teams(load_catalog(), ["krang", "shredder"], [1, 2, 3, 4], 1)


def test_the_validation_seats_every_held_out_hero_in_every_seat_alike_on_the_same_seeds_at_every_level():
    """The model predicts a team whatever its seats (the fit's seats are dealt at random), so
    the held-out check turns the seats between batches: each hero in each seat as often."""
    from collections import Counter

    from adventures.sim import calibrate_model as cm
    catalog = load_catalog()
    model = catalog.difficulty.model
    tasks = cm.validation_plan(catalog, model, 300, 2)
    for t, team in enumerate(model.held_out):
        mine = [task for task in tasks if task[3][0] == t]
        seats = Counter((k, seat.hero) for task in mine for k, seat in enumerate(task[0].seats) for _ in task[1])
        assert set(seats.values()) == {len(mine) * 25 // len(team.heroes)}
        seats_of = {}          # level: (seed, the seats' order) of every game, in seed order
        for task in mine:
            order = tuple(seat.hero for seat in task[0].seats)
            seats_of.setdefault(task[3][1], []).extend((seed, order) for _i, seed in task[1])
        assert len({tuple(sorted(v)) for v in seats_of.values()}) == 1, "the same seeds and seats at every level"
        assert len(next(iter(seats_of.values()))) == 300


def test_the_validation_summary_is_errors_in_points_and_the_share_in_band():
    from adventures.sim import calibrate_model as cm
    rows = [{"villain": "krang", "heroes": ["alice"], "allies": False, "level": "easy", "predicted": 0.8,
             "games": 100, "wins": 76, "in_band": True},
            {"villain": "krang", "heroes": ["alice"], "allies": False, "level": "hard", "predicted": 0.4,
             "games": 100, "wins": 50, "in_band": False}]
    got = cm.summary(rows)
    assert got["mae"] == pytest.approx(7.0) and got["max"] == pytest.approx(10.0) and got["in_band"] == 0.5


def test_the_validation_measures_how_far_teams_stray_beyond_the_models_own_uncertainty():
    """docs/BALANCE.md "Odds for every team": a team is more than the sum of its heroes; the
    held-out teams measure by how much (method of moments on the logit scale, less the model's
    own variance and the games' chance), and nothing when they stray no more than that."""
    from adventures.sim import calibrate_model as cm
    rng = random.Random(5)

    def rows(spread: float) -> list[dict]:
        out = []
        for _ in range(3000):
            p, model_sd = rng.uniform(0.15, 0.85), 0.1
            truth = _logit(p) + rng.gauss(0, model_sd) + rng.gauss(0, spread)
            q = 1 / (1 + math.exp(-truth))
            wins = sum(rng.random() < q for _ in range(300))
            out.append({"predicted": p, "model_sd": model_sd, "games": 300, "wins": wins})
        return out
    assert cm.team_spread(rows(0.2)) == pytest.approx(0.2, abs=0.03)
    assert cm.team_spread(rows(0.0)) < 0.05
    assert cm.team_spread([]) == 0.0
    few = [dict(r, heroes=[f"team {i % 22}"]) for i, r in enumerate(rows(0.0)[:88])]     # 22 teams of 4 rows
    assert cm.team_spread_bound(few, runs=300) >= cm.team_spread(few)


def test_the_validation_says_what_chance_alone_allows_the_largest_error():
    """Issue 42 item 3 asks every held-out pair within 8 points: with 300 games a pair, chance
    alone breaks it in some runs even for a model exactly right; with many games it never
    does, and a model whose teams stray does so more often."""
    pytest.importorskip("numpy")
    from adventures.sim import calibrate_model as cm
    rows = [{"predicted": 0.5, "games": 300, "model_sd": 0.1} for _ in range(88)]
    exact = cm.chance_within(rows, 8, None, runs=2000)
    assert 0.5 < exact < 0.95
    own = cm.chance_within(rows, 8, 0.0, runs=2000)         # the model's own uncertainty only
    assert cm.chance_within(rows, 8, 0.2, runs=2000) < own < exact
    assert cm.chance_within([{**r, "games": 100000} for r in rows], 8, None, runs=200) == 1.0


def test_the_validation_report_says_how_far_teams_strayed_and_what_chance_allows():
    """`adventures calibrate --validate` prints the teams' spread beyond the model's own
    uncertainty (written into the model as `team_sd`) and what chance allows the largest error."""
    from adventures.sim import calibrate_model as cm
    from adventures.sim import cli_calibrate_model as ccm
    rows = [{"villain": "krang", "heroes": ["alice", "sinbad"], "allies": False, "level": "easy", "dial": 3,
             "predicted": 0.8, "games": 300, "wins": 240, "in_band": True, "model_sd": 0.15}]
    summary = {**cm.summary(rows),
               "team_sd": 0.11, "team_sd_95": 0.2, "chance_exact": 0.8, "chance_as_measured": 0.003}
    text = ccm.validation_text(rows, summary)
    assert "by 0.11 logit beyond its own uncertainty" in text and "every interval the model gives now counts it" in text
    assert "80% of runs for a model exactly right, 0.3% for one as far off as measured" in text
    quiet = ccm.validation_text(rows, {**summary, "team_sd": 0.0, "team_sd_95": 0.12})
    assert "no further than its own uncertainty says (resampling the teams: at most 0.12 in 95% of draws)" in quiet


def test_every_model_interval_counts_how_far_teams_stray_from_the_model():
    """The rate and so the dial stay the model's; only the interval widens by `team_sd`."""
    plain = toy_model({"medusa": 1.0})
    spread = plain.model_copy(update={"team_sd": 0.3})
    team = [("medusa", "sinbad")]
    a, b = odds.rate_at(plain, "shredder", team, False, 0, 10), odds.rate_at(spread, "shredder", team, False, 0, 10)
    assert a[0] == pytest.approx(b[0])
    assert b[1] < a[1] and b[2] > a[2]
    shown = odds.predicted_odds(with_model(spread, rows=False), "shredder", ["medusa", "sinbad"], False, 0, "hard")
    assert shown.dial == odds.predicted_odds(with_model(plain, rows=False), "shredder", ["medusa", "sinbad"],
                                             False, 0, "hard").dial
    with pytest.raises(ValidationError):
        OddsModelDef.model_validate({**plain.model_dump(), "team_sd": -0.1})


def test_the_odds_command_prints_each_level_and_its_dial(capsys, tmp_path):
    content = tmp_path / "content"
    content.mkdir()
    _write_table(content / "difficulty.yaml", toy_model({"medusa": 1.0}))
    assert cli.main(["odds", "--villain", "shredder", "--heroes", "medusa,random", "--content", str(content)]) == 0
    out = capsys.readouterr().out
    assert "Standard" in out and "dial" in out and "averaged over the 10 teams" in out
    assert cli.main(["odds", "--villain", "shredder", "--heroes", "Medusa", "--difficulty", "hard", "--json",
                     "--content", str(content)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data["levels"]) == ["hard"] and data["heroes"] == ["medusa"] and data["reference"] == "strong"
    assert cli.main(["odds", "--villain", "shredder", "--table", "--content", str(content)]) == 0
    assert capsys.readouterr().out.splitlines()[2].startswith("Medusa")


@pytest.mark.parametrize("argv, says", [
    (["--villain", "shredder", "--heroes", "leonardo,leonardo"], "seated twice"),
    (["--villain", "shredder", "--heroes", "nobody"], "unknown co-op hero"),
    (["--villain", "bebop", "--heroes", "leonardo"], "unknown villain"),
    (["--villain", "shredder", "--heroes", "leonardo", "--henchmen", "2"], "only with --allies"),
    (["--villain", "shredder", "--heroes", "leonardo", "--difficulty", "legendary"], "unknown level"),
    (["--heroes", "leonardo"], "give a scenario or --villain"),
])
def test_the_odds_command_refuses_in_one_line(argv, says, capsys):
    assert cli.main(["odds", *argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and says in err[0]


def test_model_calibration_is_measured_by_the_reference_player_only(capsys):
    """Issue 43: the levels keep one named reference player; another bot measures only per cell."""
    assert cli.main(["calibrate", "--bot", "heuristic", "--games", "1", "--no-progress"]) == 2
    assert "reference player" in capsys.readouterr().err


def _write_table(path, model: OddsModelDef) -> None:
    from adventures.content.catalog import CONTENT_ROOT
    from adventures.sim import cli_calibrate as cc
    text = (CONTENT_ROOT / "difficulty.yaml").read_text(encoding="utf-8")
    head = text.split(cc.MARKER, 1)[0]
    cc.write_table(path, [], head, model.model_dump(mode="json"))


def test_the_table_writer_keeps_every_field_of_the_model(tmp_path):
    """`adventures calibrate` rewrites the model into the difficulty file: what it writes loads
    back as the same model, field for field (a field the writer forgot would vanish silently)."""
    from engine.content.loader import load
    model = toy_model({"medusa": 1.0}).model_copy(update={"team_sd": 0.11, "games": 12, "seed": 3})
    _write_table(tmp_path / "difficulty.yaml", model)
    assert load(tmp_path / "difficulty.yaml", "difficulty").model.model == model


def test_the_new_game_screen_shows_the_models_odds_for_the_team_being_set_up():
    """Issue 42: the odds shown change with the heroes chosen; random seats say they are an
    average; the figures on hover name the reference player and how well the model predicted
    teams it never saw."""
    from adventures.app.new_game_scene import measured_figures, measured_line
    catalog = with_model(toy_model({"medusa": 1.5, "black_widow": -1.5}))
    strong = measured_line(catalog, "shredder", ["medusa"], False, "standard")
    assert strong.startswith("Standard: a good team wins about") and strong.endswith(".")
    mixed = measured_line(catalog, "shredder", ["random"], False, "standard")
    assert "on average over the heroes the random seats can be dealt" in mixed
    figures = " ".join(measured_figures(catalog, "shredder", ["medusa"], False, "standard"))
    assert "reference player" in figures and "2026-11-28" in figures
    model = catalog.difficulty.model
    dials = {h: odds.predicted_odds(catalog, "shredder", [h], False, 0, "standard").dial
             for h in ("medusa", "black_widow", "leonardo")}
    assert dials["medusa"] > dials["leonardo"] > dials["black_widow"]
    assert model.reference.bot == "strong"


def test_a_teams_interval_counts_the_correlations_of_its_parts():
    """With the size's joint covariance, a team's variance is g'Cg (heroes seated, their slopes
    times the dial's distance from the centre, allies, henchmen) plus the curve's own error; a
    covariance that is only the parts' own errors gives the independent sum, and a negative
    correlation between two heroes' effects a narrower interval for the team of both."""
    model = toy_model()
    villain = model.villains[0]
    width = 2 * len(villain.heroes) + 2
    leo, raph = HEROES.index("leonardo"), HEROES.index("raphael")

    def with_cov(off: float):
        cov = [[0.0] * width for _ in range(width)]
        for i in range(len(HEROES)):
            cov[i][i] = 0.0025
        cov[leo][raph] = cov[raph][leo] = off
        sizes = [s.model_copy(update={"cov": cov}) for s in villain.sizes]
        return model.model_copy(update={"villains": [villain.model_copy(update={"sizes": sizes})]})
    team = [("leonardo", "raphael")]
    plain = odds.rate_at(model, "shredder", team, False, 0, -40)
    same = odds.rate_at(with_cov(0.0), "shredder", team, False, 0, -40)
    narrower = odds.rate_at(with_cov(-0.002), "shredder", team, False, 0, -40)
    assert same == pytest.approx(plain)
    assert narrower[2] - narrower[1] < same[2] - same[1]
    with pytest.raises(ValidationError, match="cov"):
        bad = [s.model_copy(update={"cov": [[0.0]]}) for s in villain.sizes]
        type(villain).model_validate({**villain.model_dump(), "sizes": [b.model_dump() for b in bad]})


def test_a_heros_effect_changes_with_the_dial_only_inside_the_dials_played():
    """A hero's slope moves its effect per 10 steps from the size's centre, held at the ends of
    the dials the fit played (adventures/rules/odds.py `dial_steps`)."""
    model = toy_model(slope=0.0)
    villain = model.villains[0]
    heroes = [h.model_copy(update={"slope": [-0.5] * 4}) if h.hero == "black_widow" else h for h in villain.heroes]
    sizes = [s.model_copy(update={"centre": 10, "fitted": [0, 30]}) for s in villain.sizes]
    model = model.model_copy(update={"villains": [villain.model_copy(update={"heroes": heroes, "sizes": sizes})]})

    def logit(dial: int) -> float:
        return _logit(odds.rate_at(model, "shredder", [("black_widow",)], False, 0, dial)[0])
    assert logit(10) == pytest.approx(1.0)
    assert logit(30) == pytest.approx(1.0 - 1.0)
    assert logit(50) == pytest.approx(logit(30)) and logit(-20) == pytest.approx(logit(0)) == pytest.approx(1.5)
    assert _logit(odds.rate_at(model, "shredder", [("leonardo",)], False, 0, 30)[0]) == pytest.approx(1.0)


def test_the_shipped_levels_are_measured_by_todays_reference_player_and_checked_on_held_out_teams():
    """Issue 43: the difficulty table names one frozen reference player (the strong bot's
    parameter file, by its digest): retraining another bot changes no dial. Issue 42: the
    shipped model was checked on every held-out team at every level."""
    from adventures.sim import calibrate_model as cm
    catalog = load_catalog()
    model = catalog.difficulty.model
    assert model is not None and model.reference.bot == "strong"
    assert cm.reference_problem(model) == ""
    levels = {lv.key for lv in catalog.difficulty.levels}
    checked = {(r.villain, tuple(r.heroes), r.allies, r.level) for r in model.validation}
    assert checked == {(t.villain, tuple(t.heroes), t.allies, lv) for t in model.held_out for lv in levels}
    assert {v.villain for v in model.villains} == {"krang", "shredder"}


def test_a_team_measured_on_its_own_plays_its_measured_dial_and_shows_its_measured_rate():
    """docs/DIFFICULTY.md: a team with its own row in the per-team table (the shipped
    scenarios' teams, measured on their own seeds) plays that row's dial and shows its measured
    rate and interval; a team with allies, or with a seat dealt at random, plays the model's."""
    catalog = load_catalog()
    table = catalog.difficulty
    turtles = ["donatello", "leonardo", "michelangelo", "raphael"]
    for level in ("easy", "standard", "hard", "heroic"):
        row = difficulty.own_row(table, "shredder", turtles, False, level)
        assert row is not None and row.bot == table.model.reference.bot
        assert difficulty.settings_for(catalog, "shredder", turtles, False, level).enemy_cards == row.settings.enemy_cards
        found = odds.predicted_odds(catalog, "shredder", turtles, False, 0, level)
        assert (found.rate, found.low, found.high, found.dial, found.measured) == (
            row.win_rate, row.ci95[0], row.ci95[1], row.settings.enemy_cards, row.games)
    assert difficulty.own_row(table, "shredder", ["leonardo", "michelangelo", "raphael"], True, "standard") is None
    assert difficulty.own_row(table, "shredder", ["random"] * 4, False, "standard") is None
    predicted = odds.predicted_odds(catalog, "shredder", ["random"] * 4, False, 0, "standard")
    assert predicted.measured == 0 and predicted.averaged > 1
