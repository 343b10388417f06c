"""The agent layer's and the lab's errors: each a ``ValueError`` that names what was wrong.

- ``LabError``: an argument an agent, ``play_game`` or the lab cannot use (``argument`` names
  it, ``detail`` says why);
- ``IllegalChoice``: a bot chose an action the game does not allow there;
- ``GameDidNotEnd``: a game went past its action limit.

They pickle, so an error raised while a game runs in another process arrives whole.

>>> error = LabError("games", "a whole number of at least 1, not '2'")
>>> str(error), isinstance(error, ValueError)
("games: a whole number of at least 1, not '2'", True)
>>> import pickle
>>> str(pickle.loads(pickle.dumps(GameDidNotEnd(400, ("greedy", "random"), seed=7))))
'max_actions: the game of seed 7 did not end within 400 actions (bots: greedy, random)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class LabError(ValueError):
    """An argument an agent, ``play_game`` or the lab cannot use."""

    def __init__(self, argument: str, detail: str):
        super().__init__(f"{argument}: {detail}")
        #: The argument's name.
        self.argument = argument
        #: What is wrong with it.
        self.detail = detail

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.argument, self.detail))


class IllegalChoice(LabError):
    """A bot chose an action the game does not allow in that position."""

    def __init__(self, bot: str, action: Any, seat: int, seed: int | None = None):
        game = "" if seed is None else f" (game seed {seed})"
        super().__init__(
            "bots", f"{bot} in seat {seat} chose {action!r}, which is not legal there{game}"
        )
        self.bot = bot
        self.action = action
        self.seat = seat
        self.seed = seed

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.bot, self.action, self.seat, self.seed))


class GameDidNotEnd(LabError):
    """A game went past its action limit: bots that never end it, or rules under which play
    can go round in circles. Nothing of that game is recorded."""

    def __init__(self, limit: int, bots: Sequence[str], seed: int | None = None):
        game = "the game" if seed is None else f"the game of seed {seed}"
        super().__init__(
            "max_actions",
            f"{game} did not end within {limit} actions (bots: {', '.join(bots)})",
        )
        self.limit = limit
        self.bots = tuple(bots)
        self.seed = seed

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.limit, self.bots, self.seed))


__all__ = ["GameDidNotEnd", "IllegalChoice", "LabError"]
