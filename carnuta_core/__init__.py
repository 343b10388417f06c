"""carnuta_core: the complete rules of Carnuta as a Python engine, with no UI imports.

>>> from carnuta_core import Game
>>> game = Game.new(2, seed=1)
>>> game.play("flip sun")
>>> game.actions_left
1
"""

from .actions import (
    Action,
    ChooseBonus,
    Discard,
    EndTurn,
    FlipRunes,
    PlayCard,
    Sickle,
    TakeCard,
    TakeRunes,
)
from .bots import GreedyBot, RandomBot, play_game
from .cards import Card, CostIcon, Flat, NoPoints, PerIngredient, PerSet
from .deck import Deck, load_deck, parse_deck_text, reference_deck
from .errors import (
    ActionSyntaxError,
    ArgumentError,
    CarnutaError,
    DeckError,
    GameDidNotEnd,
    IllegalAction,
    PositionError,
    RulesError,
    WorkLimitError,
)
from .game import Game, PlayerView, Seat
from .legality import LegalActions
from .messages import Event, Reason
from .model import Face, Ingredient, Kind, Origin, Row
from .rules import Rules
from .scoring import ScorePad
from .state import Phase

__all__ = [
    "Action",
    "ActionSyntaxError",
    "ArgumentError",
    "Card",
    "CarnutaError",
    "ChooseBonus",
    "CostIcon",
    "Deck",
    "DeckError",
    "Discard",
    "EndTurn",
    "Face",
    "Flat",
    "FlipRunes",
    "Game",
    "GameDidNotEnd",
    "GreedyBot",
    "IllegalAction",
    "Ingredient",
    "Kind",
    "LegalActions",
    "NoPoints",
    "Origin",
    "PerIngredient",
    "PerSet",
    "PlayCard",
    "PlayerView",
    "Phase",
    "Reason",
    "Event",
    "Seat",
    "PositionError",
    "RandomBot",
    "Row",
    "Rules",
    "RulesError",
    "WorkLimitError",
    "ScorePad",
    "Sickle",
    "TakeCard",
    "TakeRunes",
    "load_deck",
    "parse_deck_text",
    "play_game",
    "reference_deck",
]
