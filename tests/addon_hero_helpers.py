"""Helpers of the add-on hero deck tests (Shredder, Krang)."""
from __future__ import annotations


def card_places(game) -> list[int]:
    """Uids of every card in a pile of any side or in play (combats, resolving)."""
    seen = [c.uid for s in game.sides for c in s.all_cards()]
    seen += [c.uid for c in game.resolving]
    seen += [c.uid for cb in game.combat_stack for c in (cb.att_card, cb.def_card) if c is not None]
    return seen


class CardCounting:
    """An agent wrapper: before each decision every card is in exactly one pile (deck, hand,
    discard, removed, stored) or in play, and none is lost since the first decision."""

    def __init__(self, inner):
        self.inner = inner
        self.total = None

    def choose(self, game, decision) -> int:
        seen = card_places(game)
        assert len(seen) == len(set(seen)), f"a card is in two places at {decision.prompt!r}"
        if self.total is None:
            self.total = len(seen)
        assert len(seen) == self.total, f"{self.total - len(seen)} card(s) lost at {decision.prompt!r}"
        return self.inner.choose(game, decision)
