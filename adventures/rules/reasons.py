"""Why an enemy did what it did: a small record made while the rule decides (issue 40).

The engine keeps its reasons. Enemy targeting (adventures.rules.enemy.targeting) and the
villains' and minions' own rules fill a `Reason` as they decide: the rule applied, the
candidates with their distances, the one chosen, the tie and who broke it, the rulebook
page. The game events of that action carry it as a plain dict (`event["why"]`, JSON-able);
the log, the app's "Why?" panel and the intent display read that record and never work
the answer out again, so an explanation cannot disagree with what happened.

Built only when the game keeps a log (`game.events is not None`): batch runs, which take
millions of enemy decisions, build nothing.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field

# The targeting rule's three steps (Adventures p.9).
ADJACENT = "adjacent"
CLOSEST = "closest within move"
NO_TARGET = "none in reach: threat +1"

TARGETING_PAGE = "Adventures p.9"       # the three steps, and "players choose" on a tie
ROUTES_PAGE = "Adventures p.10"         # shortest routes, through enemies, never through players
SMALL_PAGE = "Adventures p.13"          # enemies never target small fighters

THE_RULE, THE_PLAYERS = "the rule", "the players"
TARGETING_TEXT = ("An enemy's turn: 1. it attacks a hero or sidekick next to it; 2. if there is none, it moves "
                  "by a shortest route to the closest one it can reach with its move, and attacks; 3. if none is "
                  "in reach, it does not move and the threat advances 1. On a tie the players choose.")


@dataclass(slots=True)
class Candidate:
    """A fighter (or a space, a Foot circle) the rule weighed."""
    name: str
    uid: int | None = None           # the fighter's uid (a circle's index for Foot soldiers)
    space: int | None = None         # the printed space number
    moves: int | None = None         # spaces the enemy must move to attack it: 0 adjacent, None out of reach
    kind: str = ""                   # hero / sidekick / space / circle
    note: str = ""                   # "small: enemies ignore it", "no empty space next to it"


@dataclass(slots=True)
class Reason:
    actor: str                                    # who acted: "Shredder", "Foot soldiers"
    rule: str                                     # ADJACENT / CLOSEST / NO_TARGET / an own rule in words
    page: str                                     # "Adventures p.9"
    headline: str = ""                            # one line: "Shredder attacks Raphael"
    actor_uid: int | None = None
    move: int | None = None                       # the move value of the turn
    candidates: list[Candidate] = field(default_factory=list)
    chosen: str = ""
    chosen_uid: int | None = None
    tied: list[str] = field(default_factory=list)  # the candidates tied for the choice
    tied_uids: list[int] = field(default_factory=list)
    decided_by: str = THE_RULE                    # who picked among them
    tie_page: str = ""
    stops: list[int] = field(default_factory=list)  # spaces it could stop on (printed numbers)
    stop: int | None = None
    stop_decided_by: str = THE_RULE
    steps: list[str] = field(default_factory=list)  # the rule applied, step by step, plain words
    rule_text: str = ""                           # the whole rule in one plain sentence
    ours: bool = False                            # the rule is our design: the printed card is not public
    done: bool = True                             # False: what it would do (an intent), not what it did

    def as_dict(self) -> dict:
        return asdict(self)


def attach(game, since: int, why: dict, kinds: tuple[str, ...] | None = None) -> None:
    """Give `why` to the events logged since index `since` (of these kinds) that have none."""
    events = game.events
    if events is None:
        return
    for event in events[since:]:
        if "why" not in event and (kinds is None or event.get("kind") in kinds):
            event["why"] = why


# ---------------------------------------------------------------- enemy targeting (p.9)
def _candidate(game, f, moves: int | None, note: str = "") -> Candidate:
    return Candidate(f.name, f.uid, game.board.ids[f.space] if f.space is not None else None, moves, f.kind, note)


def targeting_reason(game, enemy, move: int, rule: str, targets, needs: dict | None, chosen) -> Reason:
    """The record of one targeting (`rule`: ADJACENT / CLOSEST / NO_TARGET). `targets`:
    every fighter the enemy may target; `needs`: uid -> spaces it must move to stand next
    to that fighter (missing: it cannot reach one), as plan_enemy_move worked them out;
    `chosen`: the fighters tied for the attack (adjacent ones, or the closest)."""
    why = Reason(enemy.name, rule, TARGETING_PAGE, actor_uid=enemy.uid, move=move, rule_text=TARGETING_TEXT)
    around = game.board.adj[enemy.space]
    if rule == ADJACENT:
        why.candidates = [_candidate(game, t, 0) for t in targets if t.space in around]
    else:
        needs = needs or {}
        why.candidates = sorted((_candidate(game, t, needs.get(t.uid),
                                            "" if t.uid in needs else "no empty space next to it that it can reach")
                                 for t in targets), key=lambda c: (c.moves is None, c.moves or 0, c.name))
    why.candidates += [_candidate(game, f, None, "small: enemies never target small fighters")
                       for f in game.fighters if not f.is_enemy and f.small and f.alive and f.space is not None
                       and not f.side.eliminated]
    why.tied = [t.name for t in chosen]
    why.tied_uids = [t.uid for t in chosen]
    if len(chosen) == 1:
        why.chosen, why.chosen_uid = chosen[0].name, chosen[0].uid
    return why


def chose(why: Reason | None, target, by_players: bool) -> None:
    """The target picked among the tied ones, and who picked it."""
    if why is None:
        return
    why.chosen, why.chosen_uid = target.name, target.uid
    if by_players:
        why.decided_by, why.tie_page = THE_PLAYERS, TARGETING_PAGE


def stopped(why: Reason | None, ends: list[int], end: int, board, by_players: bool) -> None:
    if why is None:
        return
    why.stops = [board.ids[s] for s in ends]
    why.stop = board.ids[end]
    why.stop_decided_by = THE_PLAYERS if by_players else THE_RULE


def _spaces(n: int | None) -> str:
    return "out of reach" if n is None else f"{n} space{'s' if n != 1 else ''}"


def _names(names) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def close_targeting(why: Reason | None) -> dict | None:
    """Write the steps in plain words and give the record as the dict events carry."""
    if why is None:
        return None
    who, move = why.actor, why.move

    def tense(did: str, would: str) -> str:
        return did if why.done else would

    reachable = [c for c in why.candidates if c.moves is not None]
    steps = []
    if why.rule == ADJACENT:
        steps.append(f"Step 1, anyone adjacent? Yes: {_names(why.tied)} "
                     f"{'is' if len(why.tied) == 1 else 'are'} next to {who}.")
    else:
        steps.append(f"Step 1, anyone adjacent? No hero or sidekick is next to {who}.")
        if why.rule == CLOSEST:
            steps.append(f"Step 2, the closest within its move of {move}: {who} can stand next to "
                         f"{' or '.join(why.tied)} by moving {_spaces(reachable[0].moves)}.")
        elif reachable:
            steps.append(f"Step 2, the closest within its move of {move}: nobody. The closest, "
                         f"{reachable[0].name}, needs {_spaces(reachable[0].moves)}.")
        else:
            steps.append(f"Step 2, the closest within its move of {move}: nobody. {who} cannot reach a space "
                         f"next to any hero or sidekick.")
    if why.rule == NO_TARGET:
        steps.append(f"Step 3, nobody in reach: {who} {tense('did not', 'would not')} move or attack, "
                     f"and the threat {tense('advanced', 'would advance')} 1.")
        why.headline = f"{who} {tense('found', 'finds')} no target: threat +1"
    else:
        if len(why.tied) > 1:
            if why.decided_by == THE_PLAYERS:
                steps.append(f"A tie: enemies make no choices, so the players chose {why.chosen}.")
            else:
                steps.append(f"A tie: enemies make no choices, so the players will choose which one {who} "
                             f"attacks.")
        target = why.chosen or " or ".join(why.tied)
        if why.rule == CLOSEST:
            route = f"by a shortest route, through enemies but never through a hero or sidekick ({ROUTES_PAGE})"
            if why.stop is not None:
                where = f"stopped on space {why.stop}"
                if len(why.stops) > 1 and why.stop_decided_by == THE_PLAYERS:
                    where += f" (the players chose it among spaces {_names(map(str, why.stops))})"
                steps.append(f"{who} moved {route}, {where}, and attacked {target}.")
            else:
                steps.append(f"{who} {tense('moved', 'would move')} {route} and "
                             f"{tense('attacked', 'attack')} {target}.")
        else:
            steps.append(f"{who} {tense('attacked', 'would attack')} {target} without moving.")
        why.headline = f"{who} {tense('attacked', 'would attack')} {target}"
    if any(c.note.startswith("small") for c in why.candidates):
        steps.append(f"Small fighters are never targeted ({SMALL_PAGE}).")
    why.steps = steps
    return why.as_dict()


# ---------------------------------------------------------------- a rule of the enemy's own
def own_rule(actor: str, rule: str, page: str, steps: list[str], headline: str = "", ours: bool = True,
             candidates: list[Candidate] | None = None, chosen: str = "", tied: list[str] | None = None,
             by_players: bool = False, actor_uid: int | None = None, rule_text: str = "") -> dict:
    """A record for a villain's, a minion's or a module's own rule (Foot soldiers, Dimension
    X, a Fury card): the steps in plain words as the rule applied them."""
    tied = list(tied or [])
    why = Reason(actor, rule, page, headline=headline or rule, actor_uid=actor_uid, candidates=list(candidates or []),
                 chosen=chosen, tied=tied, steps=list(steps), ours=ours,
                 decided_by=THE_PLAYERS if by_players and len(tied) > 1 else THE_RULE,
                 tie_page=page if by_players and len(tied) > 1 else "", rule_text=rule_text)
    return why.as_dict()
