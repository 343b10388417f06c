r"""Discrete calculus of a potion: forward differences of the score, derived by sympy.

A potion's score is a function of whole-number counts, so its "derivative" is the *forward
difference* :math:`\Delta_n f = f(n + 1) - f(n)`: the points one more of an ingredient adds.
Every scoring shape has a difference sympy can derive from two laws, each *proven* here by
cases, derived by sympy from the definition and compared with the stated law:

- the **Min law**: for whole numbers, :math:`\Delta_b \min(a, b) = [b < a]` (1 when
  :math:`b < a`, else 0), proven by ``min_difference_law`` from the two cases
  :math:`a = b + 1 + t` and :math:`b = a + t` (:math:`t \ge 0`);
- the **floor law**: :math:`\Delta_n \lfloor n/m \rfloor = [n \equiv m - 1 \pmod m]`, proven
  by ``floor_law`` with one case :math:`n = mq + r` per remainder.

A proof keeps sympy from evaluating the definition away: ``Min(a, b + 1) - Min(a, b)`` is
built with ``evaluate=False``, each case's substitution is made unevaluated, then each
``Min`` (or ``floor``) is worked out under the symbols' assumptions, then the result is
simplified and compared with the law's value in that case. A law stated with a wrong value
does not prove (``min_difference_law(stated=...)``, ``prove_by_cases``).

A rate card (``2 per mushroom``) has the constant difference 2; a set card's difference is a
``Piecewise``: it pays only while that ingredient is the set's scarcest. The *mixed second
difference* :math:`\Delta_x \Delta_y f` measures synergy between two ingredients;
``complementarity_law`` proves that for one set term :math:`\min(a, b)` it is 1 exactly on
the diagonal :math:`a = b` and 0 elsewhere: two set ingredients are complements, and only
when balanced.

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
from ..vocabulary import check_lang, word
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
    return tuple(sympy.symbols(names, integer=True, nonnegative=True, seq=True))


def shift(expr: Formula, symbol: Formula, by: int | Formula) -> Formula:
    """``expr`` with ``symbol`` replaced by ``symbol + by``."""
    return expr.xreplace({symbol: symbol + by})


# --------------------------------------------------------------------------- laws
def unevaluated(func: Any, *args: Formula) -> Formula:
    """``func(*args)`` left as written: ``unevaluated(sympy.Min, a, a)`` stays
    :math:`\\min(a, a)` instead of becoming :math:`a`, so a derivation can show it."""
    return func(*args, evaluate=False)


def _minus(expr: Formula) -> Formula:
    return sympy.Mul(sympy.Integer(-1), expr, evaluate=False)


def forward_difference(f: Any, args: tuple[Formula, ...], index: int) -> Formula:
    """The definition :math:`f(\\ldots, x + 1, \\ldots) - f(\\ldots, x, \\ldots)` in argument
    ``index``, unevaluated (``f`` builds its expression with ``unevaluated``)."""
    moved = tuple(arg + 1 if i == index else arg for i, arg in enumerate(args))
    return sympy.Add(f(*moved), _minus(f(*args)), evaluate=False)


def mixed_forward_difference(f: Any, x: Formula, y: Formula) -> Formula:
    """The definition :math:`f(x+1, y+1) - f(x+1, y) - f(x, y+1) + f(x, y)`, unevaluated."""
    return sympy.Add(
        f(x + 1, y + 1), _minus(f(x + 1, y)), _minus(f(x, y + 1)), f(x, y), evaluate=False
    )


def substitute(expr: Formula, substitution: Mapping[Formula, Formula]) -> Formula:
    """``expr`` with the substitution made and nothing evaluated (the case, as written)."""
    with sympy.evaluate(False):
        return expr.xreplace(dict(substitution))


def resolve(expr: Formula) -> Formula:
    """Each ``Min``, ``Max`` and ``floor`` of ``expr`` evaluated under the symbols'
    assumptions (``t`` a whole number, say), the arithmetic around them left as written."""
    if isinstance(expr, (sympy.Min, sympy.Max, sympy.floor)):
        return expr.func(*(sympy.expand(arg.doit()) for arg in expr.args))
    if not expr.args:
        return expr
    return expr.func(*(resolve(arg) for arg in expr.args), evaluate=False)


@dataclass(frozen=True)
class Case:
    """One case of a proof: where it applies, what sympy derives there, what the law says.

    ``substituted`` is the definition with the case's substitution made (unevaluated),
    ``resolved`` the same with each ``Min``/``floor`` worked out under the assumptions,
    ``value`` the simplified result and ``stated`` the stated law under the substitution.
    """

    condition: str
    given: Formula  # the condition as a sympy relation in the law's symbols
    substitution: tuple[tuple[Formula, Formula], ...]
    substituted: Formula
    resolved: Formula
    value: Formula
    stated: Formula

    @property
    def inside(self) -> bool:
        """The substitution satisfies the condition (sympy decides it: ``True``)."""
        return bool(self.given.xreplace(dict(self.substitution)) is sympy.true)

    @property
    def holds(self) -> bool:
        """The derived value equals the stated one (their difference simplifies to 0)."""
        return bool(sympy.simplify(self.value - self.stated) == 0)

    def latex(self) -> str:
        where = ", ".join(f"{_tex(s)} = {_tex(v)}" for s, v in self.substitution)
        verdict = r"\checkmark" if self.holds and self.inside else r"\times"
        return (
            rf"\text{{{self.condition}}} \; ({where}): & \quad {_tex(self.substituted)}"
            rf" = {_tex(self.resolved)} = {_tex(self.value)}"
            rf" \quad \text{{law: }} {_tex(self.stated)} \; {verdict}"
        )


def _tex(expr: Formula) -> str:
    return str(sympy.latex(expr, order="none"))


@dataclass(frozen=True)
class Law:
    """A law proven by cases, each derived by sympy from the definition and compared with the
    stated law: ``expression`` is the definition (unevaluated), ``piecewise`` the statement.

    ``proven`` holds when, in every case, the substitution lies inside the case's condition
    and the derived value equals the stated one, and when the conditions cover every
    whole-number point of a grid (the cover itself is argued in each law's docstring).
    """

    statement: str
    expression: Formula
    piecewise: Formula
    symbols: tuple[Formula, ...]
    derivations: tuple[Case, ...]

    @property
    def cases(self) -> tuple[tuple[str, Formula, Formula], ...]:
        """(condition, substituted definition, derived value) for each case."""
        return tuple((c.condition, c.substituted, c.value) for c in self.derivations)

    def covers(self, top: int = 6) -> bool:
        """Every whole-number point with coordinates 0..``top`` meets exactly one condition."""
        for values in itertools.product(range(top + 1), repeat=len(self.symbols)):
            point = {s: sympy.Integer(v) for s, v in zip(self.symbols, values, strict=True)}
            met = [c.given.xreplace(point) for c in self.derivations]
            if sum(m is sympy.true for m in met) != 1:
                return False
        return True

    @property
    def proven(self) -> bool:
        """Every case derived equal to the statement, every substitution inside its case,
        and the cases cover the grid."""
        return all(c.inside and c.holds for c in self.derivations) and self.covers()

    def latex(self) -> str:
        lines = " ".join(c.latex() + r" \\" for c in self.derivations)
        return (
            rf"{_tex(self.expression)} \overset{{?}}{{=}} {_tex(self.piecewise)}"
            r" \qquad \begin{aligned}" + lines + r"\end{aligned}"
        )

    def _repr_latex_(self) -> str:
        return f"$$ {self.latex()} $$"


def prove_by_cases(
    statement: str,
    definition: Formula,
    stated: Formula,
    symbols: tuple[Formula, ...],
    cases: Iterable[tuple[str, Formula, Mapping[Formula, Formula]]],
) -> Law:
    """Derive ``definition`` in each case (label, condition, substitution) and compare it with
    ``stated``: the general tool behind the laws below, and the way to test a wrong law.

    >>> a, b, t = proof_symbols("a b t")
    >>> wrong = prove_by_cases(
    ...     "min(a, b) - b", unevaluated(sympy.Min, a, b) - b, sympy.Integer(0), (a, b),
    ...     [("b <= a", b <= a, {a: b + t}), ("b > a", b > a, {b: a + 1 + t})])
    >>> [(c.condition, c.value, c.holds) for c in wrong.derivations], wrong.proven
    ([('b <= a', 0, True), ('b > a', -t - 1, False)], False)
    """
    derived = []
    for label, condition, substitution in cases:
        substituted = substitute(definition, substitution)
        resolved = resolve(substituted)
        value = sympy.simplify(resolved.doit())
        derived.append(
            Case(
                label,
                condition,
                tuple(substitution.items()),
                substituted,
                resolved,
                value,
                sympy.simplify(stated.xreplace(dict(substitution))),
            )
        )
    return Law(statement, definition, stated, symbols, tuple(derived))


def _min(a: Formula, b: Formula) -> Formula:
    return unevaluated(sympy.Min, a, b)


def min_difference_law(stated: Formula | None = None) -> Law:
    r"""Prove :math:`\min(a, b + 1) - \min(a, b) = [b < a]` for whole numbers.

    Case :math:`b < a`: write :math:`a = b + 1 + t`; case :math:`b \ge a`: write
    :math:`b = a + t`, with :math:`t = a - b - 1` (or :math:`b - a`) a whole number, so the
    two cases cover every pair. In each case sympy substitutes into the unevaluated
    definition, works out each ``Min`` knowing :math:`t \ge 0`, and simplifies; the result is
    compared with ``stated`` (the law, :math:`[b < a]`, unless another statement is given).

    >>> law = min_difference_law()
    >>> [(c, v) for c, _, v in law.cases], law.proven
    ([('b < a', 1), ('b >= a', 0)], True)
    >>> law.derivations[0].resolved
    -b + (b + 1)
    >>> a, b = proof_symbols("a b")
    >>> min_difference_law(sympy.Piecewise((1, b < a), (1, True))).proven
    False
    """
    a, b, t = proof_symbols("a b t")
    law = sympy.Piecewise((1, b < a), (0, True)) if stated is None else stated
    return prove_by_cases(
        "the forward difference of min(a, b) in b",
        forward_difference(_min, (a, b), 1),
        law,
        (a, b),
        [("b < a", b < a, {a: b + 1 + t}), ("b >= a", b >= a, {b: a + t})],
    )


def floor_law(modulus: int = 2, stated: Formula | None = None) -> Law:
    r"""Prove :math:`\lfloor (n+1)/m \rfloor - \lfloor n/m \rfloor = [n \equiv m - 1
    \pmod m]`, by the cases :math:`n = mq + r`, one per remainder :math:`r` (every whole
    number is one of them). For :math:`m = 2` it is the parity law: the cases
    :math:`n = 2q` and :math:`n = 2q + 1`, and the difference is 1 exactly when :math:`n` is odd.

    >>> law = floor_law()
    >>> [(c, v) for c, _, v in law.cases], law.proven
    ([('n = 2q', 0), ('n = 2q + 1', 1)], True)
    >>> (n,) = proof_symbols("n")
    >>> floor_law(2, sympy.Piecewise((1, sympy.Eq(sympy.Mod(n, 2), 0)), (0, True))).proven
    False
    """
    if not isinstance(modulus, int) or isinstance(modulus, bool) or not 2 <= modulus <= 6:
        raise CarnutaError(f"modulus should be a whole number from 2 to 6, not {modulus!r}")
    n, q = proof_symbols("n q")
    m = sympy.Integer(modulus)

    def part(x: Formula) -> Formula:
        return unevaluated(
            sympy.floor, sympy.Mul(x, sympy.Pow(m, -1, evaluate=False), evaluate=False)
        )

    law = (
        sympy.Piecewise((1, sympy.Eq(sympy.Mod(n, m), m - 1)), (0, True))
        if stated is None
        else stated
    )
    cases = [
        (f"n = {modulus}q" + (f" + {r}" if r else ""), sympy.Eq(sympy.Mod(n, m), r), {n: m * q + r})
        for r in range(modulus)
    ]
    return prove_by_cases(
        f"the forward difference of floor(n/{modulus})",
        forward_difference(part, (n,), 0),
        law,
        (n,),
        cases,
    )


def complementarity_law(stated: Formula | None = None) -> Law:
    r"""Prove :math:`\Delta_a \Delta_b \min(a, b) = [a = b]`: the mixed second difference
    of a set is 1 on the diagonal and 0 off it (cases :math:`a = b`, :math:`a = b + 1 + t`,
    :math:`b = a + 1 + t`, which cover every pair).

    >>> law = complementarity_law()
    >>> [(c, v) for c, _, v in law.cases], law.proven
    ([('a = b', 1), ('a > b', 0), ('a < b', 0)], True)
    """
    a, b, t = proof_symbols("a b t")
    law = sympy.Piecewise((1, sympy.Eq(a, b)), (0, True)) if stated is None else stated
    return prove_by_cases(
        "the mixed second difference of min(a, b)",
        mixed_forward_difference(_min, a, b),
        law,
        (a, b),
        [
            ("a = b", sympy.Eq(a, b), {a: b}),
            ("a > b", a > b, {a: b + 1 + t}),
            ("a < b", a < b, {b: a + 1 + t}),
        ],
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
    (positive: complements; negative: substitutes; 0: independent).

    Taken term by term (a difference is linear): a term without both ``x`` and ``y`` adds
    nothing, and each small term simplifies fast.

    >>> from carnuta_core.maths import count_symbol
    >>> c, m = count_symbol("clover"), count_symbol("mushroom")
    >>> mixed = mixed_difference(4 * sympy.Min(c, m) + 2 * c, c, m)
    >>> [[int(mixed.xreplace({c: i, m: j})) for j in range(3)] for i in range(3)]
    [[4, 0, 0], [0, 4, 0], [0, 0, 4]]
    """
    expr = sympy.Integer(expr) if isinstance(expr, int) and not isinstance(expr, bool) else expr
    if not isinstance(expr, sympy.Basic):
        raise CarnutaError(f"{expr!r} is not a formula: build one with card_formula")
    total = sympy.Integer(0)
    for term in sympy.Add.make_args(sympy.expand(expr)):
        if x in term.free_symbols and y in term.free_symbols:
            total += difference(difference(term, y), x)
    return sympy.piecewise_fold(total)


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


#: The staircase plot's words, by language.
STAIRCASE_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "x": "count of the ingredient",
        "y": "points from one more",
        "title": "Marginal value: the staircase of each ingredient",
    },
    "fr": {
        "x": "compte de l'Ingrédient",
        "y": "points d'un de plus",
        "title": "Valeur marginale : l'escalier de chaque Ingrédient",
    },
}


def draw_staircase(
    source: Source,
    ingredients: Iterable[Ingredient | str],
    up_to: int = 12,
    *,
    ax: Any = None,
    lang: str = "en",
) -> Any:
    """Step plots of the marginal value of each ingredient against its count (matplotlib);
    a dot marks the potion's own count. Labels and ingredients in ``lang``."""
    import matplotlib.pyplot as plt

    words = STAIRCASE_WORDS[check_lang(lang)]
    potion = as_potion(source)
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 3.5))
    counts = potion.counts()
    for ingredient in map(as_ingredient, ingredients):
        rows = staircase(potion, ingredient, up_to)
        xs = [n for n, _, _ in rows]
        ys = [m for _, _, m in rows]
        line = ax.step(xs, ys, where="post", label=word(ingredient, lang, title=True))[0]
        here = counts[ingredient]
        if here <= up_to:
            ax.plot([here], [ys[here]], "o", color=line.get_color())
    ax.set_xlabel(words["x"])
    ax.set_ylabel(words["y"])
    ax.set_title(words["title"])
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
    "Case",
    "complementarity_law",
    "difference",
    "floor_law",
    "forward_difference",
    "draw_staircase",
    "ingredient_synergy",
    "marginal_value",
    "min_difference_law",
    "mixed_difference",
    "mixed_forward_difference",
    "proof_symbols",
    "prove_by_cases",
    "resolve",
    "shift",
    "staircase",
    "substitute",
    "unevaluated",
]
