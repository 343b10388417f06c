"""A quick judgement of Carnival positions and actions, for search agents.

The estimate projects the round's end: each hand joins its Spectators (as it will unless
played away), and a type is happy with a probability that grows with its margin over the
Carnival and shrinks with the turns left. A seat's expected total is its past rounds plus the
expected points of this one; its value is a logistic of its lead over the best other seat.

It reads the whole state, hidden cards included: give it a ``determinized`` copy to keep a
seat's view honest.

>>> from carnival_core import Game
>>> game = Game.new(2, seed=1)
>>> values = game.heuristic().values(game)
>>> all(0 < v < 1 for v in values)
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .actions import CARNIVAL, OWN, Action, Play
from .game import Game

#: Points of margin that make a happy type about 73% likely with no turn left.
BASE_SPREAD = 1.0
#: How much each turn still to play in the round widens the spread.
SPREAD_PER_TURN = 0.35
#: Logistic scale of the lead (points) for the values, and its growth with play left.
LEAD_SCALE = 4.0
LEAD_SCALE_PER_TURN = 0.4
LEAD_SCALE_PER_ROUND = 12.0
#: A Mask is a resource: spending one costs this much in the action scores.
MASK_COST = 0.25


class CarnivalHeuristic:
    """Values per seat in [0, 1] and quick action scores (``tabletop.protocol.Heuristic``)."""

    def _expected(self, carnival: int, spectators: int, spread: float, tie_happy: bool,
                  negatives: bool) -> float:  # fmt: skip
        """Expected points of one Spectator type with sum ``spectators``."""
        if spectators == 0 or (spectators < 0 and not negatives):
            return 0.0
        margin = carnival - spectators + (0.5 if tie_happy else -0.5)
        return spectators / (1.0 + math.exp(-margin / spread))

    def _spread(self, game: Game) -> float:
        return BASE_SPREAD + SPREAD_PER_TURN * (game.deck_size + 1)

    def round_points(self, game: Game) -> list[float]:
        """Each seat's expected points for the round being played."""
        if game.is_over:
            return [0.0] * game.num_players
        sums = game.sums()
        rules = game.rules
        spread = self._spread(game)
        expected = self._expected
        out = []
        for row, hand in zip(sums.spectators, sums.hands, strict=True):
            out.append(
                sum(
                    expected(c, s + h, spread, rules.happy_on_tie, rules.negative_sums_score)
                    for c, s, h in zip(sums.carnival, row, hand, strict=True)
                )
            )
        return out

    def values(self, state: Game) -> list[float]:
        """Each seat's prospects in [0, 1] (0.5: level with the best other seat)."""
        if state.is_over:
            return state.returns()
        past = state.scores()
        now = self.round_points(state)
        totals = [p + r for p, r in zip(past, now, strict=True)]
        rounds_after = state.rules.rounds - state.round
        scale = (
            LEAD_SCALE
            + LEAD_SCALE_PER_TURN * (state.deck_size + 1)
            + LEAD_SCALE_PER_ROUND * rounds_after
        )
        values = []
        for seat, total in enumerate(totals):
            best_other = max(t for other, t in enumerate(totals) if other != seat)
            values.append(1.0 / (1.0 + math.exp(-(total - best_other) / scale)))
        return values

    def action_scores(self, state: Game, actions: Sequence[Action]) -> list[float]:
        """For each action, the change in the mover's expected round points minus the mean
        change of the others' (bigger is better for the player to move)."""
        game = state
        sums = game.sums()
        rules = game.rules
        cards = game.card_set
        me, players = game.current_player, game.num_players
        spread = self._spread(game)
        tie, negatives = rules.happy_on_tie, rules.negative_sums_score
        expected = self._expected
        projected = [
            [s + h for s, h in zip(row, hand, strict=True)]
            for row, hand in zip(sums.spectators, sums.hands, strict=True)
        ]
        scores: list[float] = []
        for action in actions:
            assert isinstance(action, Play)
            if action.card is None:
                scores.append(-MASK_COST)
                continue
            kind = cards.kind_of[action.card]
            t, v = cards.type_of[kind], cards.value_of[kind]
            c = sums.carnival[t]
            new_c = c
            moves = {}
            if action.to == CARNIVAL:
                if not action.masked or rules.masked_carnival_counts:
                    new_c = c + v
                moves[me] = -v
            elif action.to != OWN:
                moves[me] = -v
                moves[action.to] = v
            mine = 0.0
            others = 0.0
            for seat in range(players):
                p = projected[seat][t]
                change = expected(new_c, p + moves.get(seat, 0), spread, tie, negatives) - expected(
                    c, p, spread, tie, negatives
                )
                if seat == me:
                    mine = change
                else:
                    others += change
            score = mine - others / (players - 1)
            scores.append(score - MASK_COST if action.masked else score)
        return scores
