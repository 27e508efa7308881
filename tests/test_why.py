"""Why each enemy acted (issue 40, item 1): the engine keeps its reasons.

Every enemy action logs the record its rule made while deciding (adventures.rules.reasons,
`event["why"]`). These tests play real seeded games with the log on and check every record
against the board as it stood when the enemy decided, worked out here independently of the
engine: the rule named matches the situation, each candidate's distance is the board's,
the chosen target is the one attacked or approached, a tie was broken by the players.
Rulebook pages are the Adventures TMNT rules: targeting p.9 (adjacent, then the closest
within the move, then threat +1; ties: players choose), routes p.10, small fighters p.13,
Foot soldiers p.14-15, Dimension X and the Doomsday Machines p.16-17, minions p.18.

The last tests drive the app headless: a click on an enemy's log line, or on its intent
in the status column, opens the "Why?" panel showing that same record.
"""
from __future__ import annotations

import functools
import json
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402
from fixtures import seat_heroes  # noqa: E402

from adventures.bots.heuristic import HeuristicBot  # noqa: E402
from adventures.bots.table import TablePolicy  # noqa: E402
from adventures.content.catalog import load_catalog  # noqa: E402
from adventures.rules import reasons, tags  # noqa: E402
from adventures.rules.runner import play_adventure  # noqa: E402
from adventures.rules.setup import new_adventure  # noqa: E402
from adventures.villains import krang as kr  # noqa: E402
from adventures.villains import shredder as sh  # noqa: E402
from engine.content.schema import ScenarioDef  # noqa: E402

FAR = 10 ** 6
SEEDS = (1, 2, 3, 4)
# Every villain and each of the six minions, in games of 1 to 4 players.
GAMES = [("shredder", ("bebop_rocksteady", "slash", "wingnut")),
         ("krang", ("baxter_stockman", "leatherhead", "rat_king")),
         ("shredder", ("rat_king", "leatherhead", "baxter_stockman")),
         ("krang", ("wingnut", "slash", "bebop_rocksteady"))]
ENEMIES = ["Shredder", "Krang", "Bebop & Rocksteady", "Slash", "Wingnut", "Baxter Stockman", "Leatherhead",
           "Rat King"]


# ---------------------------------------------------------------- the board, read independently
def bfs(board, start: int, blocked: set[int]) -> list[int]:
    """Steps from `start`, never entering a blocked space (enemies pass through enemies, not
    through player fighters: Adventures p.10)."""
    dist = [FAR] * board.n
    dist[start] = 0
    frontier = [start]
    while frontier:
        nxt = []
        for s in frontier:
            for t in board.adj[s]:
                if dist[t] == FAR and t not in blocked:
                    dist[t] = dist[s] + 1
                    nxt.append(t)
        frontier = nxt
    return dist


def expected_targeting(game, enemy, move: int) -> dict:
    """Adventures p.9, worked out from the board: the rule that applies, each target's
    spaces to move (None: out of reach) and the fighters tied for the attack."""
    targets = [f for f in game.fighters if not f.is_enemy and f.alive and f.space is not None and not f.small
               and not f.side.eliminated]
    adjacent = [t for t in targets if t.space in game.board.adj[enemy.space]]
    if adjacent:
        return {"rule": reasons.ADJACENT, "moves": {t.uid: 0 for t in adjacent}, "tied": {t.uid for t in adjacent}}
    blocked = {f.space for f in game.fighters if not f.is_enemy and f.alive and f.space is not None}
    dist = bfs(game.board, enemy.space, blocked)
    moves = {}
    for t in targets:
        ends = [dist[s] for s in game.board.adj[t.space] if game.occ[s] is None and dist[s] < FAR]
        moves[t.uid] = min(ends) if ends else None
    reach = [m for m in moves.values() if m is not None]
    best = min(reach) if reach else None
    if best is None or best > move:
        return {"rule": reasons.NO_TARGET, "moves": moves, "tied": set(), "best": best}
    return {"rule": reasons.CLOSEST, "moves": moves, "tied": {u for u, m in moves.items() if m == best},
            "best": best}


class Witness:
    """Watches a game as it is played (game.observer): at each enemy turn's first line,
    what the targeting should find; at each Foot soldier, machine and Dimension X line,
    what the board says then; every table answer to "which fighter does it attack?"."""

    def __init__(self, game):
        self.game = game
        self.turns: list[tuple[dict, object, int, dict]] = []     # (turn event, enemy, move, expected)
        self.checks: list[tuple[dict, dict]] = []                 # (event, what the board said)
        self.table_picks: list = []
        self.events: list[dict] = []

    def __call__(self, event: dict) -> None:
        game = self.game
        self.events.append(event)
        kind = event.get("kind")
        if kind == "turn":
            side = next(s for s in game.sides if s.index == event.get("side"))
            if side.is_enemy:
                enemy = side.fighters[0]
                move = next(c.move for c in reversed(game.adv.row) if c.side is side and c.move is not None)
                self.turns.append((event, enemy, move, expected_targeting(game, enemy, move)))
        elif kind == "foot" and "state" in event:          # a soldier deployed
            taken = set(sh.foot(game))
            self.checks.append((event, {"free": {k for k in sh.circles_of(game, event["borough"])
                                                 if k not in taken} | {event["circle"]}}))
        elif kind == "machine" and event.get("active"):
            state = kr.machines(game)
            inactive_before = [mid for mid, _, _ in game.board.machines if not state.get(mid, True)
                               or mid == event["machine"]]
            self.checks.append((event, {"leftmost": inactive_before[0], "roll": dict(game.adv.data["last_roll"]
                                                                                       or {})}))
        elif kind == "dimension_x":
            self.checks.append((event, {"markers": kr.markers(game), "completions": game.adv.completions}))
        elif kind == "mouser":
            self.checks.append((event, {"mousers": {game.board.ids[s] for s in game.adv.tokens.get("mouser", ())}}))


class Table(TablePolicy):
    """The players' choices (TablePolicy), each "which fighter does it attack?" noted."""

    def __init__(self, picks: list):
        super().__init__()
        self.picks = picks

    def choose(self, game, decision):
        i = super().choose(game, decision)
        if decision.tag == tags.ENEMY_TARGET:
            self.picks.append((decision.context["enemy"].uid, decision.options[i].uid))
        return i


@functools.lru_cache(maxsize=None)
def played(villain: str, minions: tuple[str, ...], players: int, seed: int):
    """A real game played to its end by the heuristic bots, with its log and its witness."""
    scenario = ScenarioDef.model_validate({"name": "why", "villain": villain,
                                           "seats": [{"hero": h} for h in seat_heroes(players)],
                                           "minions": list(minions[:players])})
    picks: list = []
    bot = HeuristicBot()
    game = new_adventure(scenario, load_catalog(), seed, {i: bot for i in range(players)}, Table(picks))
    witness = Witness(game)
    witness.table_picks = picks
    game.observer = witness
    play_adventure(game, hash_state=False)
    return game, witness


def all_games():
    for villain, minions in GAMES:
        for players in (1, 2, 3, 4):
            for seed in SEEDS:
                yield played(villain, minions, players, seed)


def turn_lines(witness, turn_event) -> list[dict]:
    """The events of one enemy turn: from its first line to the next turn or initiative card."""
    events = witness.events
    k = next(i for i, e in enumerate(events) if e is turn_event)
    out = [turn_event]
    for e in events[k + 1:]:
        if e.get("kind") in ("turn", "initiative", "end_of_round", "round"):
            break
        out.append(e)
    return out


def check_turn(game, witness, turn_event, enemy, move, expected) -> None:
    """One enemy turn's record against the board as it stood when the enemy decided."""
    why = turn_event.get("why")
    assert isinstance(why, dict), f"{turn_event['text']} carries no reason record"
    where = f"{turn_event['text']} (round {turn_event['round']})"
    assert why["actor"] == enemy.name and why["actor_uid"] == enemy.uid and why["move"] == move, where
    assert why["rule"] == expected["rule"], f"{where}: recorded {why['rule']!r}, the board says {expected['rule']!r}"
    assert why["page"] == "Adventures p.9", where
    fighters = {c["uid"]: c for c in why["candidates"] if not c["note"].startswith("small")}
    for uid, moves in expected["moves"].items():
        assert uid in fighters, f"{where}: candidate {uid} missing"
        assert fighters[uid]["moves"] == moves, f"{where}: {fighters[uid]['name']} recorded {fighters[uid]['moves']}" \
                                                f" spaces, the board says {moves}"
    assert set(fighters) == set(expected["moves"]), where
    assert set(why["tied_uids"]) == expected["tied"] and len(why["tied"]) == len(why["tied_uids"]), where
    lines = turn_lines(witness, turn_event)
    attacks = [e for e in lines if e.get("kind") == "action"]
    before = lines[:lines.index(attacks[0])] if attacks else lines     # its card's effects may move it later
    moved = [e for e in before if e.get("kind") == "move" and e.get("fighter") == enemy.uid]
    for e in attacks + moved:
        assert e.get("why") is why or e.get("why") == why, f"{where}: '{e['text']}' carries another record"
    if expected["rule"] == reasons.NO_TARGET:
        assert not attacks and not moved, f"{where}: threat +1, yet it moved or attacked"
        assert any(e.get("kind") == "no_target" and e.get("why") == why for e in lines), where
        assert any(e.get("kind") in ("threat", "objective") for e in lines), f"{where}: the threat did not advance"
        assert why["headline"].endswith("threat +1")
        return
    assert why["chosen_uid"] in expected["tied"], f"{where}: chose {why['chosen']}, not one of the tied"
    if attacks:
        assert attacks[0]["target"] == why["chosen_uid"], f"{where}: attacked someone else than {why['chosen']}"
    if len(expected["tied"]) > 1:
        assert why["decided_by"] == reasons.THE_PLAYERS and why["tie_page"] == "Adventures p.9", where
        assert (enemy.uid, why["chosen_uid"]) in witness.table_picks, f"{where}: the players did not choose"
    else:
        assert why["decided_by"] == reasons.THE_RULE, where
    if expected["rule"] == reasons.CLOSEST:
        assert moved, f"{where}: closest within move, yet it did not move"
        path = moved[0]["path"]
        assert len(path) - 1 == expected["best"] == fighters[why["chosen_uid"]]["moves"], where
        assert why["stop"] == path[-1], f"{where}: recorded stop {why['stop']}, moved to {path[-1]}"
    else:
        assert not moved, f"{where}: adjacent, yet it moved"


# ---------------------------------------------------------------- targeting, every enemy
@pytest.mark.parametrize("enemy", ENEMIES)
def test_targeting_record_agrees_with_the_board_adventures_p9(enemy):
    """Adventures p.9: each enemy attacks an adjacent hero or sidekick, else moves to the
    closest within its move (p.10: shortest route, through enemies only) and attacks, else
    advances the threat 1; ties go to the players. For every turn of this enemy in real
    games, the record on its lines names that rule, gives each target the distance the
    board gives, and the target chosen is the one it attacked (the players' pick on a tie)."""
    seen = {reasons.ADJACENT: 0, reasons.CLOSEST: 0, reasons.NO_TARGET: 0}
    for game, witness in all_games():
        for turn_event, who, move, expected in witness.turns:
            if who.name == enemy:
                check_turn(game, witness, turn_event, who, move, expected)
                seen[expected["rule"]] += 1
    assert seen[reasons.ADJACENT] and seen[reasons.CLOSEST], f"{enemy}: {seen}"


def test_no_target_threat_plus_one_record_adventures_p9_step_3():
    """Adventures p.9 step 3: nobody within the move value: no move, no attack, threat +1.
    Real games have such turns; each one's record says so on its lines, the no-target line
    and the threat line included, and names the closest fighter's distance."""
    found = 0
    for game, witness in all_games():
        for turn_event, who, move, expected in witness.turns:
            if expected["rule"] == reasons.NO_TARGET:
                check_turn(game, witness, turn_event, who, move, expected)
                why = turn_event["why"]
                if expected["best"] is not None:
                    assert any(f"needs {expected['best']} space" in s for s in why["steps"]), why["steps"]
                threat = [e for e in turn_lines(witness, turn_event) if e.get("kind") == "threat"]
                assert all(e.get("why") == why for e in threat)
                found += 1
    assert found >= 3


def test_intent_carries_the_record_the_turn_will_make_adventures_p9():
    """The intent shown on players' turns is the same function's record (enemy_intent):
    the same rule, candidates and distances the enemy's turn records, in the future tense."""
    from adventures.rules.enemy import enemy_intent
    scenario = ScenarioDef.model_validate({"name": "why", "villain": "shredder",
                                           "seats": [{"hero": h} for h in seat_heroes(2)], "minions": ["slash"]})
    bot = HeuristicBot()
    game = new_adventure(scenario, load_catalog(), 3, {0: bot, 1: bot}, TablePolicy())
    intents = []

    def observe(event):
        if event.get("kind") == "turn":
            side = next(s for s in game.sides if s.index == event["side"])
            if side.is_enemy:
                move = next(c.move for c in reversed(game.adv.row) if c.side is side)
                intents.append((event, enemy_intent(game, side.fighters[0], move)))
    game.observer = observe
    play_adventure(game, max_rounds=3, hash_state=False)
    assert intents
    for event, intent in intents:
        told, done = intent.why, event["why"]
        assert told["done"] is False and done["done"] is True
        for key in ("actor", "rule", "candidates", "tied", "move", "page"):
            assert told[key] == done[key], key
        assert {t.name for t in intent.targets} == set(done["tied"])


# ---------------------------------------------------------------- the enemies' own rules
def test_foot_soldier_record_names_the_free_circles_and_who_chose_adventures_p15():
    """Adventures p.15: soldiers go to the borough under threat, a full borough overflowing to
    the next by starting number; the players choose the circle. Each deployment's record
    lists exactly the circles that were free there, the one the soldier stands on chosen,
    by the players when there were several."""
    found = 0
    for _game, witness in all_games():
        for event, board_said in witness.checks:
            if event.get("kind") != "foot":
                continue
            why = event["why"]
            assert why["page"] == "Adventures p.15" and why["actor"] == "Foot soldiers"
            assert {c["uid"] for c in why["candidates"]} == board_said["free"], event["text"]
            assert why["chosen"] in event["text"] and why["chosen"] == [
                c["name"] for c in why["candidates"] if c["uid"] == event["circle"]][0]
            assert why["decided_by"] == (reasons.THE_PLAYERS if len(board_said["free"]) > 1 else reasons.THE_RULE)
            if why["rule"] != f"deploy to {event['borough']}":
                assert any("no free Foot circle" in s for s in why["steps"]), why["steps"]
            found += 1
    assert found >= 20


def test_doomsday_machine_and_dimension_x_records_adventures_p16_17():
    """Adventures p.17: on 3-5 the leftmost inactive Doomsday Machine activates; p.16: each
    completion moves Dimension X one screen on. The records say the face rolled and the
    machine, which is the leftmost that was inactive; Dimension X's names its screen."""
    machines = expansions = 0
    for _game, witness in all_games():
        for event, board_said in witness.checks:
            why = event.get("why")
            if event.get("kind") == "machine" and why and why["rule"] == "reactivate a Doomsday Machine":
                assert event["machine"] == board_said["leftmost"]
                face = board_said["roll"].get("face")
                assert face in kr.REACTIVATE_ON and f"The die shows {face}" in why["steps"][-1]
                assert why["page"] == "Adventures p.17"
                machines += 1
            elif event.get("kind") == "dimension_x":
                assert why["page"] == "Adventures p.16"
                if board_said["completions"] < 4:
                    assert f"screen {board_said['markers']}" in why["headline"]
                expansions += 1
    assert machines and expansions


def test_minion_rule_records_mouser_and_move_toward_the_villain_adventures_p18():
    """Adventures p.18 minions: a mouser's bite is recorded where a mouser lies; Bebop &
    Rocksteady's move toward the villain records the spaces as close to him as they could
    get, and they stop on the one the players chose."""
    bites = moves = 0
    for _game, witness in all_games():
        for event, board_said in witness.checks:
            if event.get("kind") == "mouser":
                assert event["space"] in board_said["mousers"] and event["why"]["page"] == "Adventures p.18"
                bites += 1
        for event in witness.events:
            why = event.get("why")
            if event.get("kind") == "move" and isinstance(why, dict) and why["rule"] == "move toward the villain":
                assert event["path"][-1] == [c["space"] for c in why["candidates"] if c["name"] == why["chosen"]][0]
                assert why["ours"] and why["page"] == "Adventures p.18"
                moves += 1
    assert bites and moves


def test_every_record_is_plain_data_with_a_rulebook_page():
    """Every record is JSON-able, has steps in words and cites the rulebook as
    'Adventures p.N' (issue 40: the page, by book and page only)."""
    import re
    for _game, witness in all_games():
        for event in witness.events:
            why = event.get("why")
            if isinstance(why, dict):
                json.dumps(why)
                assert why["steps"] and why["headline"] and re.fullmatch(r"Adventures p\.\d+(-\d+)?", why["page"])


def test_batch_games_build_no_records():
    """Sims run millions of enemy decisions: without a log nothing is built (the same
    game, replayed from its answers with the log off, gives the same result)."""
    from adventures.rules import enemy
    calls = []
    real = reasons.targeting_reason

    def counting(*a, **k):
        calls.append(1)
        return real(*a, **k)
    enemy.reasons.targeting_reason = counting
    try:
        scenario = ScenarioDef.model_validate({"name": "why", "villain": "krang",
                                               "seats": [{"hero": h} for h in seat_heroes(2)], "minions": ["slash"]})
        bot = HeuristicBot()
        game = new_adventure(scenario, load_catalog(), 2, {0: bot, 1: bot}, TablePolicy(), log=False)
        play_adventure(game, hash_state=False)
    finally:
        enemy.reasons.targeting_reason = real
    assert game.events is None and not calls


# ---------------------------------------------------------------- the app's "Why?" panel
def test_clicking_an_enemy_log_line_opens_its_why_panel():
    """A click on an enemy's line in the game log opens the "Why?" panel with the record the
    engine made (not a new one): its headline in the title, the rule's steps, the page."""
    from test_app import click, key, scenario

    from adventures.app import why_view
    from adventures.app.app import App
    from adventures.app.controller import GameSetup, QuitApp
    seen = {}

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene or scene.game is None:
            return
        if "clicked" not in seen:
            if scene.model is None or not scene.log.why_rects:
                if scene.model is not None:
                    key(pygame.K_1)
                return
            rect, why = scene.log.why_rects[-1]
            seen["clicked"], seen["why"] = rect.center, why
            seen["events"] = [e.get("why") for e in scene.game.events]
            click(rect.center)
            return
        if "panel" not in seen:
            seen["panel"] = scene.overlay
            if isinstance(scene.overlay, why_view.WhyOverlay):
                seen["title"] = scene.overlay.title
                key(pygame.K_ESCAPE)
            return
        seen["after"] = scene.overlay
        raise QuitApp()

    App((1280, 720), headless=True, fps=0, on_frame=driver, max_frames=900, speed_ms=0).run(
        start=GameSetup(scenario(minions=["slash"]), seed=4))
    panel = seen.get("panel")
    assert isinstance(panel, why_view.WhyOverlay), f"no Why panel after clicking {seen.get('clicked')}"
    assert panel.records[0][1] is seen["why"] and any(w is seen["why"] for w in seen["events"])
    assert seen["why"]["headline"] in seen["title"]
    assert seen["after"] is None


def test_clicking_an_enemy_intent_opens_the_record_of_its_targeting():
    """On a player's turn the status column says what each enemy would do; a click on it
    opens the "Why?" panel with the record enemy_intent made (Adventures p.9)."""
    from test_app import click, key, scenario

    from adventures.app import why_view
    from adventures.app.app import App
    from adventures.app.controller import GameSetup, QuitApp
    seen = {}

    def driver(app):
        scene = app.scene
        if scene is not app.game_scene or scene.game is None or scene.model is None:
            return
        if "clicked" not in seen:
            hits = [(r, v) for r, v in scene.hud.hits.items if v[0] == "why"]
            if scene.model.decision.tag != "action" or not hits:
                key(pygame.K_1)
                return
            rect, (_kind, side_index) = hits[0]
            seen["clicked"] = side_index
            seen["intents"] = [i.intent.why for i in scene.intents if i.side.index == side_index]
            click(rect.center)
            return
        seen["panel"] = scene.overlay
        raise QuitApp()

    App((1280, 720), headless=True, fps=0, on_frame=driver, max_frames=900, speed_ms=0).run(
        start=GameSetup(scenario(minions=["leatherhead"]), seed=8))
    panel = seen.get("panel")
    assert isinstance(panel, why_view.WhyOverlay)
    assert [why for _label, why in panel.records] == seen["intents"] and seen["intents"]
    assert all(why["done"] is False for why in seen["intents"])
