"""What a screen reader hears at both play tables (no browser): a card button's name says
whether its action is allowed and, when not, the engine's reason, or that the card is chosen;
every control has a label; the pictures that carry numbers say them in a sentence
(``role="img"`` and ``aria-label``), in English and in French."""

from __future__ import annotations

import html
import re

import pytest

from carnival_core import CARNIVAL, Play
from carnival_core.bots import make_bot
from carnival_core.game import Game as CarnivalGame
from carnival_core.svg import reveal_svg, scores_svg
from carnuta_core import Row, TakeCard
from carnuta_core.svg import market_svg, player_svg
from widgets import CarnivalTable, PlayTable

LABEL = re.compile(r'<svg[^>]*\srole="img"[^>]*\saria-label="([^"]+)"')


def summary(svg: str) -> str:
    found = LABEL.match(svg)
    assert found, svg[:300]
    return html.unescape(found[1])


@pytest.mark.parametrize(("lang", "allowed"), [("en", "allowed"), ("fr", "possible")])
def test_a_market_button_says_whether_taking_is_allowed(lang: str, allowed: str) -> None:
    table = PlayTable(("human", "greedy"), seed=3, lang=lang)
    first = table.market_map.visible()[0]
    card = table.game.market(Row.DAY)[0]
    assert card is not None
    assert first.description.endswith(f"{card.id} ({allowed})"), first.description
    table.click_market("day", 2)
    table.click_market("day", 1)  # both actions taken: no card may be taken now
    first = table.market_map.visible()[0]
    card = table.game.market(Row.DAY)[0]
    assert card is not None
    why = table.game.why_illegal(TakeCard(Row.DAY, 1), lang)
    assert first.description.endswith(f"{why})") and card.id in first.description
    assert f"({allowed})" not in first.description


def test_a_bots_turn_names_cards_without_a_state() -> None:
    """When no click is taken, a card's name is only what it is."""
    table = PlayTable(("greedy", "greedy"), seed=3)
    assert all("(" not in b.description for b in table.market_map.visible())


@pytest.mark.parametrize(("lang", "chosen"), [("en", "chosen"), ("fr", "choisie")])
def test_carnival_names_the_chosen_card_and_why_a_place_is_refused(lang: str, chosen: str) -> None:
    table = CarnivalTable(("human", "greedy", "greedy"), seed=7, lang=lang)
    card = next(c.id for c in table.observation().hand if not c.is_mask)
    table.click_hand(card)
    names = [b.description for b in table.player_maps[0].visible()]
    assert [n for n in names if n.endswith(f"({chosen})")] and card in names[0]
    table.click_hand(card)  # chosen again: put back
    table.click_hand("Mask")
    place = table.centre_map.visible()[0].description
    why = table.game.why_illegal(Play(None, CARNIVAL, True))
    assert ("a Mask must hide a Creature" in why) and (lang == "fr" or why in place)
    assert place.endswith(")") and "(" in place


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("kind", [PlayTable, CarnivalTable])
def test_every_control_has_a_label(kind: type, lang: str) -> None:
    table = kind(lang=lang)
    controls = [*table.w_seats, table.w_seed, table.w_typed, table.w_speed]
    assert all(control.description.strip() for control in controls)
    assert len({menu.description for menu in table.w_seats}) == len(table.w_seats)
    assert all(table.w_players.tooltips) and all(table.w_lang.tooltips)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_carnutas_pictures_say_their_numbers(lang: str) -> None:
    table = PlayTable(("human", "greedy"), seed=3, lang=lang)
    table.click_market("day", 2)
    game = table.game
    view = game.player(0)
    said = summary(player_svg(game, 0, lang=lang))
    assert f"{game.score_pad(0).total}" in said
    assert f"{view.counter} " in said and f" {game.rules.counter_max} " in said
    assert f"{view.sickles}" in said and all(card.id in said for card in view.hand)
    market = summary(market_svg(game, lang=lang))
    for row in (Row.DAY, Row.NIGHT):
        assert f"{game.deck_size(row)} " in market
        assert all(card.id in market for card in game.market(row) if card)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_carnivals_reveal_and_scores_say_their_numbers(lang: str) -> None:
    game = CarnivalGame.new(3, seed=5)
    bots = [make_bot("greedy", seat) for seat in range(3)]
    while not game.results:
        game.play(bots[game.current_player].choose(game))
    result = game.results[0]
    revealed = summary(reveal_svg(result, step=3, lang=lang))
    for seat in range(3):
        assert f"Score {result.scores[seat]}" in revealed
    assert all(f" {total}" in revealed for total in result.carnival_sums)
    assert "(☺)" not in revealed
    scores = summary(scores_svg(game, lang=lang))
    assert all(f"Total {points}" in scores for points in game.scores())
