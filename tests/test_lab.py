"""The design lab: simulate's table, paired seeds, metrics invariants, sweeps and their diff
report, deck edits, plots, and the same results on a Dask LocalCluster."""

from __future__ import annotations

import functools
import math

import matplotlib
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carnuta_core import RandomBot, Rules, lab, play_game, reference_deck
from carnuta_core.ledger import ledger_table

matplotlib.use("Agg")


@pytest.fixture(scope="module")
def small() -> pd.DataFrame:
    return lab.simulate(["greedy", "random", "greedy"], games=6, workers=1, progress=False)


def test_simulate_returns_the_documented_columns(small):
    assert list(small.columns) == list(lab.COLUMNS)
    assert len(small) == 6 * 3
    assert set(small["seat"]) == {0, 1, 2}
    assert small.groupby("game").size().eq(3).all()
    assert (small["cards_played"] == small["played"].map(len)).all()
    assert (small["played_points"].map(len) == small["played"].map(len)).all()
    assert (small["actions"] == small.groupby("game")["player_actions"].transform("sum")).all()


def assert_lab_and_ledger_agree(specs: list[str], seed: int, rules: Rules | None = None) -> None:
    rows = lab.play_one(lab.GameTask(lab.title_of(rules), 0, seed, tuple(specs)))
    bots = [lab.build_bot(spec, lab.bot_seed(seed, seat)) for seat, spec in enumerate(specs)]
    table = ledger_table(play_game(bots, seed=seed, rules=rules))
    assert [r["score"] for r in rows] == list(table["score"])  # the same game
    assert [r["wasted"] for r in rows] == list(table["wasted"])
    assert [r["forfeited"] for r in rows] == list(table["forfeited"])


def test_the_lab_counts_wasted_actions_as_the_ledger_does(small):
    for seed in sorted(set(small["seed"])):
        assert_lab_and_ledger_agree(["greedy", "random", "greedy"], seed)


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 4),
    flip_mode=st.sampled_from(["all", "any"]),
)
def test_lab_and_ledger_agree_on_random_games(seed: int, players: int, flip_mode: str) -> None:
    assert_lab_and_ledger_agree(["random"] * players, seed, Rules(flip_mode=flip_mode))


def test_exactly_one_player_triggers_the_end_of_each_game(small):
    assert small.groupby("game")["triggered_end"].sum().eq(1).all()
    trigger_players = small[small["triggered_end"]]
    assert (trigger_players["cards_played"] + 1 >= Rules().end_trigger).all()
    stats = lab.trigger_stats(small)
    assert stats["triggered"].sum() == small["game"].nunique()
    assert stats["trigger_share"].between(0, 1).all()


def test_the_same_seeds_give_the_same_table_on_one_or_two_processes(small):
    again = lab.simulate(["greedy", "random", "greedy"], games=6, workers=2, progress=False)
    pd.testing.assert_frame_equal(small.drop(columns="seconds"), again.drop(columns="seconds"))


def test_rotate_pairs_every_seed_with_every_seat():
    df = lab.simulate(["greedy", "random"], seeds=[5, 9], rotate=True, workers=1, progress=False)
    assert len(df) == 2 * 2 * 2
    for _seed, group in df.groupby("seed"):
        assert sorted(group["rotation"].unique()) == [0, 1]
        seats = group[group["bot"] == "random"]["seat"].tolist()
        assert sorted(seats) == [0, 1]  # the random bot sat in each seat with this deal
        starts = group.groupby("rotation")["start_card"].apply(tuple).tolist()
        assert starts[0] == starts[1]  # the same deal both times


def test_bot_specs_with_options_and_callables():
    bots = [("mcts", {"iterations": 5}), functools.partial(RandomBot)]
    df = lab.simulate(bots, games=1, workers=1, progress=False)
    assert df["bot"].tolist() == ["mcts(iterations=5)", "RandomBot"]
    assert df["iterations"].iloc[0] == 5
    assert math.isnan(df["iterations"].iloc[1])


def test_simulate_refuses_a_bad_setup():
    with pytest.raises(ValueError):
        lab.simulate(["greedy"] * 5, games=1, progress=False)
    with pytest.raises(ValueError, match="players"):
        lab.simulate("greedy", games=1, progress=False)
    with pytest.raises(ValueError, match="not both"):
        lab.simulate("greedy", games=1, seeds=[1], players=2, progress=False)


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 100_000))
def test_metrics_invariants(players, seed):
    df = lab.simulate("random", seeds=[seed], players=players, workers=1, progress=False)
    assert df["win"].sum() == pytest.approx(1.0)  # shared wins count fractionally
    winners = df[df["won"]]
    assert (winners["rank"] == 1).all() and (df[~df["won"]]["rank"] > 1).all()
    assert all(w == pytest.approx(1 / len(winners)) for w in winners["win"])
    assert (winners["margin"] >= 0).all() and (df[~df["won"]]["margin"] <= 0).all()
    pads = df[[c for c in df.columns if c.startswith("pad_")]].sum(axis=1)
    assert (pads == df["score"]).all()
    assert (df["wasted"] >= 0).all() and (df["lead_changes"] >= 0).all()
    rates = lab.win_rates(df)
    assert rates["rate"].sum() == pytest.approx(1.0)


def test_win_rates_and_summaries(small):
    rates = lab.win_rates(small)
    assert rates["games"].tolist() == [6, 6, 6]
    assert (rates["ci_low"] <= rates["rate"]).all() and (rates["rate"] <= rates["ci_high"]).all()
    assert rates["fair"].iloc[0] == pytest.approx(1 / 3)
    by_bot = lab.win_rates(small, by="bot")
    assert set(by_bot["bot"]) == {"greedy", "random"}
    scores = lab.score_summary(small)
    assert scores["n"].iloc[0] == 18
    assert scores["winning_mean"].iloc[0] == pytest.approx(
        small.groupby("game")["score"].max().mean()
    )
    summary = lab.game_summary(small)
    assert summary["games"].iloc[0] == 6
    assert summary["rounds"].iloc[0] > 5


def test_card_stats(small):
    stats = lab.card_stats(small)
    assert len(stats) == 64  # every Day and Night card
    assert stats["played"].sum() == small["cards_played"].sum()
    assert stats["taken"].sum() == small["cards_taken"].sum()
    played = stats[stats["played"] > 0]
    assert (
        (played["win_ci_low"] <= played["win_when_played"])
        & (played["win_when_played"] <= played["win_ci_high"])
    ).all()
    assert (stats["take_rate"].dropna() >= 0).all()


def test_wilson_interval():
    low, high = lab.wilson(65, 100)
    assert 0.55 < low < 0.65 < high < 0.74
    assert lab.wilson(0, 10)[0] == 0.0


def test_sweep_and_its_diff_report():
    df = lab.sweep(
        {"hand 4": {"hand_limit": 4}, "3 actions": Rules(actions_per_turn=3)},
        "greedy",
        players=2,
        games=4,
        workers=1,
        progress=False,
    )
    assert list(df["variant"].unique()) == ["default", "hand 4", "3 actions"]
    # paired seeds: every variant plays the same deals
    for _, group in df.groupby("variant"):
        assert sorted(group["seed"].unique()) == [0, 1, 2, 3]
    report = lab.diff_report(df)
    assert set(report["variant"]) == {"hand 4", "3 actions"}
    assert set(lab.REPORT_METRICS) <= set(report["metric"])
    rounds = report[(report["variant"] == "3 actions") & (report["metric"] == "rounds")].iloc[0]
    assert rounds["pairs"] == 4
    assert rounds["diff"] < 0  # three actions a turn end the game sooner
    text = lab.format_report(report)
    assert "3 actions:" in text and "winning score" in text
    with pytest.raises(ValueError, match="baseline"):
        lab.diff_report(df, baseline="nope")


def test_edit_deck():
    deck = lab.edit_deck(
        reference_deck(),
        {"N07": {"cost": "flip moon", "scoring": "6 per set mushroom clover clover"}},
    )
    assert str(deck["N07"].scoring) == "6 per set mushroom clover clover"
    assert len(deck) == 72 and deck["N08"] == reference_deck()["N08"]
    with pytest.raises(ValueError, match="no card"):
        lab.edit_deck(reference_deck(), {"X99": {"cost": "-"}})
    with pytest.raises(ValueError):
        lab.edit_deck(reference_deck(), {"N07": {"colour": "red"}})


def test_plots_carry_their_statistics(small):
    ax = lab.plot_seat_win_rates(small)
    labels = [t.get_text() for t in ax.get_xticklabels()]
    assert all("%" in label and "[" in label for label in labels)
    ax = lab.plot_score_distribution(small)
    assert "mean" in ax.get_legend().get_texts()[0].get_text()
    ax = lab.plot_card_values(lab.card_stats(small), top=5)
    assert "win" in ax.get_yticklabels()[0].get_text()
    report = lab.diff_report(
        lab.sweep(
            {"hand 4": {"hand_limit": 4}}, "random", players=2, games=3, workers=1, progress=False
        )
    )
    ax = lab.plot_diff_report(report)
    assert "→" in ax.get_yticklabels()[0].get_text()
    import matplotlib.pyplot as plt

    plt.close("all")


def test_dask_local_cluster_gives_the_same_results(small):
    distributed = pytest.importorskip("dask.distributed")
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = lab.simulate(
            ["greedy", "random", "greedy"], games=6, client=client, progress=False
        )
    pd.testing.assert_frame_equal(small.drop(columns="seconds"), remote.drop(columns="seconds"))
