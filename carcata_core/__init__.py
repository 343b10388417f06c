"""carcata_core: the rules of Carcata as a Python engine, with no UI imports.

A third game for the design lab: 2 to 4 players on a volcanic island of six levels; dice
that move pawns, pour lava, fire gems from the volcano, raise statues and hurry the
Ancestral Turtle round the island. It implements ``tabletop.protocol.GameState`` with chance
nodes (``current_player == CHANCE``), and offers a ``Heuristic``.

>>> from carcata_core import Game
>>> game = Game.new(2, seed=4)
>>> for cell in ["1-1", "1-19", "1-7", "1-25", "1-13", "1-31", "1-4", "1-22", "1-10", "1-28"]:
...     game.play(f"place {cell}")
>>> game.phase, game.current_player, sum(game.dice.values())  # seat 0 has rolled five dice
('dice', 0, 5)
>>> "keep" in game.legal_actions()
True
"""

from .actions import (
    SEA,
    TURTLE,
    Action,
    Aim,
    Draw,
    End,
    Erupt,
    Keep,
    Land,
    Lava,
    Move,
    Outcome,
    Place,
    Reroll,
    Roll,
    Statue,
)
from .board import DIRECTIONS, ISLAND, Island
from .errors import (
    ActionSyntaxError,
    ArgumentError,
    CarcataError,
    IllegalAction,
    PositionError,
    RulesError,
)
from .game import Game, LegalActions
from .heuristic import CarcataHeuristic
from .rules import FACES, GEM_NAMES, Rules
from .scoring import Points
from .title import CarcataTitle
from .transcript import transcript

__all__ = [
    "DIRECTIONS",
    "FACES",
    "GEM_NAMES",
    "ISLAND",
    "SEA",
    "TURTLE",
    "Action",
    "ActionSyntaxError",
    "Aim",
    "ArgumentError",
    "CarcataError",
    "CarcataHeuristic",
    "CarcataTitle",
    "Draw",
    "End",
    "Erupt",
    "Game",
    "IllegalAction",
    "Island",
    "Keep",
    "Land",
    "LegalActions",
    "Lava",
    "Move",
    "Outcome",
    "Place",
    "PositionError",
    "Points",
    "Reroll",
    "Roll",
    "Rules",
    "RulesError",
    "Statue",
    "transcript",
]
