"""lesson_data/playtests/ and playtest_ranks.json are what their module makes: the first game
recorded afresh at the table is the shipped one, and the coach's ranks of its decisions
are the shipped ranks."""

from __future__ import annotations

import json
from pathlib import Path

import lesson_data
from lesson_data import playtests


def shipped(engine: str) -> list[dict[str, object]]:
    paths = sorted(playtests.FOLDER.glob(f"{engine}-*.json"))
    return [json.loads(p.read_text(encoding="utf-8")) for p in paths]


def test_the_first_game_recorded_afresh_is_the_shipped_one(tmp_path: Path) -> None:
    (path,) = playtests.compute(tmp_path, sample=1)
    fresh = json.loads(path.read_text(encoding="utf-8"))
    assert fresh == shipped("carnuta")[0]
    assert fresh["stand_in"] is True


def test_the_coach_ranks_of_the_first_game_match_a_fresh_run() -> None:
    saved = lesson_data.load("playtest_ranks")["decisions"]
    fresh = playtests.ranks(sample=1)
    assert fresh == saved[: len(fresh)] and len(fresh) == len(shipped("carnuta")[0]["decisions"])


def test_the_sample_holds_the_games_listed() -> None:
    carnuta, carnival = shipped("carnuta"), shipped("carnival")
    listed = [(g, list(seats)) for g, seats, _ in playtests.GAMES]
    found = [("carnuta", r["seats"]) for r in carnuta] + [
        ("carnival", r["seats"]) for r in carnival
    ]
    assert sorted(found) == sorted(listed)
