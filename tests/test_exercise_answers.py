"""Any answer at all gets a ✓ or a ✗ with a sentence, within a bounded amount of work.

Every exercise's check is thrown generated junk: text in any script and of any length, numbers
of every kind (nan, infinities, 10**20000), sympy's oo and zoo, numpy arrays, engine values,
lists nested 3,000 deep, infinite generators, functions that raise or return nan, and objects
whose every method raises. The check must return a ``Result`` and never raise.

Work is measured without a clock: a profiler counts the Python and C calls a check makes (the
same answer always makes the same calls). A check makes at most a fixed number of calls, no
regular expression ever runs (a backtracking one can be quadratic inside a single C call), and
doubling the length of a text answer at most doubles the calls it costs.
"""

from __future__ import annotations

import itertools
import re
import sys
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np
import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carnuta_core import Action, Face, Ingredient, reference_deck
from exercises.kit import EXERCISES, Exercise, Result, make, n
from exercises.kit.answers import (
    MAX_ANSWER_CHARS,
    MAX_DEPTH,
    describe,
    read_many,
    read_number,
    read_runes,
    too_big,
)

KEYS = list(EXERCISES)
#: A check's work, in calls, whatever the answer: the engine's part is a few thousand calls,
#: reading an answer at most a few per character of the 2,000 read.
MOST_CALLS = 60_000


@cache
def built(key: str, seed: int) -> Exercise:
    """An exercise with its answer, its slips and its hints computed once (warm caches), so
    that measuring a check measures reading the answer."""
    exercise = make(key, seed) if EXERCISES[key].randomised else make(key)
    exercise.check(exercise.answer())
    for slip in exercise.slips():
        exercise.check(slip.answer)
    return exercise


class Work:
    """The calls made while ``run`` runs, and whether a regular expression ran."""

    def __init__(self, run: Callable[[], Any]):
        self.calls = 0
        self.regex: list[str] = []
        previous = sys.getprofile()
        sys.setprofile(self.count)
        try:
            self.value = run()
        finally:
            sys.setprofile(previous)

    def count(self, frame: Any, event: str, arg: Any) -> None:
        if event == "call":
            self.calls += 1
        elif event == "c_call":
            self.calls += 1
            owner = getattr(arg, "__self__", None)
            if isinstance(owner, re.Pattern) or getattr(arg, "__module__", "") in ("re", "_sre"):
                self.regex.append(arg.__qualname__)


def checked(exercise: Exercise, answer: Any) -> Work:
    work = Work(lambda: exercise.check(answer))
    result = work.value
    assert isinstance(result, Result) and result.grade_id == exercise.grade_id
    text = str(result)
    assert text.startswith(("✓", "✗")) and len(text) < 3000
    if not result:
        assert result.message and exercise.hint.quote in result.hint
    return work


# ------------------------------------------------------------------ junk
class Hostile:
    """An object whose every method a check might call raises (but ``repr``, which hypothesis
    needs to report an example: ``test_describe_survives_any_repr`` covers that one)."""

    def _fail(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("hostile")

    def __repr__(self) -> str:
        return "Hostile()"

    __str__ = __eq__ = __hash__ = __len__ = __iter__ = _fail
    __float__ = __index__ = __int__ = __bool__ = __lt__ = __call__ = _fail
    __getitem__ = __contains__ = __format__ = _fail


class HostileText(str):
    """Text whose comparisons and hash raise."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("hostile")

    __hash__ = None  # type: ignore[assignment]


class HostileList(list[Any]):
    def __iter__(self) -> Iterator[Any]:
        raise RuntimeError("hostile")

    def __len__(self) -> int:
        return 2


HOSTILE = [Hostile(), HostileText("berry"), HostileList([1, 2]), Hostile]


class Nested(list[Any]):
    """A list nested ``depth`` deep, with a short repr (for hypothesis's reports)."""

    def __init__(self, depth: int):
        inner: list[Any] = []
        for _ in range(depth - 1):
            inner = [inner]
        super().__init__([inner])
        self.depth = depth

    def __repr__(self) -> str:
        return f"Nested({self.depth})"


nested = Nested


def raising(counts: Any) -> Any:
    return 1 / 0


FUNCTIONS = [
    raising,
    lambda counts: float("nan"),
    lambda counts: float("inf"),
    lambda counts: 10**10000,
    lambda counts: "12",
    lambda counts: None,
    lambda counts: counts["nothing"],
    lambda: 1,
    lambda counts: sympy.oo,
    lambda counts: sympy.zoo,
    lambda counts: np.float64(1.5),
    lambda counts: np.array([1, 2]),
    lambda counts: True,
    lambda counts: Hostile(),
]
SYMPY = [
    sympy.oo,
    -sympy.oo,
    sympy.zoo,
    sympy.nan,
    sympy.pi,
    sympy.I,
    sympy.Symbol("x"),
    sympy.Rational(1, 3),
    sympy.Float(2.5),
    sympy.Integer(10) ** 400,
    n.clover ** (10**100),
    sympy.factorial(n.skull * 10**6),
    sympy.Integral(n.berry, n.berry),
    n.clover > 2,
    sympy.Matrix([1, 2]),
    sympy.true,
    4 * sympy.Min(n.skull, n.honey) / 0,
]
NUMPY = [
    np.array([]),
    np.array([3]),
    np.array([[1, 2], [3, 4]]),
    np.array(["D04", "N16"]),
    np.float64("nan"),
    np.float64("inf"),
    np.int64(3),
    np.arange(10_000),
]
ENGINE = [
    Face.SUN,
    Ingredient.BERRY,
    reference_deck()["D04"],
    Action.parse("take day 2"),
    Action.parse("play D30 on N07"),
    Action.parse("bonus honey"),
]
PATTERNS = [
    "1", " ", "a ", "2 sun ", "D04,", "and ", "/", "9", "SM", "(", "[", "player ", "½", "１",
    "1/", "-", ".", "\u0301", "ﷺ", "\ud800", "⑳", "runes ", "play ", "n16 et ",
]  # fmt: skip


def pick(pool: list[Any]) -> st.SearchStrategy[Any]:
    """One of ``pool``, drawn by index (so that the strategy's repr stays short)."""
    return st.integers(0, len(pool) - 1).map(pool.__getitem__)


texts = st.one_of(
    st.text(max_size=60),
    st.text(alphabet=st.characters(exclude_categories=()), max_size=3000),
    st.builds(lambda unit, count: unit * count, st.sampled_from(PATTERNS), st.integers(0, 3000)),
    st.builds(
        lambda left, count, right: left + " " * count + right,
        st.sampled_from(["a", "1", "D04", "2 sun", "player"]),
        st.integers(0, 8000),
        st.sampled_from(["b", "x", "N16", "1 moon", "2"]),
    ),
)
numbers = st.one_of(
    st.integers(),
    st.builds(
        lambda exponent, sign: sign * 10**exponent, st.integers(0, 20_000), st.sampled_from([1, -1])
    ),
    st.floats(),
    st.fractions(),
    st.decimals(),
    st.complex_numbers(),
)
leaves = st.one_of(
    st.none(),
    st.booleans(),
    texts,
    numbers,
    pick(SYMPY + NUMPY + ENGINE + FUNCTIONS + HOSTILE),
    st.just(Ellipsis),
    st.builds(nested, st.integers(1, 3000)),
    st.builds(lambda size: list(range(size)), st.integers(0, 5000)),
    st.builds(lambda size: {str(i): i for i in range(size)}, st.integers(0, 3000)),
    st.builds(itertools.count),
    st.builds(lambda: (x for x in ["D04", "N16"])),
)
junk = st.recursive(
    leaves,
    lambda kids: st.one_of(
        st.lists(kids, max_size=5),
        st.tuples(kids, kids),
        st.dictionaries(st.sampled_from(["sun", "moon", "x", "Soleil"]), kids, max_size=3),
    ),
    max_leaves=12,
)


def plain(answer: Any) -> bool:
    """Whether no hostile object hides in ``answer`` (only those may end in the catch-all)."""
    stack, seen = [answer], 0
    while stack and seen < 200:
        item = stack.pop()
        seen += 1
        if any(item is h for h in HOSTILE) or isinstance(item, Hostile):
            return False
        if isinstance(item, list | tuple):
            stack.extend(item[:10])
        elif isinstance(item, dict):
            stack.extend(list(item.values())[:10])
    return True


@pytest.mark.parametrize("key", KEYS)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.sampled_from([0, 1]), answer=junk)
def test_any_answer_gets_a_result_within_bounded_work(key: str, seed: int, answer: Any) -> None:
    exercise = built(key, seed)
    work = checked(exercise, answer)
    assert not work.regex, f"{exercise.key}: a regular expression ran: {work.regex[:3]}"
    assert work.calls <= MOST_CALLS, f"{exercise.key}: {work.calls} calls for {answer!r:.80}"
    if plain(answer):
        assert "reading it raised" not in work.value.message, (exercise.key, work.value)


# ------------------------------------------------------------------ linear, and capped
@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("unit", ["1", " ", "a ", "2 sun ", "D04, ", "player ", "9/", "((", "½"])
def test_doubling_a_text_answer_at_most_doubles_the_work(key: str, unit: str) -> None:
    exercise = built(key, 0)
    half = MAX_ANSWER_CHARS // 2 // len(unit) * len(unit)

    def text(length: int) -> str:
        return "x" + unit * (length // len(unit)) + "z"

    short = checked(exercise, text(half // 2)).calls
    long = checked(exercise, text(half)).calls
    assert long <= 2 * short + 50, (
        f"{key}: {short} calls for {half // 2} characters, {long} for {half}"
    )


@pytest.mark.parametrize("key", KEYS)
def test_an_answer_over_the_cap_is_refused_before_it_is_read(key: str) -> None:
    exercise = built(key, 0)
    just_over = checked(exercise, "1" * (MAX_ANSWER_CHARS + 1))
    huge = checked(exercise, "1" * 1_000_000)
    assert not just_over.value and "too long" in just_over.value.message
    assert f"{MAX_ANSWER_CHARS:,} characters" in just_over.value.message
    assert huge.calls <= just_over.calls + 10
    deep = checked(exercise, nested(100_000))
    assert "too long" in deep.value.message and deep.calls <= just_over.calls + 20 * MAX_DEPTH


#: The answers that used to raise (or to take seconds), each now a ✗ with a sentence.
FORMER_CRASHES = [
    "1/0",
    "1.5/2",
    float("nan"),
    "9" * 5000,
    float("inf"),
    sympy.oo,
    sympy.zoo,
    np.array([1, 2]),
    ["1/0", 1],
    {"sun": float("nan")},
    lambda counts: float("nan"),
    10**10000,
    nested(3000),
    "1" * 8000,
    "a" + " " * 8000 + "b",
    "1" + " " * 20000 + "x",
]


@pytest.mark.parametrize("key", KEYS)
def test_former_crashes_get_a_sentence(key: str) -> None:
    exercise = built(key, 0)
    for answer in FORMER_CRASHES:
        work = checked(exercise, answer)
        assert not work.value, (key, answer)
        assert work.calls <= MOST_CALLS


# ------------------------------------------------------------------ readers
def test_numbers_read_every_natural_way() -> None:
    for text, value in [
        ("12", 12),
        (" 12 points ", 12),
        ("-3", -3),
        ("12.5", Fraction(25, 2)),
        ("12,5", Fraction(25, 2)),
        ("49/4", Fraction(49, 4)),
        ("49 / 4", Fraction(49, 4)),
        ("½", Fraction(1, 2)),
        ("１２", 12),
        ("3 actions", 3),
    ]:
        assert read_number(text) == value, text
    assert read_number(np.int64(7)) == 7 and read_number(sympy.Rational(3, 2)) == Fraction(3, 2)
    for bad in (
        "1/0",
        "douze",
        "12 apples",
        "",
        "9" * 500,
        True,
        float("nan"),
        sympy.oo,
        np.array([3]),
    ):
        with pytest.raises(ValueError):
            read_number(bad)


def test_rune_states_read_every_natural_way() -> None:
    for answer in [(2, 1), [2, 1], {"sun": 2, "moon": 1}, {Face.SUN: 2, Face.MOON: 1},
                   "2 Suns, 1 Moon", "1 moon and 2 suns", "2 soleils 1 lune", "SSM..#", "(2 sun, 1 moon)"]:  # fmt: skip
        assert read_runes(answer) == (2, 1), answer
    for bad in ("2 Suns, 1", "two suns", (2, -1), (2.5, 1), {"star": 1}, "SSX"):
        with pytest.raises(ValueError):
            read_runes(bad)


def test_lists_read_every_natural_way() -> None:
    want = frozenset({"D04", "N16"})
    for answer in [
        "D04 and N16",
        "n16, d04",
        "['D04', 'N16']",
        "D04 & N16",
        "D04;N16",
        "D04 et N16",
    ]:
        assert read_many(answer, str.upper) == want, answer
    assert read_many("none", str.upper) == frozenset()
    assert read_many(iter(["D04", "N16"]), str.upper) == want
    with pytest.raises(ValueError, match="more than"):
        read_many(itertools.count(), str)


def test_describe_survives_any_repr() -> None:
    class BadRepr:
        def __repr__(self) -> str:
            raise RuntimeError("no repr")

    assert "BadRepr" in describe(BadRepr()) and len(describe(BadRepr())) <= 80
    assert describe(10**10000) == "<a whole number of about 10001 digits>"
    assert len(describe(nested(3000))) <= 80 and len(describe("x" * 10**6)) <= 80


def test_too_big_counts_what_an_answer_holds() -> None:
    assert not too_big("x" * MAX_ANSWER_CHARS) and too_big("x" * (MAX_ANSWER_CHARS + 1))
    assert too_big(list(range(MAX_ANSWER_CHARS))) and not too_big(list(range(10)))
    assert too_big(10 ** (MAX_ANSWER_CHARS + 5)) and not too_big(10**100)
    assert too_big({"sun": "x" * MAX_ANSWER_CHARS}) and too_big(nested(9))
    assert not too_big(4 * sympy.Min(n.skull, n.honey))
    assert not too_big(float("nan"))  # small: it is read, and refused, as a value
