"""Answer cells in a live IPython kernel: whether an ``answerNN`` cell's last run failed.

A student who types ``2 Suns, 1 Moon`` without quotes gets a SyntaxError in the answer cell, and
the name ``answer03`` keeps its previous value (``None``, or an earlier answer). Graded as it
stands, that older value would earn a misleading ✗ (or ✓). IPython reports every cell it runs to
its ``post_run_cell`` listeners, with the cell's text and its error if any. Making an exercise in
a kernel starts a listener (``watch``); it notes, for every cell that assigns an ``answerNN``
name, whether that run failed, and the check asks ``failed_run("answer03")`` before it reads
the value. This works wherever the notebook runs in an IPython kernel: JupyterLab, nbgrader's
``validate`` and ``autograde``, nbclient. Outside IPython (plain Python, a script) there are no
cells: nothing is watched and the check reads the value it is given.

In a fresh kernel (nbgrader's, or after a restart) a failed answer cell leaves no value at all,
and the check cell stops with a NameError before the check runs; the listener also explains
that NameError, for ``answerNN`` names only, in the check's own words, in the language the
notebook's exercises speak (the last ``make(..., lang=...)`` of the kernel).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from IPython import get_ipython

from .answers import DIGITS, describe

NAME = "answer"


@dataclass(frozen=True)
class FailedRun:
    """The error that stopped an answer cell's last run."""

    error: str
    line: int | None
    text: str
    message: str

    def __str__(self) -> str:
        return self.text_in("en")

    def text_in(self, lang: str) -> str:
        """What went wrong, in ``lang`` (Python's own message stays as Python wrote it)."""
        if self.line is not None:
            if lang == "fr":
                return (
                    f"votre cellule de réponse n'a pas tourné (Python ne sait pas lire la ligne "
                    f"{self.line}, {describe(self.text)} : {self.message})"
                )
            return (
                f"your answer cell did not run (Python cannot read line {self.line}, "
                f"{describe(self.text)}: {self.message})"
            )
        if lang == "fr":
            return f"votre cellule de réponse s'est arrêtée ({self.error} : {self.message})"
        return f"your answer cell stopped ({self.error}: {self.message})"


#: The last failed run of each answer name (a successful run removes the name).
FAILED: dict[str, FailedRun] = {}
#: The kernels listened to, each with the language of its exercises.
_watched: dict[int, str] = {}


def watch(lang: str = "en") -> None:
    """Listen to the cells the current IPython kernel runs (once per kernel; no-op outside);
    ``lang`` is the language its explanations speak from now on."""
    shell = get_ipython()
    if shell is None:
        return
    if id(shell) not in _watched:
        shell.events.register("post_run_cell", record)
        shell.set_custom_exc((NameError,), explain_missing_answer)
    _watched[id(shell)] = lang


class MissingAnswer(NameError):
    """An ``answerNN`` name that does not exist, explained: Jupyter shows only these lines
    (``_render_traceback_``), in red, and nbgrader counts the check cell as failed."""

    def __init__(self, name: str, lang: str = "en"):
        failed = failed_run(name)
        number = name[len(NAME) :]
        if lang == "fr":
            why = failed.text_in(lang) if failed else "sa cellule de réponse n'a pas encore tourné"
            message = f"✗ ex{number} : {name} n'existe pas encore : {why}."
            self.advice = (
                "Corrigez la cellule de réponse au-dessus et lancez-la (le texte va entre "
                "guillemets), puis cette vérification."
            )
        else:
            why = f"{failed}" if failed else "its answer cell has not run yet"
            message = f"✗ ex{number}: there is no {name} yet: {why}."
            self.advice = (
                "Correct the answer cell above and run it (text goes in quotes), then this check."
            )
        super().__init__(message, name=name)

    def _render_traceback_(self) -> list[str]:
        return [f"\x1b[31m{self}\x1b[0m", self.advice]


def explain_missing_answer(
    shell: Any, kind: type[BaseException], error: BaseException, tb: Any, tb_offset: Any = None
) -> None:
    """IPython's handler for NameError: an ``answerNN`` name is explained (``MissingAnswer``),
    any other name gets IPython's usual traceback."""
    name = getattr(error, "name", None)
    if isinstance(name, str) and assigned_answers(f"{name} =") == {name}:
        # Shown as the NameError it is (the kernel reports that name too, and nbgrader keeps
        # one error per cell when both agree), in the words of MissingAnswer.
        lang = _watched.get(id(shell), "en")
        shell.showtraceback((kind, MissingAnswer(name, lang), tb))
    else:
        shell.showtraceback((kind, error, tb), tb_offset=tb_offset)


def record(result: Any) -> None:
    """IPython's ``post_run_cell`` listener: note the run of every answer name the cell sets."""
    error = result.error_before_exec or result.error_in_exec
    for name in assigned_answers(result.info.raw_cell or ""):
        if error is None:
            FAILED.pop(name, None)
        else:
            FAILED[name] = failure(error)


def failed_run(name: str) -> FailedRun | None:
    """Why the last run of the cell assigning ``name`` failed, or None if it ran (or never did)."""
    return FAILED.get(name)


def failure(error: BaseException) -> FailedRun:
    if isinstance(error, SyntaxError):
        text = (error.text or "").strip()
        return FailedRun(type(error).__name__, error.lineno, text, error.msg)
    return FailedRun(type(error).__name__, None, "", describe(str(error)).strip("'\""))


def assigned_answers(source: str) -> set[str]:
    """The ``answerNN`` names a cell assigns (``answer03 = ...``), read from its text, which
    may not be valid Python. One pass over the text.

    >>> sorted(assigned_answers("answer03 = (\\n  2 Suns, 1 Moon\\n)\\nx = answer04 == 1"))
    ['answer03']
    """
    found: set[str] = set()
    start = source.find(NAME)
    while start != -1:
        end = start + len(NAME) + 2
        name = source[start:end]
        before = source[start - 1 : start] if start else ""
        if (
            len(name) == end - start
            and all(char in DIGITS for char in name[len(NAME) :])
            and not (before.isalnum() or before == "_")
        ):
            rest = source[end : end + 20].lstrip(" \t")
            if rest.startswith("=") and not rest.startswith("=="):
                found.add(name)
        start = source.find(NAME, start + 1)
    return found
