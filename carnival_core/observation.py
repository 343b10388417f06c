"""What one seat may know: its own hand and the table as that seat sees it.

``Game.observation(seat)`` builds one. Table cards are ``Entry`` values written ``R4`` (face
up), ``[?]`` (a Mask hiding a card the seat does not know), ``[R4]`` (a Mask whose card the
seat knows), ``[]`` (a Mask hiding nothing) and ``?`` (a face-up Carnival card buried deeper
than the seat remembers, ``Rules.carnival_memory``).

>>> from carnival_core import Game
>>> seen = Game.new(2, seed=3).observation(1)
>>> seen.hand_sizes, seen.deck_size, str(seen.top)
((11, 10), 19, 'B1')
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Entry, column_sum, spectator_columns
from .scoring import RoundResult, totals


def _cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


def spectators_text(row: tuple[Entry, ...]) -> str:
    """A Spectator row in words, laid out as on the table: by type, each type with its sum,
    the Masks last ("R: R4 R-2 = 2 · Y: Y1 = 1 · Masks: [?]"); "none" for an empty row."""
    parts = []
    for key, column in spectator_columns(row).items():
        cards = " ".join(map(str, column))
        total = column_sum(column)
        if key == "Mask":
            parts.append(f"Masks: {cards}")
        else:
            parts.append(f"{key}: {cards}" + ("" if total is None else f" = {total}"))
    return " · ".join(parts) or "none"


@dataclass(frozen=True)
class Observation:
    """One seat's view of a game: a frozen value with a readable text form (``str``)."""

    seat: int
    round: int
    rounds: int
    #: The seat to play, or None once the game is over.
    current_player: int | None
    #: This seat's own hand, sorted.
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    #: Masks each hand is publicly known to hold (those dealt and not yet played).
    known_masks: tuple[int, ...]
    #: Every Spectator row, in play order.
    spectators: tuple[tuple[Entry, ...], ...]
    #: The Carnival stack, bottom first: the last entry is the top card.
    carnival: tuple[Entry, ...]
    deck_size: int
    #: Cards discarded at setup (how many; nobody sees them).
    set_aside: int
    #: The reveals and scores of the finished rounds (public).
    results: tuple[RoundResult, ...]
    #: The winning seats once the game is over (the tie-break applied), else empty.
    winners: tuple[int, ...] = ()

    @property
    def players(self) -> int:
        return len(self.hand_sizes)

    @property
    def top(self) -> Entry | None:
        """The top card of the Carnival stack, which every seat sees."""
        return self.carnival[-1] if self.carnival else None

    def scores(self) -> list[int]:
        """Each seat's points over the finished rounds."""
        return totals(self.results, self.players)

    def _repr_svg_(self) -> str:
        from .svg import table_svg

        return table_svg(self)

    def __str__(self) -> str:
        turn = (
            "the game is over"
            if self.current_player is None
            else f"player {self.current_player + 1} to play"
        )
        lines = [
            f"Carnival, round {self.round} of {self.rounds}, as player {self.seat + 1} sees it "
            f"({turn})",
            f"Carnival stack ({_cards(len(self.carnival))}, top last): "
            + (" ".join(map(str, self.carnival)) or "empty"),
            f"Deck: {_cards(self.deck_size)}; set aside at setup: {self.set_aside}",
        ]
        for seat in range(self.players):
            row = spectators_text(self.spectators[seat])
            if seat == self.seat:
                hand = " ".join(card.id for card in self.hand) or "empty"
                lines.append(f"Player {seat + 1} (you): hand {hand}; spectators {row}")
            else:
                known = self.known_masks[seat]
                masks = f", {known} of them Mask{'s' if known > 1 else ''}" if known else ""
                lines.append(
                    f"Player {seat + 1}: {_cards(self.hand_sizes[seat])} in hand{masks}; "
                    f"spectators {row}"
                )
        if self.results:
            over = self.current_player is None
            scores = ", ".join(
                f"player {seat + 1} {points}" for seat, points in enumerate(self.scores())
            )
            if not over:
                lines.append(f"Scores so far: {scores}")
            else:
                names = ", ".join(f"Player {seat + 1}" for seat in self.winners)
                won = f"Winner: {names}" if len(self.winners) == 1 else f"Shared victory: {names}"
                lines.append(f"Final scores: {scores}. {won}.")
        return "\n".join(lines)
