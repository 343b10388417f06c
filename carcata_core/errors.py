"""Carcata's error types. Each is a ``ValueError`` so ``except ValueError`` still works, and
each names what it refuses, as Carnuta's and Carnival's do."""

from __future__ import annotations

from tabletop.errors import LabError


class CarcataError(ValueError):
    """Base class of every error the Carcata engine raises on bad input."""


class ActionSyntaxError(CarcataError):
    """Text that is not an action in Carcata's notation (``"move 1-7 north"``)."""


class IllegalAction(CarcataError):
    """A well-formed action that the rules do not allow in this position."""


class PositionError(CarcataError):
    """A staged position or saved game that is inconsistent; names the field."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.reason = message


class RulesError(CarcataError):
    """A ``Rules`` value whose settings contradict each other."""


class ArgumentError(CarcataError, LabError):
    """An argument a table, a bot or the lab cannot use; names it (``argument``)."""
