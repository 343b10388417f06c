"""A small, complete test deck for the widget tests (the reference deck may not be merged yet).

72 cards like the real box: 8 starting cards (one per ingredient), 32 Day and 32 Night cards
with every cost and scoring pattern, a few doubles, and two Salts in each deck.
"""

from __future__ import annotations

from carnuta_core import Deck, parse_deck_text

HEADER = "id,deck,kind,ingredient,cost,scoring"
STARTS = [
    "S01,start,start,clover,-,3",
    "S02,start,start,flower,-,2 per berry",
    "S03,start,start,egg,-,1 per clover flower",
    "S04,start,start,honey,-,4 per set skull honey",
    "S05,start,start,skull,-,5",
    "S06,start,start,butterfly,-,1 per mushroom",
    "S07,start,start,berry,-,6 per set butterfly egg berry",
    "S08,start,start,mushroom,-,2 per set honey honey",
]
COSTS = [
    "flip sun",
    "return moon",
    '"flip moon, return moon"',
    '"flip sun, return sun"',
    "return sun",
    "flip moon",
    '"flip sun, flip moon"',
    '"return sun, return moon, flip sun"',
]
SCORINGS = {
    "day": ["3", "2 per berry", "1 per clover flower", "4 per set skull honey", "5", "1 per egg"],
    "night": ["2", "1 per mushroom", "2 per skull", "4 per set berry clover", "6", "1 per honey"],
}
ROW_INGREDIENTS = {
    "day": ["clover", "flower", "egg", "honey"],
    "night": ["skull", "butterfly", "berry", "mushroom"],
}
SALTS = {"day": (30, 31), "night": (31, 32)}


def deck_csv() -> str:
    lines = [HEADER, *STARTS]
    for row, names in ROW_INGREDIENTS.items():
        letter = row[0].upper()
        for n in range(1, 33):
            if n in SALTS[row]:
                cost = "flip sun" if n % 2 else "return moon"
                lines.append(f"{letter}{n:02},{row},salt,salt,{cost},-")
                continue
            kind = "double" if n % 7 == 3 else "normal"
            cost = COSTS[n % len(COSTS)]
            scoring = SCORINGS[row][n % len(SCORINGS[row])]
            lines.append(f"{letter}{n:02},{row},{kind},{names[n % 4]},{cost},{scoring}")
    return "\n".join(lines) + "\n"


def test_deck(name: str = "widget-test") -> Deck:
    return parse_deck_text(deck_csv(), name=name)


test_deck.__test__ = False  # type: ignore[attr-defined]
