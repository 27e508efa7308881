"""Why the threat advanced, why a token went there, why Wingnut took that fighter (issue 40).

The engine's records for the enemy actions that are not targeting (adventures.rules.reasons,
`event["why"]`), made while the rule decided. Real seeded games are played with the log on;
a witness reads the board at the moment each line is logged, and each record is checked
against it, worked out here independently of the engine. Rulebook pages (Adventures TMNT):
ability tokens p.11, the threat track p.12, enemies make no decisions p.13, Shredder's end of
round p.14, Krang's p.16, minions p.18, henchmen p.19.

Also the log's wording: a Foot soldier's deployment says its cause first, and a hero looking
at their own deck reads "their own deck".
"""
from __future__ import annotations

import functools
import re

import pytest
from fixtures import seat_heroes

from adventures.bots.heuristic import HeuristicBot
from adventures.bots.table import TablePolicy
from adventures.content.catalog import load_catalog
from adventures.rules import reasons
from adventures.rules.runner import play_adventure
from adventures.rules.setup import new_adventure
from adventures.villains import krang as kr
from adventures.villains import shredder as sh
from engine.content.schema import ScenarioDef

SEEDS = (1, 2, 3, 4, 5)
MINIONS = ("wingnut", "rat_king", "baxter_stockman", "leatherhead")
TOKENS = {"rat": "Rat King", "mouser": "Baxter Stockman"}


class Witness:
    """Watches a game as it is played (game.observer): at each threat, token and place line,
    what the board says at that moment. Records are attached to those lines afterwards, on
    the same dicts, so they are read at the end of the game."""

    def __init__(self, game):
        self.game = game
        self.events: list[dict] = []
        self.seen: dict[int, dict] = {}          # id(event) -> the board when it was logged

    def fighter(self, name: str):
        return next((f for f in self.game.fighters if f.name == name), None)

    def __call__(self, event: dict) -> None:
        game = self.game
        self.events.append(event)
        kind = event.get("kind")
        board = game.board
        players = {f.uid: f.space for f in game.fighters if not f.is_enemy}
        if kind == "threat":
            seen = {"players": players, "threat": game.adv.threat}
            if game.adv.villain.name == "Shredder":
                seen["boroughs"] = {board.circles[k][2] for k in sh.foot(game)}
            else:
                seen["active"] = {mid for mid, on in kr.machines(game).items() if on}
            leatherhead = self.fighter("Leatherhead")
            if leatherhead is not None:
                seen["leatherhead"] = leatherhead.space
            self.seen[id(event)] = seen
        elif kind == "token":
            owner = self.fighter(TOKENS[event["token"]])
            self.seen[id(event)] = {"tokens": set(game.adv.tokens[event["token"]]), "players": players,
                                    "owner": owner.space if owner is not None else None,
                                    "occ": [f.uid if f is not None else None for f in game.occ]}
        elif kind == "place":
            wingnut = self.fighter("Wingnut")
            self.seen[id(event)] = {"players": players, "wingnut": wingnut.space if wingnut else None,
                                    "occ": [f.uid if f is not None else None for f in game.occ]}


@functools.lru_cache(maxsize=None)
def played(villain: str, players: int, seed: int):
    """A real game with Wingnut, Rat King, Baxter Stockman and Leatherhead (as many as there
    are players), played to its end by the heuristic bots, with its log and its witness."""
    scenario = ScenarioDef.model_validate({"name": "why", "villain": villain,
                                           "seats": [{"hero": h} for h in seat_heroes(players)],
                                           "minions": list(MINIONS[:players])})
    bot = HeuristicBot()
    game = new_adventure(scenario, load_catalog(), seed, {i: bot for i in range(players)}, TablePolicy())
    witness = Witness(game)
    game.observer = witness
    play_adventure(game, hash_state=False)
    return game, witness


def all_games(players=(1, 2, 3, 4)):
    for villain in ("shredder", "krang"):
        for n in players:
            for seed in SEEDS:
                yield played(villain, n, seed)


def records(kind: str, headline: str):
    """Every logged event of `kind` whose why record's headline starts with `headline`, in
    every game of all_games(): (game, event, its record, what the witness saw then)."""
    for game, witness in all_games():
        for event in witness.events:
            why = event.get("why")
            if event.get("kind") == kind and why and why["headline"].startswith(headline):
                yield game, event, why, witness.seen[id(event)]


def amount_of(why: dict) -> int:
    return int(re.search(r"threat \+(\d+)$", why["headline"]).group(1))


def where(event: dict) -> str:
    return f"'{event['text']}' (round {event['round']})"


# ---------------------------------------------------------------- the threat
def test_every_threat_line_says_why():
    """Issue 40: "threat +N" is explained wherever it comes from (end of round, a card, a
    trap, an enemy with no target): every threat line and every objective line carries a
    record with its steps and a rulebook page."""
    lines = 0
    for _game, witness in all_games():
        for event in witness.events:
            if event.get("kind") in ("threat", "objective"):
                why = event.get("why")
                assert isinstance(why, dict), f"{where(event)} carries no reason record"
                assert why["steps"] and re.fullmatch(r"Adventures p\.\d+(-\d+)?", why["page"]), why
                lines += 1
    assert lines > 100


def test_shredders_end_of_round_threat_counts_the_boroughs_with_foot_soldiers_adventures_p14():
    """Adventures p.14: at the end of the round Shredder's card advances the threat 1, plus 1
    for each borough holding a Foot soldier. Each record counts exactly the boroughs the
    board showed then, and the amount it names is the one the marker moved."""
    found = 0
    for game, event, why, seen in records("threat", "Shredder's Turn"):
        n = 1 + len(seen["boroughs"])
        assert amount_of(why) == n and why["page"] == "Adventures p.14" and not why["ours"], where(event)
        plus = {c["name"] for c in why["candidates"] if c["note"].endswith("+1")}
        assert plus == seen["boroughs"], f"{where(event)}: recorded {plus}, the board had {seen['boroughs']}"
        assert len(why["candidates"]) == len(game.board.boroughs)
        assert event.get("amount", n) == n
        assert why["steps"][0].startswith("End of the round, Shredder's card")
        assert event["text"].startswith("Shredder's card at the end of the round: the threat ")
        found += 1
    assert found >= 30


def test_krangs_end_of_round_threat_counts_the_active_machines_adventures_p16():
    """Adventures p.16: Krang's card advances the threat 1, plus 1 per active Doomsday
    Machine. Each record lists every machine, +1 for exactly those active then."""
    found = 0
    for game, event, why, seen in records("threat", "Krang's Turn"):
        assert amount_of(why) == 1 + len(seen["active"]) and why["page"] == "Adventures p.16", where(event)
        assert not why["ours"]                            # the rulebook's special rule
        assert {c["uid"] for c in why["candidates"] if c["note"] == "active: +1"} == seen["active"]
        assert len(why["candidates"]) == len(game.board.machines)
        found += 1
    assert found >= 30


def test_leatherheads_end_of_round_threat_when_nobody_stands_next_to_him_adventures_p18():
    """Leatherhead's card (his special rules, Adventures p.18, our design): at the end of the
    round, if no player fighter is adjacent to him, the threat advances 1. Each record made
    then shows nobody next to him, every player fighter with its distance from him as the
    board gives it, and the closest one named."""
    found = 0
    for game, event, why, seen in records("threat", "Leatherhead's Turn"):
        here = seen["leatherhead"]
        dist = game.board.dist[here]
        spaces = {uid: s for uid, s in seen["players"].items() if s is not None}
        assert all(dist[s] > 1 for s in spaces.values()), f"{where(event)}: someone was next to him"
        assert why["page"] == "Adventures p.18" and amount_of(why) == 1 and why["ours"]
        for c in why["candidates"]:
            d = dist[spaces[c["uid"]]]
            assert c["note"] == f"{d} space{'s' if d != 1 else ''} from Leatherhead", where(event)
        assert {c["uid"] for c in why["candidates"]} == set(spaces)
        closest = min(dist[s] for s in spaces.values())
        assert any(f"is {closest} spaces away" in s for s in why["steps"]), why["steps"]
        assert event["text"].startswith("Leatherhead's card at the end of the round: the threat ")
        found += 1
    assert found >= 5


def test_a_threat_card_names_its_printed_text_and_what_the_marker_did_adventures_p12():
    """A card's threat (Swamp Ambush, Utrom Overlord) quotes the card's text and says where
    the marker went, or that it reached the end of the track and the objective was completed
    (Adventures p.12)."""
    cards = 0
    for game, witness in all_games():
        for event in witness.events:
            why = event.get("why")
            if event.get("kind") != "threat" or not why or why["rule"] != "advance the threat":
                continue
            if "reaches the end" in event["text"]:
                assert "completed the objective" in why["steps"][-1], why["steps"]
            else:
                assert why["steps"][-1].startswith(f"The threat advanced {event['amount']} to space "
                                                   f"{event['threat'] + 1} of {game.adv.track_length}"), why
            if why["headline"].startswith(("Swamp Ambush", "Utrom Overlord")):
                assert "“" in why["steps"][0] and why["rule_text"], why
                cards += 1
    assert cards >= 3


# ---------------------------------------------------------------- tokens
def test_token_record_names_the_spaces_allowed_and_the_players_pick_adventures_p11():
    """Adventures p.11: one token per space, the players choose the space. For Rat King's and
    Baxter Stockman's tokens at the end of the round (next to the minion), the candidates are
    exactly the spaces next to him without such a token; every token record's chosen space is
    where the token went, each candidate's distance to the nearest player fighter is the
    board's, and the players chose when there were several."""
    end_of_round = tokens = 0
    for game, witness in all_games():
        ids, board = game.board.ids, game.board
        for event in witness.events:
            if event.get("kind") != "token":
                continue
            why, seen = event["why"], witness.seen[id(event)]
            space = board.index[event["space"]]
            assert why["chosen"] == f"space {event['space']}" and why["page"] == "Adventures p.11", where(event)
            assert why["actor"] == TOKENS[event["token"]]
            offered = {c["uid"] for c in why["candidates"]}
            assert space in offered and not (offered - {space}) & seen["tokens"], where(event)
            assert why["decided_by"] == (reasons.THE_PLAYERS if len(offered) > 1 else reasons.THE_RULE)
            for c in why["candidates"]:
                s = c["uid"]
                if seen["occ"][s] is not None:               # tokens are not fighters (p.11)
                    assert c["note"].endswith("stands on it"), c
                else:
                    d = min(board.dist[s][p] for p in seen["players"].values() if p is not None)
                    assert c["note"].startswith(f"{d} space") and "nearest" in c["note"], (c, d)
            if why["steps"][0].startswith("End of the round"):
                around = set(board.adj[seen["owner"]])
                free = around - (seen["tokens"] - {space})
                assert offered == free, f"{where(event)}: recorded {sorted(ids[s] for s in offered)}"
                end_of_round += 1
            tokens += 1
    assert end_of_round >= 10 and tokens >= 20


# ---------------------------------------------------------------- Wingnut's snatch
def test_wingnuts_snatch_names_who_could_be_taken_and_where_adventures_p18():
    """Wingnut's card at the end of the round (his special rules, Adventures p.18): the
    players choose a player fighter (enemies make no decisions, p.13) and place it on an
    empty space next to him (p.10). Each record lists every player fighter on the board with
    its distance from Wingnut, the one taken is the one placed, and the spaces offered are
    the empty ones next to him."""
    found = 0
    for game, event, why, seen in records("place", "Wingnut's Turn"):
        board = game.board
        uid = event["fighter"]
        new = seen["players"][uid]
        old = board.index[event["frm"]]
        before = {**seen["players"], uid: old}
        wingnut = seen["wingnut"]
        assert why["page"] == "Adventures p.18" and why["chosen_uid"] == uid, where(event)
        assert {c["uid"] for c in why["candidates"]} == {u for u, s in before.items() if s is not None}
        for c in why["candidates"]:
            d = board.dist[wingnut][before[c["uid"]]]
            assert c["note"] == (f"{d} space{'s' if d != 1 else ''} from Wingnut" if d else
                                 "on Wingnut's space"), (c, d)
        empty = {s for s in board.adj[wingnut] if seen["occ"][s] is None or s == new} - {old}
        assert {board.index[s] for s in why["stops"]} == empty and why["stop"] == board.ids[new], where(event)
        if len(why["candidates"]) > 1:
            assert why["decided_by"] == reasons.THE_PLAYERS and why["tie_page"] == "Adventures p.13"
        found += 1
    assert found >= 10


# ---------------------------------------------------------------- records are extra data
@pytest.mark.parametrize("villain", ["shredder", "krang"])
def test_records_change_no_decision(villain):
    """The records are made only while a log is kept, and are extra data: the same game
    with its log off makes the same decisions and ends the same way."""
    for seed in (1, 2):
        logged, _ = played(villain, 4, seed)
        scenario = ScenarioDef.model_validate({"name": "why", "villain": villain,
                                               "seats": [{"hero": h} for h in seat_heroes(4)],
                                               "minions": list(MINIONS)})
        bot = HeuristicBot()
        quiet = new_adventure(scenario, load_catalog(), seed, {i: bot for i in range(4)}, TablePolicy(), log=False)
        play_adventure(quiet, hash_state=False)
        assert quiet.answers == logged.answers and quiet.round == logged.round
        assert quiet.over.winner == logged.over.winner and quiet.adv.threat == logged.adv.threat


# ---------------------------------------------------------------- log wording
def test_a_foot_soldier_deployment_says_its_cause_first():
    """The log puts the cause first: "To the Streets!: a patrolling Foot soldier is deployed
    on the Foot circle 3-4 (Queens).", "Setup: …", "Brooklyn fell: …"; never a cause in
    parentheses at the end."""
    causes = set()
    for game, _witness in all_games((2, 4)):
        if game.adv.villain.name != "Shredder":
            continue
        for event in game.events:                     # the setup's lines too (logged before the witness)
            if event.get("kind") == "foot" and "state" in event:
                m = re.fullmatch(r"(.+?): an? (patrolling|entrenched) Foot soldier is deployed on the "
                                 r"Foot circle \d+-\d+ \([A-Za-z ]+\)\.", event["text"])
                assert m, event["text"]
                causes.add(m.group(1))
    assert {"Setup", "To the Streets!"} <= causes
    assert any(c.endswith(" fell") for c in causes), causes


def test_a_hero_looking_at_their_own_deck_reads_their_own():
    """Donatello looks at the top card of any deck; his own reads "their own deck" (the
    content gives no hero's pronoun), another's names its owner (Side.whose)."""
    own = 0
    for _game, witness in all_games():
        for event in witness.events:
            text = event["text"]
            m = re.match(r"(.+) (?:looks at the top card of|puts the top card of) (.+?) deck", text)
            if m:
                assert m.group(2) != f"{m.group(1)}'s", text
                own += m.group(2) == "their own"
    assert own >= 3


def test_whose_names_the_owner_unless_it_is_the_actor():
    from engine.state import Side
    don, shredder = Side(0, "Donatello", 0), Side(1, "Shredder", 1, is_enemy=True)
    assert don.whose(don) == "their own" and shredder.whose(don) == "Shredder's"
