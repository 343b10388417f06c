"""Tables (pandas): actions to play each card or cost from named states, Padlocks, reserves
and points per action."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from statistics import mean
from typing import TYPE_CHECKING, Any

from ..cards import Card, CostIcon, format_cost
from ..messages import cost_text, scoring_text
from ..model import Origin
from ..rules import Rules
from ..scoring import score_potion
from ..vocabulary import check_lang, word
from .building import all_states
from .moves import cost_groups
from .paths import actions_to_afford
from .states import RuneState
from .typical import EndPotion, named_states

if TYPE_CHECKING:
    import pandas as pd


def _cost_rows(cards: Iterable[Card]) -> list[Card]:
    return [card for card in cards if card.origin is not Origin.START]


def afford_table(
    cards: Iterable[Card], states: Mapping[str, RuneState], rules: Rules | None = None
) -> pd.DataFrame:
    """Actions to play each card (rune actions + the play) from each named state.

    A missing value (``<NA>``) means no sequence of rune actions affords the card there.
    """
    import pandas as pd

    rows = []
    for card in _cost_rows(cards):
        row: dict[str, Any] = {
            "card": card.id,
            "ingredient": card.ingredient.value if card.ingredient else "salt",
            "cost": format_cost(card.cost),
        }
        for name, state in states.items():
            row[name] = actions_to_afford(state, card, rules).to_play
        rows.append(row)
    table = pd.DataFrame(rows).set_index("card")
    return table.astype({name: "Int64" for name in states})


def cost_table(
    cards: Iterable[Card], states: Mapping[str, RuneState], rules: Rules | None = None
) -> pd.DataFrame:
    """``afford_table`` per distinct cost, with how many cards carry it."""
    import pandas as pd

    groups = cost_groups(_cost_rows(cards))
    rows = []
    for group in groups:
        row: dict[str, Any] = {"cost": format_cost(group.cost), "cards": len(group.cards)}
        for name, state in states.items():
            row[name] = actions_to_afford(state, group.cost, rules).to_play
        rows.append(row)
    table = pd.DataFrame(rows).set_index("cost")
    return table.astype({name: "Int64" for name in states})


#: The rune tables' words in French (``lang="fr"``): their columns, and the states a
#: ``reserve_table`` is read from.
RUNE_TABLE_FRENCH: dict[str, str] = {
    "cost": "coût",
    "cards": "cartes",
    "empty": "vide",
    "mean": "moyenne",
    "never": "jamais",
    "open": "ouverts",
    "plenty": "jamais à court",
    "players": "joueurs",
    "empty board": "plateau vide",
    "1 Sun left": "1 Soleil restant",
}


def rune_word(name: str, lang: str) -> str:
    """One of the rune tables' words in ``lang``."""
    return RUNE_TABLE_FRENCH.get(name, name) if check_lang(lang) == "fr" else name


def cost_label(cost: tuple[CostIcon, ...], lang: str) -> str:
    """A cost as the rune tables write it: ``flip sun, flip moon`` (``retourner soleil, ...``)."""
    return cost_text(cost, lang) if lang == "fr" else format_cost(cost)


def padlock_table(
    cards: Iterable[Card],
    rules: Rules | None = None,
    players: int | None = 3,
    lang: str = "en",
) -> pd.DataFrame:
    """How opening spaces 5 and 6 changes the actions to play each cost.

    Per cost and number of open spaces: the actions from an empty board, the mean over every
    board with that many open spaces (each board counted once, unaffordable ones left out) and
    how many of those boards can never afford it by rune actions alone. The reserve holds what
    a ``players`` game starts with (``None``: a reserve never short). ``lang="fr"`` writes
    the costs and the columns in French (``vide, 4 ouverts``, ``jamais, 5 ouverts``).
    """
    import pandas as pd

    word = {key: rune_word(key, lang) for key in ("cost", "cards", "empty", "mean", "never")}
    opened = rune_word("open", lang)
    rules = rules or Rules()
    groups = cost_groups(_cost_rows(cards))
    per_face = rules.reserve_for(players) if players is not None else None
    boards = {
        spaces: [
            s if per_face is None else s.with_reserve(per_face, per_face)
            for s in all_states(rules)
            if s.open_spaces == spaces
        ]
        for spaces in range(rules.open_spaces, rules.rune_spaces + 1)
    }
    rows = []
    for group in groups:
        row: dict[str, Any] = {
            word["cost"]: cost_label(group.cost, lang),
            word["cards"]: len(group.cards),
        }
        for spaces, states in boards.items():
            empty = next(s for s in states if s.runes == 0)
            to_play = actions_to_afford(empty, group.cost, rules).to_play
            row[f"{word['empty']}, {spaces} {opened}"] = to_play
            counts = [actions_to_afford(s, group.cost, rules).to_play for s in states]
            reached = [c for c in counts if c is not None]
            row[f"{word['mean']}, {spaces} {opened}"] = round(mean(reached), 2) if reached else None
            row[f"{word['never']}, {spaces} {opened}"] = len(counts) - len(reached)
        rows.append(row)
    table = pd.DataFrame(rows).set_index(word["cost"])
    whole = (word["empty"], word["never"])
    return table.astype({c: "Int64" for c in table.columns if c.startswith(whole)})


def reserve_table(
    cards: Iterable[Card],
    rules: Rules | None = None,
    states: Mapping[str, RuneState] | None = None,
    lang: str = "en",
) -> pd.DataFrame:
    """Actions to play each cost from board ``states`` (no reserve) joined with the starting
    reserve of a 2-, 3- and 4-player game, and with a reserve that is never short.
    ``lang="fr"`` writes the costs, the default states and the columns in French
    (``plateau vide, 2 joueurs``, ``plateau vide, jamais à court``)."""
    import pandas as pd

    cost, cards_word, plenty = (rune_word(k, lang) for k in ("cost", "cards", "plenty"))
    players_word = rune_word("players", lang)
    rules = rules or Rules()
    if states is None:
        named = named_states(rules, players=None)
        states = {k: named[k] for k in ("empty board", "1 Sun left")}
    groups = cost_groups(_cost_rows(cards))
    rows = []
    for group in groups:
        row: dict[str, Any] = {cost: cost_label(group.cost, lang), cards_word: len(group.cards)}
        for name, board in states.items():
            shown = rune_word(name, lang)
            for players in rules.player_counts:
                per_face = rules.reserve_for(players)
                state = board.with_reserve(per_face, per_face)
                column = (
                    f"{shown}, {players} {players_word}" if lang == "fr" else f"{name}, {players}p"
                )
                row[column] = actions_to_afford(state, group.cost, rules).to_play
            row[f"{shown}, {plenty}"] = actions_to_afford(board, group.cost, rules).to_play
        rows.append(row)
    table = pd.DataFrame(rows).set_index(cost)
    return table.astype({c: "Int64" for c in table.columns if c != cards_word})


def points_per_action_table(
    cards: Iterable[Card],
    state: RuneState,
    potions: Sequence[EndPotion],
    rules: Rules | None = None,
    lang: str = "en",
) -> pd.DataFrame:
    """Points per action: what a card adds to typical end-game ``potions`` over the actions it
    takes from ``state`` (1 Take a Card + the rune actions + 1 Play).

    What a card adds is the engine's score of the potion with it minus without it: its own
    points *and* what its ingredient adds to the cards that count it (a double scores 0 or 1
    itself but adds 2 to its column). A card already in a potion counts what it added there.
    Salts (where they sit is a plan) are left out. ``lang="fr"`` writes the columns, the
    ingredients, costs and scorings in French.
    """
    import pandas as pd

    check_lang(lang)
    rows = []
    for card in _cost_rows(cards):
        if card.ingredient is None:
            continue
        afford = actions_to_afford(state, card, rules)
        added = [_added(card, potion) for potion in potions]
        actions = None if afford.actions is None else afford.actions + 2
        mean_points = mean(added) if added else 0.0
        rows.append(
            {
                "card": card.id,
                "ingredient": word(card.ingredient, lang),
                "cost": cost_label(card.cost, lang),
                "scoring": scoring_text(card.scoring, lang) if lang == "fr" else str(card.scoring),
                "points": round(mean_points, 2),
                "actions": actions,
                "points per action": None if actions is None else round(mean_points / actions, 2),
            }
        )
    table = pd.DataFrame(rows).set_index("card").astype({"actions": "Int64"})
    ranked = table.sort_values("points per action", ascending=False)
    if lang == "fr":
        return ranked.rename(columns=POINTS_FRENCH).rename_axis(index="carte")
    return ranked


#: French for the points-per-action table's columns.
POINTS_FRENCH: dict[str, str] = {
    "ingredient": "Ingrédient",
    "cost": "coût",
    "scoring": "décompte",
    "points": "points",
    "actions": "actions",
    "points per action": "points par action",
}


def _added(card: Card, potion: EndPotion) -> int:
    """The engine's score of ``potion`` with ``card`` minus without it."""
    without = tuple(c for c in potion.played if c.id != card.id)
    salts = {s: t for s, t in potion.salt_on.items() if t != card.id}
    if len(salts) != len(potion.salt_on):  # a Salt sat on it: it stays, on the card itself
        return 0 if card.ingredient is None else _added_with_salt(card, potion)
    base = score_potion(without, salts, potion.bonus_tokens).total
    return score_potion((*without, card), salts, potion.bonus_tokens).total - base


def _added_with_salt(card: Card, potion: EndPotion) -> int:
    """A card carrying Salts: without it, the Salts are not counted either."""
    kept = {s: t for s, t in potion.salt_on.items() if t != card.id}
    dropped = {s for s, t in potion.salt_on.items() if t == card.id}
    without = tuple(c for c in potion.played if c.id != card.id and c.id not in dropped)
    base = score_potion(without, kept, potion.bonus_tokens).total
    return score_potion(potion.played, potion.salt_on, potion.bonus_tokens).total - base


__all__ = [
    "afford_table",
    "cost_table",
    "padlock_table",
    "points_per_action_table",
    "reserve_table",
]
