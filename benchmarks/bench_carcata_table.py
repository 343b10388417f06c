"""CarcataTable speed: the time from a click to the redrawn table, and the SVG sent per click.

Run: ``python benchmarks/bench_carcata_table.py [--clicks 400]``. A seeded random learner
presses the table's buttons (``button.click()``, the same handler a browser click runs): a
glowing space of the island (a pawn, a flow's start, a target, a space to aim at), now and
then a refused one, Keep or End when they are offered. First with two human seats, so that
a click is one choice or one action and one redraw; then against a random bot at speed 0,
where the click that plays also plays the bot's turn.

Figures printed: median / 90th percentile / max milliseconds per click, the SVG bytes of a
whole frame (the island in its two layouts and the dice), and the SVG bytes sent per click.
"""

from __future__ import annotations

import argparse
import random

from table_clicks import Figures, new_figures, report, timed_click

from widgets import CarcataTable


def measure(seats: tuple[str, ...], clicks: int, seed: int) -> Figures:
    rng = random.Random(seed)
    out = new_figures()
    table = CarcataTable(seats, seed=seed)
    while len(out["ms"]) < clicks:
        if table.game.is_over:
            table.new_game(seats, seed=rng.randrange(10**6))
        shown = table.clickable()
        glowing = [b for b, _ in shown if b.legal]
        refused = [b for b, _ in shown if not b.legal]
        turn = [
            b
            for b in (table.w_keep, table.w_end, table.w_erupt, table.w_left, table.w_right)
            if b.layout.display != "none" and not b.disabled
        ]
        luck = rng.random()
        if refused and luck < 0.05:
            button = rng.choice(refused)
        elif turn and (luck > 0.8 or not glowing):
            button = rng.choice(turn)
        elif glowing:
            button = rng.choice(glowing)
        else:
            button = table.w_new
        timed_click(table, button, out)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--clicks", type=int, default=400)
    args = parser.parse_args()
    print("CarcataTable: click -> redrawn table, in Python")
    report("2 players, both human", measure(("human", "human"), args.clicks, 1), sent_mean=True)
    report(
        "1 human + 1 random bot (speed 0)",
        measure(("human", "random"), args.clicks // 2, 2),
        sent_mean=True,
    )


if __name__ == "__main__":
    main()
