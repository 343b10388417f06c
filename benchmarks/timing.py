"""Timing for the benchmark scripts (imported by them, run as ``python benchmarks/<script>``)."""

from __future__ import annotations

import statistics
import time
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
