"""CarnivalTable speed: the time from a click to the redrawn table, and the SVG sent per click.

Run: ``python benchmarks/bench_carnival_table.py [--clicks 600]``. A seeded random learner
presses the buttons on the pictures (``button.click()``, the same handler a browser click
runs): a hand card or a Mask, then a place (a refused place now and then), and Next through
each round's reveal. First in games where every seat is human, so that a click is one choice
or one action and one redraw; then against bots at speed 0, where the click that plays also
plays the bots' turns.

Figures printed: median / 90th percentile / max milliseconds per click, the SVG bytes of a
whole frame (the pictures on the table), and the SVG bytes actually sent per click (only
pictures whose content changed are sent again: choosing a card sends none).
"""

from __future__ import annotations

import argparse
import random

from table_clicks import Figures, new_figures, report, timed_click

from widgets import CarnivalTable
from widgets.carnival_table import Place


def measure(seats: tuple[str, ...], clicks: int, seed: int) -> Figures:
    rng = random.Random(seed)
    out = new_figures()
    table = CarnivalTable(seats, seed=seed)
    while len(out["ms"]) < clicks:
        if table.game.is_over and table.revealing is None:
            table.new_game(seats, seed=rng.randrange(10**6))
        if table.revealing is not None:
            button = table.w_next
        else:
            choices = table.clickable()
            places = [b for b, p in choices if isinstance(p, Place)]
            glowing = [b for b in places if "cn-target" in b.classes]
            hand = [b for b, p in choices if not isinstance(p, Place)]
            luck = rng.random()
            if glowing and luck < 0.85:
                button = rng.choice(glowing)
            elif places and luck < 0.95:
                button = rng.choice(places)  # refused, or glowing
            else:
                button = rng.choice(hand)
        timed_click(table, button, out)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--clicks", type=int, default=600)
    args = parser.parse_args()
    print("CarnivalTable: click -> redrawn table, in Python")
    for players in (2, 6):
        report(
            f"{players} players, all human",
            measure(("human",) * players, args.clicks, 1),
            sent_mean=True,
        )
    report(
        "1 human + 2 greedy bots (speed 0)",
        measure(("human", "greedy", "greedy"), args.clicks // 3, 2),
        sent_mean=True,
    )
    report(
        "1 human + 5 bots (speed 0)",
        measure(("human", "greedy", "random", "greedy", "random", "greedy"), args.clicks // 3, 3),
        sent_mean=True,
    )


if __name__ == "__main__":
    main()
