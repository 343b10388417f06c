"""Monte Carlo tree search over Carnuta's only hidden information: the order of the decks.

``MCTSBot`` is ``tabletop.mcts.MCTSBot`` (information-set MCTS) bound to Carnuta's heuristic
(``carnuta_core.heuristic.CarnutaHeuristic``): each iteration deals the decks anew
(``game.determinized``), walks the one shared tree with UCT, choosing only among actions that
are legal in that deal, adds one node, plays a short rollout with a light greedy policy and
scores the position reached for every seat. Each node keeps one value per seat, and the seat
to move picks the child best for itself, so the search works for 2, 3 and 4 players.

A position's value for a seat lies in [0, 1]: at the end of the game, 1 for a win, a share
of 1 for a shared win, 0 for a loss (blended with the score margin so that winning by more is
a little better); before the end, a sigmoid of the seat's *heuristic* margin over the best
other seat (points so far, a share of what the hand would add, runes, Sickles).

>>> from carnuta_core import Game
>>> bot = MCTSBot(seed=1, iterations=50)
>>> game = Game.new(2, seed=4)
>>> bot.choose(game) in game.legal_actions()
True
"""

from __future__ import annotations

from tabletop import arguments as check
from tabletop import mcts
from tabletop.mcts import ActionStat

from .actions import Action
from .errors import carnuta_errors
from .game import Game
from .heuristic import CarnutaHeuristic


class MCTSBot(mcts.MCTSBot):
    """Determinised UCT. Budget: ``iterations`` per decision, or ``seconds`` per decision.

    - ``exploration``: the UCT constant (values lie in [0, 1]).
    - ``rollout_depth``: actions of light greedy play after the tree before scoring the leaf.
    - ``epsilon``: how often the rollout policy plays a random action instead.
    - ``margin_scale``: points of heuristic margin that move a value from 0.5 to 0.73.
    - ``sickle_value``: points the leaf evaluation gives each unused Sickle.
    - ``seed``: makes an ``iterations`` budget reproducible (a ``seconds`` budget depends on the
      machine's speed).
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.5,
        rollout_depth: int = 6,
        epsilon: float = 0.1,
        margin_scale: float = 8.0,
        sickle_value: float = 1.0,
    ):
        with carnuta_errors():
            heuristic = CarnutaHeuristic(
                margin_scale=check.number("margin_scale", margin_scale, above=0),
                sickle_value=check.number("sickle_value", sickle_value),
            )
            super().__init__(
                seed,
                iterations=iterations,
                seconds=seconds,
                exploration=exploration,
                rollout_depth=check.whole("rollout_depth", rollout_depth),
                epsilon=epsilon,
                heuristic=heuristic,
            )
        self.margin_scale = heuristic.margin_scale
        self.sickle_value = heuristic.sickle_value

    def choose(self, game: Game) -> Action:
        with carnuta_errors():
            action: Action = super().choose(game)
        return action

    def analyse(self, game: Game) -> list[ActionStat]:
        """Search from ``game`` and return every root action's statistics, best first."""
        with carnuta_errors():
            return super().analyse(game)


def search_actions(game: Game) -> list[Action]:
    """The actions the search considers: all legal ones, except Sickles after both actions."""
    return CarnutaHeuristic().search_actions(game, game.legal_actions())


__all__ = ["ActionStat", "MCTSBot", "search_actions"]
