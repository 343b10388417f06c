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

from carnuta_core import Action, Game
from carnuta_core.svg import player_svg, table_svg

from . import cells
from .answers import MAX_ANSWER_CHARS, AnswerError, read_number, read_runes, too_big
from .rulebook import RULES, Rule

#: The languages a notebook can set its exercises up in.
LANGS = ("en", "fr")

#: The check's own sentences, (English, French), as ``str.format`` templates.
WORDS: dict[str, tuple[str, str]] = {
    "right": ("right.", "juste."),
    "not this one": ("not this one.", "pas celle-ci."),
    "no answer": ("no answer yet: {how}.", "pas encore de réponse : {how}."),
    "unreadable": (
        "I cannot read that answer: {why}.",
        "je ne sais pas lire cette réponse : {why}.",
    ),
    "raised": (
        "I cannot read that answer: reading it raised {error}.",
        "je ne sais pas lire cette réponse : sa lecture a levé {error}.",
    ),
    "too long": (
        "that answer is too long to read: answers here are short (at most {chars} "
        "characters). Answer {how}.",
        "cette réponse est trop longue à lire : les réponses sont courtes ici ({chars} "
        "caractères au plus). Répondez {how}.",
    ),
    "old answer": (
        "{failed}, so {name} still holds an older answer. Correct the cell and run it again: "
        "answer {how} (text goes in quotes).",
        "{failed}, donc {name} garde une réponse plus ancienne. Corrigez la cellule et "
        "relancez-la : répondez {how} (le texte va entre guillemets).",
    ),
    "hint": ("Hint:", "Indice :"),
    "answer": ("Answer:", "Réponse :"),
    "same for everyone": (
        "exercise {name!r} is the same for everyone: give no seed",
        "l'exercice {name!r} est le même pour tout le monde : ne donnez pas de graine",
    ),
}


def check_lang(lang: str) -> str:
    """``lang`` if the exercises speak it, else a ValueError naming the choices."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(map(repr, LANGS))}, not {lang!r}")
    return lang


def say(table: dict[str, tuple[str, str]], key: str, lang: str, /, **values: Any) -> str:
    """The sentence ``key`` of ``table`` in ``lang``, filled with ``values``."""
    english, french = table[key]
    return (french if lang == "fr" else english).format(**values)


THEMES = {
    "rules": "Rules",
    "runes": "Runes",
    "scoring": "Scoring maths",
    "synergies": "Synergies",
    "design": "Game design",
    "maths": "Maths that derives",
    "two_games": "Two games",
    "carcata": "Carcata",
    "karnak": "Karnak",
}


@dataclass(frozen=True)
class Result:
    """What ``check`` says: true when the answer is right; it prints ✓ or ✗ and a hint."""

    correct: bool
    grade_id: str
    message: str
    hint: str = ""
    lang: str = "en"

    def __bool__(self) -> bool:
        return self.correct

    def __str__(self) -> str:
        mark = "✓" if self.correct else "✗"
        colon = " :" if self.lang == "fr" else ":"
        text = f"{mark} {self.grade_id}{colon} {self.message}"
        label = say(WORDS, "hint", self.lang)
        return text + (f"\n{label} {self.hint}" if self.hint else "")

    __repr__ = __str__

    def _repr_html_(self) -> str:
        colour = "#1b7f3b" if self.correct else "#b3261e"
        mark = "✓" if self.correct else "✗"
        label = html.escape(say(WORDS, "hint", self.lang))
        hint = f"<div><b>{label}</b> {html.escape(self.hint)}</div>" if self.hint else ""
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
    #: The exercise's sentences, (English, French) ``str.format`` templates, by name; the
    #: French of ``title`` and ``how`` are ``title_fr`` and ``how_fr``.
    words: ClassVar[dict[str, tuple[str, str]]] = {}
    title_fr: ClassVar[str] = ""
    how_fr: ClassVar[str] = ""

    def __init__(self, seed: int | None = None, lang: str = "en"):
        #: The language of every sentence the exercise says (the position is the same).
        self.lang = check_lang(lang)
        if lang == "fr" and not self.title_fr:
            raise ValueError(f"exercise {self.key!r} has no French version yet")
        if seed is not None and not self.randomised:
            raise ValueError(say(WORDS, "same for everyone", lang, name=self.key))
        self.seed = 0 if seed is None and self.randomised else seed
        self.rng = random.Random(f"{self.key}/{self.seed}")
        self.game: Game | None = None
        self.setup()
        cells.watch(lang)

    def say(self, key: str, **values: Any) -> str:
        """The exercise's sentence ``key`` (from ``words``) in its language."""
        return say(self.words, key, self.lang, **values)

    @property
    def heading(self) -> str:
        """The title in the exercise's language."""
        return self.title_fr if self.lang == "fr" else self.title

    @property
    def how_to_answer(self) -> str:
        """How to write the answer (``how``), in the exercise's language."""
        return self.how_fr if self.lang == "fr" else self.how

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
                return self._wrong(say(WORDS, "raised", self.lang, error=type(error).__name__))

    def _wrong(self, message: str) -> Result:
        return Result(False, self.grade_id, message, self.hint.text(self.lang), self.lang)

    def _check(self, answer: Any) -> Result:
        how, lang = self.how_to_answer, self.lang
        failed = cells.failed_run(self.answer_name)
        if failed is not None:
            text = failed.text_in(lang)
            return self._wrong(
                say(WORDS, "old answer", lang, failed=text, name=self.answer_name, how=how)
            )
        if answer is None or answer is Ellipsis:
            return self._wrong(say(WORDS, "no answer", lang, how=how))
        if too_big(answer):
            chars = f"{MAX_ANSWER_CHARS:,}".replace(",", "\u202f" if lang == "fr" else ",")
            return self._wrong(say(WORDS, "too long", lang, chars=chars, how=how))
        try:
            value = self.read(answer)
        except AnswerError as error:
            return self._wrong(say(WORDS, "unreadable", lang, why=error.text(lang)))
        if self.is_correct(value):
            why = self.because()
            right = say(WORDS, "right", lang) + (f" {why}" if why else "")
            return Result(True, self.grade_id, right, lang=lang)
        slip = self.slip_for(value)
        return self._wrong(say(WORDS, "not this one", lang) + (f" {slip.hint}" if slip else ""))

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
        label = say(WORDS, "answer", self.lang)
        return f"{self.grade_id} · {self.heading}\n{self.question()}\n{label} {self.how_to_answer}."

    def __repr__(self) -> str:
        seed = f", seed={self.seed}" if self.randomised else ""
        lang = f", lang={self.lang!r}" if self.lang != "en" else ""
        return f"make({self.key!r}{seed}{lang})"

    def _repr_html_(self) -> str:
        picture = self.picture()
        return (
            f"<div><b>{html.escape(self.grade_id)} · {html.escape(self.heading)}</b>"
            f"<p>{html.escape(self.question())}</p>"
            f"<p><i>{html.escape(say(WORDS, 'answer', self.lang))} "
            f"{html.escape(self.how_to_answer)}.</i></p>{picture}</div>"
        )


def events_text(game: Game, lang: str) -> list[str]:
    """What the last ``play`` of ``game`` did, in sentences of ``lang``."""
    return [event.text(lang) for event in game.events]


def in_notation(action: str, lang: str) -> str:
    """An action written in the kit's English notation, in the notation of ``lang``."""
    return Action.parse(action).notation(lang)


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


def make(key: str, seed: int | None = None, lang: str = "en") -> Exercise:
    """The exercise ``key``; randomised ones give each ``seed`` (a student number) its own.
    ``lang="fr"`` words it in French: the same position, the same answers."""
    try:
        cls = EXERCISES[key]
    except KeyError:
        raise KeyError(f"no exercise {key!r} (known: {', '.join(EXERCISES)})") from None
    return cls(seed, lang) if cls.randomised else cls(None, lang)


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
