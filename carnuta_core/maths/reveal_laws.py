r"""Reveal laws derived by sympy, not wrapped: the formulas behind ``reveal_probability``.

A market deck is a uniformly shuffled pile of :math:`u` unseen cards, :math:`w` of them
wanted. Two questions, each answered by a derivation a class can follow line by line:

1. *Within n reveals?* The top :math:`n` cards miss every wanted card in
   :math:`\binom{u-w}{n}` of the :math:`\binom{u}{n}` equally likely sets, so
   :math:`P = 1 - \binom{u-w}{n} / \binom{u}{n}`; for one wanted card sympy's ``combsimp``
   turns this into :math:`n/u`.
2. *How long until the first?* The first wanted card comes after reveal :math:`n` when the
   top :math:`n` miss, so :math:`E[T] = \sum_{n \ge 0} P(T > n)
   = \sum_{n=0}^{u} \binom{u-n}{w} / \binom{u}{w}`; sympy's ``summation`` (the hockey
   stick) and ``combsimp`` give :math:`(u + 1)/(w + 1)`.

>>> within_law(wanted=1).simplified
n/u
>>> first_wanted_law().simplified
(u + 1)/(w + 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sympy

from ..errors import CarnutaError
from .formulas import Formula, latex_of

U, W, N, K = sympy.symbols("u w n k", integer=True, nonnegative=True)


@dataclass(frozen=True)
class Derivation:
    """A formula, the steps sympy took to reach it, and the simplified result."""

    question: str
    steps: tuple[tuple[str, Formula], ...]
    simplified: Formula

    def at(self, **values: int) -> Formula:
        """The simplified formula at whole-number values (``u=24, n=4``), exact."""
        known = {"u": U, "w": W, "n": N}
        unknown = sorted(set(values) - set(known))
        if unknown:
            raise CarnutaError(f"unknown symbol(s) {', '.join(unknown)}: use u, w and n")
        for name, value in values.items():
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise CarnutaError(f"{name} should be a whole number, not {value!r}")
        return self.simplified.xreplace(
            {known[name]: sympy.Integer(v) for name, v in values.items()}
        )

    def latex(self) -> str:
        lines = [rf"\text{{{label}}} &= {latex_of(expr)} \\" for label, expr in self.steps]
        return r"\begin{aligned}" + " ".join(lines) + r"\end{aligned}"

    def _repr_latex_(self) -> str:
        return f"$$ {self.latex()} $$"


def within_law(wanted: int | None = None) -> Derivation:
    r""":math:`P(\text{a wanted card within } n \text{ reveals})`, for ``wanted`` cards (a
    symbol :math:`w` when ``None``); ``combsimp`` simplifies the ratio of binomials.

    >>> within_law().simplified
    1 - binomial(u - w, n)/binomial(u, n)
    >>> within_law(2).simplified
    n*(-n + 2*u - 1)/(u*(u - 1))
    """
    w = W if wanted is None else sympy.Integer(wanted)
    miss = sympy.binomial(U - w, N) / sympy.binomial(U, N)
    simplified = sympy.factor(1 - sympy.combsimp(miss)) if wanted is not None else 1 - miss
    return Derivation(
        "P(at least one wanted card within n reveals)",
        (
            ("every set of n cards is equally likely", sympy.binomial(U, N)),
            ("sets that miss every wanted card", sympy.binomial(U - w, N)),
            ("P(miss)", miss),
            ("P(miss), simplified", sympy.combsimp(miss)),
        ),
        simplified,
    )


def first_wanted_law() -> Derivation:
    r""":math:`E[T]`, the reveals until the first of :math:`w \ge 1` wanted cards among
    :math:`u` shows, by summing tail probabilities (sympy ``summation``, ``combsimp``)."""
    v = sympy.Symbol("v", integer=True, nonnegative=True)  # w = v + 1: at least one wanted
    tail = sympy.binomial(U - K, W) / sympy.binomial(U, W)
    hockey = sympy.summation(sympy.binomial(K, W), (K, 0, U))
    total = (hockey / sympy.binomial(U, W)).xreplace({W: v + 1})
    simplified = sympy.combsimp(sympy.simplify(total)).xreplace({v: W - 1})
    return Derivation(
        "E[reveals until the first wanted card]",
        (
            ("P(T > k): the top k miss", tail),
            ("E[T] = sum of P(T > k), k = 0..u", sympy.Sum(tail, (K, 0, U))),
            ("hockey stick: sum of C(k, w)", hockey),
            ("E[T]", sympy.simplify(simplified)),
        ),
        sympy.simplify(simplified),
    )


def expected_first_wanted(unseen: int, wanted: int) -> Any:
    """:math:`(u + 1)/(w + 1)` at whole numbers, exact (``wanted`` at least 1)."""
    from .probability import MAX_UNSEEN

    for name, value in (("unseen", unseen), ("wanted", wanted)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise CarnutaError(f"{name} should be a whole number, not {value!r}")
    if not 1 <= wanted <= unseen:
        raise CarnutaError(f"wanted is {wanted}: between 1 and the {unseen} unseen cards")
    if unseen > MAX_UNSEEN:
        raise CarnutaError(f"unseen: at most {MAX_UNSEEN} cards")
    return sympy.Rational(unseen + 1, wanted + 1)


__all__ = ["Derivation", "expected_first_wanted", "first_wanted_law", "within_law"]
