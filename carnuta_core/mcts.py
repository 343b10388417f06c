"""Monte Carlo tree search over Carnuta's only hidden information: the order of the decks.

``MCTSBot`` is information-set MCTS (single observer): each iteration deals the decks anew
(``game.determinized``), walks the one shared tree with UCT, choosing only among actions that
are legal in that deal, adds one node, plays a short rollout with a light greedy policy and
scores the position reached for every seat. Each node keeps one value per seat, and the seat
to move picks the child best for itself, so the search works for 2, 3 and 4 players.

A position's value for a seat lies in [0, 1]: at the end of the game, 1 for a win, a share
of 1 for a shared win, 0 for a loss (blended with the score margin so that winning by more is
a little better); before the end, a sigmoid of the seat's *heuristic* margin over the best
other seat, where the heuristic is ``GreedyBot``'s evaluation (points so far, a share of what
the hand would add, runes).

>>> from carnuta_core import Game
>>> bot = MCTSBot(seed=1, iterations=50)
>>> game = Game.new(2, seed=4)
>>> bot.choose(game) in game.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

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
from .fastscore import INDEX, ScoreTable, score_table
from .game import Game
from .model import Face
from .runes import flipped, taken
from .scoring import salt_root
from .state import ACTIONS, BONUS, DISCARD

HAND_WEIGHT = 0.6
RUNE_WEIGHT = 0.4


@dataclass(frozen=True)
class ActionStat:
    """One root action after a search: how often it was tried and its mean value (0-1)."""

    action: Action
    visits: int
    value: float

    def __str__(self) -> str:
        return f"{self.action}: {self.value:.3f} over {self.visits} visits"


class Node:
    """A tree node: reached by ``action``, chosen by seat ``mover``; sums of values per seat."""

    __slots__ = ("action", "mover", "visits", "avail", "totals", "children", "untried")

    def __init__(self, action: Action | None, mover: int, seats: int):
        self.action = action
        self.mover = mover
        self.visits = 0
        self.avail = 0
        self.totals = [0.0] * seats
        self.children: dict[Action, Node] = {}
        self.untried: list[Action] | None = None


class Evaluator:
    """Fast heuristics over a game's state: the light policy and the leaf evaluation."""

    def __init__(self, table: ScoreTable, margin_scale: float, sickle_value: float = 1.0):
        self.table = table
        self.margin_scale = margin_scale
        self.sickle_value = sickle_value

    # ---------------------------------------------------------------- leaves
    def heuristic(self, game: Game, seat: int) -> float:
        """GreedyBot's evaluation: points, a share of the hand's gains, runes on the board.

        Once the end is triggered, a player with no turn left is worth only their points:
        cards in hand, runes and Sickles no longer score.
        """
        t = self.table
        p = game.seat(seat)
        played = [cid for cid in p.played if t.ingredient[cid] >= 0]
        counts = t.counts(p.played, p.salt_on, p.bonus)
        value: float = t.score(played, counts)
        if game.turns_left(seat) == 0:
            return value
        suns, moons = p.suns, p.moons
        need = t.need
        for cid in p.hand:
            gain = t.gain(played, counts, cid)
            ns, nm = need[cid]
            factor = 1.0 if suns >= ns and moons >= nm else 0.6
            value += HAND_WEIGHT * gain * factor - 0.3 * t.icons[cid]
        return value + RUNE_WEIGHT * (suns + moons) + self.sickle_value * p.sickles

    def values(self, game: Game) -> list[float]:
        """The value of ``game`` for each seat, in [0, 1]."""
        seats = game.num_players
        if game.is_over:
            scores = self.table.scores_of(game)
            top = max(scores)
            best = [seat for seat in range(seats) if scores[seat] == top]
            if len(best) > 1:  # tie-break on the best single row, as the rules say
                best = game.winners()
            out: list[float] = []
            for seat in range(seats):
                other = max(scores[j] for j in range(seats) if j != seat)
                margin = _sigmoid((scores[seat] - other) / self.margin_scale)
                win = 1.0 / len(best) if seat in best else 0.0
                out.append(0.8 * win + 0.2 * margin)
            return out
        h = [self.heuristic(game, seat) for seat in range(seats)]
        out = []
        for seat in range(seats):
            rival = max(h[j] for j in range(seats) if j != seat)
            out.append(_sigmoid((h[seat] - rival) / self.margin_scale))
        return out

    # ---------------------------------------------------------------- policy
    def action_scores(self, game: Game, legal: Sequence[Action]) -> list[float]:
        """A quick estimate of each action's worth to the seat to move (bigger is better).

        An incremental, approximate version of GreedyBot's one-action look-ahead: one potion
        evaluation for the whole list instead of one per action.
        """
        phase = game.phase
        p = game.seat(game.current_player)
        t = self.table
        if phase is BONUS:
            counts = t.counts(p.played, p.salt_on, p.bonus)
            played = [cid for cid in p.played if t.ingredient[cid] >= 0]
            base = t.score(played, counts)
            out = []
            for action in legal:
                assert isinstance(action, ChooseBonus)
                k = INDEX[action.ingredient]
                counts[k] += 1
                out.append(float(t.score(played, counts) - base))
                counts[k] -= 1
            return out
        played = [cid for cid in p.played if t.ingredient[cid] >= 0]
        counts = t.counts(p.played, p.salt_on, p.bonus)
        base = t.score(played, counts)
        suns, moons = p.suns, p.moons
        need = t.need
        gains: dict[str, float] = {}
        salt: list[int] | None = None

        def gain(cid: str) -> float:
            g = gains.get(cid)
            if g is None:
                if t.ingredient[cid] < 0:
                    nonlocal salt
                    if salt is None:
                        salt = t.salt_gains(played, counts)
                    g = float(max(0, *salt))
                else:
                    k = t.ingredient[cid]
                    w = t.weight[cid]
                    counts[k] += w
                    played.append(cid)
                    g = float(t.score(played, counts) - base)
                    played.pop()
                    counts[k] -= w
                gains[cid] = g
            return g

        def hand_term(cid: str, su: int, mo: int) -> float:
            ns, nm = need[cid]
            factor = 1.0 if su >= ns and mo >= nm else 0.6
            return HAND_WEIGHT * gain(cid) * factor - 0.3 * t.icons[cid]

        if phase is DISCARD:
            return [-hand_term(a.card, suns, moons) for a in legal if isinstance(a, Discard)]
        hand_now = sum(hand_term(cid, suns, moons) for cid in p.hand)
        delta = t.delta
        reserve_suns, reserve_moons = game.reserve_counts
        out = []
        for action in legal:
            kind = type(action)
            if kind is TakeCard:
                assert isinstance(action, TakeCard)
                cid = game.market_ids(action.row)[action.slot - 1]
                assert cid is not None
                out.append(hand_term(cid, suns, moons))
            elif kind is PlayCard:
                assert isinstance(action, PlayCard)
                cid = action.card
                ds, dm, _, _ = delta[cid]
                if action.target is not None:
                    if salt is None:
                        salt = t.salt_gains(played, counts)
                    target = salt_root(action.target, p.salt_on, t.is_salt)
                    g = float(salt[t.ingredient[target]])
                else:
                    g = gain(cid)
                rest = [c for c in p.hand if c != cid]
                after = sum(hand_term(c, suns + ds, moons + dm) for c in rest)
                out.append(g + after - hand_now + RUNE_WEIGHT * (ds + dm) + 0.5)
            elif kind is TakeRunes:
                assert isinstance(action, TakeRunes)
                empty = game.empty_spaces(game.current_player)
                if action.face is Face.SUN:
                    moved = taken(empty, reserve_suns)
                    su, mo = suns + moved, moons
                else:
                    moved = taken(empty, reserve_moons)
                    su, mo = suns, moons + moved
                after = sum(hand_term(c, su, mo) for c in p.hand)
                out.append(after - hand_now + RUNE_WEIGHT * moved)
            elif kind is FlipRunes:
                assert isinstance(action, FlipRunes)
                su, mo = flipped(action.face, suns, moons, action.count)
                after = sum(hand_term(c, su, mo) for c in p.hand)
                # a flip that makes nothing playable wastes the action
                out.append(after - hand_now if after > hand_now + 1e-9 else -1.0)
            elif kind is EndTurn:
                out.append(-0.05)
            else:  # a Sickle: its worth lies beyond this estimate
                out.append(-1.0)
        return out

    def policy(self, game: Game, rng: random.Random, epsilon: float) -> Action:
        """The rollout policy: usually the best quick estimate, sometimes a random action."""
        legal: Sequence[Action] = game.legal_actions()
        if game.phase is ACTIONS:
            if game.actions_left == 0:
                return legal[0] if type(legal[0]) is EndTurn else _end_of(legal)
            legal = [a for a in legal if type(a) is not Sickle] or legal
        if len(legal) == 1:
            return legal[0]
        if rng.random() < epsilon:
            return legal[rng.randrange(len(legal))]
        scores = self.action_scores(game, legal)
        best = max(scores)
        choices = [a for a, v in zip(legal, scores, strict=True) if v >= best - 1e-9]
        return choices[0] if len(choices) == 1 else choices[rng.randrange(len(choices))]


def _end_of(legal: Sequence[Action]) -> Action:
    for action in legal:
        if type(action) is EndTurn:
            return action
    return legal[0]


def _sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def search_actions(game: Game) -> list[Action]:
    """The actions the search considers: all legal ones, except Sickles after both actions."""
    legal = list(game.legal_actions())
    if game.phase is ACTIONS and game.actions_left == 0:
        ends: list[Action] = [a for a in legal if type(a) is EndTurn]
        return ends or legal
    return legal


class MCTSBot:
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
        if iterations is None and seconds is None:
            iterations = 300
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise ValueError(f"iterations must be a whole number of at least 1, not {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be more than 0, not {seconds!r}")
        self.rng = random.Random(seed)
        self.name = "mcts"
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.epsilon = epsilon
        self.margin_scale = margin_scale
        self.sickle_value = sickle_value
        #: Iterations run by the last search (0 when the move was forced).
        self.last_iterations = 0
        #: Root statistics of the last search, most visited first.
        self.last_stats: list[ActionStat] = []

    def __repr__(self) -> str:
        budget = (
            f"iterations={self.iterations}"
            if self.iterations is not None
            else f"seconds={self.seconds}"
        )
        return f"MCTSBot({budget})"

    def choose(self, game: Game) -> Action:
        candidates = search_actions(game)
        if len(candidates) == 1:
            self.last_iterations = 0
            self.last_stats = [ActionStat(candidates[0], 0, float("nan"))]
            return candidates[0]
        stats = self.analyse(game)
        return stats[0].action

    def analyse(self, game: Game) -> list[ActionStat]:
        """Search from ``game`` and return every root action's statistics, best first."""
        if game.is_over:
            raise ValueError("the game is over: there is nothing to choose")
        evaluator = Evaluator(score_table(game.deck), self.margin_scale, self.sickle_value)
        seats = game.num_players
        me = game.current_player
        root = Node(None, me, seats)
        rng = self.rng
        c = self.exploration
        depth = self.rollout_depth
        eps = self.epsilon
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        limit = self.iterations
        done = 0
        while True:
            if limit is not None and done >= limit:
                break
            if deadline is not None and done % 8 == 0 and time.perf_counter() >= deadline:
                break
            state = game.determinized(rng)
            node = root
            path = [root]
            # selection and expansion
            while not state.is_over:
                legal = search_actions(state)
                mover = state.current_player
                if node.untried is None:
                    node.untried = _ordered(evaluator, state, legal, rng)
                children = node.children
                fresh = [a for a in node.untried if a not in children and a in legal]
                if fresh:
                    action = fresh[0]
                    child = Node(action, mover, seats)
                    node.children[action] = child
                    node.untried = [a for a in node.untried if a is not action]
                    state.push(action)
                    node = child
                    path.append(child)
                    break
                best_child: Node | None = None
                best_value = -1.0
                log_term = 0.0
                for action in legal:
                    found = node.children.get(action)
                    if found is None:
                        # legal in this deal only (a card revealed differently): add it now
                        best_child = node.children[action] = Node(action, mover, seats)
                        break
                    child = found
                    child.avail += 1
                    log_term = math.log(child.avail)
                    value = child.totals[mover] / child.visits + c * math.sqrt(
                        log_term / child.visits
                    )
                    if value > best_value:
                        best_value, best_child = value, child
                assert best_child is not None and best_child.action is not None
                state.push(best_child.action)
                node = best_child
                path.append(node)
                if best_child.visits == 0:
                    break
            # rollout
            for _ in range(depth):
                if state.is_over:
                    break
                state.push(evaluator.policy(state, rng, eps))
            values = evaluator.values(state)
            for n in path:
                n.visits += 1
                totals = n.totals
                for seat in range(seats):
                    totals[seat] += values[seat]
            done += 1
        self.last_iterations = done
        stats = [
            ActionStat(child.action, child.visits, child.totals[me] / child.visits)
            for child in root.children.values()
            if child.action is not None and child.visits > 0
        ]
        stats.sort(key=lambda st: (-st.visits, -st.value))
        self.last_stats = stats
        return stats


def _ordered(
    evaluator: Evaluator, game: Game, legal: list[Action], rng: random.Random
) -> list[Action]:
    """Untried actions, the most promising first (by the quick estimate)."""
    if len(legal) == 1:
        return list(legal)
    scores = evaluator.action_scores(game, legal)
    keyed = sorted(
        zip(scores, [rng.random() for _ in legal], range(len(legal)), strict=True),
        reverse=True,
    )
    return [legal[i] for _, _, i in keyed]


__all__ = ["ActionStat", "MCTSBot", "search_actions"]
