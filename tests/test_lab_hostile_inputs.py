"""Every input answered beyond the engines: the lab (runs, agents, statistics and measures),
the command line and both play tables meet junk with the kit's typed error naming the
argument, before any work is done, and a table never shows a traceback for anything typed
into it (``tests/test_hostile_inputs.py`` and ``tests/test_carnival_hostile_inputs.py`` do
the same for the engines)."""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings

from carnival_core import CarnivalError, CarnivalTitle
from carnuta_core import CarnutaError
from carnuta_core.__main__ import main
from tabletop import lab
from tabletop.agents import make_bot
from tabletop.errors import LabError
from tabletop.lab import game_measures, stats
from tabletop.lab.run import MAX_GAMES
from tabletop.saves import MAX_EXCERPT, short_repr
from tests.hostile_support import json_like
from widgets import CarnivalTable, PlayTable

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAX_MESSAGE = 600


def refused_or_fine(error: type[Exception], call: Any, *args: Any, **kwargs: Any) -> Any:
    try:
        return call(*args, **kwargs)
    except error as refused:
        assert str(refused) and len(str(refused)) <= MAX_MESSAGE, str(refused)[:200]
        return None


# ------------------------------------------------------------------ runs
@pytest.mark.parametrize(
    "arguments",
    [
        {"games": 10**8},
        {"games": MAX_GAMES // 2 + 1, "rotate": True},
        {"seeds": itertools.count()},
        {"games": 2, "max_actions": 10**9},
        {"games": 2, "workers": "all"},
        {"games": "2"},
    ],
)
def test_a_run_it_cannot_hold_is_refused_before_it_starts(arguments: dict[str, Any]) -> None:
    started = time.perf_counter()
    with pytest.raises(LabError) as refused:
        lab.simulate(CarnivalTitle(), ["greedy", "random"], progress=False, **arguments)
    # Refused by counting, not by building 10**8 tasks first (a whole second is generous).
    assert time.perf_counter() - started < 1.0
    assert len(str(refused.value)) <= MAX_MESSAGE


def test_a_sweep_counts_every_variant() -> None:
    variants = {name: CarnivalTitle() for name in ("a", "b", "c")}
    with pytest.raises(LabError, match="games in one run"):
        lab.sweep(variants, ["greedy", "random"], games=MAX_GAMES // 2, progress=False)


@SETTINGS
@given(name=json_like, seed=json_like)
def test_make_bot_takes_anything(name: Any, seed: Any) -> None:
    refused_or_fine(LabError, make_bot, name, seed)


# ------------------------------------------------------------------ statistics and measures
@pytest.fixture(scope="module")
def table() -> pd.DataFrame:
    return lab.simulate(CarnivalTitle(), ["greedy", "random"], games=3, progress=False, workers=1)


STATS = [stats.win_rates, stats.game_table, stats.score_summary, stats.game_summary]
MEASURES = [
    game_measures.decision_summary,
    game_measures.lead_changes,
    game_measures.seat_advantage,
    game_measures.who_ends,
    game_measures.score_spread,
]


@pytest.mark.parametrize("measure", STATS + MEASURES, ids=lambda f: f.__name__)
@SETTINGS
@given(junk=json_like)
def test_statistics_take_anything(measure: Any, junk: Any) -> None:
    refused_or_fine(LabError, measure, junk)


@pytest.mark.parametrize("measure", STATS + MEASURES[1:], ids=lambda f: f.__name__)
def test_a_table_without_its_columns_is_named(measure: Any, table: pd.DataFrame) -> None:
    with pytest.raises(LabError, match="a lab table with the columns"):
        measure(table.drop(columns=["score", "win", "seat", "lead_changes", "rank"]))


@SETTINGS
@given(values=json_like, z=json_like, n=json_like)
def test_intervals_take_anything(values: Any, z: Any, n: Any) -> None:
    refused_or_fine(LabError, stats.mean_ci, values, z)
    refused_or_fine(LabError, stats.wilson, values, n, z)


# ------------------------------------------------------------------ the command line
@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--players", "1000000000"], "--players: Carnuta is played by 2 to 4 players"),
        (["--save", "/no/such/folder/game.json"], "--save: cannot write in"),
        (["--deck", "/no/such/deck.csv"], "deck"),
        (["--seed", "-5"], "seed: should be a whole number from 0"),
        (["--players", "2", "--bots", "greedy,wizard"], "wizard"),
    ],
)
def test_the_command_line_refuses_before_it_plays(argv: list[str], words: str, capsys: Any) -> None:
    started = time.perf_counter()
    with pytest.raises(SystemExit) as stopped:
        main(["play", "--quiet", *argv])
    assert stopped.value.code == 2 and time.perf_counter() - started < 1.0
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_a_save_that_cannot_be_written_loses_no_game_silently(tmp_path: Path, capsys: Any) -> None:
    target = tmp_path / "game.json"
    target.mkdir()  # a folder where the file should go: writable folder, unwritable file
    assert main(["play", "--quiet", "--players", "2", "--seed", "1", "--save", str(target)]) == 1
    captured = capsys.readouterr()
    assert "Final score pads" in captured.out and "--save:" in captured.err


# ------------------------------------------------------------------ the tables
TABLES = [(PlayTable, CarnutaError), (CarnivalTable, CarnivalError)]


@pytest.mark.parametrize(("kind", "error"), TABLES, ids=["carnuta", "carnival"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seats=json_like, players=json_like, seed=json_like, lang=json_like, speed=json_like)
def test_table_constructors_take_anything(
    kind: Any, error: type[Exception], seats: Any, players: Any, seed: Any, lang: Any, speed: Any
) -> None:
    refused_or_fine(error, kind, seats, players=players, seed=seed, lang=lang, speed=speed)


@pytest.mark.parametrize(("kind", "error"), TABLES, ids=["carnuta", "carnival"])
@pytest.mark.parametrize("junk", [10**9, "3", 2.5, None.__class__, ["human"] * 10**6])
def test_a_table_refuses_a_count_it_cannot_seat_before_building(
    kind: Any, error: type[Exception], junk: Any
) -> None:
    started = time.perf_counter()
    with pytest.raises(error):
        kind(players=junk) if not isinstance(junk, list) else kind(junk)
    assert time.perf_counter() - started < 1.0


def test_a_table_refuses_the_other_games_game() -> None:
    from carnival_core import Game as CarnivalGame
    from carnuta_core import Game as CarnutaGame

    with pytest.raises(CarnivalError, match="^game: a Carnival Game"):
        CarnivalTable(game=CarnutaGame.new(2, seed=1))
    with pytest.raises(CarnutaError, match="^game: a Carnuta Game"):
        PlayTable(game=CarnivalGame.new(2, seed=1))


@pytest.mark.parametrize("kind", [PlayTable, CarnivalTable], ids=["carnuta", "carnival"])
@pytest.mark.parametrize("text", ["-5", "abc", "1.5", "²", "9" * 30, "x" * 100_000])
def test_the_seed_box_answers_in_words_and_keeps_the_game(kind: Any, text: str) -> None:
    table = kind(("human", "greedy"), seed=3)
    game = table.game
    table.w_seed.value = text
    table.w_new.click()
    assert table.game is game, "a refused seed must not start a game"
    assert table.out.outputs == (), "a callback raised: its traceback is on the page"
    table.w_seed.value = "12"
    table.w_new.click()
    assert table.game is not game and table.game.seed == 12 and table.out.outputs == ()


@pytest.mark.parametrize("kind", [PlayTable, CarnivalTable], ids=["carnuta", "carnival"])
@pytest.mark.parametrize("text", ["", "x" * 100_000, "play ²", "mask R4", "\x00\u202e"])
def test_the_typed_box_takes_anything(kind: Any, text: str) -> None:
    table = kind(("human", "greedy"), seed=3)
    before = table.game.to_json()
    untouched = page_text(table)
    table.w_typed.value = text
    table.w_typed_go.click()
    assert table.game.to_json() == before and table.out.outputs == ()
    # The answer quotes an excerpt: the page grows by a sentence, not by the 100,000
    # characters typed (nor by the picture it already shows).
    assert page_text(table) - untouched < 2_000
    assert len(table.voice.alert_text) < 2_000


def page_text(widget: Any) -> int:
    """Characters of text and markup the table's HTML widgets show, the typed box aside."""
    import ipywidgets as widgets

    seen, total, stack = set(), 0, [widget]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, widgets.HTML):
            total += len(item.value)
        stack.extend(getattr(item, "children", ()))
        for name in ("header", "center", "right_sidebar", "left_sidebar", "footer"):
            part = getattr(item, name, None)
            if isinstance(part, widgets.Widget):
                stack.append(part)
    return total


# ------------------------------------------------------------------ every public function
PUBLIC_MODULES = [
    "carnival_core", "carnival_core.transcript", "carnival_core.svg", "carnival_core.scoring",
    "carnival_core.bots", "carnival_core.title", "tabletop.agents", "tabletop.mcts",
    "tabletop.perft", "tabletop.lab", "tabletop.lab.stats", "tabletop.lab.game_measures",
    "tabletop.lab.plots", "tabletop.lab.sweeps", "tabletop.arguments", "tabletop.saves",
]  # fmt: skip


def public_functions() -> list[tuple[str, Any]]:
    """Every public function of the modules above (not classes: their call is Python's)."""
    import importlib
    import inspect

    found = {}
    for name in PUBLIC_MODULES:
        module = importlib.import_module(name)
        for attr in getattr(module, "__all__", []):
            value = getattr(module, attr)
            home = getattr(value, "__module__", "").split(".")[0]
            if inspect.isfunction(value) and home in ("carnival_core", "tabletop"):
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return sorted(found.items())


@pytest.mark.parametrize(
    ("name", "function"), [pytest.param(n, f, id=n) for n, f in public_functions()]
)
@pytest.mark.parametrize(
    "junk",
    [None, -1, "x", [1], {"a": 1}, 1.5, object()],
    ids=["None", "-1", "text", "list", "dict", "float", "object"],
)
def test_every_public_function_answers_junk_with_a_typed_error(
    name: str, function: Any, junk: Any
) -> None:
    try:
        function(junk)
    except ValueError as refused:  # the kit's errors are all ValueErrors
        assert len(str(refused)) <= MAX_MESSAGE
    except TypeError as refused:
        # Only Python's own check of how many arguments a call takes.
        assert "argument" in str(refused), f"{name}({junk!r}): {refused}"


def test_an_excerpt_of_any_value_is_short() -> None:
    nested: Any = "x" * 1_000
    for _ in range(12):
        nested = {str(k) * 40: nested for k in range(6)}
    assert len(short_repr(nested)) == MAX_EXCERPT and short_repr(nested).endswith("…")
    assert short_repr([1, 2]) == "[1, 2]"
