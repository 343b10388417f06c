"""Once a Salt is picked, the table asks for a played card: only the places it can go glow."""

from __future__ import annotations

from carnuta_core import Game, PlayCard
from tests.widgets_support import deck_csv
from widgets import PlayTable
from widgets.play_table import SelectSalt


def salt_table() -> PlayTable:
    game = Game.from_json(
        {
            "players": 2,
            "deck": {"name": "staged", "csv": deck_csv()},
            "reserve": {"sun": 1, "moon": 1},
            "boards": [
                {"runes": "SSMM##", "played": ["S01", "D01"], "hand": ["D31", "N02"]},
                {"runes": "SSMM##", "played": ["S05"]},
            ],
        }
    )
    return PlayTable(("human", "greedy"), game=game)


def glowing(table: PlayTable) -> list[object]:
    return [payload for _, payload in table.clickable()]


def test_after_picking_a_salt_only_its_targets_the_salt_and_cancel_glow() -> None:
    table = salt_table()
    before = glowing(table)
    assert any(isinstance(p, PlayCard) and p.card == "N02" for p in before)
    assert sum(not isinstance(p, (PlayCard, SelectSalt)) for p in before) > 3  # market, bar
    assert any("cn-legal" in b._dom_classes for b in table.market_map.visible())
    table.click_hand("D31")
    assert sorted(map(repr, glowing(table))) == sorted(
        map(repr, [PlayCard("D31", "S01"), PlayCard("D31", "D01"), SelectSalt("D31"), None])
    )
    market = [b for b in table.market_map.visible() if "cn-legal" in b._dom_classes]
    assert market == []
    table.click_cancel()
    assert sorted(map(repr, glowing(table))) == sorted(map(repr, before))
