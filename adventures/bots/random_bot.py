"""The random-legal bot: a baseline that picks uniformly among the legal options.

It draws from `game.bot_rng`, the bots' own stream, so its coin flips never shift the
game's RNG and the same seed always gives the same game.
"""
from __future__ import annotations


class RandomBot:
    """Uniform among `decision.options`, for every seat and every tag (the table too)."""

    name = "random"

    def choose(self, game, decision) -> int:
        n = len(decision.options)
        return game.bot_rng.randrange(n) if n > 1 else 0
