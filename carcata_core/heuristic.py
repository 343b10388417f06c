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
from collections.abc import Callable, Sequence

from .actions import KEEP, SEA, TURTLE, Action, Aim, Lava, Move, Reroll, Statue
from .board import ISLAND
from .catapult import landing_model
from .game import Game, LegalActions
from .rules import GEM_NAMES, Rules

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
#: Most lava flows a search considers (those of the best quick scores).
LAVA_CHOICES = 8


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
        # The loose gems' worth by territory: few spaces hold gems, and few territories.
        worth = [0.0] * len(parts)
        for cell, gems in game.loose_gems().items():
            for i, part in enumerate(parts):
                if cell in part:
                    worth[i] += sum(values[GEM_INDEX[g]] for g in gems)
                    break
        share = [w if closed else w * OPEN_TERRITORY for w, closed in zip(worth, shut, strict=True)]
        levels = ISLAND.levels_of
        anything_loose = any(share)
        out = []
        for seat in range(game.num_players):
            if seat in game.eliminated:
                out.append(0.0)
                continue
            total = 0.0
            for c in game.pawns(seat):
                level = levels[c]
                keep = 1 - RISK_PER_LEVEL * level * left
                here = 0.0
                if anything_loose:
                    here = next(x for x, part in zip(share, parts, strict=True) if c in part)
                total += keep * (level + here)
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
        pawn = game.pawn_seats
        worth = {
            c: sum(values[GEM_INDEX[g]] for g in gems) for c, gems in game.loose_gems().items()
        }
        levels = ISLAND.levels_of
        aim_score = self._aim_scorer(game) if game.phase == "aim" else None
        scores = []
        for action in actions:
            if isinstance(action, Move):
                if action.target == TURTLE:
                    scores.append(-0.5)
                elif action.source == TURTLE:
                    scores.append(1.0)
                else:
                    gain = levels[action.target] - levels[action.source]
                    scores.append(gain + worth.get(action.target, 0))
            elif isinstance(action, Lava):
                score = 0.0
                for c in game.flow_path(action) or ():
                    seat = pawn[c]
                    if seat >= 0:
                        score += -PAWN_WORTH if seat == me else PAWN_WORTH
                    score -= 0.5 * worth.get(c, 0)
                scores.append(score)
            elif isinstance(action, Aim) and aim_score is not None:
                scores.append(aim_score(action.cell))
            elif isinstance(action, Reroll):
                scores.append(-0.3 * sum(action.faces))
            elif isinstance(action, Statue):
                scores.append(0.1)
            else:
                scores.append(0.0)
        return scores

    def _aim_scorer(self, game: Game) -> Callable[[int], float]:
        """A throw's worth by its aim: each landing space by its chance (the touch and the
        catch of a pawn's space weighed by the touch chance); the sea is worth nothing."""
        gem = game.drawn
        rules = game.rules
        me = game.turn_player
        value = rules.gem_points[GEM_INDEX[gem]] if gem else 0
        touch = float(rules.touch_chance)
        on_free = 0.2 * value
        mine = touch * -PAWN_WORTH + (1 - touch) * value - on_free
        theirs = touch * PAWN_WORTH + (1 - touch) * -0.5 * value - on_free
        worth = [(c, mine) for c in game.pawns(me)] + [
            (c, theirs) for seat in range(game.num_players) if seat != me for c in game.pawns(seat)
        ]
        spread = float(rules.catapult_spread)

        def score(aim: int) -> float:
            on_island, chance_at = _landings(rules, spread, aim)
            return on_free * on_island + sum(chance_at.get(c, 0.0) * w for c, w in worth)

        return score

    def search_actions(self, state: Game, legal: Sequence[Action]) -> list[Action]:
        """The actions worth a search's time (the tree branches on these only):

        - dice: keep, or reroll every die of one kind, the movements and statues together,
          everything but the lava, or everything (not every sub-multiset of the dice);
        - aim: the pawns' spaces and those next to two of the rivals' pawns or more, and with
          three players or more the spaces next to the mover's pawns (a gem there may be
          picked up, and points decide between survivors); not all 126;
        - effects: the ``LAVA_CHOICES`` flows of the best quick score (among flows that
          spell the same tokens, the first), and statues placed next to the mover's pawns.
        """
        game = state
        phase = game.phase
        if phase == "dice":
            shapes = _rerolls_worth_trying(game)
            found_dice: list[Action] = [
                a for a in legal if a == KEEP or (isinstance(a, Reroll) and a.faces in shapes)
            ]
            return LegalActions(found_dice or legal)
        if phase == "aim":
            targets = self.aim_targets(game)
            found = LegalActions(a for a in legal if isinstance(a, Aim) and a.cell in targets)
            return found or LegalActions(legal)
        if phase == "effects":
            quick = _near_statues(game, legal)
            flows = [a for a in quick if isinstance(a, Lava)]
            if len(flows) <= LAVA_CHOICES:
                return quick
            kept = set(self.best_flows(game, flows))
            return LegalActions(a for a in quick if not isinstance(a, Lava) or a in kept)
        return LegalActions(legal)

    def aim_targets(self, game: Game) -> set[int]:
        """Where a search aims the drawn gem (see ``search_actions``)."""
        me = game.turn_player
        rivals = [c for seat in range(game.num_players) if seat != me for c in game.pawns(seat)]
        targets = set(rivals) | set(game.pawns(me))
        seen: dict[int, int] = {}
        for c in rivals:
            for n in ISLAND.neighbours(c):
                seen[n] = seen.get(n, 0) + 1
        targets.update(n for n, k in seen.items() if k >= 2)
        if game.num_players > 2:
            for c in game.pawns(me):
                targets.update(ISLAND.neighbours(c))
        return targets

    def best_flows(self, game: Game, flows: Sequence[Lava]) -> list[Lava]:
        """The ``LAVA_CHOICES`` flows of the best quick score, each set of tokens once."""
        seen: set[tuple[int, ...]] = set()
        distinct: list[Lava] = []
        for a in flows:
            path = game.flow_path(a) or ()
            if path not in seen:
                seen.add(path)
                distinct.append(a)
        scores = self.action_scores(game, distinct)
        ranked = sorted(range(len(distinct)), key=lambda i: -scores[i])
        return [distinct[i] for i in sorted(ranked[:LAVA_CHOICES])]

    def rollout_actions(self, state: Game, legal: Sequence[Action]) -> list[Action]:
        """The quick policy's choices (the rollouts' and the greedy bot's): the dice as first
        rolled are kept (rerolls are a search's business); aims at the spaces of pawns and
        statues and next to the mover's pawns; every flow; statues placed next to the
        mover's pawns."""
        game = state
        phase = game.phase
        if phase == "dice" and KEEP in legal:
            return LegalActions([KEEP])
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
            return _near_statues(game, legal)
        return LegalActions(legal)


def _near_statues(game: Game, legal: Sequence[Action]) -> list[Action]:
    """``legal`` without the statue placements away from the mover's pawns (at most
    ``STATUE_CHOICES`` kept)."""
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


_LANDINGS: dict[tuple[float, int], tuple[float, dict[int, float]]] = {}


def _landings(rules: Rules, spread: float, aim: int) -> tuple[float, dict[int, float]]:
    """A throw at ``aim`` with ``spread`` (``rules``'): its chance of staying on the island,
    and of each space."""
    key = (spread, aim)
    found = _LANDINGS.get(key)
    if found is None:
        chance_at = {c: p for c, p in landing_model(rules, aim).targets if c != SEA}
        found = _LANDINGS[key] = (sum(chance_at.values()), chance_at)
    return found


def _rerolls_worth_trying(game: Game) -> set[tuple[int, ...]]:
    """The rerolls ``search_actions`` keeps: every die of one kind, movements and statues,
    everything but the lava, everything."""
    dice = game.dice
    m, lava, e, st = dice["move"], dice["lava"], dice["eruption"], dice["statue"]
    shapes = {
        (m, 0, 0, 0, 0),
        (0, lava, 0, 0, 0),
        (0, 0, e, 0, 0),
        (0, 0, 0, st, 0),
        (m, 0, 0, st, 0),
        (m, 0, e, st, 0),
        (m, lava, e, st, 0),
    }
    return {faces for faces in shapes if any(faces)}


__all__ = ["CarcataHeuristic"]
