"""``ScoreLab``: build a potion by clicking cards, Salts and bonus tokens; see its formula, its
value, and what one more ingredient or one more market card would be worth.

Every number comes from the core: counts from ``scoring.ingredient_counts``, points from
``scoring.score_potion`` (the engine's final scoring), each marginal value as the difference of
two such scorings. The formulas come from ``carnuta_core.maths`` (sympy lives only there):
the score pad as formulas in the ingredient counts, and for each ingredient the symbolic
difference one more of it makes.
"""

from __future__ import annotations

import re
from typing import Any

import ipywidgets as widgets

from carnuta_core import Card, Ingredient, Row, maths
from carnuta_core.messages import card_label, scoring_text
from carnuta_core.model import INGREDIENTS
from carnuta_core.scoring import ingredient_counts, score_potion

from .common import CardPicker, Explorer, Source, esc, source_game
from .i18n import phrase, word

__all__ = ["ScoreLab"]

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Score lab",
        "start_from": "Start from",
        "empty": "an empty potion",
        "player": "Player {n}'s potion",
        "load": "Load",
        "clear": "Clear",
        "add": "Add",
        "add_card": "Add a card",
        "market": "The market (click to add)",
        "potion": "The potion (click a card to take it out)",
        "salt_on": "Add a Salt on",
        "tokens": "Bonus tokens",
        "no_cards": "No card yet: add one.",
        "formula": "Formula",
        "value": "Value",
        "total": "Total",
        "count": "count",
        "points": "points",
        "marginal_ingredient": "One more of each ingredient (a Salt or a token)",
        "marginal_card": "Each market card, added to the potion",
        "card": "card",
        "gain": "gain",
        "salt_best": "Salt on {ingredient}",
        "term": "term",
        "now": "now",
        "refresh": "Refresh from the game",
    },
    "fr": {
        "title": "Labo des scores",
        "start_from": "Partir de",
        "empty": "une potion vide",
        "player": "la potion du Joueur {n}",
        "load": "Charger",
        "clear": "Vider",
        "add": "Ajouter",
        "add_card": "Ajouter une carte",
        "market": "Le marché (cliquer pour ajouter)",
        "potion": "La potion (cliquer sur une carte pour la retirer)",
        "salt_on": "Ajouter un Sel sur",
        "tokens": "Jetons bonus",
        "no_cards": "Aucune carte : ajoutez-en une.",
        "formula": "Formule",
        "value": "Valeur",
        "total": "Total",
        "count": "nombre",
        "points": "points",
        "marginal_ingredient": "Un ingrédient de plus (Sel ou jeton)",
        "marginal_card": "Chaque carte du marché, ajoutée à la potion",
        "card": "carte",
        "gain": "gain",
        "salt_best": "Sel sur {ingredient}",
        "term": "terme",
        "now": "maintenant",
        "refresh": "Actualiser depuis la partie",
    },
}


def say(lang: str, key: str, **values: object) -> str:
    return phrase(WORDS, lang, key, **values)


class ScoreLab(Explorer):
    """A potion to experiment with: cards, Salts and bonus tokens, its formula and its value.

    ``source`` (a ``Game`` or a ``PlayTable``) gives the deck, the market to add from and the
    players' potions to start from; ``seat`` loads that player's potion at once.
    """

    def __init__(
        self,
        source: Source,
        *,
        seat: int | None = None,
        lang: str = "en",
        follow: bool = False,
    ):
        source_game(source)  # a Game or a PlayTable, checked now
        self._prepare(source, lang)
        self.played: list[Card] = []
        self.salt_on: dict[str, str] = {}
        self.tokens: list[Ingredient] = []
        self._start_seat: int | None = None
        self.w_title = widgets.HTML()
        self.w_start = widgets.Dropdown(layout=widgets.Layout(width="220px"))
        self.w_load = widgets.Button(layout=widgets.Layout(width="auto"))
        self.w_clear = widgets.Button(layout=widgets.Layout(width="auto"))
        self.w_card = widgets.Dropdown(layout=widgets.Layout(width="330px"))
        self.w_add = widgets.Button(layout=widgets.Layout(width="auto"), button_style="success")
        self.w_salt_label = widgets.HTML()
        self.w_salts = {i: widgets.Button(layout=widgets.Layout(width="auto")) for i in INGREDIENTS}
        self.w_tokens_label = widgets.HTML()
        self.w_tokens = {
            i: widgets.ToggleButton(layout=widgets.Layout(width="auto")) for i in INGREDIENTS
        }
        self.market = CardPicker(self._guard(self._add), name="lab-market", width=66)
        self.potion = CardPicker(self._guard(self._remove), name="lab-potion", width=66)
        self.w_market_title = widgets.HTML()
        self.w_potion_title = widgets.HTML()
        self.w_formula = widgets.HTMLMath()
        self.w_formula.add_class("cn-panel")
        self.w_value = widgets.HTML()
        self.w_value.add_class("cn-panel")
        self.w_marginal = widgets.HTMLMath()
        self.w_marginal.add_class("cn-panel")
        guard = self._guard
        self.w_load.on_click(guard(lambda _b: self.load(self.w_start.value)))
        self.w_clear.on_click(guard(lambda _b: self.load(None)))
        self.w_add.on_click(guard(lambda _b: self._add(self.w_card.value)))
        for ingredient, button in self.w_salts.items():
            button.on_click(guard(lambda _b, i=ingredient: self.add_salt(i)))
        for ingredient, toggle in self.w_tokens.items():
            toggle.observe(
                guard(lambda change, i=ingredient: self._token(i, change)), names="value"
            )
        row = widgets.Layout(flex_flow="row wrap", align_items="center")
        header = widgets.VBox(
            [
                self._style,
                widgets.HBox([self.w_title, self.w_refresh], layout=row),
                widgets.HBox([self.w_start, self.w_load, self.w_clear], layout=row),
                widgets.HBox([self.w_card, self.w_add], layout=row),
                self.w_market_title,
                self.market.box,
                widgets.HBox([self.w_salt_label, *self.w_salts.values()], layout=row),
                widgets.HBox([self.w_tokens_label, *self.w_tokens.values()], layout=row),
            ]
        )
        center = widgets.VBox([self.w_potion_title, self.potion.box, self.w_formula])
        super().__init__(
            header=header,
            center=center,
            right_sidebar=widgets.VBox([self.w_value, self.w_marginal, self.out]),
            pane_widths=("0px", "1fr", "360px"),
            grid_gap="8px",
        )
        self._finish(follow)
        if seat is not None:
            self.load(seat)
        else:
            self.refresh()

    # ----------------------------------------------------------------- the potion
    def load(self, seat: int | None) -> None:
        """Start from ``seat``'s potion in the game (its cards, Salts and tokens), or empty."""
        self.played, self.salt_on, self.tokens = [], {}, []
        if seat is not None:
            view = self.game.player(seat)
            self.played = list(view.played)
            self.salt_on = dict(view.salt_on)
            self.tokens = list(view.bonus_tokens)
        self._start_seat = seat
        self.refresh()

    def _add(self, card_id: str) -> None:
        card = self.game.deck[card_id]
        if card.is_salt:
            options = self._salt_targets()
            if options:
                self.add_salt(next(iter(options)), card.id)
            return
        if card not in self.played:
            self.played.append(card)
        self.refresh()

    def add_card(self, card_id: str) -> None:
        """Choose ``card_id`` in the menu and press Add."""
        self.w_card.value = card_id
        self.w_add.click()

    def _remove(self, card_id: str) -> None:
        self.played = [c for c in self.played if c.id != card_id]
        self.salt_on = {s: t for s, t in self.salt_on.items() if s != card_id}
        # A Salt stacked on a card that leaves goes with it.
        orphans = {s for s, t in self.salt_on.items() if t == card_id}
        self.played = [c for c in self.played if c.id not in orphans]
        self.salt_on = {s: t for s, t in self.salt_on.items() if s not in orphans}
        self.refresh()

    def remove(self, card_id: str) -> None:
        """Click a card of the potion: it leaves the potion."""
        self.potion.click(card_id)

    def _salt_targets(self) -> dict[Ingredient, str]:
        """For each ingredient with a card in the potion, the card a Salt is stacked on."""
        return maths.salt_places(self._maths_potion())

    def _free_salts(self) -> list[Card]:
        used = {c.id for c in self.played}
        return [c for c in self.game.deck if c.is_salt and c.id not in used]

    def add_salt(self, ingredient: Ingredient | str, salt: str | None = None) -> None:
        """Stack a Salt (the next unused one) on the ``ingredient`` column."""
        ingredient = Ingredient(ingredient) if isinstance(ingredient, str) else ingredient
        target = self._salt_targets().get(ingredient)
        free = self._free_salts()
        card = self.game.deck[salt] if salt else (free[0] if free else None)
        if target is None or card is None or card in self.played:
            return
        self.played.append(card)
        self.salt_on[card.id] = target
        self.refresh()

    def click_salt(self, ingredient: Ingredient | str) -> None:
        ingredient = Ingredient(ingredient) if isinstance(ingredient, str) else ingredient
        self.w_salts[ingredient].click()

    def _token(self, ingredient: Ingredient, change: dict[str, Any]) -> None:
        if self._refreshing:
            return
        if change["new"] and ingredient not in self.tokens:
            self.tokens.append(ingredient)
        elif not change["new"] and ingredient in self.tokens:
            self.tokens.remove(ingredient)
        self.refresh()

    def toggle_token(self, ingredient: Ingredient | str) -> None:
        ingredient = Ingredient(ingredient) if isinstance(ingredient, str) else ingredient
        self.w_tokens[ingredient].value = not self.w_tokens[ingredient].value

    # ----------------------------------------------------------------- the core's numbers
    def counts(self) -> dict[Ingredient, int]:
        return ingredient_counts(self.played, self.salt_on, self.tokens)

    def value(self) -> int:
        return score_potion(self.played, self.salt_on, self.tokens).total

    def ingredient_gains(self) -> dict[Ingredient, int]:
        """Points one more of each ingredient adds (what a Salt or a token on it is worth)."""
        base = self.value()
        return {
            i: score_potion(self.played, self.salt_on, [*self.tokens, i]).total - base
            for i in INGREDIENTS
        }

    def card_gains(self) -> list[tuple[Card, int, str]]:
        """Each market card: the points it adds to the potion (a Salt on its best column)."""
        base = self.value()
        out: list[tuple[Card, int, str]] = []
        for row in (Row.DAY, Row.NIGHT):
            for card in self.game.market(row):
                if card is None or card in self.played:
                    continue
                if card.is_salt:
                    best: tuple[int, str] = (0, "")
                    for ingredient, target in self._salt_targets().items():
                        gain = (
                            score_potion(
                                [*self.played, card], {**self.salt_on, card.id: target}, self.tokens
                            ).total
                            - base
                        )
                        if gain > best[0] or not best[1]:
                            best = (gain, ingredient.value)
                    out.append((card, best[0], best[1]))
                else:
                    gain = score_potion([*self.played, card], self.salt_on, self.tokens).total
                    out.append((card, gain - base, ""))
        return sorted(out, key=lambda item: -item[1])

    # ----------------------------------------------------------------- drawing
    def _draw(self) -> None:
        game = self.game
        lang = self.lang
        self.w_title.value = f"<h3 style='margin:4px 0'>{esc(say(lang, 'title'))}</h3>"
        self.w_refresh.description = ""
        self.w_refresh.tooltip = say(lang, "refresh")
        starts = [(say(lang, "empty"), None)] + [
            (say(lang, "player", n=s + 1), s) for s in range(game.num_players)
        ]
        self._set_options(self.w_start, starts, self._start_seat)
        self.w_start.description = say(lang, "start_from")
        self.w_start.style.description_width = "initial"
        self.w_load.description = say(lang, "load")
        self.w_clear.description = say(lang, "clear")
        in_potion = {c.id for c in self.played}
        choices = [
            (card_label(c, lang), c.id)
            for c in game.deck
            if not c.is_salt and c.id not in in_potion
        ]
        value = self.w_card.value if self.w_card.value in dict(choices).values() else None
        self._set_options(self.w_card, choices, value or (choices[0][1] if choices else None))
        self.w_card.description = say(lang, "add_card")
        self.w_card.style.description_width = "initial"
        self.w_add.description = say(lang, "add")
        self.w_market_title.value = f"<b>{esc(say(lang, 'market'))}</b>"
        market = [c for row in (Row.DAY, Row.NIGHT) for c in game.market(row) if c]
        self.market.show([c for c in market if c.id not in in_potion], None, lang)
        self.w_salt_label.value = esc(say(lang, "salt_on"))
        targets = self._salt_targets()
        free = bool(self._free_salts())
        for ingredient, button in self.w_salts.items():
            button.description = word(lang, ingredient.value)
            button.disabled = not (free and ingredient in targets)
        self.w_tokens_label.value = esc(say(lang, "tokens"))
        for ingredient, toggle in self.w_tokens.items():
            toggle.description = word(lang, ingredient.value)
            toggle.value = ingredient in self.tokens
        self.w_potion_title.value = f"<b>{esc(say(lang, 'potion'))}</b>"
        self.potion.show(self.played, None, lang)
        self.w_formula.value = self._formula_html()
        self.w_value.value = self._value_html()
        self.w_marginal.value = self._marginal_html()

    def _maths_potion(self) -> maths.Potion:
        return maths.Potion.of(self.played, self.salt_on, self.tokens)

    def _formula_html(self) -> str:
        lang = self.lang
        head = f"<h4>{esc(say(lang, 'formula'))}</h4>"
        if not self.played:
            return head + f"<p>{esc(say(lang, 'no_cards'))}</p>"
        latex = latex_words(maths.potion_formula(self._maths_potion()).latex(), lang)
        return head + f"<div data-maths='ok' style='overflow-x:auto'>$$ {latex} $$</div>"

    def _value_html(self) -> str:
        lang = self.lang
        pad = score_potion(self.played, self.salt_on, self.tokens)
        counts = self.counts()
        rows = "".join(
            f"<tr><td>{esc(word(lang, i.value))}</td><td>{counts[i]}</td><td>{points}</td></tr>"
            for i, points in pad.rows
            if counts[i] or points
        )
        return (
            f"<h4>{esc(say(lang, 'value'))}: <span data-potion-value='{pad.total}'>{pad.total}</span></h4>"
            f"<table class='cn-list'><tr><th></th><th>{esc(say(lang, 'count'))}</th>"
            f"<th>{esc(say(lang, 'points'))}</th></tr>{rows}</table>"
        )

    def _marginal_html(self) -> str:
        lang = self.lang
        gains = self.ingredient_gains()
        potion = self._maths_potion()

        def why(ingredient: Ingredient) -> str:
            return (
                f"<td>${latex_words(maths.ingredient_gain(potion, ingredient).latex(), lang)}$</td>"
            )

        ingredient_rows = "".join(
            f"<tr><td>{esc(word(lang, i.value))}</td><td data-cn-gain='{i.value}'>{gain:+d}</td>"
            f"{why(i)}</tr>"
            for i, gain in sorted(gains.items(), key=lambda item: -item[1])
        )
        card_rows = "".join(
            f"<tr><td><b>{esc(card.id)}</b> {esc(_name(card, lang))} · {esc(scoring_text(card.scoring, lang))}"
            + (f" ({esc(say(lang, 'salt_best', ingredient=word(lang, note)))})" if note else "")
            + f"</td><td data-cn-gain='{card.id}'>{gain:+d}</td></tr>"
            for card, gain, note in self.card_gains()
        )
        return (
            f"<h4>{esc(say(lang, 'marginal_ingredient'))}</h4>"
            f"<table class='cn-list'>{ingredient_rows}</table>"
            f"<h4>{esc(say(lang, 'marginal_card'))}</h4>"
            f"<table class='cn-list'>{card_rows}</table>"
        )


#: The words ``carnuta_core.maths`` writes in its formulas (``\\text{...}``), in French.
LATEX_FR = {
    **{i.title: word("fr", i.value) for i in INGREDIENTS},
    **{f"one more {i.title}": f"+1 {word('fr', i.value)}" for i in INGREDIENTS},
    "Row": "Rangée",
    "Formula": "Formule",
    "Salt": "Sel",
    "Salts": "Sels",
    "token": "jeton",
    "tokens": "jetons",
}
_LATEX_TEXT = re.compile(r"\\text\{([^{}]*)\}")


def latex_words(latex: str, lang: str) -> str:
    """The maths module's formulas with their words (its ``\\text{...}`` labels: ingredients,
    headings) in ``lang``; the mathematics is unchanged."""
    if lang == "en":
        return latex
    return _LATEX_TEXT.sub(lambda m: rf"\text{{{LATEX_FR.get(m[1], m[1])}}}", latex)


def _name(card: Card, lang: str) -> str:
    return word(lang, card.ingredient.value if card.ingredient else "salt").capitalize()
