"""Playtests: the tables record each finished game to a file the engine reloads, with each
decision's time from the recorder's clock; the reader skips and names a file it cannot use,
whatever it holds; the analysis's numbers agree with a count made here by other means."""

from __future__ import annotations

import json
import os
import random
import statistics
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from carcata_core import Game as CarcataGame
from carcata_core import Rules as CarcataRules
from carnival_core import Game as CarnivalGame
from carnival_core.playtest import CARNIVAL_PLAYTESTS
from carnuta_core import Game, GreedyBot, RandomBot, play_game
from carnuta_core.playtest import CarnutaPlaytests
from tabletop.lab.playtest import compare, decision_table, read_playtests, seat_table
from tabletop.playtests import PlaytestError, read_record, record_document
from tabletop.protocol import CHANCE
from tests.hostile_support import json_like
from widgets import CarcataTable, CarnivalTable, PlayTable
from widgets.recording import Recorder

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DATE = "2026-03-02T14:30:00+00:00"


class Clock:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def recorder(folder: Path, clock: Clock) -> Recorder:
    from datetime import datetime

    return Recorder(folder, clock=clock, now=lambda: datetime.fromisoformat(DATE))


def play_out(table: Any, clock: Clock, rng: random.Random) -> dict[int, float]:
    """Play the table's human seats to the end with random legal actions, the clock moving
    before each; the seconds each human decision took, by its place in the log."""
    taken: dict[int, float] = {}
    while not table.game.is_over:
        if getattr(table, "revealing", None) is not None:
            clock.now += 50.0  # watching a round's reveal is no decision's time
            table.click_next()
            continue
        seconds = rng.choice([0.5, 1.25, 3.0, 8.0])
        clock.now += seconds
        index = len(table.game.log)
        assert table.play(rng.choice(list(table.game.legal_actions()))), table.message
        taken[index] = seconds
    return taken


def only_record(folder: Path) -> dict[str, Any]:
    (path,) = folder.glob("*.json")
    return json.loads(path.read_text(encoding="utf-8"))


# ------------------------------------------------------------------------ recording
@pytest.mark.parametrize(
    ("make", "engine", "lang"),
    [
        (lambda r: PlayTable(("human", "greedy"), seed=11, record_to=r), Game, "en"),
        (
            lambda r: CarnivalTable(("greedy", "human", "random"), seed=4, record_to=r, lang="fr"),
            CarnivalGame,
            "fr",
        ),
    ],
    ids=["carnuta", "carnival"],
)
def test_a_recorded_game_reloads_with_its_times(
    tmp_path: Path, make: Any, engine: Any, lang: str
) -> None:
    clock = Clock()
    table = make(recorder(tmp_path, clock))
    taken = play_out(table, clock, random.Random(5))
    data = only_record(tmp_path)
    assert table.recorder.saved == list(tmp_path.glob("*.json"))
    reloaded = engine.from_json(data["save"])
    assert [(s, str(a)) for s, a in reloaded.log] == [(s, str(a)) for s, a in table.game.log]
    assert reloaded.scores() == table.game.scores() and reloaded.is_over
    assert data["seats"] == table.seats and data["lang"] == lang and data["date"] == DATE
    assert data["stand_in"] is False and data["undos"] == 0
    log = table.game.log
    assert [d["index"] for d in data["decisions"]] == list(range(len(log)))
    assert [d["seat"] for d in data["decisions"]] == [seat for seat, _ in log]
    # A person's decision took what the clock moved before it; the bots' clock never moved.
    humans = {d["index"]: d["seconds"] for d in data["decisions"] if d["index"] in taken}
    assert humans == taken and len(taken) > 10
    assert all(d["seconds"] == 0 for d in data["decisions"] if d["index"] not in taken)
    record = read_record(json.dumps(data), "game.json")
    assert record.engine == type(table.game).__module__.split(".")[0]


def test_a_recorded_carcata_game_keeps_its_decisions_not_its_chance(tmp_path: Path) -> None:
    """Carcata's log holds chance outcomes (dice, draws, landings): the save keeps them all,
    the decisions only the seats' choices, each timed from when it was offered."""
    clock = Clock()
    table = CarcataTable(
        ("human", "random"), seed=4, rules=CarcataRules(turtle_laps=1),
        record_to=recorder(tmp_path, clock),
    )  # fmt: skip
    taken = play_out(table, clock, random.Random(4))
    data = only_record(tmp_path)
    reloaded = CarcataGame.from_json(data["save"])
    assert [(s, str(a)) for s, a in reloaded.log] == [(s, str(a)) for s, a in table.game.log]
    assert reloaded.scores() == table.game.scores() and reloaded.is_over
    log = table.game.log
    chosen = [index for index, (seat, _) in enumerate(log) if seat != CHANCE]
    assert len(chosen) < len(log)  # there was chance to leave out
    assert [d["index"] for d in data["decisions"]] == chosen
    assert [d["seat"] for d in data["decisions"]] == [log[k][0] for k in chosen]
    humans = {d["index"]: d["seconds"] for d in data["decisions"] if d["index"] in taken}
    assert humans == taken and len(taken) > 10
    record = read_record(json.dumps(data), "carcata.json")
    assert record.engine == "carcata_core" and data["seats"] == ["human", "random"]


def test_a_carcata_decision_undone_with_its_chance_leaves_the_record(tmp_path: Path) -> None:
    clock = Clock()
    table = CarcataTable(
        ("human", "random"), seed=4, rules=CarcataRules(turtle_laps=1),
        record_to=recorder(tmp_path, clock),
    )  # fmt: skip
    clock.now += 30.0
    table.play("place 1-1")
    table.undo()
    clock.now += 2.0
    table.play("place 1-2")
    play_out(table, clock, random.Random(2))
    data = only_record(tmp_path)
    assert data["undos"] == 1
    first = data["decisions"][0]
    assert first == {"index": 0, "seat": 0, "seconds": 2.0}
    assert data["save"]["history"]["actions"][0] == "place 1-2"


def test_an_undone_action_leaves_the_record(tmp_path: Path) -> None:
    clock = Clock()
    table = PlayTable(("human", "greedy"), seed=3, record_to=recorder(tmp_path, clock))
    clock.now += 40.0
    table.play("take day 1")
    table.undo()
    clock.now += 2.0
    table.play("take day 2")
    play_out(table, clock, random.Random(1))
    data = only_record(tmp_path)
    assert data["undos"] == 1
    first = data["decisions"][0]
    assert first["seconds"] == 2.0 and data["save"]["history"]["actions"][0] == "take day 2"
    assert [d["index"] for d in data["decisions"]] == list(range(len(table.game.log)))


def test_bots_alone_record_one_file_a_game_and_a_table_without_record_to_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    table = PlayTable(("greedy", "random"), seed=2, record_to=tmp_path / "games")
    table.new_game(seed=3)
    names = sorted(p.name for p in (tmp_path / "games").glob("*.json"))
    assert len(names) == 2 and len(set(names)) == 2
    assert all(
        n.startswith("carnuta-") and n.replace("-", "").replace(".", "").isalnum() for n in names
    )
    PlayTable(("greedy", "random"), seed=2)
    PlayTable(("greedy", "random"), game=table.game, record_to=tmp_path / "games")
    assert sorted(p.name for p in tmp_path.rglob("*.json")) == names  # nothing played: no file


@pytest.mark.parametrize("table", [PlayTable, CarnivalTable])
@pytest.mark.parametrize("bad", [3, "", b"games", ["games"], "a_file.txt"])
def test_record_to_is_a_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, table: Any, bad: Any
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a_file.txt").write_text("not a folder")
    with pytest.raises(ValueError, match="^record_to: "):
        table(("greedy", "greedy", "random")[: 2 if table is PlayTable else 3], record_to=bad)


def test_a_failed_write_is_told_and_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def full_disk(*_args: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    table = PlayTable(("greedy", "greedy"), seed=5, record_to=tmp_path)
    assert table.game.is_over and table.recorder.saved == []
    said = capsys.readouterr().out
    assert "could not be saved" in said and "No space left on device" in said
    assert "Traceback" not in said
    assert list(tmp_path.iterdir()) == []


def test_a_folder_that_cannot_be_made_is_told_in_the_tables_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "plain").write_text("a file")
    table = CarnivalTable(
        ("greedy", "greedy", "random"), seed=1, lang="fr", record_to=tmp_path / "plain" / "sub"
    )
    while not table.game.is_over:  # bots alone: only each round's reveal waits
        table.click_next()
    said = capsys.readouterr().out
    assert "n’a pas pu être enregistrée" in said and "Traceback" not in said
    assert table.recorder.saved == [] and sorted(tmp_path.rglob("*")) == [tmp_path / "plain"]


# --------------------------------------------------------------------------- reading
def carnuta_record(seed: int, bots: tuple[str, str], seconds: list[float]) -> dict[str, Any]:
    """A record made by hand: a bot game, its kinds as seats, given times in turn."""
    players = [GreedyBot(seed=1) if b == "greedy" else RandomBot(seed=2) for b in bots]
    game = play_game(players, seed=seed)
    decisions = [
        (index, seat, seconds[index % len(seconds)]) for index, (seat, _) in enumerate(game.log)
    ]
    return record_document(
        engine="carnuta_core",
        save=json.loads(game.to_json()),
        seats=bots,
        decisions=decisions,
        lang="en",
        undos=0,
        date=DATE,
    )


@pytest.fixture(scope="module")
def good_record() -> dict[str, Any]:
    return carnuta_record(7, ("human", "greedy"), [1.0])


@SETTINGS
@given(text=st.text(max_size=300))
def test_any_text_is_read_or_refused_by_name(text: str) -> None:
    try:
        read_record(text, "junk.json")
    except PlaytestError as refused:
        assert str(refused).startswith("junk.json: ")


@SETTINGS
@given(field=st.sampled_from(["format", "engine", "stand_in", "date", "lang", "seats", "undos",
                              "decisions", "save"]), value=json_like)  # fmt: skip
def test_a_field_replaced_by_anything_is_read_or_refused_by_name(
    good_record: dict[str, Any], field: str, value: Any
) -> None:
    try:
        text = json.dumps({**good_record, field: value})
    except TypeError:  # bytes and the like are no JSON
        assume(False)
    try:
        read_record(text, "bad.json")
    except PlaytestError as refused:
        assert str(refused).startswith("bad.json: ")


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "playtest 1", "decisions": [{"index": 1, "seat": 0, "seconds": 1e999}]}',
        "[" * 5000,
        '{"format": "playtest 1", "undos": ' + "9" * 5000 + "}",
        '{"format": "playtest 1", "undos": 10000000000000000000000}',
        "",
        "null",
    ],
)
def test_huge_numbers_and_deep_nesting_are_refused(text: str) -> None:
    with pytest.raises(PlaytestError, match="^f.json: "):
        read_record(text, "f.json")


def test_a_folder_of_good_and_bad_files(tmp_path: Path, good_record: dict[str, Any]) -> None:
    (tmp_path / "good.json").write_text(json.dumps(good_record))
    (tmp_path / "garbage.json").write_text("{not json")
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00")
    wrong_seat = {**good_record, "decisions": [{"index": 0, "seat": 1, "seconds": 1.0}]}
    (tmp_path / "wrong_seat.json").write_text(json.dumps(wrong_seat))
    save = json.loads(json.dumps(good_record["save"]))
    save["history"]["actions"][0] = "end"  # the first turn has two actions to take
    (tmp_path / "illegal.json").write_text(json.dumps({**good_record, "save": save}))
    unknown = {**good_record, "engine": "os"}
    (tmp_path / "unknown.json").write_text(json.dumps(unknown))
    (tmp_path / ".half.tmp").write_text("{")
    games = read_playtests(tmp_path, [CarnutaPlaytests()])
    assert [g.record.name for g in games.games] == ["good.json"]
    skipped = dict(games.skipped)
    assert sorted(skipped) == ["binary.json", "garbage.json", "illegal.json", "unknown.json",
                               "wrong_seat.json"]  # fmt: skip
    assert "history.actions[0]" in skipped["illegal.json"]
    assert "decisions[0]" in skipped["wrong_seat.json"]
    with pytest.raises(PlaytestError, match="max_files"):
        read_playtests(tmp_path, [CarnutaPlaytests()], max_files=3)
    with pytest.raises(PlaytestError, match="max_text"):
        read_playtests(tmp_path, [CarnutaPlaytests()], max_text=1000)
    with pytest.raises(PlaytestError, match="folder"):
        read_playtests(tmp_path / "good.json", [CarnutaPlaytests()])
    for junk in ([], "carnuta_core", [3], None):
        with pytest.raises(PlaytestError, match="^games: "):
            read_playtests(tmp_path, junk)  # type: ignore[arg-type]


# -------------------------------------------------------------------------- analysis
class FirstByName(CarnutaPlaytests):
    """Ranks the legal actions by their notation: a judge the test can follow by hand."""

    def ranking(self, game: Game, seed: int) -> list[tuple[Any, float, float]]:
        ordered = sorted(game.legal_actions(), key=str)
        return [(a, 1.0 - k / 10, float(k)) for k, a in enumerate(ordered)]


def test_the_analysis_agrees_with_a_count_by_hand(tmp_path: Path) -> None:
    times = [[2.0, 4.0, 9.0], [1.0]]
    records = [
        carnuta_record(21, ("human", "greedy"), times[0]),
        carnuta_record(22, ("random", "human"), times[1]),
    ]
    games = []
    for k, record in enumerate(records):
        (tmp_path / f"g{k}.json").write_text(json.dumps(record))
        games.append(Game.from_json(record["save"]))
    playtests = read_playtests(tmp_path, [FirstByName()])
    seats = seat_table(playtests)
    decisions = decision_table(playtests)
    table = compare(seats, decisions).set_index("kind")

    human_scores = [games[0].scores()[0], games[1].scores()[1]]
    assert table.loc["human", "score"] == pytest.approx(statistics.mean(human_scores))
    assert table.loc["greedy", "score"] == games[0].scores()[1]
    human_times = [
        d["seconds"] for r in records for d in r["decisions"] if r["seats"][d["seat"]] == "human"
    ]
    assert table.loc["human", "seconds"] == statistics.median(human_times)
    # Turns: a turn ends when the player to act changes.
    turns = [1 + sum(a[0] != b[0] for a, b in zip(g.log, g.log[1:], strict=False)) for g in games]
    assert table.loc["human", "turns"] == statistics.mean(turns)
    # The first choice by name, on decisions with a choice, replayed here on the engine.
    tops, lost = [], []
    for record, game in zip(records, games, strict=True):
        state = game.start()
        for seat, action in game.log:
            legal = sorted(state.legal_actions(), key=str)
            if record["seats"][seat] == "human" and len(legal) > 1:
                tops.append(legal[0] == action)
                if legal[0] != action:
                    lost.append(0.0 - legal.index(action))
            state.play(action)
    assert table.loc["human", "ranked"] == len(tops)
    assert table.loc["human", "top"] == pytest.approx(sum(tops) / len(tops))
    assert table.loc["human", "points_lost"] == pytest.approx(statistics.mean(lost))
    # Who ended each game: the seat whose action triggered the end, found by replaying.
    enders = []
    for game in games:
        state = game.start()
        for seat, action in game.log:
            state.play(action)
            if state.end_triggered:
                enders.append(seat)
                break
    ended = seats[seats["triggered_end"]].sort_values("game")
    assert list(ended["seat"]) == enders


def test_the_shipped_sample_is_labelled_stand_ins_and_reads_whole() -> None:
    from lesson_data.playtests import FOLDER, GAMES

    games = read_playtests(FOLDER, [CarnutaPlaytests(), CARNIVAL_PLAYTESTS])
    assert games.skipped == [] and len(games.games) == len(GAMES)
    assert all(g.record.stand_in for g in games.games) and games.stand_ins
