"""Allies & henchmen (Adventures p.19, advanced play).

Allies and henchmen only exist as initiative cards. At setup the ally and henchman decks
are shuffled apart, the top ally is flipped face up, and two face-down henchmen (plus the
scenario's extra ones) and Friends in Odd Places join the initiative deck. At the end of
the round Friends in Odd Places recruits the face-up ally if a player fighter stands on
its numbered starting space, else a henchman comes in instead. An ally or henchman with a
card of the other type directly to its right at the end of the round knocks both out.

Allies help the players, so every choice in their effects is the table's (`as_players`);
henchmen are enemy effects and decide nothing (their ops run as the villain).
"""
from __future__ import annotations

from adventures.rules import tags
from adventures.rules.difficulty import extra_henchmen
from adventures.rules.plugin import EnemyPlugin
from adventures.rules.state import ALLY, HENCHMAN, SPECIAL, InitCard
from adventures.rules.threat import said
from engine.decisions import FIGHTER, OPTION, TABLE
from engine.effects.registry import op
from engine.effects.resolve import Ctx, amount, run_ops
from engine.game import Game

STARTING_HENCHMEN = 2


class PlayersCtx(Ctx):
    """An effect context for "players choose": a player side, decisions go to the table."""

    __slots__ = ()

    @property
    def seat(self) -> int:
        return TABLE


class AlliesModule(EnemyPlugin):
    """The ally and henchman decks, the face-up ally, and the discards (out of the game)."""

    key = "allies"

    def __init__(self, deck_def) -> None:
        super().__init__(None, deck_def)
        self.allies = [c for c in deck_def.cards if c.kind == "ally"]          # top = index 0
        self.henchmen = [c for c in deck_def.cards if c.kind == "henchman"]
        self.face_up = None
        self.discarded: list[str] = []        # allies not recruited and knocked-out cards

    # ------------------------------------------------------------ cards
    def add_card(self, game: Game, d) -> InitCard:
        """Put an ally or henchman into the initiative deck (from the next reshuffle)."""
        card = InitCard(d.key, d.name, ALLY if d.kind == "ally" else HENCHMAN, None, None,
                        d.right_now, tuple(d.right_now_ops), d.end_of_round,
                        # The knockout check comes first on every ally and henchman (p.19).
                        ({"ally_knockout": {"ops": list(d.end_of_round_ops)}},), source=self)
        game.adv.all_cards.append(card)
        return card

    def add_henchman(self, game: Game) -> None:
        if not self.henchmen:
            game.log("allies", "The henchman deck is empty: no henchman joins.")
            return
        d = self.henchmen.pop(0)
        self.add_card(game, d)
        game.log("allies", "A face-down henchman joins the initiative deck.")

    def flip_ally(self, game: Game) -> None:
        self.face_up = self.allies.pop(0) if self.allies else None
        if self.face_up is not None:
            game.log("allies", f"Face-up ally: {self.face_up.name} (recruit on starting space "
                               f"{self.face_up.start_space}).", ally=self.face_up.name)
        self.publish(game)

    # ------------------------------------------------------------ recruitment (p.19)
    def recruit(self, game: Game) -> None:
        ally = self.face_up
        if ally is None:
            # No ally left to recruit: nothing happens (p.19 note: an empty deck adds nothing).
            return
        space = game.board.start.get(ally.start_space)
        here = game.occ[space] if space is not None else None
        if here is not None and not here.is_enemy:
            self.add_card(game, ally)
            game.log("recruit", f"{here.name} recruits {ally.name}: the ally joins the initiative deck.",
                     ally=ally.name)
        else:
            self.discarded.append(ally.name)
            game.log("recruit", f"Nobody is on starting space {ally.start_space}: {ally.name} is discarded.",
                     ally=ally.name)
            self.add_henchman(game)
        self.flip_ally(game)

    def knockout(self, game: Game, card: InitCard) -> bool:
        """Knock out `card` and the next card in the row if they are of opposite types."""
        row = game.adv.row
        if card not in row:
            return False
        i = row.index(card)
        right = row[i + 1] if i + 1 < len(row) else None
        if right is None or right.removed or {card.owner, right.owner} != {ALLY, HENCHMAN}:
            return False
        for c in (card, right):
            c.removed = True
            self.discarded.append(c.name)
        game.adv.row = [c for c in row if not c.removed]
        game.log("knockout", f"{card.name} and {right.name} knock each other out: both leave the game.",
                 cards=[card.name, right.name])
        self.publish(game)
        return True

    def publish(self, game: Game) -> None:
        """The state a UI shows next to the board."""
        game.adv.data["allies"] = {
            "face_up": self.face_up.name if self.face_up else None,
            "face_up_space": self.face_up.start_space if self.face_up else None,
            "ally_deck": len(self.allies),
            "henchman_deck": len(self.henchmen),
            "discarded": list(self.discarded),
        }


def allies_of(game: Game) -> AlliesModule | None:
    for p in game.adv.plugins:
        if isinstance(p, AlliesModule):
            return p
    return None


def setup_allies(game: Game) -> AlliesModule:
    """Advanced setup (p.19): shuffle both decks, flip an ally, seed henchmen and the
    Friends in Odd Places card into the initiative deck."""
    deck_def = getattr(game.catalog, "allies", None)
    if deck_def is None:
        raise ValueError("allies: true needs adventures/content/allies/allies.yaml")
    module = AlliesModule(deck_def)
    game.adv.add_plugin(module)
    game.shuffle(module.allies)
    game.shuffle(module.henchmen)
    for _ in range(STARTING_HENCHMEN + extra_henchmen(game.scenario)):   # the level's too (p.18)
        module.add_henchman(game)
    f = deck_def.friends_in_odd_places
    game.adv.all_cards.append(InitCard(f.key, f.name, SPECIAL, None, None, f.right_now, tuple(f.right_now_ops),
                                       f.end_of_round, tuple(f.end_of_round_ops), source=module))
    module.flip_ally(game)
    return module


# ---------------------------------------------------------------- effect ops
def players_left(game: Game) -> list:
    return [s for s in game.sides if not s.is_enemy and not s.eliminated]


def player_ctx(ctx: Ctx, side, cls=PlayersCtx) -> Ctx:
    hero = next((f for f in side.fighters if f.alive), None)
    return cls(ctx.game, side, hero, ctx.card, None, None, dict(ctx.vars))


@op("as_players")
def op_as_players(ctx: Ctx, args) -> None:
    """`{player: any|choose|each, ops: [...]}`: ally effects. Runs the ops for a player
    side with every decision given to the table ("players choose"). `choose` lets the
    table pick which player; `any` uses the first remaining one (for ops where it does
    not matter, like "a player fighter recovers")."""
    game = ctx.game
    players = players_left(game)
    if not players:
        return
    mode = args.get("player", "any")
    if mode == "each":
        chosen = players
    elif mode == "choose":
        chosen = [game.decide(TABLE, OPTION, "Players choose a player for the ally's effect", players,
                              [s.name for s in players], tag=tags.CHOOSE_PLAYER)]
    else:
        chosen = players[:1]
    for side in chosen:
        run_ops(player_ctx(ctx, side), args.get("ops", []))


@op("each_player")
def op_each_player(ctx: Ctx, args) -> None:
    """`each_player: {ops: [...]}`: henchman effects that hit every player; each player
    makes their own choices about their own cards."""
    for side in players_left(ctx.game):
        run_ops(player_ctx(ctx, side, Ctx), args.get("ops", []))


@op("ally_strike")
def op_ally_strike(ctx: Ctx, args) -> None:
    """`{amount: N}`: players choose an enemy fighter adjacent to a player fighter; it
    takes N damage."""
    game = ctx.game
    n = amount(ctx, args.get("amount", 1))
    players = [f for f in game.fighters if not f.is_enemy]
    pool = [f for f in game.fighters if f.is_enemy and any(game.adjacent(f, p) for p in players)]
    if not pool:
        return
    target = game.decide(TABLE, FIGHTER, f"Players choose an enemy to take {n} damage", pool,
                         [f"{f.name} ({game.space_label(f.space)}, {f.health} health)" for f in pool],
                         tag=tags.EFFECT_FIGHTER)
    card = ctx.vars.get("init_card")
    game.damage(target, n, card.name if card else "ally")


@op("threat_back")
def op_threat_back(ctx: Ctx, args) -> None:
    """Move the threat marker back N spaces, never before the first space."""
    adv = ctx.game.adv
    n = min(amount(ctx, args), adv.threat)
    if n > 0:
        adv.threat -= n
        card = ctx.vars.get("init_card")
        ctx.game.log("threat", said(card.name if card else "", f"the threat falls back {n} to space "
                                                              f"{adv.threat + 1} of {adv.track_length}."),
                     threat=adv.threat, amount=-n)


@op("recruit_ally")
def op_recruit_ally(ctx: Ctx, args) -> None:
    """Friends in Odd Places, END OF ROUND: recruitment (p.19)."""
    module = allies_of(ctx.game)
    if module is not None:
        module.recruit(ctx.game)


@op("ally_knockout")
def op_ally_knockout(ctx: Ctx, args) -> None:
    """`{ops: [...]}`: first, the knockout check (p.19); if this card and the next one in
    the row are an ally and a henchman, both leave the game and neither END OF ROUND
    effect resolves. Otherwise this card's own END OF ROUND ops run."""
    card = ctx.vars.get("init_card")
    module = allies_of(ctx.game)
    if card is not None and module is not None and module.knockout(ctx.game, card):
        return
    run_ops(ctx, args.get("ops", []))
