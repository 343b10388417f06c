"""Carnuta's own columns in the lab's tables (``tabletop.lab.Recorder``).

Besides the columns every game gets, each row says what the player did with the cards (taken,
played with their final points, discarded, the cards seen in the market), its score-pad rows
and best row (the first tie-break), its main actions, wasted and forfeited actions (defined in
``carnuta_core.waste``, counted as the ledger counts them), its Sickles, and whether it played
the card that triggered the end of the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from tabletop.lab.record import Outcome, Recorder

from .actions import Action, Discard, PlayCard, TakeCard
from .deck_index import ROWS
from .fastscore import ScoreTable, score_table
from .game import Game
from .model import INGREDIENTS
from .scoring import ScorePad, winners
from .waste import KIND_OF, SPENDING, Move, waste_labels


class CarnutaRecorder(Recorder):
    """Follows one Carnuta game action by action for the lab."""

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
        players = state.num_players
        self.table: ScoreTable = score_table(state.deck)
        self.taken: list[list[str]] = [[] for _ in range(players)]
        self.discarded = [0] * players
        self.sickles = [0] * players
        self.main_actions = [0] * players
        self.forfeited = [0] * players
        self.moves: list[Move] = []
        self.trigger_seat: int | None = None
        self.seen: set[str | None] = set()
        self.see(state)

    def see(self, state: Game) -> None:
        """Note the cards in the market now."""
        seen = self.seen
        for row in ROWS:
            seen.update(state.market_ids(row))

    def before(self, state: Game, seat: int, action: Action) -> None:
        kind = KIND_OF[type(action)]
        card: str | None = None
        if kind == "take":
            assert isinstance(action, TakeCard)
            card = state.market_ids(action.row)[action.slot - 1]
            assert card is not None
            self.taken[seat].append(card)
        elif kind == "play":
            assert isinstance(action, PlayCard)
            card = action.card
        elif kind == "discard":
            assert isinstance(action, Discard)
            card = action.card
            self.discarded[seat] += 1
        elif kind == "end":
            self.forfeited[seat] += state.actions_left
        elif kind == "sickle":
            self.sickles[seat] += 1
        if kind in SPENDING:
            self.main_actions[seat] += 1
        self.moves.append((seat, kind, card))

    def after(self, state: Game, seat: int, action: Action) -> None:
        if self.trigger_seat is None and state.final_round is not None:
            self.trigger_seat = seat
        self.see(state)

    def scores(self, state: Game) -> Sequence[float]:
        return self.table.scores_of(state)

    def outcome(self, state: Game) -> Outcome:
        """Scores and winners from the score pads (computed once); seats rank by score, then
        by best single row (the rulebook's tie-break)."""
        self.pads: list[ScorePad] = [state.score_pad(seat) for seat in range(state.num_players)]
        self.wasted = [0] * state.num_players
        labels = waste_labels(self.moves, state.rules.flip_mode, over=True)
        for (seat, _, _), label in zip(self.moves, labels, strict=True):
            self.wasted[seat] += label is not None
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
        record: dict[str, Any] = {
            "best_row": pad.best_row,
            "rounds": state.round,
            "actions": sum(self.main_actions),
            "player_actions": self.main_actions[seat],
            "triggered_end": seat == self.trigger_seat,
            "wasted": self.wasted[seat],
            "forfeited": self.forfeited[seat],
            "cards_played": len(from_hand),
            "cards_taken": len(self.taken[seat]),
            "cards_discarded": self.discarded[seat],
            "sickles_used": self.sickles[seat],
            "start_card": p.played[0],
            "played": tuple(from_hand),
            "played_points": tuple(self.table.points(cid, counts) for cid in from_hand),
            "taken": tuple(self.taken[seat]),
            "seen": tuple(sorted(c for c in self.seen if c is not None)),
        }
        for ingredient, points in pad:
            record[f"pad_{ingredient.value}"] = points
        return record


__all__ = ["CarnutaRecorder"]
