"""French all the way: with ``lang="fr"`` every word a player sees is French.

Every view (the play table through a whole game, its refusals, undo and typed actions; the
small board; the explorers and their graphs; the score lab and its formulas; the pictures; the
score pad; the coach) and every message of the engine is rendered in French, and the text a
player would read (widget labels, tooltips, menus, HTML and SVG text) is searched for the
English words of the game's vocabulary. A hit fails, naming the word and where it was seen.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from typing import Any

import ipywidgets as widgets
import pytest

from carnuta_core import Game, GreedyBot, IllegalAction, Row
from carnuta_core.actions import VERB_WORDS
from carnuta_core.coach import Coach
from carnuta_core.svg import card_svg, market_svg, player_svg, table_svg
from carnuta_core.vocabulary import WORDS
from widgets import MiniBoard, PlayTable, RuneExplorer, ScoreLab, SynergyExplorer
from widgets.i18n import UI
from widgets.play_table import SelectSalt

#: A word: letters only, not part of a card id like ``S04``.
_WORD = re.compile(r"\b[^\W\d_]{2,}\b")


def _words(texts: Any) -> set[str]:
    return {w.lower() for text in texts for w in _WORD.findall(text)}


def english_words() -> set[str]:
    """The English words of the game's vocabulary (and their plurals) and of the table's own
    labels, less those French writes too."""
    nouns = _words(WORDS["en"].values()) | _words(VERB_WORDS["en"].values())
    english = nouns | {w + "s" for w in nouns} | {"berries", "butterflies"}
    english |= {w for w in _words(UI["en"].values()) if len(w) > 2}
    french = _words(WORDS["fr"].values()) | _words(VERB_WORDS["fr"].values())
    french |= _words(UI["fr"].values())
    # Words French writes too.
    shared = {"on", "final", "mcts", "carnuta", "set", "sets", "ans", "nos", "rune", "type"}
    return english - french - shared


ENGLISH = english_words()


def test_the_word_list_holds_the_games_words() -> None:
    assert {"take", "play", "flip", "sickle", "sun", "moons", "egg", "berries", "player"} <= ENGLISH
    assert {"undo", "round", "padlock", "reserve", "deck", "discard", "end"} <= ENGLISH
    assert not {"bonus", "runes", "score", "total", "action", "sel", "jour", "on"} & ENGLISH


class _Text(HTMLParser):
    """The text a reader sees in HTML or SVG: text and tooltips, not styles or attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self._hidden += 1
        self.parts += [value or "" for name, value in attrs if name in ("title", "placeholder")]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return " ".join(parser.parts)


def widget_texts(widget: Any) -> Iterator[str]:
    """Every text a widget tree shows: labels, tooltips, menus, placeholders, HTML."""
    if not isinstance(widget, widgets.Widget):
        return
    layout = getattr(widget, "layout", None)
    if layout is not None and getattr(layout, "display", None) == "none":
        return
    for name in ("description", "tooltip", "placeholder"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            yield value
    if isinstance(widget, (widgets.HTML, widgets.HTMLMath, widgets.Label)):
        yield visible_text(widget.value)
    yield from getattr(widget, "_options_labels", ())
    for child in getattr(widget, "children", ()):
        yield from widget_texts(child)


_LATEX_COMMAND = re.compile(r"\\[A-Za-z]+")


def check_french(texts: Any, where: str) -> None:
    for text in texts:
        words = _LATEX_COMMAND.sub(" ", text)  # \\begin, \\end: notation, not words
        found = sorted(_words([words]) & ENGLISH)
        assert not found, f"{where}: English {found} in {text[:300]!r}"


# ------------------------------------------------------------------------- the play table
def test_the_play_table_speaks_french_through_a_whole_game() -> None:
    rng = random.Random(4)
    table = PlayTable(("human", "greedy", "human"), seed=12, lang="fr")
    check_french(widget_texts(table), "at the start")
    table.type_action("piocher jour 1")
    check_french(widget_texts(table), "a typed word that is not an action")
    table.type_action("prendre jour 9")
    check_french(widget_texts(table), "a typed action the rules refuse")
    seen = set()
    clicks = 0
    while not table.game.is_over and clicks < 1500:
        clicks += 1
        every = [
            b for m in (table.market_map, *table.player_maps) for b in m.visible() if not b.disabled
        ]
        every += [b for b in table.w_bar.children if b.layout.display != "none" and not b.disabled]
        legal = table.clickable()
        if every and rng.random() < 0.15:
            rng.choice(every).click()  # a click that may be refused: the reason, in French
        else:
            button, payload = rng.choice(legal)
            button.click()
            if isinstance(payload, SelectSalt):
                check_french(widget_texts(table), "a Salt picked")
                rng.choice(table.clickable())[0].click()
        seen.add(table.game.phase)
        if clicks % 7 == 0 and table.game.can_undo and rng.random() < 0.2:
            table.click_undo()
        check_french(widget_texts(table), f"click {clicks} ({table.game.phase})")
    assert table.game.is_over
    assert {"actions", "over"} <= {str(p) for p in seen}
    check_french(widget_texts(table), "game over")


def test_the_staged_phases_speak_french() -> None:
    bonus = Game.from_json(
        {
            "players": 2,
            "reserve": {"sun": 1, "moon": 1},
            "boards": [
                {"runes": "SSMM.#", "played": ["S07", "D11", "N19", "D04", "N04"], "hand": ["D22"]},
                {"runes": "SSMM##", "played": ["S03"]},
            ],
        }
    )
    table = PlayTable(("human", "human"), game=bonus, lang="fr")
    table.click_hand("D22")
    assert table.game.phase == "bonus"
    check_french(widget_texts(table), "choosing a bonus token")
    limit = Game.from_json(
        {
            "players": 2,
            "reserve": {"sun": 1, "moon": 1},
            "boards": [
                {"runes": "SSMM##", "played": ["S07"], "hand": ["D04", "N16", "D18"]},
                {"runes": "SSMM##", "played": ["S03"]},
            ],
        }
    )
    table = PlayTable(("human", "human"), game=limit, lang="fr")
    for _ in range(2):
        table.click_market("day", 1)
    table.click_end()
    assert table.game.phase == "discard"
    check_french(widget_texts(table), "over the hand limit")


def test_the_small_board_speaks_french() -> None:
    board = MiniBoard(Game.new(2, seed=3), lang="fr")
    board.press("prendre jour 1")
    check_french(widget_texts(board), "the small board")
    board.undo()
    check_french(widget_texts(board), "the small board after undo")


# ---------------------------------------------------------------------------- the explorers
@pytest.fixture(scope="module")
def midgame() -> Game:
    game = Game.new(3, seed=7)
    bots = [GreedyBot(seed=s) for s in range(3)]
    for _ in range(40):
        game.play(bots[game.current_player].choose(game))
    return game


def test_the_explorers_speak_french(midgame: Game) -> None:
    runes = RuneExplorer(midgame, lang="fr", depth=3)
    for card in runes.picker.cards[:4]:
        runes.pick(card.id)
        check_french(widget_texts(runes), f"rune explorer, {card.id}")
    synergy = SynergyExplorer(midgame, lang="fr")
    check_french(widget_texts(synergy), "synergy explorer, a card")
    synergy.pick_ingredient("berry")
    check_french(widget_texts(synergy), "synergy explorer, an ingredient")
    lab = ScoreLab(midgame, seat=0, lang="fr")
    lab.toggle_token("egg")
    check_french(widget_texts(lab), "score lab")


# ------------------------------------------------------------- pictures, pads, coach, engine
def test_the_pictures_and_the_score_pad_speak_french(midgame: Game) -> None:
    done = Game.new(2, seed=9)
    bots = [GreedyBot(seed=1), GreedyBot(seed=2)]
    while not done.is_over:
        done.play(bots[done.current_player].choose(done))
    for game in (Game.new(4, seed=1), midgame, done):
        check_french([visible_text(table_svg(game, lang="fr"))], "the table picture")
        check_french([visible_text(market_svg(game, lang="fr"))], "the market picture")
        for seat in range(game.num_players):
            check_french([visible_text(player_svg(game, seat, lang="fr"))], "a player picture")
            pad = game.score_pad(seat).in_language("fr")
            check_french([str(pad), visible_text(pad._repr_html_())], "a score pad")
    for card in midgame.deck:
        check_french([visible_text(card_svg(card, lang="fr"))], f"card {card.id}")


def test_the_coach_speaks_french(midgame: Game) -> None:
    coach = Coach(iterations=60, seed=2, lang="fr")
    for game in (Game.new(2, seed=21), midgame):
        report = coach.advise(game, top=None)
        check_french([str(report), visible_text(report._repr_html_())], "the coach's report")
        for idea in ("fin", "prendre jour 9", "piocher", str(report[-1].action)):
            check_french([coach.rate(game, idea)], f"the coach rating {idea!r}")


def test_every_message_of_whole_games_reads_in_french() -> None:
    """Events, reasons for legal and refused actions, what comes next, errors."""
    rng = random.Random(11)
    for seed in range(3):
        game = Game.new(2 + seed, seed=seed)
        while not game.is_over:
            legal = game.legal_actions()
            probes = [*rng.sample(list(legal), min(2, len(legal))), "fin", "prendre nuit 7"]
            probes += ["défausser D01", "bonus miel", "serpe jour", "runes soleil", "poser N30"]
            texts = [game.pending("fr")]
            for probe in probes:
                texts.append(game.explain(probe, "fr"))
                try:
                    game.copy(history=True).play(probe)
                except IllegalAction as error:
                    texts.append(error.text("fr"))
            game.play(rng.choice(legal))
            texts += [event.text("fr") for event in game.events]
            check_french(texts, f"seed {seed}, round {game.round}")
        game.undo()
        check_french([event.text("fr") for event in game.events], "undo")
    assert Row.DAY  # the engine's words were all read through the game above
