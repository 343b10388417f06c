"""Carcata: the search bot against the greedy bot, 2 players, on paired seeds (not a CI test).

Each seed is played twice, the bots swapping seats, so both meet the same dice from both
seats (the game's stream gives the n-th chance outcome of a seed whoever plays; the games
drift apart once the bots choose differently). The search uses Carcata's settings
(``carcata_core.bots.MCTS_SETTINGS``) with the budget given here; the greedy bot is the kit's,
on Carcata's heuristic.

How a game counts: with two players a game ends when a tribe is eliminated (the other wins)
or when the Turtle finishes its laps: then the island wins, and that is a loss for both. In
this comparison such a game counts as a draw, half a win each (as a drawn game of chess),
and the island's share of the games is printed on its own. Prints MCTS's score (wins plus
half the island's games) over the games with its 95% Wilson interval, the same over the
games a tribe won, the island's share, the mean points, MCTS's rate from each seat, and the
games per second of the run; ``--json`` writes it all to a file.

    python benchmarks/carcata_strength.py --seeds 200 --workers 2 --json carcata_strength.json

A run split by seeds (to keep partial results, or over machines) gives the same games, since
each bot's seed comes from the game's seed and its seat; ``--merge`` reports on them together:

    python benchmarks/carcata_strength.py --seeds 25 --first-seed 10000 --json a.json
    python benchmarks/carcata_strength.py --seeds 25 --first-seed 10025 --json b.json
    python benchmarks/carcata_strength.py --merge a.json b.json
"""

from __future__ import annotations

from typing import Any

from strength import paired_main, report_speed

from carcata_core import CarcataTitle
from carcata_core.bots import MCTS_SETTINGS
from tabletop import lab


def extra(row: Any, rival_row: Any) -> dict[str, Any]:
    """Whether the island won, and each bot's pawns left."""
    return {
        "island": bool(row.island_won),
        "mcts_pawns_left": int(row.pawns_left),
        "rival_pawns_left": int(rival_row["pawns_left"]),
    }


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """MCTS's score (a win 1, the island's game a half) with its interval, and the rest."""
    games = len(rows)
    island = [r for r in rows if r["island"]]
    decided = [r for r in rows if not r["island"]]
    wins = sum(r["mcts_win"] for r in rows)
    points = wins + 0.5 * len(island)
    low, high = lab.wilson(points, games)
    decided_wins = sum(r["mcts_win"] for r in decided)
    d_low, d_high = lab.wilson(decided_wins, len(decided)) if decided else (0.0, 1.0)
    by_seat = []
    for seat in (0, 1):
        here = [r for r in rows if r["mcts_seat"] == seat]
        score = sum(r["mcts_win"] + 0.5 * r["island"] for r in here)
        by_seat.append(round(score / len(here), 3) if here else None)

    def mean(key: str) -> float:
        return sum(r[key] for r in rows) / games

    return {
        "games": games,
        "island_counts_as": "a draw: half a win each",
        "mcts_score": points / games,
        "ci95": [low, high],
        "mcts_wins": wins,
        "rival_wins": sum(r["rival_win"] for r in rows),
        "island_games": len(island),
        "island_share": len(island) / games,
        "mcts_win_rate_when_decided": decided_wins / len(decided) if decided else None,
        "ci95_when_decided": [d_low, d_high],
        "mcts_mean_points": mean("mcts_points"),
        "rival_mean_points": mean("rival_points"),
        "mcts_pawns_left": mean("mcts_pawns_left"),
        "rival_pawns_left": mean("rival_pawns_left"),
        "mcts_score_by_seat": by_seat,
        "mcts_iterations_per_decision": mean("mcts_iterations"),
        "mean_turns": mean("turns"),
        "cpu_seconds_per_game": mean("seconds"),
    }


def report(result: dict[str, Any]) -> None:
    low, high = result["ci95"]
    d_low, d_high = result["ci95_when_decided"]
    decided = result["games"] - result["island_games"]
    print(
        f"Carcata, 2 players, {result['games']} games (seeds {result['seeds']}, both seats), "
        f"MCTS {result['mcts']} vs {result['rival']}:"
    )
    print(
        f"  MCTS score {result['mcts_score'] * 100:.1f}% (95% Wilson CI {low * 100:.1f}-"
        f"{high * 100:.1f}%), the island's games counted as draws"
    )
    print(
        f"  the island won {result['island_games']} games ({result['island_share'] * 100:.1f}%);"
        f" MCTS won {result['mcts_wins']:.0f} and greedy {result['rival_wins']:.0f} of the other"
        f" {decided}"
        + (
            f" (MCTS {result['mcts_win_rate_when_decided'] * 100:.1f}%, CI {d_low * 100:.1f}-"
            f"{d_high * 100:.1f}%)"
            if decided
            else ""
        )
    )
    print(
        f"  mean points MCTS {result['mcts_mean_points']:.2f} vs rival "
        f"{result['rival_mean_points']:.2f}; pawns left {result['mcts_pawns_left']:.2f} vs "
        f"{result['rival_pawns_left']:.2f}; MCTS score by seat {result['mcts_score_by_seat']}; "
        f"{result['mcts_iterations_per_decision']:.0f} iterations per searched decision"
    )
    report_speed(result)


def main() -> None:
    paired_main(__doc__, CarcataTitle(), MCTS_SETTINGS, summarise, report, extra)


if __name__ == "__main__":
    main()
