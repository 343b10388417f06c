"""A seat's view of a game, as text. Everything in Carcata is public (the bag's order is
chance, not a secret), so every seat sees the same table; the view says whose it is.

>>> from carcata_core import Game
>>> print(Game.new(2, seed=1).observation(0).splitlines()[0])
Carcata, as player 1 sees it: set-up, player 1 places a pawn
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import ISLAND

if TYPE_CHECKING:
    from .game import Game


def _cells(cells: object) -> str:
    return " ".join(ISLAND.names[c] for c in cells) or "none"  # type: ignore[attr-defined]


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {name}" for name, n in counts.items() if n) or "none"


def observation_text(game: Game, seat: int) -> str:
    """The table as ``seat`` sees it: pawns, lava, statues, gems, the Turtle, the dice."""
    phase = game.phase
    if game.is_over:
        doing = "the game is over"
    elif phase == "setup":
        doing = f"set-up, player {game.turn_player + 1} places a pawn"
    else:
        doing = f"player {game.turn_player + 1}'s turn ({phase})"
    symbol, laps, steps = game.turtle
    lines = [f"Carcata, as player {seat + 1} sees it: {doing}"]
    for other in range(game.num_players):
        you = " (you)" if other == seat else ""
        riding = game.riders.count(other)
        ride = f", {riding} on the Turtle" if riding else ""
        lines.append(
            f"Player {other + 1}{you}: pawns {_cells(game.pawns(other))}{ride}; "
            f"gems {_counts(game.collected(other))}"
        )
    flows = "; ".join(_cells(f) for f in game.flows) or "none"
    lines.append(f"Lava flows: {flows} ({game.lava_supply} tokens left)")
    lines.append(f"Statues: {_cells(game.statues())} ({game.statues_off} on the small islands)")
    loose = game.loose_gems()
    lines.append(
        "Loose gems: "
        + (", ".join(f"{ISLAND.names[c]} {' '.join(g)}" for c, g in loose.items()) or "none")
    )
    lines.append(f"Bag: {_counts(game.bag)}")
    lines.append(
        f"Turtle: symbol {symbol + 1}, next to {_cells(game.turtle_shore())}; "
        f"{steps} of {game.rules.turtle_steps_to_end} advances"
        + (f" ({laps} lap(s) done)" if laps else "")
    )
    if phase in ("dice", "roll", "effects", "draw", "aim", "land"):
        lines.append(f"Dice: {_counts(game.dice)}")
    if phase in ("effects", "draw", "aim", "land"):
        lines.append(f"Effects left: {_counts(game.pool)}")
    if game.drawn is not None:
        aimed = f", aimed at {ISLAND.names[game.aim]}" if game.aim is not None else ""
        lines.append(f"Gem drawn: {game.drawn}{aimed}")
    if game.is_over:
        lines.append(f"Scores: {game.scores()}; winners: {[w + 1 for w in game.winners()]}")
    return "\n".join(lines)


__all__ = ["observation_text"]
