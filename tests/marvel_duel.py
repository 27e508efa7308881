"""Small positions for the Marvel heroes' tests (Black Panther, Black Widow, Winter Soldier):
competitive duels on the 5x4 test grid, and one-player Adventures games on shipped content,
plus full games played by bots with the invariant checker on. The pieces shared with the
Battle of Legends heroes' tests live in `base_hero_helpers`."""
from __future__ import annotations

import base_hero_helpers as base
from base_hero_helpers import fighter, hero_against, play_checked_adventure  # noqa: F401  (re-exported)
from fixtures import take_card


def duel(a: str, b: str, places: dict[str, int], seed: int = 1, agents: dict | None = None):
    """`base_hero_helpers.duel` (ids 1-20 row by row on the 5x4 test grid; zones: columns 1-2
    left, 4-5 right, column 3 in both), with side 0 started on space 1 and side 1 on space 20."""
    game = base.duel(a, b, places, seed, agents)
    game.sides[0].start_space, game.sides[1].start_space = game.board.index[1], game.board.index[20]
    return game


def only_in_hand(side, *names: str) -> None:
    """Keep just the named cards in hand (taken from any pile); the rest go to the discard."""
    wanted = [take_card(side, n) for n in names]
    side.discard.extend(side.hand)
    side.hand[:] = wanted


def adventure(key: str, villain: str = "shredder", seed: int = 0, agent=None):
    """A one-player Adventures game with this hero, no minions, first-option agents:
    (game, the hero's side, the villain's side)."""
    game = hero_against(key, villain, seed, agent)
    return game, game.sides[-1], game.adv.villain


def play_random_duels(key: str, opponents: tuple[str, ...], games: int = 6) -> int:
    return base.play_random_duels(key, opponents, games)
