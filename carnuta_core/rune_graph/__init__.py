"""Rune states as a graph: why a card costs a turn, and why the 4th card matters.

A *rune state* is what a player's board shows: Suns, Moons, empty open spaces and Padlocks,
optionally joined with the reserve's Suns and Moons (so that scarcity in 2-, 3- and 4-player
games shows). The *rune graph* has one node per rune state and one edge per action that changes
runes, labelled in the engine's notation:

- ``runes sun`` / ``runes moon`` (Take Runes: fill the empty open spaces from the reserve),
- ``flip sun`` / ``flip moon`` (Flip Runes; ``flip sun 2`` in the ``flip_mode="any"`` variant),
- ``play N07`` (paying a card's cost: flip icons turn a rune, return icons send it to the
  reserve), once as a plain play and, while Padlocks remain, once as the play that moves the
  counter onto an unlock level (the 4th or 8th card): a *padlock* edge, which also opens a space.

Every edge is the engine's truth: ``tests/test_graphs.py`` stages positions with
``to_position`` and checks each edge against ``Game.legal_actions()`` and ``Game.play()``.

>>> from carnuta_core import Rules
>>> start = RuneState.start(Rules(), players=3)
>>> start.label
'☀2 ☾2 ·0 🔒2 | reserve ☀2 ☾2'
>>> actions_to_afford(start, "flip moon, return moon").actions  # the Berry: payable now
0
>>> three_moons = actions_to_afford(start, "return moon, return moon, return moon")
>>> three_moons.actions, three_moons.path
(1, ['flip moon'])
>>> print(three_moons)
1 action: flip moon -> ☀0 ☾4 ·0 🔒2 | reserve ☀2 ☾2

One module per job: ``states`` (rune states, paying, unlocking), ``moves`` (the edges),
``building`` (whole graphs), ``paths`` (actions to afford a cost), ``staging`` (a game showing
a state), ``typical`` (named states and the states bots meet), ``tables`` and ``drawing``.
networkx is imported in this package and in ``synergy.py`` only.
"""

from __future__ import annotations

from .building import add_move, all_states, rune_graph, rune_graph_slow
from .drawing import draw_points_per_action, draw_rune_graph, layered_layout
from .moves import CostGroup, Move, cost_groups, moves, play_moves, rune_moves
from .paths import Afford, actions_to_afford, afford_all, clear_caches
from .staging import to_position
from .states import (
    PLOT_SYMBOLS,
    RUNE_ACTIONS,
    Cost,
    CostLike,
    RuneState,
    as_cost,
    cost_delta,
    pay,
    unlock,
)
from .tables import (
    afford_table,
    cost_table,
    padlock_table,
    points_per_action_table,
    reserve_table,
)
from .typical import (
    EndPotion,
    bot_games,
    endgame_potions,
    named_states,
    turn_states,
    typical_states,
)

__all__ = [
    "PLOT_SYMBOLS",
    "RUNE_ACTIONS",
    "Afford",
    "Cost",
    "CostLike",
    "cost_delta",
    "EndPotion",
    "CostGroup",
    "Move",
    "RuneState",
    "actions_to_afford",
    "add_move",
    "afford_all",
    "afford_table",
    "all_states",
    "as_cost",
    "bot_games",
    "clear_caches",
    "cost_groups",
    "cost_table",
    "draw_points_per_action",
    "draw_rune_graph",
    "endgame_potions",
    "layered_layout",
    "moves",
    "named_states",
    "padlock_table",
    "pay",
    "points_per_action_table",
    "play_moves",
    "reserve_table",
    "rune_graph",
    "rune_graph_slow",
    "rune_moves",
    "to_position",
    "turn_states",
    "typical_states",
    "unlock",
]
