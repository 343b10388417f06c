"""The Carnival table in French: the French notation, typed actions, refusals, the log and the
legal actions, French typography, and one word for each thing across both tables.

A French text is searched for the English words of Carnival's notation, of the table's own
labels and of the engine's sentences (``ENGLISH``), what a player typed (« quoted ») aside.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carnival_core import Action, CarnivalError, Game
from carnival_core.actions import WORDS as NOTATION
from carnival_core.cards import card_set
from carnival_core.svg import WORDS as CARNIVAL_PICTURES
from carnuta_core.messages import FR as CARNUTA_ENGINE_FR
from carnuta_core.vocabulary import WORDS as CARNUTA_PICTURES
from tabletop.words import plain
from tests.test_carnival_properties import games, run
from tests.test_carnival_table import take_turn
from tests.test_french import widget_texts
from widgets import CarnivalTable, PlayTable
from widgets.carnival_table import Place
from widgets.carnival_words import UI, translate
from widgets.i18n import UI as CARNUTA_UI

SETTINGS = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
ROOT = Path(__file__).resolve().parent.parent

#: A word: letters only, not part of a card id like ``Y-2``.
_WORD = re.compile(r"\b[^\W\d_]{2,}\b")
#: What a message quotes, in French quotes: the player's own typing, or notation.
_QUOTED = re.compile(r"«[^»]*»")


def words(texts: Iterable[str]) -> set[str]:
    return {w.lower() for text in texts for w in _WORD.findall(text)}


def english_words() -> set[str]:
    """The English words a Carnival table or its engine could show, less those French writes
    too."""
    english = words(UI["en"].values()) | words(NOTATION["en"].values())
    # The engine's sentences: what a turn did, why an action is allowed or refused.
    english |= {"the", "is", "not", "your", "card", "cards", "hand", "player", "allowed"}
    english |= {"like", "word", "unknown", "should", "number", "say", "where", "goes"}
    english |= {"there", "game", "written", "place", "front", "stack", "drew", "played"}
    english |= {"round", "deck", "empty", "capitals", "letters", "value", "write", "one"}
    english |= {"hides", "another", "creature", "took", "back", "characters", "few"}
    french = words(UI["fr"].values()) | words(NOTATION["fr"].values())
    shared = {"type", "mcts", "bonus", "score", "scores"}
    return {w for w in english - french - shared if len(w) > 2} | {"is"}


ENGLISH = english_words()


def test_the_word_list_holds_carnival_s_words() -> None:
    assert {"carnival", "spectator", "give", "mask", "the", "hand", "player", "stack"} <= ENGLISH
    assert not {"carnaval", "spectateur", "donner", "masque", "type", "action"} & ENGLISH


def english_in(text: str) -> list[str]:
    """The English words of ``text``, outside what it quotes."""
    return sorted(words([_QUOTED.sub(" ", text)]) & ENGLISH)


def typography_faults(text: str) -> list[str]:
    """Each ``: ; ? !`` of ``text`` (outside quotes) that French writes after a space but
    ``text`` does not, with what comes before it; ``[?]`` (a hidden card) is notation."""
    bare = _QUOTED.sub(" ", text).replace("[?]", "")
    return re.findall(r"\S[:;?!]", bare)


def check_french(texts: Iterable[str], where: str) -> None:
    for text in texts:
        assert not english_in(text), f"{where}: English {english_in(text)} in {text[:300]!r}"
        assert not typography_faults(text), f"{where}: {typography_faults(text)} in {text!r}"


# ------------------------------------------------------------------------ the notation
@SETTINGS
@given(spec=games)
def test_the_french_notation_reads_back_every_legal_action(spec: dict) -> None:
    """Every legal action of random positions, written in French (as is, without accents, in
    capitals), reads back to itself; the French notation uses French words only."""
    french_words = set(NOTATION["fr"].values())

    def check(game: Game) -> None:
        legal = game.legal_actions()
        assert legal.notation("fr") == [action.notation("fr") for action in legal]
        for action in legal:
            text = action.notation("fr")
            assert {w for w in text.split() if not re.search(r"\d|^\[", w)} <= french_words
            for typed in (text, plain(text), text.upper(), str(action)):
                assert Action.parse(typed) == action, typed

    run(spec, each=check)


def test_the_french_notation_s_words() -> None:
    assert Action.parse("carnaval R4").notation("fr") == "carnaval R4"
    assert str(Action.parse("spectateur Y-2")) == "spectator Y-2"
    assert str(Action.parse("donner r4 à 2")) == "give R4 to 2"
    assert str(Action.parse("DONNER R4 A 2")) == "give R4 to 2"
    assert str(Action.parse("masque R4 carnaval")) == "mask R4 carnival"
    assert str(Action.parse("masque à 3")) == "mask to 3"
    with pytest.raises(ValueError, match="lang should be one of en, fr"):
        Action.parse("carnaval R4").notation("de")


# ------------------------------------------------------------------------ at the table
def test_french_typed_actions_play_at_a_french_table() -> None:
    """Each turn the human types a legal action in French (sometimes without accents): it is
    played, and the log, the legal actions and the explanations are in French notation."""
    rng = random.Random(3)
    table = CarnivalTable(("human", "greedy", "random"), seed=11, lang="fr")
    game = table.game
    typed = 0
    while not game.is_over:
        if table.revealing is not None:
            table.click_next()
            continue
        legal = list(game.legal_actions())
        action = rng.choice(legal)
        text = action.notation("fr")
        legal_panel = table.w_legal.value
        assert "Actions permises" in legal_panel
        assert all(a.notation("fr") in legal_panel for a in legal)
        table.type_action(plain(text) if rng.random() < 0.3 else text)
        typed += 1
        assert table.message == "", table.message
        assert (0, action) in game.log
        log = table.w_log.value
        assert "Journal des actions" in log and "Joueur 1 : " in log
        check_french(widget_texts(table), f"after typing {text!r}")
    assert typed > 10 and any("donner" in a.notation("fr") for _, a in game.log)
    log = table.w_log.value
    assert "carnaval" in log and "carnival" not in log and " to " not in log


#: Words a French (or English) player might type, in any case, and fragments of them.
TYPED_WORDS = st.sampled_from(
    ["carnaval", "Carnaval", "SPECTATEUR", "donner", "Masque", "masque", "à", "a", "A", "vers",
     "carnival", "spectator", "give", "mask", "Mask", "to", "2", "9", "1", "0", "-3",
     "R4", "r4", "Z9", "Y-2", "y-2", "G1", "B6", "P-4", "rien", "R", "-", "sur", "joueur"]
)  # fmt: skip
TYPED = st.lists(
    TYPED_WORDS | st.text(alphabet="aBcRzé09-", min_size=1, max_size=4), min_size=0, max_size=5
).map(" ".join)


@SETTINGS
@given(text=TYPED, seed=st.integers(0, 50), younger=st.booleans())
def test_every_refusal_at_a_french_table_is_french(text: str, seed: int, younger: bool) -> None:
    """Whatever is typed at a French table, a refusal is French through and through (the
    typed text aside), with French colons, and a language switch rewords it in English."""
    rules = {"younger_players": younger}
    table = CarnivalTable(("human", "greedy", "random"), seed=seed, lang="fr", rules=rules)
    before = table.game.to_json()
    if table.play(text):
        return
    message = table.message
    assert message and table.game.to_json() == before
    check_french([message, *widget_texts(table)], f"typing {text!r}")
    table.w_lang.value = "en"
    assert table.message != message and english_in(table.message)


def test_a_whole_french_game_by_clicks_reads_in_french() -> None:
    """A game by clicks, refused places clicked now and then, Undo and the reveals: every
    text the French table shows is French, with French typography."""
    rng = random.Random(8)
    table = CarnivalTable(("human", "greedy", "random"), seed=8, lang="fr")
    check_french(widget_texts(table), "at the start")
    turns = 0
    while not table.game.is_over:
        if table.revealing is not None:
            table.click_next()
            check_french(widget_texts(table), "the reveal")
            continue
        hand = table.observation().hand
        table.click_hand(next(c.id for c in hand if not c.is_mask))
        refused = [b for b, p in table.clickable() if isinstance(p, Place) and "cn-refused" in b.classes]  # fmt: skip
        if refused:
            refused[0].click()
            assert table.message
            check_french([table.message, *widget_texts(table)], "a refused place")
        table.click_cancel()
        take_turn(table, rng, mask_rate=0.4)
        turns += 1
        check_french(widget_texts(table), f"turn {turns}")
        if turns == 5:
            table.w_undo.click()
            check_french(widget_texts(table), "after Undo")
    check_french(widget_texts(table), "the end")


@pytest.mark.parametrize(
    "phrases",
    [
        UI["fr"],
        CARNUTA_UI["fr"],
        CARNUTA_ENGINE_FR,
        CARNIVAL_PICTURES["fr"],
        CARNUTA_PICTURES["fr"],
    ],
    ids=["carnival table", "carnuta table", "carnuta engine", "carnival pictures", "carnuta words"],
)
def test_every_french_phrase_of_both_tables_has_french_typography(phrases: dict) -> None:
    for key, phrase in phrases.items():
        text = re.sub(r"\{[^}]*\}", "X", phrase)  # a field's format (``{row:title}``) aside
        assert not typography_faults(text), f"{key}: {phrase!r}"


def test_every_engine_sentence_is_worded_with_french_quotes_and_colons() -> None:
    game = Game.new(3, seed=2)
    hand = [c.id for c in game.hand(0) if not c.is_mask]
    seen: list[str] = []
    missing = next(c.id for c in card_set(game.rules).cards if c.id not in hand and not c.is_mask)
    tries = ("give R4 to 1", f"give {hand[0]} to 1", "carnival Z9", "mask to 2", "x" * 300)
    for text in (*tries, f"carnival {missing}", f"mask {missing} to 2", "carnival r4"):
        try:
            game.play(text)
        except CarnivalError as error:
            french = translate(str(error), "fr")
            assert french != str(error) and error.text("fr") == french
            check_french([french], text)
            seen.append(french)
    assert any("votre main : " in said and "Masque" in said for said in seen), seen
    for text in (f"give {hand[0]} to 1", f"carnival {missing}"):
        reason = translate(game.why_illegal(text), "fr")
        assert reason != game.why_illegal(text)
        check_french([reason], text)
    explained = translate(game.explain(f"spectator {hand[0]}"), "fr")
    assert explained.startswith(f"« spectateur {hand[0]} » est permis : ")


# ------------------------------------------------------------------------ one word per thing
#: Words the two tables must not use, each with the one they use for that thing (the
#: vocabulary of lesson fr/00 and of the tables' shared words).
FORBIDDEN = {
    "bot": "robot",
    "bots": "robots",
    "interdit": "refusé",
    "permis maintenant": "actions permises",
    "taper": "écrire",
    "explications": "explication",
    "ronde": "manche",
    "robot au hasard": "robot aléatoire",
    "annuler le sel": "abandonner le choix",
    "tas": "pile",
}


def french_texts_of_both_tables() -> list[str]:
    """Every French phrase of both tables (their words, Carnuta's engine, Carnival's
    sentences as a played game words them)."""
    texts = [*UI["fr"].values(), *CARNUTA_UI["fr"].values(), *CARNUTA_ENGINE_FR.values()]
    game = Game.new(3, seed=4)
    rng = random.Random(4)
    while not game.is_over:
        action = rng.choice(list(game.legal_actions()))
        texts.append(translate(game.explain(action), "fr"))
        game.play(action)
        texts += [translate(e, "fr") for e in game.last_events_seen_by(0)]
    return texts


def test_one_word_for_each_thing_across_both_tables() -> None:
    texts = french_texts_of_both_tables()
    found = {
        (banned, text)
        for text in texts
        for banned in FORBIDDEN
        if re.search(rf"(?<!\w){re.escape(banned)}(?!\w)", text.lower())
    }
    assert not found, [f"{t!r} says {b!r}: say {FORBIDDEN[b]!r}" for b, t in sorted(found)]
    # One English phrase, one French phrase: a label both tables show is worded alike (an
    # empty English phrase is a grammar slot French fills, not a thing).
    french_of = defaultdict(set)
    for table in (UI, CARNUTA_UI):
        for key, english in table["en"].items():
            if english:
                french_of[english].add(table["fr"][key])
    assert {e: f for e, f in french_of.items() if len(f) > 1} == {}


def test_the_tables_words_are_those_of_lesson_fr_00() -> None:
    """The vocabulary of the first French lesson (robots, joueur, manche, tour) is the
    tables' vocabulary."""
    lesson = (ROOT / "notebooks" / "fr" / "00_commencer_ici.ipynb").read_text(encoding="utf-8")
    assert "robot" in lesson and "**joueur 1, joueur 2…**" in lesson and "**tour**" in lesson
    table = CarnivalTable(("human", "greedy", "random"), seed=1, lang="fr")
    carnuta = PlayTable(("human", "greedy"), seed=1, lang="fr")
    for shown in (list(widget_texts(table)), list(widget_texts(carnuta))):
        assert any("Robot glouton" in text for text in shown)
    assert "Manche 1" in table.w_status.value and "Joueur 1" in table.w_status.value


def test_the_carnuta_table_writes_french_typography_too() -> None:
    rng = random.Random(4)
    table = PlayTable(("human", "greedy"), seed=12, lang="fr")
    for _ in range(40):
        button, _payload = rng.choice(table.clickable())
        button.click()
        for text in widget_texts(table):
            assert not typography_faults(text), text
    assert "J1 : " in table.w_log.value


def test_the_typed_box_suggests_the_legal_actions_in_the_table_s_language() -> None:
    table = CarnivalTable(("human", "greedy"), seed=5, lang="fr")
    legal = table.game.legal_actions()
    assert list(table.w_typed.options) == [a.notation("fr") for a in legal][:60]
    assert any(option.startswith("carnaval ") for option in table.w_typed.options)
