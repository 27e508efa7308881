"""Hidden hands stay hidden: options that name a card in somebody's hand.

With hidden hands (hot seat, or bots' hands), a question may still offer cards from a hand
the person at the screen must not see, e.g. "Players choose: reroll by discarding a card"
lists every player's hand (Krang's die, p.17). Such options are grouped by the hand they
come from: the prompt shows one button per hand ("Leonardo discards a card…"), and only
after the curtain does that hand's owner see and pick the card.
"""
from __future__ import annotations

from engine.state import Card


def hand_card(option) -> Card | None:
    """The card in a hand that an option names (a Card, or a tuple holding one)."""
    cards = [option] if isinstance(option, Card) else (
        [x for x in option if isinstance(x, Card)] if isinstance(option, tuple) else [])
    for card in cards:
        owner = getattr(card, "owner", None)
        if owner is not None and not owner.is_enemy and card in owner.hand:
            return card
    return None


def private_groups(decision, hidden_for) -> dict[int, list[int]]:
    """{side index: option indices} for options naming a card in a hand that is hidden
    for whoever answers `decision`; `hidden_for(side, decision)` says which are."""
    groups: dict[int, list[int]] = {}
    for i, option in enumerate(decision.options):
        card = hand_card(option)
        if card is not None and hidden_for(card.owner, decision):
            groups.setdefault(card.owner.index, []).append(i)
    return groups


def group_label(side, decision) -> str:
    verb = "discards a card to reroll" if decision.tag == "reroll" else "chooses a card from their hand"
    return f"{side.name} {verb}…"


def bot_pick(decision, options: list[int]) -> int:
    """A bot's hand stays hidden from the table: it gives up its least useful card
    (lowest value plus boost), never one the people had to see."""
    def worth(i: int) -> tuple[int, int]:
        card = hand_card(decision.options[i])
        return ((card.value or 0) + (card.boost or 0), i) if card is not None else (99, i)
    return min(options, key=worth)
