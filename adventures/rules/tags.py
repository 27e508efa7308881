"""Decision tags of the co-op layer (see `engine/tags.py` for the vocabulary's rules)."""
from __future__ import annotations

from engine.tags import *  # noqa: F403  (one module gives the whole vocabulary)
from engine.tags import ENGINE_TAGS

# "Players choose" (seat TABLE): ties the rulebook hands to the players (Adventures p.13)
ENEMY_TARGET = "enemy_target"
ENEMY_ROUTE = "enemy_route"
PLACE_MINION = "place_minion"
PLACE_TOKEN = "place_token"
PLACE_FOOT = "place_foot"
CHOOSE_PLAYER = "choose_player"
REROLL = "reroll"                  # Die of Ultimate Destruction (p.17)

# Villain objectives, asked of a player
FOOT_REMOVER = "foot_remover"      # Shredder: this fighter removes patrolling Foot soldiers (p.15)
FOOT_BOROUGH = "foot_borough"
DEACTIVATE_MACHINE = "deactivate_machine"   # Krang (p.16)

ADVENTURES_TAGS = frozenset(v for k, v in dict(globals()).items()
                            if k.isupper() and isinstance(v, str) and v not in ENGINE_TAGS)
ALL_TAGS = ENGINE_TAGS | ADVENTURES_TAGS
