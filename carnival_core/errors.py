"""Carnival's error types. Each is a ``ValueError`` so ``except ValueError`` still works."""

from __future__ import annotations

from tabletop.errors import LabError


class CarnivalError(ValueError):
    """Base class of every error the Carnival engine raises on bad input."""

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (``"en"`` or ``"fr"``; one without a French wording stays
        in English)."""
        from .messages import translate  # the messages read the actions, which raise these

        return translate(str(self), lang)


class ActionSyntaxError(CarnivalError):
    """Text that is not an action in Carnival's notation (``"carnaval R4"``)."""


class IllegalAction(CarnivalError):
    """A well-formed action that the rules do not allow in this position."""


class PositionError(CarnivalError):
    """A staged position or saved game that is inconsistent; names the field."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.reason = message


class RulesError(CarnivalError):
    """A ``Rules`` value whose settings contradict each other."""


class CardError(CarnivalError):
    """Text that is not a card id (``"R4"``, ``"Y-2"``, ``"Mask"``)."""


class ArgumentError(CarnivalError, LabError):
    """An argument a table, a bot or the lab cannot use; names the argument (``argument``)
    and says why (``detail``)."""
