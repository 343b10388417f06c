"""Timing clicks on a game table (``PlayTable``, ``CarnivalTable``), for the table benchmarks.

A click is timed from ``button.click()`` (the handler a browser click runs) until the table is
redrawn; with it are noted the SVG bytes of the whole frame and the SVG bytes the click sent
(only pictures whose content changed are sent again).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

#: Per click: milliseconds (``ms``), frame bytes (``frame``), bytes sent (``sent``).
Figures = dict[str, list[float]]


def new_figures() -> Figures:
    return {"ms": [], "frame": [], "sent": []}


def timed_click(table: Any, button: Any, figures: Figures) -> None:
    """Press ``button`` on ``table`` and add the click's figures."""
    sent = table.sent_bytes
    start = time.perf_counter()
    button.click()
    figures["ms"].append(1000 * (time.perf_counter() - start))
    figures["frame"].append(table.frame_bytes)
    figures["sent"].append(table.sent_bytes - sent)


def report(name: str, figures: Figures, *, sent_mean: bool = False) -> None:
    """Print the median, 90th percentile and slowest click, the frame size and the bytes sent
    per click (their mean when most clicks send nothing, as choosing a card)."""
    ms = sorted(figures["ms"])
    p90 = ms[int(0.9 * (len(ms) - 1))]
    print(
        f"{name:<34} {len(ms):>5} clicks  median {statistics.median(ms):6.1f} ms  "
        f"p90 {p90:6.1f} ms  max {ms[-1]:6.1f} ms"
    )
    average, sent = ("mean", statistics.mean) if sent_mean else ("median", statistics.median)
    print(
        f"{'':<34} SVG per frame: median {statistics.median(figures['frame']) / 1000:5.1f} KB, "
        f"max {max(figures['frame']) / 1000:5.1f} KB; sent per click: {average} "
        f"{sent(figures['sent']) / 1000:5.1f} KB, max {max(figures['sent']) / 1000:5.1f} KB"
    )
