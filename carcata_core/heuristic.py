"""A quick judgement of Carcata positions and actions, for the search agents.

A player wins only if some tribe is eliminated before the Turtle finishes its laps; then
the most points among the survivors wins. The estimate projects each seat's final points
(pawn levels, less the lava risk that grows with the level and the game left; collected
gems; the loose gems of the territory each pawn stands in, in full once closed, a little
before), the chance that an elimination ends the game before the Turtle does (higher as a
tribe dwindles and the Turtle has far to go), which tribe it would be (the smallest), and
each survivor's share of the win (a logistic of its projected points). The chance of an
elimination shrinks with every Turtle advance still to come, the dice locked this turn
included, so a reroll costs what its new Turtles may cost.

Everything in Carcata is public, so the heuristic reads nothing a seat cannot see.

>>> from carcata_core import Game
>>> game = Game.new(2, seed=1)
>>> for cell in ["1-1", "1-19", "1-7", "1-25", "1-13", "1-31", "1-4", "1-22", "1-10", "1-28"]:
...     game.play(f"place {cell}")
>>> values = game.heuristic().values(game)
>>> len(values), all(0 <= v <= 1 for v in values)
(2, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .actions import KEEP, SEA, TURTLE, Action, Aim, Lava, Move, Reroll, Statue
from .board import ISLAND
from .catapult import landing_outcomes
from .game import Game, LegalActions
from .rules import GEM_NAMES

#: Each gem colour's index, by name.
GEM_INDEX = {name: i for i, name in enumerate(GEM_NAMES)}
#: Chance that a pawn is lost to lava or the catapult by the end, per level, over a whole game.
RISK_PER_LEVEL = 0.04
#: Share of an open territory's loose gems a pawn there is counted for (it may close later).
OPEN_TERRITORY = 0.15
#: Points of projected lead that make a survivor's win about 73% likely (logistic scale).
LEAD_SCALE = 4.0
#: How fast the chance of an elimination falls with the smallest tribe's pawns.
ELIMINATION_DECAY = 0.55
#: What losing or taking a pawn is worth in the action scores, in points.
PAWN_WORTH = 6.0
#: Most statue placements a search considers (those touching the mover's pawns).
STATUE_CHOICES = 12


class CarcataHeuristic:
    """Values per seat in [0, 1] and quick action scores (``tabletop.protocol.Heuristic``)."""

    reads_hidden = False

    def expected_points(self, game: Game) -> list[float]:
        """Each seat's projected final points, were the game to end by an elimination."""
        rules = game.rules
        values = rules.gem_points
        left = 1 - game.turtle[2] / rules.turtle_steps_to_end
        parts = game.territories()
        shut = game.which_closed()
        loose = game.loose_gems()
        worth_of: dict[int, float] = {}
        for part, closed in zip(parts, shut, strict=True):
            worth = sum(values[GEM_INDEX[g]] for c in part if c in loose for g in loose[c])
            share = worth if closed else worth * OPEN_TERRITORY
            for c in part:
                worth_of[c] = share
        out = []
        for seat in range(game.num_players):
            if seat in game.eliminated:
                out.append(0.0)
                continue
            total = 0.0
            for c in game.pawns(seat):
                level = ISLAND.levels_of[c]
                keep = 1 - RISK_PER_LEVEL * level * left
                total += keep * (level + worth_of.get(c, 0.0))
            total += rules.rider_points * game.riders.count(seat)
            total += sum(n * values[GEM_INDEX[g]] for g, n in game.collected(seat).items())
            out.append(total)
        return out

    def values(self, state: Game) -> list[float]:
        """Each seat's prospects in [0, 1]: the chance that an elimination ends the game
        times the seat's share of the win then."""
        game = state
        if game.is_over:
            return game.returns()
        players = game.num_players
        points = self.expected_points(game)
        pawns = [game.pawns_left(seat) for seat in range(players)]
        # The Turtle dice locked this turn will advance it too.
        advances = game.rules.turtle_steps_to_end
        steps_left = max(0, advances - game.turtle[2] - game.dice["turtle"])
        fewest = min(pawns)
        ends = math.exp(-ELIMINATION_DECAY * fewest) * steps_left / advances
        out_weights = [math.exp(-2 * n) for n in pawns]
        total_out = sum(out_weights)
        strength = [
            math.exp(p / LEAD_SCALE) * (1 - w / total_out)
            for p, w in zip(points, out_weights, strict=True)
        ]
        total = sum(strength) or 1.0
        return [ends * x / total for x in strength]

    def action_scores(self, state: Game, actions: Sequence[Action]) -> list[float]:
        """A quick worth of each action to the player to move, in points."""
        game = state
        me = game.turn_player
        values = game.rules.gem_points
        scores = []
        pawn = game.pawn_seats if game.phase == "aim" else ()
        for action in actions:
            if isinstance(action, Move):
                if action.target == TURTLE:
                    scores.append(-0.5)
                elif action.source == TURTLE:
                    scores.append(1.0)
                else:
                    gain = ISLAND.levels_of[action.target] - ISLAND.levels_of[action.source]
                    gems = sum(values[GEM_INDEX[g]] for g in game.gems_at(action.target))
                    scores.append(gain + gems)
            elif isinstance(action, Lava):
                path = game.flow_path(action) or ()
                score = 0.0
                for c in path:
                    seat = game.pawn_at(c)
                    if seat is not None:
                        score += -PAWN_WORTH if seat == me else PAWN_WORTH
                    score -= 0.5 * sum(values[GEM_INDEX[g]] for g in game.gems_at(c))
                scores.append(score)
            elif isinstance(action, Aim):
                scores.append(self._aim_score(game, action.cell, pawn, me))
            elif isinstance(action, Reroll):
                scores.append(-0.3 * sum(action.faces))
            elif isinstance(action, Statue):
                scores.append(0.1)
            else:
                scores.append(0.0)
        return scores

    def _aim_score(self, game: Game, aim: int, pawn: Sequence[int], me: int) -> float:
        gem = game.drawn
        value = game.rules.gem_points[GEM_INDEX[gem]] if gem else 0
        score = 0.0
        for cell, touch, p in landing_outcomes(game.rules, aim, pawn):
            if cell == SEA:
                continue
            owner = pawn[cell]
            if owner < 0:
                score += p * 0.2 * value
            elif touch:
                score += p * (-PAWN_WORTH if owner == me else PAWN_WORTH)
            else:
                score += p * (value if owner == me else -0.5 * value)
        return score

    def search_actions(self, state: Game, legal: Sequence[Action]) -> list[Action]:
        """The actions worth a search's time (a ``LegalActions``): aims at the spaces of pawns and statues and
        next to the mover's pawns (not all 126); statues placed next to the mover's pawns."""
        game = state
        phase = game.phase
        if phase == "aim":
            targets = set(game.statues())
            me = game.turn_player
            for seat in range(game.num_players):
                targets.update(game.pawns(seat))
            for c in game.pawns(me):
                targets.update(ISLAND.neighbours(c))
            found = LegalActions(a for a in legal if isinstance(a, Aim) and a.cell in targets)
            return found or LegalActions(legal)
        if phase == "effects":
            near: set[int] = set()
            for c in game.pawns(game.turn_player):
                near.update(ISLAND.neighbours(c))
            out = LegalActions()
            statues = 0
            for a in legal:
                if isinstance(a, Statue) and a.onto:
                    if a.cell not in near or statues >= STATUE_CHOICES:
                        continue
                    statues += 1
                out.append(a)
            return out or LegalActions(legal)
        return LegalActions(legal)

    def rollout_actions(self, state: Game, legal: Sequence[Action]) -> list[Action]:
        """The quick policy's choices: the dice as first rolled are kept (rerolls are a
        search's business), else the search's actions."""
        if state.phase == "dice" and KEEP in legal:
            return LegalActions([KEEP])
        return self.search_actions(state, legal)


__all__ = ["CarcataHeuristic"]
