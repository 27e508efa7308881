"""A hero's card reference in plain data: what the UI shows on the character card and the
deck list. Works for any HeroDef (TMNT, Marvel, base set)."""
from __future__ import annotations

from engine.content.schema import CardDef, EffectBlock, HeroDef

# The label printed before each effect block, in the order they happen in a combat.
TIMING_LABELS = {
    "immediately": "IMMEDIATELY",
    "during_combat": "DURING COMBAT",
    "after_combat": "AFTER COMBAT",
    "after_attack": "AFTER ATTACKING",
    "scheme": "",                 # a scheme's text is its whole effect: no label
}
WHEN_LABELS = {"attack": "when attacking", "defense": "when defending"}


def effect_text(block: EffectBlock) -> str:
    """One effect block in plain words: 'AFTER COMBAT: Draw a card.'"""
    label = TIMING_LABELS.get(block.timing, block.timing.replace("_", " ").upper())
    if block.when in WHEN_LABELS:
        label = f"{label} ({WHEN_LABELS[block.when]})" if label else WHEN_LABELS[block.when].capitalize()
    text = block.text.strip()
    if block.uncancellable:
        text = f"{text} (This effect cannot be cancelled.)"
    return f"{label}: {text}" if label else text


def card_text(card: CardDef) -> str:
    return " ".join(effect_text(b) for b in card.effects)


def card_reference(card: CardDef) -> dict:
    return {
        "name": card.name,
        "type": card.type,
        "value": card.value,
        "boost": "die roll" if card.boost_roll else card.boost,
        "fighter": card.fighter,
        "copies": card.copies,
        "text": card_text(card),
    }


def hero_reference(hero: HeroDef) -> dict:
    """Character card facts plus `cards: [{name, type, value, boost, fighter, copies, text}]`."""
    sidekick = None
    if hero.sidekick is not None:
        sk = hero.sidekick
        sidekick = {"name": sk.name, "health": sk.health, "count": sk.count, "attack": sk.attack,
                    "small": sk.small}
    cards = [card_reference(c) for c in hero.deck]
    by_type: dict[str, int] = {}
    for c in hero.deck:
        by_type[c.type] = by_type.get(c.type, 0) + c.copies
    return {
        "key": hero.key,
        "name": hero.name,
        "set": hero.set,
        "health": hero.health,
        "move": hero.move,
        "attack": hero.attack,
        "small": hero.small,
        "sidekick": sidekick,
        "ability": {"name": hero.ability.name, "text": hero.ability.text},
        "deck_size": sum(c.copies for c in hero.deck),
        "deck_by_type": by_type,
        "provenance": hero.provenance,
        "cards": cards,
    }
