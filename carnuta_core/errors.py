"""The kit's error types. Each is a ``ValueError`` so ``except ValueError`` still works."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tabletop import errors as tabletop_errors
from tabletop.errors import LabError
from tabletop.saves import short_repr as short_repr


class CarnutaError(ValueError):
    """Base class of every error the rules engine raises on bad input."""

    def text(self, lang: str = "en") -> str:
        """The message in ``lang``; errors without a French wording give the English one."""
        return str(self)


class ActionSyntaxError(CarnutaError):
    """Text that is not an action in the kit's notation (``"tkae day 1"``)."""


class IllegalAction(CarnutaError):
    """A well-formed action that the rules do not allow in this position.

    ``action`` and ``reason`` (a ``messages.Reason``: a code and its parameters) say which
    and why, so the message can be worded in any language (``error.text("fr")``).
    """

    action: Any = None
    reason: Any = None

    @classmethod
    def because(cls, action: Any, reason: Any) -> IllegalAction:
        error = cls(f"{action}: {reason.text()}")
        error.action = action
        error.reason = reason
        return error

    def text(self, lang: str = "en") -> str:
        if self.reason is None:
            return str(self)
        from .messages import render

        return render("refused", {"action": self.action.notation(lang), "why": self.reason}, lang)


class DeckError(CarnutaError):
    """A deck file or card line that cannot be read; names the line and the problem."""

    def __init__(self, message: str, *, line: int | None = None, source: str | None = None):
        where = ""
        if source is not None:
            where += f"{source}: "
        if line is not None:
            where += f"line {line}: "
        super().__init__(where + message)
        self.line = line
        self.source = source
        self.reason = message


class PositionError(CarnutaError):
    """A staged position or saved game that is inconsistent; names the field."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.reason = message


class RulesError(CarnutaError):
    """A ``Rules`` value whose settings contradict each other."""


class ArgumentError(CarnutaError, LabError):
    """An argument a bot, a bot game or the simulation lab cannot use; names the argument
    (``argument``) and says why (``detail``)."""


class GameDidNotEnd(CarnutaError, tabletop_errors.GameDidNotEnd):
    """A bot game went past its action limit (``max_actions``): bots that never end it, or
    rules under which play can go round in circles. Names the seed, the bots and the limit;
    nothing of that game is recorded."""


def as_carnuta_error(error: LabError) -> CarnutaError:
    """The kit's own error for an error of the agent layer, with the same message:
    ``GameDidNotEnd``, ``IllegalAction`` (a bot's illegal choice) or ``ArgumentError``."""
    if isinstance(error, CarnutaError):
        return error
    if isinstance(error, tabletop_errors.GameDidNotEnd):
        return GameDidNotEnd(error.limit, error.bots, error.seed)
    if isinstance(error, tabletop_errors.IllegalChoice):
        refused = IllegalAction(str(error))
        refused.action = error.action
        return refused
    return ArgumentError(error.argument, error.detail)


@contextmanager
def carnuta_errors() -> Iterator[None]:
    """Raise the agent layer's errors as the kit's own (``as_carnuta_error``)."""
    try:
        yield
    except LabError as error:
        raise as_carnuta_error(error) from None


class WorkLimitError(CarnutaError):
    """An input whose work would exceed a documented bound; names the argument and the bound."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.reason = message
