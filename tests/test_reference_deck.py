"""The reference deck honours every fact of the rulebook and RULINGS.md (docs/reference_deck.md
says what is fact and what is chosen), and the deck reader rejects malformed input by line."""

from __future__ import annotations

from collections import Counter
from importlib import resources
from statistics import mean

import pytest

from carnuta_core.cards import Flat, NoPoints, Pay, PerIngredient, PerSet, format_cost
from carnuta_core.deck import REFERENCE_DECK_FILE, parse_deck_text, reference_deck
from carnuta_core.errors import DeckError
from carnuta_core.model import DAY_INGREDIENTS, INGREDIENTS, Ingredient, Kind, Origin
from tests.conftest import ERIC_ROWS

DECK = reference_deck()
DECKS = (Origin.DAY, Origin.NIGHT)
NIGHT_INGREDIENTS = frozenset(INGREDIENTS) - DAY_INGREDIENTS
POINT_TYPES = ("flat low", "flat high", "pair", "own", "other", "set of 2", "set of 3")


def point_type(card) -> str:
    """The rulebook's "Description of Points" kind of a non-Salt card."""
    s = card.scoring
    if isinstance(s, Flat):
        return "flat low" if s.points <= 2 else "flat high"
    if isinstance(s, PerIngredient):
        if len(s.ingredients) == 2 and len(set(s.ingredients)) == 2:
            return "pair"
        if len(s.ingredients) == 1:
            return "own" if s.ingredients[0] is card.ingredient else "other"
    if isinstance(s, PerSet) and len(s.ingredients) in (2, 3):
        return f"set of {len(s.ingredients)}"
    raise AssertionError(f"{card} has no recognised point type")


def points(card, counts: dict[Ingredient, int]) -> int:
    s = card.scoring
    if isinstance(s, Flat):
        return s.points
    if isinstance(s, PerIngredient):
        return s.points * sum(counts[i] for i in s.ingredients)
    if isinstance(s, PerSet):
        return s.points * min(counts[i] // n for i, n in s.needs.items())
    return 0


# An extra ingredient (the second of a double, or a Salt) is worth about 2 points in a potion:
# one or two cards of a typical potion count that ingredient at 1-2 points each.
EXTRA_INGREDIENT = 2
TYPICAL = {i: 2 for i in Ingredient}  # ~12 cards + tokens spread over 8 ingredients


def strength(card) -> int:
    extra = 1 if card.is_salt or card.kind is Kind.DOUBLE else 0
    return points(card, TYPICAL) + EXTRA_INGREDIENT * extra


def cost_weight(card) -> float:
    """A return takes a rune off the board (a Take Runes action to get it back): dearer."""
    return sum(1.0 if icon.pay is Pay.FLIP else 1.5 for icon in card.cost)


def deck_cards(origin: Origin, ingredient: Ingredient | None = None) -> list:
    return [c for c in DECK.of(origin) if ingredient is None or c.ingredient is ingredient]


def test_72_cards_with_the_stated_ids():
    assert len(DECK) == 72
    expected = (
        [f"S{n:02d}" for n in range(1, 9)]
        + [f"D{n:02d}" for n in range(1, 33)]
        + [f"N{n:02d}" for n in range(1, 33)]
    )
    assert [c.id for c in DECK] == expected


def test_eight_starting_cards_one_per_ingredient():
    start = DECK.of(Origin.START)
    assert len(start) == 8
    assert sorted(c.ingredient.value for c in start) == sorted(i.value for i in Ingredient)
    assert all(c.kind is Kind.START and c.cost == () for c in start)
    assert all(strength(c) <= 3 for c in start), "starting cards score modestly"


def test_32_day_and_32_night_cards():
    assert len(DECK.of(Origin.DAY)) == 32
    assert len(DECK.of(Origin.NIGHT)) == 32


@pytest.mark.parametrize(
    "origin, allowed", [(Origin.DAY, DAY_INGREDIENTS), (Origin.NIGHT, NIGHT_INGREDIENTS)]
)
def test_each_deck_holds_only_its_ingredients_and_salts(origin, allowed):
    for card in DECK.of(origin):
        assert card.is_salt or card.ingredient in allowed, card


@pytest.mark.parametrize("ingredient", INGREDIENTS, ids=str)
def test_each_ingredient_has_seven_cards_one_of_each_point_type(ingredient):
    origin = Origin.DAY if ingredient in DAY_INGREDIENTS else Origin.NIGHT
    cards = deck_cards(origin, ingredient)
    assert sorted(point_type(c) for c in cards) == sorted(POINT_TYPES)


@pytest.mark.parametrize("ingredient", INGREDIENTS, ids=str)
def test_each_ingredient_names_every_ingredient_once(ingredient):
    """The design choice that balances demand: each ingredient's 7 cards name all 8 once."""
    origin = Origin.DAY if ingredient in DAY_INGREDIENTS else Origin.NIGHT
    named = Counter()
    for card in deck_cards(origin, ingredient):
        if isinstance(card.scoring, (PerIngredient, PerSet)):
            named.update(set(card.scoring.ingredients))
    assert named == Counter(set(Ingredient))


POINT_RANGES = {
    "flat low": (0, 2),
    "flat high": (4, 5),
    "pair": (1, 3),
    "own": (1, 3),
    "other": (1, 3),
    "set of 2": (3, 5),
    "set of 3": (5, 7),
}


def test_points_and_costs_stay_on_the_rulebook_scale():
    for card in DECK:
        if not card.is_salt:
            low, high = POINT_RANGES[point_type(card)]
            assert low <= card.scoring.points <= high, card
        assert len(card.cost) <= 4, card


def test_the_seven_mushroom_cards_of_the_rulebook():
    mushrooms = deck_cards(Origin.NIGHT, Ingredient.MUSHROOM)
    assert Counter(str(c.scoring) for c in mushrooms) == Counter(
        [
            "2",
            "5",
            "1 per clover flower",
            "1 per mushroom",
            "2 per berry",
            "4 per set skull honey",
            "6 per set butterfly egg egg",  # the third icon is the reconstruction's choice
        ]
    )


@pytest.mark.parametrize("origin", DECKS, ids=str)
def test_each_deck_has_doubles_and_salts(origin):
    kinds = Counter(c.kind for c in DECK.of(origin))
    assert kinds[Kind.DOUBLE] >= 1
    assert kinds[Kind.SALT] >= 1
    assert kinds[Kind.DOUBLE] + kinds[Kind.NORMAL] == 28
    for card in DECK.of(origin):
        if card.is_salt:
            assert isinstance(card.scoring, NoPoints) and 1 <= len(card.cost) <= 2


def test_a_berry_costs_flip_moon_return_moon():
    berries = deck_cards(Origin.NIGHT, Ingredient.BERRY)
    assert "flip moon, return moon" in [format_cost(c.cost) for c in berries]


@pytest.mark.parametrize("origin", DECKS, ids=str)
def test_costs_grow_with_strength(origin):
    cards = DECK.of(origin)
    median = sorted(strength(c) for c in cards)[len(cards) // 2]
    weaker = [cost_weight(c) for c in cards if strength(c) < median]
    stronger = [cost_weight(c) for c in cards if strength(c) > median]
    assert weaker and stronger
    assert mean(stronger) > mean(weaker)
    # Kendall-style: of the pairs ordered by strength, more are ordered the same way by cost.
    concordant = discordant = 0
    for a in cards:
        for b in cards:
            if strength(a) < strength(b):
                d = cost_weight(b) - cost_weight(a)
                concordant += d > 0
                discordant += d < 0
    assert concordant > 3 * discordant


def test_eric_end_of_game_example_scores_40():
    """Rulebook, End of the Game: 11 cards (one is the starting card) and 2 Bonus tokens."""
    played = ["D26", "D01", "D19", "D16", "N24", "N19", "N17", "N20", "S06", "N13", "N11"]
    tokens = [Ingredient.CLOVER, Ingredient.BUTTERFLY]  # reached 6 and 10 cards
    cards = [DECK[i] for i in played]
    counts = Counter(tokens)
    for card in cards:
        counts[card.ingredient] += card.weight
    rows = Counter()
    for card in cards:
        rows[card.ingredient] += points(card, counts)
    assert {i.value: rows[i] for i in Ingredient} == ERIC_ROWS
    assert sum(rows.values()) == 40
    assert len(cards) == 11 and sum(c.origin is Origin.START for c in cards) == 1


def test_file_header_says_reconstruction():
    text = resources.files("carnuta_core").joinpath("data", REFERENCE_DECK_FILE).read_text("utf-8")
    header = text.split("\nid,deck,kind,ingredient,cost,scoring\n")[0]
    assert all(line.startswith("#") for line in header.splitlines())
    assert "RECONSTRUCTION" in header
    assert "does not publish" in header


def test_round_trip_through_csv():
    assert parse_deck_text(DECK.to_csv()) == DECK


HEADER = "id,deck,kind,ingredient,cost,scoring\n"


@pytest.mark.parametrize(
    "text, message",
    [
        (
            "id,deck,kind,ingredient,cost\nD01,day,normal,clover,flip sun,2\n",
            "deck: line 1: the first line must be the header "
            "'id,deck,kind,ingredient,cost,scoring'",
        ),
        (
            HEADER + "D01,day,normal,clover,flip sun,2\n# a comment\nD02,day,normal,toad,-,2\n",
            "deck: line 4: unknown ingredient 'toad' (expected one of: clover, flower, egg, "
            "honey, skull, butterfly, berry, mushroom)",
        ),
        (
            HEADER + "D01,day,normal,clover,flip sun,2 per toad\n",
            "deck: line 2: unknown ingredient 'toad'",
        ),
        (
            HEADER + "D01,day,normal,clover,flip sun\n",
            "deck: line 2: expected 6 fields (id, deck, kind, ingredient, cost, scoring), got 5",
        ),
        (
            HEADER + "D01,day,normal,clover,-,2\nD01,day,normal,flower,-,3\n",
            "deck: line 3: card id D01 already used on line 2",
        ),
        (
            HEADER + "D01,day,normal,clover,flip sun,\n",
            "deck: line 2: scoring is empty (write '-' for a Salt, or points like '3')",
        ),
        (
            HEADER + "D29,day,salt,salt,flip sun,2\n",
            "deck: line 2: card D29: a Salt scores no points of its own (write '-')",
        ),
    ],
    ids=[
        "bad header",
        "unknown ingredient",
        "unknown ingredient in scoring",
        "wrong field count",
        "duplicate id",
        "empty scoring",
        "salt with points",
    ],
)
def test_malformed_deck_text_raises_deck_error(text, message):
    with pytest.raises(DeckError) as caught:
        parse_deck_text(text)
    assert str(caught.value).startswith(message)
    assert isinstance(caught.value, ValueError)
