"""Actions and chance outcomes as immutable values with a short notation, English or French.

==============================  ================================  ==========================================
English                         French                            meaning
==============================  ================================  ==========================================
``place 1-17``                  ``poser 1-17``                    set-up: a pawn onto a free beach space
``reroll move lava``            ``relancer pas lave``             roll those dice again (faces in FACES order)
``keep``                        ``garder``                        keep the dice: apply their effects
``move 1-17 ne``                ``avancer 1-17 ne``               one step of the pawn on 1-17
``move 1-3 turtle``             ``avancer 1-3 tortue``            climb onto the Turtle
``move turtle 1-4``             ``avancer tortue 1-4``            get off the Turtle onto 1-4
``lava 6-1 ne``                 ``lave 6-1 ne``                   the turn's lava flow, from 6-1 towards ne
``lava 6-1 ne left right``      ``lave 6-1 ne gauche droite``     ... deflected by statues, left then right
``erupt``                       ``eruption``                      draw a gem for the catapult
``aim 3-5``                     ``viser 3-5``                     throw the drawn gem at 3-5
``statue to 2-4``               ``statue vers 2-4``               a statue from the small islands onto 2-4
``statue from 2-4``             ``statue depuis 2-4``             the statue on 2-4 back to the small islands
``end``                         ``fin``                           end the effects (and the turn)
``roll move move lava turtle``  ``lancer pas pas lave tortue``    chance: what the rolled dice show
``draw ruby``                   ``tirer rubis``                   chance: the gem drawn from the bag
``land 3-5``                    ``tomber 3-5``                    chance: the gem stops on 3-5
``land 3-5 touch``              ``tomber 3-5 touche``             chance: ... touching the pawn there
``land sea``                    ``tomber mer``                    chance: the gem falls into the sea
==============================  ================================  ==========================================

Spaces are named as in ``board`` (``"3-7"``); directions ``e ne nw w sw se`` (French ``e ne
no o so se``). ``str(action)`` is the English notation, ``action.notation("fr")`` the French
one, and ``Action.parse(text)`` reads either (any case, accents optional).

>>> Action.parse("move 1-17 ne")
Action.parse('move 1-17 ne')
>>> Action.parse("AVANCER 1-17 NO").notation("fr")
'avancer 1-17 no'
>>> str(Action.parse("relancer lave pas pas"))
'reroll move move lava'
>>> Action.parse("tomber 3-5 touche")
Action.parse('land 3-5 touch')
>>> Action.parse("move 1-17 north")
Traceback (most recent call last):
...
carcata_core.errors.ActionSyntaxError: 'move 1-17 north' is not an action: 'north' is not a direction (e ne nw w sw se; en français : e ne no o so se)
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.saves import short_repr
from tabletop.words import Notated, plain, split_action

from .board import DIRECTION_WORDS, DIRECTIONS, ISLAND
from .errors import ActionSyntaxError, CarcataError
from .rules import FACES, GEM_NAMES

#: The Turtle, where a Move starts or ends for a pawn riding it.
TURTLE = -1
#: The sea, where a Land outcome may put a gem.
SEA = -1

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "place": "place", "reroll": "reroll", "keep": "keep", "move": "move", "lava": "lava",
        "erupt": "erupt", "aim": "aim", "statue": "statue", "end": "end", "roll": "roll",
        "draw": "draw", "land": "land", "to": "to", "from": "from", "turtle": "turtle",
        "left": "left", "right": "right", "touch": "touch", "sea": "sea",
    },
    "fr": {
        "place": "poser", "reroll": "relancer", "keep": "garder", "move": "avancer",
        "lava": "lave", "erupt": "eruption", "aim": "viser", "statue": "statue", "end": "fin",
        "roll": "lancer", "draw": "tirer", "land": "tomber", "to": "vers", "from": "depuis",
        "turtle": "tortue", "left": "gauche", "right": "droite", "touch": "touche",
        "sea": "mer",
    },
}  # fmt: skip
FACE_WORDS: dict[str, tuple[str, ...]] = {
    "en": FACES,
    "fr": ("pas", "lave", "eruption", "statue", "tortue"),
}
GEM_WORDS: dict[str, tuple[str, ...]] = {
    "en": GEM_NAMES,
    "fr": ("emeraude", "rubis", "saphir", "diamant"),
}
VERBS = ("place", "reroll", "keep", "move", "lava", "erupt", "aim", "statue", "end", "roll",
         "draw", "land")  # fmt: skip

_VERB = {plain(t[v]): v for t in WORDS.values() for v in VERBS}
_WORD = {plain(w): k for t in WORDS.values() for k, w in t.items()}
_FACE = {plain(w): i for t in FACE_WORDS.values() for i, w in enumerate(t)}
_GEM = {plain(w): i for t in GEM_WORDS.values() for i, w in enumerate(t)}
_DIRECTION = {plain(w): i for t in DIRECTION_WORDS.values() for i, w in enumerate(t)}


def _lang(lang: str) -> dict[str, str]:
    if lang not in WORDS:
        raise CarcataError(f"lang should be one of {', '.join(WORDS)}, not {short_repr(lang)}")
    return WORDS[lang]


def _cell_ok(value: object) -> bool:
    return type(value) is int and 0 <= value < ISLAND.size


def _check_cell(kind: str, field: str, value: object) -> None:
    if not _cell_ok(value):
        raise ActionSyntaxError(
            f"{kind}.{field}: should be a space number from 0 to {ISLAND.size - 1}, "
            f"not {short_repr(value)}"
        )


def _is_marker(value: object, marker: int) -> bool:
    """Whether ``value`` is the whole number ``marker`` (``TURTLE``, ``SEA``), compared only
    once it is known to be an int (any other object's ``==`` may do anything)."""
    return type(value) is int and value == marker


def _check_counts(kind: str, value: object) -> tuple[int, ...]:
    if (
        not isinstance(value, tuple)
        or len(value) != len(FACES)
        or any(type(n) is not int or not 0 <= n <= 8 for n in value)
    ):
        raise ActionSyntaxError(
            f"{kind}.faces: should be {len(FACES)} counts, one per face ({', '.join(FACES)}), "
            f"not {short_repr(value)}"
        )
    return value


def faces_text(counts: tuple[int, ...], lang: str) -> str:
    """Face counts as words in FACES order: ``move move lava``."""
    words = FACE_WORDS[lang]
    return " ".join(w for w, n in zip(words, counts, strict=True) for _ in range(n))


class Action(Notated):
    """Base class of every action and chance outcome; ``Action.parse(text)`` reads them."""

    __slots__ = ()

    def __new__(cls, *args: object, **kwargs: object) -> Action:
        if cls is Action or cls is Outcome:
            raise ActionSyntaxError(
                "Action is the kind of every action, not one: write Action.parse('keep')"
            )
        return super().__new__(cls)

    @staticmethod
    def parse(text: str) -> Action:
        return parse_action(text)


class Outcome(Action):
    """A chance outcome: what the dice, the bag or the catapult decide."""

    __slots__ = ()


@dataclass(frozen=True, slots=True, repr=False)
class Place(Action):
    """Set-up: a pawn of the player to act onto ``cell`` (a free beach space)."""

    cell: int

    def __post_init__(self) -> None:
        _check_cell("Place", "cell", self.cell)

    def notation(self, lang: str = "en") -> str:
        return f"{_lang(lang)['place']} {ISLAND.names[self.cell]}"


@dataclass(frozen=True, slots=True, repr=False)
class Reroll(Action):
    """Roll again the dice showing ``faces`` (counts per face; never a turtle)."""

    faces: tuple[int, ...]

    def __post_init__(self) -> None:
        counts = _check_counts("Reroll", self.faces)
        if counts[-1] or not any(counts):
            raise ActionSyntaxError(
                "Reroll.faces: name at least one die, and no turtle (turtles are locked)"
            )

    def notation(self, lang: str = "en") -> str:
        return f"{_lang(lang)['reroll']} {faces_text(self.faces, lang)}"


@dataclass(frozen=True, slots=True, repr=False)
class Keep(Action):
    """Keep the dice as they show: their effects come next."""

    def notation(self, lang: str = "en") -> str:
        return _lang(lang)["keep"]


@dataclass(frozen=True, slots=True, repr=False)
class Move(Action):
    """One movement: the pawn on ``source`` to the touching ``target``; either may be
    ``TURTLE`` (climbing onto it from a beach space, or getting off onto one)."""

    source: int
    target: int

    def __post_init__(self) -> None:
        source, target = self.source, self.target
        if not _is_marker(source, TURTLE):
            _check_cell("Move", "source", source)
        if not _is_marker(target, TURTLE):
            _check_cell("Move", "target", target)
        if source == TURTLE and target == TURTLE:
            raise ActionSyntaxError("Move: a pawn moves from the Turtle onto a beach space")
        if TURTLE in (source, target):
            cell = target if source == TURTLE else source
            if ISLAND.levels_of[cell] != 1:
                raise ActionSyntaxError(
                    f"Move: the Turtle is reached from the beach, not from {ISLAND.names[cell]}"
                )
        elif not ISLAND.touches(source, target):
            raise ActionSyntaxError(
                f"Move: {ISLAND.names[source]} and {ISLAND.names[target]} do not touch"
            )

    def notation(self, lang: str = "en") -> str:
        words = _lang(lang)
        if self.source == TURTLE:
            return f"{words['move']} {words['turtle']} {ISLAND.names[self.target]}"
        if self.target == TURTLE:
            return f"{words['move']} {ISLAND.names[self.source]} {words['turtle']}"
        index = ISLAND.step_table[self.source].index(self.target)
        return f"{words['move']} {ISLAND.names[self.source]} {DIRECTION_WORDS[lang][index]}"


@dataclass(frozen=True, slots=True, repr=False)
class Lava(Action):
    """The turn's lava flow from ``cell`` towards ``direction`` (an index of DIRECTIONS),
    turning ``turns`` (``"left"``/``"right"``) at each statue in its way."""

    cell: int
    direction: int
    turns: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        _check_cell("Lava", "cell", self.cell)
        if type(self.direction) is not int or not 0 <= self.direction < 6:
            raise ActionSyntaxError(
                f"Lava.direction: should be 0 to 5 ({' '.join(DIRECTIONS)}), "
                f"not {short_repr(self.direction)}"
            )
        if (
            not isinstance(self.turns, tuple)
            or len(self.turns) > 6
            or any(t not in ("left", "right") for t in self.turns)
        ):
            raise ActionSyntaxError(
                f"Lava.turns: should be a few of 'left' and 'right', not {short_repr(self.turns)}"
            )

    def notation(self, lang: str = "en") -> str:
        words = _lang(lang)
        parts = [words["lava"], ISLAND.names[self.cell], DIRECTION_WORDS[lang][self.direction]]
        parts += [words[t] for t in self.turns]
        return " ".join(parts)


@dataclass(frozen=True, slots=True, repr=False)
class Erupt(Action):
    """Use an eruption die: draw a gem from the bag for the catapult."""

    def notation(self, lang: str = "en") -> str:
        return _lang(lang)["erupt"]


@dataclass(frozen=True, slots=True, repr=False)
class Aim(Action):
    """Throw the drawn gem at ``cell``."""

    cell: int

    def __post_init__(self) -> None:
        _check_cell("Aim", "cell", self.cell)

    def notation(self, lang: str = "en") -> str:
        return f"{_lang(lang)['aim']} {ISLAND.names[self.cell]}"


@dataclass(frozen=True, slots=True, repr=False)
class Statue(Action):
    """Use a statue die: a statue onto ``cell`` (``onto``) or from it back to the small
    islands."""

    cell: int
    onto: bool = True

    def __post_init__(self) -> None:
        _check_cell("Statue", "cell", self.cell)
        if not isinstance(self.onto, bool):
            raise ActionSyntaxError(
                f"Statue.onto: should be True or False, not {short_repr(self.onto)}"
            )

    def notation(self, lang: str = "en") -> str:
        words = _lang(lang)
        return f"{words['statue']} {words['to' if self.onto else 'from']} {ISLAND.names[self.cell]}"


@dataclass(frozen=True, slots=True, repr=False)
class End(Action):
    """End the effects: the moves and statues left are forfeited; the Turtle advances."""

    def notation(self, lang: str = "en") -> str:
        return _lang(lang)["end"]


@dataclass(frozen=True, slots=True, repr=False)
class Roll(Outcome):
    """Chance: the rolled dice show ``faces`` (counts per face, turtles included)."""

    faces: tuple[int, ...]

    def __post_init__(self) -> None:
        if not any(_check_counts("Roll", self.faces)):
            raise ActionSyntaxError("Roll.faces: a roll shows at least one die")

    def notation(self, lang: str = "en") -> str:
        return f"{_lang(lang)['roll']} {faces_text(self.faces, lang)}"


@dataclass(frozen=True, slots=True, repr=False)
class Draw(Outcome):
    """Chance: the gem drawn from the bag (a colour index of GEM_NAMES)."""

    colour: int

    def __post_init__(self) -> None:
        if type(self.colour) is not int or not 0 <= self.colour < len(GEM_NAMES):
            raise ActionSyntaxError(
                f"Draw.colour: should be 0 to {len(GEM_NAMES) - 1} ({', '.join(GEM_NAMES)}), "
                f"not {short_repr(self.colour)}"
            )

    def notation(self, lang: str = "en") -> str:
        return f"{_lang(lang)['draw']} {GEM_WORDS[lang][self.colour]}"


@dataclass(frozen=True, slots=True, repr=False)
class Land(Outcome):
    """Chance: where the thrown gem stops: ``cell`` (``SEA``: in the sea), and whether it
    touches the pawn there (``touch``)."""

    cell: int
    touch: bool = False

    def __post_init__(self) -> None:
        if not _is_marker(self.cell, SEA):
            _check_cell("Land", "cell", self.cell)
        if not isinstance(self.touch, bool) or (self.touch and self.cell == SEA):
            raise ActionSyntaxError(
                f"Land.touch: True only on a space, not {short_repr(self.touch)}"
            )

    def notation(self, lang: str = "en") -> str:
        words = _lang(lang)
        if self.cell == SEA:
            return f"{words['land']} {words['sea']}"
        touch = f" {words['touch']}" if self.touch else ""
        return f"{words['land']} {ISLAND.names[self.cell]}{touch}"


# ------------------------------------------------------------------ reading
def _cell(word: str) -> int:
    found = ISLAND.find(word)
    if found is None:
        raise ValueError(
            f"{short_repr(word)} is not a space (spaces are level-number, like '1-17' or '6-1')"
        )
    return found


def _direction(word: str) -> int:
    found = _DIRECTION.get(plain(word))
    if found is None:
        raise ValueError(
            f"{short_repr(word)} is not a direction ({' '.join(DIRECTIONS)}; en français : "
            f"{' '.join(DIRECTION_WORDS['fr'])})"
        )
    return found


def _faces(words: list[str], what: str) -> tuple[int, ...]:
    counts = [0] * len(FACES)
    for word in words:
        face = _FACE.get(plain(word))
        if face is None:
            raise ValueError(
                f"{short_repr(word)} is not a face ({', '.join(FACES)}; en français : "
                f"{', '.join(FACE_WORDS['fr'])})"
            )
        counts[face] += 1
    if not words:
        raise ValueError(f"name the {what}, like 'move lava'")
    if len(words) > 8:
        raise ValueError("at most 8 dice")
    return tuple(counts)


def _parse_words(verb: str, args: list[str]) -> Action:
    keys = [_WORD.get(plain(a)) for a in args]
    n = len(args)
    if verb in ("keep", "erupt", "end"):
        if n:
            raise ValueError(f"'{WORDS['en'][verb]}' takes nothing after it")
        return {"keep": KEEP, "erupt": ERUPT, "end": END}[verb]
    if verb in ("place", "aim"):
        if n != 1:
            raise ValueError(f"'{verb}' names one space, like '{verb} 1-17'")
        return (Place if verb == "place" else Aim)(_cell(args[0]))
    if verb == "reroll":
        faces = _faces(args, "dice to roll again")
        if faces[-1]:
            raise ValueError("turtles are locked: they cannot be rolled again")
        return Reroll(faces)
    if verb == "roll":
        return Roll(_faces(args, "faces the dice show"))
    if verb == "move":
        if n != 2:
            raise ValueError("write 'move 1-17 ne', 'move 1-3 turtle' or 'move turtle 1-4'")
        if keys[0] == "turtle":
            return Move(TURTLE, _cell(args[1]))
        source = _cell(args[0])
        if keys[1] == "turtle":
            return Move(source, TURTLE)
        direction = _direction(args[1])
        target = ISLAND.step_table[source][direction]
        if target < 0:
            where = "the sea" if target == -1 else "the volcano"
            raise ValueError(f"{DIRECTIONS[direction]} of {ISLAND.names[source]} is {where}")
        return Move(source, target)
    if verb == "lava":
        if n < 2:
            raise ValueError("write 'lava 6-1 ne', then 'left' or 'right' for each statue")
        turns = []
        for word, key in zip(args[2:], keys[2:], strict=True):
            if key not in ("left", "right"):
                raise ValueError(f"{short_repr(word)} is not a turn: 'left' or 'right'")
            turns.append(key)
        if len(turns) > 6:
            raise ValueError("at most 6 turns")
        return Lava(_cell(args[0]), _direction(args[1]), tuple(turns))
    if verb == "statue":
        if n != 2 or keys[0] not in ("to", "from"):
            raise ValueError("write 'statue to 2-4' or 'statue from 2-4'")
        return Statue(_cell(args[1]), keys[0] == "to")
    if verb == "draw":
        gem = _GEM.get(plain(args[0])) if n == 1 else None
        if gem is None:
            raise ValueError(f"name one gem: {', '.join(GEM_NAMES)}")
        return Draw(gem)
    # land
    if n == 1 and keys[0] == "sea":
        return Land(SEA)
    if n == 1:
        return Land(_cell(args[0]))
    if n == 2 and keys[1] == "touch":
        return Land(_cell(args[0]), True)
    raise ValueError("write 'land 3-5', 'land 3-5 touch' or 'land sea'")


def parse_action(text: str) -> Action:
    """Read an action or chance outcome in Carcata's notation, English or French;
    ``ActionSyntaxError`` quotes the text and says what was expected."""
    verb, words = split_action(
        text,
        _VERB,
        WORDS,
        VERBS,
        like={"en": "'move 1-17 ne'"},
        empty={"en": "'keep' or 'move 1-17 ne'"},
        error=ActionSyntaxError,
        show=short_repr,
    )
    try:
        return _parse_words(verb, words[1:])
    except ValueError as error:
        # Quoted whole, as typed (the text is short: at most MAX_ACTION_TEXT), as Carnival does.
        raise ActionSyntaxError(f"{text.strip()!r} is not an action: {error}") from None


# --------------------------------------------------------- interned values
KEEP = Keep()
ERUPT = Erupt()
END = End()
PLACES: tuple[Place, ...] = tuple(Place(c) for c in range(ISLAND.size))
AIMS: tuple[Aim, ...] = tuple(Aim(c) for c in range(ISLAND.size))
STATUES_TO: tuple[Statue, ...] = tuple(Statue(c, True) for c in range(ISLAND.size))
STATUES_FROM: tuple[Statue, ...] = tuple(Statue(c, False) for c in range(ISLAND.size))
#: ``STEPS_OUT[cell]``: ``(target, Move)`` for each touching space.
STEPS_OUT: tuple[tuple[tuple[int, Move], ...], ...] = tuple(
    tuple((t, Move(c, t)) for t in ISLAND.neighbour_table[c]) for c in range(ISLAND.size)
)
CLIMBS: dict[int, Move] = {c: Move(c, TURTLE) for c in ISLAND.beach}
ALIGHTS: dict[int, Move] = {c: Move(TURTLE, c) for c in ISLAND.beach}
DRAWS: tuple[Draw, ...] = tuple(Draw(i) for i in range(len(GEM_NAMES)))
LAND_SEA = Land(SEA)
LANDS: tuple[tuple[Land, Land], ...] = tuple((Land(c), Land(c, True)) for c in range(ISLAND.size))

__all__ = [
    "SEA", "TURTLE", "Action", "Aim", "Draw", "End", "Erupt", "Keep", "Land", "Lava", "Move",
    "Outcome", "Place", "Reroll", "Roll", "Statue", "parse_action",
]  # fmt: skip
