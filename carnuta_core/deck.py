"""Decks: the reference deck shipped with the kit, and decks users transcribe from their box.

A deck file is CSV with a header line ``id,deck,kind,ingredient,cost,scoring`` and one card a
line; lines starting with ``#`` are comments. See ``cards.py`` for the notation.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Sequence
from functools import lru_cache
from importlib import resources
from os import PathLike
from pathlib import Path

from .cards import CARD_FIELDS, Card, card_from_fields
from .errors import DeckError
from .model import Origin

REFERENCE_DECK_FILE = "reference_deck.csv"
#: The most cards a deck may hold, and the longest deck file read, in characters.
MAX_CARDS = 500
MAX_DECK_TEXT = 200_000


class Deck(Sequence[Card]):
    """An ordered, immutable collection of cards with unique ids, indexable by id."""

    __slots__ = ("_cards", "_by_id", "_hash", "name")

    def __init__(self, cards: Sequence[Card], name: str = "custom"):
        if isinstance(cards, (str, bytes)) or not hasattr(cards, "__iter__"):
            raise DeckError(f"a deck is a list of cards, not {type(cards).__name__}")
        self._cards = tuple(cards)
        if len(self._cards) > MAX_CARDS:
            raise DeckError(f"{len(self._cards)} cards; a deck holds at most {MAX_CARDS}")
        for card in self._cards:
            if not isinstance(card, Card):
                raise DeckError(f"a deck holds cards (Card.parse(line)), not {type(card).__name__}")
        if not isinstance(name, str):
            raise DeckError(f"a deck's name is text, not {type(name).__name__}")
        self._hash = hash(self._cards)
        self._by_id = {card.id: card for card in self._cards}
        self.name = name
        if len(self._by_id) != len(self._cards):
            seen: set[str] = set()
            for card in self._cards:
                if card.id in seen:
                    raise DeckError(f"card id {card.id} appears twice")
                seen.add(card.id)

    def __len__(self) -> int:
        return len(self._cards)

    def __getitem__(self, key: int | slice | str) -> Card:  # type: ignore[override]
        if isinstance(key, str):
            try:
                return self._by_id[key]
            except KeyError:
                raise KeyError(f"no card {key!r} in the {self.name} deck") from None
        return self._cards[key]  # type: ignore[return-value]

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            return item in self._by_id
        return item in self._cards

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deck) and self._cards == other._cards

    def __hash__(self) -> int:
        return self._hash

    def of(self, origin: Origin) -> list[Card]:
        return [card for card in self._cards if card.origin is origin]

    def to_csv(self) -> str:
        """The deck as deck-file text (header and one card a line)."""
        lines = [",".join(CARD_FIELDS)]
        lines.extend(card.notation() for card in self._cards)
        return "\n".join(lines) + "\n"

    def __repr__(self) -> str:
        return f"<Deck {self.name!r}: {len(self)} cards>"


def parse_deck_text(text: str, *, source: str = "deck", name: str | None = None) -> Deck:
    """Read deck-file text; a problem is a ``DeckError`` naming the line.

    A spreadsheet's "CSV UTF-8" byte-order mark is allowed; the text may hold at most
    ``MAX_DECK_TEXT`` characters and ``MAX_CARDS`` cards.
    """
    if not isinstance(text, str):
        raise DeckError(f"deck text should be text, not {type(text).__name__}", source=source)
    if len(text) > MAX_DECK_TEXT:
        raise DeckError(
            f"{len(text):,} characters; a deck file holds at most {MAX_DECK_TEXT:,}", source=source
        )
    text = text.removeprefix("\ufeff")
    cards: list[Card] = []
    seen: dict[str, int] = {}
    header_seen = False
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        try:
            fields = next(csv.reader(io.StringIO(raw), skipinitialspace=True))
        except csv.Error as error:
            raise DeckError(f"not valid CSV ({error})", line=number, source=source) from None
        if not header_seen:
            header = [f.strip().lower() for f in fields]
            if header != list(CARD_FIELDS):
                raise DeckError(
                    f"the first line must be the header '{','.join(CARD_FIELDS)}'",
                    line=number,
                    source=source,
                )
            header_seen = True
            continue
        try:
            card = card_from_fields(fields)
        except DeckError as error:
            raise DeckError(error.reason, line=number, source=source) from None
        if card.id in seen:
            raise DeckError(
                f"card id {card.id} already used on line {seen[card.id]}",
                line=number,
                source=source,
            )
        seen[card.id] = number
        cards.append(card)
    if not header_seen:
        raise DeckError("no header line and no cards", source=source)
    if not cards:
        raise DeckError("the deck has no cards", source=source)
    return Deck(cards, name=name or source)


def load_deck(path: str | Path) -> Deck:
    """Read a deck CSV that a user transcribed from their own box."""
    if not isinstance(path, (str, PathLike)):
        raise DeckError(f"load_deck takes a file path, not {type(path).__name__}")
    path = Path(path)
    if not path.is_file():
        raise DeckError("no such file", source=str(path))
    if path.stat().st_size > 4 * MAX_DECK_TEXT:
        raise DeckError("the file is larger than a deck file can be", source=str(path))
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise DeckError(f"cannot read the file ({error.strerror})", source=str(path)) from None
    except UnicodeDecodeError:
        raise DeckError("the file is not UTF-8 text", source=str(path)) from None
    return parse_deck_text(text, source=path.name, name=path.stem)


@lru_cache(maxsize=1)
def reference_deck() -> Deck:
    """The kit's reconstruction of the 72-card deck (the real list is unpublished)."""
    text = (
        resources.files("carnuta_core")
        .joinpath("data", REFERENCE_DECK_FILE)
        .read_text(encoding="utf-8")
    )
    return parse_deck_text(text, source=REFERENCE_DECK_FILE, name="reference")
