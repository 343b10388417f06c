"""lesson_data/three_games.json is what its module computes: each game's first seed, played
again in both runs; its decision counts are those of ``game_measures.choices`` (chance outcomes
left out), and exactly one seat ends each Carcata game."""

from __future__ import annotations

from lesson_data import load, three_games
from tabletop.lab import game_measures


def test_the_file_matches_a_fresh_run_of_its_first_seed() -> None:
    stored = load("three_games")
    assert stored["games"] == three_games.GAMES
    assert stored["skill_seeds"] == three_games.SKILL_SEEDS
    assert stored["chance_budget"] == three_games.CHANCE_BUDGET
    fresh = three_games.compute(sample=1)
    assert set(fresh["runs"]) == set(stored["runs"]) == {"Carcata", "Carnuta", "Carnival"}
    for name, runs in fresh["runs"].items():
        assert runs["self_play"] == stored["runs"][name]["self_play"][:2], name
        assert runs["against_random"] == stored["runs"][name]["against_random"][:4], name
        assert len(stored["runs"][name]["self_play"]) == 2 * stored["games"]
        assert len(stored["runs"][name]["against_random"]) == 4 * stored["skill_seeds"]


def test_the_decision_counts_are_the_labs_and_leave_chance_out() -> None:
    from tabletop import lab

    titles = three_games.titles()
    for name in ("Carcata", "Carnival"):
        counted = game_measures.choices(titles[name], "random", players=2, games=2, progress=False)
        run = lab.simulate(three_games.Recorded(titles[name]), "random", players=2, games=2,
                           workers=1, progress=False)  # fmt: skip
        for row in run.itertuples():
            mine = counted.query("game == @row.game and seat == @row.seat")["legal"].tolist()
            assert list(row.legal_counts) == mine, name
    carcata = lab.simulate(three_games.Recorded(titles["Carcata"]), "random", players=2, games=3,
                           workers=1, progress=False)  # fmt: skip
    assert (carcata.groupby("game")["triggered_end"].sum() == 1).all()
    assert carcata["island_won"].eq(carcata["win"] == 0).all()
