"""The cluster test counts exactly: its law of the largest group equals brute-force
enumeration on small decks and a simulation on the reference deck."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carnuta_core import reference_deck
from carnuta_core.model import Origin
from carnuta_core.synergy import (
    cluster_check,
    largest_group_law,
    strategy_clusters,
    ways_none_above,
)

DECK = reference_deck()
CLUSTERS = strategy_clusters(DECK)
STARTING = {c.id for c in DECK if c.origin is Origin.START}


def brute_law(sizes: list[int], k: int) -> dict[int, Fraction]:
    """Label every card by its group, draw every k-subset, count the largest group."""
    labels = [group for group, n in enumerate(sizes) for _ in range(n)]
    draws = list(itertools.combinations(range(len(labels)), k))
    largest = Counter(max(Counter(labels[i] for i in draw).values()) for draw in draws)
    return {m: Fraction(n, len(draws)) for m, n in sorted(largest.items())}


@settings(max_examples=60, deadline=None)
@given(sizes=st.lists(st.integers(1, 5), min_size=1, max_size=4), data=st.data())
def test_the_law_of_the_largest_group_equals_enumeration(sizes: list[int], data) -> None:  # type: ignore[no-untyped-def]
    k = data.draw(st.integers(1, sum(sizes)))
    assert largest_group_law(sizes, k) == brute_law(sizes, k)


def test_ways_none_above_counts_by_brute_force() -> None:
    sizes = [4, 3, 3, 2]
    labels = [g for g, n in enumerate(sizes) for _ in range(n)]
    for k in range(1, 6):
        for most in range(1, 5):
            brute = sum(
                max(Counter(labels[i] for i in draw).values()) <= most
                for draw in itertools.combinations(range(len(labels)), k)
            )
            assert ways_none_above(sizes, k, most) == brute, (k, most)
    assert ways_none_above(sizes, 3, 3) == math.comb(12, 3)


def test_the_law_is_refused_for_an_impossible_draw() -> None:
    with pytest.raises(ValueError, match="k: between 1 and the 4 cards"):
        largest_group_law([2, 2], 5)


def test_cluster_check_on_the_reference_deck_is_exact() -> None:
    """Three market cards: every one of the C(56, 3) draws counted by hand."""
    market = [cid for cid in CLUSTERS.index if cid not in STARTING]
    of = CLUSTERS["cluster"].to_dict()
    potion = ["S01", "D01", "D11", "N24"]
    check = cluster_check(potion, CLUSTERS, DECK)
    mine = Counter(of[c] for c in potion if c not in STARTING).most_common(1)[0][1]
    at_least = 0
    total = 0
    for draw in itertools.combinations(market, 3):
        total += 1
        at_least += max(Counter(of[c] for c in draw).values()) >= mine
    assert check.largest == mine
    assert check.p_exact == Fraction(at_least, total)
    assert check.sizes == tuple(Counter(of[c] for c in market)[n] for n in sorted(set(of.values())))


def test_cluster_check_agrees_with_a_simulation() -> None:
    """Eleven market cards (too many draws to list): a simulation lands within its error."""
    market = [cid for cid in CLUSTERS.index if cid not in STARTING]
    of = CLUSTERS["cluster"].to_dict()
    rng = random.Random(5)
    potion = rng.sample(market, 11)
    check = cluster_check(potion, CLUSTERS, DECK)
    draws = 20_000
    hits = sum(
        max(Counter(of[c] for c in rng.sample(market, 11)).values()) >= check.largest
        for _ in range(draws)
    )
    error = 4 * math.sqrt(check.p_value * (1 - check.p_value) / draws) + 1 / draws
    assert abs(hits / draws - check.p_value) < error
    assert 0 < check.p_value < 1
