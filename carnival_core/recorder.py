"""Carnival's own columns in the lab's tables (``tabletop.lab.Recorder``).

Besides the columns every game gets, each row says how the player did round by round (points,
happy types, scoring cards), where its cards went (the Carnival stack, its own Spectators,
another player's), how many Masks it used, and whether its turn ended a round or the game.

Lead changes need a score after every turn; Carnival scores only at a round's reveal, so the
lab follows the points each player would have *if the round ended now, counted from what every
player sees* (``Game.public_scores_now``: face-up Spectators against the face-up Carnival cards;
no hand, no card under a Mask). The lead is then one every player can read off the table.

>>> from tabletop.lab import GameTask, play_one
>>> from carnival_core import CarnivalTitle
>>> first, second = play_one(GameTask(CarnivalTitle(), game=0, seed=1, bots=("greedy", "random")))
>>> first["rounds"], len(first["round_scores"]), first["rounds_ended"] + second["rounds_ended"]
(2, 2, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from tabletop.lab.record import Recorder

from .actions import CARNIVAL, OWN, Play
from .game import Game


@dataclass(slots=True)
class SeatTally:
    """Where one player's cards went during a game, counted as it goes."""

    turns: int = 0
    carnival: int = 0
    own: int = 0
    given: int = 0
    received: int = 0
    masks: int = 0
    rounds_ended: int = 0


class CarnivalRecorder(Recorder):
    """Follows one Carnival game action by action for the lab."""

    __slots__ = ("tally", "last_seat", "round_before")

    columns: ClassVar[dict[str, str]] = {
        "rounds": "rounds played",
        "round_scores": "the player's points in each round, in order",
        "happy_types": "in each round, the creature types in the player's Spectators that "
        "were happy (scored)",
        "scoring_cards": "the player's cards left face up in the last round (the tie-break)",
        "player_turns": "turns this player took",
        "carnival_plays": "cards this player played onto the Carnival stack",
        "own_plays": "cards this player played in front of itself, as its Spectators",
        "cards_given": "cards this player played in front of another player",
        "cards_received": "cards other players played in front of this player",
        "masks_used": "Masks this player played",
        "rounds_ended": "rounds that ended on this player's turn (it drew the last card)",
        "triggered_end": "this player's turn ended the game (the last round's last turn)",
    }

    def start(self, state: Game) -> None:
        self.tally = [SeatTally() for _ in range(state.num_players)]
        self.last_seat: int | None = None
        self.round_before = state.round

    def before(self, state: Game, seat: int, action: Play) -> None:
        tally = self.tally[seat]
        tally.turns += 1
        if action.masked:
            tally.masks += 1
        to = action.to
        if to == CARNIVAL:
            tally.carnival += 1
        elif to == OWN:
            tally.own += 1
        else:
            tally.given += 1
            self.tally[to].received += 1
        self.last_seat = seat
        self.round_before = state.round

    def after(self, state: Game, seat: int, action: Play) -> None:
        if state.is_over or state.round != self.round_before:
            self.tally[seat].rounds_ended += 1

    def scores(self, state: Game) -> Sequence[float]:
        return state.public_scores_now()

    def seat_columns(self, state: Game, seat: int) -> dict[str, Any]:
        tally = self.tally[seat]
        results = state.results
        happy = []
        for result in results:
            present = {card.type_index for card in result.spectators[seat]}
            happy.append(sum(1 for t in present if result.happy[seat][t]))
        return {
            "rounds": len(results),
            "round_scores": tuple(result.scores[seat] for result in results),
            "happy_types": tuple(happy),
            "scoring_cards": results[-1].scoring_cards[seat] if results else 0,
            "player_turns": tally.turns,
            "carnival_plays": tally.carnival,
            "own_plays": tally.own,
            "cards_given": tally.given,
            "cards_received": tally.received,
            "masks_used": tally.masks,
            "rounds_ended": tally.rounds_ended,
            "triggered_end": seat == self.last_seat,
        }


__all__ = ["CarnivalRecorder", "SeatTally"]
