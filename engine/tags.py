"""Decision tags: what a decision is about, in one closed vocabulary.

`game.decide(..., tag=...)` stamps every decision with one of these; bots route on them
(`adventures.bots.heuristic.HANDLERS`, `adventures.bots.table.TABLE_HANDLERS`). A new
kind of choice gets a constant here (or in `adventures/rules/tags.py` for the co-op
layer), then a handler in each bot or an entry in that bot's "first option on purpose"
list: `tests/test_bot_vocabulary.py` fails until both are done.
"""
from __future__ import annotations

# The turn (core rules: 2 actions, maneuver / scheme / attack, boost, hand limit)
ACTION = "action"
BOOST = "boost"                    # boost a maneuver's movement
MOVE_FIGHTER = "move_fighter"
MOVE_DEST = "move_dest"
MOVE_ROUTE = "move_route"
ATTACK_TARGET = "attack_target"
ATTACK_CARD = "attack_card"
DEFENSE_CARD = "defense_card"
SCHEME_CARD = "scheme_card"
SCHEME_FIGHTER = "scheme_fighter"
HAND_LIMIT = "hand_limit"
DISCARD = "discard"
EFFECT_ORDER = "effect_order"      # own card effect or own ability first (FR p.13)

# Setup
START_SPACE = "start_space"
PLACE_SIDEKICK = "place_sidekick"

# Card effects (the effect language and hero abilities)
MAY = "may"
CHOOSE_ONE = "choose_one"
EFFECT_FIGHTER = "effect_fighter"
EFFECT_SPACE = "effect_space"
PLACE = "place"
BOOST_ATTACK = "boost_attack"      # boost a combat card
FROM_DISCARD = "from_discard"
DIG = "dig"
KEEP_CARD = "keep_card"
ORDER_CARD = "order_card"
SCRY = "scry"
CHOOSE_OPPONENT = "choose_opponent"
ALICE_SIZE = "alice_size"

# Published heroes' own choices
DISCARD_FOR_VALUE = "discard_for_value"    # Raphael's Unbridled Rage
DOUBLE_IDENTITY = "double_identity"        # Black Widow: who defends
UNDER_DECK = "under_deck"                  # a card from hand under the deck
REMOVE_CARD = "remove_card"                # Donatello: discards removed from the game
PEEK_DECK = "peek_deck"                    # look at the top card of which deck
PEEK_TOP = "peek_top"                      # leave that card on top or put it under the deck
FOOT_SOLDIER_PATH = "foot_soldier_path"    # the add-on Shredder hero: where a Foot soldier goes
CLEAR_FOOT_SOLDIERS = "clear_foot_soldiers"  # ...and whether a boosted mover clears them away
REROLL_DIE = "reroll_die"                  # the add-on Krang hero: switch a machine off to reroll

ENGINE_TAGS = frozenset(v for k, v in dict(globals()).items() if k.isupper() and isinstance(v, str))
