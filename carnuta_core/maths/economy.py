r"""The price of a rune and of an action: score against a cost budget, and against actions.

**Cost icons.** ``budget_curve`` gives the best score for every budget of cost icons (each
budget solved exactly by ``optimum``) and the points one more icon buys on each segment.
The solver's Lagrangian bound is, for any :math:`\lambda \ge 0`,

.. math:: f(b) \le \max_P \bigl(\text{score}(P) - \lambda\,\text{cost}(P)\bigr) + \lambda b
   = \max_c \bigl(f(c) - \lambda c\bigr) + \lambda b,

so the best multiplier gives the *upper concave envelope* of the curve: ``lagrangian_bound``
computes it exactly from the curve, and it meets the curve where the curve is concave.

**Actions.** Icons are not the game's currency: a flip icon spends no rune, and a Take Runes
fills every empty space at once. What a player spends is actions: 1 to take a card, 1 to play
it, and the rune actions in between. ``potion_actions`` finds the fewest, by a joint search
over rune states and the cards still to play (0-1 breadth first: a play costs no rune
action, a Take or Flip Runes one), the counter opening Padlocks on the way.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from ..cards import Card, format_cost
from ..deck import reference_deck
from ..errors import CarnutaError, PositionError, WorkLimitError
from ..model import Origin
from ..rules import Rules
from ..rune_graph.moves import cost_groups, rune_steps
from ..rune_graph.states import Key, RuneState, cost_delta, key_of, paid_key
from .potions import Potion

if TYPE_CHECKING:
    from .solver import Optimum

#: The most cards a plan orders (a potion at the end of a game holds at most 13).
MAX_PLAN_CARDS = 13


# --------------------------------------------------------------------------- cost budgets
@dataclass(frozen=True)
class BudgetPoint:
    """The best potion within ``budget`` cost icons."""

    budget: int
    value: int
    cost: int
    seconds: float
    potion: Potion


def budget_curve(
    budgets: Iterable[int],
    pool: Iterable[Card] | None = None,
    k: int = 11,
    *,
    progress: bool = False,
) -> list[BudgetPoint]:
    """The best score of ``k`` cards for each budget of cost icons, each solved exactly
    (budgets below the cheapest potion have no point)."""
    from .solver import optimum

    cards = list(reference_deck() if pool is None else pool)
    budgets = sorted(set(budgets))
    if len(budgets) > 40:
        raise WorkLimitError("budgets", f"{len(budgets)} budgets: at most 40")
    steps: Iterable[int] = budgets
    if progress:
        from tqdm.auto import tqdm

        steps = tqdm(budgets, desc="budgets", unit="budget")
    points = []
    for budget in steps:
        try:
            best = optimum(cards, k, budget=budget)
        except PositionError as error:
            if error.field == "budget":  # below the cheapest potion: no point on the curve
                continue
            raise
        points.append(BudgetPoint(budget, best.value, best.cost, best.seconds, best.potion))
    return points


def segment_slopes(curve: Sequence[BudgetPoint]) -> list[tuple[int, int, Fraction]]:
    """(from budget, to budget, points per icon) between consecutive budgets of the curve."""
    return [
        (a.budget, b.budget, Fraction(b.value - a.value, b.budget - a.budget))
        for a, b in zip(curve, curve[1:], strict=False)
    ]


def lagrangian_bound(curve: Sequence[BudgetPoint], budget: int) -> tuple[Fraction, Fraction]:
    r"""(bound, best multiplier): :math:`\min_{\lambda \ge 0} \max_c (f(c) - \lambda c) +
    \lambda b` over the curve's points, exact. It is at least the best score within
    ``budget``, and equal to it where the curve is concave."""
    if not curve:
        raise CarnutaError("curve: give at least one budget point")
    # The minimum of a convex piecewise-linear function of lambda sits at 0 or at a kink,
    # where two points of the curve give the same f(c) - lambda * c.
    kinks = {Fraction(0)}
    for a in curve:
        for b in curve:
            if b.cost > a.cost and b.value > a.value:
                kinks.add(Fraction(b.value - a.value, b.cost - a.cost))
    best: tuple[Fraction, Fraction] | None = None
    for lam in sorted(kinks):
        value = max(p.value - lam * p.cost for p in curve) + lam * budget
        if best is None or value < best[0]:
            best = (value, lam)
    assert best is not None
    return best


# --------------------------------------------------------------------------- actions
@dataclass(frozen=True)
class PotionPlan:
    """The fewest actions that build a potion from the start, market aside.

    ``steps`` are the rune actions and plays in order (the takes are one action per card,
    any time before its play).
    """

    potion: Potion
    rune_actions: int
    takes: int
    plays: int
    steps: tuple[str, ...]

    @property
    def actions(self) -> int:
        return self.takes + self.plays + self.rune_actions

    def __str__(self) -> str:
        return (
            f"{self.actions} actions ({self.takes} takes, {self.plays} plays, "
            f"{self.rune_actions} rune actions): {', '.join(self.steps)}"
        )


def potion_actions(
    potion: Potion | Iterable[Card],
    *,
    rules: Rules | None = None,
    start: RuneState | None = None,
) -> PotionPlan:
    """The fewest actions that play every card of ``potion`` (its starting card is already in
    play at setup), from ``start`` (a player's runes at setup, reserve never short).

    A joint search over (rune state, cards still to play): plays cost no rune action and move
    the counter (opening a Padlock at 4 and 8), Take and Flip Runes cost one. Cards with the
    same cost are interchangeable, so the search keeps how many of each cost are left.
    """
    rules = rules or Rules()
    cards = list(potion.played if isinstance(potion, Potion) else potion)
    if len(cards) > MAX_PLAN_CARDS:
        raise WorkLimitError("potion", f"{len(cards)} cards: a plan orders at most 13")
    starting = [c for c in cards if c.origin is Origin.START]
    if len(starting) > 1:
        raise CarnutaError("potion: a player has one starting card, not several")
    to_play = [c for c in cards if c.origin is not Origin.START]
    start_state = start or RuneState.start(rules)
    groups = cost_groups(to_play)
    free = sum(1 for c in to_play if not c.cost)
    group_cards = [list(g.cards) for g in groups]
    deltas = [cost_delta(g.cost) for g in groups]
    counts0 = tuple(len(g.cards) for g in groups)
    played0 = 1 if starting else 0
    State = tuple[Key, tuple[int, ...], int]
    first: State = (key_of(start_state), counts0, played0 + free)
    first = (_opened(first[0], played0, played0 + free, rules), counts0, played0 + free)
    parent: dict[State, tuple[State | None, str]] = {first: (None, "")}
    distance = {first: 0}
    queue: deque[State] = deque([first])
    goal: State | None = None
    while queue:
        state = queue.popleft()
        key, left, played = state
        here = distance[state]
        if not any(left):
            goal = state
            break
        for index, delta in enumerate(deltas):
            if not left[index] or key[0] < delta[0] or key[1] < delta[1]:
                continue
            after = _opened(paid_key(key, delta), played, played + 1, rules)
            rest = left[:index] + (left[index] - 1,) + left[index + 1 :]
            nxt = (after, rest, played + 1)
            if nxt not in distance or distance[nxt] > here:
                distance[nxt] = here
                parent[nxt] = (state, f"play [{format_cost(groups[index].cost)}]")
                queue.appendleft(nxt)
        for action, _, target in rune_steps(key, rules):
            nxt = (target, left, played)
            if nxt not in distance:
                distance[nxt] = here + 1
                parent[nxt] = (state, action)
                queue.append(nxt)
    if goal is None:
        raise CarnutaError("potion: no order of rune actions pays every card's cost")
    steps: list[str] = []
    node: State | None = goal
    while node is not None:
        before, label = parent[node]
        if label:
            steps.append(label)
        node = before
    steps.reverse()
    # name the cards: the plays of one cost take its cards in order
    taken = [iter(ids) for ids in group_cards]
    by_cost = {f"play [{format_cost(g.cost)}]": taken[i] for i, g in enumerate(groups)}
    named = [f"play {next(by_cost[s])}" if s in by_cost else s for s in steps]
    named = [f"play {c.id}" for c in to_play if not c.cost] + named
    return PotionPlan(
        potion if isinstance(potion, Potion) else Potion(tuple(cards)),
        distance[goal],
        len(to_play),
        len(to_play),
        tuple(named),
    )


def _opened(key: Key, before: int, after: int, rules: Rules) -> Key:
    """The board once the counter goes from ``before`` to ``after`` cards: a Padlock comes off
    at each unlock level passed."""
    suns, moons, spaces, locked, rs, rm = key
    for played in range(before + 1, after + 1):
        if locked and rules.unlocks_at(rules.counter_after(played)):
            spaces, locked = spaces + 1, locked - 1
    return (suns, moons, spaces, locked, rs, rm)


@dataclass(frozen=True)
class ActionPoint:
    """The best potion of ``cards`` cards and the fewest actions that build it."""

    cards: int
    value: int
    plan: PotionPlan
    seconds: float

    @property
    def actions(self) -> int:
        return self.plan.actions

    @property
    def points_per_action(self) -> float:
        return self.value / self.actions if self.actions else float("nan")


def action_curve(
    sizes: Iterable[int],
    pool: Iterable[Card] | None = None,
    *,
    rules: Rules | None = None,
    progress: bool = False,
) -> list[ActionPoint]:
    """For each potion size: the best potion (``optimum``, tokens as the counter gives them)
    and the fewest actions that build it from the start (``potion_actions``)."""
    from .solver import optimum

    cards = list(reference_deck() if pool is None else pool)
    steps: Iterable[int] = sorted(set(sizes))
    if progress:
        from tqdm.auto import tqdm

        steps = tqdm(list(steps), desc="potion sizes", unit="size")
    out = []
    for size in steps:
        best = optimum(cards, size, rules=rules)
        out.append(
            ActionPoint(size, best.value, potion_actions(best.potion, rules=rules), best.seconds)
        )
    return out


def actions_bounds(curve: Sequence[ActionPoint], actions: int) -> tuple[int, int]:
    """(lower, upper) bounds on the best score within ``actions`` actions, market aside.

    Lower: the best curve potion whose plan fits. Upper: every potion of ``c`` cards needs at
    least 2(c - 1) actions (a take and a play per card), so nothing beats the best potion of
    the largest size that count allows. Equal bounds prove the answer.
    """
    fits = [p.value for p in curve if p.actions <= actions]
    allowed = [p.value for p in curve if 2 * (p.cards - 1) <= actions]
    lower = max(fits, default=0)
    upper = max(allowed, default=0)
    return lower, upper


def optimum_by_start(
    pool: Iterable[Card] | None = None, k: int = 11, *, progress: bool = False
) -> dict[str, Optimum]:
    """The best potion for each starting card a player may be dealt (the pool's other
    starting cards left out), each proven: ``solver.optimum_by_start``, one shared pass."""
    from .solver import optimum_by_start as by_start

    return by_start(pool, k, progress=progress)


__all__ = [
    "MAX_PLAN_CARDS",
    "ActionPoint",
    "BudgetPoint",
    "PotionPlan",
    "action_curve",
    "actions_bounds",
    "budget_curve",
    "lagrangian_bound",
    "optimum_by_start",
    "potion_actions",
    "segment_slopes",
]
