"""CarnivalTable driven by simulated clicks: every click goes through the real buttons, and the
game is checked after each one against the engine (legal places, refusals, pictures, what
reaches the page)."""

from __future__ import annotations

import html
import random
import re
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import nbformat
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nbconvert import HTMLExporter

from carnival_core import CARNIVAL, OWN, CarnivalError, Game, Play, Rules
from carnival_core.bots import make_bot
from carnival_core.svg import centre_svg, player_svg, reveal_svg
from tabletop import GreedyBot, MCTSBot, RandomBot
from tests.carnival_support import stage
from tests.test_carnival_svg import hidden_from, tie_broken_game
from widgets import CarnivalTable
from widgets.carnival_table import PickCard, Place
from widgets.carnival_words import UI, is_translated, translate

CARD_ID = re.compile(r"(?<![\w#-])([RYGBP]-?\d)(?!\w)")


# ------------------------------------------------------------------------ helpers
def sent_strings(widget: widgets.Widget) -> list[str]:
    """Every string the widget tree syncs to the page (the traits a browser receives);
    placeholders are fixed examples and left out."""
    out: list[str] = []
    seen: set[int] = set()

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, widgets.Widget):
            if id(value) in seen:
                return
            seen.add(id(value))
            for name in value.keys:
                if name != "placeholder":
                    walk(getattr(value, name), name)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item, key)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item, key)
        elif isinstance(value, str):
            out.append(value)

    walk(widget)
    return out


def assert_nothing_hidden_is_sent(table: CarnivalTable) -> None:
    game = table.game
    if game.is_over:
        return
    hidden = hidden_from(game, table.viewer)
    sent = " ".join(sent_strings(table))
    leaked = hidden & set(CARD_ID.findall(sent))
    assert not leaked, f"hidden cards {sorted(leaked)} reached the page"


def glowing_places(table: CarnivalTable) -> set[int]:
    return {
        b.payload.to
        for b, p in table.clickable()
        if isinstance(p, Place) and "cn-target" in b.classes
    }


def check_places(table: CarnivalTable) -> None:
    """The places that glow are exactly where the engine allows the choice so far to go."""
    choice = table.choice
    assert choice is not None
    legal = table.game.legal_actions()
    allowed = {a.to for a in legal if isinstance(a, Play) and a.masked == choice.masked and a.card == choice.card}  # fmt: skip
    assert glowing_places(table) == allowed
    every = {p.to for _, p in table.clickable() if isinstance(p, Place)}
    others = {s for s in range(table.game.num_players) if s != table.viewer}
    assert every == {CARNIVAL, OWN} | others, "every place answers a click"


def check_pictures(table: CarnivalTable) -> None:
    """The pictures on the page are the core's, drawn from the viewer's observation."""
    game = table.game
    seen = game.observation(table.viewer)
    if table.revealing is not None:
        assert 'data-step="' in table.w_reveal.value
        return
    names = table.seat_names()
    if game.is_over:
        assert table.w_reveal.value == reveal_svg(game.results[-1], step=3, names=names)
        return
    assert table.centre_map.picture.value == centre_svg(seen)
    for seat in range(game.num_players):
        expected = player_svg(seen, seat, names=names)
        assert table.player_maps[seat].picture.value == expected


def follow_reveal(table: CarnivalTable) -> None:
    """Press Next through a round's reveal, checking each step, until play resumes."""
    game = table.game
    while table.revealing is not None:
        step = table.revealing
        status = table.w_status.value
        assert f'data-step="{step}"' in status and 'data-phase="reveal"' in status
        assert f'data-step="{step}"' in table.w_reveal.value
        assert table.board.layout.display == "none"
        log = len(game.log)
        table.click_next()
        if step < 3:
            assert table.revealing == step + 1
            assert len(game.log) == log, "no bot plays while the reveal is shown"
        elif table.revealing is not None:  # bots alone played the next round to its end
            assert table.revealing == 1 and game.is_over


def take_turn(table: CarnivalTable, rng: random.Random, mask_rate: float = 0.3) -> None:
    """A learner's turn by clicks: sometimes a Mask and a Creature under it, else a
    Creature; first a refused place now and then; then a glowing place."""
    game = table.game
    hand = table.observation().hand
    creatures = sorted({c.id for c in hand if not c.is_mask})
    if any(c.is_mask for c in hand) and (rng.random() < mask_rate or not creatures):
        table.click_hand("Mask")
        assert table.choice is not None and table.choice.masked
        if creatures:
            table.click_hand(rng.choice(creatures))
    else:
        table.click_hand(rng.choice(creatures))
    check_places(table)
    assert_nothing_hidden_is_sent(table)
    refused = [p.to for b, p in table.clickable() if isinstance(p, Place) and "cn-refused" in b.classes]  # fmt: skip
    if refused and rng.random() < 0.3:
        before = game.to_json()
        to = rng.choice(refused)
        choice = table.choice
        assert choice is not None
        press_place(table, to)
        assert game.to_json() == before
        assert table.message == str(_refusal(game, choice.action(to)))
        assert table.choice == choice, "a refused place keeps the choice"
    places = sorted(glowing_places(table))
    press_place(table, rng.choice(places))


def _refusal(game: Game, action: Play) -> str:
    return f"{action}: {game.why_illegal(action)}"


def press_place(table: CarnivalTable, to: int) -> None:
    for button, payload in table.clickable():
        if isinstance(payload, Place) and payload.to == to:
            button.click()
            return
    raise LookupError(f"no place {to}")


def play_to_the_end(table: CarnivalTable, rng: random.Random, checks: bool = True) -> None:
    game = table.game
    while not game.is_over:
        if table.revealing is not None:
            follow_reveal(table)
            continue
        assert table.seats[game.current_player] == "human"
        log = len(game.log)
        take_turn(table, rng)
        assert len(game.log) > log
        if checks:
            check_pictures(table)
            assert_nothing_hidden_is_sent(table)
    follow_reveal(table)


# ------------------------------------------------------------------ whole games
@pytest.mark.parametrize(
    ("seats", "seed"),
    [
        (("human", "greedy"), 11),
        (("human", "random", "greedy"), 7),
        (("greedy", "human", "random", "greedy"), 3),
        (("human", "greedy", "greedy", "random", "greedy", "random"), 5),
    ],
)
def test_whole_games_against_bots(seats: tuple[str, ...], seed: int) -> None:
    table = CarnivalTable(seats, seed=seed)
    game = table.game
    human = seats.index("human")
    shadow = Game.new(len(seats), seed=seed)
    play_to_the_end(table, random.Random(seed))
    # The table's game is the engine's: replayed on a fresh game, the same moves are legal.
    for seat, action in game.log:
        shadow.play(action, player=seat)
    assert shadow == game and shadow.is_over
    status = table.w_status.value
    assert 'data-phase="over"' in status
    assert f'data-winners="{" ".join(map(str, game.winners()))}"' in status
    assert table.viewer == human
    assert table.board.layout.display == "none" and table.reveal_box.layout.display != "none"
    assert table.w_next.layout.display == "none"
    scores = table.w_scores.value
    for seat, points in enumerate(game.scores()):
        assert f'data-seat="{seat}" data-round="total" data-score="{points}"' in scores
    assert table.play("carnival R1") is False and "the game is over" in table.message
    rounds = table.w_log.value.count("class='cv-round'")
    assert rounds == game.rules.rounds


@pytest.mark.parametrize("memory", [0, 2])
def test_a_carnival_card_buried_deeper_than_memory_is_not_named(memory: int) -> None:
    table = CarnivalTable(
        ("human", "greedy", "random"), seed=4, rules=Rules(carnival_memory=memory)
    )
    for _ in range(8):
        follow_reveal(table)
        card = sorted(c.id for c in table.observation().hand if not c.is_mask)[0]
        table.click_hand(card)
        table.click_place("carnival")
        assert_nothing_hidden_is_sent(table)
        check_pictures(table)
    seen = table.observation()
    buried = sum(1 for e in seen.carnival if e.card is None and not e.masked)
    # the card turned up at the deal is on the stack but in no log line
    turned_up = seen.carnival[0].card is None and not seen.carnival[0].masked
    assert buried > 0 and table.w_log.value.count("carnival ?") == buried - turned_up


def test_the_table_changes_nothing_it_does_not_play() -> None:
    game = Game.new(3, seed=2)
    game.play("carnival Y-2")
    before = game.to_json()
    table = CarnivalTable(("greedy", "human", "human"), game=game)
    assert game.to_json() == before and table.game is game
    assert table.viewer == 1


# ------------------------------------------------------------------ single clicks
def test_a_card_then_a_place_plays_it() -> None:
    table = CarnivalTable(("human", "greedy", "random"), seed=7)
    table.click_hand("P-4")
    assert table.choice is not None and table.choice.card == "P-4"
    check_places(table)
    assert "carnival P-4" in table.w_legal.value and "give P-4 to 3" in table.w_legal.value
    assert "R4" not in table.w_legal.value, "only the chosen card's actions are listed"
    table.click_hand("P-4")
    assert table.choice is None, "a second click puts the card back"
    table.click_hand("P-4")
    table.click_place(3)
    assert table.game.log[0] == (0, Play("P-4", 2))
    assert table.game.current_player == 0, "the bots played their turns"
    explain = table.w_explain.value
    assert "give P-4 to 3" in explain and "is allowed" in explain


def test_a_mask_a_creature_under_it_then_a_place() -> None:
    table = CarnivalTable(("human", "greedy", "random"), seed=7)
    size = len(table.observation().hand)
    table.click_hand("Mask")
    assert table.choice is not None and table.choice.masked and table.choice.card is None
    hide = [b for b, p in table.clickable() if isinstance(p, PickCard)]
    assert hide and all("cn-hide" in b.classes for b in hide)
    assert glowing_places(table) == set(), "a Mask alone may not go down while a Creature could"
    before = table.game.to_json()
    table.click_place("carnival")
    assert table.game.to_json() == before
    assert "a Mask must hide a Creature" in table.message
    table.click_hand("R4")
    check_places(table)
    table.click_place("spectator")
    game = table.game
    assert game.log[0] == (0, Play("R4", OWN, masked=True))
    assert len(game.hand(0)) == size - 1, "a Mask turn plays two cards and draws one"
    assert "mask [?] spectator" in table.w_log.value
    assert "mask R4" not in " ".join(sent_strings(table))
    row = table.player_maps[0].picture.value
    assert 'data-card="Mask" data-hides="?"' in row
    assert_nothing_hidden_is_sent(table)


def test_a_mask_hiding_nothing_when_the_hand_holds_only_masks() -> None:
    game = stage(players=2, hands=[["Mask", "Mask"], ["R1", "Mask"]], deck=["Y1", "Y2"])
    table = CarnivalTable(("human", "greedy"), game=game)
    table.click_hand("Mask")
    assert glowing_places(table) == {CARNIVAL, OWN, 1}
    table.click_place("carnival")
    assert game.log[0] == (0, Play(None, CARNIVAL, masked=True))
    assert "mask carnival" in table.w_log.value


def test_illegal_clicks_show_the_engine_reason_and_change_nothing() -> None:
    rules = Rules(younger_players=True)
    table = CarnivalTable(("human", "greedy", "greedy"), seed=7, rules=rules)
    game = table.game
    before = game.to_json()
    table.click_hand("P-4")
    assert glowing_places(table) == {CARNIVAL, OWN}
    table.click_place(2)
    assert table.message == _refusal(game, Play("P-4", 1))
    assert "younger players" in table.message and game.to_json() == before
    table.type_action("carnival R6")
    assert table.message == "carnival R6: " + game.why_illegal("carnival R6")
    table.type_action("carnavale R4")
    assert "not an action" in table.message
    table.type_action("give P-4 to 1")
    assert "younger players" in table.message
    assert game.to_json() == before
    assert "data-message" in table.w_message.value
    table.type_action("carnival P-4")
    assert table.message == "" and game.log[0] == (0, Play("P-4", CARNIVAL))


def test_two_humans_share_the_screen() -> None:
    table = CarnivalTable(("human", "human"), seed=4)
    game = table.game
    assert table.viewer == 0
    first = sorted(c.id for c in game.hand(0) if not c.is_mask)[0]
    table.click_hand(first)
    table.click_place("carnival")
    assert table.viewer == 1, "the screen shows the hand of the human to play"
    assert table.handing_over == 1 and table.clickable() == []
    table.click_ready()  # once Player 2 has the device
    shown = {p.card for _, p in table.clickable() if isinstance(p, PickCard)}
    assert shown == {c.id for c in game.hand(1)} - {"Mask"}
    assert 'data-viewer="1"' in table.w_status.value
    assert_nothing_hidden_is_sent(table)


def test_the_younger_players_variant_offers_no_give() -> None:
    table = CarnivalTable(("human", "greedy", "random", "greedy"), seed=3)
    table.new_game(("human", "random", "greedy", "random"), seed=8, younger=True)
    assert table.rules.younger_players and table.game.rules.younger_players
    rng = random.Random(8)
    for _ in range(12):
        if table.revealing is not None:
            follow_reveal(table)
        table.click_hand(sorted(c.id for c in table.observation().hand if not c.is_mask)[0])
        assert glowing_places(table) <= {CARNIVAL, OWN}
        assert "give" not in table.w_legal.value
        press_place(table, rng.choice(sorted(glowing_places(table))))
    assert not any(a.to >= 0 for _, a in table.game.log if isinstance(a, Play))


def test_undo_takes_back_your_turn_and_the_bots() -> None:
    table = CarnivalTable(("human", "greedy", "random"), seed=7)
    game = table.game
    assert table.w_undo.disabled
    start = game.to_json()
    table.click_hand("R4")
    table.click_place("carnival")
    after_first = game.to_json()
    table.click_hand("Mask")
    table.click_hand(sorted(c.id for c in game.hand(0) if not c.is_mask)[0])
    table.click_place(2)
    assert len(game.log) == 6 and not table.w_undo.disabled
    table.click_undo()
    assert game.to_json() == after_first and len(game.log) == 3
    assert "Took back 3 action(s)." in table.w_explain.value
    assert "data-count='3'" in table.w_log.value
    table.click_undo()
    assert game.to_json() == start
    assert table.w_undo.disabled
    table.click_undo()
    assert "nothing of yours" in table.message


def test_round_two_starts_after_the_reveal() -> None:
    table = CarnivalTable(("human", "greedy"), seed=11)
    game = table.game
    rng = random.Random(1)
    while table.revealing is None:
        take_turn(table, rng)
    assert game.round == 2 and len(game.results) == 1
    assert table.revealing == 1
    hint = table.w_prompt.value
    assert "Next" in hint
    before = len(game.log)
    assert table.play("carnival R1") is False and "reveal" in table.message
    for step in (1, 2, 3):
        names = [table._who(s) for s in range(2)]
        assert table.w_reveal.value == reveal_svg(game.results[0], step=step, names=names)
        assert table.w_next.description == ("Next" if step < 3 else "Start round 2")
        table.click_next()
    assert table.revealing is None and table.board.layout.display != "none"
    assert len(game.log) >= before
    take_turn(table, rng)
    assert "Round 2" in table.w_log.value and "Round 1" in table.w_log.value
    status = table.w_status.value
    assert 'data-round="2"' in status
    # Undo across the round's end brings the reveal back when the turn is played again.
    while game.round == 2:
        table.click_undo()
    assert game.round == 1 and table.revealing is None
    assert table.w_scores.value == ""


def test_final_scores_and_a_tie_break() -> None:
    game = tie_broken_game()
    table = CarnivalTable(("human", "greedy"), game=game)
    assert 'data-winners="1"' in table.w_status.value
    assert "the winner: Player 2 (Greedy bot) with 3 points" in table.w_status.value
    tie = table.w_tie.value
    assert "Tied on 3 points" in tie and "Player 1: 1, Player 2: 2" in tie
    assert 'data-round="scoring-cards"' in table.w_scores.value
    assert "Final scores" in table.w_scores.value and "Winner: Player 2" in table.w_scores.value
    table.w_lang.value = "fr"
    assert "Scores finals" in table.w_scores.value
    assert "Victoire : Joueur 2" in table.w_scores.value
    assert "victoire : Joueur 2 (Robot glouton) avec 3 points" in table.w_status.value


@pytest.mark.parametrize(
    ("rules", "said"),
    [
        ({}, "Tied on 2 points and on scoring cards (Player 1: 1, Player 2: 1)"),
        ({"tie_break_scoring_cards": False}, "Tied on 2 points: a shared victory."),
    ],
)
def test_a_shared_victory(rules: dict[str, object], said: str) -> None:
    game = stage(
        players=2,
        rules=rules,
        turn={"round": 2, "over": True},
        past_rounds=[
            {"carnival": ["R6"], "spectators": [["R1"], ["R1"]]},
            {"carnival": ["R6", "Y6"], "spectators": [["R1"], ["Y1"]]},
        ],
    )
    table = CarnivalTable(("human", "random"), game=game)
    assert game.winners() == [0, 1]
    assert 'data-winners="0 1"' in table.w_status.value and "shared victory" in table.w_status.value
    assert said in table.w_tie.value


def test_every_word_is_in_both_languages() -> None:
    from carnival_core.svg import WORDS
    from widgets.carnival_words import UI

    assert set(UI["fr"]) == set(UI["en"])
    assert set(WORDS["fr"]) == set(WORDS["en"])


def test_a_table_of_bots_watches_as_player_1() -> None:
    table = CarnivalTable(("greedy", "random"), seed=2)
    game = table.game
    while not game.is_over:
        assert table.revealing is not None
        follow_reveal(table)
    assert table.viewer == 0
    assert "human" not in table.seats
    assert table.w_undo.disabled, "nothing of a human's to take back"


def test_new_game_reads_the_set_up_row() -> None:
    table = CarnivalTable(players=2, seed=1)
    table.new_game(("random", "human", "greedy"), seed=42)
    assert table.seats == ["random", "human", "greedy"]
    assert table.game.num_players == 3 and table.game.seed == 42
    assert table.game.current_player == 1
    assert [m.layout.display for m in table.w_seats] == [""] * 3 + ["none"] * 3
    table.w_seed.value = "forty"
    table.w_new.click()
    assert "forty" in table.message and table.game.seed == 42


def test_bad_seats_are_refused() -> None:
    """A seat list or language the table cannot use is a typed error that names it."""
    with pytest.raises(CarnivalError, match="^seats: unknown seat kind.*'wizard'"):
        CarnivalTable(("human", "wizard"))
    with pytest.raises(CarnivalError, match="^seats: Carnival is played by .*, not 7"):
        CarnivalTable(("human",) * 7)
    with pytest.raises(CarnivalError, match="3 seats given for a 2-player game"):
        CarnivalTable(("human", "greedy", "greedy"), players=2)
    with pytest.raises(CarnivalError, match="^lang: one of en, fr, not 'de'"):
        CarnivalTable(lang="de")


# ------------------------------------------------------------------ hidden cards
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hidden_cards_never_reach_the_page(seed: int) -> None:
    """Twice: no hidden card id is in anything sent, and a table whose hidden cards are dealt
    anew (everything the human cannot see) sends the very same pictures."""
    table = CarnivalTable(("human", "greedy", "random", "greedy"), seed=seed)
    rng = random.Random(seed)
    for _ in range(9):
        if table.revealing is not None:
            follow_reveal(table)
        take_turn(table, rng, mask_rate=0.5)
        assert_nothing_hidden_is_sent(table)
        follow_reveal(table)
        game = table.game
        twin = CarnivalTable(
            table.seats, game=game.determinized(random.Random(seed), seat=table.viewer)
        )
        assert twin.game != game
        for mine, theirs in zip(
            (table.centre_map, *table.player_maps),
            (twin.centre_map, *twin.player_maps),
            strict=True,
        ):
            assert mine.picture.value == theirs.picture.value
        assert table.w_status.value == twin.w_status.value
        assert table.w_legal.value == twin.w_legal.value


@settings(max_examples=12, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 10_000),
    human=st.integers(0, 5),
    clicks=st.lists(st.integers(0, 50), min_size=5, max_size=40),
)
def test_any_clicks_keep_hidden_cards_off_the_page(
    players: int, seed: int, human: int, clicks: list[int]
) -> None:
    """Whatever is clicked, in any order: a click that plays nothing changes nothing, and no
    hidden card reaches the page."""
    seats = ["greedy"] * players
    seats[human % players] = "human"
    table = CarnivalTable(seats, seed=seed)
    game = table.game
    for k in clicks:
        if table.revealing is not None:
            table.click_next()
            continue
        buttons = [b for b, _ in table.clickable()] + [table.w_cancel, table.w_undo]
        before, log = game.to_json(), len(game.log)
        button = buttons[k % len(buttons)]
        button.click()
        if len(game.log) == log and button is not table.w_undo:
            assert game.to_json() == before
        assert_nothing_hidden_is_sent(table)


def test_the_draw_of_another_player_is_not_named() -> None:
    game = Game.new(3, seed=7)
    game.play("carnival P-4")
    drawn = game.hand(1)
    assert game.last_events_seen_by(0)[-1] == "Player 2 drew a card."
    assert game.last_events_seen_by(1)[-1].startswith("Player 2 drew ")
    named = game.last_events_seen_by(1)[-1].split()[-1].rstrip(".")
    assert named in {c.id for c in drawn}
    game.undo()
    assert game.last_events_seen_by(0) == []


# ------------------------------------------------------------------ bots and words
def test_the_seats_are_carnivals_shared_bots() -> None:
    table = CarnivalTable(("human", "random", "greedy", "mcts"), seed=6)
    kinds = {seat: type(bot) for seat, bot in table.bots.items()}
    assert kinds == {1: RandomBot, 2: GreedyBot, 3: MCTSBot}
    assert table.seat_names()[3] == "Player 4 (MCTS bot)"
    assert len(table.game.log) == 0 and table.game.current_player == 0
    with pytest.raises(ValueError, match="unknown seat kind"):
        CarnivalTable(("human", "oracle"))


def test_the_bots_choose_legal_actions_and_leave_the_game_alone() -> None:
    game = Game.new(4, seed=6)
    for name in ("random", "greedy", "mcts"):
        bot = make_bot(name, 2, **({"iterations": 30} if name == "mcts" else {}))
        before = game.to_json()
        assert bot.choose(game) in game.legal_actions()
        assert game.to_json() == before


@pytest.mark.parametrize("seats", [("greedy", "human", "mcts"), ("mcts", "greedy", "human")])
def test_a_table_bot_plays_on_what_its_seat_may_know(seats: tuple[str, ...]) -> None:
    """Two tables whose games differ only in what a bot's seat cannot see: the bot plays the
    same action at both (the table hands it the game; it looks only through its seat)."""
    game = Game.new(3, seed=9)
    bot_seat = 0 if seats[0] != "human" else 2
    while game.current_player != bot_seat:
        game.play(game.legal_actions()[0])
    twin = game.determinized(random.Random(4), seat=bot_seat)
    assert twin.observation(bot_seat) == game.observation(bot_seat) and twin != game
    played = []
    for start in (game, twin):
        table = CarnivalTable(seats, game=start.copy(history=True), seed=5)
        played.append(table.game.log[len(start.log)])
    assert played[0] == played[1]


def test_the_table_speaks_french() -> None:
    table = CarnivalTable(("human", "greedy", "random"), seed=7, lang="fr")
    table.click_hand("Mask")
    table.click_hand("R4")
    table.click_place(2)
    assert "Joueur 1 (vous)" in table.w_explain.value
    assert "Masque" in table.w_explain.value
    assert table.w_new.description == "Nouvelle partie"
    table.type_action("give R-2 to 1")
    assert "c'est vous" in table.message
    table.w_lang.value = "en"
    assert "that is you" in table.message, "a language switch rewords the message"


def test_every_engine_sentence_of_a_game_is_worded_in_french() -> None:
    """What each turn did (as every seat saw it), why it was allowed, and the refusals met on
    the way: the French table words each one."""
    table = CarnivalTable(("human", "greedy", "random"), seed=5)
    game = table.game
    refusals: set[str] = set()
    rng = random.Random(5)
    while not game.is_over:
        if table.revealing is not None:
            follow_reveal(table)
            continue
        hand = table.observation().hand
        for first in ("Mask", next(c.id for c in hand if not c.is_mask)):
            if first == "Mask" and not any(c.is_mask for c in hand):
                continue
            table.click_hand(first)
            for button, payload in table.clickable():
                if isinstance(payload, Place) and "cn-refused" in button.classes:
                    button.click()
                    refusals.add(table.message)
            table.click_cancel()
        own = next(c.id for c in hand if not c.is_mask)
        table.type_action(f"give {own} to 1")  # to oneself: refused
        refusals.add(table.message)
        take_turn(table, rng, mask_rate=0.4)
    sentences = set(refusals)
    replay = game.start_position()
    for seat, action in game.log:
        sentences.add(replay.explain(action))
        replay.play(action, player=seat)
        sentences |= {e for s in range(3) for e in replay.last_events_seen_by(s)}
    assert refusals, "the game met refused clicks"
    untranslated = sorted(s for s in sentences if not is_translated(s))
    assert not untranslated
    assert all(translate(s, "fr") != s for s in sentences)


# ------------------------------------------------------------------ the play notebook
PLAY_NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "play_carnival.ipynb"
PAGE_TITLE = "Carnival — play table"


def test_the_play_notebook_tells_how_to_type_an_action_and_names_no_colour_or_position() -> None:
    """The instructions name the table's own labels (the typed box, its button, the legal
    actions) and every form of action, not glowing cards nor a panel on some side."""
    notebook = nbformat.read(PLAY_NOTEBOOK, as_version=4)
    text = notebook.cells[0].source
    words = UI["en"]
    for label in ("type_action", "play_typed", "legal_now", "explain", "next", "new_game"):
        assert f"**{words[label]}**" in text, label
    for form in ("carnival R4", "spectator R4", "give R4 to 2", "mask R4 carnival"):
        assert f"`{form}`" in text
    assert not re.search(r"\b(click|glow\w*|right|left|above|below|colou?r\w*)\b", text, re.I)


def test_the_play_notebook_has_a_page_title() -> None:
    """Voilà's page extends nbconvert's lab template, whose <title> is the notebook's
    ``title`` metadata (else the file name); JupyterLab's table of contents shows the first
    heading."""
    notebook = nbformat.read(PLAY_NOTEBOOK, as_version=4)
    assert notebook.metadata["title"] == PAGE_TITLE
    assert notebook.cells[0].source.splitlines()[0] == f"# {PAGE_TITLE}"
    page, _ = HTMLExporter(template_name="lab").from_notebook_node(
        notebook, resources={"metadata": {"name": PLAY_NOTEBOOK.stem}}
    )
    assert f"<title>{PAGE_TITLE}</title>" in page


# ------------------------------------------------------------------ pass and play
def hand_ids(game: Game, seat: int) -> set[str]:
    return {card.id for card in game.hand(seat) if not card.is_mask}


def test_pass_and_play_hides_every_hand_until_the_next_player_is_ready() -> None:
    table = CarnivalTable(("human", "greedy", "human"), seed=5)
    game = table.game
    assert table.handing_over is None, "the first player sees the table at once"
    assert table.play(game.legal_actions()[0])  # Player 1, then the bot
    assert game.current_player == 2 and table.handing_over == 2
    sent = sent_strings(table)
    assert not [s for s in sent if CARD_ID.search(s)], "no card id at all on the page"
    assert "Pass the device to Player 3 — press Ready" in table.w_handover.value
    assert table.handover_box.layout.display == "" and table.board.layout.display == "none"
    assert table.clickable() == [] and table.w_legal.value == ""
    # Nothing is played before Ready, typed or not.
    before = game.to_json()
    assert not table.play(game.legal_actions()[0])
    assert "Player 3 presses Ready" in table.message and game.to_json() == before
    table.click_ready()
    assert table.handing_over is None and table.handover_box.layout.display == "none"
    assert table.message == ""
    mine = {p.card for _, p in table.clickable() if isinstance(p, PickCard)}
    assert mine == hand_ids(game, 2), "now the hand of Player 3 is shown"
    assert_nothing_hidden_is_sent(table)
    assert table.play(game.legal_actions()[0])
    assert table.handing_over == 0
    assert not hand_ids(game, 0) & set(CARD_ID.findall(" ".join(sent_strings(table))))


def test_the_hand_over_speaks_french() -> None:
    table = CarnivalTable(("human", "human"), seed=2, lang="fr")
    table.play(table.game.legal_actions()[0])
    assert "Passez l'appareil au suivant : Joueur 2, appuyez sur Prêt" in html.unescape(
        table.w_handover.value
    )
    assert table.w_ready.description == "Prêt"


def test_one_human_among_bots_never_sees_a_hand_over_screen() -> None:
    table = CarnivalTable(("greedy", "human", "random"), seed=4)
    rng = random.Random(4)
    while not table.game.is_over:
        assert table.handing_over is None
        assert table.handover_box.layout.display == "none"
        if table.revealing is not None:
            table.click_next()
        else:
            assert table.play(rng.choice(table.game.legal_actions()))
    assert table.handing_over is None


def test_a_reveal_is_followed_before_the_device_is_passed() -> None:
    """The round's end is shown to the player who ended it; the hand-over comes after Next."""
    table = CarnivalTable(("human", "human"), seed=6)
    rng = random.Random(6)
    game = table.game
    while table.revealing is None:
        if table.handing_over is not None:
            table.click_ready()
        ender = game.current_player
        table.play(rng.choice(game.legal_actions()))
    assert table.handing_over is None and table.viewer == ender
    while table.revealing is not None:
        table.click_next()
    assert table.handing_over == (None if game.current_player == ender else game.current_player)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_table_s_hints_name_no_colour_position_or_mouse(lang: str) -> None:
    """What to do next is said in words a keyboard or screen reader user can follow: choose,
    type, the list of legal actions; never a glow, a side of the screen or a click."""
    sensory = r"click|glow|right|left|colou?r|cliqu|brill|droite|gauche|couleur"
    hints = {key: text for key, text in UI[lang].items() if key.startswith("hint_")}
    assert len(hints) == 7
    for key, text in hints.items():
        assert not re.search(sensory, text, re.I), (key, text)


# ------------------------------------------------------------- what the table says aloud
def test_the_table_says_each_action_as_the_engine_words_it() -> None:
    table = CarnivalTable(("human", "greedy"), seed=5)
    assert table.said == "New game. Your turn, round 1 of 2: choose a card in your hand."
    replay = Game.new(2, seed=5)
    action = table.game.legal_actions()[0]
    table.play(action)
    heard = []
    for seat, played in table.game.log:
        replay.play(played, player=seat)
        heard += replay.last_events_seen_by(0)
    assert table.said == " ".join([*heard, "Your turn, round 1 of 2: choose a card in your hand."])
    assert table.said.startswith(f"Player 1 played {action.card} ")


def test_the_table_says_it_in_french() -> None:
    table = CarnivalTable(("human", "greedy"), seed=5, lang="fr")
    table.play(table.game.legal_actions()[0])
    assert table.said.startswith("Joueur 1 a joué ")
    assert table.said.endswith("À vous, manche 1 sur 2 : choisissez une carte de votre main.")
    assert is_translated(table.game.last_events_seen_by(0)[0])


def test_a_refusal_is_an_alert() -> None:
    table = CarnivalTable(("human", "greedy"), seed=5)
    assert not table.play("carnival Z9")
    assert table.alerted == f"Not allowed: {table.message}"
    table.click_hand("Mask")
    assert table.said == "Mask chosen: choose the Creature to hide under it."


def test_the_reveal_steps_and_the_winner_are_announced() -> None:
    table = CarnivalTable(("human", "greedy"), seed=5)
    bot = make_bot("greedy", 1)
    steps: list[str] = []
    while not (table.game.is_over and table.revealing is None):
        if table.revealing is not None:
            assert table.voice.focus_selector == f".table-focus-{table.w_next.model_id}"
            steps.append(table.said)
            table.click_next()
        else:
            table.play(bot.choose(table.game))
    assert len(steps) == 2 * 3
    results = table.game.results
    for k, said in enumerate(steps):
        round_, step = results[k // 3], k % 3 + 1
        assert f"Round {round_.round} is over: the reveal, step {step} of 3. " in said
    assert "Carnival: red " in steps[0] and "Happy types: Player 1: " in steps[1]
    first = results[0].scores
    assert steps[2].endswith(f"Scores this round: Player 1 {first[0]}, Player 2 {first[1]}.")
    points = table.game.scores()
    winner = table.game.winners()[0]
    assert f"Game over · the winner: Player {winner + 1}" in table.said
    assert f"with {points[winner]} points" in table.said
    assert table.voice.focus_selector == f".table-focus-{table.w_new.model_id}"


def test_the_board_comes_before_the_side_panel_and_the_focus_follows_the_choice() -> None:
    table = CarnivalTable(("human", "greedy"), seed=5)
    assert table.children.index(table.center) < table.children.index(table.right_sidebar)
    first = table.clickable()[0][0]
    assert table.voice.focus_selector == f".table-focus-{first.model_id}"
    table.click_hand("Y3")
    assert table.said == "Y3 chosen: choose where it goes."
    target = next(b for b, _ in table.clickable() if "cn-target" in b.classes)
    assert table.voice.focus_selector == f".table-focus-{target.model_id}"
    assert list(table.w_typed.options) == [str(a) for a in table.game.legal_actions()][:60]


def test_the_hand_over_is_announced_and_takes_the_focus_and_the_news_wait_for_ready() -> None:
    table = CarnivalTable(("human", "greedy", "human"), seed=5)
    table.play(table.game.legal_actions()[0])  # Player 1, then the bot: Player 3 is next
    assert table.said == "Pass the device to Player 3 — press Ready"
    assert table.voice.focus_selector == f".table-focus-{table.w_ready.model_id}"
    assert list(table.w_typed.options) == []
    table.click_ready()
    assert "Player 2 drew a card." in table.said, "Player 3 hears what was played"
    assert table.said.endswith("Player 3's turn, round 1 of 2.")
    assert list(table.w_typed.options) == [str(a) for a in table.game.legal_actions()][:60]


def test_each_button_has_a_narrower_twin_that_says_and_does_the_same() -> None:
    by_twin = CarnivalTable(("human", "greedy", "greedy"), seed=7)
    by_wide = CarnivalTable(("human", "greedy", "greedy"), seed=7)
    card = next(c.id for c in by_twin.observation().hand if not c.is_mask)
    by_twin.click_hand(card)
    by_wide.click_hand(card)
    pictures = (by_twin.centre_map, *by_twin.player_maps)
    for picture in pictures:
        [twins] = picture.twins()
        for wide, twin in zip(picture.visible(), twins, strict=False):
            assert (twin.payload, twin.description, twin.tooltip, twin.disabled) == (
                wide.payload,
                wide.description,
                wide.tooltip,
                wide.disabled,
            )
            assert twin.classes == wide.classes and twin.layout.display != "none"
    # The Carnival stack's twin, pressed: the card goes there, as by the wide button.
    [stack] = by_twin.centre_map.twins()[0][:1]
    assert isinstance(stack.payload, Place) and stack.payload.to == CARNIVAL
    stack.click()
    by_wide.click_place("carnival")
    assert by_twin.game.log == by_wide.game.log and by_twin.game.log
