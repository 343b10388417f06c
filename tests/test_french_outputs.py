"""What the kit prints in a French lesson is French: the best potion, its proof's work, the
coach's header, the lab's tables, reports and plots, the ledger and the synergy tables, the
tournament's faults, leaderboard and plot, and the playtest plots, each asked for with
``lang="fr"``.

Each test renders the same value in English and in French and looks for the English output's
words in the French one: a word both outputs share is an English word left untranslated,
unless French writes it too (``points``, ``potion``...). English output is what it always was
(the English lessons and tests read it).
"""

from __future__ import annotations

import html
import re
from typing import Any

import matplotlib
import pandas as pd
import pytest

from carnival_core.playtest import CARNIVAL_PLAYTESTS
from carnuta_core import Game, GreedyBot, balance, lab, maths, play_game, reference_deck
from carnuta_core.coach import Coach
from carnuta_core.ledger import LEDGER_FRENCH, ledger_table
from carnuta_core.maths import calculus, decisions
from carnuta_core.messages import EN, FR
from carnuta_core.playtest import CARNUTA
from carnuta_core.rune_graph import (
    bot_games,
    endgame_potions,
    named_states,
    padlock_table,
    points_per_action_table,
    reserve_table,
)
from carnuta_core.synergy import (
    cluster_check,
    draft_table,
    draw_clusters,
    ingredient_demand,
    strategy_clusters,
)
from carnuta_core.title import CarnutaTitle
from lesson_data import playtests as sample
from tabletop.errors import LabError
from tabletop.lab import game_measures, playtest
from tabletop.lab.words import FRENCH, in_lang
from tabletop.tournament import tournament

matplotlib.use("Agg")

#: A word: letters only, not part of a card id like ``S04``.
_WORD = re.compile(r"\b[^\W\d_]{2,}\b")
#: Words that English and French both write.
SHARED = {"points", "potion", "potions", "bonus", "coach", "score", "total", "exhaustive"}


def leftover_english(english: str, french: str) -> set[str]:
    """The words of ``english`` that ``french`` still writes, less those French writes too."""
    words = {w.lower() for w in _WORD.findall(english)} - SHARED
    return words & {w.lower() for w in _WORD.findall(french)}


def test_leftover_english_finds_an_untranslated_word() -> None:
    assert leftover_english("Best potion: 3 cards", "Meilleure potion : 3 cards") == {"cards"}
    assert not leftover_english("Best potion: 3 cards", "Meilleure potion : 3 cartes")


#: The templates of what the maths prints, in the engine's word table.
MATHS_CODES = [code for code in EN if code.startswith(("potion_", "optimum_", "count-vector"))]
MATHS_CODES.append("exhaustive search")


@pytest.mark.parametrize("code", MATHS_CODES)
def test_the_maths_templates_are_french(code: str) -> None:
    def words(template: str) -> str:
        return html.unescape(re.sub(r"\{[^}]*\}", " ", template))  # the fields' names are not text

    assert not leftover_english(words(EN[code]), words(FR[code])), code


def test_the_maths_templates_write_a_space_before_a_colon() -> None:
    assert all(" :" in FR[code] for code in MATHS_CODES if ":" in FR[code])


@pytest.fixture(scope="module")
def best() -> maths.solver.Optimum:
    return maths.optimum(k=5, budget=6)


def test_a_potion_reads_in_french() -> None:
    potion = maths.Potion.of(["D26", "D01", "D29"], {"D29": "D01"}, ["egg", "butterfly"])
    english, french = str(potion), potion.text("fr")
    assert english == "D26, D01, D29 on D01, + tokens egg butterfly"
    assert french == "D26, D01, D29 sur D01, + jetons œuf papillon"
    assert maths.Potion((), ()).text("fr") == "(aucune carte)"
    assert not leftover_english(english, french)


def test_the_best_potion_reads_in_french(best: maths.solver.Optimum) -> None:
    english, french = str(best), best.text("fr")
    assert english.startswith(f"Best potion of 5 cards, cost {best.cost} <= 6: {best.value} points")
    assert french.startswith(f"Meilleure potion de 5 cartes, coût {best.cost} ≤ 6 : {best.value}")
    assert not leftover_english(english, french)
    assert f"{best.seconds:.2f}".replace(".", ",") + " s" in french  # a decimal comma


def test_the_proofs_work_reads_in_french(best: maths.solver.Optimum) -> None:
    assert not leftover_english(best.work(), best.work("fr"))
    exhaustive = maths.exhaustive_optimum(list(reference_deck())[:20], k=2)
    assert exhaustive.work("fr").startswith("recherche exhaustive : ")
    assert not leftover_english(exhaustive.work(), exhaustive.work("fr"))


def test_the_best_potion_as_html_reads_in_french(best: maths.solver.Optimum) -> None:
    english, french = best._repr_html_(), best.html("fr")
    assert english.startswith(f"<p><b>{best.value} points</b> with 5 cards")

    def text(markup: str) -> str:
        return html.unescape(re.sub("<[^>]+>", " ", markup))

    assert not leftover_english(text(english), text(french))


def test_the_coachs_header_reads_in_french() -> None:
    game = Game.new(2, seed=3)
    game.play(GreedyBot(seed=1).choose(game))
    english = str(Coach(iterations=20, seed=1).advise(game, top=2)).splitlines()[0]
    french = str(Coach(iterations=20, seed=1, lang="fr").advise(game, top=2)).splitlines()[0]
    assert english == "Coach for player 1 (20 search iterations):"
    assert french == "Coach du Joueur 1 (20 itérations de recherche) :"


# ---------------------------------------------------------------------------- the lab
LAB_SHARED = SHARED | {
    "rotation",
    "actions",
    "action",
    "gain",
    "note",
    "variant",
    "seed",
    "runes",
    "nan",
}


def lab_leftover(english: str, french: str) -> set[str]:
    """``leftover_english`` for the lab's words, which share a few more with French."""
    return leftover_english(english, french) - LAB_SHARED


@pytest.mark.parametrize("name", sorted(FRENCH))
def test_the_lab_word_table_is_french(name: str) -> None:
    english = name.replace("_", " ").replace("{metric}", " ")
    assert not lab_leftover(english, FRENCH[name].replace("{metric}", " ")), name


def test_in_lang_keeps_english_and_renames_into_french() -> None:
    frame = pd.DataFrame({"seat": [0], "wins": [1.0], "unknown": [2]})
    assert in_lang(frame) is frame
    assert list(in_lang(frame, "fr").columns) == ["siège", "victoires", "unknown"]
    with pytest.raises(LabError, match="lang"):
        in_lang(frame, "de")


@pytest.fixture(scope="module")
def games() -> pd.DataFrame:
    return lab.simulate("greedy", players=3, games=6, progress=False, workers=1)


def columns_text(frame: pd.DataFrame) -> str:
    return " ".join(str(c).replace("_", " ") for c in frame.columns)


@pytest.mark.parametrize("table", ["win_rates", "trigger_stats", "card_stats"])
def test_the_lab_tables_name_their_columns_in_french(games: pd.DataFrame, table: str) -> None:
    function = getattr(lab, table)
    english, french = function(games), function(games, lang="fr")
    assert english.shape == french.shape and list(english.columns)[0] in ("seat", "card")
    assert not lab_leftover(columns_text(english), columns_text(french))
    numbers = english.set_axis(french.columns, axis=1).select_dtypes("number")
    assert numbers.equals(french[numbers.columns])  # the same figures, renamed


def test_the_card_table_writes_its_words_in_french(games: pd.DataFrame) -> None:
    french = lab.card_stats(games, lang="fr").set_index("carte")
    assert french.loc["D03", "décompte"] == "1 par crâne papillon"
    assert french.loc["D01", "sorte"] == "double" and french.loc["D02", "sorte"] == "normale"
    assert french.loc["D01", "Ingrédient"] == "trèfle"


def test_the_diff_report_reads_in_french(games: pd.DataFrame) -> None:
    swept = lab.sweep({"3 actions": {"actions_per_turn": 3}}, "greedy", players=3, games=4,
                      progress=False, workers=1)  # fmt: skip
    report = lab.diff_report(swept)
    english, french = lab.format_report(report), lab.format_report(report, "fr")
    assert english.startswith("3 actions:\n  winning score")
    assert french.startswith("3 actions :\n  score du gagnant")
    assert not lab_leftover(english, french)
    assert "." not in french.replace("->", "")  # a decimal comma
    ax = lab.plot_diff_report(report, "rounds", lang="fr")
    assert ax.get_title() == "Changements de règle : manches"
    labels = " ".join(t.get_text() for t in ax.get_yticklabels())
    assert "," in labels  # a decimal comma
    english_ax = lab.plot_diff_report(report, "rounds")
    assert english_ax.get_title() == "Rule changes: rounds"
    assert not lab_leftover(english_ax.get_xlabel(), ax.get_xlabel())


def test_the_two_games_measures_read_in_french(games: pd.DataFrame) -> None:
    english = game_measures.compare({"Carnuta": games})
    french = game_measures.compare({"Carnuta": games}, lang="fr")
    assert list(french.columns) == ["mesure", "jeu", "valeur", "bas", "haut", "note"]
    shown_en = columns_text(english) + " " + " ".join(english["measure"] + " " + english["note"])
    shown_fr = columns_text(french) + " " + " ".join(french["mesure"] + " " + french["note"])
    assert not lab_leftover(shown_en, shown_fr)
    assert list(game_measures.who_ends(games, lang="fr").columns)[:3] == [
        "siège", "parties", "fins déclenchées"
    ]  # fmt: skip
    assert game_measures.player(1, "fr") == "joueur 2 (siège 1)"


# ---------------------------------------------------------------------------- ledger, synergy
@pytest.fixture(scope="module")
def finished() -> Game:
    return play_game([GreedyBot(seed=1), GreedyBot(seed=2)], seed=3)


def cells_text(frame: pd.DataFrame) -> str:
    """A table as a reader sees it: its column and index names and its words."""
    words = [str(v) for v in frame.astype(str).to_numpy().ravel()] + list(map(str, frame.index))
    return " ".join([columns_text(frame), *map(str, frame.index.names), *words])


def test_the_ledger_table_reads_in_french(finished: Game) -> None:
    english, french = ledger_table(finished), ledger_table(finished, lang="fr")
    assert set(LEDGER_FRENCH) == {*english.columns, english.index.name}
    assert not lab_leftover(cells_text(english), cells_text(french))
    assert "manche" in " ".join(french["jetons Ingrédient bonus"])


def test_the_synergy_tables_read_in_french() -> None:
    deck = reference_deck()
    for function in (ingredient_demand, strategy_clusters):
        english, french = function(deck), function(deck, lang="fr")
        assert english.shape == french.shape
        assert not lab_leftover(cells_text(english), cells_text(french)), function
    names = set(strategy_clusters(deck, lang="fr")["nom"])
    assert "fleur + crâne" in names
    clusters_fr = strategy_clusters(deck, lang="fr")
    potion = ["D05", "D08", "D09", "N04"]
    assert cluster_check(potion, clusters_fr, deck).cluster == "fleur + crâne"
    assert cluster_check(potion, strategy_clusters(deck), deck).cluster == "flower + skull"


def test_the_draft_table_reads_in_french() -> None:
    game = Game.new(2, seed=3)
    english, french = draft_table(game), draft_table(game, lang="fr")
    assert list(french.index) == list(english.index)
    assert not lab_leftover(cells_text(english), cells_text(french))
    assert french.iloc[0]["prise"] == "prendre nuit 3"


def test_the_cluster_drawing_reads_in_french() -> None:
    deck = reference_deck()
    english, french = draw_clusters(deck), draw_clusters(deck, lang="fr")

    def shown(ax: Any) -> str:
        legend = ax.get_legend()
        return " ".join([ax.get_title(), legend.get_title().get_text(),
                         *(t.get_text() for t in legend.get_texts())])  # fmt: skip

    assert not lab_leftover(shown(english), shown(french))
    assert "1 : fleur + crâne" in shown(french)


# ---------------------------------------------------------------------------- tournament, playtest
#: Names, not words: the games, the bots' names in the code, the rating's symbols.
NAMES = {"carnuta", "carnival", "greedy", "random", "openskill", "mu", "sigma", "log", "ms"}


class Crashing:
    """Raises on every decision with more than three legal actions."""

    def choose(self, state: Any) -> Any:
        legal = state.legal_actions()
        if len(legal) > 3:
            raise ZeroDivisionError("my bug")
        return legal[0]


def test_the_tournament_speaks_french() -> None:
    result = tournament(CarnutaTitle(), [Crashing, "random"], deals=1, progress=False)
    incident = result.incidents[0]
    english, french = incident.text(), incident.text("fr")
    assert english == str(incident)
    assert french.startswith(f"Crashing (joueur {incident.seat + 1}) a planté dans la partie ")
    assert not lab_leftover(english.replace("Crashing", ""), french.replace("Crashing", ""))
    assert result.report("fr").splitlines()[0] == french
    board_en, board_fr = result.leaderboard(), result.leaderboard(lang="fr")
    assert not lab_leftover(columns_text(board_en), columns_text(board_fr))
    assert list(board_fr["erreurs"]) == list(board_en["errors"])
    ax_en, ax_fr = result.plot(), result.plot(lang="fr")
    shown_en = f"{ax_en.get_title()} {ax_en.get_xlabel()}"
    shown_fr = f"{ax_fr.get_title()} {ax_fr.get_xlabel()}"
    assert " : " in ax_fr.get_title() and not lab_leftover(shown_en, shown_fr) - NAMES


def test_the_playtest_plots_speak_french() -> None:
    games = playtest.read_playtests(sample.FOLDER, [CARNUTA, CARNIVAL_PLAYTESTS])
    decisions = playtest.decision_table(games, known=sample.known_ranks())
    table = playtest.compare(playtest.seat_table(games), decisions)
    for plot in (playtest.plot_decision_times, playtest.plot_coach_agreement):
        source = decisions if plot is playtest.plot_decision_times else table
        english, french = plot(source), plot(source, lang="fr")

        def shown(ax: Any) -> str:
            ticks = " ".join(t.get_text() for t in ax.get_yticklabels())
            return f"{ax.get_title()} {ax.get_xlabel()} {ticks}"

        assert "human" in shown(english) and "humain" in shown(french)
        assert not lab_leftover(shown(english), shown(french)) - NAMES
    assert "premier choix du coach" in in_lang(table, "fr").columns


# ---------------------------------------------------------------------------- the rune tables
@pytest.mark.parametrize("table", [padlock_table, reserve_table])
def test_the_rune_tables_read_in_french(table: Any) -> None:
    deck = reference_deck()
    english, french = table(deck), table(deck, lang="fr")
    assert english.shape == french.shape
    assert english.to_numpy().tolist() == french.to_numpy().tolist()  # the same counts
    assert not lab_leftover(cells_text(english), cells_text(french))
    assert french.index[0] == "retourner soleil" and english.index[0] == "flip sun"


# ---------------------------------------------------------------------------- balance
def test_the_balance_tables_read_in_french(games: pd.DataFrame) -> None:
    english, french = balance.seat_by_ender(games), balance.seat_by_ender(games, lang="fr")
    assert list(french.columns)[:2] == ["fini par", "siège"]
    assert not lab_leftover(columns_text(english), columns_text(french))
    ablation_en = balance.deck_ablation(["N07"], games=2, players=2)
    ablation_fr = balance.deck_ablation(["N07"], games=2, players=2, lang="fr")
    assert list(ablation_fr.columns) == ["force", "bas", "haut", "parties"]
    assert ablation_fr.index.name == "carte"
    assert not lab_leftover(columns_text(ablation_en), columns_text(ablation_fr))


def test_the_draft_values_and_the_staircase_read_in_french() -> None:
    game = Game.new(2, seed=3)
    value = decisions.draft_table(game, 0, later=1)[0]
    english, french = value.as_dict(), value.as_dict("fr")
    assert list(english.values()) == list(french.values())
    assert not lab_leftover(" ".join(english), " ".join(french))
    potion = maths.Potion.of(["S06", "N28", "N21", "D20"])
    ax_en = calculus.draw_staircase(potion, ["egg", "butterfly"], up_to=4)
    ax_fr = calculus.draw_staircase(potion, ["egg", "butterfly"], up_to=4, lang="fr")

    def shown(ax: Any) -> str:
        legend = " ".join(t.get_text() for t in ax.get_legend().get_texts())
        return f"{ax.get_title()} {ax.get_xlabel()} {ax.get_ylabel()} {legend}"

    assert "Œuf Papillon" in shown(ax_fr) and " : " in ax_fr.get_title()
    assert not lab_leftover(shown(ax_en), shown(ax_fr))


def test_the_points_per_action_table_reads_in_french() -> None:
    deck = reference_deck()
    potions = endgame_potions(bot_games(1, players=2, seed=1))
    start = named_states(players=None)["empty board"]
    english = points_per_action_table(deck, start, potions)
    french = points_per_action_table(deck, start, potions, lang="fr")
    assert list(english.index) == list(french.index) and french.index.name == "carte"
    assert english["points per action"].equals(
        french["points par action"].rename("points per action")
    )
    assert not lab_leftover(cells_text(english), cells_text(french))
