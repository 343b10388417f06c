"""Karnak's error types. Each is a ``ValueError`` so ``except ValueError`` still works, and
each names what it refuses, as the other engines' errors do."""

from __future__ import annotations

from tabletop.errors import LabError


class KarnakError(ValueError):
    """Base class of every error the Karnak engine raises on bad input."""


class ActionSyntaxError(KarnakError):
    """Text that is not an action in Karnak's notation (``"place cube z9"``). ``french`` says
    the same for a French table."""

    def __init__(self, message: str, french: str | None = None):
        super().__init__(message)
        self.french = message if french is None else french


class IllegalAction(KarnakError):
    """A well-formed action that the rules do not allow in this position. ``french`` is the
    same refusal for a French table (the action in the French notation)."""

    def __init__(self, message: str, french: str | None = None):
        super().__init__(message)
        self.french = message if french is None else french


class PositionError(KarnakError):
    """A staged position or saved game that is inconsistent; names the field."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.reason = message


class DesignError(KarnakError):
    """A Design card's line that is not a Design in the kit's language; names the line."""

    def __init__(self, line: int, text: str, message: str):
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.text = text
        self.reason = message


class RulesError(KarnakError):
    """A ``Rules`` value whose settings contradict each other."""


class ArgumentError(KarnakError, LabError):
    """An argument a table, a bot or the lab cannot use; names it (``argument``)."""
