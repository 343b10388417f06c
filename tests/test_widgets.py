"""PlayTable driven by simulated clicks: every click goes through the real buttons, and the
engine state is checked after each one against a game played independently."""

from __future__ import annotations

import html
import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import ipywidgets as widgets
import pytest

from carnuta_core import (
    Action,
    ArgumentError,
    CarnutaError,
    ChooseBonus,
    Discard,
    Face,
    FlipRunes,
    Game,
    GreedyBot,
    Ingredient,
    PlayCard,
    Row,
    Rules,
    Sickle,
    TakeCard,
)
from carnuta_core.svg import market_svg, player_svg
from tests.widgets_support import deck_csv, test_deck
from widgets import PlayTable
from widgets.pictures import HitButton, svg_size
from widgets.play_table import SelectSalt

NS = "{http://www.w3.org/2000/svg}"


# ------------------------------------------------------------------------ helpers
def enabled_choices(table: PlayTable) -> list[tuple[widgets.Button, Any]]:
    """Every glowing button a learner could press now, with what it means."""
    return table.clickable()


def offered_actions(table: PlayTable) -> set[Action]:
    """The actions the enabled buttons lead to (a Salt leads to each of its targets)."""
    offered: set[Action] = set()
    for _, payload in enabled_choices(table):
        if isinstance(payload, SelectSalt):
            offered |= {
                a
                for a in table.game.legal_actions()
                if isinstance(a, PlayCard) and a.card == payload.card
            }
        elif isinstance(payload, Action):
            offered.add(payload)
    return offered


def catch_up(shadow: Game, table: PlayTable) -> None:
    """Replay on ``shadow`` what the table's game did since (the bots' actions)."""
    for seat, action in table.game.log[len(shadow.log) :]:
        shadow.play(action, player=seat)


def check_pictures(table: PlayTable) -> None:
    """The pictures show the game: market cards, hands, and a button over each hand card."""
    game = table.game
    # Pictures are drawn again only when what they show changed: they are always the core's.
    assert table.market_map.picture.value == market_svg(game, lang=table.lang)
    for seat in range(game.num_players):
        assert table.player_maps[seat].picture.value == player_svg(game, seat, lang=table.lang)
    market = ET.fromstring(table.market_map.picture.value)
    shown = {
        e.get("data-card")
        for e in market.iter()
        if e.get("data-where") == "market" and e.get("data-card")
    }
    assert shown == {c.id for row in Row for c in game.market(row) if c}
    for seat, picture in enumerate(table.player_maps[: game.num_players]):
        root = ET.fromstring(picture.picture.value)
        hand = {e.get("data-card") for e in root.iter() if e.get("data-where") == "hand"}
        assert hand == {c.id for c in game.player(seat).hand}
    human = not game.is_over and table.seats[game.current_player] == "human"
    hits = table.player_maps[game.current_player].visible()
    hand_hits = [h for h in hits if not isinstance(h.payload, PlayCard) or h.payload.target is None]
    if human and game.phase != "bonus":
        assert len(hand_hits) == len(game.player(game.current_player).hand)
    assert table.w_status.value.count(f'data-phase="{game.phase}"') == 1


# A random learner who prefers playing cards, so that games end in a few hundred clicks.
WEIGHTS = {"PlayCard": 8, "SelectSalt": 8, "TakeCard": 3, "Sickle": 0.2}


def click_through_a_game(table: PlayTable, rng: random.Random, *, limit: int = 3000) -> int:
    """Press random enabled buttons until the game ends; check the engine after every click."""
    shadow = table.game.copy()
    clicks = 0
    while not table.game.is_over:
        assert clicks < limit, "the game did not end"
        # Only legal actions are offered, and every legal action is offered.
        assert offered_actions(table) == set(table.game.legal_actions())
        choices = enabled_choices(table)
        weights = [WEIGHTS.get(type(payload).__name__, 1) for _, payload in choices]
        button, payload = rng.choices(choices, weights)[0]
        if isinstance(payload, SelectSalt):
            button.click()
            assert table._selected_salt == payload.card
            targets = [
                b
                for b in table.player_maps[table.game.current_player].visible()
                if isinstance(b.payload, PlayCard) and b.payload.target and b.legal
            ]
            assert targets
            button = rng.choice(targets)
            payload = button.payload
        log_before = len(table.game.log)
        button.click()
        clicks += 1
        assert table.message == "", table.message
        assert table.game.log[log_before][1] == payload
        shadow.play(payload)
        catch_up(shadow, table)
        assert table.game == shadow
        check_pictures(table)
    return clicks


# ------------------------------------------------------------------------- whole games
def test_two_people_click_through_a_whole_game() -> None:
    table = PlayTable(("human", "human"), seed=11, deck=test_deck())
    clicks = click_through_a_game(table, random.Random(1))
    assert table.game.is_over and clicks > 60
    assert 'data-phase="over"' in table.w_status.value
    for seat in table.game.winners():
        assert f"Player {seat + 1}" in table.w_status.value
    assert not enabled_choices(table)


def test_carnuta_hides_nothing_between_seats_so_pass_and_play_needs_no_hand_over() -> None:
    """Carnuta's hands hold only cards taken from the open market: every seat may see them, so
    the turn passes from one person to the next with no hand-over screen."""
    table = PlayTable(("human", "human"), seed=11, deck=test_deck())
    assert not PlayTable.HIDES_BETWEEN_SEATS
    while table.game.current_player == 0:
        table.type_action(str(table.game.legal_actions()[0]))
        assert table.handing_over is None
    assert table.handing_over is None and enabled_choices(table)


def test_a_human_and_bots_click_through_a_whole_game() -> None:
    table = PlayTable(("human", "greedy", "random"), seed=5, deck=test_deck())
    click_through_a_game(table, random.Random(2))
    seats = {seat for seat, _ in table.game.log}
    assert seats == {0, 1, 2}
    pad = table.w_pad.value
    for seat in range(3):
        total = table.game.score_pad(seat).total
        assert f'data-seat="{seat}" data-score="{total}"' in pad


def test_with_the_reference_deck_and_four_players() -> None:
    table = PlayTable(("greedy", "human", "random", "human"), seed=2)
    assert table.game.deck.name == "reference"
    # The bot in seat 1 played its first turn before the table was shown.
    assert table.game.current_player == 1 and table.game.log
    click_through_a_game(table, random.Random(3))


def test_bots_only_play_the_game_to_the_end() -> None:
    table = PlayTable(("greedy", "random"), seed=4, deck=test_deck())
    assert table.game.is_over
    assert "Game over" in table.w_status.value


# ----------------------------------------------------------------- clicks, one by one
@pytest.fixture
def table() -> PlayTable:
    return PlayTable(("human", "greedy"), seed=3, deck=test_deck())


def test_a_market_click_takes_the_card(table: PlayTable) -> None:
    card = table.game.market(Row.DAY)[1]
    assert card is not None
    table.click_market("day", 2)
    assert table.game.log[-1] == (0, TakeCard(Row.DAY, 2))
    assert card in table.game.player(0).hand
    assert table.game.actions_left == 1
    assert "take day 2" in table.w_explain.value
    assert "is allowed" in table.w_explain.value  # why it was allowed, in the engine's words
    assert "R1 P1: take day 2" in table.w_log.value


def test_a_hand_click_plays_the_card_and_the_board_changes(table: PlayTable) -> None:
    game = table.game
    slot = next(
        k + 1
        for k, c in enumerate(game.market(Row.NIGHT))
        if c and not c.is_salt and PlayCard(c.id) in _after_take(game, Row.NIGHT, k + 1)
    )
    card = game.market(Row.NIGHT)[slot - 1]
    assert card is not None
    table.click_market(Row.NIGHT, slot)
    table.click_hand(card.id)
    assert table.game.log[-1] == (0, PlayCard(card.id))
    assert card in table.game.player(0).played
    root = ET.fromstring(table.player_maps[0].picture.value)
    columns = [e for e in root.iter() if "carnuta-column" in (e.get("class") or "")]
    assert any(c.get("data-card") == card.id for col in columns for c in col.iter())


def _after_take(game: Game, row: Row, slot: int) -> list[Action]:
    probe = game.copy()
    probe.play(TakeCard(row, slot))
    return list(probe.legal_actions())


def test_an_illegal_click_shows_the_engine_reason_and_changes_nothing(table: PlayTable) -> None:
    table.click_market("day", 1)
    before = table.game.to_json()
    assert not table.w_runes[Face.SUN].disabled  # it answers, but does not glow
    assert "cn-legal" not in table.w_runes[Face.SUN]._dom_classes
    table.click_runes("sun")  # the board is full
    expected = table.game.why_illegal("runes sun")
    assert table.message == f"runes sun: {expected}"
    shown = html.unescape(table.w_explain.value)
    assert expected in shown and "cn-message" in shown
    assert expected in html.unescape(table.w_prompt.value)  # where the learner is looking
    assert table.game.to_json() == before


def test_a_click_on_a_card_that_does_not_glow_says_why() -> None:
    game = Game.from_json(
        {
            "players": 2,
            "deck": {"name": "staged", "csv": deck_csv()},
            "reserve": {"sun": 1, "moon": 1},
            "boards": [
                {"runes": "SSMM##", "played": ["S01"], "hand": ["D02"]},  # D02: return moon
                {"runes": "SSMM##", "played": ["S05"]},
            ],
        }
    )
    table = PlayTable(("human", "human"), game=game)
    table.click_market("day", 1)
    table.click_market("day", 1)  # both actions taken: nothing glows but End turn
    before = table.game.to_json()
    for button, payload in [
        (b, b.payload) for m in (table.market_map, table.player_maps[0]) for b in m.visible()
    ]:
        assert not button.legal and not button.disabled
        button.click()
        reason = table.game.refusal(payload)
        assert reason is not None and reason.text() in table.message
        assert html.escape(reason.text()) in table.w_explain.value
    assert table.game.to_json() == before
    # The refusal goes when the next action is played.
    table.click_end()
    assert table.message == "" and "cn-message" not in table.w_explain.value


def test_illegal_typed_actions_show_the_reason(table: PlayTable) -> None:
    before = table.game.to_json()
    table.type_action("tkae day 2")
    assert "not an action" in table.message and "tkae" in table.message
    table.type_action("end")
    assert table.message.startswith("end: you still have 2 actions")
    table.type_action("play N99")
    assert "N99" in table.message
    assert table.game.to_json() == before
    assert table.w_typed.value == "play N99"  # kept, to be corrected
    table.type_action("take night 3")
    assert table.game.log[-1] == (0, TakeCard(Row.NIGHT, 3))
    assert table.message == "" and table.w_typed.value == ""


def test_an_unaffordable_hand_card_is_not_offered_and_the_engine_says_why() -> None:
    game = Game.from_json(
        {
            "players": 2,
            "deck": {"name": "staged", "csv": deck_csv()},
            "reserve": {"sun": 2, "moon": 2},
            "boards": [
                {"runes": "SM..##", "played": ["S01"], "hand": ["D06"]},  # flip sun, flip moon
                {"runes": "SSMM##", "played": ["S05"], "hand": ["D02"]},  # D02: moon, moon
            ],
        }
    )
    table = PlayTable(("human", "human"), game=game)
    [button] = [b for b in table.player_maps[0].visible() if b.payload == PlayCard("D06")]
    assert button.legal
    table.click_flip("moon")
    assert not button.legal and "is not allowed" in button.tooltip
    before = table.game.to_json()
    table.click_hand("D06")
    assert table.message == f"play D06: {table.game.why_illegal('play D06')}"
    assert "Suns" not in table.message or "needs" in table.message
    assert table.game.to_json() == before


def test_undo_takes_back_your_action_and_the_bots_since(table: PlayTable) -> None:
    start = table.game.state_key()
    assert table.w_undo.disabled
    table.click_market("day", 1)
    after_take = table.game.state_key()
    assert not table.w_undo.disabled
    table.click_market("night", 2)
    after_takes = table.game.state_key()
    table.click_end()
    # The greedy bot has played its turn; it is our turn again.
    assert table.game.current_player == 0 and len(table.game.log) > 3
    bot_actions = len(table.game.log) - 3
    table.click_undo()  # 'end' and the bot's turn
    assert table.game.state_key() == after_takes
    assert f"Took back {bot_actions + 1} actions." in table.w_explain.value
    table.click_undo()
    assert table.game.state_key() == after_take
    table.click_undo()
    assert table.game.state_key() == start
    assert table.w_undo.disabled
    table.click_undo()
    assert "no action of yours" in table.message


def salt_table() -> PlayTable:
    """Player 1 holds the Salt D31 and N02, with S01 and D01 played."""
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


def test_a_salt_is_stacked_by_clicking_a_played_card() -> None:
    table = salt_table()
    salt = table.game.deck["D31"]
    assert salt.is_salt
    targets = [
        b
        for b in table.player_maps[0].visible()
        if b.payload and getattr(b.payload, "target", None)
    ]
    assert not targets  # nothing to stack on until the Salt is picked
    table.click_hand("D31")
    assert table._selected_salt == "D31"
    assert table.w_cancel.layout.display == ""
    targets = [
        b
        for b in table.player_maps[0].visible()
        if isinstance(b.payload, PlayCard) and b.payload.target
    ]
    assert {b.payload.target for b in targets} == {"S01", "D01"}
    assert all(b.legal for b in targets)
    assert "cn-target" in targets[0]._dom_classes
    # Said aloud, and the focus goes to the first played card it may go on.
    assert table.said == "D31 chosen: choose the played card to stack it on."
    assert table.voice.focus_selector == f".table-focus-{targets[0].model_id}"
    table.click_cancel()
    assert table._selected_salt is None and not table.game.log
    table.click_hand("D31")
    table.click_target("D01")
    assert table.game.log[-1] == (0, PlayCard("D31", "D01"))
    assert dict(table.game.player(0).salt_on) == {"D31": "D01"}
    assert table._selected_salt is None


def test_after_picking_a_salt_only_its_targets_the_salt_and_cancel_glow() -> None:
    # the prompt then asks for a played card: the market, the bar and the other cards go dark
    table = salt_table()
    before = [payload for _, payload in table.clickable()]
    assert any(isinstance(p, PlayCard) and p.card == "N02" for p in before)
    assert sum(not isinstance(p, (PlayCard, SelectSalt)) for p in before) > 3  # market, bar
    assert any("cn-legal" in b._dom_classes for b in table.market_map.visible())
    table.click_hand("D31")
    glowing = [payload for _, payload in table.clickable()]
    targets = [PlayCard("D31", "S01"), PlayCard("D31", "D01"), SelectSalt("D31"), None]
    assert sorted(map(repr, glowing)) == sorted(map(repr, targets))
    assert not [b for b in table.market_map.visible() if "cn-legal" in b._dom_classes]
    table.click_cancel()
    assert sorted(map(repr, (p for _, p in table.clickable()))) == sorted(map(repr, before))


def test_bonus_tokens_are_asked_in_place() -> None:
    played = ["S01", "D01", "D02", "D03", "D05"]  # 5 cards: the next one reaches 6
    game = Game.from_json(
        {
            "players": 2,
            "deck": {"name": "staged", "csv": deck_csv()},
            "reserve": {"sun": 1, "moon": 1},
            "boards": [
                {"runes": "SSMM.#", "played": played, "hand": ["D09"]},
                {"runes": "SSMM##", "played": ["S05"]},
            ],
        }
    )
    table = PlayTable(("human", "human"), game=game)
    table.click_hand("D09")
    assert table.game.phase == "bonus"
    tokens = [b for b in table.market_map.visible() if isinstance(b.payload, ChooseBonus)]
    assert len(tokens) == 8 and all(b.legal for b in tokens)
    assert "cn-bonus" in tokens[0]._dom_classes
    # Only the tokens are offered now: the market and the runes wait.
    assert offered_actions(table) == set(table.game.legal_actions())
    assert table.w_tokens[table.game.bonus_tokens[0]].layout.display == ""
    assert table.w_runes[next(iter(table.w_runes))].layout.display == "none"
    table.click_token("egg")
    assert table.game.player(0).bonus_tokens == (Ingredient.EGG,)
    assert table.game.phase == "actions"


def test_bonus_by_the_bar_button() -> None:
    game = Game.from_json(
        {
            "players": 2,
            "deck": {"name": "staged", "csv": deck_csv()},
            "reserve": {"sun": 1, "moon": 1},
            "boards": [
                {"runes": "SSMM.#", "played": ["S01", "D01", "D02", "D03", "D05"], "hand": ["D09"]},
                {"runes": "SSMM##", "played": ["S05"]},
            ],
        }
    )
    table = PlayTable(("human", "human"), game=game)
    table.click_hand("D09")
    table.click_bonus("honey")
    assert str(table.game.log[-1][1]) == "bonus honey"


def test_discards_are_clicked_on_hand_cards() -> None:
    game = Game.from_json(
        {
            "players": 2,
            "deck": {"name": "staged", "csv": deck_csv()},
            "reserve": {"sun": 1, "moon": 1},
            "boards": [
                {"runes": "SSMM##", "played": ["S01"], "hand": ["D01", "D02", "D03"]},
                {"runes": "SSMM##", "played": ["S05"]},
            ],
        }
    )
    table = PlayTable(("human", "human"), game=game)
    table.click_market("day", 1)
    table.click_market("day", 2)
    table.click_end()
    assert table.game.phase == "discard"
    hits = table.player_maps[0].visible()
    assert all(isinstance(b.payload, Discard) and b.legal for b in hits)
    assert all("cn-discard" in b._dom_classes for b in hits)
    assert len(hits) == 5
    table.click_hand("D02")
    assert table.game.phase == "discard"
    table.click_hand("D03")
    assert table.game.phase == "actions" and table.game.current_player == 1
    assert [str(a) for _, a in table.game.log[-2:]] == ["discard D02", "discard D03"]


def test_sickles_and_flip_counts_follow_the_rules() -> None:
    rules = Rules(flip_mode="any", hand_limit=4, market_row_size=3, actions_per_turn=3)
    table = PlayTable(("human", "human"), seed=8, deck=test_deck(), rules=rules)
    assert len(table.market_map.visible()) == 6
    flips = {
        table._bar_actions[b] for b in table.w_flip_counts.values() if b.layout.display != "none"
    }
    assert flips == {a for a in table.game.legal_actions() if isinstance(a, FlipRunes)}
    assert all(a.count is not None for a in flips)
    table.click_flip("sun", 2)
    assert table.game.player(0).suns == 4
    table.click_sickle("night")
    assert table.game.log[-1][1] == Sickle(Row.NIGHT)
    assert table.game.player(0).sickles == 1
    assert table.game.actions_left == 2  # a Sickle is free
    offered = offered_actions(table)
    assert offered == set(table.game.legal_actions())
    click_through_a_game(table, random.Random(4))


def test_french_words_and_the_engines_french_sentences(table: PlayTable) -> None:
    table.w_lang.value = "fr"
    assert table.w_end.description == "Fin du tour"
    assert table.w_runes[Face.SUN].description.endswith("Prendre des Soleils")
    assert table.w_undo.description == "Annuler" and table.w_undo.layout.width == "auto"
    assert "Manche 1" in table.w_status.value
    assert "Réserve" in table.market_map.picture.value
    table.click_market("day", 2)
    explain = html.unescape(table.w_explain.value)
    assert "a pris" in explain and "est permise" in explain and "prendre jour 2" in explain
    assert table.market_map.visible()[0].description.startswith("Prendre ")
    table.type_action("fin")
    assert "il vous reste 1 action" in table.message
    table.w_lang.value = "en"
    assert table.w_end.description == "End turn"
    assert table.message.startswith("end: you still have 1 action")  # reworded, not stale


def test_french_actions_are_typed_and_echoed_in_french(table: PlayTable) -> None:
    table.w_lang.value = "fr"
    table.type_action("prendre jour 1")
    assert table.game.log[-1] == (0, TakeCard(Row.DAY, 1)) and table.message == ""
    assert "J1 : prendre jour 1" in table.w_log.value
    assert "<b>Joueur 1 (vous) : prendre jour 1</b>" in table.w_explain.value
    table.type_action("prendre jour 9")
    assert table.message.startswith("prendre jour 9 : la rangée Jour a les emplacements 1 à 4")
    table.type_action("piocher jour 1")
    assert table.message.startswith("« piocher jour 1 » n'est pas une action")
    assert "prendre jour 2" in table.message


def test_messages_belong_to_the_game_being_played(table: PlayTable) -> None:
    table.click_market("day", 1)
    table.click_end()  # refused: one action left
    assert table.message
    table.click_undo()
    assert "Took back 1 action." in table.w_explain.value
    table.w_lang.value = "fr"
    assert "1 action annulée." in table.w_explain.value
    assert "Took back" not in table.w_explain.value
    table.new_game(seed=5)
    assert "annulée" not in table.w_explain.value and table.message == ""


def test_the_explain_panel_reads_in_play_order() -> None:
    table = PlayTable(("human", "greedy", "greedy"), seed=6, deck=test_deck())
    table.click_market("day", 1)
    table.click_market("day", 1)
    table.click_end()
    steps = re.findall(r'data-action="([^"]+)"', table.w_explain.value)
    assert steps == [str(action) for _, action in table.game.log[2:]]


def test_bots_are_shown_step_by_step(monkeypatch: pytest.MonkeyPatch) -> None:
    table = PlayTable(("human", "greedy", "greedy"), seed=6, deck=test_deck(), speed=0.3)
    sleeps: list[float] = []
    frames: list[int] = []
    monkeypatch.setattr("widgets.seated_table.time.sleep", lambda s: sleeps.append(s))
    original = table.render

    def counting_render() -> None:
        frames.append(len(table.game.log))
        original()

    monkeypatch.setattr(table, "render", counting_render)
    table.click_runes("moon") if "runes moon" in table.game.legal_actions() else table.click_flip(
        "sun"
    )
    table.click_market("day", 1)
    table.click_end()
    bot_actions = len(table.game.log) - 3
    assert bot_actions >= 4 and table.game.current_player == 0
    # A pause after our action and between two bot actions, with a redraw before each pause.
    assert sleeps == [0.3] * bot_actions
    assert len(set(frames)) >= bot_actions


def test_new_game_from_the_setup_row(table: PlayTable) -> None:
    table.new_game(["random", "human", "greedy", "human"], seed=21)
    game = table.game
    assert game.num_players == 4 and game.seed == 21
    assert table.seats == ["random", "human", "greedy", "human"]
    assert table.game.current_player == 1  # the random bot has played
    assert [m.layout.display for m in table.w_seats] == [""] * 4
    assert len(table.player_maps[0].box.children) >= 1
    assert len(table.w_players_box.children) == 4
    table.w_players.value = 2
    assert [m.layout.display for m in table.w_seats] == ["", "", "none", "none"]
    table.w_seed.value = "not a number"
    table.w_new.click()
    assert "not a number" in table.message and table.game is game


def test_seats_are_checked() -> None:
    """A seat list or language the table cannot use is the kit's typed error, naming it."""
    with pytest.raises(ArgumentError, match="^seats: unknown seat kind") as info:
        PlayTable(("human", "clever"), deck=test_deck())
    assert info.value.argument == "seats" and "'clever'" in info.value.detail
    with pytest.raises(ArgumentError, match="not 5"):
        PlayTable(("human",) * 5, deck=test_deck())
    with pytest.raises(ArgumentError, match="3 seats given for a 2-player game"):
        PlayTable(("human", "greedy", "greedy"), players=2, deck=test_deck())
    with pytest.raises(CarnutaError, match="lang"):
        PlayTable(("human", "human"), deck=test_deck(), lang="de")


def test_undo_with_no_action_of_yours_takes_nothing_back() -> None:
    """The bots played first: Undo has nothing of yours to take back, and leaves their turn."""
    table = PlayTable(("greedy", "human"), seed=4, deck=test_deck())
    played = table.game.log
    assert played and table.game.current_player == 1
    table.undo()
    assert table.game.log == played
    assert table.message == "There is no action of yours to take back."


def test_buttons_sit_on_their_cards_in_the_picture(table: PlayTable) -> None:
    """The buttons' positions are fractions of the picture they cover."""
    width, height = svg_size(table.market_map.picture.value)
    button: HitButton = table.market_map.visible()[0]
    left = float(button.layout.left.rstrip("%")) * width / 100
    top = float(button.layout.top.rstrip("%")) * height / 100
    root = ET.fromstring(table.market_map.picture.value)
    [slot] = [e for e in root.iter() if e.get("data-row") == "day" and e.get("data-slot") == "1"]
    x, y = map(float, re.findall(r"[\d.]+", slot.get("transform") or "")[:2])
    assert (round(left, 1), round(top, 1)) == (round(x, 1), round(y, 1))


def test_a_picture_without_a_size_is_refused() -> None:
    with pytest.raises(ArgumentError, match="^svg: not an SVG picture with a width"):
        svg_size("<div>not a picture</div>")


def test_a_frame_stays_small(table: PlayTable) -> None:
    # The wide pictures and the narrower layouts (without styles and shapes of their own).
    assert 10_000 < table.frame_bytes < 90_000


def test_every_ui_word_has_a_french_version() -> None:
    from widgets import explorers, i18n, score_lab

    for words in (i18n.UI, explorers.WORDS, score_lab.WORDS):
        assert set(words["en"]) == set(words["fr"])
        assert all(words["fr"].values())


# ------------------------------------------------------------- what the table says aloud
#: What each kind of event says after its player's name, in English (the table's own clauses
#: are checked against this independent list).
CLAUSES_EN = {
    "took_card": "took {card}",
    "played": "played {card}",
    "played_salt": "played {card} on {target}",
    "discarded": "discarded {card}",
    "ended_turn": "ended",
}


def spoken_turns(events: list[tuple[int, Any]]) -> list[str]:
    """One sentence a player for ``events`` (seat, event) as the table should say them."""
    turns: list[tuple[int, list[str]]] = []
    for seat, event in events:
        template = CLAUSES_EN.get(event.code)
        if template is None:
            continue
        args = {k: getattr(v, "id", v) for k, v in dict(event.args).items()}
        if not turns or turns[-1][0] != seat:
            turns.append((seat, []))
        turns[-1][1].append(template.format(**args))
    sentences = []
    for seat, clauses in turns:
        who = "You" if seat == 0 else f"Player {seat + 1}"
        said = clauses[0] if len(clauses) == 1 else ", ".join(clauses[:-1]) + " and " + clauses[-1]
        sentences.append(f"{who} {said}.")
    return sentences


def test_the_table_says_your_action_the_bots_and_what_is_left() -> None:
    table = PlayTable(("human", "greedy"), seed=3)
    assert table.said == "New game. Your turn: 2 actions left."
    table.play("take day 2")
    card = dict(table.game.events[0].args)["card"].id
    assert table.said == f"You took {card}. Your turn: 1 action left."
    table.play("take day 2")
    assert table.said.endswith("Your turn: no action left, end your turn.")
    # The bots' actions, replayed on the engine alone, give the same sentences.
    replay = Game.new(2, seed=3)
    for _, action in table.game.log:
        replay.play(action)
    played = len(table.game.log)
    table.play("end")
    events: list[tuple[int, Any]] = []
    for seat, action in table.game.log[played:]:
        replay.play(action)
        events += [(seat, event) for event in replay.events]
    expected = " ".join([*spoken_turns(events), "Your turn: 2 actions left."])
    assert table.said == expected
    assert re.fullmatch(
        r"You ended\. Player 2 .+ and ended\. Your turn: 2 actions left\.", expected
    )


def test_the_table_says_it_in_french() -> None:
    table = PlayTable(("human", "greedy"), seed=3, lang="fr")
    assert table.voice.lang == "fr"
    table.play("prendre jour 2")
    card = dict(table.game.events[0].args)["card"].id
    assert table.said == f"Vous avez pris {card}. À vous : 1 action restante."
    table.play("prendre jour 2")
    table.play("fin")
    assert table.said.startswith("Vous avez fini votre tour. Joueur 2 a ")
    assert " et a fini son tour. À vous : 2 actions restantes." in table.said
    table.w_lang.value = "en"
    assert table.voice.lang == "en"


def test_a_refusal_is_an_alert_and_changes_nothing_said() -> None:
    table = PlayTable(("human", "greedy"), seed=3)
    said = table.said
    assert not table.play("end")
    assert table.alerted == f"Not allowed: {table.message}"
    assert table.alerted.startswith("Not allowed: end: ")
    assert table.said == said
    table.play("take day 2")
    assert table.alerted == "", "a refusal that no longer holds is not left in the page"


def test_the_status_line_names_the_bot_during_its_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    table = PlayTable(("human", "greedy"), seed=3, speed=0.5)
    statuses: list[str] = []
    monkeypatch.setattr(
        "widgets.seated_table.time.sleep", lambda _s: statuses.append(table.w_status.value)
    )
    table.play("take day 2")
    table.play("take day 2")
    table.play("end")
    during = [s for s in statuses if 'data-current="1"' in s]
    assert during and all("Player 2 (Greedy bot) is playing" in s for s in during)
    assert not any("end the turn" in s or "left this turn" in s for s in during)


def focus_of(table: Any) -> str:
    return str(table.voice.focus_selector)


def selector(widget: widgets.DOMWidget) -> str:
    return f".table-focus-{widget.model_id}"


def test_the_focus_goes_to_the_next_sensible_control() -> None:
    table = PlayTable(("human", "greedy"), seed=3)
    first = next(b for b, p in table.clickable() if isinstance(p, TakeCard))
    first.click()
    card = dict(table.game.events[0].args)["card"].id
    play = [b for b in table.player_maps[0].visible() if b.payload == PlayCard(card)]
    expected = play[0] if play and play[0].legal else table.clickable()[0][0]
    assert focus_of(table) == selector(expected)
    table.play("take day 2" if table.game.is_legal("take day 2") else "take night 1")
    assert focus_of(table) == selector(table.w_end)
    table.click_end()
    # After the bots: the first allowed card; after a typed action: the typed box.
    assert focus_of(table) == selector(table.clickable()[0][0])
    table.voice.typed("take day 1")
    assert focus_of(table) == selector(table.w_typed)
    assert table.voice.clear_count == 1


def test_enter_in_the_typed_box_plays_and_it_suggests_the_legal_actions() -> None:
    table = PlayTable(("human", "greedy"), seed=3)
    assert isinstance(table.w_typed, widgets.Combobox) and not table.w_typed.ensure_option
    assert list(table.w_typed.options) == [a.notation() for a in table.game.legal_actions()][:60]
    table.voice.typed("take day 2")
    assert str(table.game.log[-1][1]) == "take day 2"
    assert list(table.w_typed.options) == [a.notation() for a in table.game.legal_actions()][:60]
    table.voice.typed("nonsense")
    assert len(table.game.log) == 1 and table.alerted.startswith("Not allowed: ")
    assert table.voice.clear_count == 1, "a refused action stays in the box"


def test_the_end_of_the_game_and_the_winner_are_announced() -> None:
    table = PlayTable(("human", "greedy"), seed=3)
    bot = GreedyBot(seed=1)
    while not table.game.is_over:
        table.play(bot.choose(table.game))
    winners = table.game.winners()
    assert table.said.endswith(table.w_status.value.split(">", 1)[1].split("<", 1)[0])
    assert "Game over. Winner: " in table.said
    assert all(f"Player {s + 1}" in table.said for s in winners)
    assert focus_of(table) == selector(table.w_new)


def twins_of(table: PlayTable) -> list[tuple[HitButton, HitButton]]:
    """Every button over the table's pictures shown now, with each of its narrower twins."""
    pairs = []
    for picture in (table.market_map, *table.player_maps):
        for layer in picture.twins():
            pairs += [
                (b, layer[k]) for k, b in enumerate(picture.buttons) if b in picture.visible()
            ]
    return pairs


def test_each_button_has_a_twin_in_each_narrower_layout_that_says_the_same(
    table: PlayTable,
) -> None:
    table.click_market("day", 1)
    pairs = twins_of(table)
    # Two narrower layouts: every market and hand button has two twins.
    assert len(pairs) == 2 * sum(len(m.visible()) for m in (table.market_map, *table.player_maps))
    for wide, twin in pairs:
        assert twin.layout.display != "none"
        assert (twin.payload, twin.description, twin.tooltip) == (
            wide.payload,
            wide.description,
            wide.tooltip,
        )
        assert (twin.disabled, twin.legal, twin.classes) == (
            wide.disabled,
            wide.legal,
            wide.classes,
        )


def test_a_twin_does_what_its_button_does() -> None:
    by_twin = PlayTable(("human", "greedy"), seed=3, deck=test_deck())
    by_wide = PlayTable(("human", "greedy"), seed=3, deck=test_deck())
    for layer in (0, 1):
        [twin] = [
            twin
            for wide, twin in zip(
                by_twin.market_map.buttons, by_twin.market_map.twins()[layer], strict=False
            )
            if wide.legal
        ][:1]
        [wide] = [b for b in by_wide.market_map.visible() if b.payload == twin.payload]
        twin.click()
        wide.click()
        assert by_twin.game.to_json() == by_wide.game.to_json()
        assert by_twin.game.log == by_wide.game.log
