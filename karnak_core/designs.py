"""Design cards as data: the kit's small language of goals about structures.

A Design asks for one or more distinct structures on the mat, each meeting every clause of
its goal (docs/karnak.md, "Design cards as data"). The goal is text in English or French;
``parse_goal`` reads either, ``Goal.text(lang)`` writes either, and ``Design.is_complete``
checks a ``Building`` with each clause compiled once to a test over a structure's spots.

>>> kiosk = REFERENCE_DESIGNS[0]
>>> kiosk
Design('K01', 'Kiosk', 'Kiosque', 5, 'a structure with exactly 3 cubes')
>>> kiosk.text_in("fr")
'une structure avec exactement 3 cubes'
>>> parse_goal("une structure avec exactement 3 cubes") == kiosk.goal
True
>>> from karnak_core.mat import MAT, piece
>>> b = Building.empty().put(MAT.cell("c4"), piece("cube", "yellow"))
>>> b = b.put(MAT.cell("d4"), piece("cube", "white"))
>>> kiosk.is_complete(b)
False
>>> kiosk.explain(b)
'K01 Kiosk needs a structure with exactly 3 cubes: the closest, at c4, has 2 cubes.'
>>> kiosk.explain(b.put(MAT.cell("e4"), piece("cube", "yellow")), "fr")
'K01 Kiosque est complet : la structure en c4 le complète.'
"""

from __future__ import annotations

import operator
import re
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from importlib import resources

from tabletop.saves import short_repr

from .errors import ArgumentError, DesignError
from .mat import SHAPES, Building, Spot, marking_bit

#: A compiled clause: does the structure made of these spots meet it?
Test = Callable[[Building, frozenset[Spot]], bool]
#: The same clause tested on a structure's ``Sketch``: the same answer, from the sketch alone.
SketchTest = Callable[["Sketch"], bool]
#: The languages a goal is read and written in.
LANGS: tuple[str, ...] = ("en", "fr")
#: Bounds that keep reading a hostile file's work small and its numbers meaningful.
MAX_LINE = 400
MAX_DESIGNS = 200
MAX_CLAUSES = 12
MAX_NUMBER = 60
MAX_STRUCTURES = 6
MAX_POINTS = 20

DIGITS = re.compile(r"[0-9]+")
RELATION_WORDS: dict[str, dict[str, str]] = {
    "en": {"exactly": "exactly", "at least": "at least", "at most": "at most"},
    "fr": {"exactly": "exactement", "at least": "au moins", "at most": "au plus"},
}
NUMBER_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"),
    "fr": ("zero", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf"),
}
#: Shape nouns, singular and plural, as written (accents and all) and read (without).
SHAPE_NOUNS: dict[str, dict[str, tuple[str, str]]] = {
    "en": {s: (s, s + "s") for s in SHAPES},
    "fr": {
        "triangle": ("triangle", "triangles"),
        "statue": ("statue", "statues"),
        "disk": ("disque", "disques"),
        "rod": ("bâton", "bâtons"),
        "cube": ("cube", "cubes"),
    },
}
PIECE_NOUNS: dict[str, tuple[str, str]] = {"en": ("piece", "pieces"), "fr": ("pièce", "pièces")}
#: French nouns that are feminine (their article and adjectives agree).
FEMININE = {"statue", None}
COLOUR_WORDS_EN = {"yellow": "yellow", "white": "white"}
#: French colour adjectives by colour: masculine / feminine, singular / plural.
COLOUR_WORDS_FR: dict[str, dict[tuple[bool, bool], str]] = {
    "yellow": {(f, p): "jaunes" if p else "jaune" for f in (False, True) for p in (False, True)},
    "white": {
        (False, False): "blanc",
        (True, False): "blanche",
        (False, True): "blancs",
        (True, True): "blanches",
    },
}
MARKING_WORDS: dict[str, dict[str, str]] = {
    "en": {"water": "water", "circle": "a circle", "line": "the line", "dotted": "the dotted line"},
    "fr": {
        "water": "l'eau",
        "circle": "un cercle",
        "line": "la ligne",
        "dotted": "la ligne pointillée",
    },
}


def plain(text: str) -> str:
    """``text`` in lower case without accents, with straight apostrophes, one character for
    each of ``text``'s, so a word found in it is found at the same place in ``text``."""
    return "".join(unicodedata.normalize("NFD", ch.lower())[:1] for ch in text.replace("’", "'"))


def check_lang(lang: object) -> None:
    """``ArgumentError`` unless ``lang`` is one of ``LANGS``."""
    if lang not in LANGS:
        raise ArgumentError("lang", f"should be one of {', '.join(LANGS)}, not {short_repr(lang)}")


def is_digits(text: str) -> bool:
    """Whether ``text`` is written with the digits 0-9 only (``str.isdigit`` also takes
    ``²``, which ``int`` refuses)."""
    return bool(DIGITS.fullmatch(text))


def _noun(shape: str | None, number: int, lang: str) -> str:
    nouns = SHAPE_NOUNS[lang][shape] if shape else PIECE_NOUNS[lang]
    return nouns[number != 1]


def _coloured(shape: str | None, colour: str | None, number: int, lang: str) -> str:
    """``"2 white cubes"``-style noun phrase without its number: ``"white cubes"``."""
    noun = _noun(shape, number, lang)
    if colour is None:
        return noun
    if lang == "en":
        return f"{colour} {noun}"
    return f"{noun} {COLOUR_WORDS_FR[colour][(shape in FEMININE, number > 1)]}"


def _article(shape: str | None, lang: str) -> str:
    if lang == "en":
        return "a"
    return "une" if shape in FEMININE else "un"


#: How each relation compares a value with its number.
COMPARE: dict[str, Callable[[int, int], bool]] = {
    "exactly": operator.eq,
    "at least": operator.ge,
    "at most": operator.le,
}


def _compare(relation: str, value: int, number: int) -> bool:
    return COMPARE[relation](value, number)


def _counted_test(relation: str, mask: int, number: int) -> SketchTest:
    """A test that the pieces a sketch has of the codes of ``mask`` (``count_mask``) are
    ``relation number``, written out for each relation: the engine's most frequent test."""
    if relation == "exactly":
        return lambda sketch: (sketch.counts & mask) % 255 == number
    if relation == "at least":
        return lambda sketch: (sketch.counts & mask) % 255 >= number
    return lambda sketch: (sketch.counts & mask) % 255 <= number


def _distance(relation: str, value: int, number: int) -> int:
    """How many pieces (or levels) ``value`` is from meeting ``relation number``."""
    if relation == "exactly":
        return abs(value - number)
    if relation == "at least":
        return max(0, number - value)
    return max(0, value - number)


def _codes(shape: str | None, colour: str | None) -> frozenset[int]:
    shapes = [SHAPES.index(shape)] if shape else range(len(SHAPES))
    colours = [0, 1] if colour is None else [("yellow", "white").index(colour)]
    return frozenset(2 * s + c for s in shapes for c in colours)


def count_mask(codes: Iterable[int]) -> int:
    """The bytes of ``Sketch.counts`` that count the pieces of ``codes``: the pieces a
    structure has of them are ``(counts & mask) % 255``, the sum of those bytes (256 is 1
    modulo 255, and a structure has fewer than 255 pieces: ``Sketch``)."""
    return sum(0xFF << 8 * code for code in set(codes))


def _joined(words: list[str], lang: str) -> str:
    last = " and " if lang == "en" else " et "
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + last + words[-1]


# ---------------------------------------------------------------------------- clauses
class Clause(ABC):
    """One clause of a goal: a condition on one structure."""

    @abstractmethod
    def words(self, lang: str) -> str:
        """The clause as written in ``lang``."""

    @abstractmethod
    def test(self) -> Test:
        """The clause compiled: a function of a building and a structure's spots."""

    @abstractmethod
    def shortfall(self, building: Building, spots: frozenset[Spot]) -> int:
        """How far the structure is from meeting the clause (0 when it does)."""

    @abstractmethod
    def found(self, building: Building, spots: frozenset[Spot], lang: str) -> str:
        """What the structure has instead (``"has 2 cubes"``), for ``explain``."""

    @abstractmethod
    def sketch_test(self) -> SketchTest:
        """The clause as a test on a structure's ``Sketch`` (``SketchTest``), which says what
        ``test`` says (tests/test_karnak_sketch.py)."""

    def least_pieces(self) -> int:
        """The fewest pieces a structure meeting the clause can have (0: no bound)."""
        return 0


def _has(number: int, shape: str | None, colour: str | None, lang: str) -> str:
    if number == 0:
        if lang == "en":
            return f"has no {_coloured(shape, colour, 2, lang)}"
        word = "aucune" if shape in FEMININE else "aucun"
        return f"n'a {word} {_coloured(shape, colour, 1, lang)}"
    has = "has" if lang == "en" else "a"
    return f"{has} {number} {_coloured(shape, colour, number, lang)}"


@dataclass(frozen=True)
class Count(Clause):
    """``exactly 3 cubes``, ``at least 2 white pieces``, ``no disks`` (exactly 0)."""

    relation: str
    number: int
    shape: str | None = None
    colour: str | None = None

    def words(self, lang: str) -> str:
        if self.relation == "exactly" and self.number == 0:
            if lang == "en":
                return f"no {_coloured(self.shape, self.colour, 2, lang)}"
            word = "aucune" if self.shape in FEMININE else "aucun"
            return f"{word} {_coloured(self.shape, self.colour, 1, lang)}"
        relation = RELATION_WORDS[lang][self.relation]
        return f"{relation} {self.number} {_coloured(self.shape, self.colour, self.number, lang)}"

    def value(self, building: Building, spots: frozenset[Spot]) -> int:
        codes = _codes(self.shape, self.colour)
        stacks = building.stacks
        return sum(1 for cell, level in spots if stacks[cell][level] in codes)

    def test(self) -> Test:
        codes, relation, number = _codes(self.shape, self.colour), self.relation, self.number

        def met(building: Building, spots: frozenset[Spot]) -> bool:
            stacks = building.stacks
            value = sum(1 for cell, level in spots if stacks[cell][level] in codes)
            return _compare(relation, value, number)

        return met

    def shortfall(self, building: Building, spots: frozenset[Spot]) -> int:
        return _distance(self.relation, self.value(building, spots), self.number)

    def least_pieces(self) -> int:
        return 0 if self.relation == "at most" else self.number

    def found(self, building: Building, spots: frozenset[Spot], lang: str) -> str:
        return _has(self.value(building, spots), self.shape, self.colour, lang)

    def sketch_test(self) -> SketchTest:
        return _counted_test(
            self.relation, count_mask(_codes(self.shape, self.colour)), self.number
        )


@dataclass(frozen=True)
class Only(Clause):
    """``only cubes and rods``: no piece of any other shape."""

    shapes: tuple[str, ...]

    def words(self, lang: str) -> str:
        if lang == "en":
            return "only " + _joined([SHAPE_NOUNS["en"][s][1] for s in self.shapes], lang)
        return "seulement " + _joined(["des " + SHAPE_NOUNS["fr"][s][1] for s in self.shapes], lang)

    def others(self, building: Building, spots: frozenset[Spot]) -> int:
        allowed = {SHAPES.index(s) for s in self.shapes}
        return sum(1 for cell, level in spots if building.stacks[cell][level] >> 1 not in allowed)

    def test(self) -> Test:
        allowed = frozenset(SHAPES.index(s) for s in self.shapes)

        def met(building: Building, spots: frozenset[Spot]) -> bool:
            stacks = building.stacks
            return all(stacks[cell][level] >> 1 in allowed for cell, level in spots)

        return met

    def shortfall(self, building: Building, spots: frozenset[Spot]) -> int:
        return self.others(building, spots)

    def found(self, building: Building, spots: frozenset[Spot], lang: str) -> str:
        number = self.others(building, spots)
        if lang == "en":
            return f"has {number} {_noun(None, number, lang)} of other shapes"
        return f"a {number} {_noun(None, number, lang)} d'autres formes"

    def sketch_test(self) -> SketchTest:
        others = count_mask(c for s in SHAPES if s not in self.shapes for c in _codes(s, None))
        return lambda sketch: not sketch.counts & others


@dataclass(frozen=True)
class Same(Clause):
    """``same colour`` or ``same shape``: every piece alike in that way."""

    aspect: str

    def words(self, lang: str) -> str:
        if lang == "en":
            return f"same {self.aspect}"
        return "des pièces de même " + ("couleur" if self.aspect == "colour" else "forme")

    def kinds(self, building: Building, spots: frozenset[Spot]) -> list[int]:
        """How many pieces of each colour (or shape) the structure has, most first."""
        shift = 0 if self.aspect == "colour" else 1
        counts: dict[int, int] = {}
        for cell, level in spots:
            code = building.stacks[cell][level]
            kind = code & 1 if shift == 0 else code >> 1
            counts[kind] = counts.get(kind, 0) + 1
        return sorted(counts.values(), reverse=True)

    def test(self) -> Test:
        by_colour = self.aspect == "colour"

        def met(building: Building, spots: frozenset[Spot]) -> bool:
            stacks = building.stacks
            if by_colour:
                kinds = {stacks[cell][level] & 1 for cell, level in spots}
            else:
                kinds = {stacks[cell][level] >> 1 for cell, level in spots}
            return len(kinds) <= 1

        return met

    def shortfall(self, building: Building, spots: frozenset[Spot]) -> int:
        return sum(self.kinds(building, spots)[1:])

    def found(self, building: Building, spots: frozenset[Spot], lang: str) -> str:
        if self.aspect == "shape":
            number = len(self.kinds(building, spots))
            return f"has {number} shapes" if lang == "en" else f"a {number} formes"
        stacks = building.stacks
        white = sum(stacks[cell][level] & 1 for cell, level in spots)
        yellow = len(spots) - white
        both = [
            f"{n} {_coloured(None, c, n, lang)}" for n, c in ((yellow, "yellow"), (white, "white"))
        ]
        return ("has " if lang == "en" else "a ") + _joined(both, lang)

    def sketch_test(self) -> SketchTest:
        if self.aspect == "colour":
            yellow, white = count_mask(_codes(None, "yellow")), count_mask(_codes(None, "white"))
            return lambda sketch: not (sketch.counts & yellow and sketch.counts & white)
        shapes = [count_mask(_codes(shape, None)) for shape in SHAPES]
        return lambda sketch: sum(1 for mask in shapes if sketch.counts & mask) < 2


@dataclass(frozen=True)
class AllColour(Clause):
    """``all white``, ``all yellow``: every piece of that colour."""

    colour: str

    def words(self, lang: str) -> str:
        if lang == "en":
            return f"all {self.colour}"
        return "seulement des pièces " + COLOUR_WORDS_FR[self.colour][(True, True)]

    def test(self) -> Test:
        bit = ("yellow", "white").index(self.colour)

        def met(building: Building, spots: frozenset[Spot]) -> bool:
            stacks = building.stacks
            return all(stacks[cell][level] & 1 == bit for cell, level in spots)

        return met

    def others(self, building: Building, spots: frozenset[Spot]) -> tuple[int, str]:
        other = "yellow" if self.colour == "white" else "white"
        return Count("exactly", 0, None, other).value(building, spots), other

    def shortfall(self, building: Building, spots: frozenset[Spot]) -> int:
        return self.others(building, spots)[0]

    def found(self, building: Building, spots: frozenset[Spot], lang: str) -> str:
        number, other = self.others(building, spots)
        return _has(number, None, other, lang)

    def sketch_test(self) -> SketchTest:
        other = count_mask(_codes(None, "yellow" if self.colour == "white" else "white"))
        return lambda sketch: not sketch.counts & other


@dataclass(frozen=True)
class Touching(Clause):
    """``touching water`` (a piece on the mat on a water cell); ``not touching water``."""

    marking: str
    touching: bool = True

    def words(self, lang: str) -> str:
        where = MARKING_WORDS[lang][self.marking]
        if lang == "en":
            return ("touching " if self.touching else "not touching ") + where
        return ("touchant " if self.touching else "ne touchant pas ") + where

    def on_marking(self, building: Building, spots: frozenset[Spot]) -> int:
        markings = building.layout.markings
        return sum(1 for cell, level in spots if level == 0 and markings[cell] == self.marking)

    def test(self) -> Test:
        marking, touching = self.marking, self.touching

        def met(building: Building, spots: frozenset[Spot]) -> bool:
            markings = building.layout.markings
            found = any(level == 0 and markings[cell] == marking for cell, level in spots)
            return found == touching

        return met

    def shortfall(self, building: Building, spots: frozenset[Spot]) -> int:
        number = self.on_marking(building, spots)
        return int(number == 0) if self.touching else number

    def found(self, building: Building, spots: frozenset[Spot], lang: str) -> str:
        where = MARKING_WORDS[lang][self.marking]
        if lang == "en":
            return ("does not touch " if self.touching else "touches ") + where
        return ("ne touche pas " if self.touching else "touche ") + where

    def sketch_test(self) -> SketchTest:
        bit = marking_bit(self.marking)
        if self.touching:
            return lambda sketch: sketch.markings & bit != 0
        return lambda sketch: not sketch.markings & bit


@dataclass(frozen=True)
class Measure(Clause):
    """``height at least 3`` (levels reached) or ``size exactly 4`` (pieces)."""

    aspect: str
    relation: str
    number: int

    def words(self, lang: str) -> str:
        relation = RELATION_WORDS[lang][self.relation]
        if lang == "en":
            return f"{self.aspect} {relation} {self.number}"
        noun = {"height": "hauteur", "size": "taille"}[self.aspect]
        return f"une {noun} d'{relation} {self.number}"

    def value(self, building: Building, spots: frozenset[Spot]) -> int:
        if self.aspect == "size":
            return len(spots)
        return 1 + max(level for _, level in spots)

    def test(self) -> Test:
        relation, number = self.relation, self.number
        if self.aspect == "size":
            return lambda building, spots: _compare(relation, len(spots), number)
        return lambda building, spots: _compare(
            relation, 1 + max(level for _, level in spots), number
        )

    def shortfall(self, building: Building, spots: frozenset[Spot]) -> int:
        return _distance(self.relation, self.value(building, spots), self.number)

    def least_pieces(self) -> int:
        # A stack so many levels high has as many pieces.
        return 0 if self.relation == "at most" else self.number

    def found(self, building: Building, spots: frozenset[Spot], lang: str) -> str:
        number = self.value(building, spots)
        if self.aspect == "size":
            return _has(number, None, None, lang)
        if lang == "en":
            return f"is {number} level{'s' if number != 1 else ''} high"
        return f"a {number} niveau{'x' if number != 1 else ''}"

    def sketch_test(self) -> SketchTest:
        compare, number = COMPARE[self.relation], self.number
        if self.aspect == "size":
            return lambda sketch: compare(sketch.size, number)
        return lambda sketch: compare(sketch.height, number)


@dataclass(frozen=True)
class On(Clause):
    """``a statue on a cube``: a piece of one kind standing directly on one of another."""

    upper: str
    lower: str
    upper_colour: str | None = None
    lower_colour: str | None = None

    def words(self, lang: str) -> str:
        upper = _coloured(self.upper, self.upper_colour, 1, lang)
        lower = _coloured(self.lower, self.lower_colour, 1, lang)
        on = " on " if lang == "en" else " sur "
        return f"{_article(self.upper, lang)} {upper}{on}{_article(self.lower, lang)} {lower}"

    def test(self) -> Test:
        uppers, lowers = (
            _codes(self.upper, self.upper_colour),
            _codes(self.lower, self.lower_colour),
        )

        def met(building: Building, spots: frozenset[Spot]) -> bool:
            stacks = building.stacks
            return any(
                level > 0 and stacks[cell][level] in uppers and stacks[cell][level - 1] in lowers
                for cell, level in spots
            )

        return met

    def shortfall(self, building: Building, spots: frozenset[Spot]) -> int:
        if self.test()(building, spots):
            return 0
        lowers = _codes(self.lower, self.lower_colour)
        has_lower = any(building.stacks[cell][level] in lowers for cell, level in spots)
        return 1 if has_lower else 2

    def found(self, building: Building, spots: frozenset[Spot], lang: str) -> str:
        if lang == "en":
            return "has no " + self.words(lang)[2:]
        return "n'a pas de " + self.words(lang).split(" ", 1)[1]

    def sketch_test(self) -> SketchTest:
        wanted = 0
        for upper in _codes(self.upper, self.upper_colour):
            for lower in _codes(self.lower, self.lower_colour):
                wanted |= 0xFF << pair_shift(upper, lower)
        return lambda sketch: sketch.pairs & wanted != 0


# ---------------------------------------------------------------------------- goals
def pair_shift(upper: int, lower: int) -> int:
    """Where the byte of ``Sketch.pairs`` counting a piece ``upper`` standing on a piece
    ``lower`` starts."""
    return 8 * (2 * len(SHAPES) * upper + lower)


class Sketch:
    """A structure summed up in a few ints: its pieces counted by code (``counts``, a byte
    per code: ``count_mask``), its size and height, the markings of its cells,
    which its pieces on the mat touch (``markings``, a bit per marking: ``marking_bit``), and
    the pairs of codes of pieces standing one on the other (``pairs``, counted, a byte per
    pair: ``pair_shift``). Every clause can be told from these exactly, so a sketch decides every
    Design on its structure (``Goal.met_by_sketch``) with an int operation or two per
    clause; and joining structures, or a piece more or less, is a few int operations
    (``joined``, ``grown``, ``shrunk``, ``parted``), which is how the engine keeps a sketch
    for every group of pieces on the mat as they come and go (``Game._regroup``).

    A structure has at most every piece of the supply, 200 at the most (``Rules``): fewer
    than 255, so no byte overflows and ``count_mask`` counts exactly.

    >>> b = Building.empty().put(0, 8).put(1, 8).put(1, 4)  # cubes on a1 b1, a disk on b1
    >>> sketch = Sketch(b.stacks, b.layout.marking_bits, [0, 1])
    >>> (sketch.counts & count_mask([8, 9])) % 255, sketch.size, sketch.height  # cubes
    (2, 3, 2)
    >>> sketch.markings == marking_bit("water"), sketch.pairs == 1 << pair_shift(4, 8)
    (True, True)
    """

    __slots__ = ("counts", "size", "height", "markings", "pairs")

    def __init__(
        self,
        stacks: Sequence[tuple[int, ...]],
        marking_bits: Sequence[int],
        cells: Iterable[int],
    ):
        """The sketch of the structure standing on ``cells`` (``stacks`` and
        ``marking_bits``: the mat's stacks and ``MatLayout.marking_bits``, cell by cell)."""
        counts = size = height = markings = pairs = 0
        width = 2 * len(SHAPES)
        for cell in cells:
            stack = stacks[cell]
            below = -1
            for code in stack:
                counts += 1 << 8 * code
                if below >= 0:
                    pairs += 1 << 8 * (width * code + below)
                below = code
            size += len(stack)
            if len(stack) > height:
                height = len(stack)
            markings |= marking_bits[cell]
        self.counts = counts
        self.size = size
        self.height = height
        self.markings = markings
        self.pairs = pairs

    @staticmethod
    def lone(code: int, marking: int) -> Sketch:
        """A piece ``code`` alone on a cell of marking bit ``marking``."""
        out = Sketch.__new__(Sketch)
        out.counts = 1 << 8 * code
        out.size = out.height = 1
        out.markings = marking
        out.pairs = 0
        return out

    def copied(self) -> Sketch:
        """A copy, to change in place."""
        out = Sketch.__new__(Sketch)
        out.counts = self.counts
        out.size = self.size
        out.height = self.height
        out.markings = self.markings
        out.pairs = self.pairs
        return out

    def grown(self, code: int, below: int, height: int) -> Sketch:
        """This sketch with a piece ``code`` more, put on a piece ``below`` in a stack now
        ``height`` high: what spares summing up again a structure that grew by one piece."""
        out = self.copied()
        out.add(code, below, height)
        return out

    def add(self, code: int, below: int, height: int) -> None:
        """``grown`` in place (a sketch its owner alone holds: ``Game._regroup``)."""
        self.counts += 1 << 8 * code
        self.size += 1
        if height > self.height:
            self.height = height
        self.pairs += 1 << 8 * (2 * len(SHAPES) * code + below)

    def shrunk(
        self, code: int, below: int, stacks: Sequence[tuple[int, ...]], cells: Iterable[int]
    ) -> Sketch:
        """This sketch with a piece ``code`` less, taken off a piece ``below``: the structure
        on ``cells`` of the mat's ``stacks`` that shrank by that piece."""
        out = self.copied()
        out.shrink(code, below, stacks, cells)
        return out

    def shrink(
        self, code: int, below: int, stacks: Sequence[tuple[int, ...]], cells: Iterable[int]
    ) -> None:
        """``shrunk`` in place."""
        self.counts -= 1 << 8 * code
        self.size -= 1
        self.pairs -= 1 << 8 * (2 * len(SHAPES) * code + below)
        # The piece may have been at the structure's greatest height, alone there.
        self.height = max(map(len, map(stacks.__getitem__, cells)))

    def parted(self, code: int, marking_bits: Sequence[int], cells: Iterable[int]) -> Sketch:
        """This sketch without a piece ``code`` that stood alone on a cell of its own, which
        the structure, still one, on ``cells`` no longer has (``marking_bits``:
        ``MatLayout.marking_bits``)."""
        out = self.copied()
        out.part(code, marking_bits, cells)
        return out

    def part(self, code: int, marking_bits: Sequence[int], cells: Iterable[int]) -> None:
        """``parted`` in place."""
        self.counts -= 1 << 8 * code
        self.size -= 1
        # The height stays: other pieces stand on the mat beside it.
        markings = 0
        for cell in cells:
            markings |= marking_bits[cell]
        self.markings = markings

    @staticmethod
    def joined(parts: Iterable[Sketch], code: int, marking: int) -> Sketch:
        """The sketch of the structures ``parts`` sum up joined by a piece ``code`` put on
        the mat between them, on a cell of marking bit ``marking``."""
        out = Sketch.lone(code, marking)
        for part in parts:
            out.absorb(part)
        return out

    def absorb(self, part: Sketch) -> None:
        """This sketch joined with ``part``, in place (``joined``)."""
        self.counts += part.counts
        self.size += part.size
        if part.height > self.height:
            self.height = part.height
        self.markings |= part.markings
        self.pairs += part.pairs

    def add_alone(self, code: int, marking: int) -> None:
        """A piece ``code`` more, alone on a cell of marking bit ``marking``, in place."""
        self.counts += 1 << 8 * code
        self.size += 1
        self.markings |= marking

    @staticmethod
    def of(building: Building, spots: frozenset[Spot]) -> Sketch:
        """The sketch of the structure made of ``spots``."""
        cells = {cell for cell, _ in spots}
        return Sketch(building.stacks, building.layout.marking_bits, cells)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sketch) and all(
            getattr(self, name) == getattr(other, name) for name in Sketch.__slots__
        )

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name):#x}" for name in Sketch.__slots__)
        return f"<Sketch {fields}>"


@dataclass(frozen=True)
class Goal:
    """``structures`` distinct structures, each meeting every clause."""

    structures: int
    clauses: tuple[Clause, ...]

    def text(self, lang: str = "en") -> str:
        """The goal written in ``lang`` (``"en"`` or ``"fr"``)."""
        check_lang(lang)
        if self.structures == 1:
            head = "a structure" if lang == "en" else "une structure"
        else:
            word = NUMBER_WORDS[lang][self.structures]
            head = f"{word} structures"
        if not self.clauses:
            return head
        # "a structure touching water", but "a structure with exactly 3 cubes, touching water"
        if isinstance(self.clauses[0], Touching):
            with_ = " "
        else:
            with_ = " with " if lang == "en" else " avec "
        return head + with_ + ", ".join(c.words(lang) for c in self.clauses)

    @cached_property
    def tests(self) -> tuple[Test, ...]:
        """Each clause compiled, once per goal."""
        return tuple(clause.test() for clause in self.clauses)

    @cached_property
    def sketch_tests(self) -> tuple[SketchTest, ...]:
        """Each clause compiled as a test on a structure's ``Sketch``, once per goal."""
        return tuple(clause.sketch_test() for clause in self.clauses)

    @cached_property
    def least_pieces(self) -> int:
        """The fewest pieces a structure meeting the goal can have (a structure has two or
        more): what rules small structures out before any clause's test runs."""
        return max(2, *(clause.least_pieces() for clause in self.clauses))

    def met_by_sketch(self, sketch: Sketch) -> bool:
        """Whether the structure ``sketch`` sums up meets every clause (``met_by`` on its
        pieces says the same).

        >>> b = Building.empty().put(0, 8).put(1, 8).put(1, 4)  # cubes on a1 b1, a disk on b1
        >>> [spots] = b.structures()
        >>> for text in ("a structure with a disk on a cube", "a structure not touching water"):
        ...     goal = parse_goal(text)
        ...     print(goal.met_by_sketch(Sketch.of(b, spots)), goal.met_by(b, spots))
        True True
        False False
        """
        return sketch.size >= self.least_pieces and all(test(sketch) for test in self.sketch_tests)

    def meeting(self, building: Building) -> list[frozenset[Spot]]:
        """The structures of ``building`` that meet every clause, in spot order."""
        return [s for s in building.structures() if self.met_by(building, s)]

    def met_by(self, building: Building, spots: frozenset[Spot]) -> bool:
        """Whether the structure of ``building`` made of ``spots`` meets every clause."""
        return all(test(building, spots) for test in self.tests)

    def is_met(self, building: Building) -> bool:
        """Whether ``building`` has ``structures`` structures meeting every clause."""
        needed = self.structures
        for spots in building.structures():
            if self.met_by(building, spots):
                needed -= 1
                if needed == 0:
                    return True
        return False


# ---------------------------------------------------------------------------- reading
#: Words that tell a goal's language from its first words on.
LANGUAGE_MARKERS: dict[str, str] = {
    **dict.fromkeys(("with", "a", "an", *NUMBER_WORDS["en"][1:6], "touching", "not"), "en"),
    **dict.fromkeys(("avec", "une", *NUMBER_WORDS["fr"][1:6], "touchant", "ne"), "fr"),
}
#: Each shape noun as read (singular or plural, without accents), by language.
SHAPE_READINGS: dict[str, dict[str, str]] = {
    lang: {plain(noun): shape for shape, nouns in by_shape.items() for noun in nouns}
    for lang, by_shape in SHAPE_NOUNS.items()
}
SHAPE_READINGS["en"].update(disc="disk", discs="disk")
TOKEN = re.compile(r"[a-z]+|[0-9]+|,|'|\S")


class _Reader:
    """A goal's words, read left to right; every refusal names the word it stopped at."""

    def __init__(self, text: str, line: int):
        self.text = text
        self.line = line
        self.tokens = [(m.group(), m.start(), m.end()) for m in TOKEN.finditer(plain(text))]
        self.tokens = [t for t in self.tokens if t[0] != "'"]
        self.at = 0
        self.lang = self.language()

    def language(self) -> str:
        """The goal's language: the first word that belongs to one only decides (``six
        structures not touching water`` is English by ``not``); English if none does."""
        for word, _, _ in self.tokens:
            if word in LANGUAGE_MARKERS:
                return LANGUAGE_MARKERS[word]
        return "en"

    def peek(self, ahead: int = 0) -> str | None:
        index = self.at + ahead
        return self.tokens[index][0] if index < len(self.tokens) else None

    def accept(self, *words: str) -> bool:
        """Take the next word if it is one of ``words``."""
        if self.peek() in words:
            self.at += 1
            return True
        return False

    def fail(self, expected: str, expected_fr: str | None = None) -> DesignError:
        """The error for the word the reader stopped at: ``expected`` says what would have
        done (in French, ``expected_fr`` when the words differ)."""
        if self.at < len(self.tokens):
            _, start, end = self.tokens[self.at]
            word = self.text[start:end][:20]
            if self.lang == "fr":
                message = f"impossible de lire {word!r} : il faut {expected_fr or expected}"
            else:
                message = f"cannot read {word!r}: expected {expected}"
        elif self.lang == "fr":
            message = f"le but s'arrête trop tôt : il faut {expected_fr or expected}"
        else:
            message = f"the goal stops short: expected {expected}"
        return DesignError(self.line, self.text, message)

    def refusal(self, message: str, message_fr: str) -> DesignError:
        """The error for a goal read to the end but out of bounds, in the goal's language."""
        return DesignError(self.line, self.text, message_fr if self.lang == "fr" else message)

    def expect(self, words: Iterable[str], expected: str, expected_fr: str | None = None) -> str:
        word = self.peek()
        if word not in set(words):
            raise self.fail(expected, expected_fr)
        self.at += 1
        return word

    # ------------------------------------------------------------ pieces of phrases
    def number(self) -> int | None:
        """A number in digits or words, or None (nothing taken) when none is next."""
        word = self.peek()
        if word is None:
            return None
        if is_digits(word):
            if len(word) > 3 or int(word) > MAX_NUMBER:
                raise self.fail(
                    f"a number from 0 to {MAX_NUMBER}", f"un nombre de 0 à {MAX_NUMBER}"
                )
            self.at += 1
            return int(word)
        words = NUMBER_WORDS[self.lang]
        if word in words:
            self.at += 1
            return words.index(word)
        if self.lang == "fr" and word == "une":
            self.at += 1
            return 1
        return None

    def shape(self) -> str:
        """A shape noun (``cube``, ``bâtons``), taken."""
        shape = SHAPE_READINGS[self.lang].get(self.peek() or "")
        if shape is not None:
            self.at += 1
            return shape
        shapes = ", ".join(SHAPE_NOUNS[self.lang][s][0] for s in SHAPES)
        raise self.fail(f"a shape ({shapes})", f"une forme ({shapes})")

    def is_shape_next(self, ahead: int = 0) -> bool:
        return (self.peek(ahead) or "") in SHAPE_READINGS[self.lang]

    def colour(self) -> str | None:
        word = self.peek()
        found = None
        if self.lang == "en" and word in COLOUR_WORDS_EN:
            found = COLOUR_WORDS_EN[word]
        if self.lang == "fr":
            for colour, forms in COLOUR_WORDS_FR.items():
                if word in forms.values():
                    found = colour
        if found is not None:
            self.at += 1
        return found

    def colour_after(self, what: str) -> str:
        colour = self.colour()
        if colour is None:
            raise self.fail(
                f"a colour after {what!r} (white or yellow)",
                f"une couleur après {what!r} (blanc ou jaune)",
            )
        return colour

    def noun_phrase(self) -> tuple[str | None, str | None]:
        """``white cubes`` / ``cubes blancs`` / ``pieces``: the shape (None for any) and the
        colour (None for either)."""
        colour = self.colour() if self.lang == "en" else None
        if self.peek() in {plain(n) for n in PIECE_NOUNS[self.lang]}:
            self.at += 1
            shape = None
        else:
            shape = self.shape()
        if self.lang == "fr":
            colour = self.colour()
        return shape, colour

    def relation(self) -> str | None:
        """``exactly`` / ``at least`` / ``at most`` (or their French), else None."""
        if self.lang == "en":
            if self.accept("exactly"):
                return "exactly"
            if self.peek() == "at" and self.peek(1) in ("least", "most"):
                self.at += 2
                return "at " + self.tokens[self.at - 1][0]
            return None
        if self.accept("exactement"):
            return "exactly"
        if self.peek() == "au" and self.peek(1) in ("moins", "plus"):
            self.at += 2
            return "at least" if self.tokens[self.at - 1][0] == "moins" else "at most"
        return None

    def bounded(self, what: str) -> tuple[str, int]:
        """``at least 3`` after ``height`` or ``size``: a relation (``at least`` when none
        is written) and a number."""
        relation = self.relation() or "at least"
        number = self.number()
        if number is None:
            raise self.fail(f"a number after {what!r}", f"un nombre après {what!r}")
        return relation, number

    # ------------------------------------------------------------ goal and clauses
    def goal(self) -> Goal:
        structures = self.number()
        if structures is None:
            if not self.accept("a", "an"):
                raise self.fail(
                    "'a structure' or a number of structures ('two structures')",
                    "« une structure » ou un nombre de structures (« deux structures »)",
                )
            structures = 1
        if not 1 <= structures <= MAX_STRUCTURES:
            raise self.refusal(
                f"a goal asks for 1 to {MAX_STRUCTURES} structures",
                f"un but demande de 1 à {MAX_STRUCTURES} structures",
            )
        self.expect(("structure", "structures"), "'structure'", "« structure »")
        clauses: list[Clause] = []
        if self.peek() is not None:
            self.accept("with" if self.lang == "en" else "avec")
            clauses.append(self.clause())
            separators = (",", "and") if self.lang == "en" else (",", "et")
            while self.accept(*separators):
                if len(clauses) == MAX_CLAUSES:
                    raise self.refusal(
                        f"a goal has at most {MAX_CLAUSES} clauses",
                        f"un but a au plus {MAX_CLAUSES} clauses",
                    )
                clauses.append(self.clause())
            if self.peek() is not None:
                raise self.fail(
                    "',' and another clause, or the end of the goal",
                    "« , » et une autre clause, ou la fin du but",
                )
        return Goal(structures, tuple(clauses))

    def clause(self) -> Clause:
        if self.lang == "en":
            return self.clause_en()
        return self.clause_fr()

    def count(self, relation: str | None) -> Clause:
        number = self.number()
        if number is None:
            raise self.fail("a number of pieces", "un nombre de pièces")
        shape, colour = self.noun_phrase()
        return Count(relation or "at least", number, shape, colour)

    def shapes_list(self, separator: str, article: str | None) -> tuple[str, ...]:
        """``cubes, rods and disks`` / ``des cubes et des bâtons`` after ``only``."""
        if article:
            self.accept(article)
        found = [self.shape()]
        while True:
            skip = 1 if article and self.peek(1) == article else 0
            if self.peek() in (",", separator) and self.is_shape_next(1 + skip):
                self.at += 1 + skip
                found.append(self.shape())
            else:
                break
        return tuple(s for s in SHAPES if s in found)

    def on(self) -> Clause:
        """``a [white] statue on a cube`` / ``une statue [blanche] sur un cube``."""
        upper, upper_colour = self.noun_phrase()
        if upper is None:
            raise self.fail("a shape", "une forme")
        self.expect(("on",) if self.lang == "en" else ("sur",), "'on'", "« sur »")
        if self.lang == "en":
            self.accept("top")
            self.accept("of")
        self.expect(("a", "an") if self.lang == "en" else ("un", "une"), "'a'", "« un » ou « une »")
        lower, lower_colour = self.noun_phrase()
        if lower is None:
            raise self.fail("a shape", "une forme")
        return On(upper, lower, upper_colour, lower_colour)

    def clause_en(self) -> Clause:
        word = self.peek()
        relation = self.relation()
        if relation is not None:
            return self.count(relation)
        if word is not None and (is_digits(word) or word in NUMBER_WORDS["en"]):
            return self.count(None)
        if self.accept("no"):
            shape, colour = self.noun_phrase()
            return Count("exactly", 0, shape, colour)
        if self.accept("only"):
            return Only(self.shapes_list("and", None))
        if word == "same" or (word == "the" and self.peek(1) == "same"):
            self.at += 1 if word == "same" else 2
            aspect = self.expect(("colour", "color", "shape"), "'colour' or 'shape'")
            return Same("shape" if aspect == "shape" else "colour")
        if self.accept("all"):
            return AllColour(self.colour_after("all"))
        if word in ("touching", "not"):
            touching = not self.accept("not")
            self.expect(("touching",), "'touching'")
            return Touching(self.marking(), touching)
        if self.accept("height", "size"):
            relation, number = self.bounded(word or "")
            return Measure(word or "", relation, number)
        if self.accept("a", "an"):
            return self.on()
        raise self.fail(
            "a clause (exactly, at least, at most, no, only, same, all, touching, "
            "not touching, height, size, a ... on a ...)"
        )

    def marking(self) -> str:
        if self.lang == "en":
            self.accept("a", "an", "the")
            word = self.expect(
                ("water", "circle", "line", "dotted"),
                "water, a circle, the line or the dotted line",
            )
            if word == "dotted":
                self.expect(("line",), "'line'")
            return word
        self.accept("l", "la", "le", "un", "une")
        word = self.expect(
            ("eau", "cercle", "ligne"), "l'eau, un cercle, la ligne ou la ligne pointillée"
        )
        if word == "ligne" and self.accept("pointillee"):
            return "dotted"
        return {"eau": "water", "cercle": "circle", "ligne": "line"}[word]

    def clause_fr(self) -> Clause:
        word = self.peek()
        relation = self.relation()
        if relation is not None:
            return self.count(relation)
        # "un disque sur un cube" is a piece on another, not a count: counts of one say
        # "au moins 1" or "exactement un"
        if word is not None and (is_digits(word) or word in NUMBER_WORDS["fr"][2:]):
            return self.count(None)
        if self.accept("aucun", "aucune"):
            shape, colour = self.noun_phrase()
            return Count("exactly", 0, shape, colour)
        if self.accept("seulement", "uniquement"):
            if self.peek() == "des" and self.peek(1) == "pieces":
                self.at += 2
                return AllColour(self.colour_after("pièces"))
            return Only(self.shapes_list("et", "des"))
        if word in ("des", "la", "meme"):
            if self.accept("des"):
                self.expect(("pieces",), "« pièces de même couleur »")
                self.expect(("de",), "« de même »")
            self.accept("la")
            self.expect(("meme",), "« même couleur » ou « même forme »")
            aspect = self.expect(("couleur", "forme"), "« couleur » ou « forme »")
            return Same("colour" if aspect == "couleur" else "shape")
        if self.accept("tout", "toute", "tous", "toutes"):
            self.accept("en")
            return AllColour(self.colour_after("tout"))
        if word in ("touchant", "ne"):
            touching = not self.accept("ne")
            self.expect(("touchant",), "« touchant »")
            if not touching:
                self.expect(("pas",), "« pas »")
            return Touching(self.marking(), touching)
        if word in ("une", "la") and self.peek(1) in ("hauteur", "taille"):
            self.at += 1
            word = self.peek()
        if word in ("hauteur", "taille"):
            self.at += 1
            self.accept("de", "d")
            relation, number = self.bounded(word)
            return Measure("height" if word == "hauteur" else "size", relation, number)
        if self.accept("un", "une"):
            return self.on()
        raise self.fail(
            "une clause (exactement, au moins, au plus, aucun, seulement, même, tout en, "
            "touchant, ne touchant pas, hauteur, taille, un ... sur un ...)"
        )


def parse_goal(text: str, line: int = 1) -> Goal:
    """The goal written in ``text`` (English or French); ``DesignError`` naming ``line``
    and the word it could not read otherwise."""
    if len(text) > MAX_LINE:
        raise DesignError(line, text[:40], f"the goal is longer than {MAX_LINE} characters")
    return _Reader(text, line).goal()


# ---------------------------------------------------------------------------- designs
@dataclass(frozen=True)
class Design:
    """A Design card: ``id`` (``"K01"``), its names, its points, its goal as written
    (``text``) and parsed (``goal``)."""

    id: str
    name: str
    name_fr: str
    points: int
    text: str
    goal: Goal

    def __repr__(self) -> str:
        return f"Design({self.id!r}, {self.name!r}, {self.name_fr!r}, {self.points}, {self.text!r})"

    def title(self, lang: str = "en") -> str:
        """``"K01 Kiosk"``: the id and the name in ``lang``."""
        return f"{self.id} {self.name if lang == 'en' else self.name_fr}"

    def text_in(self, lang: str = "en") -> str:
        """The goal written in ``lang`` (``"en"`` or ``"fr"``)."""
        return self.goal.text(lang)

    def is_complete(self, building: Building) -> bool:
        """Whether ``building`` has as many distinct structures as the goal asks, each
        meeting every clause."""
        return self.goal.is_met(building)

    def explain(self, building: Building, lang: str = "en") -> str:
        """Why the Design is or is not complete on ``building``: the structures that complete
        it, or the closest structure (named by its first cell) and the clauses it fails."""
        check_lang(lang)
        goal = self.goal
        done = goal.meeting(building)
        cells = [building.layout.name(min(cell for cell, _ in s)) for s in done]
        en = lang == "en"
        if len(done) >= goal.structures:
            where = _joined(cells[: goal.structures], lang)
            if goal.structures == 1:
                if en:
                    return f"{self.title(lang)} is complete: the structure at {where} completes it."
                return f"{self.title(lang)} est complet : la structure en {where} le complète."
            if en:
                return f"{self.title(lang)} is complete: the structures at {where} complete it."
            return f"{self.title(lang)} est complet : les structures en {where} le complètent."
        needs = f"{self.title(lang)} {'needs' if en else 'demande'} {goal.text(lang)}"
        colon = ":" if en else " :"
        if done:
            if en:
                needs += f"{colon} {_count_en(len(done))} complete, at {_joined(cells, lang)};"
            else:
                complete = "une est complète" if len(done) == 1 else f"{len(done)} sont complètes"
                needs += f"{colon} {complete}, en {_joined(cells, lang)} ;"
            colon = ""
        others = [s for s in building.structures() if s not in done]
        if not others:
            if en:
                rest = "there is no other structure" if done else "the mat has no structure yet"
            else:
                rest = (
                    "il n'y a pas d'autre structure"
                    if done
                    else "le plateau n'a encore aucune structure"
                )
            return f"{needs}{colon} {rest}."
        scored = [
            (sum(c.shortfall(building, s) for c in goal.clauses), i) for i, s in enumerate(others)
        ]
        closest = others[min(scored)[1]]
        cell = building.layout.name(min(c for c, _ in closest))
        failing = [
            c.found(building, closest, lang) for c in goal.clauses if c.shortfall(building, closest)
        ]
        if done:
            head = (
                f"the closest other, at {cell}," if en else f"la plus proche des autres, en {cell},"
            )
        else:
            head = f"the closest, at {cell}," if en else f"la plus proche, en {cell},"
        return f"{needs}{colon} {head} {_joined(failing, lang)}."


def _count_en(number: int) -> str:
    return "one is" if number == 1 else f"{number} are"


FIELDS = "id | name | French name | points | goal"
ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,9}")


def _design(line: int, text: str) -> Design:
    fields = [f.strip() for f in text.split("|")]
    if len(fields) != 5:
        raise DesignError(line, text, f"a Design has 5 fields separated by '|': {FIELDS}")
    ident, name, name_fr, points, goal_text = fields
    if not ID.fullmatch(ident):
        raise DesignError(
            line,
            text,
            f"cannot read the id {ident[:20]!r}: a letter then up to 9 letters or digits",
        )
    for label, value in (("name", name), ("French name", name_fr)):
        if not value or len(value) > 40 or not value.isprintable():
            raise DesignError(
                line, text, f"the {label} {value[:20]!r} is not a short printable name"
            )
    if not is_digits(points) or len(points) > 2 or not 1 <= int(points) <= MAX_POINTS:
        raise DesignError(
            line,
            text,
            f"cannot read the points {points[:20]!r}: a whole number from 1 to {MAX_POINTS}",
        )
    try:
        goal = parse_goal(goal_text, line)
    except DesignError as error:  # named with the whole line, not the goal alone
        raise DesignError(line, text, error.reason) from None
    return Design(ident, name, name_fr, int(points), goal_text, goal)


def load_designs(text: str) -> tuple[Design, ...]:
    """The Designs written in ``text``, one a line (``K01 | Kiosk | Kiosque | 5 | a structure
    with exactly 3 cubes``); blank lines and lines starting with ``#`` are skipped.
    ``DesignError`` names the first line it cannot read."""
    if not isinstance(text, str):
        raise DesignError(0, "", f"Designs are read from text, not {short_repr(text)}")
    designs: list[Design] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if len(line) > MAX_LINE:
            raise DesignError(number, line[:40], f"the line is longer than {MAX_LINE} characters")
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        design = _design(number, stripped)
        if design.id in seen:
            raise DesignError(
                number, stripped, f"the id {design.id} is already used on line {seen[design.id]}"
            )
        if len(designs) == MAX_DESIGNS:
            raise DesignError(number, stripped, f"a file holds at most {MAX_DESIGNS} Designs")
        seen[design.id] = number
        designs.append(design)
    if not designs:
        raise DesignError(1, text[:40], "the text holds no Design")
    return tuple(designs)


#: The kit's 46 Designs: Kiosk as the rulebook prints it and 45 of the kit's own.
REFERENCE_DESIGNS: tuple[Design, ...] = load_designs(
    resources.files("karnak_core").joinpath("data", "designs.txt").read_text(encoding="utf-8")
)
