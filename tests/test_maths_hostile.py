"""Hostile input to the maths entry points: every refusal is a typed ``CarnutaError`` naming
the argument, and work beyond a documented bound is refused before it starts."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carnuta_core import CarnutaError, Game, WorkLimitError, maths, reference_deck
from carnuta_core.maths import probability, solver

DECK = reference_deck()
GAME = Game.new(2, seed=3)
POTION = maths.Potion.of(["S01", "D02", "D09", "N09"])

junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**12), max_value=10**12),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.lists(st.integers(), max_size=3),
    st.tuples(st.text(max_size=3), st.integers()),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def refuses_quickly(call: Any, *args: Any, **kwargs: Any) -> None:
    """The call either answers or raises a ``CarnutaError`` (never another exception)."""
    with contextlib.suppress(CarnutaError):
        call(*args, **kwargs)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(unseen=junk, n=junk, wanted=junk)
def test_reveal_laws_take_only_small_whole_numbers(unseen: Any, n: Any, wanted: Any) -> None:
    refuses_quickly(maths.reveal_probability, unseen, n, wanted)
    refuses_quickly(maths.reveal_distribution, unseen, n, wanted)


def test_work_beyond_the_bounds_is_refused_naming_the_argument() -> None:
    with pytest.raises(WorkLimitError, match="unseen") as caught:
        maths.reveal_probability(10**4, 5000, 5000)
    assert caught.value.field == "unseen" and str(probability.MAX_UNSEEN) in str(caught.value)
    with pytest.raises(WorkLimitError, match="^k: 30 cards") as too_many:
        maths.optimum(k=30)
    assert str(solver.MAX_POTION_CARDS) in str(too_many.value)
    with pytest.raises(WorkLimitError, match="^k: .* choices of 11 cards from 72"):
        maths.exhaustive_optimum(DECK, 11)
    with pytest.raises(WorkLimitError, match="^pool"):
        maths.optimum(list(DECK) * 3, k=11)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(card=junk, n=junk)
def test_card_reveal_probability_wants_a_card_and_a_whole_number(card: Any, n: Any) -> None:
    refuses_quickly(maths.card_reveal_probability, GAME, card, n)
    refuses_quickly(maths.any_reveal_probability, GAME, [card], n)


def test_card_reveal_probability_refuses_positions_and_huge_counts_are_all_reveals() -> None:
    with pytest.raises(CarnutaError, match="card should be a Card or a card id"):
        maths.card_reveal_probability(GAME, 10**9, 2)  # type: ignore[arg-type]
    unseen = maths.unseen_cards(GAME, "night")
    assert maths.card_reveal_probability(GAME, unseen[0], 10**9) == 1
    with pytest.raises(CarnutaError, match="list of cards"):
        maths.any_reveal_probability(GAME, "N16", 2)


def test_gains_take_card_ids_and_refuse_what_is_not_a_card() -> None:
    by_id = maths.card_gain(POTION, "N16")
    assert by_id == maths.card_gain(POTION, DECK["N16"])
    assert (
        maths.card_gain(GAME, "N16", seat=0).value
        == maths.card_gain(GAME, DECK["N16"], seat=0).value
    )
    with pytest.raises(CarnutaError, match="no card 'ZZ9'"):
        maths.card_gain(POTION, "ZZ9")
    with pytest.raises(CarnutaError, match="^card"):
        maths.card_gain(POTION, 16)  # type: ignore[arg-type]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(salt_on=junk, tokens=junk)
def test_potion_of_refuses_bad_salts_and_tokens_with_a_typed_error(
    salt_on: Any, tokens: Any
) -> None:
    refuses_quickly(maths.Potion.of, ["S01", "D02", "D29"], salt_on, [])
    refuses_quickly(maths.Potion.of, ["S01", "D02"], None, tokens)


def test_potion_of_takes_salt_pairs_as_a_list_too() -> None:
    as_dict = maths.Potion.of(["S01", "D02", "D29"], {"D29": "D02"})
    as_pairs = maths.Potion.of(["S01", "D02", "D29"], [("D29", "D02")])
    assert as_dict == as_pairs
    with pytest.raises(CarnutaError, match="^salt_on: .* is not a \\(Salt id, card id\\) pair"):
        maths.Potion.of(["S01", "D02", "D29"], [("D29",)])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(k=junk, tokens=junk, starting=junk, budget=junk, batch=junk)
def test_optimum_arguments_are_checked_before_any_work(
    k: Any, tokens: Any, starting: Any, budget: Any, batch: Any
) -> None:
    pool = list(DECK)[:10]
    if isinstance(k, int) and not isinstance(k, bool) and 1 <= k <= 10:
        k = 11  # valid sizes are solved elsewhere; here only refusals are timed
    refuses_quickly(
        maths.optimum, pool, k, bonus_tokens=tokens, starting=starting, budget=budget, batch=batch
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=junk, b=junk)
def test_derived_maths_entry_points_refuse_junk_with_typed_errors(a: Any, b: Any) -> None:
    from carnuta_core import balance
    from carnuta_core.maths import calculus, decisions, economy, reveal_laws

    refuses_quickly(calculus.staircase, POTION, "berry", a)
    refuses_quickly(calculus.marginal_value, POTION, a)
    refuses_quickly(calculus.difference, maths.count_symbol("egg"), maths.count_symbol("egg"), a)
    refuses_quickly(reveal_laws.expected_first_wanted, a, b)
    refuses_quickly(reveal_laws.within_law(1).at, u=a, n=b)
    refuses_quickly(decisions.sickle_value, GAME, 0, a)
    refuses_quickly(decisions.draft_value, GAME, 0, "D02", a)
    refuses_quickly(balance.fair_band, a, b)
    refuses_quickly(balance.gini, [a, b])
    refuses_quickly(economy.lagrangian_bound, [], a)


def test_plans_and_sizes_are_bounded() -> None:
    from carnuta_core.maths import economy

    with pytest.raises(WorkLimitError, match="^potion"):
        economy.potion_actions(list(DECK)[:20])
    with pytest.raises(CarnutaError, match="one starting card"):
        economy.potion_actions([DECK["S01"], DECK["S02"]])
