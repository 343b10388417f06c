"""Scoring maths: formulas agree with the engine, gains with re-scoring, the optimum with
brute force, probabilities with enumeration; bad input is refused before sympy sees it."""

from __future__ import annotations

import ast
import doctest
import importlib
import itertools
import math
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carnuta_core import (
    Card,
    CarnutaError,
    DeckError,
    Game,
    Ingredient,
    PositionError,
    RandomBot,
    Row,
    maths,
    parse_deck_text,
    play_game,
    reference_deck,
)
from carnuta_core.maths import (
    COUNT_SYMBOLS,
    Potion,
    any_reveal_probability,
    as_potion,
    best_card_at_end,
    best_market_card,
    card_formula,
    card_gain,
    card_reveal_probability,
    count_symbol,
    evaluate,
    exhaustive_optimum,
    ingredient_gain,
    optimum,
    potion_formula,
    reveal_distribution,
    reveal_probability,
    unseen_cards,
)
from carnuta_core.model import INGREDIENTS
from carnuta_core.scoring import card_points, score_potion
from tests.conftest import ERIC_CARDS, ERIC_ROWS, ERIC_TOKENS

HEADER = "id,deck,kind,ingredient,cost,scoring"

# A small deck of every scoring shape, doubles and Salts, written as a user would.
TEST_DECK_TEXT = """id,deck,kind,ingredient,cost,scoring
S01,start,start,clover,-,1 per clover
S02,start,start,flower,-,2
S03,start,start,egg,-,1 per clover
S04,start,start,honey,-,1 per honey
S05,start,start,skull,-,1 per berry
S06,start,start,butterfly,-,3
S07,start,start,berry,-,1 per berry
S08,start,start,mushroom,-,1 per mushroom
D01,day,normal,clover,flip sun,2 per berry
D02,day,double,clover,return moon,0
D03,day,normal,clover,"flip moon, return moon",4 per set egg honey
D04,day,normal,flower,return sun,5
D05,day,normal,flower,flip moon,1 per clover flower
D06,day,normal,flower,"return sun, flip sun",6 per set butterfly egg egg
D07,day,normal,egg,flip sun,2 per clover
D08,day,normal,egg,-,2
D09,day,double,egg,"return sun, return moon",1
D10,day,normal,honey,flip moon,2 per mushroom
D11,day,normal,honey,"flip sun, flip moon",1 per honey
D12,day,normal,honey,return moon,4 per set skull honey
D13,day,salt,salt,flip sun,-
D14,day,salt,salt,"return sun, return moon",-
D15,day,normal,clover,return sun,1 per clover
D16,day,normal,egg,flip moon,4 per set mushroom clover
N01,night,normal,skull,flip moon,3 per skull
N02,night,normal,skull,"return moon, flip sun",5
N03,night,double,skull,return sun,0
N04,night,normal,butterfly,flip sun,4 per set berry clover
N05,night,normal,butterfly,return moon,1 per butterfly
N06,night,normal,butterfly,"flip sun, return sun",2
N07,night,normal,berry,"flip moon, return moon",2 per skull
N08,night,normal,berry,flip sun,4 per set mushroom clover
N09,night,double,berry,"return sun, return moon",1
N10,night,normal,mushroom,return sun,1 per clover flower
N11,night,normal,mushroom,flip moon,2 per berry
N12,night,normal,mushroom,"flip sun, flip moon",6 per set butterfly egg
N13,night,salt,salt,return moon,-
N14,night,salt,salt,flip moon,-
N15,night,normal,berry,flip sun,1 per berry
N16,night,normal,mushroom,-,5
"""
TEST_DECK = parse_deck_text(TEST_DECK_TEXT, source="test_deck.csv", name="test")

ERIC = Potion.of(ERIC_CARDS, bonus_tokens=ERIC_TOKENS)

COUNT_VECTORS = [
    dict.fromkeys(INGREDIENTS, 0),
    dict.fromkeys(INGREDIENTS, 1),
    dict.fromkeys(INGREDIENTS, 5),
    *({i: random.Random(seed).randint(0, 12) for i in INGREDIENTS} for seed in range(12)),
]

NAMES = [i.value for i in INGREDIENTS]
COSTS = [
    "-",
    "flip sun",
    "return moon",
    "flip moon, return moon",
    "flip sun, return sun, flip moon",
]
points = st.integers(0, 9)
scoring_texts = st.one_of(
    points.map(str),
    st.builds(
        lambda p, names: f"{p} per {' '.join(names)}",
        points,
        st.lists(st.sampled_from(NAMES), min_size=1, max_size=3),
    ),
    st.builds(
        lambda p, names: f"{p} per set {' '.join(names)}",
        points,
        st.lists(st.sampled_from(NAMES), min_size=2, max_size=4),
    ),
)
count_vectors = st.fixed_dictionaries({i: st.integers(0, 15) for i in INGREDIENTS})


def card_line(
    card_id: str, kind: str, ingredient: Ingredient | None, cost: str, scoring: str
) -> str:
    if kind == "start":
        assert ingredient is not None
        return f"{card_id},start,start,{ingredient.value},-,{scoring}"
    if ingredient is None:
        return f'{card_id},day,salt,salt,"{cost}",-'
    return f'{card_id},{ingredient.row.value},{kind},{ingredient.value},"{cost}",{scoring}'


@st.composite
def cards(draw: st.DrawFn, card_id: str = "X01", salts: bool = True) -> Card:
    kinds = ["normal", "normal", "double", "start"] + (["salt"] if salts else [])
    kind = draw(st.sampled_from(kinds))
    ingredient = None if kind == "salt" else draw(st.sampled_from(INGREDIENTS))
    cost = draw(st.sampled_from(COSTS))
    return Card.parse(card_line(card_id, kind, ingredient, cost, draw(scoring_texts)))


@st.composite
def pools(draw: st.DrawFn, min_size: int, max_size: int, starts: bool = True) -> list[Card]:
    size = draw(st.integers(min_size, max_size))
    made = [draw(cards(f"X{i:02d}")) for i in range(size)]
    if not starts:
        made = [c for c in made if c.kind.value != "start"]
    text = "\n".join([HEADER] + [c.notation() for c in made])
    return list(parse_deck_text(text, source="random deck")) if made else []


@st.composite
def potions(draw: st.DrawFn, deck: list[Card]) -> Potion:
    plain = [c for c in deck if not c.is_salt]
    chosen = draw(
        st.lists(st.sampled_from(plain), min_size=1, max_size=14, unique_by=lambda c: c.id)
    )
    salts = [c for c in deck if c.is_salt]
    stacked = (
        draw(st.lists(st.sampled_from(salts), max_size=3, unique_by=lambda c: c.id))
        if salts
        else []
    )
    salt_on = {s.id: draw(st.sampled_from(chosen)).id for s in stacked}
    tokens = draw(st.lists(st.sampled_from(INGREDIENTS), max_size=3, unique=True))
    return Potion.of(chosen + stacked, salt_on, tokens)


# ----------------------------------------------------------------------------- symbols
def test_one_nonnegative_integer_symbol_per_ingredient_with_latex_names() -> None:
    assert list(COUNT_SYMBOLS) == list(INGREDIENTS)
    for ingredient, symbol in COUNT_SYMBOLS.items():
        assert symbol.is_integer and symbol.is_nonnegative
        assert str(symbol) == f"n_{ingredient.value}"
        assert sympy.latex(symbol) == rf"n_{{\text{{{ingredient.title}}}}}"
    assert count_symbol("Clovers") is COUNT_SYMBOLS[Ingredient.CLOVER]
    assert r"n_{\text{Berry}}" in sympy.latex(2 * count_symbol("berry") + 1)


def test_the_module_doctests_pass() -> None:
    package = Path(maths.__file__).parent
    attempted = 0
    for path in sorted(package.glob("*.py")):
        module = importlib.import_module(
            f"carnuta_core.maths.{path.stem}".removesuffix(".__init__")
        )
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, path.name
        attempted += result.attempted
    assert attempted > 10


# ----------------------------------------------------------------------------- card formulas
def test_card_formula_shapes() -> None:
    n = COUNT_SYMBOLS
    assert card_formula(TEST_DECK["D04"]) == 5
    assert card_formula(TEST_DECK["D05"]) == n[Ingredient.CLOVER] + n[Ingredient.FLOWER]
    assert card_formula(TEST_DECK["D01"]) == 2 * n[Ingredient.BERRY]
    assert card_formula(TEST_DECK["D12"]) == 4 * sympy.Min(n[Ingredient.SKULL], n[Ingredient.HONEY])
    assert card_formula(TEST_DECK["D06"]) == 6 * sympy.Min(
        n[Ingredient.BUTTERFLY], sympy.floor(n[Ingredient.EGG] / 2)
    )
    assert card_formula(TEST_DECK["D13"]) == 0  # a Salt
    assert card_formula(TEST_DECK["D12"].notation()) == card_formula(TEST_DECK["D12"])


@pytest.mark.parametrize("deck", ["reference", "test"])
def test_every_card_formula_matches_the_engine(deck: str) -> None:
    chosen = reference_deck() if deck == "reference" else TEST_DECK
    for card in chosen:
        formula = card_formula(card)
        for counts in COUNT_VECTORS:
            assert evaluate(formula, counts) == card_points(card, counts), (card, counts)


@given(card=cards(), counts=count_vectors)
@settings(max_examples=300, deadline=None)
def test_random_card_formula_matches_the_engine(card: Card, counts: dict[Ingredient, int]) -> None:
    assert evaluate(card_formula(card), counts) == card_points(card, counts)


# ----------------------------------------------------------------------------- potions
def test_eric_example_is_40() -> None:
    formula = potion_formula(ERIC)
    pad = formula.evaluate()
    assert pad.total == 40 == ERIC.score_pad().total
    assert {i.value: points for i, points in pad} == ERIC_ROWS
    n = COUNT_SYMBOLS
    assert ERIC.counts()[Ingredient.CLOVER] == 3
    assert ERIC.extras() == {
        i: int(i in (Ingredient.CLOVER, Ingredient.BUTTERFLY)) for i in INGREDIENTS
    }
    assert formula.row("honey") == 2 * n[Ingredient.MUSHROOM]
    assert formula.row("egg") == 2 * n[Ingredient.CLOVER] + 5
    assert formula.row("flower") == 0
    latex = formula._repr_latex_()
    assert r"n_{\text{Clover}}" in latex and r"\text{Total}" in latex and "40" in latex
    assert r"n_{\text{Clover}} = 2 + 1\,\text{token} = 3" in latex


def test_eric_from_the_reference_deck_is_40() -> None:
    ids = ["D26", "D01", "D19", "D16", "N24", "N19", "N17", "N20", "S06", "N13", "N11"]
    eric = Potion.of(ids, bonus_tokens=["clover", "butterfly"], deck=reference_deck())
    pad = potion_formula(eric).evaluate()
    assert pad == eric.score_pad() and pad.total == 40
    assert {i.value: points for i, points in pad} == ERIC_ROWS


def test_potion_formula_reads_a_game_a_view_or_a_potion() -> None:
    game = play_game([RandomBot(1), RandomBot(2)], seed=5, deck=TEST_DECK)
    for seat in range(2):
        expected = game.score_pad(seat)
        assert potion_formula(game, seat).evaluate() == expected
        assert potion_formula(game.player(seat)).evaluate() == expected
        assert potion_formula(as_potion(game, seat)).evaluate() == expected
    with pytest.raises(PositionError, match="seat"):
        potion_formula(game)


@given(data=st.data())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_potions_of_the_reference_deck_match_the_engine(data: st.DataObject) -> None:
    potion = data.draw(potions(list(reference_deck())))
    formula = potion_formula(potion)
    assert formula.evaluate() == score_potion(
        potion.played, potion.salt_targets, potion.bonus_tokens
    )
    assert evaluate(formula.total, potion.counts()) == potion.score_pad().total


@given(data=st.data())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_potions_of_random_decks_match_the_engine(data: st.DataObject) -> None:
    deck = data.draw(pools(2, 25))
    if all(c.is_salt for c in deck):
        return
    potion = data.draw(potions(deck))
    formula = potion_formula(potion)
    assert formula.evaluate() == potion.score_pad()
    counts = data.draw(count_vectors)
    expected = sum(card_points(c, counts) for c in potion.played)
    assert evaluate(formula.total, counts) == expected


def test_building_an_eleven_card_formula_simplifies_nothing_further() -> None:
    formula = potion_formula(ERIC)
    assert sympy.simplify(formula.total - sympy.Add(*(f for _, f in formula.cards))) == 0
    assert formula.total.count_ops() <= sympy.simplify(formula.total).count_ops()


def test_potions_refuse_inconsistent_stacks() -> None:
    salt, card = TEST_DECK["D13"], TEST_DECK["D01"]
    with pytest.raises(PositionError, match="say which played card Salt D13"):
        Potion.of([card, salt])
    with pytest.raises(PositionError, match="not played"):
        Potion.of([card, salt], {"D13": "D04"})
    with pytest.raises(PositionError, match="played twice"):
        Potion.of([card, card])
    with pytest.raises(PositionError, match="D01 is not a played Salt"):
        Potion.of([card], {"D01": "D01"})
    assert (
        Potion.of(["D01", "D13"], {"D13": "D01"}, deck=TEST_DECK).counts()[Ingredient.CLOVER] == 2
    )


# ----------------------------------------------------------------------------- bad input
def test_unknown_ingredient_or_malformed_scoring_is_a_deck_error_naming_the_line() -> None:
    bad = [
        ("X01,night,normal,mushroom,-,2 per sugar", "unknown ingredient 'sugar'"),
        ("X01,night,normal,mushroom,-,2 per", "names no ingredient"),
        ("X01,night,normal,mushroom,-,two per clover", "whole number of points"),
        ("X01,night,normal,mushroom,-,2 per set clover", "at least two ingredient icons"),
        ("X01,night,normal,mushroom,-,2 times clover", "expected 'per'"),
        ("X01,night,normal,mushroom,-,__import__('os')", "whole number of points"),
        ("X01,night,normal,sugar,-,2", "unknown ingredient 'sugar'"),
    ]
    for line, reason in bad:
        with pytest.raises(DeckError, match=reason) as caught:
            parse_deck_text(f"{HEADER}\n{line}\n", source="mine.csv")
        assert caught.value.line == 2 and "mine.csv: line 2" in str(caught.value)
        with pytest.raises(DeckError, match=reason):
            card_formula(line)


def test_maths_never_hands_text_to_sympify_parse_expr_or_eval() -> None:
    package = Path(maths.__file__).parent
    calls = {
        node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        for path in package.glob("*.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Call)
    }
    assert not calls & {"sympify", "parse_expr", "S", "eval", "exec", "parse_latex"}
    with pytest.raises(CarnutaError, match="not a formula"):
        evaluate("n_clover + 1", {"clover": 1})


def test_counts_must_be_whole_numbers_of_at_least_zero() -> None:
    formula = card_formula(TEST_DECK["D05"])
    with pytest.raises(CarnutaError, match="count of Clover is -1"):
        evaluate(formula, {"clover": -1, "flower": 2})
    with pytest.raises(ValueError, match="cannot hold fewer than 0"):
        potion_formula(ERIC).evaluate({"butterfly": -3})
    with pytest.raises(CarnutaError, match="whole number"):
        evaluate(formula, {"clover": 1.5, "flower": 2})
    with pytest.raises(CarnutaError, match="not a number"):
        evaluate(formula, {"clover": True, "flower": 2})
    with pytest.raises(CarnutaError, match="needs the count of Flower"):
        evaluate(formula, {"clover": 1})
    with pytest.raises(CarnutaError, match="unknown ingredient 'sugar'"):
        evaluate(formula, {"clover": 1, "flower": 1, "sugar": 1})
    assert evaluate(formula, {"clover": 1, "flower": 2, "egg": 0}) == 3


# ----------------------------------------------------------------------------- gains
@given(data=st.data())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_gains_equal_a_rescore(data: st.DataObject) -> None:
    potion = data.draw(potions(list(TEST_DECK)))
    before = potion.score_pad().total
    ingredient = data.draw(st.sampled_from(INGREDIENTS))
    gain = ingredient_gain(potion, ingredient)
    assert gain.value == potion.plus_token(ingredient).score_pad().total - before
    counts = data.draw(count_vectors)
    shifted = {i: c + (i is ingredient) for i, c in counts.items()}
    total = potion_formula(potion).total
    assert evaluate(gain.expression, counts) == evaluate(total, shifted) - evaluate(total, counts)

    played = {c.id for c in potion.played}
    card = data.draw(st.sampled_from([c for c in TEST_DECK if c.id not in played]))
    if card.is_salt:
        targets = [c.id for c in potion.played if not c.is_salt]
        on = data.draw(st.sampled_from(targets))
        after = potion.plus(card, on).score_pad().total
        gain = card_gain(potion, card, on)
        best = max(potion.plus(card, t).score_pad().total for t in targets) - before
        assert card_gain(potion, card).value == best
    else:
        after = potion.plus(card).score_pad().total
        gain = card_gain(potion, card)
        assert gain.own is not None
        assert gain.own.value == card_points(card, potion.plus(card).counts())
    assert gain.value == after - before
    assert gain.own is not None and gain.others is not None
    assert gain.own.value + gain.others.value == gain.value
    assert evaluate(gain.expression, potion.counts()) == gain.value


def test_eric_gains() -> None:
    clover = ingredient_gain(ERIC, "clover")
    # +2 (Egg: 2 per Clover) +1 (Mushroom: 1 per Clover) +0 (sets held back by Mushroom, Berry)
    assert clover.value == 3
    assert "Min" in str(clover.expression)
    card = Card.parse("E12,night,normal,mushroom,-,1 per mushroom")
    gain = card_gain(ERIC, card)
    assert gain.own is not None and gain.others is not None
    # itself 2 (two Mushrooms); Honey +2; Berry's Mushroom/Clover set +4
    assert (gain.own.value, gain.others.value, gain.value) == (2, 6, 8)
    assert "E12" in str(gain) and r"\Delta" in gain._repr_latex_()
    with pytest.raises(PositionError, match="already in the potion"):
        card_gain(ERIC, ERIC.played[0])


def test_best_market_card_ranks_every_market_card_by_its_exact_gain() -> None:
    game = Game.new(2, seed=3, deck=TEST_DECK)
    bots = [RandomBot(7), RandomBot(8)]
    for _ in range(60):
        game.play(bots[game.current_player].choose(game))
    for seat in range(2):
        ranking = best_market_card(game, seat)
        market = [c for row in (Row.DAY, Row.NIGHT) for c in game.market(row) if c is not None]
        assert sorted(c.card.id for c in ranking) == sorted(c.id for c in market)
        values = [c.gain.value for c in ranking]
        assert values == sorted(values, reverse=True)
        potion = as_potion(game, seat)
        for choice in ranking:
            assert game.market(choice.row)[choice.slot - 1] == choice.card
            assert choice.action == f"take {choice.row.value} {choice.slot}"
            card = choice.card
            if card.is_salt:
                on = choice.gain.change.split(" on ")[1]
                after = potion.plus(card, on).score_pad().total
            else:
                after = potion.plus(card).score_pad().total
            assert choice.gain.value == after - potion.score_pad().total
        further = [c for c in game.player(seat).hand if not c.is_salt]
        at_end = best_card_at_end(game, seat, further)
        end = Potion.of(list(potion.played) + further, potion.salt_targets, potion.bonus_tokens)
        for choice in at_end:
            if not choice.card.is_salt:
                assert choice.gain.value == card_gain(end, choice.card).value
        assert set(at_end[0].as_dict()) == {
            "take",
            "card",
            "play",
            "own",
            "others",
            "gain",
            "denial",
        }


# ----------------------------------------------------------------------------- the optimum
def test_optimum_small_example() -> None:
    pool = [TEST_DECK[i] for i in ("S01", "D01", "D02", "D15", "N09", "N15", "D13")]
    best = optimum(pool, 5, bonus_tokens=1)
    brute = exhaustive_optimum(pool, 5, bonus_tokens=1)
    assert best.value == brute.value == best.score_pad().total
    assert len(best.potion.played) == 5
    assert sum(c.kind.value == "start" for c in best.potion.played) == 1


@pytest.mark.parametrize("seed", range(6))
def test_optimum_equals_brute_force_on_test_deck_pools(seed: int) -> None:
    rng = random.Random(seed)
    pool = rng.sample(list(TEST_DECK), rng.choice([12, 13, 14]))
    k = rng.choice([4, 5])
    budget = rng.choice([None, 4, 7])
    tokens = rng.choice([0, 1, 2])
    assert_optimum_is_brute_force(pool, k, tokens, budget)


@given(
    pool=pools(8, 13),
    k=st.integers(2, 5),
    tokens=st.integers(0, 2),
    budget=st.one_of(st.none(), st.integers(0, 9)),
)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_optimum_equals_brute_force_on_random_pools(
    pool: list[Card], k: int, tokens: int, budget: int | None
) -> None:
    if len(pool) >= k:
        assert_optimum_is_brute_force(pool, k, tokens, budget)


def assert_optimum_is_brute_force(
    pool: list[Card], k: int, tokens: int, budget: int | None
) -> None:
    """The branch and bound finds the brute force's score (or both find no potion)."""
    try:
        brute = exhaustive_optimum(pool, k, bonus_tokens=tokens, budget=budget)
    except PositionError:
        with pytest.raises(PositionError, match="no potion"):
            optimum(pool, k, bonus_tokens=tokens, budget=budget)
        return
    best = optimum(pool, k, bonus_tokens=tokens, budget=budget)
    assert best.value == brute.value
    check_optimum(best, pool)


def check_optimum(best: maths.Optimum, pool: list[Card]) -> None:
    potion = best.potion
    assert potion.score_pad().total == best.value
    assert len(potion.played) == best.k and {c.id for c in potion.played} <= {c.id for c in pool}
    assert len(set(potion.bonus_tokens)) == len(potion.bonus_tokens) == best.bonus_tokens
    starts = sum(c.kind.value == "start" for c in potion.played)
    assert starts == (1 if any(c.kind.value == "start" for c in pool) else 0)
    if best.budget is not None:
        assert best.cost <= best.budget


def test_reference_optimum_is_a_real_potion_no_random_potion_beats() -> None:
    deck = list(reference_deck())
    best = optimum()
    check_optimum(best, deck)
    assert best.k == 11 and best.bonus_tokens == 2 and best.budget is None
    assert best.vectors >= best.refined >= best.solved > 0 and best.seconds > 0
    rng = random.Random(0)
    starts = [c for c in deck if c.kind.value == "start"]
    others = [c for c in deck if c.kind.value != "start" and not c.is_salt]
    for _ in range(300):
        cards_ = [rng.choice(starts)] + rng.sample(others, 10)
        tokens = rng.sample(INGREDIENTS, 2)
        assert score_potion(cards_, {}, tokens).total <= best.value
    budget = best.cost - 4
    cheaper = optimum(budget=budget)
    check_optimum(cheaper, deck)
    assert cheaper.value <= best.value and cheaper.cost <= budget
    assert "11 cards" in str(best) and "points" in best._repr_html_()


def test_optimum_refuses_impossible_requests() -> None:
    with pytest.raises(PositionError, match="choose between 1 and"):
        optimum(list(TEST_DECK)[:5], 6)
    with pytest.raises(PositionError, match="budget"):
        optimum(list(TEST_DECK)[:5], 3, budget=-1)
    with pytest.raises(PositionError, match="no potion"):  # Salts need a card to sit on
        optimum([TEST_DECK["D13"], TEST_DECK["D14"]], 2, bonus_tokens=0)
    with pytest.raises(PositionError, match="no potion"):  # no starting card in the pool
        optimum([TEST_DECK["D01"], TEST_DECK["D04"]], 2, starting=1)
    with pytest.raises(PositionError, match="the cheapest cost 3"):
        optimum([TEST_DECK[i] for i in ("D01", "D03", "D04", "D05")], 3, budget=2)


# ----------------------------------------------------------------------------- probability
def brute_reveal(unseen: int, n: int, wanted: int) -> dict[int, Fraction]:
    tally: dict[int, int] = {}
    orders = list(itertools.permutations(range(unseen)))
    for order in orders:
        hits = sum(1 for card in order[:n] if card < wanted)
        tally[hits] = tally.get(hits, 0) + 1
    return {hits: Fraction(count, len(orders)) for hits, count in tally.items()}


@pytest.mark.parametrize("unseen", range(1, 7))
def test_reveal_distribution_equals_enumeration_of_every_deck_order(unseen: int) -> None:
    for n in range(unseen + 2):
        for wanted in range(unseen + 1):
            exact = reveal_distribution(unseen, n, wanted)
            assert all(isinstance(p, sympy.Rational) for p in exact.values())
            brute = brute_reveal(unseen, n, wanted)
            assert {h: Fraction(int(p.p), int(p.q)) for h, p in exact.items() if p} == brute
            at_least_one = 1 - brute.get(0, Fraction(0))
            assert reveal_probability(unseen, n, wanted) == sympy.Rational(
                at_least_one.numerator, at_least_one.denominator
            )


def test_reveal_probability_of_one_card_is_n_over_unseen() -> None:
    assert reveal_probability(24, 4) == sympy.Rational(1, 6)
    assert reveal_probability(3, 10) == 1
    assert reveal_probability(10, 0, 3) == 0
    with pytest.raises(CarnutaError, match="cannot be negative"):
        reveal_probability(10, -1)
    with pytest.raises(CarnutaError, match="only 3 cards are unseen"):
        reveal_probability(3, 1, 4)


def test_game_probabilities_use_only_public_information() -> None:
    game = Game.new(2, seed=11, deck=TEST_DECK)
    bots = [RandomBot(1), RandomBot(2)]
    for _ in range(40):
        game.play(bots[game.current_player].choose(game))
    for row in (Row.DAY, Row.NIGHT):
        unseen = unseen_cards(game, row)
        assert sorted(c.id for c in unseen) == sorted(c.id for c in game.deck_order(row))
        for card in unseen:
            assert card_reveal_probability(game, card, 3) == sympy.Rational(
                min(3, len(unseen)), len(unseen)
            )
        for card in game.market(row):
            if card is not None:
                assert card_reveal_probability(game, card.id, 3) == 0
    assert unseen_cards(game, "day") == unseen_cards(game, Row.DAY)
    day, night = unseen_cards(game, Row.DAY), unseen_cards(game, Row.NIGHT)
    wanted = [day[0], day[1], night[0]]
    p = any_reveal_probability(game, wanted, 2)
    miss_day = Fraction(math.comb(len(day) - 2, 2), math.comb(len(day), 2))
    miss_night = Fraction(math.comb(len(night) - 1, 2), math.comb(len(night), 2))
    expected = 1 - miss_day * miss_night
    assert p == sympy.Rational(expected.numerator, expected.denominator)
    with pytest.raises(CarnutaError, match="starting card"):
        card_reveal_probability(game, "S01", 2)
    with pytest.raises(CarnutaError, match="no card"):
        card_reveal_probability(game, "Z99", 2)


def test_formulas_gains_and_probabilities_load_without_numpy() -> None:
    """Only the solver needs numpy: a site without it still gets formulas, gains and odds."""
    script = (
        "import sys\n"
        "import carnuta_core.maths as m\n"
        "from carnuta_core.maths import potion_formula, card_gain, reveal_probability\n"
        "assert 'numpy' not in sys.modules, sorted(k for k in sys.modules if 'numpy' in k)[:3]\n"
        "m.optimum\n"
        "assert 'numpy' in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
