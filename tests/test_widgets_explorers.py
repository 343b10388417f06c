"""The explorers driven by simulated clicks: every number and graph they show is the core's."""

from __future__ import annotations

import re

import pytest

from carnuta_core import Game, GreedyBot, Ingredient, Row
from carnuta_core.rune_graph import RuneState, actions_to_afford
from carnuta_core.synergy import dependencies, ego
from widgets import PlayTable, RuneExplorer, SynergyExplorer


@pytest.fixture(scope="module")
def game() -> Game:
    """A game a few turns in: hands and potions to look at."""
    game = Game.new(3, seed=7)
    bots = [GreedyBot(seed=s) for s in range(3)]
    for _ in range(14):
        game.play(bots[game.current_player].choose(game))
    return game


def shown_actions(explorer: RuneExplorer) -> str:
    match = re.search(r"data-actions='([^']*)'", explorer.w_path.value)
    assert match
    return match[1]


def test_rune_explorer_picks_a_card_and_shows_the_cheapest_path(game: Game) -> None:
    explorer = RuneExplorer(game)
    state = RuneState.of(game, game.current_player)
    assert state.label in explorer.w_state.value
    market = [c for row in Row for c in game.market(row) if c]
    hand = list(game.player(game.current_player).hand)
    assert [c.id for c in explorer.picker.cards] == [c.id for c in market + hand]
    for card in market + hand:
        explorer.pick(card.id)
        afford = actions_to_afford(state, card, game.rules)
        assert explorer.card == card.id and explorer.w_card.value == card.id
        assert shown_actions(explorer) == str(afford.actions)
        for action in afford.path:
            assert f"<code>{action}</code>" in explorer.w_path.value
        assert card.id in explorer.graph_svg and explorer.graph_svg.startswith("<svg")
        selected = [
            b for m in explorer.picker.maps for b in m.visible() if "cn-selected" in b._dom_classes
        ]
        assert [b.payload for b in selected] == [card.id]


def test_rune_explorer_menus(game: Game) -> None:
    explorer = RuneExplorer(game, depth=1)
    small = explorer.graph_svg
    explorer.w_depth.value = 3
    assert len(explorer.graph_svg) > len(small)
    other = (game.current_player + 1) % game.num_players
    explorer.w_seat.value = other
    assert RuneState.of(game, other).label in explorer.w_state.value
    assert {c.id for c in game.player(other).hand} <= {c.id for c in explorer.picker.cards}
    # Any card of the deck, from the menu.
    explorer.w_card.value = "N20"
    assert explorer.card == "N20" and "N20" in explorer.w_path.value


def test_rune_explorer_follows_a_play_table() -> None:
    table = PlayTable(("human", "human"), seed=5)
    explorer = RuneExplorer(table, follow=True)
    before = explorer.w_state.value
    table.click_flip("moon") if "flip moon" in table.game.legal_actions() else table.click_flip(
        "sun"
    )
    assert explorer.w_state.value != before
    assert RuneState.of(table.game, 0).label in explorer.w_state.value


def test_rune_explorer_in_french(game: Game) -> None:
    explorer = RuneExplorer(game, lang="fr")
    assert "Explorateur des runes" in explorer.w_title.value
    assert "Cadenas" in explorer.w_state.value and "Réserve" in explorer.w_state.value


def test_synergy_explorer_for_a_card(game: Game) -> None:
    explorer = SynergyExplorer(game)
    card = next(c for c in explorer.picker.cards if dependencies(c))
    explorer.pick(card.id)
    assert explorer.focus == card.id and explorer.w_card.value == card.id
    assert set(explorer.view.nodes) == set(ego(card, game.deck).nodes)
    for dep in dependencies(card):
        assert dep.ingredient.title in explorer.w_info.value
    assert card.id in explorer.graph_svg


def test_synergy_explorer_for_an_ingredient(game: Game) -> None:
    explorer = SynergyExplorer(game)
    explorer.pick_ingredient("berry")
    assert explorer.focus == "berry" and explorer.w_card.value == ""
    deck = game.deck
    suppliers = {c.id for c in deck if c.ingredient is Ingredient.BERRY}
    wanting = {c.id for c in deck for d in dependencies(c) if d.ingredient is Ingredient.BERRY}
    assert set(explorer.view.nodes) == {"berry"} | suppliers | wanting
    for card in suppliers | wanting:
        assert card in explorer.w_info.value
    explorer.w_card.value = "S01"
    assert explorer.focus == "S01" and explorer.w_ingredient.value is None


def test_explorers_read_a_game_or_a_table() -> None:
    with pytest.raises(TypeError, match="Game or a PlayTable"):
        RuneExplorer("not a game")
