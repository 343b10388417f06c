"""Shared fixtures: a small, fully known 72-card test deck and helpers to stage positions.

The tests never depend on the reference deck's exact cards (it is written elsewhere); where
a property is about "any real deck", it is parametrized over ``DECK_PARAMS``, which adds the
reference deck when ``carnuta_core/data/reference_deck.csv`` exists.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from carnuta_core.deck import Deck, parse_deck_text
from carnuta_core.game import Game
from carnuta_core.model import Ingredient
from tests import browser_support

# Hypothesis's 200 ms deadline per example measures the machine as much as the code: on a
# loaded two-core runner a pause fails a property that holds. Speed is measured in benchmarks/.
settings.register_profile("kit", deadline=None)
settings.load_profile("kit")

ROOT = Path(__file__).resolve().parent.parent
#: Every lesson and exercise notebook of the kit, with its path as the test id.
NOTEBOOKS = sorted(
    p
    for folder in ("notebooks", "exercises")
    for p in (ROOT / folder).rglob("*.ipynb")
    if ".ipynb_checkpoints" not in p.parts
)
IDS = [str(p.relative_to(ROOT)) for p in NOTEBOOKS]
#: The lessons: every notebook of notebooks/ and notebooks/fr/ but the play tables (apps named
#: ``play*``, in French ``jouer*``). ``make docs`` runs each top to bottom in a fresh kernel.
LESSONS = sorted(
    p.relative_to(ROOT)
    for p in [*(ROOT / "notebooks").glob("*.ipynb"), *(ROOT / "notebooks" / "fr").glob("*.ipynb")]
    if not p.name.startswith(("play", "jouer"))
)


@pytest.fixture(autouse=True)
def forget_exercise_checks() -> Iterator[None]:
    """A test that runs check cells leaves no ✓ or ✗ for the next test of its process: the
    exercise kit keeps a kernel's last checks for ``progress``, and a worker runs many tests."""
    yield
    kit = sys.modules.get("exercises.kit.base")
    if kit is not None:
        kit.CHECKED.clear()


# Eric's potion (rulebook, "End of the Game - Example"), written in deck notation.
ERIC_CARDS = [
    # Honey: 2 per Mushroom; Eric has 1 Mushroom card -> 2.
    "H1,day,normal,honey,-,2 per mushroom",
    # Clover: a double Clover worth 0 points -> 0. It counts as 2 Clovers.
    "C1,day,double,clover,-,0",
    # Egg: "2 per clover" on top -> 2 x 3 Clovers = 6; a flat 5 underneath -> 5. Row 11.
    "E1,day,normal,egg,-,2 per clover",
    "E2,day,normal,egg,-,5",
    # Mushroom: 1 per Clover and Flower, counted separately -> 1 x 3 + 1 x 0 = 3.
    "M1,night,normal,mushroom,-,1 per clover flower",
    # Berry: flat 2; "3 per skull" with no Skull -> 0; one Mushroom/Clover set -> 4. Row 6.
    "B1,night,normal,berry,-,2",
    "B2,night,normal,berry,-,3 per skull",
    "B3,night,normal,berry,-,4 per set mushroom clover",
    # Butterfly: flat 2; Berry/Clover sets: min(3 Berries, 3 Clovers) = 3 -> 12;
    # 1 per Butterfly: 3 cards + the Butterfly bonus token = 4 -> 4. Row 18.
    "F1,night,normal,butterfly,-,2",
    "F2,night,normal,butterfly,-,4 per set berry clover",
    "F3,night,normal,butterfly,-,1 per butterfly",
]
# Clover count: the double (2) + the Clover bonus token (1) = 3. No Flower, no Skull card.
ERIC_TOKENS = [Ingredient.CLOVER, Ingredient.BUTTERFLY]
#: Eric's score pad, row by row (the rulebook's example scores 40).
ERIC_ROWS = {
    "honey": 2,
    "clover": 0,
    "flower": 0,
    "egg": 11,
    "mushroom": 3,
    "skull": 0,
    "berry": 6,
    "butterfly": 18,
}


DAY = ("clover", "flower", "egg", "honey")
NIGHT = ("skull", "butterfly", "berry", "mushroom")
ALL_INGREDIENTS = DAY + NIGHT

#: Costs the generator cycles through (free cards keep random games moving).
COSTS = (
    "-",
    "flip sun",
    "return moon",
    "flip moon, return sun",
    "return sun",
    "flip sun, flip moon",
    "flip moon",
    "return moon, return moon",
    "flip sun, return moon",
    "return sun, return sun, flip moon",
)

# Cards with a fixed role in the tests (id -> csv line). Everything else is generated.
FIXED = {
    # The Berry of the rulebook's "Example of a Full Turn".
    "N01": 'N01,night,normal,berry,"flip moon, return moon",2 per mushroom',
    "N02": "N02,night,double,berry,flip sun,1",
    "N03": "N03,night,salt,salt,return sun,-",
    "N04": "N04,night,salt,salt,-,-",
    "N05": "N05,night,normal,mushroom,-,4 per set skull honey",
    "N06": "N06,night,normal,skull,-,1 per skull",
    "D01": "D01,day,normal,clover,-,3",
    "D02": "D02,day,double,clover,flip moon,0",
    "D03": "D03,day,salt,salt,return moon,-",
    "D04": "D04,day,salt,salt,-,-",
    "D05": 'D05,day,normal,egg,"flip moon, return moon",2 per clover',
    "D06": "D06,day,normal,honey,return sun,5",
}


def _scoring(i: int, own: str, ingredients: tuple[str, ...]) -> str:
    a = ingredients[i % 8]
    b = ingredients[(i + 3) % 8]
    c = ingredients[(i + 5) % 8]
    patterns = (
        "3",
        f"1 per {own}",
        f"2 per {a}",
        f"1 per {a} {b}",
        f"4 per set {a} {b}",
        "5",
        f"6 per set {a} {b} {c}",
        "2",
    )
    return patterns[i % len(patterns)]


def build_test_deck_csv() -> str:
    """A valid 72-card deck: 8 starting cards (one per ingredient), 32 Day and 32 Night cards.

    Each row has 2 Salts and a double per ingredient; the rest are normal cards whose costs
    and scoring patterns cycle through every kind the notation has.
    """
    lines = ["id,deck,kind,ingredient,cost,scoring"]
    for n, ingredient in enumerate(ALL_INGREDIENTS, start=1):
        lines.append(f"S{n},start,start,{ingredient},-,{_scoring(n, ingredient, ALL_INGREDIENTS)}")
    for letter, deck_name, ingredients in (("D", "day", DAY), ("N", "night", NIGHT)):
        for k in range(1, 33):
            card_id = f"{letter}{k:02d}"
            if card_id in FIXED:
                lines.append(FIXED[card_id])
                continue
            ingredient = ingredients[k % 4]
            kind = "double" if k in (9, 10, 11, 12) else "normal"
            cost = COSTS[k % len(COSTS)]
            cost_field = f'"{cost}"' if "," in cost else cost
            scoring = _scoring(k, ingredient, ALL_INGREDIENTS)
            lines.append(f"{card_id},{deck_name},{kind},{ingredient},{cost_field},{scoring}")
    return "\n".join(lines) + "\n"


TEST_DECK_CSV = build_test_deck_csv()
TEST_DECK: Deck = parse_deck_text(TEST_DECK_CSV, source="test_deck.csv", name="test")

REFERENCE_DECK_PATH = (
    Path(__file__).resolve().parent.parent / "carnuta_core/data/reference_deck.csv"
)


def load_named_deck(name: str) -> Deck:
    """``"test"`` -> the test deck; ``"reference"`` -> the kit's deck (skip if not there yet)."""
    if name == "test":
        return TEST_DECK
    if not REFERENCE_DECK_PATH.exists():
        pytest.skip("carnuta_core/data/reference_deck.csv is not in this worktree yet")
    from carnuta_core.deck import reference_deck

    return reference_deck()


DECK_NAMES = ("test", "reference")


@pytest.fixture(scope="session")
def deck() -> Deck:
    return TEST_DECK


@pytest.fixture(params=DECK_NAMES)
def any_deck(request: pytest.FixtureRequest) -> Deck:
    return load_named_deck(request.param)


def new_game(players: int = 2, seed: int = 1, **kwargs: Any) -> Game:
    """A freshly set-up game on the test deck."""
    kwargs.setdefault("deck", TEST_DECK)
    return Game.new(players, seed=seed, **kwargs)


def board(
    runes: str = "SSMM##",
    played: list[str] | None = None,
    hand: list[str] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    """One board of a staged position. ``played`` defaults to the seat's starting card."""
    result: dict[str, Any] = {"runes": runes, "hand": hand or []}
    if played is not None:
        result["played"] = played
    result.update(extra)
    return result


def position(
    boards: list[dict[str, Any]],
    reserve: dict[str, int] | None = None,
    deck: Deck = TEST_DECK,
    **extra: Any,
) -> dict[str, Any]:
    """A staged position dict on ``deck``. ``reserve`` defaults to what keeps runes constant."""
    players = len(boards)
    boards = [
        b if "played" in b else {**b, "played": [f"S{seat + 1}"]} for seat, b in enumerate(boards)
    ]
    doc: dict[str, Any] = {
        "players": players,
        "deck": {"name": deck.name, "csv": deck.to_csv()},
        "boards": boards,
    }
    if reserve is None:
        from carnuta_core.rules import Rules

        rules = Rules.from_changes(extra.get("rules", {}))
        on_boards = sum(sum(b["runes"].count(x) for x in "SM") for b in boards)
        left = rules.total_runes(players) - on_boards
        reserve = {"sun": left // 2 + left % 2, "moon": left // 2}
    doc["reserve"] = reserve
    doc.update(extra)
    return doc


def stage(
    boards: list[dict[str, Any]], reserve: dict[str, int] | None = None, **extra: Any
) -> Game:
    """Load a staged position (see ``position``) with ``Game.from_json``."""
    return Game.from_json(json.dumps(position(boards, reserve, **extra)))


def zones(game: Game) -> dict[str, list[str]]:
    """Every card id by zone, from the public position dict (each card must appear once)."""
    from carnuta_core.position import position_dict

    d = position_dict(game)
    out: dict[str, list[str]] = {
        "market": [c for row in d["market"].values() for c in row if c is not None],
        "decks": [c for row in d["decks"].values() for c in row],
        "discard": list(d["discard"]),
        "box": list(d["box"]),
    }
    for seat, b in enumerate(d["boards"]):
        out[f"hand{seat}"] = list(b["hand"])
        out[f"played{seat}"] = [entry.split()[0] for entry in b["played"]]
    return out


def turns_per_seat(game: Game) -> list[int]:
    """How many turns each seat ended, counted from the log (every turn ends with ``end``)."""
    counts = [0] * game.num_players
    for seat, action in game.log:
        if str(action) == "end":
            counts[seat] += 1
    return counts


#: Cards used only to fill played lists in staged positions (no role of their own).
FILLER = [
    "D13",
    "D14",
    "D15",
    "D17",
    "D18",
    "D19",
    "D23",
    "D24",
    "D25",
    "D26",
    "D27",
    "D28",
    "N13",
    "N14",
    "N15",
    "N16",
    "N17",
    "N18",
    "N19",
    "N21",
    "N22",
    "N23",
]


def filler(n: int, skip: int = 0) -> list[str]:
    """``n`` filler cards (after skipping ``skip``) for a played list."""
    return FILLER[skip : skip + n]


def tiny_deck_csv(day: int = 5, night: int = 5, starts: int = 4) -> str:
    """A small valid deck: ``starts`` starting cards, ``day`` free Day and ``night`` free Night cards."""
    lines = ["id,deck,kind,ingredient,cost,scoring"]
    for n in range(1, starts + 1):
        lines.append(f"S{n},start,start,{ALL_INGREDIENTS[n - 1]},-,1")
    lines += [f"D{k:02d},day,normal,{DAY[k % 4]},-,{k}" for k in range(1, day + 1)]
    lines += [f"N{k:02d},night,normal,{NIGHT[k % 4]},-,{k}" for k in range(1, night + 1)]
    return "\n".join(lines) + "\n"


def assert_illegal(game: Game, text: str, *reasons: str, player: int | None = None) -> str:
    """``text`` raises ``IllegalAction`` naming the action and each reason; the game is unchanged."""
    from carnuta_core.actions import Action
    from carnuta_core.errors import IllegalAction

    before = game.to_json()
    with pytest.raises(IllegalAction) as info:
        game.play(text, player=player)
    message = str(info.value)
    assert str(Action.parse(text)) in message, message
    for reason in reasons:
        assert reason in message, f"{reason!r} not in {message!r}"
    assert game.to_json() == before
    return message


# ------------------------------------------------- browser tests (see browser_support.py)
@pytest.fixture(scope="module")
def browser(home: Path) -> Iterator[Any]:
    yield from browser_support.chromium(home)


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    yield from browser_support.new_page(browser, request.node.name)
