"""lesson_data/two_games_turns.json is what its module computes: a fresh run of the first games
gives the same turns, and the count agrees with the kit's perft where a turn has a fixed length."""

from __future__ import annotations

from carnuta_core import Game, Rules
from lesson_data import load, two_games_turns
from tabletop.perft import perft


def test_the_file_matches_a_fresh_run_of_its_first_game() -> None:
    stored = load("two_games_turns")
    assert len(stored["games"]) == two_games_turns.GAMES
    fresh = two_games_turns.compute(sample=1)
    assert fresh["games"][0] == stored["games"][0]
    assert {k: v for k, v in fresh.items() if k != "games"} == {
        k: v for k, v in stored.items() if k != "games"
    }


def test_a_turn_of_fixed_length_is_counted_as_perft_counts_it() -> None:
    # Without Sickles an opening turn is two actions and a forced end (the hand holds 2 cards).
    for seed in range(3):
        game = Game.new(2, seed=seed, rules=Rules(sickles=0))
        assert two_games_turns.distinct_turns(game) == perft(game, 3)
    # With them, the turns are more than the two-action sequences.
    game = Game.new(2, seed=0)
    assert two_games_turns.distinct_turns(game) > perft(game, 2)
