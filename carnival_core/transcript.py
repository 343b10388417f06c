"""Readable game transcripts: each deal, every action with what it did, each round's reveal.

A transcript shows everything, hidden cards included: it is the record of a whole game, not
what a seat saw (``Game.observation`` is that).

>>> from carnival_core import Game
>>> game = Game.new(2, seed=5)
>>> game.play("carnival G4")
>>> print(transcript(game).splitlines()[-2])
R1 P1 [60 legal] carnival G4           | Player 1 played G4 onto the Carnival stack. Player 2 drew Mask.
"""

from __future__ import annotations

from tabletop.saves import short_repr

from .errors import ArgumentError
from .game import Game


def _check_game(game: object) -> None:
    if not isinstance(game, Game):
        raise ArgumentError("game", f"a Carnival Game, not {short_repr(game)}")


def _ids(cards: object) -> str:
    return " ".join(str(card) for card in cards) or "-"  # type: ignore[attr-defined]


def deal_lines(game: Game) -> list[str]:
    """The deal of the round ``game`` is at the start of: hands, top card, deck and set aside."""
    _check_game(game)
    lines = [
        f"Round {game.round}: player {game.current_player + 1} starts; the Carnival stack "
        f"starts with {_ids(game.carnival())}; {len(game.set_aside())} cards set aside"
    ]
    for seat in range(game.num_players):
        drew = " (after the first draw)" if seat == game.current_player else ""
        lines.append(f"  Player {seat + 1} hand{drew}: {_ids(game.hand(seat))}")
    lines.append(f"  Deck, top first: {_ids(game.deck_order())}")
    return lines


def reveal_lines(game: Game, round_number: int) -> list[str]:
    """A finished round's reveal: the Carnival's Creatures, each row, the sums and scores."""
    _check_game(game)
    result = game.results[round_number - 1]
    lines = [f"Round {round_number} reveal (Masks put aside, hands added to the Spectators):"]
    lines.append(f"  Carnival: {_ids(result.carnival)}")
    for seat, row in enumerate(result.spectators):
        lines.append(f"  Player {seat + 1}: {_ids(row)}")
    lines.extend("  " + line for line in result.lines(game.rules.creature_names))
    return lines


def transcript(game: Game, *, legal: bool = True) -> str:
    """The game as text; ``legal`` adds the number of legal actions at every step."""
    _check_game(game)
    step = game.start_position()
    changes = game.rules.changes()
    lines = [
        f"Carnival: {game.num_players} players, seed {step.seed}, rules: "
        f"{changes if changes else 'as printed'}",
        *deal_lines(step),
    ]
    for _, action in game.log:
        head = f"R{step.round} P{step.current_player + 1} "
        if legal:
            head += f"[{len(step.legal_actions()):>2} legal] "
        finished = len(step.results)
        step.play(action)
        lines.append(f"{head}{str(action):<22}| {' '.join(step.last_events)}")
        if len(step.results) > finished:
            lines.extend(reveal_lines(step, finished + 1))
            if not step.is_over:
                lines.extend(deal_lines(step))
    if game.is_over:
        points = ", ".join(f"player {seat + 1} {p}" for seat, p in enumerate(game.scores()))
        lines.append(f"Points over {len(game.results)} rounds: {points}")
        lines.append(
            "Scoring cards in the last round: "
            + ", ".join(
                f"player {seat + 1} {n}" for seat, n in enumerate(game.results[-1].scoring_cards)
            )
        )
        lines.append("Winner(s): " + ", ".join(f"Player {seat + 1}" for seat in game.winners()))
    else:
        lines.append(game.pending())
    return "\n".join(lines)
