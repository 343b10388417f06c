"""The exercise machinery: an ``Exercise`` knows its position, asks the engine for the answer,
reads every correct form of a student's answer and says ✓ or ✗, with a hint about the mistake
when it recognises one and the rulebook section that settles it."""

from __future__ import annotations

import html
import random
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from IPython.display import display

from carnuta_core import Game
from carnuta_core.svg import player_svg, table_svg

from . import cells
from .answers import MAX_ANSWER_CHARS, AnswerError, read_number, read_runes, too_big
from .rulebook import RULES, Rule

THEMES = {
    "rules": "Rules",
    "runes": "Runes",
    "scoring": "Scoring maths",
    "synergies": "Synergies",
    "design": "Game design",
    "maths": "Maths that derives",
    "two_games": "Two games",
}


@dataclass(frozen=True)
class Result:
    """What ``check`` says: true when the answer is right; it prints ✓ or ✗ and a hint."""

    correct: bool
    grade_id: str
    message: str
    hint: str = ""

    def __bool__(self) -> bool:
        return self.correct

    def __str__(self) -> str:
        mark = "✓" if self.correct else "✗"
        text = f"{mark} {self.grade_id}: {self.message}"
        return text + (f"\nHint: {self.hint}" if self.hint else "")

    __repr__ = __str__

    def _repr_html_(self) -> str:
        colour = "#1b7f3b" if self.correct else "#b3261e"
        mark = "✓" if self.correct else "✗"
        hint = f"<div><b>Hint:</b> {html.escape(self.hint)}</div>" if self.hint else ""
        return (
            f"<div style='border-left:4px solid {colour};padding:2px 8px'>"
            f"<b style='color:{colour}'>{mark}</b> {html.escape(self.message)}{hint}</div>"
        )


class WrongAnswer(AssertionError):
    """A check cell's failure: the ✗ sentence and its hint. nbgrader scores a cell that raises
    0, and Jupyter shows only these lines (``_render_traceback_``), not a stack of calls."""

    def __init__(self, result: Result):
        super().__init__(str(result))
        self.result = result

    def _render_traceback_(self) -> list[str]:
        first, *rest = str(self.result).splitlines()
        return [f"\x1b[31m{first}\x1b[0m", *rest]


@dataclass(frozen=True)
class Slip:
    """A common mistake: its ``kind``, the ``answer`` it leads to, and a ``hint`` about it."""

    kind: str
    answer: Any
    hint: str


class Exercise:
    """One exercise. Subclasses set the class fields and write ``setup``, ``question``,
    ``solutions``, ``read``, ``answer``, ``forms`` and ``wrong_answers``.

    ``solutions()`` is the set of correct answers in normal form, computed by the engine for
    this exercise's staged position; ``read`` turns any accepted form into normal form.
    """

    key: ClassVar[str]
    number: ClassVar[int] = 0
    theme: ClassVar[str]
    title: ClassVar[str]
    #: The rulebook section of the hint (an exercise may pick it per position).
    rule: str
    how: ClassVar[str] = ""
    randomised: ClassVar[bool] = False
    #: Which seat the question is about; ``None`` shows the whole table.
    seat: int | None = 0
    #: Every kind of slip ``slips`` may name (each is reachable for some student number).
    slip_kinds: ClassVar[tuple[str, ...]] = ()

    def __init__(self, seed: int | None = None):
        if seed is not None and not self.randomised:
            raise ValueError(f"exercise {self.key!r} is the same for everyone: give no seed")
        self.seed = 0 if seed is None and self.randomised else seed
        self.rng = random.Random(f"{self.key}/{self.seed}")
        self.game: Game | None = None
        self.setup()
        cells.watch()

    # ------------------------------------------------------------ to override
    def setup(self) -> None:
        """Build the staged position (``self.game``) and whatever the question needs."""

    def question(self) -> str:
        raise NotImplementedError

    def solutions(self) -> set[Any]:
        """Every correct answer, in normal form (usually one)."""
        raise NotImplementedError

    def read(self, answer: Any) -> Any:
        """Turn a student's answer into normal form, or raise ``AnswerError``."""
        raise NotImplementedError

    def answer(self) -> Any:
        """The engine's answer, written the natural way (``check(answer())`` passes)."""
        raise NotImplementedError

    def forms(self) -> list[Any]:
        """The engine's answer written in every accepted way (for tests and teachers)."""
        return [self.answer()]

    def wrong_answers(self) -> list[Any]:
        """At least two readable but wrong answers (for tests)."""
        raise NotImplementedError

    def slips(self) -> list[Slip]:
        """The common mistakes on this position, each with the wrong answer it leads to and a
        hint about it (kinds from ``slip_kinds``; a kind that gives the right answer here is
        dropped by ``live_slips``)."""
        return []

    def because(self) -> str:
        """Why the answer is right, shown after a correct answer."""
        return ""

    def is_correct(self, value: Any) -> bool:
        return value in self.solutions()

    # ------------------------------------------------------------ the check
    @property
    def grade_id(self) -> str:
        return f"ex{self.number:02d}"

    @property
    def hint(self) -> Rule:
        return RULES[self.rule]

    @property
    def answer_name(self) -> str:
        """The notebook name of this exercise's answer, e.g. ``answer03``."""
        return f"answer{self.number:02d}"

    @cached_property
    def live_slips(self) -> dict[Any, Slip]:
        """The slips that lead to a wrong answer here, by the answer's normal form."""
        found: dict[Any, Slip] = {}
        for slip in self.slips():
            try:
                value = self.read(slip.answer)
            except AnswerError:  # a mistake no one could write here (a negative count...)
                continue
            if not self.is_correct(value) and value not in found:
                found[value] = slip
        return found

    def slip_for(self, value: Any) -> Slip | None:
        """The slip that leads to this (wrong, read) answer, if one does."""
        return self.live_slips.get(value)

    def check(self, answer: Any) -> Result:
        """✓ when ``answer`` is right (in any accepted form), else ✗ with a hint. Never raises:
        an answer that cannot be read, of any type or size, is a ✗ saying why."""
        with warnings.catch_warnings():  # nbgrader scores a check cell that writes to stderr 0
            warnings.simplefilter("ignore")
            try:
                return self._check(answer)
            except Exception as error:  # a student's object that fails when read (__eq__...)
                return self._wrong(
                    f"I cannot read that answer: reading it raised {type(error).__name__}."
                )

    def _wrong(self, message: str) -> Result:
        return Result(False, self.grade_id, message, str(self.hint))

    def _check(self, answer: Any) -> Result:
        failed = cells.failed_run(self.answer_name)
        if failed is not None:
            return self._wrong(
                f"{failed}, so {self.answer_name} still holds an older answer. Correct the "
                f"cell and run it again: answer {self.how} (text goes in quotes)."
            )
        if answer is None or answer is Ellipsis:
            return self._wrong(f"no answer yet: {self.how}.")
        if too_big(answer):
            return self._wrong(
                f"that answer is too long to read: answers here are short (at most "
                f"{MAX_ANSWER_CHARS:,} characters). Answer {self.how}."
            )
        try:
            value = self.read(answer)
        except AnswerError as error:
            return self._wrong(f"I cannot read that answer: {error}.")
        if self.is_correct(value):
            why = self.because()
            return Result(True, self.grade_id, "right." + (f" {why}" if why else ""))
        slip = self.slip_for(value)
        return self._wrong("not this one." + (f" {slip.hint}" if slip else ""))

    def verify(self, answer: Any) -> None:
        """A check cell's call: show ✓, or stop the cell with the ✗ sentence (``WrongAnswer``),
        so that the student, ``nbgrader validate`` and ``nbgrader autograde`` all agree."""
        result = self.check(answer)
        CHECKED[self.grade_id] = result
        if not result:
            raise WrongAnswer(result)
        display(result)  # type: ignore[no-untyped-call]

    # ------------------------------------------------------------ showing
    def picture(self) -> str:
        """The position as SVG ("" when the exercise shows none)."""
        if self.game is None:
            return ""
        if self.seat is None:
            return table_svg(self.game)
        return player_svg(self.game, self.seat)

    def __str__(self) -> str:
        return f"{self.grade_id} · {self.title}\n{self.question()}\nAnswer: {self.how}."

    def __repr__(self) -> str:
        seed = f", seed={self.seed}" if self.randomised else ""
        return f"make({self.key!r}{seed})"

    def _repr_html_(self) -> str:
        picture = self.picture()
        return (
            f"<div><b>{html.escape(self.grade_id)} · {html.escape(self.title)}</b>"
            f"<p>{html.escape(self.question())}</p>"
            f"<p><i>Answer: {html.escape(self.how)}.</i></p>{picture}</div>"
        )


EXERCISES: dict[str, type[Exercise]] = {}
#: The last result of each exercise's check cell (``verify``) in this kernel, by grade id.
CHECKED: dict[str, Result] = {}


def register(cls: type[Exercise]) -> type[Exercise]:
    """Add an exercise class to the catalogue; numbers follow the themes' order."""
    if cls.key in EXERCISES:
        raise ValueError(f"two exercises are called {cls.key!r}")
    if cls.theme not in THEMES:
        raise ValueError(f"exercise {cls.key!r}: unknown theme {cls.theme!r}")
    EXERCISES[cls.key] = cls
    order = list(THEMES)
    ranked = sorted(EXERCISES.values(), key=lambda c: order.index(c.theme))  # stable
    EXERCISES.clear()
    for number, exercise in enumerate(ranked, start=1):
        exercise.number = number
        EXERCISES[exercise.key] = exercise
    return cls


def make(key: str, seed: int | None = None) -> Exercise:
    """The exercise ``key``; randomised ones give each ``seed`` (a student number) its own."""
    try:
        cls = EXERCISES[key]
    except KeyError:
        raise KeyError(f"no exercise {key!r} (known: {', '.join(EXERCISES)})") from None
    return cls(seed) if cls.randomised else cls()


def catalogue(theme: str | None = None) -> list[dict[str, Any]]:
    """One row per exercise: its grade id, key, theme, title and whether it is randomised."""
    return [
        {
            "id": f"ex{cls.number:02d}",
            "key": key,
            "theme": THEMES[cls.theme],
            "title": cls.title,
            "randomised": cls.randomised,
        }
        for key, cls in EXERCISES.items()
        if theme is None or cls.theme == theme
    ]


def first(items: list[Any], count: int, keep: Callable[[Any], bool]) -> list[Any]:
    """The first ``count`` distinct items that ``keep`` accepts."""
    out: list[Any] = []
    for item in items:
        if keep(item) and item not in out:
            out.append(item)
        if len(out) == count:
            break
    return out


class NumberExercise(Exercise):
    """An exercise whose answer is one whole number, written with or without its ``unit``."""

    unit: ClassVar[str] = "points"

    def solutions(self) -> set[Any]:
        return {self.answer()}

    def read(self, answer: Any) -> Any:
        return read_number(answer)

    def forms(self) -> list[Any]:
        from fractions import Fraction

        n = self.answer()
        return [n, str(n), f" {n} {self.unit}", Fraction(n), float(n)]


class RunesExercise(Exercise):
    """An exercise whose answer is a board's Suns and Moons, ``(suns, moons)``, in any form
    ``read_runes`` knows: a pair, a mapping, words or the board's letters."""

    def solutions(self) -> set[Any]:
        return {self.answer()}

    def read(self, answer: Any) -> tuple[int, int]:
        return read_runes(answer)

    def forms(self) -> list[Any]:
        from carnuta_core import Face

        suns, moons = self.answer()
        return [
            (suns, moons),
            [suns, moons],
            {"sun": suns, "moon": moons},
            {Face.SUN: suns, Face.MOON: moons},
            f"{suns} Suns, {moons} Moon",
            "S" * suns + "M" * moons,
        ]
