"""carnival_core: the complete rules of Carnival (2023) as a Python engine, with no UI imports.

A second game beside Carnuta for the design lab: 2 to 6 players, two rounds, hidden hands and
Masks, a Carnival stack that shows only its top card, and "happy spectator" scoring. It
implements ``tabletop.protocol.GameState`` (and offers a ``Heuristic``).

>>> from carnival_core import Game
>>> game = Game.new(4, seed=2)
>>> game.play("carnival R2")
>>> print(game.observation(1).top)
R2
"""

from .actions import CARNIVAL, OWN, Action, Play
from .cards import MASK, Card, Entry
from .errors import (
    ActionSyntaxError,
    ArgumentError,
    CardError,
    CarnivalError,
    IllegalAction,
    PositionError,
    RulesError,
)
from .game import Game, LegalActions, Sums
from .heuristic import CarnivalHeuristic
from .observation import Observation
from .rules import Rules
from .scoring import RoundResult, score_round
from .title import CarnivalTitle

__all__ = [
    "CARNIVAL",
    "MASK",
    "OWN",
    "Action",
    "ActionSyntaxError",
    "ArgumentError",
    "Card",
    "CardError",
    "CarnivalError",
    "CarnivalHeuristic",
    "CarnivalTitle",
    "Entry",
    "Game",
    "IllegalAction",
    "LegalActions",
    "Observation",
    "Play",
    "PositionError",
    "RoundResult",
    "Rules",
    "RulesError",
    "Sums",
    "score_round",
]
