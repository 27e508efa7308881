"""The no-peeking test, for any bot (issue 27; after OpenSpiel's information state).

A bot must answer from what its seat can see. Take real decisions of real games; at each,
list every card face down to the deciding seat (`hidden`, written here on its own rather
than asked of `adventures.rules.view`, so a blind spot there is not copied into the test):
every deck's order, other players' hands when hands are hidden, a combat card played
face down and not yet revealed (the enemy's attack card taken before a hero's defence),
the initiative cards to come, Krang's traps, the borough tiles not yet turned, face-down
allies and henchmen; less what the seat legitimately knows (`engine.knowledge`).

Then build other games the seat cannot tell apart: at the last quiet point before the
decision (the checkpoint a search bot starts from), the cards that are face down at the
decision are permuted among their places, and the recorded answers replayed to the same
decision. A permutation that changed anything the seat sees there (a card it drew, a
revealed card) is dropped (`public` compares the two decisions with the hidden cards masked).
The bot, built fresh by `factory` with a fixed seed, must give the same answer (and, if
it has them, the same `last_scores`) in every one of those games.
"""
from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field

from adventures.persistence.hashing import stable
from adventures.rules.clone import clone_game
from adventures.rules.runner import play_adventure
from adventures.rules.setup import new_adventure
from adventures.sim import runner
from engine.decisions import TABLE
from engine.knowledge import knows


class _Stop(Exception):
    pass


# ---------------------------------------------------------------- what is face down
def hidden(game, seat: int, hidden_hands: bool = False) -> dict[str, list[tuple]]:
    """{pool: [(holder, place)]}: where the cards face down to `seat` lie. Cards of one pool
    may be exchanged (one owner's unseen cards); a place is a list index or an attribute."""
    shared = not hidden_hands

    def seen_hand(side) -> bool:
        return side.is_enemy or shared or (seat != TABLE and side.index == seat)

    out: dict[str, list[tuple]] = {}
    for k, side in enumerate(game.sides):
        places = [(side.deck, i) for i, c in enumerate(side.deck) if not knows(game, c.uid, seat, shared)]
        if not seen_hand(side):
            places += [(side.hand, i) for i, c in enumerate(side.hand) if not knows(game, c.uid, seat, shared)]
        out[f"side{k}"] = places
    owners = {id(s): k for k, s in enumerate(game.sides)}
    for combat in game.combat_stack:
        for attr in ("att_card", "def_card"):
            card = getattr(combat, attr)
            if card is None or combat.revealed or knows(game, card.uid, seat, shared):
                continue
            if card.owner.is_enemy or not seen_hand(card.owner):
                out[f"side{owners[id(card.owner)]}"].append((combat, attr))
    adv = getattr(game, "adv", None)
    if adv is not None:
        index = {id(c): i for i, c in enumerate(adv.all_cards)}
        out["initiative"] = [(adv.deck, i) for i, c in enumerate(adv.deck)
                             if not knows(game, ("init", index[id(c)]), seat, shared)]
        traps = adv.data.get("trap_deck")
        if isinstance(traps, list):
            out["traps"] = [(traps, i) for i in range(len(traps))]
        track = adv.data.get("borough_track")
        if isinstance(track, list):
            out["boroughs"] = [(track, i) for i in range(len(adv.data.get("fallen", ())) + 1, len(track))]
        for j, plugin in enumerate(adv.plugins):
            for pile in ("allies", "henchmen"):
                cards = getattr(plugin, pile, None)
                if isinstance(cards, list):
                    out[f"{pile}{j}"] = [(cards, i) for i in range(len(cards))]
    return {k: v for k, v in out.items() if v}


def _get(holder, at):
    return holder[at] if isinstance(at, int) else getattr(holder, at)


def _put(holder, at, x) -> None:
    if isinstance(at, int):
        holder[at] = x
    else:
        setattr(holder, at, x)


def identity(game, x):
    """A card's identity across clones: its uid, an initiative card's place in the list."""
    if hasattr(x, "uid"):
        return x.uid
    adv = getattr(game, "adv", None)
    if adv is not None and any(c is x for c in adv.all_cards):
        return ("init", next(i for i, c in enumerate(adv.all_cards) if c is x))
    return ("value", stable(x))


def contents(game, pools) -> dict[str, list]:
    """Each pool's cards as sorted identities (what may be exchanged, not where it is)."""
    return {k: sorted((identity(game, _get(h, a)) for h, a in v), key=repr) for k, v in pools.items()}


def public(game, pools) -> str:
    """Everything at this decision with the face-down places masked: what the seat sees."""
    masked = {(id(h), a) for v in pools.values() for h, a in v}

    def pile(cards) -> list:
        return ["?" if (id(cards), i) in masked else identity(game, c) for i, c in enumerate(cards)]
    sides = [{"f": [[f.uid, f.health, f.alive, f.space] for f in s.fighters],
              "deck": pile(s.deck), "hand": pile(s.hand), "disc": pile(s.discard),
              "rem": pile(s.removed), "st": pile(s.stored), "tuck": pile(s.tucked), "data": stable(s.data)}
             for s in game.sides]
    combats = [["?" if (id(c), a) in masked else (identity(game, _get(c, a)) if _get(c, a) else None)
                for a in ("att_card", "def_card")] for c in game.combat_stack]
    adv = getattr(game, "adv", None)
    extra = {}
    if adv is not None:
        data = {k: v for k, v in adv.data.items() if k not in ("trap_deck", "borough_track", "overrides")}
        extra = {"threat": adv.threat, "tokens": stable(adv.tokens), "row": pile(adv.row), "deck": pile(adv.deck),
                 "data": stable(data), **{k: pile(adv.data[k]) for k in ("trap_deck", "borough_track")
                                          if isinstance(adv.data.get(k), list)}}
    return repr(stable({"sides": sides, "combats": combats, "adv": extra, "known": game.known,
                        "answers": list(game.answers), "round": game.round}))


# ---------------------------------------------------------------- decisions of real games
@dataclass
class Moment:
    """A decision of a real game, and the quiet point before it."""
    checkpoint: object
    at: int                         # answers given at the checkpoint
    answers: list[int]              # every answer given before the decision
    seat: int
    tag: str
    hidden: dict[str, list] = field(default_factory=dict)   # contents() of the face-down pools
    public: str = ""
    hidden_hands: bool = False


def moments(scenario_path, seed: int, want, limit: int, hidden_hands: bool = False, bot=None) -> list[Moment]:
    """Up to `limit` decisions for which `want(game, decision)` is true, from one game
    played by heuristic bots (or `bot`), each with a checkpoint."""
    from adventures.bots import HeuristicBot, TablePolicy
    sc = runner.load_scenario(scenario_path)
    found: list[Moment] = []

    class Recorder:
        player = bot or HeuristicBot()
        table = TablePolicy()

        def choose(self, game, d):
            if game.checkpoint is not None and len(d.options) > 1 and want(game, d):
                base, at = game.checkpoint
                pools = hidden(game, d.seat, hidden_hands)
                found.append(Moment(base, at, list(game.answers), d.seat, d.tag, contents(game, pools),
                                    public(game, pools), hidden_hands))
                if len(found) >= limit:
                    raise _Stop
            return (self.table if d.seat < 0 else self.player).choose(game, d)
    rec = Recorder()
    game = new_adventure(sc, runner._catalog(), seed, {i: rec for i in range(sc.players)}, rec, log=False,
                         hidden_hands=hidden_hands)       # the rule of the game: every clone keeps it
    game.keep_checkpoints = True
    try:
        play_adventure(game)
    except _Stop:
        pass
    return found


def permuted(moment: Moment, rng: random.Random):
    """A copy of the moment's checkpoint with the cards face down at the decision permuted
    among their places there (a card a pool holds at the decision may lie elsewhere at the
    checkpoint: only the face-down places of the checkpoint are touched)."""
    twin = clone_game(moment.checkpoint)
    at_cp = hidden(twin, moment.seat, moment.hidden_hands)
    for places in at_cp.values():
        for ids in moment.hidden.values():
            ids = set(ids)
            mine = [(h, a) for h, a in places if identity(twin, _get(h, a)) in ids]
            cards = [_get(h, a) for h, a in mine]
            rng.shuffle(cards)
            for (h, a), c in zip(mine, cards):
                _put(h, a, c)
    return twin


def at_decision(checkpoint, moment: Moment, ask, reseed: int | None = None):
    """Replay a clone of `checkpoint` to the moment's decision; `ask(game, decision)` is
    called there (inside the game, as a bot would be) and its result returned, with the
    face-down contents and the masked public state at that decision. `reseed`: the game
    RNG gets another future there (no seat knows the next draw or roll either)."""
    twin = clone_game(checkpoint)
    box = {}

    class Hook:
        def choose(self, game, d):
            if len(game.answers) != len(moment.answers):
                raise AssertionError("replay went past the decision")
            pools = hidden(game, moment.seat, moment.hidden_hands)
            if reseed is not None:
                game.rng.seed(reseed)
            box["out"] = (ask(game, d), contents(game, pools), public(game, pools))
            raise _Stop
    hook = Hook()
    twin.agents = {s.index: hook for s in twin.sides if not s.is_enemy}
    twin.table_agent = hook
    twin.checkpoint = (checkpoint, moment.at)
    twin.replay_queue.extend(moment.answers[moment.at:])
    from adventures.rules.clone import resume_adventure
    try:
        resume_adventure(twin)
    except _Stop:
        return box["out"]
    raise AssertionError("the game ended before the decision")


def peeks(factory, found: list[Moment], permutations: int = 2, seed: int = 0) -> dict:
    """Ask a fresh `factory()` bot at each moment and in `permutations` games its seat
    cannot tell from it. {"moments", "compared", "dropped", "scores", "choices"}: how many
    decisions were compared, permutations dropped (they changed what the seat sees), and
    decisions where the bot's scores or its choice changed."""
    def ask(game, d):
        bot = factory()
        answer = bot.choose(game, d)
        return answer, copy.deepcopy(getattr(bot, "last_scores", None))
    rng = random.Random(seed)
    tally = {"moments": len(found), "compared": 0, "dropped": 0, "scores": 0, "choices": 0, "changed": []}
    for m in found:
        (answer, scores), pools, seen = at_decision(m.checkpoint, m, ask)
        assert pools == m.hidden and seen == m.public, "a clone replayed to another state"
        diff_scores = diff_choice = False
        compared = False
        for _ in range(permutations):
            twin = permuted(m, rng)
            (a2, s2), pools2, seen2 = at_decision(twin, m, ask, reseed=rng.getrandbits(63))
            if seen2 != seen or pools2 != pools:
                tally["dropped"] += 1
                continue
            compared = True
            diff_scores |= s2 != scores
            diff_choice |= a2 != answer
        tally["compared"] += compared
        tally["scores"] += diff_scores
        tally["choices"] += diff_choice
        if diff_scores or diff_choice:
            tally["changed"].append((m.tag, len(m.answers)))
    return tally


def peeks_by_hands(factory, found) -> dict:
    """`peeks` over decisions of games with open and with hidden hands (the game's rule, which
    the bot reads from the game it is asked in); the tallies added up."""
    total: dict = {}
    for hidden_hands in (False, True):
        tally = peeks(factory, [m for m in found if m.hidden_hands == hidden_hands])
        for k, v in tally.items():
            total[k] = total.get(k, 0 if isinstance(v, int) else []) + v
    return total
