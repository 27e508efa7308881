"""Competitive Unmatched with the box's heroes and boards: duels, free-for-all, 2v2 teams.

The Adventures rulebook ("Feeling competitive?") lets the TMNT heroes play the standard
competitive game on its boards: on New York City no Foot soldiers are placed and Foot
circles are ignored; on the Technodrome there is no Dimension X marker and no Doomsday
Machine. The core engine (`engine.match`) plays the rules; this package builds matches
from `kind: match` files, runs them in bulk and summarises per-hero results.
"""
