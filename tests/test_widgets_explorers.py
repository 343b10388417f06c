"""The explorers driven by simulated clicks: every number and graph they show is the core's."""

from __future__ import annotations

import re

import pytest

from carnuta_core import Action, ArgumentError, Game, GreedyBot, Ingredient, PlayCard, Row, maths
from carnuta_core.rune_graph import RuneState, actions_to_afford, to_position
from carnuta_core.scoring import ingredient_counts, score_potion
from carnuta_core.synergy import dependencies, ego
from widgets import PlayTable, RuneExplorer, ScoreLab, SynergyExplorer
from widgets.rune_view import draw_explorer_graph, explorer_graph


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
    with pytest.raises(
        ArgumentError, match="^source: an explorer reads a Game or a PlayTable, not str"
    ):
        RuneExplorer("not a game")


# ------------------------------------------------------------------------- ScoreLab
@pytest.fixture
def late_game() -> Game:
    game = Game.new(3, seed=7)
    bots = [GreedyBot(seed=s) for s in range(3)]
    for _ in range(60):
        game.play(bots[game.current_player].choose(game))
    return game


def test_score_lab_starts_from_a_players_potion(late_game: Game) -> None:
    for seat in range(late_game.num_players):
        lab = ScoreLab(late_game, seat=seat)
        assert lab.value() == late_game.score_pad(seat).total
        assert f"data-potion-value='{lab.value()}'" in lab.w_value.value
        assert [c.id for c in lab.potion.cards] == [c.id for c in late_game.player(seat).played]


def test_score_lab_builds_a_potion_by_clicks(late_game: Game) -> None:
    lab = ScoreLab(late_game)
    assert lab.value() == 0 and not lab.played
    market = [c for row in Row for c in late_game.market(row) if c and not c.is_salt]
    lab.market.click(market[0].id)
    assert lab.played == [market[0]]
    lab.add_card("N20")
    assert [c.id for c in lab.played] == [market[0].id, "N20"]
    assert "N20" not in dict(lab.w_card.options).values()  # a card is in a potion once
    # A Salt on the column of N20, then a bonus token.
    ingredient = late_game.deck["N20"].ingredient
    assert ingredient is not None
    assert not lab.w_salts[ingredient].disabled
    lab.click_salt(ingredient)
    [salt] = [c for c in lab.played if c.is_salt]
    assert lab.salt_on == {salt.id: "N20"}
    lab.toggle_token("egg")
    assert lab.tokens == [Ingredient.EGG] and lab.w_tokens[Ingredient.EGG].value
    assert lab.value() == score_potion(lab.played, lab.salt_on, lab.tokens).total
    assert (
        lab.counts()[ingredient]
        == ingredient_counts(lab.played, lab.salt_on, lab.tokens)[ingredient]
    )
    # Taking N20 out takes its Salt with it.
    lab.remove("N20")
    assert [c.id for c in lab.played] == [market[0].id] and lab.salt_on == {}
    lab.toggle_token("egg")
    assert lab.tokens == []


def test_score_lab_marginal_values_are_the_engines_scoring(late_game: Game) -> None:
    lab = ScoreLab(late_game, seat=late_game.current_player)
    base = lab.value()
    gains = lab.ingredient_gains()
    for ingredient, gain in gains.items():
        more = score_potion(lab.played, lab.salt_on, [*lab.tokens, ingredient]).total
        assert gain == more - base
        assert f"data-cn-gain='{ingredient.value}'>{gain:+d}<" in lab.w_marginal.value
    shown = {card.id for card, _, _ in lab.card_gains()}
    market = {c.id for row in Row for c in late_game.market(row) if c and c not in lab.played}
    assert shown == market
    for card, gain, _ in lab.card_gains():
        if not card.is_salt:
            after = score_potion([*lab.played, card], lab.salt_on, lab.tokens).total
            assert gain == after - base


def test_score_lab_formulas_come_from_the_maths_module(late_game: Game) -> None:
    lab = ScoreLab(late_game, seat=0)
    potion = maths.Potion.of(lab.played, lab.salt_on, lab.tokens)
    assert "data-maths='ok'" in lab.w_formula.value
    assert maths.potion_formula(potion).latex() in lab.w_formula.value
    for ingredient, gain in lab.ingredient_gains().items():
        expected = maths.ingredient_gain(potion, ingredient)
        assert expected.value == gain  # the maths and the engine agree
        assert f"${expected.latex()}$" in lab.w_marginal.value
    for card, gain, _ in lab.card_gains():
        assert maths.card_gain(potion, card).value == gain


# ------------------------------------------------------------------- rune explorer's graph
def explorer_positions() -> list[tuple[Game, int]]:
    """Live positions at several counters: before and right before a Padlock comes off."""
    out = []
    for seed, moves in ((7, 0), (7, 14), (3, 22), (5, 40), (8, 60)):
        game = Game.new(3, seed=seed)
        bots = [GreedyBot(seed=s) for s in range(3)]
        for _ in range(moves):
            if game.is_over:
                break
            game.play(bots[game.current_player].choose(game))
        for seat in range(game.num_players):
            out.append((game, seat))
    return out


def test_every_edge_the_rune_explorer_draws_is_one_the_engine_allows() -> None:
    checked = padlocks = 0
    for game, seat in explorer_positions():
        hand = list(game.player(seat).hand)
        market = [c for row in Row for c in game.market(row) if c]
        for card in [*hand, *market][:6]:
            graph = explorer_graph(game, seat, card, depth=2)
            for u, v, data in graph.edges(data=True):
                staged = Game.from_json(
                    to_position(
                        u,
                        game.deck,
                        rules=game.rules,
                        players=game.num_players,
                        counter=game.counter(seat),
                        hand=[card.id],
                    )
                )
                legal = staged.legal_actions()
                if data["kind"] == "play":
                    played = [a for a in legal if isinstance(a, PlayCard) and a.card == card.id]
                    assert played, (u, data["action"])
                    action = played[0]
                    padlocks += data["padlock"]
                else:
                    action = Action.parse(data["action"])
                    assert action in legal, (u, data["action"])
                staged.play(action)
                assert RuneState.of(staged, 0) == v, (u, data["action"], v)
                checked += 1
    assert checked > 200 and padlocks > 0


def test_from_counter_one_no_play_opens_a_padlock() -> None:
    game = Game.new(3, seed=7)  # every counter on 1: the next card moves it to 2
    card = game.deck["D05"]
    graph = explorer_graph(game, 0, card, depth=3)
    plays = [d for _, _, d in graph.edges(data=True) if d["kind"] == "play"]
    assert plays and not any(d["padlock"] for d in plays)


def test_the_rune_explorers_labels_overlap_nothing() -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    for game, seat in explorer_positions()[::2]:
        state = RuneState.of(game, seat)
        for card in [c for row in Row for c in game.market(row) if c][:3]:
            for depth in (1, 2, 3):
                graph = explorer_graph(game, seat, card, depth)
                figure = Figure(figsize=(min(3.4 * (depth + 2), 15), 6))
                renderer = FigureCanvasAgg(figure).get_renderer()
                ax = figure.subplots()
                path = actions_to_afford(state, card, game.rules).states
                labels = draw_explorer_graph(
                    ax, graph, start=state, path=path, lang="fr", title=card.id
                )
                nodes = [t for t in ax.texts if t not in labels]
                boxes = [t.get_window_extent(renderer) for t in labels]
                boxes += [t.get_bbox_patch().get_window_extent(renderer) for t in nodes]
                for k, label in enumerate(labels):
                    for j, other in enumerate(boxes):
                        if j != k:
                            assert not boxes[k].overlaps(other), (label.get_text(), card.id, depth)
