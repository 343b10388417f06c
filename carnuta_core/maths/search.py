"""The count-vector search behind ``optimum``: bounds and exact solves, vectorised with numpy.

Only the solver imports this module (and so numpy), when an optimum is asked for.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from ..cards import Card, Flat, PerIngredient, PerSet
from ..model import INGREDIENTS, Ingredient, Origin
from .potions import Potion

#: Worse than any potion: a bound for count vectors no potion has.
NEG = -(10**9)
#: A place no card can fill, in the quick bound's int32 tables.
BLANK = -(10**6)
#: Lagrange multipliers, doubled (3 means lambda = 1.5), for the budget bounds: for any
#: lambda >= 0, score <= sum of (value - lambda * cost) + lambda * budget.
LAMBDAS = (6, 3, 12, 1, 24, 0)
IntArray: TypeAlias = npt.NDArray[np.int64]


class CountVectorSearch:
    """The pool, indexed by column, and the maths the optimum needs."""

    def __init__(
        self, pool: Sequence[Card], k: int, tokens: int, starting: int, budget: int | None
    ):
        self.cards = [c for c in pool if not c.is_salt]
        self.salts = sorted((c for c in pool if c.is_salt), key=lambda c: (len(c.cost), c.id))
        self.k, self.tokens, self.starting, self.budget = k, tokens, starting, budget
        self.S = len(self.salts)
        self.salt_cost = list(itertools.accumulate((len(s.cost) for s in self.salts), initial=0))
        self.col = [INGREDIENTS.index(c.ingredient) for c in self.cards if c.ingredient]
        self.cost = np.array([len(c.cost) for c in self.cards], dtype=np.int64)
        self.singles: list[list[int]] = [[] for _ in INGREDIENTS]
        self.doubles: list[list[int]] = [[] for _ in INGREDIENTS]
        self.starts: list[list[int]] = [[] for _ in INGREDIENTS]
        for j, card in enumerate(self.cards):
            x = self.col[j]
            if card.origin is Origin.START:
                self.starts[x].append(j)
            elif card.weight == 2:
                self.doubles[x].append(j)
            else:
                self.singles[x].append(j)
        self.dmax = min(k, sum(len(d) for d in self.doubles))
        self.caps = [self._cap(x) for x in range(len(INGREDIENTS))]
        # Points as data: per-ingredient cards are rates times counts, sets a minimum.
        self.rates = np.zeros((len(INGREDIENTS), len(self.cards)), dtype=np.int64)
        self.flat = np.zeros(len(self.cards), dtype=np.int64)
        self.sets: list[tuple[int, int, list[tuple[int, int]]]] = []
        for j, card in enumerate(self.cards):
            scoring = card.scoring
            if isinstance(scoring, Flat):
                self.flat[j] = scoring.points
            elif isinstance(scoring, PerIngredient):
                for i in scoring.ingredients:
                    self.rates[INGREDIENTS.index(i), j] += scoring.points
            elif isinstance(scoring, PerSet):
                needs = [(INGREDIENTS.index(i), m) for i, m in scoring.needs.items()]
                self.sets.append((j, scoring.points, needs))
        # Column layouts for the quick bound; padding points one past the last card (a blank).
        self.single_layout = self._layout(self.singles)
        self.double_layout = self._layout(self.doubles)
        self.start_layout = self._layout(self.starts)

    def _layout(self, columns: list[list[int]]) -> IntArray:
        width = max([len(c) for c in columns] + [1])
        layout = np.full((len(columns), width), len(self.cards), dtype=np.int64)
        for x, column in enumerate(columns):
            layout[x, : len(column)] = column
        return layout

    def _cap(self, x: int) -> int:
        weights = sorted(
            [2] * len(self.doubles[x])
            + [1] * len(self.singles[x])
            + [1] * min(len(self.starts[x]), self.starting),
            reverse=True,
        )[: self.k]
        salts = self.S if weights else 0
        return sum(weights) + min(self.tokens, 1) + salts

    # ---------------------------------------------------------------- count vectors
    def vectors(self) -> npt.NDArray[np.int16]:
        """Every count vector whose total fits: k cards + tokens + 0..dmax doubles."""
        lo, hi = self.k + self.tokens, self.k + self.tokens + self.dmax
        vecs = np.zeros((1, 0), dtype=np.int16)
        sums = np.zeros(1, dtype=np.int64)
        for x, cap in enumerate(self.caps):
            rest = sum(self.caps[x + 1 :])
            first = np.maximum(0, lo - sums - rest)
            last = np.minimum(cap, hi - sums)
            many = np.maximum(last - first + 1, 0)
            rows = np.repeat(np.arange(len(vecs)), many)
            offsets = np.arange(int(many.sum())) - np.repeat(np.cumsum(many) - many, many)
            values = first[rows] + offsets
            vecs = np.hstack([vecs[rows], values[:, None].astype(np.int16)])
            sums = sums[rows] + values
        return vecs

    def values(self, counts: npt.NDArray[np.int16]) -> IntArray:
        """Each card's points (columns) for each count vector (rows)."""
        n = counts.astype(np.int64)
        out: IntArray = n @ self.rates + self.flat[None, :]  # integer product: no BLAS threads
        for j, points, needs in self.sets:
            out[:, j] = points * np.minimum.reduce([n[:, x] // m for x, m in needs])
        return out

    # ---------------------------------------------------------------- bounds
    @staticmethod
    def _top_sum(values: npt.NDArray[np.int32], k: int) -> IntArray:
        """The sum of the ``k`` largest values of each row (hugely negative if blanks or
        too few values must be taken)."""
        if k <= 0:
            return np.zeros(len(values), dtype=np.int64)
        if values.shape[1] < k:
            return np.full(len(values), NEG, dtype=np.int64)
        top = np.partition(values, values.shape[1] - k, axis=1)[:, -k:]
        return np.asarray(top.sum(axis=1, dtype=np.int64))

    def quick_bound(
        self,
        counts: npt.NDArray[np.int16],
        weighted: IntArray,
        salt_values: Sequence[int] = (),
    ) -> IntArray:
        """An upper bound on the best sum of ``weighted`` over every potion with these
        counts (a Salt adds ``salt_values[i]``; by default 0 each); ``NEG`` if none exists.

        The counts' total fixes the places of a potion: ``starting`` starting cards (from
        columns with n_X > 0), as many doubles as the total has beyond k + tokens (at most
        n_X / 2 from column X), and singles or Salts for the rest (at most n_X singles from
        column X). The bound fills each kind of place with the best candidates.
        """
        r = len(weighted)
        padded = np.full((r, weighted.shape[1] + 1), BLANK, dtype=np.int32)
        padded[:, :-1] = weighted
        cap = counts[:, :, None]
        salts = np.broadcast_to(
            np.array(list(salt_values) if salt_values else [0] * self.S, dtype=np.int32),
            (r, self.S),
        )
        singles = np.hstack([self._capped(padded[:, self.single_layout], cap), salts])
        doubles = self._capped(padded[:, self.double_layout], cap // 2)
        starts = np.where(cap > 0, padded[:, self.start_layout], BLANK).reshape(r, -1)
        bound = self._top_sum(starts, self.starting)
        n_doubles = counts.sum(axis=1, dtype=np.int64) - self.k - self.tokens
        for d in np.unique(n_doubles):
            rows = n_doubles == d
            bound[rows] += self._top_sum(doubles[rows], int(d)) + self._top_sum(
                singles[rows], self.k - self.starting - int(d)
            )
        return np.maximum(bound, NEG)

    @staticmethod
    def _capped(grid: npt.NDArray[np.int32], cap: npt.NDArray[np.int16]) -> npt.NDArray[np.int32]:
        """Each column's values, best first, the ones beyond ``cap`` blanked out."""
        grid.sort(axis=2)
        rank = np.arange(grid.shape[2] - 1, -1, -1, dtype=np.int16)[None, None, :]
        return np.where(rank < cap, grid, BLANK).reshape(len(grid), -1)

    def budget_bound(
        self, counts: npt.NDArray[np.int16], values: IntArray, budget: int, floor: int
    ) -> IntArray:
        """Upper bounds under the budget, tightened only while they stay above ``floor``:
        for each multiplier, first the quick bound, then the column DP, on the values
        value - lambda * cost (any lambda >= 0 gives a bound once lambda * budget is added)."""
        bound = np.full(len(counts), np.iinfo(np.int64).max, dtype=np.int64)
        for l2 in LAMBDAS:
            quick = self.quick_bound(counts, *self.lagrange(values, l2))
            np.minimum(bound, (quick + l2 * budget) // 2, out=bound)
        salt_min = min((len(s.cost) for s in self.salts), default=0)
        for l2 in LAMBDAS:
            alive = np.flatnonzero(bound > floor)
            if len(alive) == 0:
                break
            weighted = 2 * values[alive] - l2 * self.cost[None, :]
            tight = (self.column_bound(counts[alive], weighted, -l2 * salt_min) + l2 * budget) // 2
            bound[alive] = np.minimum(bound[alive], tight)
        return bound

    def lagrange(self, values: IntArray, l2: int) -> tuple[IntArray, list[int]]:
        """Doubled values minus ``l2`` times the costs, for the cards and for the Salts."""
        return 2 * values - l2 * self.cost[None, :], [-l2 * len(s.cost) for s in self.salts]

    def affordable(self, counts: npt.NDArray[np.int16], budget: int) -> npt.NDArray[np.bool_]:
        """Whether some potion with these counts could cost at most ``budget`` (a bound)."""
        costs = np.broadcast_to(-self.cost[None, :], (len(counts), len(self.cards)))
        salts = [-len(s.cost) for s in self.salts]
        return np.asarray(-self.quick_bound(counts, costs, salts) <= budget)

    def column_bound(
        self, counts: npt.NDArray[np.int16], weighted: IntArray, salt_value: int
    ) -> IntArray:
        """The best total of ``weighted`` card values for each count vector (vectorised),
        under every rule but the supply of Salts: an upper bound, exact when Salts suffice.

        Per column: a token or not, the starting card or not, d doubles, then s Salts and
        the best a singles with a + s = n_X - token - start - 2d (a Salt needs a card of the
        column to sit on; each Salt is worth ``salt_value``). Across columns: exactly the
        tokens, the starting cards, and the doubles the counts imply (k cards in all).
        """
        r = len(counts)
        n = counts.astype(np.int64)
        need_doubles = n.sum(axis=1) - self.k - self.tokens
        t_, d_, s_ = self.tokens, self.dmax, self.starting
        dp = np.full((r, t_ + 1, d_ + 1, s_ + 1), NEG, dtype=np.int64)
        dp[:, 0, 0, 0] = 0
        rows = np.arange(r)
        for x in range(len(INGREDIENTS)):
            singles = -np.sort(-weighted[:, self.singles[x]], axis=1)
            ps = np.hstack([np.zeros((r, 1), dtype=np.int64), np.cumsum(singles, axis=1)])
            doubles = -np.sort(-weighted[:, self.doubles[x]], axis=1)
            pd = np.hstack([np.zeros((r, 1), dtype=np.int64), np.cumsum(doubles, axis=1)])
            start = (
                weighted[:, self.starts[x]].max(axis=1)
                if self.starts[x]
                else np.zeros(r, dtype=np.int64)
            )
            new = np.full_like(dp, NEG)
            ns = len(self.singles[x])
            for tok in range(min(1, t_) + 1):
                for st in range(min(1, s_, len(self.starts[x])) + 1):
                    for d in range(min(len(self.doubles[x]), d_) + 1):
                        need = n[:, x] - tok - st - 2 * d
                        best = np.full(r, NEG, dtype=np.int64)
                        for z in range(min(self.S, int(need.max(initial=0))) + 1):
                            a = need - z
                            ok = (a >= 0) & (a <= ns) & ((z == 0) | (a + d + st >= 1))
                            fill = ps[rows, np.clip(a, 0, ns)] + z * salt_value
                            np.maximum(best, np.where(ok, fill, NEG), out=best)
                        value = np.where(best > NEG, best + pd[:, d] + st * start, NEG)
                        src = dp[:, : t_ + 1 - tok, : d_ + 1 - d, : s_ + 1 - st]
                        dst = new[:, tok:, d:, st:]
                        np.maximum(dst, src + value[:, None, None, None], out=dst)
            dp = np.maximum(new, NEG)
        return np.asarray(dp[rows, t_, need_doubles, s_], dtype=np.int64)

    # ---------------------------------------------------------------- one count vector
    def solve(self, counts: Sequence[int]) -> tuple[int, Potion] | None:
        """The best potion with exactly these final counts (respecting the budget), or None."""
        n = list(counts)
        need_doubles = sum(n) - self.k - self.tokens
        values = self.values(np.array([n], dtype=np.int16))[0]
        budget = self.budget
        # states: (tokens, doubles, starts, salts) -> {cost: (value, choices)}
        State = tuple[int, int, int, int]
        Choice = tuple[int, tuple[int, ...], int]  # (token?, card indices, salts)
        states: dict[State, dict[int, tuple[int, tuple[Choice, ...]]]] = {
            (0, 0, 0, 0): {0: (0, ())}
        }
        for x in range(len(INGREDIENTS)):
            options = self._column_options(x, n[x], values, need_doubles)
            new: dict[State, dict[int, tuple[int, tuple[Choice, ...]]]] = {}
            for (t0, d0, s0, z0), by_cost in states.items():
                for (tok, d, st, z), frontier in options.items():
                    key = (t0 + tok, d0 + d, s0 + st, z0 + z)
                    if key[0] > self.tokens or key[1] > need_doubles or key[2] > self.starting:
                        continue
                    if key[3] > self.S:
                        continue
                    slot = new.setdefault(key, {})
                    for c0, (v0, path) in by_cost.items():
                        for c1, v1, chosen in frontier:
                            cost = c0 + c1
                            if budget is not None and cost + self.salt_cost[key[3]] > budget:
                                continue
                            if budget is None:
                                cost = 0
                            old = slot.get(cost)
                            if old is None or old[0] < v0 + v1:
                                slot[cost] = (v0 + v1, path + ((tok, chosen, z),))
            states = {key: _pareto(by_cost) for key, by_cost in new.items() if by_cost}
        best: tuple[int, tuple[Choice, ...]] | None = None
        for (t0, d0, s0, _z0), by_cost in states.items():
            if (t0, d0, s0) != (self.tokens, need_doubles, self.starting):
                continue
            for value, path in by_cost.values():
                if best is None or value > best[0]:
                    best = (value, path)
        if best is None:
            return None
        return best[0], self._potion(best[1])

    def _column_options(
        self, x: int, count: int, values: IntArray, need_doubles: int
    ) -> dict[tuple[int, int, int, int], list[tuple[int, int, tuple[int, ...]]]]:
        """(token, doubles, start, Salts) -> Pareto list of (cost, value, card indices)."""
        options: dict[tuple[int, int, int, int], list[tuple[int, int, tuple[int, ...]]]] = {}
        order = sorted(self.singles[x], key=lambda j: (-values[j], self.cost[j], j))
        doubles = sorted(self.doubles[x], key=lambda j: (-values[j], self.cost[j], j))
        starts = sorted(self.starts[x], key=lambda j: (-values[j], self.cost[j], j))
        for tok in range(min(1, self.tokens) + 1):
            for st in range(min(1, self.starting, len(starts)) + 1):
                for d in range(min(len(doubles), need_doubles) + 1):
                    for z in range(self.S + 1):
                        a = count - tok - st - 2 * d - z
                        if a < 0 or a > len(order) or (z and a + d + st == 0):
                            continue
                        if self.budget is None:
                            picks = [tuple(order[:a] + doubles[:d] + starts[:st])]
                        else:
                            picks = [
                                s + dd + ss
                                for s in itertools.combinations(order, a)
                                for dd in itertools.combinations(doubles, d)
                                for ss in itertools.combinations(starts, st)
                            ]
                        frontier = [
                            (int(self.cost[list(p)].sum()), int(values[list(p)].sum()), p)
                            for p in picks
                        ]
                        options[(tok, d, st, z)] = _pareto_list(frontier)
        return options

    def _potion(self, path: Sequence[tuple[int, tuple[int, ...], int]]) -> Potion:
        played: list[Card] = []
        salt_on: dict[str, str] = {}
        tokens: list[Ingredient] = []
        salts = iter(self.salts)
        for x, (tok, chosen, z) in enumerate(path):
            cards = [self.cards[j] for j in chosen]
            played.extend(cards)
            for _ in range(z):
                salt = next(salts)
                played.append(salt)
                salt_on[salt.id] = cards[0].id
            if tok:
                tokens.append(INGREDIENTS[x])
        played.sort(key=lambda c: (c.origin is not Origin.START, c.id))
        return Potion.of(played, salt_on, tokens)


def _pareto(by_cost: dict[int, tuple[int, Any]]) -> dict[int, tuple[int, Any]]:
    """Keep only the entries no cheaper entry beats."""
    out: dict[int, tuple[int, Any]] = {}
    best = None
    for cost in sorted(by_cost):
        value = by_cost[cost][0]
        if best is None or value > best:
            out[cost] = by_cost[cost]
            best = value
    return out


def _pareto_list(
    entries: list[tuple[int, int, tuple[int, ...]]],
) -> list[tuple[int, int, tuple[int, ...]]]:
    out: list[tuple[int, int, tuple[int, ...]]] = []
    for cost, value, pick in sorted(entries, key=lambda e: (e[0], -e[1], e[2])):
        if not out or value > out[-1][1]:
            out.append((cost, value, pick))
    return out


__all__ = ["BLANK", "LAMBDAS", "NEG", "CountVectorSearch"]
