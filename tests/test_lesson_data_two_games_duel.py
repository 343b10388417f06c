"""lesson_data/two_games_duel.json is what its module computes: the first deals, played again."""

from __future__ import annotations

from lesson_data import load, two_games_duel


def test_the_file_matches_a_fresh_run_of_its_first_deals() -> None:
    stored = load("two_games_duel")
    assert stored["iterations"] == two_games_duel.ITERATIONS
    assert stored["seeds"] == two_games_duel.SEEDS == len(stored["games"]) // 2
    fresh = two_games_duel.compute(sample=2)
    assert fresh["games"] == stored["games"][:4]
    # Each deal is played from both seats by the remembering bot.
    seats = {(g["seed"], g["seat"]) for g in stored["games"]}
    assert seats == {(s, seat) for s in range(stored["seeds"]) for seat in (0, 1)}
