"""The kit's error types. Each is a ``ValueError`` so ``except ValueError`` still works."""

from __future__ import annotations

from typing import Any


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


class WorkLimitError(CarnutaError):
    """An input whose work would exceed a documented bound; names the argument and the bound."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.reason = message
