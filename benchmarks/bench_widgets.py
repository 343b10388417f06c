"""PlayTable speed: the time from a click to the redrawn table, and the SVG sent per frame.

Run: ``python benchmarks/bench_widgets.py [--clicks 600]``. A seeded random learner presses
glowing buttons (``button.click()``, the same handler a browser click runs) in games where
every seat is human, so each click is one action and one redraw; then a game against greedy
bots, where the click that ends a turn also plays the bots' turns (at speed 0); then a French
table where a quarter of the clicks are on cards or buttons that do not glow (each answered
with the engine's reason).

Figures printed: median / 90th percentile / max milliseconds per click, the SVG bytes of a
whole frame (market + every player area), and the SVG bytes actually sent per click (only
pictures whose content changed are sent again).
"""

from __future__ import annotations

import argparse
import random

from table_clicks import Figures, new_figures, report, timed_click

from widgets import PlayTable

WEIGHTS = {"PlayCard": 8, "SelectSalt": 8, "TakeCard": 3, "Sickle": 0.2}


def measure(
    seats: tuple[str, ...], clicks: int, seed: int, *, lang: str = "en", refused: float = 0.0
) -> Figures:
    rng = random.Random(seed)
    out = new_figures()
    table = PlayTable(seats, seed=seed, lang=lang)
    while len(out["ms"]) < clicks:
        if table.game.is_over:
            table.new_game(seats, seed=rng.randrange(10**6))
        choices = table.clickable()
        idle = [
            b
            for picture in (table.market_map, *table.player_maps)
            for b in picture.visible()
            if not b.legal and not b.disabled
        ]
        if idle and rng.random() < refused:
            button = rng.choice(idle)
        else:
            weights = [WEIGHTS.get(type(p).__name__, 1) for _, p in choices]
            button, _ = rng.choices(choices, weights)[0]
        timed_click(table, button, out)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=600)
    args = parser.parse_args()
    print("PlayTable: click -> redrawn table, in Python (reference deck)")
    for players in (2, 4):
        report(f"{players} players, all human", measure(("human",) * players, args.clicks, 1))
    report(
        "1 human + 3 greedy bots (speed 0)",
        measure(("human", "greedy", "greedy", "greedy"), args.clicks // 3, 2),
    )
    report(
        "French, 3 players, 25% refused clicks",
        measure(("human",) * 3, args.clicks // 2, 3, lang="fr", refused=0.25),
    )


if __name__ == "__main__":
    main()
