"""The turn-economy ledger: every logged action classified, counted and explained."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carnuta_core import Game, GreedyBot, RandomBot, Row, play_game
from carnuta_core.actions import ChooseBonus, Discard, EndTurn, Sickle
from carnuta_core.ledger import (
    KINDS,
    SPENDING,
    draw_ledger,
    entries,
    kind_of,
    ledger,
    ledger_table,
    milestones,
)


@pytest.fixture(scope="module")
def greedy_game() -> Game:
    return play_game([GreedyBot(seed=1), GreedyBot(seed=2), GreedyBot(seed=3)], seed=7)


def check_invariants(game: Game) -> None:
    rows = ledger(game)
    assert len(rows) == len(game.log)
    for (_, action), kind in zip(game.log, rows["kind"], strict=True):
        assert kind == kind_of(action) and kind in KINDS
    table = ledger_table(game)
    rules = game.rules
    for seat in range(game.num_players):
        row = table.loc[seat + 1]
        view = game.player(seat)
        assert row["cards played"] == len(view.played)  # the starting card included
        assert game.counter(seat) == min(row["cards played"], rules.counter_max)
        assert row["cards played from hand"] == len(view.played) - 1
        plays = row["actions"] - row["takes"] - row["rune actions"]
        assert plays == row["cards played from hand"]  # one play action a card from hand
        turns = sum(1 for e in entries(game) if e.seat == seat and e.kind == "end")
        assert row["actions"] + row["forfeited"] <= rules.actions_per_turn * (turns + 1)
        assert row["sickles"] == rules.sickles - view.sickles
        assert row["wasted"] == sum(
            row[k]
            for k in ("discarded takes", "never played", "overwritten flips", "unspent runes")
        )
        opened = view.open_spaces - rules.open_spaces
        assert pd.notna(row["space 5 round"]) == (opened >= 1)
        assert pd.notna(row["space 6 round"]) == (opened >= 2)
        won = [t.value for t in view.bonus_tokens]
        for token in won:
            assert token in row["bonus tokens"]
    events = milestones(game)
    for _, event in events.iterrows():
        if event["event"].startswith("space"):
            assert event["counter"] in rules.unlock_levels


def test_ledger_of_a_greedy_game(greedy_game: Game) -> None:
    check_invariants(greedy_game)
    table = ledger_table(greedy_game)
    assert (table["actions per play"] > 1).all()


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4]))
def test_ledger_invariants_in_random_games(seed: int, players: int) -> None:
    bots = [RandomBot(seed=seed + i) if i % 2 else GreedyBot(seed=seed + i) for i in range(players)]
    check_invariants(play_game(bots, seed=seed))


def test_waste_is_found_in_a_scripted_game() -> None:
    game = Game.new(2, seed=3)
    game.play("flip moon")
    game.play("flip sun")  # the first flip changed nothing that was used
    game.play("end")
    taken: list[str] = []
    while game.phase != "discard":  # player 1 takes Day cards until they hold four at an end
        if game.current_player == 1:  # player 2 takes one Night card a turn
            game.play("take night 1")
            game.play("flip sun" if game.player(1).moons else "flip moon")
        for _ in range(game.actions_left):
            card = game.market(Row.DAY)[0]
            assert card is not None
            taken.append(card.id)
            game.play("take day 1")
        game.play("end")
    game.play(f"discard {taken[0]}")
    rows = ledger(game)
    assert rows.loc[0, "wasted"] == "overwritten flip"
    assert pd.isna(rows.loc[1, "wasted"])
    take = rows[(rows["kind"] == "take") & (rows["card"] == taken[0])]
    assert list(take["wasted"]) == ["discarded"]
    table = ledger_table(game)
    assert table.loc[1, "overwritten flips"] == 1 and table.loc[1, "discarded takes"] == 1
    assert table["never played"].sum() == 0  # the game is not over: nothing is "never" yet


def test_free_actions_are_not_counted(greedy_game: Game) -> None:
    for e in entries(greedy_game):
        action = greedy_game.log[e.step][1]
        spends = e.kind in SPENDING
        assert spends == (not isinstance(action, (Sickle, ChooseBonus, Discard, EndTurn)))


def test_draw_ledger(greedy_game: Game) -> None:
    figure = draw_ledger(greedy_game)
    assert len(figure.axes) == 2
    assert figure.axes[0].get_title() == "Where the actions went"
