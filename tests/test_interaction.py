"""What taking a market card denies the next player (``carnuta_core.interaction``), on a
position whose answer is worked out by hand, and the hate-drafting bot built on it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carnuta_core import CarnutaError, Game, GreedyBot, TakeCard, play_game
from carnuta_core.interaction import HateDraftBot, denial_from, denials, gains_now, next_player
from carnuta_core.model import Row
from carnuta_core.synergy import draft_table


def staged() -> Game:
    """Player 1 to act. Player 2 has played S01 (Clover, 1 per Berry), N15 (a double Berry,
    1 point), N16 (Berry, 5) and N18 (Berry, 1 per Berry): 4 Berries."""
    return Game.from_json(
        {
            "players": 2,
            "market": {"day": ["D02", "D09", "D16", "D22"], "night": ["N26", "N02", "N01", "N22"]},
            "boards": [{}, {"played": ["S01", "N15", "N16", "N18"]}],
        }
    )


#: Player 2's gain now of each market card, by hand: D02 adds a Clover (S01 counts Berries,
#: so only its own 4); D09, D16 and N02 their own 5; D22 and N22 their own 2; N01, a double
#: Skull, its own 1; N26, "2 per berry", 2 x 4 Berries = 8.
BY_HAND = {"D02": 4, "D09": 5, "D16": 5, "D22": 2, "N26": 8, "N02": 5, "N01": 1, "N22": 2}


def test_gain_now_of_the_next_player_matches_the_hand_count() -> None:
    game = staged()
    assert game.current_player == 0 and next_player(game) == 1
    assert {cid: gain for cid, (gain, _) in gains_now(game, 1).items()} == BY_HAND


def test_denial_is_the_next_players_best_minus_their_best_without_the_card() -> None:
    # N26 is Player 2's unique best (8); without it their best is 5: taking it denies 3.
    assert denials(staged()) == {cid: (3 if cid == "N26" else 0) for cid in BY_HAND}


def test_the_draft_table_shows_denial_beside_gain_now() -> None:
    table = draft_table(staged())
    columns = list(table.columns)
    assert columns[columns.index("gain now") + 1] == "denial"
    assert table["denial"].to_dict() == denials(staged())


def test_denial_from_ties_and_an_empty_market() -> None:
    assert denial_from({"A": 9, "B": 4, "C": 4}) == {"A": 5, "B": 0, "C": 0}
    assert denial_from({"A": 6, "B": 6}) == {"A": 0, "B": 0}  # the other is still there
    assert denial_from({"A": 3}) == {"A": 3}
    assert denial_from({}) == {}


@given(st.dictionaries(st.sampled_from("ABCDEFGH"), st.integers(0, 40), max_size=8))
def test_denial_is_never_negative_and_only_the_unique_best_is_denied(gains: dict[str, int]) -> None:
    denied = denial_from(gains)
    assert all(value >= 0 for value in denied.values())
    for cid, value in denied.items():
        without = max((g for other, g in gains.items() if other != cid), default=0)
        assert value == (max(gains[cid] - without, 0) if len(gains) > 1 else gains[cid])


def test_denials_name_a_bad_seat() -> None:
    with pytest.raises(CarnutaError, match="seat"):
        denials(staged(), seat=2)


def test_a_hate_drafter_with_a_large_weight_takes_what_it_denies() -> None:
    game = staged()
    choice = HateDraftBot(seed=1, weight=100).choose(game)
    assert choice == TakeCard(Row.NIGHT, 1)  # N26
    assert GreedyBot(seed=1).choose(game) != choice  # the plain greedy bot wants other things


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4]), st.sampled_from([0.5, 1.0, 3.0]))
def test_the_hate_drafter_plays_legal_games_and_the_same_seed_plays_the_same(
    seed: int, players: int, weight: float
) -> None:
    # play_game checks every choice with is_legal.
    bots = [HateDraftBot(seed + 1, weight=weight)] + [
        GreedyBot(seed + s) for s in range(2, players + 1)
    ]
    first = play_game(bots, seed=seed)
    again = play_game(
        [HateDraftBot(seed + 1, weight=weight)]
        + [GreedyBot(seed + s) for s in range(2, players + 1)],
        seed=seed,
    )
    assert first.is_over and first.to_json() == again.to_json()


def test_weight_zero_plays_as_the_greedy_bot() -> None:
    for seed in range(3):
        hate = play_game([HateDraftBot(7, weight=0), GreedyBot(8)], seed=seed)
        greedy = play_game([GreedyBot(7), GreedyBot(8)], seed=seed)
        assert hate.to_json() == greedy.to_json()


def test_the_weight_is_checked() -> None:
    with pytest.raises(CarnutaError, match="weight"):
        HateDraftBot(weight="much")
    assert repr(HateDraftBot(weight=2)) == "HateDraftBot(weight=2.0)"


def test_the_maths_market_ranking_carries_the_same_denial() -> None:
    from carnuta_core.maths import best_market_card

    ranking = best_market_card(staged(), 0)
    assert {choice.card.id: choice.denial for choice in ranking} == denials(staged())
    assert {choice.card.id: choice.as_dict()["denial"] for choice in ranking}["N26"] == 3
