r"""When to stop rerolling: the exact best policy for a simple goal, and fixed policies to beat.

**The goal** (``Goal``): end the rolling with at least ``at_least`` dice showing ``face``
(three lava faces, say, for a long flow), while every locked Turtle costs ``turtle_cost``
points (it moves the island's clock on). A kept hand :math:`h` is worth

.. math:: R(h) = [\,h_{\text{face}} \ge m\,] - c \, h_{\text{turtle}}.

**The problem.** A *state* is the hand the dice show (the counts of each face; the turtle's
count is the locked Turtles). In each state the player keeps, or rerolls any non-empty
choice of the dice not showing the turtle. The best value :math:`V` is the fixed point of

.. math:: V(h) = \max\Bigl(R(h),\; \max_{r} \sum_{h'} P(h' \mid h, r)\, V(h')\Bigr).

Turtles never unlock, so the states fall into *levels* by their locked Turtles, and a reroll
leads to the same level or a higher one. Within a level a reroll can come back to where it
started (a lava die rerolled shows lava again), so a level is a system of equations, not a
recursion. ``optimal_policy`` solves the levels from the most Turtles down, each by *policy
iteration*: start from "keep everywhere", solve the level's linear equations exactly
(Fractions), switch every state to an action that does strictly better, repeat until none
does. Every reroll locks a Turtle with positive chance, so each system has one solution, and
the iteration stops after finitely many switches at the exact optimum. Where several actions
are equally good, the policy keeps if it can, else rerolls the fewest dice: rerolling three
dice at once is never better than rerolling them one after another, looking in between.

``policy_value`` evaluates any policy exactly (the same equations, with the policy's own
actions), and ``simulate`` plays it with seeded dice.

>>> from carcata_core.rules import Rules
>>> one_lava = optimal_policy(Rules(), Goal("lava", 1, Fraction(0)))
>>> one_lava.turn_value  # free Turtles: reroll until a lava; all five dice lock first 1 time in 32
Fraction(31, 32)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Protocol

from ..errors import ArgumentError
from ..rules import FACES, Rules
from .dice import (
    TURTLE,
    Hand,
    check_reroll,
    faces_of,
    outcome_after,
    possible_hands,
    rerolls_of,
    roll_distribution,
)

#: The most dice a turn is simulated for, per call (a few seconds' work).
MAX_TURNS = 1_000_000
#: The most rerolls a simulated turn takes before it is called a runaway policy.
MAX_REROLLS = 10_000


@dataclass(frozen=True)
class Goal:
    """A kept hand is worth 1 if at least ``at_least`` dice show ``face``, minus
    ``turtle_cost`` per locked Turtle."""

    face: str = "lava"
    at_least: int = 3
    turtle_cost: Fraction = Fraction(1, 10)

    def __post_init__(self) -> None:
        if self.face not in FACES or self.face == "turtle":
            raise ArgumentError("face", f"one of {', '.join(FACES[:-1])}, not {self.face!r}")
        if (
            isinstance(self.at_least, bool)
            or not isinstance(self.at_least, int)
            or self.at_least < 0
        ):
            raise ArgumentError("at_least", f"a whole number of dice, not {self.at_least!r}")
        cost = self.turtle_cost
        if isinstance(cost, bool) or not isinstance(cost, (int, Fraction)) or cost < 0:
            raise ArgumentError("turtle_cost", f"a Fraction of at least 0, not {cost!r}")
        object.__setattr__(self, "turtle_cost", Fraction(cost))

    @property
    def index(self) -> int:
        return FACES.index(self.face)

    def met(self, hand: Hand) -> bool:
        return hand[self.index] >= self.at_least

    def __call__(self, hand: Hand) -> Fraction:
        return Fraction(int(self.met(hand))) - self.turtle_cost * hand[TURTLE]

    def misses(self, hand: Hand) -> Hand:
        """The dice of ``hand`` that show neither the goal's face nor the turtle."""
        return tuple(0 if i in (self.index, TURTLE) else c for i, c in enumerate(hand))


class RerollPolicy(Protocol):
    """What a policy answers: in ``hand``, after ``rerolls`` rerolls this turn, which dice to
    reroll (``None``: keep). It looks at ``rerolls`` only while it is below ``memory``."""

    @property
    def name(self) -> str: ...

    @property
    def memory(self) -> int: ...

    def choose(self, hand: Hand, rerolls: int) -> Hand | None: ...


@dataclass(frozen=True)
class FixedPolicy:
    """A policy written as a rule (``never_reroll``, ``reroll_once``, ``reroll_until``)."""

    name: str
    rule: Callable[[Hand, int], Hand | None] = field(repr=False)
    memory: int = 0
    french: str = ""

    def choose(self, hand: Hand, rerolls: int) -> Hand | None:
        return self.rule(hand, rerolls)

    def title(self, lang: str = "en") -> str:
        """The policy's name in ``lang`` ("en" or "fr")."""
        return self.french or self.name if lang == "fr" else self.name


def never_reroll() -> FixedPolicy:
    """Keep the first roll."""
    return FixedPolicy("never reroll", lambda hand, rerolls: None, french="ne jamais relancer")


def reroll_once(goal: Goal) -> FixedPolicy:
    """Reroll the dice that miss the goal once (if the goal is not met), then keep."""

    def rule(hand: Hand, rerolls: int) -> Hand | None:
        misses = goal.misses(hand)
        return misses if rerolls == 0 and sum(misses) > 0 and not goal.met(hand) else None

    return FixedPolicy("reroll once", rule, memory=1, french="relancer une fois")


def reroll_until(goal: Goal, turtles: int) -> FixedPolicy:
    """Reroll the dice that miss the goal until it is met, no die misses, or ``turtles``
    Turtles are locked."""

    def rule(hand: Hand, rerolls: int) -> Hand | None:
        misses = goal.misses(hand)
        return misses if sum(misses) > 0 and not goal.met(hand) and hand[TURTLE] < turtles else None

    plural = "" if turtles == 1 else "s"
    return FixedPolicy(
        f"reroll until {turtles} Turtle{plural}",
        rule,
        french=f"relancer jusqu'à {turtles} Tortue{plural}",
    )


# ------------------------------------------------------------------------ exact algebra
def solve(matrix: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction]:
    """The solution of ``matrix @ x = rhs``, exactly: Gaussian elimination on Fractions, then
    back substitution. Each row is kept as its non-zero entries (a reroll reaches few hands,
    so the rows are sparse)."""
    size = len(rhs)
    rows = [{j: x for j, x in enumerate(row) if x} for row in matrix]
    right = list(rhs)
    for col in range(size):
        pivot = next((r for r in range(col, size) if rows[r].get(col)), None)
        if pivot is None:
            raise ArgumentError("policy", "its equations have no single solution")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        right[col], right[pivot] = right[pivot], right[col]
        head = rows[col]
        for r in range(col + 1, size):
            factor = rows[r].get(col)
            if not factor:
                continue
            factor /= head[col]
            row = rows[r]
            for j, x in head.items():
                value = row.get(j, 0) - factor * x
                if value:
                    row[j] = value
                else:
                    row.pop(j, None)
            right[r] -= factor * right[col]
    solution = [Fraction(0)] * size
    for col in range(size - 1, -1, -1):
        known = sum((x * solution[j] for j, x in rows[col].items() if j > col), Fraction(0))
        solution[col] = (right[col] - known) / rows[col][col]
    return solution


def _levels(rules: Rules) -> list[list[Hand]]:
    """The hands by locked Turtles, most Turtles first."""
    by_turtles: dict[int, list[Hand]] = {}
    for hand in possible_hands(rules):
        by_turtles.setdefault(hand[TURTLE], []).append(hand)
    return [by_turtles[t] for t in sorted(by_turtles, reverse=True)]


def _successors(rules: Rules, hand: Hand, reroll: Hand) -> tuple[tuple[Hand, Fraction], ...]:
    return _landings(rules.die_faces, hand, reroll)


@lru_cache(maxsize=20_000)
def _landings(
    die_faces: tuple[str, ...], hand: Hand, reroll: Hand
) -> tuple[tuple[Hand, Fraction], ...]:
    """The hands a reroll leads to, with their chances (the same for every Rules with these
    faces: kept once per die)."""
    law = roll_distribution(Rules(die_faces=die_faces, dice=sum(hand)), sum(reroll))
    return tuple((outcome_after(hand, reroll, landed), chance) for landed, chance in law.items())


def _cycles(edges: dict[Hand, list[Hand]]) -> list[list[Hand]]:
    """The strongly connected parts of a graph (Tarjan), each listed after every part it
    leads to: solving them in this order, a part needs only values already found."""
    index: dict[Hand, int] = {}
    low: dict[Hand, int] = {}
    stack: list[Hand] = []
    on_stack: set[Hand] = set()
    parts: list[list[Hand]] = []

    def visit(node: Hand) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for after in edges[node]:
            if after not in index:
                visit(after)
                low[node] = min(low[node], low[after])
            elif after in on_stack:
                low[node] = min(low[node], index[after])
        if low[node] == index[node]:
            part: list[Hand] = []
            while not part or part[-1] != node:
                part.append(stack.pop())
                on_stack.discard(part[-1])
            parts.append(part)

    for node in edges:
        if node not in index:
            visit(node)
    return parts


def _solve_level(
    rules: Rules,
    level: list[Hand],
    actions: dict[Hand, Hand | None],
    reward: Callable[[Hand], Fraction],
    known: dict[Hand, Fraction],
) -> dict[Hand, Fraction]:
    """The values of one level's hands under ``actions``, the higher levels' ``known``: a
    kept hand is worth its reward; the rerolled ones solve linear equations, one small system
    per set of hands a reroll can go round (the rest is substitution)."""
    values = {hand: reward(hand) for hand in level if actions[hand] is None}
    laws = {
        hand: _successors(rules, hand, reroll)
        for hand in level
        if (reroll := actions[hand]) is not None
    }
    edges = {hand: [after for after, _ in law if after in laws] for hand, law in laws.items()}
    for part in _cycles(edges):
        where = {hand: i for i, hand in enumerate(part)}
        matrix = [[Fraction(int(i == j)) for j in range(len(part))] for i in range(len(part))]
        rhs = [Fraction(0)] * len(part)
        for i, hand in enumerate(part):
            for after, chance in laws[hand]:
                if after in where:
                    matrix[i][where[after]] -= chance
                else:
                    rhs[i] += chance * (values[after] if after in values else known[after])
        values.update(zip(part, solve(matrix, rhs), strict=True))
    return values


@dataclass(frozen=True)
class OptimalPolicy:
    """The best policy for ``goal``: its action in every hand (``None``: keep), every hand's
    exact value, and the value of a whole turn (the first roll's law times those values)."""

    goal: Goal
    actions: dict[Hand, Hand | None]
    values: dict[Hand, Fraction]
    turn_value: Fraction
    switches: int
    name: str = "optimal"
    memory: int = 0

    def choose(self, hand: Hand, rerolls: int = 0) -> Hand | None:
        return self.actions[hand]

    def title(self, lang: str = "en") -> str:
        return "optimale" if lang == "fr" else self.name

    def table(self, lang: str = "en") -> list[dict[str, object]]:
        """One row per hand the player decides in (some die not a turtle): the hand, the
        best action, its value and the value of keeping, headed in ``lang``."""
        french = lang == "fr"
        heads = (
            ("main", "action", "valeur", "garder")
            if french
            else ("hand", "action", "value", "keep")
        )
        rows = []
        for hand, reroll in self.actions.items():
            if hand[TURTLE] == sum(hand):
                continue
            action = heads[3] if reroll is None else faces_of(reroll, lang)
            cells = (faces_of(hand, lang), action, self.values[hand], self.goal(hand))
            rows.append(dict(zip(heads, cells, strict=True)))
        return rows


def _canonical(
    rules: Rules, level: list[Hand], goal: Goal, values: dict[Hand, Fraction]
) -> dict[Hand, Hand | None]:
    """One best action per hand, chosen the same way whatever the iteration's path: keep if
    keeping is best, else the first best reroll of ``rerolls_of`` (the fewest dice). Every
    action that reaches the best value gives the same values (every reroll may lock a
    Turtle, so the equations of any such policy have the best values as their one solution)."""
    chosen: dict[Hand, Hand | None] = {}
    for hand in level:
        best = values[hand]
        chosen[hand] = None
        if goal(hand) != best:
            chosen[hand] = next(
                reroll
                for reroll in rerolls_of(hand)
                if sum(
                    (p * values[after] for after, p in _successors(rules, hand, reroll)),
                    Fraction(0),
                )
                == best
            )
    return chosen


def optimal_policy(rules: Rules, goal: Goal) -> OptimalPolicy:
    """The exact best policy for ``goal`` under ``rules`` (policy iteration per level)."""
    if not isinstance(rules, Rules):
        raise ArgumentError("rules", f"a carcata_core Rules, not {type(rules).__name__}")
    if not isinstance(goal, Goal):
        raise ArgumentError("goal", f"a Goal, not {type(goal).__name__}")
    values: dict[Hand, Fraction] = {}
    actions: dict[Hand, Hand | None] = {}
    switches = 0
    for level in _levels(rules):
        chosen: dict[Hand, Hand | None] = {hand: None for hand in level}
        while True:
            level_values = _solve_level(rules, level, chosen, goal, values)
            seen = {**values, **level_values}
            after_keeping: dict[Hand, Fraction] = {}  # the dice kept -> the reroll's value
            improved = False
            for hand in level:
                best, best_value = chosen[hand], level_values[hand]
                for reroll in rerolls_of(hand):
                    kept = tuple(h - r for h, r in zip(hand, reroll, strict=True))
                    if kept not in after_keeping:
                        after_keeping[kept] = sum(
                            (p * seen[after] for after, p in _successors(rules, hand, reroll)),
                            Fraction(0),
                        )
                    value = after_keeping[kept]
                    if value > best_value:
                        best, best_value = reroll, value
                if best != chosen[hand]:
                    chosen[hand], improved = best, True
                    switches += 1
            if not improved:
                break
        values.update(level_values)
        actions.update(_canonical(rules, level, goal, values))
    first = roll_distribution(rules)
    turn = sum((p * values[hand] for hand, p in first.items()), Fraction(0))
    order = possible_hands(rules)
    return OptimalPolicy(
        goal, {h: actions[h] for h in order}, {h: values[h] for h in order}, turn, switches
    )


def _checked_action(policy: RerollPolicy, hand: Hand, rerolls: int) -> Hand | None:
    if hand[TURTLE] == sum(hand):
        return None
    choice = policy.choose(hand, rerolls)
    if choice is None:
        return None
    choice = check_reroll(hand, choice)
    return choice if sum(choice) else None


def hand_values(
    rules: Rules, reward: Callable[[Hand], Fraction], policy: RerollPolicy
) -> dict[tuple[Hand, int], Fraction]:
    """Every hand's exact value under ``policy`` after each number of rerolls up to its
    ``memory``: from ``memory`` on, the policy's equations solved level by level; below it,
    one step back at a time."""
    stationary: dict[Hand, Fraction] = {}
    for level in _levels(rules):
        actions = {hand: _checked_action(policy, hand, policy.memory) for hand in level}
        stationary.update(_solve_level(rules, level, actions, reward, stationary))
    values = {(hand, policy.memory): v for hand, v in stationary.items()}
    for rerolls in range(policy.memory - 1, -1, -1):
        for hand in possible_hands(rules):
            reroll = _checked_action(policy, hand, rerolls)
            values[hand, rerolls] = (
                reward(hand)
                if reroll is None
                else sum(
                    (
                        p * values[after, rerolls + 1]
                        for after, p in _successors(rules, hand, reroll)
                    ),
                    Fraction(0),
                )
            )
    return values


def policy_value(
    rules: Rules, reward: Callable[[Hand], Fraction], policy: RerollPolicy
) -> Fraction:
    """The exact expected ``reward`` of a turn played by ``policy`` (the first roll, then its
    rerolls). With ``reward=turtles`` it is the Turtles a turn locks on average."""
    if not isinstance(rules, Rules):
        raise ArgumentError("rules", f"a carcata_core Rules, not {type(rules).__name__}")
    values = hand_values(rules, reward, policy)
    return sum((p * values[hand, 0] for hand, p in roll_distribution(rules).items()), Fraction(0))


def turtles(hand: Hand) -> Fraction:
    """The locked Turtles of a kept hand, as a reward (for ``policy_value``)."""
    return Fraction(hand[TURTLE])


@dataclass(frozen=True)
class Simulation:
    """Turns played with seeded dice: the mean reward and its standard error."""

    turns: int
    mean: float
    standard_error: float
    mean_rerolls: float

    def agrees(self, exact: Fraction, errors: float = 4.0) -> bool:
        """The exact value lies within ``errors`` standard errors of the mean."""
        return abs(self.mean - float(exact)) <= errors * self.standard_error + 1e-12


def play_turn(rules: Rules, policy: RerollPolicy, rng: random.Random) -> tuple[Hand, int]:
    """One turn with dice drawn from ``rng``: the kept hand and how many rerolls it took."""
    places = tuple(FACES.index(face) for face in rules.die_faces)
    hand = _rolled(places, rules.dice, rng, [0] * len(FACES))
    rerolls = 0
    while True:
        reroll = _checked_action(policy, hand, min(rerolls, policy.memory))
        if reroll is None:
            return hand, rerolls
        if rerolls >= MAX_REROLLS:
            raise ArgumentError("policy", f"it rerolled {MAX_REROLLS} times in one turn")
        kept = [h - r for h, r in zip(hand, reroll, strict=True)]
        hand = _rolled(places, sum(reroll), rng, kept)
        rerolls += 1


def _rolled(places: tuple[int, ...], dice: int, rng: random.Random, counts: list[int]) -> Hand:
    """``counts`` with ``dice`` more dice rolled (each a face's place in a hand)."""
    for _ in range(dice):
        counts[places[int(rng.random() * len(places))]] += 1
    return tuple(counts)


def simulate(
    rules: Rules,
    reward: Callable[[Hand], Fraction],
    policy: RerollPolicy,
    turns: int = 20_000,
    seed: int = 0,
) -> Simulation:
    """``turns`` turns played by ``policy`` with dice from ``random.Random(seed)``."""
    if isinstance(turns, bool) or not isinstance(turns, int) or not 2 <= turns <= MAX_TURNS:
        raise ArgumentError("turns", f"a whole number from 2 to {MAX_TURNS}, not {turns!r}")
    rng = random.Random(seed)
    total = squares = 0.0
    rerolled = 0
    for _ in range(turns):
        hand, rerolls = play_turn(rules, policy, rng)
        value = float(reward(hand))
        total, squares, rerolled = total + value, squares + value * value, rerolled + rerolls
    mean = total / turns
    variance = max(squares / turns - mean * mean, 0.0) * turns / (turns - 1)
    return Simulation(turns, mean, math.sqrt(variance / turns), rerolled / turns)


def fixed_policies(rules: Rules, goal: Goal) -> list[FixedPolicy]:
    """The simple policies to compare with the best: never, once, until 1 .. dice Turtles."""
    return [never_reroll(), reroll_once(goal)] + [
        reroll_until(goal, k) for k in range(1, rules.dice + 1)
    ]


def policy_of(actions: dict[Hand, Hand | None], name: str = "table") -> FixedPolicy:
    """A stationary policy from a table of actions (every hand it may meet)."""
    return FixedPolicy(name, lambda hand, rerolls: actions[hand])


__all__ = [
    "FixedPolicy",
    "Goal",
    "MAX_REROLLS",
    "MAX_TURNS",
    "OptimalPolicy",
    "RerollPolicy",
    "Simulation",
    "fixed_policies",
    "hand_values",
    "never_reroll",
    "optimal_policy",
    "play_turn",
    "policy_of",
    "policy_value",
    "reroll_once",
    "reroll_until",
    "simulate",
    "solve",
    "turtles",
]
