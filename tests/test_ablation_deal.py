"""A deck with a card taken out, dealt as the full deck, keeps the full deck's deal: the same
starting cards and the same cards in the same order, the removed card skipped. The ablation
games are then the same games until that card would have come out."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carnuta_core import Deck, Game, PositionError, Row, balance, lab, reference_deck
from carnuta_core.errors import CarnutaError

DECK = reference_deck()
MARKET = sorted(c.id for c in DECK if c.origin.row is not None)


def dealt(game: Game, row: Row) -> list[str]:
    """The cards of ``row`` in the order they come out: the market's slots, then the deck."""
    return [
        *(c for c in game.market_ids(row) if c is not None),
        *(c.id for c in game.deck_order(row)),
    ]


def starting_cards(game: Game) -> list[str]:
    return [game.played_ids(seat)[0] for seat in range(game.num_players)]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), card=st.sampled_from(MARKET), players=st.sampled_from([2, 3, 4]))
def test_the_same_deal_less_the_removed_card(seed: int, card: str, players: int) -> None:
    full = Game.new(players, seed=seed)
    fewer = Game.new(players, seed=seed, deck=balance.deck_without(DECK, card), deal_as=DECK)
    assert starting_cards(fewer) == starting_cards(full)
    for row in (Row.DAY, Row.NIGHT):
        assert dealt(fewer, row) == [c for c in dealt(full, row) if c != card]


def test_without_deal_as_a_removed_card_reshuffles_its_row_and_the_rows_after() -> None:
    # what deal_as fixes: a card fewer gives its own row another order, and a Day card fewer
    # (the Day row is shuffled first) often changes the Night row too
    night, day_then_night = 0, 0
    for seed in range(20):
        full = Game.new(3, seed=seed)
        no_n07 = Game.new(3, seed=seed, deck=balance.deck_without(DECK, "N07"))
        no_d09 = Game.new(3, seed=seed, deck=balance.deck_without(DECK, "D09"))
        night += dealt(no_n07, Row.NIGHT) != [c for c in dealt(full, Row.NIGHT) if c != "N07"]
        day_then_night += dealt(no_d09, Row.NIGHT) != dealt(full, Row.NIGHT)
    assert night == 20
    assert day_then_night >= 3


def test_a_bad_deal_as_deck_is_refused() -> None:
    fewer = balance.deck_without(DECK, "N07")
    with pytest.raises(PositionError, match="deal_as: .* no card N07"):
        Game.new(3, seed=1, deck=DECK, deal_as=fewer)
    with pytest.raises(PositionError, match="deal_as: a Deck"):
        Game.new(3, seed=1, deck=fewer, deal_as="reference")  # type: ignore[arg-type]
    with pytest.raises(CarnutaError, match="deal_as"):
        lab.simulate("greedy", players=3, games=1, deck=DECK, deal_as=fewer, workers=1)


def test_ablation_games_are_the_same_game_when_the_card_never_came_out() -> None:
    card = "N07"
    variants = {
        "full deck": DECK,
        "without": lab.Variant(deck=balance.deck_without(DECK, card), deal_as=DECK),
    }
    df = lab.sweep(
        variants, "greedy", games=24, players=3, baseline=None, workers=1, progress=False
    )
    full = df[df["variant"] == "full deck"].set_index(["seed", "seat"])
    without = df[df["variant"] == "without"].set_index(["seed", "seat"])
    never = {s for s, seen in full["seen"].groupby("seed").first().items() if card not in seen}
    came_out = set(range(24)) - never
    assert never and came_out  # both kinds of seed occur on these 24 seeds
    for seed in never:  # the same game, play for play
        assert list(full.loc[seed, "played"]) == list(without.loc[seed, "played"])
    assert any(list(full.loc[s, "score"]) != list(without.loc[s, "score"]) for s in came_out)


def test_deck_ablation_is_the_mean_of_the_per_seed_differences() -> None:
    table = balance.deck_ablation(["D09"], games=12, players=3)
    full = [sum(greedy_scores(seed, DECK, None)) for seed in range(12)]
    less = [sum(greedy_scores(seed, balance.deck_without(DECK, "D09"), DECK)) for seed in range(12)]
    mean = sum(a - b for a, b in zip(full, less, strict=True)) / 3 / 12
    assert table.loc["D09", "strength"] == pytest.approx(mean)
    assert table.loc["D09", "games"] == 12


def greedy_scores(seed: int, deck: Deck, deal_as: Deck | None) -> list[int]:
    from carnuta_core.bots import make_bot

    game = Game.new(3, seed=seed, deck=deck, deal_as=deal_as)
    bots = [make_bot("greedy", lab.bot_seed(seed, seat)) for seat in range(3)]
    while not game.is_over:
        game.push(bots[game.current_player].choose(game))
    return game.scores()
