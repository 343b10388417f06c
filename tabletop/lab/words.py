"""The lab's words in French: its tables' column names, its measures, its plots' labels.

The lab computes with English column keys (``simulate``, ``sweep``, ``game_table`` and
``diff_report`` return data that other lab functions read, so their keys never change). The
functions whose result a reader looks at take ``lang``: with ``lang="fr"`` they rename the
columns (and the measures they name) at the end, so code that reads such a table reads the
French names it shows. ``in_lang`` does the same for any lab table a lesson shows.

>>> said("first seat win rate", "fr")
'part de victoire du joueur 1'
>>> said("rate", "en"), said("no such column", "fr")
('rate', 'no such column')
>>> decimal(0.5, "+.2f", "fr")
'+0,50'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..errors import LabError
from ..words import LANGS

if TYPE_CHECKING:
    import pandas as pd

#: French for the lab's column names, measures and labels; a name missing here stays as it is.
FRENCH: dict[str, str] = {
    # the simulate table and the per-seat tables
    "game": "partie",
    "seat": "siège",
    "bot": "robot",
    "score": "score",
    "rank": "rang",
    "win": "victoire",
    "rounds": "manches",
    "turns": "tours",
    "cards_played": "cartes posées",
    "variant": "variante",
    "seed": "graine",
    "players": "joueurs",
    "games": "parties",
    "wins": "victoires",
    "rate": "part de victoire",
    "ci_low": "bas",
    "ci_high": "haut",
    "low": "bas",
    "high": "haut",
    "fair": "part équitable",
    "vs_fair": "écart à la part équitable",
    "triggered": "fins déclenchées",
    "trigger_share": "part des fins déclenchées",
    "win_rate_when_triggering": "part de victoire quand il finit",
    # card_stats
    "card": "carte",
    "kind": "sorte",
    "ingredient": "Ingrédient",
    "cost": "coût",
    "scoring": "décompte",
    "seen": "vue",
    "taken": "prise",
    "take_rate": "part prise",
    "played": "posée",
    "play_rate": "part posée",
    "win_when_played": "victoire quand posée",
    "win_ci_low": "victoire bas",
    "win_ci_high": "victoire haut",
    "win_lift": "gain de victoire",
    "points": "points",
    "points_ci_low": "points bas",
    "points_ci_high": "points haut",
    # diff_report's measures
    "winning score": "score du gagnant",
    "mean score": "score moyen",
    "lowest score": "score le plus bas",
    "lead changes": "changements de tête",
    "first seat win rate": "part de victoire du joueur 1",
    "wasted actions": "actions perdues",
    "worst seat vs fair": "pire siège face à la part équitable",
    # game_measures.choices
    "decision": "décision",
    "legal": "actions légales",
    # game_table
    "rotation": "rotation",
    "winning_score": "score du gagnant",
    "mean_score": "score moyen",
    "low_score": "score le plus bas",
    "lead_changes": "changements de tête",
    "first_seat_win": "victoire du joueur 1",
    "metric": "mesure",
    "baseline": "référence",
    "value": "valeur",
    "diff": "écart",
    "significant": "significatif",
    # game_measures.compare
    "measure": "mesure",
    "note": "note",
    "decisions per game": "décisions par partie",
    "branching factor (per decision)": "facteur de branchement (par décision)",
    "forced decisions (share)": "décisions forcées (part)",
    "lead changes per game": "changements de tête par partie",
    "win rate of the seat furthest from fair": "part de victoire du siège le plus loin de l'équité",
    "games ended by the seat that ends most": "parties finies par le siège qui finit le plus",
    "winner's lead over the runner-up": "avance du gagnant sur le deuxième",
    "score standard deviation": "écart type des scores",
    # the playtest tables (tabletop.lab.playtest)
    "file": "fichier",
    "engine": "moteur",
    "stand_in": "joueur simulé",
    "person": "personne",
    "seats": "places",
    "ended": "fins",
    "triggered_end": "a déclenché la fin",
    "index": "numéro",
    "seconds": "secondes",
    "choices": "choix",
    "ranked": "décisions classées",
    "top": "premier choix du coach",
    "top_low": "premier choix bas",
    "top_high": "premier choix haut",
    "points_lost": "points perdus",
    "value_lost": "valeur perdue",
    # plots
    "difference in {metric} vs the default\n(paired seeds, 95% CI)": (
        "écart de {metric} face à la règle par défaut\n(graines appariées, intervalle à 95 %)"
    ),
    "Rule changes: {metric}": "Changements de règle : {metric}",
}

#: The lab's words by language: English is each name itself.
LAB_WORDS: dict[str, dict[str, str]] = {"en": {}, "fr": FRENCH}


def check_lang(lang: object) -> str:
    """``lang`` itself when the kit speaks it, else a ``LabError`` naming it."""
    if not isinstance(lang, str) or lang not in LANGS:
        raise LabError("lang", f"one of {', '.join(LANGS)}, not {lang!r}")
    return lang


def said(name: str, lang: str = "en", words: Mapping[str, str] | None = None) -> str:
    """A column, measure or label of the lab in ``lang`` (itself when it has no translation);
    ``words`` are a module's own French words, read before the lab's."""
    if check_lang(lang) == "en":
        return name
    return (words or {}).get(name) or LAB_WORDS[lang].get(name, name)


def in_lang(
    frame: pd.DataFrame, lang: str = "en", words: Mapping[str, str] | None = None
) -> pd.DataFrame:
    """``frame`` with its column names (and index names) in ``lang``; English returns it as it
    is. ``words`` are the French names a module adds to the lab's (``said``)."""
    if check_lang(lang) == "en":
        return frame
    renamed = frame.rename(columns=lambda name: said(str(name), lang, words))
    renamed.index.names = [
        None if n is None else said(str(n), lang, words) for n in frame.index.names
    ]
    return renamed


def decimal(value: float, spec: str, lang: str = "en") -> str:
    """A number written for reading (never for data): a decimal comma in French."""
    text = format(value, spec)
    return text.replace(".", ",") if check_lang(lang) == "fr" else text


__all__ = ["FRENCH", "LAB_WORDS", "check_lang", "decimal", "in_lang", "said"]
