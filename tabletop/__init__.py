"""tabletop: game-agnostic agents and a design lab for turn-based tabletop games.

A game plugs in by offering the small ``GameState`` protocol (``tabletop.protocol``), shaped
like OpenSpiel's State API; the agents (``RandomBot``, ``GreedyBot``, ``MCTSBot``,
``play_game``) and the lab (``tabletop.lab``) use nothing else. Carnuta (``carnuta_core``)
and Carnival (``carnival_core``) both implement it. A game with dice or open draws adds
chance nodes to it (``tabletop.chance``: ``CHANCE``, ``ChanceState``).
"""

from .agents import BOTS, Bot, GreedyBot, RandomBot, make_bot, play_game
from .errors import GameDidNotEnd, IllegalChoice, LabError
from .mcts import ActionStat, MCTSBot
from .protocol import (
    CHANCE,
    ChanceState,
    GameState,
    GameTitle,
    Heuristic,
    heuristic_hooks,
    with_heuristic,
)

__all__ = [
    "BOTS",
    "CHANCE",
    "ActionStat",
    "Bot",
    "ChanceState",
    "GameDidNotEnd",
    "GameState",
    "GameTitle",
    "GreedyBot",
    "Heuristic",
    "IllegalChoice",
    "LabError",
    "MCTSBot",
    "RandomBot",
    "heuristic_hooks",
    "make_bot",
    "play_game",
    "with_heuristic",
]
