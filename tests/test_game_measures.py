"""tabletop.lab.game_measures: the measures that put Carnuta and Carnival side by side, checked
against what each game's rules fix exactly."""

from __future__ import annotations

import math

import matplotlib
import pandas as pd
import pytest

from carnival_core import CarnivalTitle, Game, Rules
from carnuta_core.title import CarnutaTitle
from tabletop import GameTitle, LabError, lab
from tabletop.lab import game_measures as gm
from tabletop.lab.specs import bot_seed, build_bot

matplotlib.use("Agg")

TITLES = {"Carnuta": CarnutaTitle(), "Carnival": CarnivalTitle()}


@pytest.fixture(scope="module")
def tables() -> dict[str, pd.DataFrame]:
    return {
        name: lab.simulate(title, "greedy", players=2, games=6, workers=1, progress=False)
        for name, title in TITLES.items()
    }


@pytest.fixture(scope="module")
def decisions() -> dict[str, pd.DataFrame]:
    return {
        name: gm.choices(
            title, ["greedy", "random"], seeds=range(3), rotate=True, workers=1, progress=False
        )  # fmt: skip
        for name, title in TITLES.items()
    }


def test_choices_count_every_decision_and_its_legal_actions(decisions) -> None:
    carnival = decisions["Carnival"]
    assert list(carnival.columns) == [
        "game",
        "seed",
        "rotation",
        "seat",
        "bot",
        "decision",
        "legal",
    ]
    # Carnival: every card drawn is a turn, and each turn is one decision.
    turns = Rules().deck_after_setup(2) * Rules().rounds
    assert (carnival.groupby("game").size() == turns).all()
    assert (carnival.groupby(["game", "seat"])["decision"].max() == turns // 2).all()
    # Replaying a game gives the same counts, decision by decision.
    game = Game.new(2, seed=0)
    bots = [build_bot(spec, bot_seed(0, seat), CarnivalTitle()) for seat, spec in
            enumerate(["greedy", "random"])]  # fmt: skip
    counted = []
    while not game.is_over:
        counted.append(len(game.legal_actions()))
        game.push(bots[game.current_player].choose(game))
    first = carnival[carnival["game"] == 0].sort_values(["decision", "seat"])
    assert first["legal"].tolist() == counted


def test_decision_summary(decisions) -> None:
    summary = gm.decision_summary(decisions["Carnival"])
    assert summary["games"] == 6 and summary["decisions_per_game"] == 40
    assert summary["decisions_ci_low"] == summary["decisions_ci_high"] == 40  # no spread
    assert summary["branching_ci_low"] < summary["branching"] < summary["branching_ci_high"]
    assert summary["forced_share"] == 0.0 and summary["widest"] >= summary["branching_median"]
    carnuta = gm.decision_summary(decisions["Carnuta"])
    assert carnuta["decisions_ci_low"] < carnuta["decisions_per_game"]


def test_measures_of_one_run(tables) -> None:
    for table in tables.values():
        mean, low, high = gm.lead_changes(table)
        assert low <= mean <= high and mean == lab.game_table(table)["lead_changes"].mean()
        seat = gm.seat_advantage(table)
        rates = lab.win_rates(table).set_index("seat")["rate"]
        assert seat["rate"] == rates[seat["seat"]] and seat["fair"] == 0.5
        assert abs(seat["gap"]) == (rates - 0.5).abs().max()
        spread = gm.score_spread(table)
        games = lab.game_table(table)
        assert spread["winning_margin"] == pytest.approx(
            (games["winning_score"] - games["low_score"]).mean()
        )  # two players: the runner-up is the lowest score
    # Carnival's round always ends on the second seat's turn (20 cards, 10 turns each).
    ends = gm.who_ends(tables["Carnival"]).set_index("seat")["trigger_share"]
    assert ends.to_dict() == {0: 0.0, 1: 1.0}
    with pytest.raises(LabError, match="no column 'nope'"):
        gm.who_ends(tables["Carnival"], column="nope")


def test_compare_puts_every_measure_of_both_games_side_by_side(tables, decisions) -> None:
    both = gm.compare(tables, decisions)
    assert list(both.columns) == ["measure", "game", "value", "ci_low", "ci_high", "note"]
    by_measure = both.pivot(index="measure", columns="game", values="value")
    assert by_measure.notna().all().all() and list(by_measure.columns) == ["Carnival", "Carnuta"]
    assert by_measure.loc["decisions per game", "Carnival"] == 40
    assert by_measure.loc["games ended by the seat that ends most", "Carnival"] == 1.0
    intervals = both.dropna(subset=["ci_low"])
    assert (intervals["ci_low"] <= intervals["value"]).all()
    assert (intervals["value"] <= intervals["ci_high"]).all()


def test_head_to_head_and_the_skill_curve() -> None:
    duel = gm.head_to_head(CarnivalTitle(), "greedy", "random", seeds=range(4), workers=1,
                           progress=False)  # fmt: skip
    assert duel["games"] == 8 and duel["fair"] == 0.5
    assert duel["ci_low"] <= duel["rate"] <= duel["ci_high"]
    mirror = gm.head_to_head(CarnivalTitle(), "random", "random", seeds=range(4), workers=1,
                             progress=False)  # fmt: skip
    assert mirror["games"] == 8  # the same label for both: the seat tells them apart
    curve = gm.skill_curve(CarnivalTitle(), [2, 8], seeds=range(2), workers=1, progress=False)
    assert curve["iterations"].tolist() == [2, 8] and (curve["games"] == 4).all()
    assert curve["bot"].tolist() == ["mcts(iterations=2)", "mcts(iterations=8)"]
    assert set(curve["game"]) == {"Carnival"} and set(curve["rival"]) == {"greedy"}
    import matplotlib.pyplot as plt

    ax = lab.plot_skill_curve(curve)
    assert ax.get_xscale() == "log" and "fair share 50%" in [
        t.get_text() for t in ax.get_legend().get_texts()
    ]
    plt.close("all")


def test_plot_branching(decisions) -> None:
    import matplotlib.pyplot as plt

    ax = lab.plot_branching(decisions)
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels[0].startswith("Carnuta: mean") and labels[1].startswith("Carnival: mean")
    plt.close("all")


def test_counting_choices_is_a_title_with_the_titles_bots() -> None:
    counted = gm.CountingChoices(CarnivalTitle(Rules(younger_players=True)))
    assert isinstance(counted, GameTitle)
    assert counted.describe() == {"game": "Carnival", "rules": {"younger_players": True}}
    assert counted.make_bot("mcts", 1).exploration == 0.02  # Carnival's own settings
    assert math.isnan(gm.decision_summary(pd.DataFrame({"game": [0], "legal": [3]}))[
        "decisions_ci_low"])  # fmt: skip


def test_lead_changes_read_the_public_score() -> None:
    """The lab's lead changes, counted again by walking the same games: Carnuta's score pads
    and Carnival's public score (face-up cards only) after every turn, never a hidden card."""
    for title in TITLES.values():
        table = lab.simulate(title, "greedy", players=2, seeds=range(3), workers=1,
                             progress=False)  # fmt: skip
        for seed in range(3):
            game = title.new(2, seed)
            bots = [build_bot("greedy", bot_seed(seed, seat), title) for seat in range(2)]
            leader, changes = None, 0
            while not game.is_over:
                seat = game.current_player
                game.push(bots[seat].choose(game))
                if game.is_over or game.current_player != seat:
                    scores = (game.public_scores_now() if title.name == "Carnival"
                              else game.scores())  # fmt: skip
                    top = [s for s, points in enumerate(scores) if points == max(scores)]
                    if len(top) == 1 and top[0] != leader:
                        changes += leader is not None
                        leader = top[0]
            row = table[table["seed"] == seed].iloc[0]
            assert row["lead_changes"] == changes, (title.name, seed)
