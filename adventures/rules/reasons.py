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


# ---------------------------------------------------------------- enemy effects (cards, initiative)
THREAT_PAGE = "Adventures p.12"        # the threat track: the end completes the objective
TOKENS_PAGE = "Adventures p.11"        # ability tokens: one per space, players choose the space
PLACE_PAGE = "Adventures p.10"         # placing: enemies choose nothing, the players do
CHOICES_PAGE = "Adventures p.13"       # enemies make no decisions
MINION_PAGE = "Adventures p.18"
HENCHMAN_PAGE = "Adventures p.19"


@dataclass(slots=True)
class Source:
    """The card whose effect is resolving, as the record names it."""
    name: str                          # "Swamp Ambush", "Leatherhead's Turn"
    owner: str                         # who acts: "Leatherhead", "Dirtbag & Groundchuck"
    text: str                          # the printed text of this effect
    when: str                          # "End of the round", "Right now", "After combat"
    page: str                          # the page of the owner's rules
    ours: bool                         # our design: the printed card is not public

    def cause(self) -> str:
        """The log line's cause: "Leatherhead's card at the end of the round", "Swamp Ambush"."""
        if self.when != "End of the round":
            return self.name
        return f"{self.owner}'s card at the end of the round" if self.name != self.owner else \
            f"{self.name} at the end of the round"

    def said(self) -> str:
        """'End of the round, Leatherhead's Turn: “If no player fighter…”'."""
        card = self.name if self.name.startswith(self.owner) else f"{self.name}, {self.owner}'s card"
        text = f": “{self.text}”" if self.text else ""
        return f"{self.when}, {card}{text}" if self.when else f"{card}{text}"


def _mentions(ops, name: str) -> bool:
    """Whether an op list names op `name`, inside branches and wrappers too."""
    if isinstance(ops, dict):
        return name in ops or any(_mentions(v, name) for v in ops.values())
    if isinstance(ops, (list, tuple)):
        return any(_mentions(v, name) for v in ops)
    return False


def at_end_of_round(game) -> bool:
    """The round's end-of-round effects are resolving: the log's latest round mark says so
    (records are made only while the game keeps its log)."""
    for event in reversed(game.events):
        kind = event.get("kind")
        if kind == "end_of_round":
            return True
        if kind in ("round", "initiative"):
            return False
    return False


def _owner_page(side, kind: str | None) -> str:
    """The page of the acting card's rules: a minion's (p.18), an ally's or henchman's (p.19)."""
    if kind in ("ally", "henchman"):
        return HENCHMAN_PAGE
    role = side.fighters[0].kind if side is not None and side.fighters else None
    return MINION_PAGE if role == "minion" else ""


def ours_of(game, side) -> bool:
    """Whether this enemy's cards are our design (its content's provenance is not published)."""
    for plugin in game.adv.plugins:
        if plugin.side is side and plugin.defn is not None:
            return getattr(plugin.defn, "provenance", "approximation") != "published"
    return True


def effect_source(ctx, op_name: str) -> Source:
    """The card (a deck card, or an initiative card) whose effect runs op `op_name`."""
    game = ctx.game
    card, init = ctx.card, ctx.vars.get("init_card")
    if card is not None:
        texts = [e.text for e in card.effects if _mentions(e.ops, op_name)]
        owner = card.owner.name if card.owner is not None else ctx.side.name
        timing = next((e.timing for e in card.effects if _mentions(e.ops, op_name)), "")
        when = {"immediately": "Immediately", "during_combat": "During combat",
                "after_combat": "After combat"}.get(timing, "")
        return Source(card.name, owner, " ".join(texts), when, _owner_page(card.owner, None),
                      ours_of(game, card.owner))
    if init is not None:
        end = at_end_of_round(game)
        text = init.end_of_round if end else init.right_now
        helper = init.owner in ("ally", "henchman")
        owner = init.name if helper else (init.side or ctx.side).name
        return Source(init.name, owner, text, "End of the round" if end else "Right now",
                      _owner_page(init.side or ctx.side, init.owner), True if helper else ours_of(game, ctx.side))
    return Source("An effect", ctx.side.name, "", "", "", True)


def threat_result(game, n: int, completions_before: int) -> str:
    """What the advance did: the marker's new space, or the objective completed."""
    from adventures.rules.threat import OBJECTIVES_TO_LOSE
    adv = game.adv
    if adv.completions > completions_before:
        then = "the heroes lose" if adv.completions >= OBJECTIVES_TO_LOSE else "the marker went back to the start"
        return (f"The marker reached the end of the track: {adv.villain.name} completed the objective "
                f"({adv.completions} of {OBJECTIVES_TO_LOSE}) and {then} ({THREAT_PAGE}).")
    return f"The threat advanced {n} to space {adv.threat + 1} of {adv.track_length} ({THREAT_PAGE})."


def threat_record(game, source: Source, n: int, completions_before: int, steps: list[str],
                  candidates: list[Candidate] | None = None, page: str = "", actor_uid: int | None = None) -> dict:
    """Why the threat advanced `n`: the rule's own steps, then what the advance did."""
    return own_rule(source.owner, "advance the threat", page or source.page or THREAT_PAGE,
                    [*steps, threat_result(game, n, completions_before)], f"{source.name}: threat +{n}",
                    ours=source.ours, candidates=candidates, actor_uid=actor_uid,
                    rule_text=source.text or "The threat marker advances; at the end of the track the villain "
                                             "completes the objective.")


def _distance_note(game, space: int, ref, ref_space: int | None = None) -> str:
    """'3 spaces from Wingnut' (`ref_space`: where he stood then, if not where he stands)."""
    d = game.board.dist[ref.space if ref_space is None else ref_space][space]
    return f"{d} space{'s' if d != 1 else ''} from {ref.name}" if d else f"on {ref.name}'s space"


def condition_steps(ctx, conditions) -> tuple[list[str], list[Candidate]]:
    """The `if`s that let this effect run, in words, with the facts that decided them: for
    "a player fighter adjacent to X", every player fighter's distance from X."""
    from engine.effects.core_ops import named
    steps: list[str] = []
    cands: list[Candidate] = []
    for cond, held in conditions:
        while isinstance(cond, dict) and "not" in cond:     # the facts read the same either way
            cond = cond["not"]
        around = cond.get("any_fighter") if isinstance(cond, dict) else None
        ref = None
        if isinstance(around, dict) and "adjacent_to" in around:
            try:
                ref = named(ctx, around["adjacent_to"])
            except ValueError:
                ref = None
        if ref is None or ref.space is None:
            steps.append("Its condition held." if held else "Its condition did not hold.")
            continue
        game = ctx.game
        near = sorted((f for f in game.opponents(ref.side.team) if f.space is not None),
                      key=lambda f: (game.board.dist[ref.space][f.space], f.name))
        adjacent = [f for f in near if f.space in game.board.adj[ref.space]]
        if adjacent:
            steps.append(f"{_names([f.name for f in adjacent])} {'is' if len(adjacent) == 1 else 'are'} "
                         f"next to {ref.name}.")
        elif near:
            d = game.board.dist[ref.space][near[0].space]
            steps.append(f"No hero or sidekick is next to {ref.name}: the closest, {near[0].name}, is "
                         f"{_spaces(d)} away.")
        else:
            steps.append(f"No hero or sidekick is on the board near {ref.name}.")
        cands += [Candidate(f.name, f.uid, game.board.ids[f.space], None, f.kind, _distance_note(game, f.space, ref))
                  for f in near]
    return steps, cands


def _nearest_note(game, space: int, team) -> str:
    """Who stands on a space, else how far the nearest player fighter is (a token's reach)."""
    here = game.occ[space]
    if here is not None:
        return f"{here.name} stands on it"
    near = [(game.board.dist[space][f.space], f.name) for f in game.opponents(team) if f.space is not None]
    if not near:
        return ""
    d, name = min(near)
    return f"{_spaces(d)} from {name}, the nearest hero or sidekick"


def _who_chose(game, seat: int) -> str:
    from engine.decisions import TABLE
    if seat == TABLE:
        return THE_PLAYERS
    side = next((s for s in game.sides if s.index == seat), None)
    return f"{side.name}'s player" if side is not None else THE_PLAYERS


def token_record(game, source: Source, team, kind: str, where: str, offered: list[int], taken: list[int],
                 chosen: int, supply_left: int, actor_uid: int | None = None) -> dict:
    """Why a token went where it did: the spaces the effect allows, those already holding
    one (one per space), and the players' pick among the rest (Adventures p.11)."""
    ids = game.board.ids
    steps = [source.said()]
    area = sorted(ids[s] for s in [*offered, *taken])
    steps.append(f"Spaces {where}: {_names([str(i) for i in area])}.")
    if taken:
        held = sorted(ids[s] for s in taken)
        steps.append(f"Space{'s' if len(held) > 1 else ''} {_names([str(i) for i in held])} already "
                     f"hold{'s' if len(held) == 1 else ''} a {kind} token: one per space ({TOKENS_PAGE}).")
    if len(offered) > 1:
        steps.append(f"Enemies make no choices, so the players chose space {ids[chosen]} ({TOKENS_PAGE}).")
    else:
        steps.append(f"Space {ids[chosen]} was the only one left.")
    steps.append(f"{supply_left} {kind} token{'s' if supply_left != 1 else ''} left in the supply.")
    names = [f"space {ids[s]}" for s in offered]
    return own_rule(source.owner, f"place a {kind} token", TOKENS_PAGE, steps,
                    f"A {kind} token on space {ids[chosen]}", ours=source.ours,
                    candidates=[Candidate(f"space {ids[s]}", s, ids[s], None, "space", _nearest_note(game, s, team))
                                for s in offered],
                    chosen=f"space {ids[chosen]}", tied=names, by_players=True, actor_uid=actor_uid,
                    rule_text=source.text or "Players choose the space of each token; one token per space.")


def place_record(game, source: Source, actor, where: str, choices, placed: list[tuple]) -> dict:
    """Why an enemy's effect placed these fighters there: who the players picked among whom
    (with their distances from the enemy) and the empty spaces it allowed. `choices`: the
    choices the effect noted as it made them (engine.effects.resolve.Choice)."""
    ids = game.board.ids
    steps = [source.said()]
    cands: list[Candidate] = []
    chosen, chosen_uid, tied, by = "", None, [], THE_RULE
    picks = [c for c in choices if c.what == "fighter"]
    spots = [c for c in choices if c.what == "space"]
    for c in picks:
        offered = [f for f in c.options if f is not None]
        stood = {f.uid: s for f, s in zip(c.options, c.spaces) if f is not None}    # when it was chosen
        who = _who_chose(game, c.seat)
        if len(offered) > 1:
            steps.append(f"{_names([f.name for f in offered])} could be taken: enemies make no choices, so "
                         f"{who} chose {c.chosen.name if c.chosen is not None else 'nobody'} ({CHOICES_PAGE}).")
            tied, by = [f.name for f in offered], who
        elif offered:
            steps.append(f"{offered[0].name} was the only one it could take.")
        if actor is not None and c.origin is not None:
            cands += [Candidate(f.name, f.uid, ids[stood[f.uid]] if stood[f.uid] is not None else None, None, f.kind,
                                _distance_note(game, stood[f.uid], actor, c.origin) if stood[f.uid] is not None
                                else "") for f in offered]
        if c.chosen is not None:
            chosen, chosen_uid = c.chosen.name, c.chosen.uid
    for c in spots:
        offered = [s for s in c.options if s is not None]
        if len(offered) > 1:
            steps.append(f"Empty spaces {where}: {_names([str(ids[s]) for s in offered])}; {_who_chose(game, c.seat)}"
                         f" chose space {ids[c.chosen]} ({PLACE_PAGE})." if c.chosen is not None else
                         f"Empty spaces {where}: {_names([str(ids[s]) for s in offered])}; it was not placed.")
        elif offered:
            steps.append(f"Space {ids[offered[0]]} was the only empty space {where}.")
        if not picks:
            cands += [Candidate(f"space {ids[s]}", s, ids[s], None, "space") for s in offered]
            if c.chosen is not None:
                chosen = f"space {ids[c.chosen]}"
            if len(offered) > 1:
                tied, by = [f"space {ids[s]}" for s in offered], _who_chose(game, c.seat)
    for f, s in placed:
        steps.append(f"{f.name} was placed on space {ids[s]}.")
    names = _names([f.name for f, _ in placed]) if placed else "nobody"
    why = Reason(source.owner, "place a fighter", source.page or PLACE_PAGE,
                 headline=f"{source.name}: {names} placed {where}", actor_uid=actor.uid if actor else None,
                 candidates=cands, chosen=chosen, chosen_uid=chosen_uid, tied=tied,
                 decided_by=by if len(tied) > 1 else THE_RULE, tie_page=(CHOICES_PAGE if picks else PLACE_PAGE) if len(tied) > 1 else "",
                 stops=[ids[s] for s in spots[-1].options if s is not None] if spots else [],
                 stop=ids[placed[-1][1]] if placed else None,
                 stop_decided_by=_who_chose(game, spots[-1].seat) if spots else THE_RULE, steps=steps, ours=source.ours,
                 rule_text=source.text or "Enemies make no choices: the players choose every fighter and space "
                                          "an enemy's effect leaves open.")
    return why.as_dict()
