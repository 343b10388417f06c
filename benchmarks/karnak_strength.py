"""Karnak: the search bot against the greedy bot, 2 players, on paired seeds (not a CI test).

Each seed is played twice, the bots swapping seats, so both are dealt the same Designs and
Favor cards from both seats (a seed fixes both decks; the games drift apart once the bots
choose differently). The search uses Karnak's settings (``karnak_core.bots.MCTS_SETTINGS``)
with the budget given here; the greedy bot is the kit's, on Karnak's heuristic. A shared win
(RULING 12 leaves a tie) counts half. Prints MCTS's share of the wins over the games with
its 95% Wilson interval, the mean points, MCTS's rate from each seat, how the games ended
and the games per second of the run; ``--json`` writes it all to a file. Every figure
depends on the kit's reconstruction of Karnak (the mat, the 45 invented Designs, the Favor
mix).

    python benchmarks/karnak_strength.py --seeds 200 --workers 2 --json karnak_strength.json

A run split by seeds (to keep partial results, or over machines) gives the same games, since
each bot's seed comes from the game's seed and its seat; ``--merge`` reports on them together:

    python benchmarks/karnak_strength.py --seeds 25 --first-seed 10000 --json a.json
    python benchmarks/karnak_strength.py --seeds 25 --first-seed 10025 --json b.json
    python benchmarks/karnak_strength.py --merge a.json b.json
"""

from __future__ import annotations

from typing import Any

from strength import paired_main, report_speed

from karnak_core import KarnakTitle
from karnak_core.bots import MCTS_SETTINGS
from tabletop import lab


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """MCTS's share of the wins with its interval, and the rest."""
    games = len(rows)
    wins = sum(r["mcts_win"] for r in rows)
    low, high = lab.wilson(wins, games)
    by_seat = []
    for seat in (0, 1):
        here = [r for r in rows if r["mcts_seat"] == seat]
        by_seat.append(round(sum(r["mcts_win"] for r in here) / len(here), 3) if here else None)

    def mean(key: str) -> float:
        return sum(r[key] for r in rows) / games

    return {
        "games": games,
        "mcts_score": wins / games,
        "ci95": [low, high],
        "mcts_wins": sum(r["mcts_win"] == 1 for r in rows),
        "rival_wins": sum(r["rival_win"] == 1 for r in rows),
        "shared": sum(0 < r["mcts_win"] < 1 for r in rows),
        "mcts_mean_points": mean("mcts_points"),
        "rival_mean_points": mean("rival_points"),
        "mcts_score_by_seat": by_seat,
        "mcts_iterations_per_decision": mean("mcts_iterations"),
        "mean_turns": mean("turns"),
        "seconds_per_game": mean("seconds"),
    }


def report(result: dict[str, Any]) -> None:
    low, high = result["ci95"]
    print(
        f"Karnak, 2 players, {result['games']} games (seeds {result['seeds']}, both seats), "
        f"MCTS {result['mcts']} vs {result['rival']}:"
    )
    print(
        f"  MCTS score {result['mcts_score'] * 100:.1f}% (95% Wilson CI {low * 100:.1f}-"
        f"{high * 100:.1f}%): MCTS won {result['mcts_wins']}, {result['rival']} "
        f"{result['rival_wins']}, {result['shared']} shared"
    )
    print(
        f"  mean points MCTS {result['mcts_mean_points']:.2f} vs rival "
        f"{result['rival_mean_points']:.2f}; MCTS score by seat {result['mcts_score_by_seat']}; "
        f"{result['mcts_iterations_per_decision']:.0f} iterations per searched decision; "
        f"{result['mean_turns']:.0f} turns a game"
    )
    report_speed(result)


def main() -> None:
    paired_main(__doc__, KarnakTitle(), MCTS_SETTINGS, summarise, report)


if __name__ == "__main__":
    main()
