"""Per-deck tables the engine's hot paths read: cards by id, rune needs, interned actions.

Built once per (deck, rules) pair and shared by every game and copy that uses them.
"""

from __future__ import annotations

from .actions import (
    Action,
    ChooseBonus,
    Discard,
    EndTurn,
    FlipRunes,
    PlayCard,
    Sickle,
    TakeCard,
    TakeRunes,
)
from .cards import Card
from .deck import Deck
from .model import INGREDIENTS, Face, Row
from .rules import Rules
from .runes import Delta, Need, cost_delta, cost_need

ROWS = (Row.DAY, Row.NIGHT)
END = EndTurn()


class DeckIndex:
    """One deck's cards as lookup tables, and every action value made once."""

    __slots__ = (
        "deck",
        "cards",
        "row",
        "salts",
        "need",
        "delta",
        "play",
        "discard",
        "take",
        "runes",
        "flip",
        "flip_counts",
        "sickle",
        "bonus",
        "open_by_played",
        "rune_actions",
        "affordable",
        "_salt_play",
    )

    def __init__(self, deck: Deck, rules: Rules):
        self.deck = deck
        self.cards: dict[str, Card] = {card.id: card for card in deck}
        self.row: dict[str, Row | None] = {card.id: card.origin.row for card in deck}
        self.salts = frozenset(card.id for card in deck if card.is_salt)
        #: card id -> (Suns, Moons) its cost needs on the board (``runes.cost_need``).
        self.need: dict[str, Need] = {card.id: cost_need(card.cost) for card in deck}
        #: card id -> how paying changes board and reserve (``runes.cost_delta``).
        self.delta: dict[str, Delta] = {card.id: cost_delta(card.cost) for card in deck}
        self.play = {cid: PlayCard(cid) for cid in self.cards}
        self.discard = {cid: Discard(cid) for cid in self.cards}
        self._salt_play: dict[tuple[str, str], PlayCard] = {}
        self.take = {
            row: [TakeCard(row, i + 1) for i in range(rules.market_row_size)] for row in ROWS
        }
        self.runes = {face: TakeRunes(face) for face in Face}
        self.flip = {face: FlipRunes(face) for face in Face}
        #: (face, count) -> the "flip sun 2" actions of the ``flip_mode="any"`` variant.
        self.flip_counts = {
            (face, n): FlipRunes(face, n) for face in Face for n in range(1, rules.rune_spaces + 1)
        }
        self.sickle = {row: Sickle(row) for row in ROWS}
        self.bonus = {i: ChooseBonus(i) for i in INGREDIENTS}
        #: (Suns, Moons, empty spaces, reserve Suns, reserve Moons) -> the legal rune actions
        #: (filled by ``legality.rune_actions``).
        self.rune_actions: dict[tuple[int, int, int, int, int], list[Action]] = {}
        #: (Suns, Moons) on a board -> the ids of the cards it can pay for (filled by
        #: ``legality.affordable``).
        self.affordable: dict[tuple[int, int], frozenset[str]] = {}
        #: cards played -> open rune spaces (``Rules.open_spaces_at`` of the counter).
        self.open_by_played = tuple(
            rules.open_spaces_at(rules.counter_after(n)) for n in range(len(deck) + 1)
        )

    def salt_play(self, salt: str, target: str) -> PlayCard:
        key = (salt, target)
        action = self._salt_play.get(key)
        if action is None:
            action = self._salt_play[key] = PlayCard(salt, target)
        return action


_INDEXES: dict[tuple[Deck, Rules], DeckIndex] = {}
#: Indexes kept at once (a lab sweep uses a handful of decks and rules).
_KEPT = 64


def deck_index(deck: Deck, rules: Rules) -> DeckIndex:
    """The index of ``deck`` under ``rules``, shared by every equal deck and rules."""
    key = (deck, rules)
    index = _INDEXES.get(key)
    if index is None:
        if len(_INDEXES) >= _KEPT:
            _INDEXES.clear()
        index = _INDEXES[key] = DeckIndex(deck, rules)
    return index
