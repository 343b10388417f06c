"""Carnuta's own columns in the lab's tables (``tabletop.lab.Recorder``).

Besides the columns every game gets, each row says what the player did with the cards (taken,
played with their final points, discarded, the cards seen in the market), its score-pad rows
and best row (the first tie-break), its main actions, wasted and forfeited actions (defined in
``carnuta_core.waste``, counted as the ledger counts them), its Sickles, and whether it played
the card that triggered the end of the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tabletop.lab.record import Outcome, Recorder

from .actions import Action, Discard, PlayCard, TakeCard
from .deck_index import ROWS
from .fastscore import ScoreTable, score_table
from .game import Game
from .model import INGREDIENTS
from .scoring import ScorePad, winners
from .waste import KIND_OF, SPENDING, Move, waste_labels


@dataclass(slots=True)
class SeatTally:
    """What one player did during a game, counted as it goes."""

    #: Cards taken from the market, in order.
    taken: list[str] = field(default_factory=list)
    discarded: int = 0
    sickles: int = 0
    #: Main actions: take, play, take runes, flip.
    actions: int = 0
    #: Actions lost at an ``end`` because none was possible.
    forfeited: int = 0
    #: Wasted actions (``carnuta_core.waste``), counted once the game is over.
    wasted: int = 0


class CarnutaRecorder(Recorder):
    """Follows one Carnuta game action by action for the lab."""

    __slots__ = ("table", "tally", "moves", "trigger_seat", "seen", "pads")

    columns: ClassVar[dict[str, str]] = {
        "best_row": "the player's best score-pad row (the first tie-break)",
        "rounds": "rounds played",
        "actions": "main actions (take, play, take runes, flip) by all players",
        "player_actions": "main actions by this player",
        "triggered_end": "this player played the card that triggered the end of the game",
        "wasted": "this player's wasted actions (defined in carnuta_core.waste)",
        "forfeited": "actions this player lost because none was possible",
        "cards_played": "cards played from hand (the starting card not counted)",
        "cards_taken": "cards taken from the market",
        "cards_discarded": "cards discarded at the hand limit",
        "sickles_used": "Sickles used",
        "start_card": "the player's starting card",
        "played": "ids of the cards played from hand, in order",
        "played_points": "final points of each card in 'played'",
        "taken": "ids of the cards taken from the market, in order",
        "seen": "ids of every card revealed in the market during the game",
        **{f"pad_{i.value}": f"score-pad row: {i.title}" for i in INGREDIENTS},
    }

    def start(self, state: Game) -> None:
        self.table: ScoreTable = score_table(state.deck)
        self.tally = [SeatTally() for _ in range(state.num_players)]
        #: Every action as a move ``(seat, kind, card)``, for ``waste_labels``.
        self.moves: list[Move] = []
        self.trigger_seat: int | None = None
        #: Every card seen in the market (and ``None`` for an empty slot).
        self.seen: set[str | None] = set()

    def look(self, state: Game) -> None:
        """Note what the last action did: the cards it revealed in the market, and whether it
        triggered the end. Called before each action and once at the end, it sees every
        position after an action (one call fewer per action than an ``after`` hook)."""
        seen = self.seen
        for row in ROWS:
            seen.update(state.market_ids(row))
        if self.trigger_seat is None and self.moves and state.final_round is not None:
            self.trigger_seat = self.moves[-1][0]

    def before(self, state: Game, seat: int, action: Action) -> None:
        self.look(state)
        kind = KIND_OF[type(action)]
        tally = self.tally[seat]
        card: str | None = None
        if kind == "take":
            assert isinstance(action, TakeCard)
            card = state.market_ids(action.row)[action.slot - 1]
            assert card is not None
            tally.taken.append(card)
        elif kind == "play":
            assert isinstance(action, PlayCard)
            card = action.card
        elif kind == "discard":
            assert isinstance(action, Discard)
            card = action.card
            tally.discarded += 1
        elif kind == "end":
            tally.forfeited += state.actions_left
        elif kind == "sickle":
            tally.sickles += 1
        if kind in SPENDING:
            tally.actions += 1
        self.moves.append((seat, kind, card))

    def scores(self, state: Game) -> Sequence[float]:
        return self.table.scores_of(state)

    def outcome(self, state: Game) -> Outcome:
        """Scores and winners from the score pads (computed once); seats rank by score, then
        by best single row (the rulebook's tie-break)."""
        self.look(state)
        self.pads: list[ScorePad] = [state.score_pad(seat) for seat in range(state.num_players)]
        labels = waste_labels(self.moves, state.rules.flip_mode, over=True)
        for (seat, _, _), label in zip(self.moves, labels, strict=True):
            self.tally[seat].wasted += label is not None
        best = winners(self.pads)
        return Outcome(
            [pad.total for pad in self.pads],
            [1.0 / len(best) if seat in best else 0.0 for seat in range(len(self.pads))],
            [(pad.total, pad.best_row) for pad in self.pads],
        )

    def seat_columns(self, state: Game, seat: int) -> dict[str, Any]:
        p = state.seat(seat)
        counts = self.table.counts(p.played, p.salt_on, p.bonus)
        from_hand = p.played[1:]
        pad = self.pads[seat]
        tally = self.tally[seat]
        record: dict[str, Any] = {
            "best_row": pad.best_row,
            "rounds": state.round,
            "actions": sum(t.actions for t in self.tally),
            "player_actions": tally.actions,
            "triggered_end": seat == self.trigger_seat,
            "wasted": tally.wasted,
            "forfeited": tally.forfeited,
            "cards_played": len(from_hand),
            "cards_taken": len(tally.taken),
            "cards_discarded": tally.discarded,
            "sickles_used": tally.sickles,
            "start_card": p.played[0],
            "played": tuple(from_hand),
            "played_points": tuple(self.table.points(cid, counts) for cid in from_hand),
            "taken": tuple(tally.taken),
            "seen": tuple(sorted(c for c in self.seen if c is not None)),
        }
        for ingredient, points in pad:
            record[f"pad_{ingredient.value}"] = points
        return record


__all__ = ["CarnutaRecorder", "SeatTally"]
