"""The game object: state, one seeded RNG, decisions, event log and rule primitives.

Everything that changes state goes through a method here (damage, draw, discard, move,
place) so that hooks, the event log and the end-of-game checks are never skipped.
"""
from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from typing import Any

from engine.board import Board
from engine.decisions import TABLE, Decision
from engine.effects import registry
from engine.knowledge import forget_all
from engine.rules import MoveContext, Rules
from engine.state import HERO, Card, Combat, Fighter, GameOver, Side
from engine.tags import DISCARD


class Game:
    def __init__(self, board: Board, seed: int, rules: Rules | None = None, log: bool = True):
        self.board = board
        self.seed = seed
        self.rng = random.Random(seed)
        # Bots draw from their own stream so a bot's coin flips never shift the game's RNG.
        self.bot_rng = random.Random(seed ^ 0x5EED_B07)
        self.rules = rules or Rules()
        self.sides: list[Side] = []
        self.occ: list[Fighter | None] = [None] * board.n
        self.occ_mask = 0                     # the occupied spaces of `occ` as a bitmask (bit i = space i)
        self.agents: dict[int, Any] = {}
        self.table_agent: Any = None
        self.answers: list[int] = []          # every answered decision, in order (the replay)
        # Answers to feed back before asking agents (restoring a save, undo, replays).
        self.replay_queue: deque[int] = deque()
        self.decision_count = 0
        self.events: list[dict] | None = [] if log else None
        self.round = 0
        self._uid = 0
        # Where fighters stood when the current turn began, written the first time each
        # changes space during the turn (see the `turn` setter and `_relocate`).
        self.turn_start_spaces: dict[int, int | None] = {}
        self._turn_last_uid = 0               # the last uid given out when the turn began
        self.turn = 0
        self.current: Side | None = None
        self.combat: Combat | None = None
        self.combat_stack: list[Combat] = []
        self.maneuver = None                  # the MoveContext of the maneuver under way, if any
        self.resolving: list[Card] = []       # cards out of every pile while their effect resolves
        self.over: GameOver | None = None
        self._pin_turn = -1                   # the last turn a fighter was pinned in (see `pinned`)
        self._fighters: list[Fighter] | None = None
        # Per team: the fighters on the board of the other teams (who blocks a move, who
        # can be attacked) and their spaces as a bitmask; see `opponents`.
        self._opponents: dict[int, list[Fighter]] = {}
        self._opposing_masks: dict[int, int] = {}
        self.observer = None                  # optional callable(event) for UIs (pacing)
        # Search bots: a copy of the game at the last quiet point, with len(answers) then.
        self.keep_checkpoints = False
        self.checkpoint: tuple | None = None
        # Face-down cards whose place a seat has seen (engine.knowledge): key -> who saw it.
        self.known: dict = {}
        registry.load_all()

    @property
    def turn(self) -> int:
        """Counts every hero AND enemy turn (per-turn records reset themselves with it)."""
        return self._turn

    @turn.setter
    def turn(self, n: int) -> None:
        # A turn begins: where every fighter stands is needed for "if your fighter is not in
        # the space it started this turn in" (Momentous Shift, base-set scan p.2). Rather than
        # a snapshot of every fighter each turn, `_relocate` (the one place `Fighter.space`
        # changes) writes a fighter's space down the first time it changes during the turn:
        # a fighter with no record still stands where it began.
        self._turn = n
        self.turn_start_spaces = {}
        self._turn_last_uid = self._uid

    def moved_this_turn(self, fighter: Fighter) -> bool:
        """The fighter stands on another space than when the current turn began. A fighter
        created during the turn (a uid given out since) had no space when it began."""
        if fighter.uid > self._turn_last_uid:
            return False
        return self.turn_start_spaces.get(fighter.uid, fighter.space) != fighter.space

    # ------------------------------------------------------------------ ids and log
    def next_uid(self) -> int:
        self._uid += 1
        return self._uid

    def log(self, kind: str, text: str, **data: Any) -> None:
        if self.events is not None:
            event = {"kind": kind, "text": text, "round": self.round, **data}
            self.events.append(event)
            if self.observer is not None:
                self.observer(event)

    # ------------------------------------------------------------------ decisions
    def decide(self, seat: int, kind: str, prompt: str | Callable[[], str], options: list,
               labels: list[str] | Callable[[], list[str]] | None = None,
               tag: str = "", context: dict | None = None, force: bool = False):
        """Ask the agent of `seat` (or the table) to pick one of `options`; returns the option.

        A decision with a single option is taken without asking (and not recorded) unless
        `force` is set, so replays stay aligned while trivial prompts are skipped. `prompt`
        and `labels` may be functions building them: a game that keeps a log (people play
        or read it) builds them now, from the state they describe; a batch run only when read.
        """
        if not options:
            raise ValueError(f"decision with no options: {prompt() if callable(prompt) else prompt}")
        if len(options) == 1 and not force:
            return options[0]
        if self.events is not None:
            if callable(prompt):
                prompt = prompt()
            if callable(labels):
                labels = labels()
        d = Decision(kind, seat, prompt, options, labels, context, tag)
        if self.replay_queue:
            i = self.replay_queue.popleft()
        else:
            agent = self.table_agent if seat == TABLE else self.agents.get(seat)
            if agent is None:
                agent = self.table_agent or next(iter(self.agents.values()))
            i = agent.choose(self, d)
        if not isinstance(i, int) or not 0 <= i < len(options):
            raise ValueError(f"agent answered {i!r} to {d.prompt!r} with {len(options)} options")
        self.answers.append(i)
        self.decision_count += 1
        return options[i]

    @property
    def replaying(self) -> bool:
        """True while recorded answers are being fed back (UIs skip pacing then)."""
        return bool(self.replay_queue)

    def seat_of(self, side: Side) -> int:
        """Who decides for a side: its own seat, or the table for enemies (they make none)."""
        return TABLE if side.is_enemy else side.index

    # ------------------------------------------------------------------ fighters and board
    @property
    def fighters(self) -> list[Fighter]:
        """Fighters on the board, in side order. Cached: only put() and lift() change it."""
        if self._fighters is None:
            self._fighters = [f for s in self.sides for f in s.fighters if f.alive and f.space is not None]
        return self._fighters

    def opponents(self, team: int) -> list[Fighter]:
        """Fighters on the board of another team than `team`, in side order. Cached like
        `fighters` (only put() and lift() change who is on the board; teams never change)."""
        hit = self._opponents.get(team)
        if hit is None:
            hit = self._opponents[team] = [f for f in self.fighters if f.side.team != team]
        return hit

    def opposing_mask(self, team: int) -> int:
        """The spaces of `opponents(team)` as a bitmask (bit i = space i). Cached until a
        fighter changes space (put, lift, move_along, swap)."""
        hit = self._opposing_masks.get(team)
        if hit is None:
            hit = 0
            for f in self.opponents(team):
                hit |= 1 << f.space
            self._opposing_masks[team] = hit
        return hit

    def occupant(self, space: int) -> Fighter | None:
        return self.occ[space]

    def friendly(self, a: Fighter | Side, b: Fighter | Side) -> bool:
        ta = a.team if isinstance(a, Side) else a.side.team
        tb = b.team if isinstance(b, Side) else b.side.team
        return ta == tb

    def opposing_spaces(self, fighter: Fighter) -> set[int]:
        return {f.space for f in self.opponents(fighter.side.team)}

    def occupied_spaces(self) -> set[int]:
        return {i for i, f in enumerate(self.occ) if f is not None}

    def empty_spaces(self) -> list[int]:
        return [i for i, f in enumerate(self.occ) if f is None]

    def put(self, fighter: Fighter, space: int) -> None:
        if self.occ[space] is not None and self.occ[space] is not fighter:
            raise ValueError(f"space {self.board.ids[space]} is occupied by {self.occ[space].name}")
        self._relocate(fighter, space)
        self._fighters = None
        self._opponents = {}

    def lift(self, fighter: Fighter) -> None:
        self._relocate(fighter, None)
        self._fighters = None
        self._opponents = {}

    def _relocate(self, fighter: Fighter, space: int | None) -> None:
        """The one place a fighter's space changes (put, lift, move_along, swap): the
        occupancy list and mask, the turn-start record and the opposing masks follow it.
        put and lift also forget who is on the board (`fighters`, `opponents`)."""
        old = fighter.space
        if fighter.uid not in self.turn_start_spaces:
            self.turn_start_spaces[fighter.uid] = old
        if old is not None and self.occ[old] is fighter:
            self.occ[old] = None
            self.occ_mask &= ~(1 << old)
        fighter.space = space
        if space is not None:
            self.occ[space] = fighter
            self.occ_mask |= 1 << space
        self._opposing_masks = {}

    def adjacent(self, a: Fighter, b: Fighter) -> bool:
        return a.space is not None and b.space is not None and b.space in self.board.adj[a.space]

    def same_zone(self, a: Fighter, b: Fighter) -> bool:
        return a.space is not None and b.space is not None and self.board.same_zone(a.space, b.space)

    def space_label(self, space: int | None) -> str:
        return "off board" if space is None else f"space {self.board.ids[space]}"

    # ------------------------------------------------------------------ health
    def damage(self, fighter: Fighter, amount: int, source: str = "effect") -> int:
        """Deal damage; defeats at 0. Returns damage actually taken."""
        if amount <= 0 or not fighter.alive:
            return 0
        taken = min(amount, fighter.health)
        fighter.health -= taken
        self.note(fighter.side, "damaged", taken)     # "has taken damage this turn" (The Moscow Protocol)
        if self.events is not None:
            self.log("damage", f"{fighter.name} takes {taken} damage ({source}).",
                     fighter=fighter.uid, amount=taken, source=source)
        if fighter.health <= 0:
            self.defeat(fighter)
        return taken

    def recover(self, fighter: Fighter, amount: int) -> int:
        """Recover health, never above the starting maximum; defeated fighters cannot."""
        if amount <= 0 or not fighter.alive:
            return 0
        gained = min(amount, fighter.max_health - fighter.health)
        if gained:
            fighter.health += gained
            self.log("recover", f"{fighter.name} recovers {gained} health.", fighter=fighter.uid, amount=gained)
        return gained

    def defeat(self, fighter: Fighter) -> None:
        fighter.health = 0
        fighter.alive = False
        self.lift(fighter)
        self.log("defeated", f"{fighter.name} is defeated.", fighter=fighter.uid)
        side = fighter.side
        if not side.alive_fighters:
            side.eliminated = True
            self.log("eliminated", f"{side.name} is eliminated.", side=side.index)
        self.rules.fighter_defeated(self, fighter)

    def end(self, winner: str, reason: str) -> None:
        if self.over is None:
            self.over = GameOver(winner, reason)
            said = {"heroes": "the heroes win", "villain": "the villain wins", "timeout": "no winner"}.get(
                winner, f"{winner} wins")                  # a sentence, not the record's key
            self.log("game_over", f"Game over: {said} ({reason}).", winner=winner, reason=reason)
        raise self.over

    def check_competitive_end(self, fighter: Fighter) -> None:
        """Competitive rules: a team loses when all its heroes are defeated."""
        if fighter.kind != HERO:
            return
        if fighter.side.data.get("ffa"):
            # Free-for-all: a defeated hero eliminates the player and removes sidekicks.
            for f in fighter.side.fighters:
                if f.alive:
                    f.alive = False
                    f.health = 0
                    self.lift(f)
            fighter.side.eliminated = True
        teams_alive = {s.team for s in self.sides
                       if any(f.alive and f.kind == HERO for f in s.fighters)}
        if len(teams_alive) == 1:
            team = teams_alive.pop()
            names = " & ".join(s.name for s in self.sides if s.team == team)
            self.end(names, "last hero standing")
        if not teams_alive:
            self.end(self.current.name if self.current else "nobody", "both heroes fell")

    # ------------------------------------------------------------------ this turn
    def note(self, side: Side, key: str, n: int = 1) -> None:
        """Count something a side did this turn (cards played, combats lost, ...)."""
        rec = side.this_turn
        if rec.get("turn") != self._turn:
            rec.clear()
            rec["turn"] = self._turn
        rec[key] = rec.get(key, 0) + n

    def noted(self, side: Side, key: str) -> int:
        """How many times `key` was noted for this side during the current turn."""
        rec = side.this_turn
        return rec.get(key, 0) if rec.get("turn") == self._turn else 0

    def pin(self, fighter: Fighter) -> None:
        """Until the end of this turn the fighter cannot leave its space: no move, place or
        swap takes it away (Widow's Kiss). A per-turn record, so it ends by itself."""
        self.note(fighter.side, f"pinned {fighter.uid}")
        self._pin_turn = self._turn
        self.log("pinned", f"{fighter.name} cannot leave its space this turn.", fighter=fighter.uid)

    def pinned(self, fighter: Fighter) -> bool:
        # Asked before every move: in a turn with no pin() there is no record to look up.
        if self._pin_turn != self._turn:
            return False
        return self.noted(fighter.side, f"pinned {fighter.uid}") > 0

    def boost_pool(self, side: Side, extra: list[Card] | tuple = ()) -> list[Card]:
        """Cards a side may spend to BOOST: its hand plus extra sources (a Vibranium Suit),
        without the cards that print no BOOST."""
        return [c for c in (*side.hand, *extra) if c.boostable]

    def boost_value(self, side: Side, card: Card) -> int:
        """What a card adds when `side` spends it to BOOST: its printed BOOST, or a roll of the
        Die of Ultimate Destruction for a card whose BOOST is rolled (krang.yaml, IQ of 968)."""
        if not card.boost_roll:
            return card.boost
        from engine.dice import face_value, roll_ultimate_destruction
        return face_value(roll_ultimate_destruction(self, side, f"BOOST of {card.name}"))

    # ------------------------------------------------------------------ cards
    def draw(self, side: Side, n: int = 1) -> int:
        """Draw n cards. An empty deck exhausts: 2 damage to each fighter per card not drawn."""
        if side.is_enemy:
            self.rules.enemy_draw(self, side, n)
            return n
        drawn = 0
        for _ in range(n):
            if side.deck:
                side.hand.append(side.deck.pop())
                drawn += 1
            else:
                self.log("exhausted", f"{side.name} is exhausted and cannot draw.", side=side.index)
                for f in list(side.fighters):
                    if f.alive:
                        self.damage(f, 2, "exhaustion")
        if drawn and self.events is not None:
            self.log("draw", f"{side.name} draws {drawn} card{'s' if drawn > 1 else ''}.",
                     side=side.index, count=drawn)
        return drawn

    def discard_from_hand(self, side: Side, card: Card, why: str = "discard") -> None:
        side.hand.remove(card)
        self.to_discard(side, card)
        if self.events is not None:
            self.log("discard", f"{side.name} discards {card.name} ({why}).", side=side.index, card=card.name)

    def to_discard(self, side: Side, card: Card) -> None:
        """Put a card into its owner's discard pile (enemies may reshuffle: Deception)."""
        owner = card.owner
        if owner.is_enemy:
            self.rules.enemy_discard_card(self, owner, card)
        else:
            owner.discard.append(card)

    def put_away_played(self, card: Card) -> None:
        """A played card (combat or scheme) leaves play: to its owner's discard pile unless
        the owner's ability keeps it elsewhere (Donatello tucks his inventions)."""
        ab = card.owner.ability
        if ab is None or not ab.put_away_played(self, card):
            self.to_discard(card.owner, card)

    def choose_discard(self, side: Side, n: int, chooser_seat: int | None = None, random_pick: bool = False,
                       why: str = "discard") -> list[Card]:
        """A side discards n cards from hand: chosen by its player, or at random."""
        if side.is_enemy:
            return self.rules.enemy_discard(self, side, n)
        out = []
        for _ in range(n):
            if not side.hand:
                break
            if random_pick:
                card = side.hand[self.rng.randrange(len(side.hand))]
            else:
                seat = side.index if chooser_seat is None else chooser_seat
                cards = list(side.hand)
                card = self.decide(seat, "card", f"{side.name}: choose a card to discard ({why})",
                                   cards, lambda cards=cards: [c.name for c in cards], tag=DISCARD)
            self.discard_from_hand(side, card, why)
            out.append(card)
        return out

    def mill(self, side: Side, n: int) -> list[Card]:
        """Discard cards from the top of a deck."""
        out = []
        for _ in range(n):
            if not side.deck:
                break
            card = side.deck.pop()
            self.to_discard(side, card)
            out.append(card)
        if out:
            self.log("mill", f"{side.name} discards {', '.join(c.name for c in out)} from the top of the deck.",
                     side=side.index, cards=[c.name for c in out])
        return out

    def shuffle(self, cards: list) -> None:
        """Shuffle in place from the game's RNG. The algorithm is the engine's own, not the
        interpreter's: Fisher-Yates drawing each index from `getrandbits` with rejection,
        the way CPython 3.11's `random.shuffle` does, so a seed deals the same cards on any
        Python version (a record replays to the byte) and the loop runs compiled with the
        engine (`adventures accelerate`)."""
        if getattr(self, "known", None):      # a shuffle hides where its cards lay (engine.knowledge)
            forget_all(self, cards)
        getrandbits = self.rng.getrandbits
        for i in range(len(cards) - 1, 0, -1):
            n = i + 1
            bits = n.bit_length()
            j = getrandbits(bits)
            while j >= n:
                j = getrandbits(bits)
            cards[i], cards[j] = cards[j], cards[i]

    def usable_by(self, card: Card, fighter: Fighter) -> bool:
        return card.fighter == "any" or card.fighter == fighter.name or (
            fighter.label and card.fighter == fighter.label)

    # ------------------------------------------------------------------ movement
    def move_along(self, fighter: Fighter, path: tuple[int, ...], mctx: MoveContext) -> None:
        """Move a fighter along a route, step by step, so rules can react to each step."""
        if len(path) <= 1 or self.pinned(fighter):
            return
        self.rules.before_move(self, fighter, path, mctx)
        start = path[0]
        for frm, to in zip(path, path[1:]):
            self.rules.on_step(self, fighter, frm, to, mctx)
            if not fighter.alive:
                return
        end = path[-1]
        self._relocate(fighter, end)
        if self.events is not None:
            self.log("move", f"{fighter.name} moves from space {self.board.ids[start]} to space "
                     f"{self.board.ids[end]}.", fighter=fighter.uid, path=[self.board.ids[s] for s in path])
        mctx.data["route"] = path           # the route taken, for the effect that moved it
        for side in self.sides:
            if side.ability is not None:
                side.ability.fighter_moved(self, fighter, path, mctx)

    def place(self, fighter: Fighter, space: int) -> None:
        """Place: no route, the destination must be empty."""
        if fighter.space is not None and self.pinned(fighter):
            return
        old = fighter.space
        self.put(fighter, space)
        if self.events is not None:   # no text to build in batch runs (the log is off)
            self.log("place", f"{fighter.name} is placed on space {self.board.ids[space]}.",
                     fighter=fighter.uid, frm=None if old is None else self.board.ids[old])
        self.rules.on_placed(self, fighter, space)

    def swap(self, a: Fighter, b: Fighter) -> None:
        if self.pinned(a) or self.pinned(b):
            return
        sa, sb = a.space, b.space
        self._relocate(a, sb)           # a leaves sa (cleared) and takes sb
        self._relocate(b, sa)           # occ[sb] now holds a: b only takes sa
        self.log("swap", f"{a.name} and {b.name} swap spaces.", a=a.uid, b=b.uid)
        self.rules.on_placed(self, a, sb)
        self.rules.on_placed(self, b, sa)

    def threat_level(self) -> int:
        return self.rules.threat_level(self)
