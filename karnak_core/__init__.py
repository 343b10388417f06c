"""karnak_core: the rules of Karnak as a Python engine, with no UI imports.

The lab's fourth game: 2 to 4 players build with temple pieces on one shared mat toward the
hidden Design cards in their hands. Any player's piece counts toward anyone's Design, Priests
freeze a structure against change, and a Design scores only if it is still complete when the
last Favor card is taken.
"""

from .actions import (
    Action,
    Discard,
    Draw,
    End,
    Favor,
    Lift,
    Place,
    Priest,
    Put,
    Reveal,
    parse_action,
)
from .designs import REFERENCE_DESIGNS, Design, load_designs
from .errors import (
    ActionSyntaxError,
    ArgumentError,
    DesignError,
    IllegalAction,
    KarnakError,
    PositionError,
    RulesError,
)
from .game import Game, LegalActions
from .mat import COLOURS, MARKINGS, MAT, SHAPES, Building, MatLayout
from .observation import Observation
from .position import staged
from .rules import FAVOR_KINDS, Rules
from .scoring import Score
from .title import KarnakTitle

__all__ = [
    "COLOURS",
    "FAVOR_KINDS",
    "MARKINGS",
    "MAT",
    "SHAPES",
    "REFERENCE_DESIGNS",
    "Action",
    "ActionSyntaxError",
    "ArgumentError",
    "Building",
    "Design",
    "DesignError",
    "Discard",
    "Draw",
    "End",
    "Favor",
    "Game",
    "IllegalAction",
    "KarnakError",
    "KarnakTitle",
    "LegalActions",
    "Lift",
    "MatLayout",
    "Observation",
    "Place",
    "PositionError",
    "Priest",
    "Put",
    "Reveal",
    "Rules",
    "RulesError",
    "Score",
    "load_designs",
    "parse_action",
    "staged",
]
