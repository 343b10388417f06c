r"""Discrete calculus of a potion: forward differences of the score, derived by sympy.

A potion's score is a function of whole-number counts, so its "derivative" is the *forward
difference* :math:`\Delta_n f = f(n + 1) - f(n)`: the points one more of an ingredient adds.
Every scoring shape has a difference sympy can derive from two laws:

- the **Min law**: for whole numbers, :math:`\Delta_b \min(a, b) = [b < a]` (1 when
  :math:`b < a`, else 0), proven by ``min_difference_law`` from the two cases
  :math:`a = b + 1 + t` and :math:`b = a + t` (:math:`t \ge 0`);
- the **floor law**: :math:`\Delta_n \lfloor n/m \rfloor = [n \equiv m - 1 \pmod m]`, one
  case per remainder.

A rate card (``2 per mushroom``) has the constant difference 2; a set card's difference is a
``Piecewise``: it pays only while that ingredient is the set's scarcest. The *mixed second
difference* :math:`\Delta_x \Delta_y f` measures synergy between two ingredients;
``complementarity_law`` proves that for a set it is 1 exactly on the diagonal :math:`x = y`
and 0 elsewhere: two set ingredients are complements, and only when balanced.

>>> a, b = proof_symbols("a b")
>>> min_difference_law().piecewise
Piecewise((1, a > b), (0, True))
>>> from carnuta_core.maths import count_symbol
>>> n = count_symbol("egg")
>>> difference(sympy.floor(n / 2), n)
Piecewise((1, Eq(Mod(n_egg, 2), 1)), (0, True))
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import sympy

from ..cards import Card
from ..errors import CarnutaError, WorkLimitError
from ..game import Game, PlayerView
from ..model import INGREDIENTS, Ingredient
from .formulas import (
    COUNT_SYMBOLS,
    Formula,
    as_ingredient,
    card_formula,
    evaluate,
    latex_of,
)
from .gains import card_gain
from .potions import Potion, as_potion, card_list, potion_formula

#: The largest count a staircase or a brute-force check walks to (a potion holds at most
#: 13 cards, 8 Salts and 8 tokens, so no count passes 40).
MAX_COUNT = 40


def proof_symbols(names: str) -> tuple[Any, ...]:
    """Whole-number symbols (``integer``, ``nonnegative``) for a proof: ``proof_symbols("a b")``."""
    return tuple(sympy.symbols(names, integer=True, nonnegative=True))


def shift(expr: Formula, symbol: Formula, by: int | Formula) -> Formula:
    """``expr`` with ``symbol`` replaced by ``symbol + by``."""
    return expr.xreplace({symbol: symbol + by})


# --------------------------------------------------------------------------- laws
@dataclass(frozen=True)
class Law:
    """A law proven by cases: each case substitutes the symbols and sympy simplifies the
    expression to a number. ``piecewise`` is the law in one formula."""

    statement: str
    expression: Formula
    cases: tuple[tuple[str, Formula, Formula], ...]  # (condition, substitution, value)
    piecewise: Formula

    @property
    def proven(self) -> bool:
        """Every case simplified to a plain number."""
        return all(value.is_Number for _, _, value in self.cases)

    def latex(self) -> str:
        lines = [
            rf"\text{{{condition}}}: & \quad {latex_of(substitution)} = {latex_of(value)} \\"
            for condition, substitution, value in self.cases
        ]
        return (
            rf"{latex_of(self.expression)} = {latex_of(self.piecewise)}"
            r" \qquad \begin{aligned}" + " ".join(lines) + r"\end{aligned}"
        )

    def _repr_latex_(self) -> str:
        return f"$$ {self.latex()} $$"


def min_difference_law() -> Law:
    r"""Prove :math:`\min(a, b + 1) - \min(a, b) = [b < a]` for whole numbers.

    Case :math:`b < a`: write :math:`a = b + 1 + t`; case :math:`b \ge a`: write
    :math:`b = a + t`, with :math:`t \ge 0` a whole number. sympy simplifies each case to a
    number, and the two cases cover every pair.

    >>> law = min_difference_law()
    >>> [(c, v) for c, _, v in law.cases], law.proven
    ([('b < a', 1), ('b >= a', 0)], True)
    """
    a, b, t = proof_symbols("a b t")
    delta = sympy.Min(a, b + 1) - sympy.Min(a, b)
    below = delta.xreplace({a: b + 1 + t})
    above = delta.xreplace({b: a + t})
    return Law(
        "the forward difference of min(a, b) in b",
        delta,
        (("b < a", below, sympy.simplify(below)), ("b >= a", above, sympy.simplify(above))),
        sympy.Piecewise((1, b < a), (0, True)),
    )


def complementarity_law() -> Law:
    r"""Prove :math:`\Delta_a \Delta_b \min(a, b) = [a = b]`: the mixed second difference
    of a set is 1 on the diagonal and 0 off it (cases :math:`a = b`, :math:`a = b + 1 + t`,
    :math:`b = a + 1 + t`).

    >>> [(c, v) for c, _, v in complementarity_law().cases]
    [('a = b', 1), ('a > b', 0), ('a < b', 0)]
    """
    a, b, t = proof_symbols("a b t")
    f = sympy.Min(a, b)
    mixed = shift(shift(f, a, 1) - f, b, 1) - (shift(f, a, 1) - f)
    cases = []
    for condition, substitution in (
        ("a = b", {a: b}),
        ("a > b", {a: b + 1 + t}),
        ("a < b", {b: a + 1 + t}),
    ):
        expr = mixed.xreplace(substitution)
        cases.append((condition, expr, sympy.simplify(expr)))
    return Law(
        "the mixed second difference of min(a, b)",
        mixed,
        tuple(cases),
        sympy.Piecewise((1, sympy.Eq(a, b)), (0, True)),
    )


# --------------------------------------------------------------------------- differences
def _unit_difference(term: Formula, symbol: Formula) -> Formula:
    """The forward difference of one product-free term in ``symbol`` (step 1)."""
    if symbol not in term.free_symbols:
        return sympy.Integer(0)
    if term == symbol:
        return sympy.Integer(1)
    if isinstance(term, sympy.floor):
        ratio = term.args[0]
        m = sympy.simplify(symbol / ratio)
        if ratio != symbol / m or not m.is_Integer or m < 1:
            raise CarnutaError(f"no difference law for {term}")
        # the floor law: one more only when the remainder wraps round
        return sympy.Piecewise((1, sympy.Eq(sympy.Mod(symbol, m), m - 1)), (0, True))
    if isinstance(term, sympy.Min):
        moving = [arg for arg in term.args if symbol in arg.free_symbols]
        if len(moving) != 1:
            raise CarnutaError(f"no difference law for {term}")
        (arg,) = moving
        others = sympy.Min(*(a for a in term.args if a is not arg))
        step = _unit_difference(arg, symbol)
        # the Min law: Min(A, B + d) - Min(A, B) = d * [B < A] for d in {0, 1}
        scarcest = sympy.StrictLessThan(arg, others)
        if step == 1:
            return sympy.Piecewise((1, scarcest), (0, True))
        condition = step.args[0][1]
        return sympy.Piecewise((1, sympy.And(condition, scarcest)), (0, True))
    if isinstance(term, sympy.Piecewise):  # a difference already taken: difference it again
        return sympy.simplify(sympy.piecewise_fold(shift(term, symbol, 1) - term))
    raise CarnutaError(f"no difference law for {term}")


def difference(expr: Formula, symbol: Formula, step: int = 1) -> Formula:
    r"""The forward difference :math:`f(n + \text{step}) - f(n)` of a score formula, derived
    term by term with the Min and floor laws (a ``Piecewise`` where it is not constant).

    A step of 2 (a double) is two unit steps: :math:`\Delta_2 f(n) = \Delta f(n) + \Delta
    f(n + 1)`.

    >>> from carnuta_core.maths import count_symbol
    >>> n, m = count_symbol("egg"), count_symbol("mushroom")
    >>> difference(3 * n + 2 * m, n)
    3
    >>> difference(4 * sympy.Min(n, m), n)
    Piecewise((4, n_egg < n_mushroom), (0, True))
    """
    if not isinstance(step, int) or isinstance(step, bool) or not 1 <= step <= 2:
        raise CarnutaError(f"step should be 1 or 2 (a double), not {step!r}")
    expr = sympy.Integer(expr) if isinstance(expr, int) and not isinstance(expr, bool) else expr
    if not isinstance(expr, sympy.Basic):
        raise CarnutaError(f"{expr!r} is not a formula: build one with card_formula")
    unit = sympy.Integer(0)
    for term in sympy.Add.make_args(sympy.expand(expr)):
        coefficient, rest = term.as_independent(symbol, as_Add=False)
        unit += coefficient * _unit_difference(rest, symbol)
    unit = sympy.piecewise_fold(unit)
    if step == 1:
        return unit
    return sympy.piecewise_fold(unit + shift(unit, symbol, 1))


def mixed_difference(expr: Formula, x: Formula, y: Formula) -> Formula:
    r""":math:`\Delta_x \Delta_y f`: how much one more ``y`` raises the gain of one more ``x``
    (positive: complements; negative: substitutes; 0: independent)."""
    return difference(difference(expr, y), x)


# --------------------------------------------------------------------------- of a potion
@dataclass(frozen=True)
class Marginal:
    """The marginal value of one more of something in a potion, derived and evaluated.

    ``expression`` is a formula in the counts *before* the change; ``value`` its value at
    the potion's counts (the engine agrees: ``ingredient_gain``/``card_gain``).
    """

    change: str
    expression: Formula
    value: int

    def latex(self) -> str:
        return rf"\Delta_{{\text{{{self.change}}}}} = {latex_of(self.expression)} = {self.value}"

    def _repr_latex_(self) -> str:
        return f"$$ {self.latex()} $$"


Source = Potion | PlayerView | Game


def marginal_value(
    source: Source, ingredient: Ingredient | str, seat: int | None = None
) -> Marginal:
    """The points one more ``ingredient`` adds, as a simplified ``Piecewise`` in the counts.

    >>> p = Potion.of(["S08", "N20"])  # 1 per clover; 4 per set clover mushroom
    >>> marginal_value(p, "clover").expression
    Piecewise((5, n_clover < n_mushroom), (1, True))
    """
    potion = as_potion(source, seat)
    ingredient = as_ingredient(ingredient)
    expression = difference(potion_formula(potion).total, COUNT_SYMBOLS[ingredient])
    return Marginal(
        f"one more {ingredient.title}", expression, evaluate(expression, _full(potion.counts()))
    )


def card_marginal_value(source: Source, card: Card | str, seat: int | None = None) -> Marginal:
    """The points playing ``card`` adds: its own formula at the counts it brings, plus the
    difference it makes to the cards already played (a Salt: where it gains most)."""
    potion = as_potion(source, seat)
    if isinstance(card, str):
        card = card_list([card], source.deck if isinstance(source, Game) else None)[0]
    gain = card_gain(potion, card)
    assert gain.ingredient is not None
    symbol = COUNT_SYMBOLS[gain.ingredient]
    own = shift(card_formula(card), symbol, gain.by)
    others = difference(potion_formula(potion).total, symbol, gain.by)
    expression = sympy.piecewise_fold(own + others)
    value = evaluate(expression, _full(potion.counts()))
    if value != gain.value:  # the two derivations meet; never expected to differ
        raise AssertionError(f"{card.id}: derived {value}, engine {gain.value}")
    return Marginal(gain.change, expression, value)


def _full(counts: Mapping[Ingredient, int]) -> dict[Ingredient, int]:
    return {i: counts.get(i, 0) for i in INGREDIENTS}


def ingredient_synergy(
    source: Source, x: Ingredient | str, y: Ingredient | str, seat: int | None = None
) -> Marginal:
    """The mixed second difference of the potion's score in ``x`` and ``y``, at its counts."""
    potion = as_potion(source, seat)
    x, y = as_ingredient(x), as_ingredient(y)
    expression = mixed_difference(potion_formula(potion).total, COUNT_SYMBOLS[x], COUNT_SYMBOLS[y])
    value = evaluate(expression, _full(potion.counts()))
    return Marginal(f"{x.title} x {y.title}", expression, value)


def staircase(
    source: Source, ingredient: Ingredient | str, up_to: int = 12, seat: int | None = None
) -> list[tuple[int, int, int]]:
    """(count, score, marginal value) as the count of ``ingredient`` runs over 0..``up_to``,
    every other count held where the potion has it: the steps of its marginal value."""
    if not isinstance(up_to, int) or isinstance(up_to, bool) or up_to < 0:
        raise CarnutaError(f"up_to should be a whole number, not {up_to!r}")
    if up_to > MAX_COUNT:
        raise WorkLimitError("up_to", f"{up_to}: no count passes {MAX_COUNT}")
    potion = as_potion(source, seat)
    ingredient = as_ingredient(ingredient)
    total = potion_formula(potion).total
    marginal = difference(total, COUNT_SYMBOLS[ingredient])
    counts = _full(potion.counts())
    rows = []
    for n in range(up_to + 1):
        counts[ingredient] = n
        rows.append((n, evaluate(total, counts), evaluate(marginal, counts)))
    return rows


def draw_staircase(
    source: Source,
    ingredients: Iterable[Ingredient | str],
    up_to: int = 12,
    *,
    ax: Any = None,
) -> Any:
    """Step plots of the marginal value of each ingredient against its count (matplotlib);
    a dot marks the potion's own count."""
    import matplotlib.pyplot as plt

    potion = as_potion(source)
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 3.5))
    counts = potion.counts()
    for ingredient in map(as_ingredient, ingredients):
        rows = staircase(potion, ingredient, up_to)
        xs = [n for n, _, _ in rows]
        ys = [m for _, _, m in rows]
        line = ax.step(xs, ys, where="post", label=ingredient.title)[0]
        here = counts[ingredient]
        if here <= up_to:
            ax.plot([here], [ys[here]], "o", color=line.get_color())
    ax.set_xlabel("count of the ingredient")
    ax.set_ylabel("points from one more")
    ax.set_title("Marginal value: the staircase of each ingredient")
    ax.legend()
    return ax


def check_against_counts(
    expression: Formula, brute: Any, symbols: Iterable[Formula], top: int
) -> bool:
    """Whether ``expression`` equals ``brute(values)`` for every whole number 0..``top`` of
    each symbol (the brute-force check after a derivation)."""
    symbols = list(symbols)
    if top > MAX_COUNT or len(symbols) > 3:
        raise WorkLimitError("top", f"check at most 3 symbols up to {MAX_COUNT}")
    for values in itertools.product(range(top + 1), repeat=len(symbols)):
        mapping = dict(zip(symbols, values, strict=True))
        got = expression.xreplace({s: sympy.Integer(v) for s, v in mapping.items()})
        if got != brute(*values):
            return False
    return True


__all__ = [
    "MAX_COUNT",
    "Law",
    "Marginal",
    "card_marginal_value",
    "check_against_counts",
    "complementarity_law",
    "difference",
    "draw_staircase",
    "ingredient_synergy",
    "marginal_value",
    "min_difference_law",
    "mixed_difference",
    "proof_symbols",
    "shift",
    "staircase",
]
