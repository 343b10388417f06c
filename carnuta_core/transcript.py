"""Readable game transcripts: the setup, every action with what it did, the score pads."""

from __future__ import annotations

from .deck_index import ROWS
from .game import Game
from .model import INGREDIENTS


def replay(game: Game) -> list[tuple[Game, str, list[str]]]:
    """Replay ``game`` from its start: (position before, action, what the action did) per step."""
    step = game.start()
    out = []
    for _, action in game.log:
        before = step.copy()
        step.play(action)
        out.append((before, str(action), step.last_events))
    return out


def setup_lines(game: Game) -> list[str]:
    start = game.start()
    changes = game.rules.changes()
    lines = [
        f"Carnuta: {game.num_players} players, seed {game.seed}, deck {game.deck.name}, "
        f"rules: {changes if changes else 'as printed'}",
    ]
    for row in ROWS:
        cards = " ".join(c.id if c else "--" for c in start.market(row))
        lines.append(f"Market {row}: {cards}")
    for seat in range(start.num_players):
        view = start.player(seat)
        first = " ".join(c.id for c in view.played)
        lines.append(f"Player {seat + 1}: {first}, runes {view.suns} Sun {view.moons} Moon")
    return lines


def score_table(game: Game) -> list[str]:
    pads = [game.score_pad(seat) for seat in range(game.num_players)]
    header = "Ingredient " + "".join(f"{'P' + str(seat + 1):>5}" for seat in range(len(pads)))
    lines = [header]
    for ingredient in INGREDIENTS:
        lines.append(f"{ingredient.title:<11}" + "".join(f"{pad[ingredient]:>5}" for pad in pads))
    lines.append(f"{'Total':<11}" + "".join(f"{pad.total:>5}" for pad in pads))
    return lines


def transcript(game: Game, *, actions: bool = True, legal: bool = False) -> str:
    """The game as text. ``legal=True`` adds the number of legal actions at every step."""
    lines = setup_lines(game)
    if actions:
        for before, action, events in replay(game):
            head = f"R{before.round} P{before.current_player + 1} "
            if legal:
                head += f"[{len(before.legal_actions()):>2} legal] "
            lines.append(f"{head}{action:<18}| {' '.join(events)}")
    if game.is_over:
        lines.append("Final score pads:")
        lines.extend(score_table(game))
        names = ", ".join(f"Player {seat + 1}" for seat in game.winners())
        lines.append(f"Winner(s): {names}")
    else:
        lines.append(game.pending())
    return "\n".join(lines)
