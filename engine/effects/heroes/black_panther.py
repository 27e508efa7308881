"""Black Panther's card effects beyond the shared language (facts: black_panther.yaml).

Storing (`store`) and boosting from the Vibranium Suit (`boost_this`) live in
`engine.effects.hero_ops_marvel`; the suit itself is the ability plugin
`engine.heroes.black_panther`.
"""
from __future__ import annotations

from engine.effects.registry import value
from engine.effects.resolve import Ctx


@value("opposing_card_boost")
def v_opposing_card_boost(ctx: Ctx, args) -> int:
    """The BOOST printed on the opposing combat card, 0 if none was played or none is
    printed (Anti-Metal Claws). An enemy card's BOOST counts like any other (Adventures p.11)."""
    card = ctx.opponent_card
    return card.boost if card is not None and card.boostable else 0
