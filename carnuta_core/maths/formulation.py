r"""The best potion as an integer program (scipy's ``milp``, the HiGHS solver), two ways.

The same question the kit's count-vector search answers, written for a general solver. What a
card scores is a *product*: played (:math:`x_j \in \{0, 1\}`) times a count
(:math:`n_i`), and a solver only takes linear constraints. How the product is linearised is
the formulation, and it decides how far the solver's linear relaxation sits from the truth:

- **weak** (big-M): :math:`z_j \le p_j n_i` and :math:`z_j \le M x_j` with a large
  :math:`M`. Correct, small, and its relaxation lets a tenth of a card score as if played.
- **strong** (one-hot counts): :math:`u_{i,c} = [n_i = c]`, and for each scoring card and
  each level :math:`q_{j,i,c} = x_j \wedge u_{i,c}` with :math:`\sum_c q_{j,i,c} = x_j`;
  the card scores :math:`p_j \sum_c c\,q_{j,i,c}`, and at each level the cards that see it
  number at most :math:`k\,u_{i,c}` (the cardinality constraint multiplied by
  :math:`u_{i,c}`: a reformulation-linearisation cut).

Both give the optimum when the solver finishes; ``MilpResult`` reports the time, the nodes
searched, the best potion found, the solver's bound and the gap between them when it stops at
its limit: a time (``seconds``), or a budget of branch-and-bound nodes (``nodes``), which,
unlike a time, gives the same answer on every machine.
scipy (the ``maths`` extra) is imported only here.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..cards import Card, Flat, PerIngredient, PerSet
from ..errors import PositionError, WorkLimitError
from ..model import INGREDIENTS, Origin
from ..rules import Rules
from .potions import Potion

#: The longest a solve may run, in seconds.
MAX_SECONDS = 600.0
#: The most branch-and-bound nodes a solve may be given.
MAX_NODES = 1_000_000
#: The big M of the weak formulation: more than any card can score.
BIG_M = 1000


@dataclass(frozen=True)
class MilpResult:
    """What HiGHS found: the best potion (``value`` re-scored by the engine), its proven
    bound, and whether it proved optimality within the time limit."""

    formulation: str
    value: int | None
    bound: float
    optimal: bool
    seconds: float
    variables: int
    constraints: int
    potion: Potion | None = field(default=None, compare=False)
    #: Branch-and-bound nodes searched (0 for a relaxation).
    nodes: int = 0

    @property
    def gap(self) -> float:
        """(bound - value) / value: 0 once proven optimal."""
        if self.value is None or self.value == 0:
            return float("inf")
        return max(0.0, (self.bound - self.value) / self.value)

    def as_dict(self) -> dict[str, object]:
        return {
            "formulation": self.formulation,
            "variables": self.variables,
            "constraints": self.constraints,
            "best found": self.value,
            "bound": round(self.bound, 1),
            "gap": round(self.gap, 3),
            "proven": self.optimal,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 1),
        }


class _Model:
    """Variables (with bounds and integrality) and sparse rows, by name."""

    def __init__(self) -> None:
        self.index: dict[tuple[Any, ...], int] = {}
        self.low: list[float] = []
        self.high: list[float] = []
        self.integer: list[int] = []
        self.rows: list[tuple[dict[int, float], float, float]] = []
        self.objective: dict[int, float] = {}

    def var(self, name: tuple[Any, ...], high: float = 1, integer: bool = True) -> int:
        if name not in self.index:
            self.index[name] = len(self.low)
            self.low.append(0.0)
            self.high.append(float(high))
            self.integer.append(1 if integer else 0)
        return self.index[name]

    def row(self, coefficients: dict[int, float], low: float, high: float) -> None:
        self.rows.append(({v: a for v, a in coefficients.items() if a}, low, high))

    def gain(self, variable: int, points: float) -> None:
        self.objective[variable] = self.objective.get(variable, 0.0) + points

    def solve(self, seconds: float, nodes: int | None, relaxed: bool) -> Any:
        import numpy as np
        from scipy.optimize import Bounds, LinearConstraint, milp
        from scipy.sparse import coo_array

        rows, cols, data = [], [], []
        for r, (coefficients, _, _) in enumerate(self.rows):
            for v, a in coefficients.items():
                rows.append(r)
                cols.append(v)
                data.append(a)
        matrix = coo_array((data, (rows, cols)), shape=(len(self.rows), len(self.low)))
        cost = np.zeros(len(self.low))
        for v, points in self.objective.items():
            cost[v] = -points  # milp minimises
        return milp(
            cost,
            constraints=LinearConstraint(
                matrix.tocsr(), [r[1] for r in self.rows], [r[2] for r in self.rows]
            ),
            integrality=np.zeros(len(self.integer)) if relaxed else np.array(self.integer),
            bounds=Bounds(np.array(self.low), np.array(self.high)),
            options={"time_limit": seconds} | ({} if nodes is None else {"node_limit": nodes}),
        )


def optimum_milp(
    pool: Iterable[Card] | None = None,
    k: int = 11,
    *,
    formulation: str = "strong",
    bonus_tokens: int | None = None,
    starting: int | None = None,
    budget: int | None = None,
    rules: Rules | None = None,
    seconds: float = 60.0,
    nodes: int | None = None,
    relaxed: bool = False,
) -> MilpResult:
    """The best potion of ``k`` cards as an integer program, ``"weak"`` or ``"strong"``, solved
    by HiGHS within ``seconds`` (and, if given, ``nodes`` branch-and-bound nodes: a budget of
    work that gives the same result on any machine); the same defaults as ``optimum``. ``relaxed`` solves the
    linear relaxation only (every variable may be fractional): its value is the bound the
    solver starts from, and the distance to the optimum measures the formulation's strength."""
    from .solver import check_search_arguments

    if formulation not in ("weak", "strong"):
        raise PositionError("formulation", f"'weak' or 'strong', not {formulation!r}")
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0:
        raise PositionError("seconds", f"a positive number of seconds, not {seconds!r}")
    if seconds > MAX_SECONDS:
        raise WorkLimitError("seconds", f"{seconds}: at most {MAX_SECONDS:.0f} s")
    if nodes is not None:
        if isinstance(nodes, bool) or not isinstance(nodes, int) or nodes < 1:
            raise PositionError("nodes", f"a positive whole number of nodes, not {nodes!r}")
        if nodes > MAX_NODES:
            raise WorkLimitError("nodes", f"{nodes}: at most {MAX_NODES:,} nodes")
    cards_in, k, tokens, starting = check_search_arguments(
        pool, k, bonus_tokens, starting, budget, rules
    )
    cards = [c for c in cards_in if not c.is_salt]
    salts = sorted((c for c in cards_in if c.is_salt), key=lambda s: (len(s.cost), s.id))
    model = _Model()
    columns = len(INGREDIENTS)
    column = [INGREDIENTS.index(c.ingredient) for c in cards if c.ingredient is not None]
    doubles = sum(1 for c in cards if c.weight == 2)
    most = [
        min(
            sum(c.weight for j, c in enumerate(cards) if column[j] == i) + len(salts) + 1,
            k + tokens + doubles,
        )
        for i in range(columns)
    ]
    x = [model.var(("x", c.id)) for c in cards]
    used = [model.var(("salt", s.id)) for s in salts]
    salted = [model.var(("salted", i), len(salts)) for i in range(columns)]
    token = [model.var(("token", i)) for i in range(columns)]
    count: list[dict[int, float]] = []
    for i in range(columns):
        terms: dict[int, float] = {salted[i]: 1, token[i]: 1}
        terms.update({x[j]: c.weight for j, c in enumerate(cards) if column[j] == i})
        count.append(terms)
        # a Salt sits on a played card of its ingredient
        model.row(
            {salted[i]: 1, **{x[j]: -len(salts) for j in range(len(cards)) if column[j] == i}},
            -float("inf"),
            0,
        )
    model.row({**{s: 1 for s in salted}, **{u: -1 for u in used}}, 0, 0)
    model.row({t: 1 for t in token}, tokens, tokens)
    model.row({**{v: 1 for v in x}, **{u: 1 for u in used}}, k, k)
    model.row(
        {x[j]: 1 for j, c in enumerate(cards) if c.origin is Origin.START}, starting, starting
    )
    if budget is not None:
        model.row(
            {
                **{x[j]: len(c.cost) for j, c in enumerate(cards)},
                **{used[t]: len(s.cost) for t, s in enumerate(salts)},
            },
            -float("inf"),
            budget,
        )
    sees = _Levels(model, count, most, k) if formulation == "strong" else None
    weak_count = None if sees else [model.var(("n", i), most[i]) for i in range(columns)]
    if weak_count is not None:
        for i in range(columns):
            model.row({**count[i], weak_count[i]: -1}, 0, 0)
    for j, card in enumerate(cards):
        scoring = card.scoring
        if isinstance(scoring, Flat):
            model.gain(x[j], scoring.points)
        elif isinstance(scoring, PerIngredient):
            for ingredient in scoring.ingredients:
                i = INGREDIENTS.index(ingredient)
                if sees is not None:
                    for level, q in sees.levels(card.id, x[j], i).items():
                        model.gain(q, scoring.points * level)
                else:
                    assert weak_count is not None
                    z = model.var(("z", card.id, i), float("inf"), integer=False)
                    model.gain(z, 1)
                    model.row({z: 1, weak_count[i]: -scoring.points}, -float("inf"), 0)
                    model.row({z: 1, x[j]: -BIG_M}, -float("inf"), 0)
        elif isinstance(scoring, PerSet):
            top = min(most[INGREDIENTS.index(g)] // m for g, m in scoring.needs.items())
            sets = model.var(("sets", card.id), top)
            model.gain(sets, scoring.points)
            for ingredient, need in scoring.needs.items():
                i = INGREDIENTS.index(ingredient)
                if sees is not None:
                    levels = sees.levels(card.id, x[j], i)
                    model.row(
                        {sets: 1, **{q: -(level // need) for level, q in levels.items()}},
                        -float("inf"),
                        0,
                    )
                else:
                    assert weak_count is not None
                    model.row({sets: need, weak_count[i]: -1}, -float("inf"), 0)
            if sees is None:
                model.row({sets: 1, x[j]: -BIG_M}, -float("inf"), 0)
    if sees is not None:
        sees.cut()
    began = time.perf_counter()
    found = model.solve(float(seconds), nodes, relaxed)
    elapsed = time.perf_counter() - began
    if relaxed:
        return MilpResult(
            f"{formulation}, relaxed",
            None,
            -float(found.fun),
            found.status == 0,
            elapsed,
            len(model.low),
            len(model.rows),
        )
    potion = (
        None if found.x is None else _potion(found.x, model, cards, salts, x, used, salted, token)
    )
    value = None if potion is None else potion.score_pad().total
    bound = -float(getattr(found, "mip_dual_bound", found.fun if found.x is not None else 0))
    return MilpResult(
        formulation,
        value,
        bound,
        found.status == 0,
        elapsed,
        len(model.low),
        len(model.rows),
        potion,
        int(getattr(found, "mip_node_count", 0) or 0),
    )


class _Levels:
    """The strong formulation's one-hot counts and, per scoring card, its level variables."""

    def __init__(self, model: _Model, count: list[dict[int, float]], most: list[int], k: int):
        self.model, self.most, self.k = model, most, k
        self.onehot: list[list[int]] = []
        self.seen: dict[tuple[int, int], list[int]] = {}
        for i, terms in enumerate(count):
            levels = [model.var(("u", i, c)) for c in range(most[i] + 1)]
            self.onehot.append(levels)
            model.row({u: 1 for u in levels}, 1, 1)
            model.row({**terms, **{u: -c for c, u in enumerate(levels)}}, 0, 0)

    def levels(self, card: str, played: int, i: int) -> dict[int, int]:
        """``q[c] = played and n_i == c``: one level when the card is played, none else."""
        model = self.model
        out: dict[int, int] = {}
        for c, u in enumerate(self.onehot[i]):
            q = model.var(("q", card, i, c), 1, integer=False)
            model.row({q: 1, u: -1}, -float("inf"), 0)
            self.seen.setdefault((i, c), []).append(q)
            out[c] = q
        model.row({**{q: 1 for q in out.values()}, played: -1}, 0, 0)
        return out

    def cut(self) -> None:
        """At each level, at most k played cards see it (sum of x = k, times u_{i,c})."""
        for (i, c), qs in self.seen.items():
            self.model.row({**{q: 1 for q in qs}, self.onehot[i][c]: -self.k}, -float("inf"), 0)


def _strong_counts(
    model: _Model, count: list[dict[int, float]], most: list[int], k: int
) -> _Levels:
    return _Levels(model, count, most, k)


def _potion(
    solution: Any,
    model: _Model,
    cards: list[Card],
    salts: list[Card],
    x: list[int],
    used: list[int],
    salted: list[int],
    token: list[int],
) -> Potion:
    played = [c for j, c in enumerate(cards) if solution[x[j]] > 0.5]
    chosen = iter(s for t, s in enumerate(salts) if solution[used[t]] > 0.5)
    salt_on: dict[str, str] = {}
    extra: list[Card] = []
    for i, ingredient in enumerate(INGREDIENTS):
        host = next((c for c in played if c.ingredient is ingredient), None)
        for _ in range(round(solution[salted[i]])):
            salt = next(chosen)
            extra.append(salt)
            assert host is not None
            salt_on[salt.id] = host.id
    tokens = [ingredient for i, ingredient in enumerate(INGREDIENTS) if solution[token[i]] > 0.5]
    played.sort(key=lambda c: (c.origin is not Origin.START, c.id))
    return Potion.of(played + extra, salt_on, tokens)


__all__ = ["BIG_M", "MAX_NODES", "MAX_SECONDS", "MilpResult", "optimum_milp"]
