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
import statistics
import time

from widgets import CarnivalTable
from widgets.carnival_table import Place


def measure(seats: tuple[str, ...], clicks: int, seed: int) -> dict[str, list[float]]:
    rng = random.Random(seed)
    out: dict[str, list[float]] = {"ms": [], "frame": [], "sent": []}
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
        sent = table.sent_bytes
        start = time.perf_counter()
        button.click()
        out["ms"].append(1000 * (time.perf_counter() - start))
        out["frame"].append(table.frame_bytes)
        out["sent"].append(table.sent_bytes - sent)
    return out


def report(name: str, figures: dict[str, list[float]]) -> None:
    ms = sorted(figures["ms"])
    p90 = ms[int(0.9 * (len(ms) - 1))]
    print(
        f"{name:<34} {len(ms):>5} clicks  median {statistics.median(ms):6.1f} ms  "
        f"p90 {p90:6.1f} ms  max {ms[-1]:6.1f} ms"
    )
    print(
        f"{'':<34} SVG per frame: median {statistics.median(figures['frame']) / 1000:5.1f} KB, "
        f"max {max(figures['frame']) / 1000:5.1f} KB; sent per click: mean "
        f"{statistics.mean(figures['sent']) / 1000:5.1f} KB, max "
        f"{max(figures['sent']) / 1000:5.1f} KB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--clicks", type=int, default=600)
    args = parser.parse_args()
    print("CarnivalTable: click -> redrawn table, in Python")
    for players in (2, 6):
        report(f"{players} players, all human", measure(("human",) * players, args.clicks, 1))
    report(
        "1 human + 2 greedy bots (speed 0)",
        measure(("human", "greedy", "greedy"), args.clicks // 3, 2),
    )
    report(
        "1 human + 5 bots (speed 0)",
        measure(("human", "greedy", "random", "greedy", "random", "greedy"), args.clicks // 3, 3),
    )


if __name__ == "__main__":
    main()
