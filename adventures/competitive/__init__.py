"""Competitive Unmatched with the box's heroes and boards: duels, free-for-all, 2v2 teams.

The Adventures rulebook ("Feeling competitive?") lets the TMNT heroes play the standard
competitive game on its boards: on New York City no Foot soldiers are placed and Foot
circles are ignored; on the Technodrome there is no Dimension X marker and no Doomsday
Machine. The core engine (`engine.match`) plays the rules; this package builds a game from
a `kind: match` file and plays it (setup.py). It is a game mode beside adventures/rules/: it
imports content and the engine, never a command or a screen. Bulk runs and per-hero results
are the simulator's (adventures/sim/matches.py), `adventures matchups` is
adventures/sim/cli_matchups.py, and a match file is checked against the content by
adventures/content/matches.py.
"""
