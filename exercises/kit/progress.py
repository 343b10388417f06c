"""Where is my first ✗? Every exercise of a notebook with its last check, for the last cell.

A wrong or missing answer stops its check cell with ✗ (that is how nbgrader scores it 0), so
Run All stops there too, while the notebook's view is left at its last cell, far below that ✗.
The last code cell of every exercise notebook is ``progress(theme)``: run by itself, it lists
the notebook's exercises in order by their headings, each with ✓, ✗ or "not checked yet", and
says which one to go to: the first ✗, else the first not checked (JupyterLab's table of
contents, in the left sidebar, lists the headings and goes to the one clicked). A French
notebook calls ``progress(theme, lang="fr")``: the same list in French.

>>> from exercises.kit import make
>>> ex01 = make("is_legal", seed=0)
>>> ex01.verify(ex01.answer())  # doctest: +ELLIPSIS
✓ ex01: right...
>>> print(progress("rules"))  # doctest: +ELLIPSIS
Exercises · Rules: 1 of 6 right.
✓ ex01 · Is this action legal? (randomised)
· ex02 · Which cards can you play now? (randomised): not checked yet
...
Go to ex02 · Which cards can you play now? (randomised) (the table of contents lists it): answer it, run its check, then the cells below.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from .base import CHECKED, EXERCISES, THEMES, Exercise, Result, check_lang, say

#: The mark of an exercise whose check has not run in this kernel.
UNCHECKED = "·"
#: The themes' names in French.
THEMES_FR = {
    "rules": "Règles",
    "runes": "Runes",
    "scoring": "Score",
    "synergies": "Synergies",
    "design": "Conception",
    "maths": "Des maths qui dérivent",
    "two_games": "Deux jeux",
    "carcata": "Carcata",
    "karnak": "Karnak",
}
#: The summary's sentences, (English, French).
SUMMARY: dict[str, tuple[str, str]] = {
    "unchecked": (": not checked yet", " : pas encore vérifié"),
    "wrong": (": {message}", " : {message}"),
    "headline": (
        "Exercises · {theme}: {right} of {count} right.",
        "Exercices · {theme} : {right} sur {count} justes.",
    ),
    "all right": ("Every check is ✓.", "Toutes les vérifications sont ✓."),
    "go to": (
        "Go to {heading} (the table of contents lists it): answer it, run its check, then the "
        "cells below.",
        "Allez à {heading} (la table des matières la liste) : répondez, lancez sa vérification, "
        "puis les cellules en dessous.",
    ),
    "go to wrong": (
        "Go to {heading}, the first ✗ (the table of contents lists it): correct its answer and "
        "run its check again.",
        "Allez à {heading}, le premier ✗ (la table des matières la liste) : corrigez sa réponse "
        "et relancez sa vérification.",
    ),
    "randomised": (" (randomised)", " (au hasard)"),
}


@dataclass(frozen=True)
class Row:
    """One exercise of the notebook: its grade id, its heading and its last check, if any."""

    grade_id: str
    heading: str
    result: Result | None
    lang: str = "en"

    @property
    def mark(self) -> str:
        if self.result is None:
            return UNCHECKED
        return "✓" if self.result else "✗"

    def detail(self) -> str:
        """What follows the heading: nothing for ✓, the ✗ sentence, or "not checked yet"."""
        if self.result is None:
            return say(SUMMARY, "unchecked", self.lang)
        return "" if self.result else say(SUMMARY, "wrong", self.lang, message=self.result.message)

    def text(self) -> str:
        return f"{self.mark} {self.heading}{self.detail()}"


@dataclass(frozen=True)
class Progress:
    """The exercises of one theme's notebook with their last checks (see the module doc)."""

    theme: str
    rows: tuple[Row, ...]
    lang: str = "en"

    @property
    def right(self) -> int:
        return sum(1 for row in self.rows if row.result)

    @property
    def go_to(self) -> Row | None:
        """The exercise to go to: the first ✗, else the first not checked (None: all ✓)."""
        wrong = [row for row in self.rows if row.result is not None and not row.result]
        unchecked = [row for row in self.rows if row.result is None]
        return next(iter(wrong or unchecked), None)

    def headline(self) -> str:
        theme = (THEMES_FR if self.lang == "fr" else THEMES)[self.theme]
        return say(
            SUMMARY, "headline", self.lang, theme=theme, right=self.right, count=len(self.rows)
        )

    def advice(self) -> str:
        row = self.go_to
        if row is None:
            return say(SUMMARY, "all right", self.lang)
        key = "go to" if row.result is None else "go to wrong"
        return say(SUMMARY, key, self.lang, heading=row.heading)

    def __str__(self) -> str:
        return "\n".join([self.headline(), *(row.text() for row in self.rows), self.advice()])

    __repr__ = __str__

    def _repr_html_(self) -> str:
        items = "".join(
            f"<li>{html.escape(row.mark)} <b>{html.escape(row.heading)}</b>"
            f"{html.escape(row.detail())}</li>"
            for row in self.rows
        )
        advice = html.escape(self.advice())
        return (
            f"<div role='region' aria-label='{html.escape(self.headline(), quote=True)}'>"
            f"<p><b>{html.escape(self.headline())}</b></p>"
            f"<ul style='list-style:none;padding-left:0'>{items}</ul>"
            f"<p><b>{advice}</b></p></div>"
        )


def heading(cls: type[Exercise], lang: str = "en") -> str:
    """An exercise's heading in its notebook (``## ex02 · Title (randomised)``, without ##),
    in ``lang``."""
    title = cls.title_fr if lang == "fr" else cls.title
    randomised = say(SUMMARY, "randomised", lang) if cls.randomised else ""
    return f"{grade_id(cls)} · {title}{randomised}"


def grade_id(cls: type[Exercise]) -> str:
    return f"ex{cls.number:02d}"


def progress(theme: str, lang: str = "en") -> Progress:
    """The exercises of ``theme`` (a key of ``THEMES``, like ``"rules"``) with their last checks
    in this kernel, in ``lang``."""
    if theme not in THEMES:
        raise KeyError(f"no theme {theme!r} (known: {', '.join(THEMES)})")
    check_lang(lang)
    rows = tuple(
        Row(grade_id(cls), heading(cls, lang), CHECKED.get(grade_id(cls)), lang)
        for cls in EXERCISES.values()
        if cls.theme == theme
    )
    return Progress(theme, rows, lang)


__all__ = ["Progress", "Row", "heading", "progress"]
