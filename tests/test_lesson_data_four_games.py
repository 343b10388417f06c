"""lesson_data/four_games.json is what its module computes: each game's first seed, played
again in both runs; its three older games are three_games.json's; Karnak's end columns agree
with the rules (a game the last Favor card ended took every Favor card by reveals, one seat
ends each game) and with lesson 17's count of the Designs broken in the same game."""

from __future__ import annotations

import pandas as pd

from karnak_core import Rules
from lesson_data import four_games, karnak_building, load, three_games


def test_the_file_matches_a_fresh_run_of_its_first_seed() -> None:
    stored = load("four_games")
    assert stored["games"] == three_games.GAMES
    assert stored["skill_seeds"] == three_games.SKILL_SEEDS
    assert stored["chance_budget"] == three_games.CHANCE_BUDGET
    fresh = four_games.compute(sample=1)
    assert set(fresh["runs"]) == set(stored["runs"]) == set(four_games.ORDER)
    for name, runs in fresh["runs"].items():
        assert runs["self_play"] == stored["runs"][name]["self_play"][:2], name
        assert runs["against_random"] == stored["runs"][name]["against_random"][:4], name
        assert len(stored["runs"][name]["self_play"]) == 2 * stored["games"]
        assert len(stored["runs"][name]["against_random"]) == 4 * stored["skill_seeds"]


def test_the_three_older_games_are_those_of_lesson_16() -> None:
    stored, older = load("four_games")["runs"], load("three_games")["runs"]
    assert {name: stored[name] for name in older} == older


def test_karnaks_end_columns_agree_with_the_rules() -> None:
    rules = Rules()
    for run in ("self_play", "against_random"):
        table = pd.DataFrame(load("four_games")["runs"]["Karnak"][run])
        games = table.groupby("game")
        assert (games["triggered_end"].sum() == 1).all()
        assert (games["ending"].nunique() == 1).all() and (games["rounds"].nunique() == 1).all()
        reveals, ending = games["reveals"].sum(), games["ending"].first()
        assert (reveals[ending == "favor"] == rules.favor_deck).all()
        assert (reveals[ending != "favor"] < rules.favor_deck).all()
        assert (games["rounds"].first()[ending == "rounds"] == rules.round_limit).all()
        assert (table["broken_by_rival"] <= table["broken"]).all()
        assert (table["broken"] <= table["completed"]).all()


def test_the_designs_broken_are_those_lesson_17_counts() -> None:
    summary, _ = karnak_building.play(Rules(), 0, "greedy")
    first = pd.DataFrame(load("four_games")["runs"]["Karnak"]["self_play"]).query("game == 0")
    assert first["score"].tolist() == summary["scores"]
    assert first["completed"].sum() == summary["completed"]
    assert first["broken"].sum() == summary["broken_by_owner"] + summary["broken_by_rival"]
    assert first["broken_by_rival"].sum() == summary["broken_by_rival"]
