"""The initiative deck and the round (Adventures p.5-6).

Each turn reveals the top card: RIGHT NOW resolves (usually a turn), the card joins the
row. When the deck is empty, END OF ROUND effects resolve left to right, then everything
still in the game is reshuffled for the next round.
"""
from __future__ import annotations

from adventures.rules.enemy import enemy_turn
from adventures.rules.state import ENEMY, PLAYER, InitCard
from adventures.rules.view import forget_initiative, initiative_key
from engine.effects.resolve import Ctx, run_ops
from engine.game import Game
from engine.knowledge import PUBLIC, learn
from engine.turn import take_turn


def card_ctx(game: Game, card: InitCard) -> Ctx:
    side = card.side or game.adv.villain
    fighter = side.fighters[0] if side.fighters else None
    ctx = Ctx(game, side, fighter)
    ctx.vars["init_card"] = card
    return ctx


def resolve_right_now(game: Game, card: InitCard) -> None:
    if game.events is not None:   # no text to build in batch runs (the log is off)
        game.log("initiative", f"Initiative: {card.name}.", card=card.name, key=card.key)
    if card.owner == PLAYER:
        if card.side is not None and not card.side.eliminated:
            take_turn(game, card.side)
    elif card.owner == ENEMY:
        if card.side is not None and not card.side.eliminated:
            enemy_turn(game, card.side, card.move or 0)
    if card.right_now_ops and not card.removed:
        run_ops(card_ctx(game, card), card.right_now_ops)


def play_round(game: Game) -> None:
    start_round(game)
    finish_round(game)


def start_round(game: Game) -> None:
    adv = game.adv
    game.round += 1
    adv.deck = [c for c in adv.all_cards if not c.removed]
    game.shuffle(adv.deck)
    forget_initiative(game)
    adv.row = []
    if game.events is not None:   # no text to build in batch runs (the log is off)
        game.log("round", f"Round {game.round} begins.", deck=[c.name for c in adv.deck])


def finish_round(game: Game) -> None:
    """Reveal the rest of the initiative deck, then the end of the round. Between two cards
    nothing else is in progress: the quiet point where a search bot's checkpoint is taken
    (`game.keep_checkpoints`, see adventures.rules.clone)."""
    adv = game.adv
    while adv.deck:
        if game.keep_checkpoints:
            take_checkpoint(game)
        card = adv.deck.pop(0)
        if card.removed:
            continue                     # a defeated owner's card is removed when revealed
        adv.row.append(card)
        resolve_right_now(game, card)
    if game.events is not None:   # no text to build in batch runs (the log is off)
        game.log("end_of_round", f"End of round {game.round}.")
    for card in list(adv.row):
        if card.removed or card not in adv.row:
            continue
        if card.end_of_round_ops:
            run_ops(card_ctx(game, card), card.end_of_round_ops)
    for plugin in adv.plugins:
        plugin.end_of_round(game)
    adv.history.append({"round": game.round, "threat": adv.threat, "completions": adv.completions,
                        "villain_health": adv.villain.fighters[0].health})


# The rulebook sets no limit (p.6 note); an effect that grants a turn every turn would
# loop for the whole round, so each initiative card gets at most this many per round.
MAX_EXTRA_TURNS = 3


def take_checkpoint(game: Game) -> None:
    """Keep a copy of the game at this quiet point for search bots. A state that cannot be
    copied leaves no checkpoint (the bots then play by rule of thumb), never stops the game;
    tests/test_expert.py clones a game of every hero, so that should not happen."""
    from adventures.rules.clone import clone_game
    try:
        game.checkpoint = (clone_game(game), len(game.answers))
    except Exception as exc:
        game.checkpoint = None
        game.log("checkpoint", f"No search checkpoint: {type(exc).__name__}: {exc}")


def extra_turn(game: Game, card: InitCard) -> None:
    """An initiative card put on the bottom of the deck: another turn this round; in the
    round's last turn, that turn happens at once (p.6). The card MOVES: one still in the
    deck (not yet revealed) goes to the bottom and gives no second turn."""
    adv = game.adv
    if card.removed:
        return
    if card in adv.deck:              # not revealed yet: just moved, its one turn comes later
        adv.deck.remove(card)
        adv.deck.append(card)
        learn(game, initiative_key(game, card), PUBLIC)     # everyone saw it go under
        game.log("extra_turn", f"{card.name} moves to the bottom of the initiative deck.")
        return
    # extra turns granted this round, by card (a string key: the state hash reads adv.data)
    used = adv.data.get("extra_turns")
    if used is None or used.get("round") != game.round:
        used = adv.data["extra_turns"] = {"round": game.round}
    key = f"{card.key}@{card.side.index if card.side is not None else -1}"
    if used.get(key, 0) >= MAX_EXTRA_TURNS:
        game.log("extra_turn", f"{card.name} has had {MAX_EXTRA_TURNS} extra turns this round: no more.")
        return
    used[key] = used.get(key, 0) + 1
    if adv.deck:
        if card in adv.row:
            adv.row.remove(card)
        adv.deck.append(card)
        learn(game, initiative_key(game, card), PUBLIC)
        game.log("extra_turn", f"{card.name} goes to the bottom of the initiative deck.")
    else:
        game.log("extra_turn", f"{card.name} takes an extra turn at once.")
        resolve_right_now(game, card)
