r"""The dice of a turn, exact: what a roll shows, how many Turtles lock, what a reroll costs.

A *hand* is what the dice show now: how many dice show each face, in ``FACES`` order
(``move, lava, eruption, statue, turtle``). A die showing the turtle is locked, so the last
count is also the locked Turtles. A *reroll* is a hand-shaped count of the dice picked up
again: any of the dice not showing the turtle.

**Turtles after k rolls.** When a player rerolls every die not showing the turtle, one die
is still free after :math:`k` rolls exactly when it missed the turtle :math:`k` times, with
chance :math:`(1 - p)^k` (:math:`p` the turtle's chance on one die). The dice are
independent, so the locked Turtles follow the binomial law

.. math:: P(T_k = j) = \binom{n}{j} q_k^j (1 - q_k)^{n - j}, \qquad q_k = 1 - (1 - p)^k.

``turtle_law`` builds it in sympy (``turtle_symbols``: :math:`n, j, k`), ``turtle_law_by_
enumeration`` counts the same law from every sequence of faces (``itertools.product``).

The dice's faces are the kit's reconstruction (``Rules.die_faces``): the Carcata rulebook names the
five effects but does not list a die's six faces. Every function takes the ``Rules``, so
another die gives its own answers.

>>> from carcata_core.rules import Rules
>>> turtle_distribution(Rules(), 1)[0]
Fraction(3125, 7776)
>>> reroll_cost(Rules(), hand_of("lava lava move turtle turtle"), "move").expected_turtles
Fraction(1, 6)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

import sympy

from ..errors import ArgumentError
from ..rules import FACES, Rules

#: A hand or a reroll: how many dice show each face, in ``FACES`` order.
Hand = tuple[int, ...]
#: The faces' words, in ``FACES`` order, in each language of the notation.
FACE_WORDS: dict[str, tuple[str, ...]] = {
    "en": FACES,
    "fr": ("pas", "lave", "eruption", "statue", "tortue"),
}
#: Where the turtle's count sits in a hand.
TURTLE = FACES.index("turtle")
#: The most rolls the exact laws accept (far beyond any turn: a die is locked after 30 rolls
#: with a chance above 99.5%).
MAX_ROLLS = 200
#: The most face sequences an enumeration walks (``6 ** (dice * rolls)``): a second's work.
MAX_SEQUENCES = 50_000


def _whole(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ArgumentError(name, f"a whole number from {low} to {high}, not {value!r}")
    return value


def _rules(rules: Any) -> Rules:
    if not isinstance(rules, Rules):
        raise ArgumentError("rules", f"a carcata_core Rules, not {type(rules).__name__}")
    return rules


#: Each face word of either language, to its place in a hand.
FACE_INDEX = {word: i for words in FACE_WORDS.values() for i, word in enumerate(words)}
FACE_INDEX["éruption"] = FACES.index("eruption")  # the accent is optional


def hand_of(faces: str | Iterable[str]) -> Hand:
    """A hand from face words, English or French: ``hand_of("lava lava turtle")`` and
    ``hand_of("lave lave tortue")`` are both ``(0, 2, 0, 0, 1)``."""
    words = faces.split() if isinstance(faces, str) else list(faces)
    counts = [0] * len(FACES)
    for word in words:
        if not isinstance(word, str) or word.lower() not in FACE_INDEX:
            raise ArgumentError("faces", f"each face is one of {', '.join(FACES)}, not {word!r}")
        counts[FACE_INDEX[word.lower()]] += 1
    return tuple(counts)


def faces_of(hand: Hand, lang: str = "en") -> str:
    """The face words of a hand, in ``FACES`` order (``"-"`` for no die), in ``lang``."""
    if lang not in FACE_WORDS:
        raise ArgumentError("lang", f"'en' or 'fr', not {lang!r}")
    words = [face for face, count in zip(FACE_WORDS[lang], hand, strict=True) for _ in range(count)]
    return " ".join(words) or "-"


def check_hand(rules: Rules, hand: Any, name: str = "hand") -> Hand:
    """``hand`` as a tuple of counts, one per face, summing to the rules' dice."""
    rules = _rules(rules)
    if isinstance(hand, str):
        hand = hand_of(hand)
    if (
        not isinstance(hand, (tuple, list))
        or len(hand) != len(FACES)
        or any(isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in hand)
        or sum(hand) != rules.dice
    ):
        raise ArgumentError(
            name, f"{rules.dice} dice as face words or one count per face of {FACES}, not {hand!r}"
        )
    return tuple(hand)


def check_reroll(hand: Hand, reroll: Any) -> Hand:
    """``reroll`` as counts: some of the dice of ``hand`` that do not show the turtle."""
    if isinstance(reroll, str):
        reroll = hand_of(reroll)
    if (
        not isinstance(reroll, (tuple, list))
        or len(reroll) != len(FACES)
        or any(isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in reroll)
        or any(r > h for r, h in zip(reroll, hand, strict=True))
    ):
        raise ArgumentError("reroll", f"some of the dice of {faces_of(hand)!r}, not {reroll!r}")
    if reroll[TURTLE]:
        raise ArgumentError("reroll", "a die showing the turtle is locked: it cannot be rerolled")
    return tuple(reroll)


# ---------------------------------------------------------------------------- one roll
def hands(dice: int) -> Iterator[Hand]:
    """Every hand of ``dice`` dice (face counts summing to ``dice``), in a fixed order."""
    for cut in itertools.combinations(range(dice + len(FACES) - 1), len(FACES) - 1):
        edges = (-1, *cut, dice + len(FACES) - 1)
        yield tuple(b - a - 1 for a, b in itertools.pairwise(edges))


def possible_hands(rules: Rules) -> list[Hand]:
    """Every hand the rules' dice can show (no face the die lacks), in ``hands`` order."""
    rules = _rules(rules)
    lacking = [i for i, face in enumerate(FACES) if rules.face_counts[face] == 0]
    return [hand for hand in hands(rules.dice) if not any(hand[i] for i in lacking)]


@lru_cache(maxsize=256)
def _roll_distribution(die_faces: tuple[str, ...], dice: int) -> tuple[tuple[Hand, Fraction], ...]:
    chances = tuple(Fraction(die_faces.count(face), len(die_faces)) for face in FACES)
    law = []
    for counts in hands(dice):
        ways = math.factorial(dice)
        chance = Fraction(1)
        for count, p in zip(counts, chances, strict=True):
            ways //= math.factorial(count)
            chance *= p**count
        if chance:
            law.append((counts, ways * chance))
    return tuple(law)


def roll_distribution(rules: Rules, dice: int | None = None) -> dict[Hand, Fraction]:
    """What ``dice`` dice (all of the rules' dice by default) show when rolled together: the
    multinomial law, each hand with its exact chance. Faces a die lacks never show.

    >>> law = roll_distribution(Rules(), 2)
    >>> law[hand_of("move move")], law[hand_of("lava turtle")]
    (Fraction(1, 9), Fraction(1, 18))
    """
    rules = _rules(rules)
    dice = rules.dice if dice is None else _whole(dice, "dice", 0, rules.dice)
    return dict(_roll_distribution(rules.die_faces, dice))


def roll_by_enumeration(rules: Rules, dice: int) -> dict[Hand, Fraction]:
    """The same law counted face by face: every one of the ``6 ** dice`` ways the dice can
    land, each with chance ``1 / 6 ** dice``."""
    rules = _rules(rules)
    dice = _whole(dice, "dice", 0, rules.dice)
    law: dict[Hand, Fraction] = {}
    for faces in itertools.product(rules.die_faces, repeat=dice):
        counts = hand_of(faces)
        law[counts] = law.get(counts, Fraction(0)) + Fraction(1, 6**dice)
    return law


# ------------------------------------------------------------------- Turtles after k rolls
def as_fraction(value: Any) -> Fraction:
    """A sympy rational number as a ``Fraction``."""
    number = sympy.Rational(value)
    return Fraction(int(number.p), int(number.q))


def turtle_symbols() -> tuple[Any, Any, Any]:
    """The law's symbols: dice ``n``, locked Turtles ``j``, rolls ``k`` (whole numbers)."""
    n, j, k = sympy.symbols("n j k", integer=True, nonnegative=True)
    return n, j, k


def turtle_free_chance(rules: Rules) -> Any:
    """The chance that one die is still free after ``k`` rolls, derived by sympy from its
    recursion: free after ``k`` rolls = free after ``k - 1`` and no turtle now; free at the
    start. ``rsolve`` solves it: ``(1 - p) ** k``."""
    return _free_chance(_rules(rules).face_counts["turtle"])


@lru_cache(maxsize=8)
def _free_chance(turtle_faces: int) -> Any:
    p = sympy.Rational(turtle_faces, 6)
    _, _, k = turtle_symbols()
    free = sympy.Function("free")
    solved = sympy.rsolve(free(k) - (1 - p) * free(k - 1), free(k), {free(0): 1})
    return sympy.simplify(solved)


def turtle_law(rules: Rules) -> Any:
    """``P(T_k = j)`` for ``n`` dice as a sympy expression in ``n, j, k`` (``turtle_symbols``):
    the binomial law with the locking chance ``1 - turtle_free_chance``."""
    n, j, k = turtle_symbols()
    locked = 1 - turtle_free_chance(rules)
    return sympy.binomial(n, j) * locked**j * (1 - locked) ** (n - j)


def turtle_distribution(rules: Rules, rolls: int, dice: int | None = None) -> dict[int, Fraction]:
    """How many Turtles are locked after ``rolls`` rolls (the first roll and ``rolls - 1``
    rerolls of every free die), exact: the sympy law evaluated, as Fractions.

    >>> turtle_distribution(Rules(), 0)
    {0: Fraction(1, 1), 1: Fraction(0, 1), 2: Fraction(0, 1), 3: Fraction(0, 1), 4: Fraction(0, 1), 5: Fraction(0, 1)}
    """
    rules = _rules(rules)
    rolls = _whole(rolls, "rolls", 0, MAX_ROLLS)
    dice = rules.dice if dice is None else _whole(dice, "dice", 0, rules.dice)
    n, j, k = turtle_symbols()
    law = turtle_law(rules).xreplace({n: dice, k: rolls})
    return {locked: as_fraction(law.xreplace({j: locked})) for locked in range(dice + 1)}


def turtle_law_by_enumeration(rules: Rules, rolls: int, dice: int) -> dict[int, Fraction]:
    """The law counted from every sequence of faces: each die gets one face per roll
    (``itertools.product`` over all of them, ``6 ** (dice * rolls)`` sequences); a die is
    locked from its first turtle on, and its later faces are never looked at."""
    rules = _rules(rules)
    rolls = _whole(rolls, "rolls", 0, MAX_ROLLS)
    dice = _whole(dice, "dice", 0, rules.dice)
    if 6 ** (dice * rolls) > MAX_SEQUENCES:
        raise ArgumentError(
            "rolls",
            f"{dice} dice and {rolls} rolls are 6**{dice * rolls} sequences: at most {MAX_SEQUENCES}",
        )
    law = {locked: Fraction(0) for locked in range(dice + 1)}
    for faces in itertools.product(rules.die_faces, repeat=dice * rolls):
        locked = sum("turtle" in faces[d * rolls : (d + 1) * rolls] for d in range(dice))
        law[locked] += Fraction(1, 6 ** (dice * rolls))
    return law


def expected_turtles(rules: Rules, rolls: int, dice: int | None = None) -> Fraction:
    """The mean of ``turtle_distribution``: ``n (1 - (1 - p) ** k)``."""
    return sum((j * p for j, p in turtle_distribution(rules, rolls, dice).items()), Fraction(0))


# ------------------------------------------------------------------ one more reroll
def outcome_after(hand: Hand, reroll: Hand, landed: Hand) -> Hand:
    """The hand after the dice of ``reroll`` are picked up and land as ``landed``."""
    return tuple(h - r + o for h, r, o in zip(hand, reroll, landed, strict=True))


@dataclass(frozen=True)
class RerollCost:
    """What one more reroll does, exactly: the hands it can give, the Turtles it adds.

    ``price`` is the expected Turtle advance as a share of the island's clock (the
    ``turtle_steps_to_end`` steps after which the island wins).
    """

    hand: Hand
    reroll: Hand
    outcomes: dict[Hand, Fraction]
    new_turtles: dict[int, Fraction]
    expected_turtles: Fraction
    clock: int

    @property
    def price(self) -> Fraction:
        return self.expected_turtles / self.clock

    def __str__(self) -> str:
        return (
            f"reroll {faces_of(self.reroll)} from {faces_of(self.hand)}: "
            f"{self.expected_turtles} Turtle steps expected, {float(self.price):.2%} of the "
            f"island's {self.clock}"
        )


def reroll_outcomes(rules: Rules, hand: Any, reroll: Any) -> dict[Hand, Fraction]:
    """Every hand one reroll can give, with its exact chance."""
    hand = check_hand(rules, hand)
    reroll = check_reroll(hand, reroll)
    law: dict[Hand, Fraction] = {}
    for landed, chance in roll_distribution(rules, sum(reroll)).items():
        after = outcome_after(hand, reroll, landed)
        law[after] = law.get(after, Fraction(0)) + chance
    return law


def reroll_cost(rules: Rules, hand: Any, reroll: Any) -> RerollCost:
    """The exact cost of rerolling ``reroll`` from ``hand``: the law of the new hand, the law
    and mean of the Turtles it adds (each rerolled die locks with the turtle's chance)."""
    hand = check_hand(rules, hand)
    reroll = check_reroll(hand, reroll)
    outcomes = reroll_outcomes(rules, hand, reroll)
    new: dict[int, Fraction] = {}
    for after, chance in outcomes.items():
        added = after[TURTLE] - hand[TURTLE]
        new[added] = new.get(added, Fraction(0)) + chance
    mean = sum((j * p for j, p in new.items()), Fraction(0))
    return RerollCost(
        hand, reroll, outcomes, dict(sorted(new.items())), mean, rules.turtle_steps_to_end
    )


def rerolls_of(hand: Hand) -> list[Hand]:
    """Every non-empty choice of dice to reroll from ``hand`` (the turtles stay)."""
    ranges = [
        range(0 if face == "turtle" else count, -1, -1)
        for face, count in zip(FACES, hand, strict=True)
    ]
    choices = [tuple(r) for r in itertools.product(*ranges) if sum(r)]
    return sorted(choices, key=lambda r: (sum(r), [-c for c in r]))


__all__ = [
    "Hand",
    "MAX_ROLLS",
    "MAX_SEQUENCES",
    "RerollCost",
    "TURTLE",
    "FACE_WORDS",
    "as_fraction",
    "check_hand",
    "check_reroll",
    "expected_turtles",
    "faces_of",
    "hand_of",
    "hands",
    "outcome_after",
    "possible_hands",
    "reroll_cost",
    "reroll_outcomes",
    "rerolls_of",
    "roll_by_enumeration",
    "roll_distribution",
    "turtle_distribution",
    "turtle_free_chance",
    "turtle_law",
    "turtle_law_by_enumeration",
    "turtle_symbols",
]
