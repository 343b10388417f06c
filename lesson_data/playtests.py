"""The shipped playtest sample: games recorded at the real tables, whose "human" seats were
played by *stand-ins*, programs, not people.

Lesson 11 analyses a folder of recorded games. Before a class has played, it reads this
sample, ``lesson_data/playtests/``: every file says ``"stand_in": true``. A stand-in sits in a
seat marked ``"human"`` and plays through the table's own ``play`` (and, at Carnival, presses
Next after each round's reveal), while the table's ``record_to`` records it; its decision
times are drawn, not measured, and move the recorder's clock, so a game is recorded in
milliseconds.

How a stand-in plays: at Carnuta it asks the coach (``STAND_IN_ITERATIONS`` iterations) and
takes its first choice, except with probability ``NOISE``, when it takes one of the next
three; at Carnival, which has no coach, it takes the greedy bot's choice, except with
probability ``NOISE``, when it takes a random legal action. Its time for a decision is drawn
from a log-normal law whose median grows with the number of legal actions (``seconds``):
a guess at a person's pace, not a measurement of one. The numbers the lesson computes from
this sample describe these programs; a class's own folder replaces them.

Ranking every decision with the coach takes about half a minute for the sample, longer
than a lesson may: ``playtest_ranks.json`` keeps the ranks (the ``top``, ``rank``,
``value_lost`` and ``points_lost`` of ``tabletop.lab.playtest.decision_table``, with the coach
of ``carnuta_core.playtest.CARNUTA``), which the lesson passes as ``known``; a test reruns some.

Rerun with ``python -m lesson_data.playtests`` (it empties the folder first).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

#: Where the sample lives.
FOLDER = Path(__file__).with_name("playtests")
#: The games: (game, seats, seed). "human" is a stand-in.
GAMES: tuple[tuple[str, tuple[str, ...], int], ...] = (
    ("carnuta", ("human", "greedy"), 101),
    ("carnuta", ("greedy", "human"), 102),
    ("carnuta", ("human", "greedy"), 103),
    ("carnuta", ("greedy", "human"), 104),
    ("carnuta", ("greedy", "random"), 105),
    ("carnival", ("human", "greedy", "random"), 201),
    ("carnival", ("random", "human", "greedy"), 202),
    ("carnival", ("greedy", "random", "human"), 203),
    ("carnival", ("human", "greedy", "random"), 204),
    ("carnival", ("greedy", "greedy", "random"), 205),
)
#: The share of decisions where a stand-in leaves its guide's first choice.
NOISE = 0.3
#: The coach's search per decision for a Carnuta stand-in.
STAND_IN_ITERATIONS = 40
#: Seconds a stand-in spends looking at a round's reveal before pressing Next (not a decision).
REVEAL_SECONDS = 4.0
#: The day the sample's games are dated (one game every 20 minutes).
DAY = datetime(2026, 1, 12, 9, 0, tzinfo=UTC)


class FakeClock:
    """A clock that moves only when told (the recorder reads it)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def seconds(choices: int, rng: random.Random) -> float:
    """A stand-in's time for a decision among ``choices`` legal actions: log-normal, median
    1.5 s plus 1.5 s per natural log of the choices, spread 0.6, kept between 0.4 s and 90 s."""
    median = 1.5 + 1.5 * math.log(choices)
    return round(min(90.0, max(0.4, rng.lognormvariate(math.log(median), 0.6))), 2)


class StandIn:
    """A seat's stand-in: follows its guide with some noise (see the module's doc)."""

    def __init__(self, game: str, seed: int):
        self.game = game
        self.rng = random.Random(seed)
        self.seed = seed

    def choose(self, state: Any, decision: int) -> Any:
        legal = list(state.legal_actions())
        if len(legal) == 1:
            return legal[0]
        if self.game == "carnuta":
            from carnuta_core.coach import Coach

            coach = Coach(STAND_IN_ITERATIONS, seed=self.seed * 1000 + decision)
            ranked = [a.action for a in coach.advise(state, top=4)]
            if self.rng.random() < NOISE and len(ranked) > 1:
                return self.rng.choice(ranked[1:])
            return ranked[0]
        from carnival_core.bots import make_bot

        if self.rng.random() < NOISE:
            return self.rng.choice(legal)
        return make_bot("greedy", self.seed * 1000 + decision).choose(state)


def play_at_table(game: str, seats: Sequence[str], seed: int, folder: Path, when: datetime) -> Path:
    """One game at the real table, recorded to ``folder``; returns its file."""
    from widgets.recording import Recorder

    clock = FakeClock()
    recorder = Recorder(folder, clock=clock, now=lambda: when, stand_in=True)
    if game == "carnuta":
        from widgets import PlayTable

        table: Any = PlayTable(tuple(seats), seed=seed, record_to=recorder)
    else:
        from widgets import CarnivalTable

        table = CarnivalTable(tuple(seats), seed=seed, record_to=recorder)
    stand_in = StandIn(game, seed)
    rng = random.Random(seed + 1)
    decision = 0
    while not table.game.is_over:
        if game == "carnival" and table.revealing is not None:
            clock.advance(REVEAL_SECONDS)
            table.click_next()
            continue
        state = table.game
        action = stand_in.choose(state, decision)
        clock.advance(seconds(len(state.legal_actions()), rng))
        assert table.play(action), table.message
        decision += 1
    (path,) = recorder.saved
    return path


def compute(folder: Path, sample: int | None = None) -> list[Path]:
    """Record the sample's games (the first ``sample`` of them) into ``folder``."""
    games = GAMES if sample is None else GAMES[:sample]
    return [
        play_at_table(game, seats, seed, folder, DAY + timedelta(minutes=20 * k))
        for k, (game, seats, seed) in enumerate(games)
    ]


def ranks(folder: Path = FOLDER, sample: int | None = None) -> list[dict[str, Any]]:
    """The coach's ranks of the recorded Carnuta decisions of ``folder`` (the first
    ``sample`` of its Carnuta games), one dict per decision (NaN written as ``None``)."""
    from carnival_core.playtest import CARNIVAL_PLAYTESTS
    from carnuta_core.playtest import CARNUTA
    from tabletop.lab.playtest import JUDGED, decision_table, read_playtests

    games = read_playtests(folder, [CARNUTA, CARNIVAL_PLAYTESTS])
    games.games = [g for g in games.games if g.record.engine == "carnuta_core"][:sample]
    table = decision_table(games)
    rows = table[["file", "index", *JUDGED]].to_dict("records")
    return [
        {str(k): None if isinstance(v, float) and math.isnan(v) else v for k, v in row.items()}
        for row in rows
    ]


def known_ranks() -> Any:
    """``playtest_ranks.json`` as a DataFrame, for ``decision_table``'s ``known``."""
    import pandas as pd

    import lesson_data

    return pd.DataFrame(lesson_data.load("playtest_ranks")["decisions"], dtype=object).astype(
        {"index": int, "top": bool, "rank": float, "value_lost": float, "points_lost": float}
    )


if __name__ == "__main__":
    import lesson_data

    FOLDER.mkdir(exist_ok=True)
    for old in FOLDER.glob("*.json"):
        old.unlink()
    for path in compute(FOLDER):
        print(path.name)
    lesson_data.write("playtest_ranks", {"decisions": ranks()})
