"""What the lab records of one game: the columns every game gets, and the ``Recorder`` a
game's title offers to add its own.

Every game gets one row per seat with the columns of ``COLUMNS``. A title may offer
``recorder()``, a fresh ``Recorder`` per game, which follows the game action by action and
adds the game's own columns (Carnuta's adds the cards taken and played, its score-pad rows,
wasted actions...). The lab calls, for each game:

1. ``start(state)`` once, on the state as dealt;
2. ``before(state, seat, action)`` before each decision is pushed, ``after(state, seat,
   action)`` after it, ``chance(state, outcome)`` after each chance outcome (in a game with
   chance nodes: they are no one's decision), and ``scores(state)`` after each turn (for
   lead changes);
3. once the game is over: ``outcome(state)`` (each seat's score, share of the win and
   what ranks it), then ``seat_columns(state, seat)`` for each seat.

>>> sorted(Recorder.columns), list(COLUMNS)[:6]
([], ['variant', 'game', 'seed', 'rotation', 'players', 'seat'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, NamedTuple

from ..protocol import Action

#: The columns of every game's rows, one row per seat per game.
COLUMNS: dict[str, str] = {
    "variant": "the variant's name (sweeps; 'default' otherwise)",
    "game": "the game's number in this run (0, 1, ...)",
    "seed": "the game's seed: the deal and the bots' seeds",
    "rotation": "which rotation of the bots around the table (0 when rotate=False)",
    "players": "number of players",
    "seat": "seat (0 plays first)",
    "bot": "the bot's label",
    "score": "final score",
    "margin": "score minus the best other score",
    "rank": "1 for the winner(s); ties share the better rank",
    "won": "the player is among the winners",
    "win": "share of the win: 1, 1/k for a k-way shared win, 0",
    "turns": "turns played by all players (a turn ends when the player to act changes)",
    "lead_changes": "times the leader (strictly highest score, after each turn) changed",
    "iterations": "mean search iterations per searched decision (search bots), else NaN",
    "seconds": "the game's wall time in seconds",
}


class Outcome(NamedTuple):
    """How a finished game came out, seat by seat."""

    #: Each seat's final score.
    scores: Sequence[float]
    #: Each seat's share of the win: 1, 1/k for a k-way shared win, 0.
    shares: Sequence[float]
    #: What ranks the seats: bigger is better, equal keys share a rank.
    rank_keys: Sequence[Any]


class Recorder:
    """Follows one game for the lab; this base adds no column. A game subclasses it and
    lists its own columns (name -> meaning) in ``columns``."""

    __slots__ = ()

    columns: ClassVar[Mapping[str, str]] = {}

    def start(self, state: Any) -> None:
        """The game as dealt."""

    def before(self, state: Any, seat: int, action: Action) -> None:
        """``seat`` is about to take ``action`` (a legal one)."""

    def after(self, state: Any, seat: int, action: Action) -> None:
        """``seat`` has taken ``action``."""

    def chance(self, state: Any, outcome: Action) -> None:
        """Chance has given ``outcome`` (a game with chance nodes; no seat decided it)."""

    def scores(self, state: Any) -> Sequence[float]:
        """Each seat's score now (after each turn, for lead changes): ``state.scores()``."""
        return list(state.scores())

    def outcome(self, state: Any) -> Outcome:
        """How the game came out (asked once it is over, before ``seat_columns``): its
        ``scores()``, its ``returns()``, and ranks by the share of the win, then the score."""
        scores = list(state.scores())
        shares = list(state.returns())
        return Outcome(scores, shares, list(zip(shares, scores, strict=True)))

    def seat_columns(self, state: Any, seat: int) -> dict[str, Any]:
        """The game's own columns for ``seat``'s row."""
        return {}


__all__ = ["COLUMNS", "Outcome", "Recorder"]
