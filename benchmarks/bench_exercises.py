"""Exercise speed: building every exercise for a class, and checking long or odd answers.

Run: ``python benchmarks/bench_exercises.py [--students 1000] [--repeat 5]``. Prints wall-clock
and CPU seconds (the machine may be shared: CPU time is the steadier figure).

Figures:

- building each exercise for student numbers 0 to ``--students - 1`` and checking the engine's
  answer (what ``tests/test_exercise_seeds.py`` does once, for 1,000 students);
- checking, on every exercise, answers that used to take seconds (8,000 ones, a word, 8,000
  spaces and a word) and answers at the 2,000-character cap: the median over ``--repeat`` runs
  and the slowest exercise.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from timing import timed

from exercises.kit import EXERCISES, Exercise, make
from exercises.kit.answers import MAX_ANSWER_CHARS

ANSWERS = {
    "8,000 ones": "1" * 8000,
    "a, 8,000 spaces, b": "a" + " " * 8000 + "b",
    "1, 20,000 spaces, x": "1" + " " * 20000 + "x",
    "2,000 ones (the cap)": "1" * MAX_ANSWER_CHARS,
    "'2 sun ' to the cap": "2 sun " * (MAX_ANSWER_CHARS // 6),
    "'D04, ' to the cap": "D04, " * (MAX_ANSWER_CHARS // 5),
    "a 3,000-deep list": None,
}


def build_figures(students: int) -> dict[str, Exercise]:
    print(f"Building every exercise for {students} student numbers, each checked on its answer")
    built: dict[str, Exercise] = {}
    total_wall = total_cpu = 0.0
    for key, cls in EXERCISES.items():
        seeds = range(students) if cls.randomised else [None]
        wall, cpu = time.perf_counter(), time.process_time()
        for seed in seeds:
            exercise = make(key, seed)
            assert exercise.check(exercise.answer())
            built[key] = exercise
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        total_wall, total_cpu = total_wall + wall, total_cpu + cpu
        each = wall / len(seeds) * 1000
        print(f"  {key:18s} {wall:6.1f} s   (CPU {cpu:5.1f} s, {each:6.1f} ms per student)")
    print(f"  {'all':18s} {total_wall:6.1f} s   (CPU {total_cpu:5.1f} s)")
    return built


def check_figures(built: dict[str, Exercise], repeat: int) -> None:
    print(f"\nChecking odd answers on every exercise (median of {repeat})")
    deep: list[Any] = []
    for _ in range(3000):
        deep = [deep]
    for name, answer in ANSWERS.items():
        given = deep if answer is None else answer
        times = {
            key: timed(lambda exercise=exercise, given=given: exercise.check(given), repeat)[0]
            for key, exercise in built.items()
        }
        slowest = max(times, key=times.__getitem__)
        median = statistics.median(times.values())
        print(
            f"  {name:22s} median {median * 1000:7.2f} ms   "
            f"slowest {times[slowest] * 1000:7.2f} ms ({slowest})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=1000, help="student numbers to build")
    parser.add_argument("--repeat", type=int, default=5, help="repeats of each check timing")
    args = parser.parse_args()
    built = build_figures(args.students)
    check_figures(built, args.repeat)


if __name__ == "__main__":
    main()
