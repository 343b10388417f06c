"""Actions as immutable values with a short, readable notation, in English or French.

Every turn the player to act has drawn a card; the action says which card goes where.

=======================  ==========================  ==============================================
English                  French                      action
=======================  ==========================  ==============================================
``carnival R4``          ``carnaval R4``             Play R4 face up onto the Carnival stack
``spectator R4``         ``spectateur R4``           Play R4 face up in front of you, as your
                                                     Spectator
``give R4 to 2``         ``donner R4 à 2``           Play R4 face up in front of player 2, as their
                                                     Spectator
``mask R4 carnival``     ``masque R4 carnaval``      Play a Mask with R4 slid face down under it,
                                                     onto the stack
``mask R4 spectator``    ``masque R4 spectateur``    ... in front of you
``mask R4 to 2``         ``masque R4 à 2``           ... in front of player 2
``mask carnival``        ``masque carnaval``         A Mask hiding nothing, onto the stack (only
                                                     when no Creature is left to hide)
``mask spectator``       ``masque spectateur``       ... in front of you
``mask to 2``            ``masque à 2``              ... in front of player 2
=======================  ==========================  ==============================================

Cards are written with their colour letter and value (``R4`` red 4, ``Y-2`` yellow -2; see
``cards.py``) in both languages; players are numbered from 1 in the notation, seats from 0 in
the values. ``str(action)`` gives the English notation, ``action.notation("fr")`` the French
one, and ``Action.parse(text)`` reads either (any case; accents optional: ``donner R4 a 2``).

>>> Action.parse("give r4 to 2")
Action.parse('give R4 to 2')
>>> Action.parse("give R4 to 2").to
1
>>> str(Play("Y-2", CARNIVAL, masked=True))
'mask Y-2 carnival'
>>> Action.parse("masque Y-2 carnaval").notation("fr")
'masque Y-2 carnaval'
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.saves import short_repr
from tabletop.words import plain, quote, spellings, split_action

from .cards import Card
from .errors import ActionSyntaxError, CardError, CarnivalError
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

    def notation(self, lang: str = "en") -> str:
        """The action in the notation of ``lang`` (``"en"`` or ``"fr"``)."""
        raise NotImplementedError

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
        return self.notation("en")

    def notation(self, lang: str = "en") -> str:
        """The action in the notation of ``lang`` (``"en"`` or ``"fr"``)."""
        words = _words(lang)
        if self.to == CARNIVAL:
            place = words["carnival"]
        elif self.to == OWN:
            place = words["spectator"]
        else:
            place = f"{words['to']} {self.to + 1}"
        if self.masked:
            mask = words["mask"]
            return f"{mask} {self.card} {place}" if self.card is not None else f"{mask} {place}"
        if self.to >= 0:
            return f"{words['give']} {self.card} {place}"
        return f"{place} {self.card}"


#: The words of the notation, by language: the verbs, and ``to`` before a player's number.
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "carnival": "carnival",
        "spectator": "spectator",
        "give": "give",
        "mask": "mask",
        "to": "to",
    },
    "fr": {
        "carnival": "carnaval",
        "spectator": "spectateur",
        "give": "donner",
        "mask": "masque",
        "to": "à",
    },
}
VERBS = ("carnival", "spectator", "give", "mask")
#: Every spelling of a word of the notation, in both languages, to its key.
_SPELLINGS = spellings(WORDS)
#: Every spelling of a verb, to its key.
_VERB_SPELLINGS = {spelling: key for spelling, key in _SPELLINGS.items() if key in VERBS}


def _words(lang: str) -> dict[str, str]:
    if lang not in WORDS:
        raise CarnivalError(f"lang should be one of {', '.join(WORDS)}, not {short_repr(lang)}")
    return WORDS[lang]


def _key(word: str) -> str | None:
    """The notation's word ``word`` spells, in either language (None if it spells none)."""
    return _SPELLINGS.get(plain(word))


def _creature_id(word: str) -> str:
    if _key(word) == "mask":
        raise ValueError("a Mask is played with the word 'mask', like 'mask R4 carnival'")
    try:
        return Card.parse(word).id
    except CardError as error:
        raise ValueError(str(error)) from None


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
    keys = [_key(w) for w in words]
    if keys == ["carnival"]:
        return CARNIVAL
    if keys == ["spectator"]:
        return OWN
    if len(words) == 2 and keys[0] == "to":
        return _player(words[1])
    if not words:
        raise ValueError("say where the Mask goes: 'carnival', 'spectator' or 'to 2' at the end")
    raise ValueError(
        f"{short_repr(' '.join(words))} is not a place: say 'carnival', 'spectator' or 'to 2'"
    )


#: Each verb's examples, as actions (worded in either language by ``examples``).
EXAMPLES: dict[str, tuple[Play, ...]] = {
    "carnival": (Play("R4", CARNIVAL),),
    "spectator": (Play("R4", OWN),),
    "give": (Play("R4", 1),),
    "mask": (Play("R4", CARNIVAL, True), Play("R4", OWN, True), Play("R4", 1, True)),
}


def examples(verb: str, lang: str = "en") -> str:
    """How ``verb`` is written, in ``lang``: ``'mask R4 carnival', 'mask R4 spectator' or
    'mask R4 to 2'``."""
    quoted = [quote(action.notation(lang), lang) for action in EXAMPLES[verb]]
    last = " or " if lang == "en" else " ou "
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + last + quoted[-1]


def _parse_words(verb: str, args: list[str]) -> Action:
    """``args`` keep the case they were typed in, so that a message echoes what was typed."""
    if verb in ("carnival", "spectator") and len(args) == 1:
        return Play(_creature_id(args[0]), CARNIVAL if verb == "carnival" else OWN)
    if verb == "give" and len(args) == 3 and _key(args[1]) == "to":
        return Play(_creature_id(args[0]), _player(args[2]))
    if verb == "mask" and args:
        if _key(args[0]) in ("carnival", "spectator", "to"):
            return Play(None, _place(args), masked=True)
        if _key(args[0]) == "mask":
            raise ValueError("a Mask hides a Creature, not another Mask")
        return Play(_creature_id(args[0]), _place(args[1:]), masked=True)
    raise ValueError(f"'{verb}' is written like {examples(verb)}")


def parse_action(text: str) -> Action:
    """Read an action in Carnival's notation, English or French; ``ActionSyntaxError`` says
    what is wrong."""
    verb, words = split_action(
        text,
        _VERB_SPELLINGS,
        WORDS,
        VERBS,
        like={"en": "'carnival R4'"},
        empty={"en": "'carnival R4' or 'give R4 to 2'"},
        error=ActionSyntaxError,
    )
    try:
        return _parse_words(verb, words[1:])
    except ValueError as error:
        raise ActionSyntaxError(f"{text.strip()!r} is not an action: {error}") from None
