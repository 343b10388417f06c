"""Explorers: the kit's graphs and formulas around a game, one click away.

- ``RuneExplorer``: the rune-state graph around a player's runes (``carnuta_core.rune_graph``);
  pick a card and see the cheapest path of rune actions to afford it.
- ``SynergyExplorer``: pick a card or an ingredient and see its neighbourhood in the synergy
  graph (``carnuta_core.synergy``).

Each explorer reads a ``Game`` (or follows a ``PlayTable``'s game), asks the core for every
number and graph, and draws with the core's pictures: cards by ``carnuta_core.svg``, graphs by
the core's matplotlib functions, shown as SVG so that they work the same in JupyterLab and
Voilà. Nothing here computes a rule, a path or a score.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from carnuta_core import Action, Card, Ingredient
from carnuta_core.messages import card_label
from carnuta_core.model import INGREDIENTS

from .common import CardPicker, Explorer, Source, esc, figure_svg, source_game
from .i18n import phrase, t, word
from .rune_view import draw_explorer_graph, explorer_graph

__all__ = ["RuneExplorer", "SynergyExplorer"]


WORDS: dict[str, dict[str, str]] = {
    "en": {
        "rune_title": "Rune explorer",
        "syn_title": "Synergy explorer",
        "seat": "Player",
        "card": "Card",
        "depth": "Actions shown",
        "from_table": "From the table: the market and the hand",
        "refresh": "Refresh from the game",
        "state": "Runes now",
        "state_words": "☀ {s} · ☾ {m} · {e} empty · {p} Padlock(s)",
        "reserve_words": "reserve ☀ {s} ☾ {m}",
        "afford_now": "{card} is affordable now: play it.",
        "afford_in": "{card}: {n} rune action(s) to afford it, then play it ({total} actions).",
        "never": "{card} can never be afforded from here: the runes it asks for are not in play.",
        "path": "Cheapest path",
        "legend": "Grey: Take/Flip Runes · blue dashed: plays · orange dotted: the play that "
        "opens a Padlock · red: the cheapest path.",
        "pick_card": "a card",
        "pick_ingredient": "or an ingredient",
        "scores_on": "scores on",
        "supplied_by": "cards that are it",
        "wanted_by": "cards that score on it",
        "none": "none",
        "points_unit": "{w:.3g} pts each",
        "set": "set",
        "salt_note": "A Salt is wild: it adds one of the ingredient it is stacked on.",
        "flat_note": "Flat points: this card depends on no ingredient.",
        "legend_day": "Day card / ingredient",
        "legend_night": "Night card / ingredient",
        "legend_start": "starting card",
        "legend_salt": "Salt (wild)",
        "legend_per": "scores per ingredient",
        "legend_set": "scores per set",
        "legend_is": "card is that ingredient",
        "once_taken": "A market card: its plays are drawn as if it were in your hand.",
    },
    "fr": {
        "rune_title": "Explorateur des runes",
        "syn_title": "Explorateur des synergies",
        "seat": "Joueur",
        "card": "Carte",
        "depth": "Actions montrées",
        "from_table": "Sur la table : le marché et la main",
        "refresh": "Actualiser depuis la partie",
        "state": "Runes maintenant",
        "state_words": "☀ {s} · ☾ {m} · {e} vide(s) · {p} Cadenas",
        "reserve_words": "Réserve ☀ {s} ☾ {m}",
        "afford_now": "{card} est payable maintenant : posez-la.",
        "afford_in": "{card} : {n} action(s) de runes pour la payer, puis la poser ({total} actions).",
        "never": "{card} ne sera jamais payable d'ici : les runes demandées ne sont pas en jeu.",
        "path": "Chemin le plus court",
        "legend": "Gris : Prendre/Retourner des Runes · bleu tireté : poser · orange pointillé : "
        "poser en retirant un Cadenas · rouge : le chemin le plus court.",
        "pick_card": "une carte",
        "pick_ingredient": "ou un ingrédient",
        "scores_on": "rapporte selon",
        "supplied_by": "cartes de cet ingrédient",
        "wanted_by": "cartes qui rapportent selon lui",
        "none": "aucune",
        "points_unit": "{w:.3g} pts chacun",
        "set": "série",
        "salt_note": "Le Sel est joker : il ajoute un ingrédient de la carte qu'il recouvre.",
        "flat_note": "Points fixes : cette carte ne dépend d'aucun ingrédient.",
        "legend_day": "carte / ingrédient de Jour",
        "legend_night": "carte / ingrédient de Nuit",
        "legend_start": "carte de départ",
        "legend_salt": "Sel (joker)",
        "legend_per": "rapporte par ingrédient",
        "legend_set": "rapporte par série",
        "legend_is": "la carte est cet ingrédient",
        "once_taken": "Une carte du marché : elle est posée ici comme si elle était dans votre main.",
    },
}


def say(lang: str, key: str, **values: object) -> str:
    return phrase(WORDS, lang, key, **values)


# ---------------------------------------------------------------------- rune explorer
class RuneExplorer(Explorer):
    """The rune-state graph around a player's runes, and the cheapest path to afford a card.

    ``source`` is a ``Game`` or a ``PlayTable`` (``follow=True`` redraws after each move at
    the table). ``depth`` is how many actions of the graph around the state are drawn (the
    path to the picked card is always drawn whole).
    """

    def __init__(
        self,
        source: Source,
        *,
        seat: int | None = None,
        card: str | None = None,
        depth: int = 2,
        lang: str = "en",
        follow: bool = False,
    ):
        game = source_game(source)
        self._prepare(source, lang)
        self.w_title = widgets.HTML()
        self.w_seat = widgets.Dropdown(layout=widgets.Layout(width="150px"))
        self.w_card = widgets.Dropdown(layout=widgets.Layout(width="330px"))
        self.w_depth = widgets.IntSlider(
            value=depth,
            min=1,
            max=4,
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.w_state = widgets.HTML()
        self.w_path = widgets.HTML()
        self.w_path.add_class("cn-panel")
        self.w_graph = widgets.HTML()
        self.w_graph.add_class("cn-figure")
        self.w_caption = widgets.HTML()
        self.w_caption.add_class("cn-caption")
        self.picker = CardPicker(self._guard(self._pick), name="rune-pick")
        self.w_picker_title = widgets.HTML()
        self.graph_svg = ""
        header = widgets.VBox(
            [
                self._style,
                widgets.HBox([self.w_title, self.w_refresh]),
                widgets.HBox(
                    [self.w_seat, self.w_card, self.w_depth],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.w_picker_title,
                self.picker.box,
            ]
        )
        side = widgets.VBox([self.w_state, self.w_path, self.out])
        super().__init__(
            header=header,
            center=widgets.VBox([self.w_graph, self.w_caption]),
            right_sidebar=side,
            pane_widths=("0px", "1fr", "320px"),
            grid_gap="8px",
        )
        self._finish(follow)
        self.seat = game.current_player if seat is None else seat
        self.card = card
        self.w_seat.observe(self._guard(self._on_seat), names="value")
        self.w_card.observe(self._guard(self._on_card), names="value")
        self.w_depth.observe(self._guard(self._on_depth), names="value")
        self.refresh()

    # ------------------------------------------------------------- callbacks
    def _pick(self, card: str) -> None:
        self.card = card
        self.refresh()

    def _on_card(self, change: dict[str, Any]) -> None:
        if not self._refreshing and change["new"] and change["new"] != self.card:
            self.card = change["new"]
            self.refresh()

    def _on_seat(self, change: dict[str, Any]) -> None:
        if not self._refreshing and change["new"] is not None and change["new"] != self.seat:
            self.seat = change["new"]
            self.refresh()

    def _on_depth(self, change: dict[str, Any]) -> None:
        if not self._refreshing:
            self.refresh()

    def pick(self, card: str) -> None:
        """Click ``card`` among the table's cards (market or hand)."""
        self.picker.click(card)

    def _state_words(self, state: Any) -> str:
        """``☀ 2 · ☾ 1 · 1 empty · 2 Padlocks | reserve ☀ 2 ☾ 2`` (no emoji: every font has it)."""
        text = say(
            self.lang, "state_words", s=state.suns, m=state.moons, e=state.empty, p=state.locked
        )
        if state.reserve_suns is not None:
            text += " | " + say(
                self.lang, "reserve_words", s=state.reserve_suns, m=state.reserve_moons
            )
        return text

    # ------------------------------------------------------------- drawing
    def _draw(self) -> None:
        """The state, the picked card's path and the graph around, from the game."""
        from carnuta_core.rune_graph import RuneState, actions_to_afford

        game = self.game
        lang = self.lang
        seat = min(self.seat, game.num_players - 1)
        cards = self._table_cards(seat)
        payable = [c for c in game.deck if c.cost]
        if self.card is None or self.card not in {c.id for c in game.deck}:
            self.card = next((c.id for c in cards if c.cost), payable[0].id if payable else None)
        self.w_title.value = f"<h3 style='margin:4px 0'>{esc(say(lang, 'rune_title'))}</h3>"
        self.w_refresh.description = say(lang, "refresh")
        seats = [(t(lang, "player", n=s + 1), s) for s in range(game.num_players)]
        self._set_options(self.w_seat, seats, seat)
        choices = [(card_label(c, lang), c.id) for c in game.deck if c.origin.value != "start"]
        self._set_options(self.w_card, choices, self.card)
        self.w_depth.description = say(lang, "depth")
        self.w_picker_title.value = f"<b>{esc(say(lang, 'from_table'))}</b>"
        self.picker.show(cards, self.card, lang)
        state = RuneState.of(game, seat)
        self.w_state.value = (
            f"<div class='cn-panel'><h4>{esc(say(lang, 'state'))}</h4>"
            f"<div style='font-size:15px' data-state='{esc(state.label)}'>"
            f"{esc(self._state_words(state))}</div></div>"
        )
        if self.card is None:
            return
        card = game.deck[self.card]
        afford = actions_to_afford(state, card, game.rules)
        self.afford = afford
        if afford.actions is None:
            verdict = say(lang, "never", card=card.id)
        elif afford.actions == 0:
            verdict = say(lang, "afford_now", card=card.id)
        else:
            verdict = say(
                lang, "afford_in", card=card.id, n=afford.actions, total=afford.actions + 1
            )
        steps = "".join(
            f"<li><code>{esc(Action.parse(action).notation(lang))}</code> → "
            f"{esc(self._state_words(after))}</li>"
            for action, after in zip(afford.path, afford.states[1:], strict=True)
        )
        self.w_path.value = (
            f"<h4>{esc(say(lang, 'path'))}</h4>"
            f"<div data-actions='{afford.actions}'>{esc(verdict)}</div>"
            + (f"<ol class='cn-path'>{steps}</ol>" if steps else "")
        )
        depth = max(self.w_depth.value, afford.actions or 0)
        graph = self.graph = explorer_graph(game, seat, card, depth)
        columns = depth + 2
        self.graph_svg = figure_svg(
            lambda ax: draw_explorer_graph(
                ax,
                graph,
                start=state,
                path=afford.states,
                lang=lang,
                title=f"{card_label(card, lang)}",
            ),
            (
                min(3.4 * columns, 15.0),
                max(3.8, min(1.0 * graph.number_of_nodes() / columns + 2.4, 10)),
            ),
        )
        self.w_graph.value = f"<div data-focus='{esc(card.id)}'>{self.graph_svg}</div>"
        in_hand = card in game.player(seat).hand
        note = "" if in_hand else " " + say(lang, "once_taken")
        self.w_caption.value = esc(say(lang, "legend") + note)


# ---------------------------------------------------------------------- synergy explorer
class SynergyExplorer(Explorer):
    """A card's or an ingredient's neighbourhood in the synergy graph of the game's deck.

    A card: the ingredients it scores on with the cards that are them, and its own ingredient
    with the cards that score on it (``synergy.ego``). An ingredient: the cards that are it
    and the cards that score on it.
    """

    def __init__(
        self,
        source: Source,
        *,
        card: str | None = None,
        ingredient: Ingredient | str | None = None,
        lang: str = "en",
        follow: bool = False,
    ):
        game = source_game(source)
        self._prepare(source, lang)
        self.w_title = widgets.HTML()
        self.w_card = widgets.Dropdown(layout=widgets.Layout(width="330px"))
        self.w_ingredient = widgets.ToggleButtons(
            options=[], value=None, style={"button_width": "98px"}
        )
        self.w_graph = widgets.HTML()
        self.w_graph.add_class("cn-figure")
        self.w_info = widgets.HTML()
        self.w_info.add_class("cn-panel")
        self.picker = CardPicker(self._guard(self._pick), name="syn-pick")
        self.w_picker_title = widgets.HTML()
        self.w_or = widgets.HTML()
        self.graph_svg = ""
        header = widgets.VBox(
            [
                self._style,
                widgets.HBox([self.w_title, self.w_refresh]),
                widgets.HBox([self.w_card], layout=widgets.Layout(align_items="center")),
                widgets.HBox(
                    [self.w_or, self.w_ingredient], layout=widgets.Layout(align_items="center")
                ),
                self.w_picker_title,
                self.picker.box,
            ]
        )
        super().__init__(
            header=header,
            center=self.w_graph,
            right_sidebar=widgets.VBox([self.w_info, self.out]),
            pane_widths=("0px", "1fr", "320px"),
            grid_gap="8px",
        )
        self._finish(follow)
        self.focus: str = ""
        if ingredient is not None:
            self.focus = (
                Ingredient(ingredient).value if isinstance(ingredient, str) else ingredient.value
            )
        else:
            cards = self._table_cards(game.current_player)
            self.focus = card or (cards[0].id if cards else game.deck[0].id)
        self.w_card.observe(self._guard(self._on_card), names="value")
        self.w_ingredient.observe(self._guard(self._on_ingredient), names="value")
        self.refresh()

    def _pick(self, card: str) -> None:
        self.show(card)

    def _on_card(self, change: dict[str, Any]) -> None:
        if not self._refreshing and change["new"] and change["new"] != self.focus:
            self.show(change["new"])

    def _on_ingredient(self, change: dict[str, Any]) -> None:
        if not self._refreshing and change["new"] and change["new"] != self.focus:
            self.show(change["new"])

    def show(self, focus: str) -> None:
        """Centre the view on a card id or an ingredient name."""
        self.focus = focus
        self.refresh()

    def pick(self, card: str) -> None:
        """Click ``card`` among the table's cards (market or hand)."""
        self.picker.click(card)

    def pick_ingredient(self, ingredient: str) -> None:
        self.w_ingredient.value = ingredient

    def _is_ingredient(self) -> bool:
        return self.focus in {i.value for i in INGREDIENTS}

    def _draw(self) -> None:
        from carnuta_core.synergy import dependencies, ego, ingredient_ego

        game = self.game
        lang = self.lang
        deck = game.deck
        self.w_title.value = f"<h3 style='margin:4px 0'>{esc(say(lang, 'syn_title'))}</h3>"
        self.w_refresh.description = say(lang, "refresh")
        self.w_card.description = say(lang, "card")
        self.w_or.value = esc(say(lang, "pick_ingredient"))
        self.w_picker_title.value = f"<b>{esc(say(lang, 'from_table'))}</b>"
        ingredient_focus = self._is_ingredient()
        self._set_options(
            self.w_card,
            [("—", "")] + [(card_label(c, lang), c.id) for c in deck],
            "" if ingredient_focus else self.focus,
        )
        self._set_options(
            self.w_ingredient,
            [(word(lang, i.value), i.value) for i in INGREDIENTS],
            self.focus if ingredient_focus else None,
        )
        self.picker.show(
            self._table_cards(game.current_player),
            None if ingredient_focus else self.focus,
            lang,
        )
        if ingredient_focus:
            ingredient = Ingredient(self.focus)
            suppliers = [c for c in deck if c.ingredient is ingredient]
            wanting = [(c, d) for c in deck for d in dependencies(c) if d.ingredient is ingredient]
            view = ingredient_ego(ingredient, deck)
            info = self._ingredient_info(ingredient, suppliers, wanting)
            highlight = None
        else:
            card = deck[self.focus]
            view = ego(card, deck)
            info = self._card_info(card, dependencies(card), view)
            highlight = card.id
        self.view = view
        title = word(lang, self.focus) if ingredient_focus else card_label(deck[self.focus], lang)
        self.graph_svg = figure_svg(
            lambda ax: draw_synergy_view(ax, view, highlight=highlight, title=title, lang=lang),
            (7.0, 7.6),
        )
        self.w_graph.value = f"<div data-focus='{esc(self.focus)}'>{self.graph_svg}</div>"
        self.w_info.value = info

    def _card_list(self, cards: Sequence[Card]) -> str:
        return ", ".join(c.id for c in cards) or say(self.lang, "none")

    def _card_info(self, card: Card, deps: Sequence[Any], view: Any) -> str:
        lang = self.lang
        parts = [f"<h4>{esc(card_label(card, lang))}</h4>"]
        if card.is_salt:
            parts.append(f"<p>{esc(say(lang, 'salt_note'))}</p>")
        elif not deps:
            parts.append(f"<p>{esc(say(lang, 'flat_note'))}</p>")
        rows = []
        for dep in deps:
            suppliers = [
                c for c in self.game.deck if c.ingredient is dep.ingredient and c.id in view
            ]
            kind = f" ({say(lang, 'set')})" if dep.is_set else ""
            rows.append(
                f"<tr><td>{esc(word(lang, dep.ingredient.value))}{esc(kind)}</td>"
                f"<td>{esc(say(lang, 'points_unit', w=dep.weight))}</td>"
                f"<td>{esc(self._card_list(suppliers))}</td></tr>"
            )
        if rows:
            parts.append(
                f"<b>{esc(say(lang, 'scores_on'))}</b><table class='cn-list'>{''.join(rows)}</table>"
            )
        if card.ingredient is not None:
            wanting = [
                c.id
                for c in self.game.deck
                if c.id != card.id and any(d.ingredient is card.ingredient for d in _deps(c))
            ]
            parts.append(
                f"<p><b>{esc(say(lang, 'wanted_by'))}</b> ({esc(word(lang, card.ingredient.value))}): "
                f"{esc(', '.join(wanting) or say(lang, 'none'))}</p>"
            )
        return "".join(parts)

    def _ingredient_info(
        self, ingredient: Ingredient, suppliers: Sequence[Card], wanting: Sequence[tuple[Card, Any]]
    ) -> str:
        lang = self.lang
        wanted = "".join(
            f"<tr><td>{esc(c.id)}</td><td>{esc(say(lang, 'points_unit', w=d.weight))}"
            f"{esc(' (' + say(lang, 'set') + ')' if d.is_set else '')}</td></tr>"
            for c, d in sorted(wanting, key=lambda cd: -cd[1].weight)
        )
        return (
            f"<h4>{esc(word(lang, ingredient.value))}</h4>"
            f"<p><b>{esc(say(lang, 'supplied_by'))}</b>: {esc(self._card_list(suppliers))}</p>"
            f"<b>{esc(say(lang, 'wanted_by'))}</b><table class='cn-list'>{wanted}</table>"
        )


def draw_synergy_view(ax: Any, view: Any, *, highlight: str | None, title: str, lang: str) -> None:
    """The core's synergy picture with its words in ``lang``: ingredient and card labels, and
    a legend under the graph, where it covers no card."""
    import networkx as nx
    from matplotlib.lines import Line2D

    from carnuta_core import synergy

    synergy.draw_synergy(view, ax=ax, highlight=highlight, labels=False, title=title)
    ax.get_legend().remove()
    pos = synergy.synergy_layout(view)
    missing = [n for n in view if n not in pos]
    if missing:  # as the core places them
        pos.update(nx.spring_layout(view.subgraph(missing), seed=0))
    for node, data in view.nodes(data=True):
        x, y = pos[node]
        if data["kind"] == "ingredient":
            ax.text(x, y, word(lang, node), ha="center", va="center", fontsize=8.5,
                    color="white", fontweight="bold")  # fmt: skip
        else:
            night = data["colour"] == synergy.NIGHT_COLOUR
            ax.text(x, y, node, ha="center", va="center", fontsize=6.5,
                    color="white" if night else "black")  # fmt: skip

    def dot(colour: str, key: str) -> Line2D:
        return Line2D([], [], marker="o", linestyle="", markerfacecolor=colour,
                      markeredgecolor="#333333", markersize=8, label=say(lang, key))  # fmt: skip

    handles = [
        dot(synergy.DAY_COLOUR, "legend_day"),
        dot(synergy.NIGHT_COLOUR, "legend_night"),
        dot(synergy.START_COLOUR, "legend_start"),
        dot(synergy.SALT_COLOUR, "legend_salt"),
        Line2D([], [], color="#777777", label=say(lang, "legend_per")),
        Line2D([], [], color="#777777", linestyle="--", label=say(lang, "legend_set")),
        Line2D([], [], color="#cccccc", label=say(lang, "legend_is")),
    ]
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=2,
              fontsize=8.5, frameon=False)  # fmt: skip


def _deps(card: Card) -> list[Any]:
    from carnuta_core.synergy import dependencies

    return dependencies(card)
