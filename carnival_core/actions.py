"""Actions as immutable values with a short, readable notation.

Every turn the player to act has drawn a card; the action says which card goes where.

========================  =======================================================
``carnival R4``           Play R4 face up onto the Carnival stack
``spectator R4``          Play R4 face up in front of you, as your Spectator
``give R4 to 2``          Play R4 face up in front of player 2, as their Spectator
``mask R4 carnival``      Play a Mask with R4 slid face down under it, onto the stack
``mask R4 spectator``     ... in front of you
``mask R4 to 2``          ... in front of player 2
``mask carnival``         A Mask hiding nothing, onto the stack (only when no Creature is
                          left to hide)
``mask spectator``        ... in front of you
``mask to 2``             ... in front of player 2
========================  =======================================================

Cards are written with their colour letter and value (``R4`` red 4, ``Y-2`` yellow -2; see
``cards.py``); players are numbered from 1 in the notation, seats from 0 in the values.
``str(action)`` gives the notation and ``Action.parse(text)`` reads it back.

>>> Action.parse("give r4 to 2")
Action.parse('give R4 to 2')
>>> Action.parse("give R4 to 2").to
1
>>> str(Play("Y-2", CARNIVAL, masked=True))
'mask Y-2 carnival'
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.saves import MAX_ACTION_TEXT, short_repr

from .cards import Card
from .errors import ActionSyntaxError, CardError
from .rules import MAX_PLAYERS

#: Where a card goes, besides another player's seat number (0-based).
CARNIVAL = -2
OWN = -1
#: Seats a Play may name (the most players any Carnival rules allow).
MAX_SEATS = MAX_PLAYERS


class Action:
    """Base class of every action; ``Action.parse(text)`` reads the notation."""

    __slots__ = ()

    def __new__(cls, *args: object, **kwargs: object) -> Action:
        if cls is Action:
            raise ActionSyntaxError(
                "Action is the kind of every action, not one: write Action.parse('carnival R4')"
                " or Play('R4', CARNIVAL)"
            )
        return super().__new__(cls)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Action:
        return parse_action(text)


@dataclass(frozen=True, slots=True, repr=False)
class Play(Action):
    """Play ``card`` (a Creature id) to ``to``: ``CARNIVAL``, ``OWN`` or another seat.

    ``masked``: a Mask goes down with the card slid face down under it; ``card`` is None only
    for a Mask that hides nothing.
    """

    card: str | None
    to: int = CARNIVAL
    masked: bool = False

    def __post_init__(self) -> None:
        # Checked here so that every Play prints, and the engine's messages can name it.
        card, to, masked = self.card, self.to, self.masked
        if card is not None:
            if not isinstance(card, str):
                raise ActionSyntaxError(
                    f"Play.card: should be a card id like 'R4' (or None), not {short_repr(card)}"
                )
            try:
                # The card's own id (capitals): 'r4' and 'R4' are one action.
                object.__setattr__(self, "card", _creature_id(card))
            except ValueError as error:
                raise ActionSyntaxError(f"Play.card: {error}") from None
        if isinstance(to, bool) or not isinstance(to, int) or not CARNIVAL <= to < MAX_SEATS:
            raise ActionSyntaxError(
                f"Play.to: should be CARNIVAL, OWN or a seat from 0 to {MAX_SEATS - 1}, "
                f"not {short_repr(to)}"
            )
        if not isinstance(masked, bool):
            raise ActionSyntaxError(
                f"Play.masked: should be True or False, not {short_repr(masked)}"
            )
        if card is None and not masked:
            raise ActionSyntaxError(
                "Play.card: only a Mask may be played hiding nothing (card None)"
            )

    def __str__(self) -> str:
        if self.to == CARNIVAL:
            place = "carnival"
        elif self.to == OWN:
            place = "spectator"
        else:
            place = f"to {self.to + 1}"
        if self.masked:
            return f"mask {self.card} {place}" if self.card is not None else f"mask {place}"
        if self.to >= 0:
            return f"give {self.card} {place}"
        return f"{place} {self.card}"


VERBS = ("carnival", "spectator", "give", "mask")
EXAMPLES = {
    "carnival": "carnival R4",
    "spectator": "spectator R4",
    "give": "give R4 to 2",
    "mask": "mask R4 carnival, mask R4 spectator or mask R4 to 2",
}


def _creature_id(word: str) -> str:
    try:
        card = Card.parse(word)
    except CardError as error:
        raise ValueError(str(error)) from None
    if card.is_mask:
        raise ValueError("a Mask is played with the word 'mask', like 'mask R4 carnival'")
    return card.id


def _player(word: str) -> int:
    # Checked against the most seats any rules allow here, so that the message names the
    # player typed rather than the seat field of a Play.
    if (
        not (word.isascii() and word.isdigit() and len(word) <= 3)
        or not 1 <= int(word) <= MAX_SEATS
    ):
        raise ValueError(
            f"the player {short_repr(word)} should be a number from 1 to {MAX_SEATS} "
            "(players count from 1)"
        )
    return int(word) - 1


def _place(words: list[str]) -> int:
    lowered = [w.lower() for w in words]
    if lowered == ["carnival"]:
        return CARNIVAL
    if lowered == ["spectator"]:
        return OWN
    if len(words) == 2 and lowered[0] == "to":
        return _player(words[1])
    if not words:
        raise ValueError("say where the Mask goes: 'carnival', 'spectator' or 'to 2' at the end")
    raise ValueError(
        f"{short_repr(' '.join(words))} is not a place: say 'carnival', 'spectator' or 'to 2'"
    )


def _parse_words(verb: str, args: list[str]) -> Action:
    """``args`` keep the case they were typed in, so that a message echoes what was typed."""
    if verb in ("carnival", "spectator") and len(args) == 1:
        return Play(_creature_id(args[0]), CARNIVAL if verb == "carnival" else OWN)
    if verb == "give" and len(args) == 3 and args[1].lower() == "to":
        return Play(_creature_id(args[0]), _player(args[2]))
    if verb == "mask" and args:
        if args[0].lower() in ("carnival", "spectator", "to"):
            return Play(None, _place(args), masked=True)
        if args[0].lower() == "mask":
            raise ValueError("a Mask hides a Creature, not another Mask")
        return Play(_creature_id(args[0]), _place(args[1:]), masked=True)
    raise ValueError(f"'{verb}' is written like '{EXAMPLES[verb]}'")


def parse_action(text: str) -> Action:
    """Read an action in Carnival's notation; ``ActionSyntaxError`` says what is wrong."""
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action is text like 'carnival R4', not {short_repr(text)}")
    if len(text) > MAX_ACTION_TEXT:
        raise ActionSyntaxError(
            f"an action is a few words like 'carnival R4', not {len(text)} characters"
        )
    words = text.strip().split()
    if not words:
        raise ActionSyntaxError("an empty action: write one like 'carnival R4' or 'give R4 to 2'")
    verb, args = words[0].lower(), words[1:]
    if verb not in VERBS:
        raise ActionSyntaxError(
            f"{text.strip()!r} is not an action: unknown word {words[0]!r} "
            f"(an action starts with one of: {', '.join(VERBS)})"
        )
    try:
        return _parse_words(verb, args)
    except ValueError as error:
        raise ActionSyntaxError(f"{text.strip()!r} is not an action: {error}") from None
