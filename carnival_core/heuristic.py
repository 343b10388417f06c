"""A quick judgement of Carnival positions and actions, for search agents.

The estimate projects the round's end: each hand joins its Spectators (as it will unless
played away), and a type is happy with a probability that grows with its margin over the
Carnival and shrinks with the turns left. A seat's expected total is its past rounds plus the
expected points of this one; its value is a logistic of its lead over the best other seat.

It reads the whole state, hidden cards included (``reads_hidden``): the agents of ``tabletop``
ask it only about ``determinized`` copies, which keeps a seat's view honest.

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

    #: It reads other hands and the cards under Masks: agents must judge determinized copies.
    reads_hidden = True

    @staticmethod
    def _expected(
        carnival: int, spectators: int, spread: float, tie_happy: bool, negatives: bool
    ) -> float:
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
        join = 1 if rules.hands_join_spectators else 0
        out = []
        for row, hand in zip(sums.spectators, sums.hands, strict=True):
            out.append(
                sum(
                    expected(c, s + join * h, spread, rules.happy_on_tie, rules.negative_sums_score)
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
        kind_of, type_of, value_of = cards.kind_of, cards.type_of, cards.value_of
        me, players = game.current_player, game.num_players
        spread = self._spread(game)
        tie, negatives = rules.happy_on_tie, rules.negative_sums_score

        def expected(carnival: int, spectators: int) -> float:
            return self._expected(carnival, spectators, spread, tie, negatives)

        carnival = sums.carnival
        join = 1 if rules.hands_join_spectators else 0
        projected = [
            [s + join * h for s, h in zip(row, hand, strict=True)]
            for row, hand in zip(sums.spectators, sums.hands, strict=True)
        ]
        now = [[expected(c, p) for c, p in zip(carnival, row, strict=True)] for row in projected]
        others = [seat for seat in range(players) if seat != me]
        # Plain and masked plays of a card to one place change the sums alike (except a
        # masked card in the Carnival when it does not count): score each change once.
        known: dict[tuple[str, int, bool], float] = {}
        scores: list[float] = []
        for action in actions:
            assert isinstance(action, Play)
            card, to = action.card, action.to
            if card is None:
                scores.append(-MASK_COST)
                continue
            counts = to != CARNIVAL or not action.masked or rules.masked_carnival_counts
            key = (card, to, counts)
            score = known.get(key)
            if score is None:
                kind = kind_of[card]
                t, v = type_of[kind], value_of[kind]
                c = carnival[t] + (v if to == CARNIVAL and counts else 0)
                # What the mover's projected row gains: the card leaves the hand (which joins
                # the row at the end, if the rules say so) and may arrive in the row.
                gain = (v if to == OWN else 0) - join * v
                mine = expected(c, projected[me][t] + gain) - now[me][t]
                if to == CARNIVAL:
                    theirs = sum(expected(c, projected[s][t]) - now[s][t] for s in others)
                elif to == OWN:
                    theirs = 0.0
                else:
                    theirs = expected(c, projected[to][t] + v) - now[to][t]
                score = mine - theirs / len(others)
                known[key] = score
            scores.append(score - MASK_COST if action.masked else score)
        return scores
