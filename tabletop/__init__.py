"""tabletop: game-agnostic agents and a design lab for turn-based tabletop games.

A game plugs in by offering the small ``GameState`` protocol (``tabletop.protocol``), shaped
like OpenSpiel's State API; the agents (``RandomBot``, ``GreedyBot``, ``MCTSBot``) and the lab
(``tabletop.lab``) use nothing else. Carnuta (``carnuta_core``) and Carnival
(``carnival_core``) both implement it.
"""

from .protocol import GameState, GameTitle, Heuristic, with_heuristic

__all__ = ["GameState", "GameTitle", "Heuristic", "with_heuristic"]
