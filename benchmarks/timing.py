"""Timing for the benchmark scripts (imported by them, run as ``python benchmarks/<script>``)."""

from __future__ import annotations

import statistics
import time
import timeit
from collections.abc import Callable
from typing import Any


def timed(work: Callable[[], Any], repeat: int) -> tuple[float, float]:
    """(median wall seconds, median CPU seconds) over ``repeat`` runs."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        work()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def microseconds(statement: Callable[[], Any], number: int) -> float:
    """Microseconds a call of ``statement`` takes: the best of 5 runs of ``number`` calls."""
    return min(timeit.repeat(statement, number=number, repeat=5)) / number * 1e6


def print_microseconds(
    timings: dict[str, Callable[[], Any]], of: str, number: int, width: int = 7
) -> None:
    """One line per timed call: its name, ``of`` (``"of a 2-player game"``) and its time."""
    for name, statement in timings.items():
        label = f"{name} {of}:"
        print(f"  {label:<44} {microseconds(statement, number):{width}.1f} µs")
