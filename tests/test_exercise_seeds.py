"""Every exercise builds for every student number of a large class, 0 to 999, and its check
accepts the engine's own answer (through the exercise's public ``answer`` and ``check``).

One test builds them all once and prints the time each exercise took (``pytest -s``);
``benchmarks/bench_exercises.py`` measures the same in more detail.
"""

from __future__ import annotations

import time

from exercises.kit import EXERCISES, make

STUDENTS = range(1000)


def test_every_exercise_builds_for_every_student_number() -> None:
    failures: list[str] = []
    seconds: dict[str, float] = {}
    for key, cls in EXERCISES.items():
        start = time.perf_counter()
        for seed in STUDENTS if cls.randomised else (None,):
            try:
                exercise = make(key, seed)
                result = exercise.check(exercise.answer())
            except Exception as error:  # report every student number that fails, not the first
                failures.append(f"{key} seed {seed}: {type(error).__name__}: {error}")
                continue
            if not result:
                failures.append(f"{key} seed {seed}: {result}")
        seconds[key] = time.perf_counter() - start
    slowest = sorted(seconds.items(), key=lambda item: -item[1])[:5]
    print(
        f"{len(EXERCISES)} exercises for {len(STUDENTS)} students in {sum(seconds.values()):.0f} s "
        f"(slowest: {', '.join(f'{key} {s:.1f} s' for key, s in slowest)})"
    )
    assert not failures, "\n".join(failures[:20])


def test_every_french_exercise_gives_every_student_the_english_answer() -> None:
    """A French notebook gives each student number the position and answer the English one
    gives, and its check accepts that answer."""
    failures: list[str] = []
    for key, cls in EXERCISES.items():
        if not cls.title_fr:
            continue
        for seed in STUDENTS if cls.randomised else (None,):
            english, french = make(key, seed), make(key, seed, "fr")
            if french.answer() != english.answer() or french.solutions() != english.solutions():
                failures.append(f"{key} seed {seed}: {french.answer()!r} != {english.answer()!r}")
            elif not (result := french.check(french.answer())):
                failures.append(f"{key} seed {seed}: {result}")
    assert not failures, "\n".join(failures[:20])
