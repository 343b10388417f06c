"""What the widgets share: the game they read, HTML escaping, the explorers' base, a card
picker and matplotlib figures as inline SVG.

Every widget module imports its shared pieces from here, by their public names.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from carnuta_core import ArgumentError, Card, Game, Row
from carnuta_core.messages import card_label
from carnuta_core.svg import COLOURS, Box, card_svg

from .i18n import check_lang
from .pictures import Hit, HitButton, PictureMap, svg_size
from .table_parts import esc, shown_in

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = [
    "EXPLORER_STYLE",
    "CardPicker",
    "Explorer",
    "Source",
    "esc",
    "figure_svg",
    "source_game",
]

#: What an explorer reads: a ``Game``, or a ``PlayTable`` whose game it follows.
Source = Any

EXPLORER_STYLE = """
<style>
.cn-explorer {{ font-family: DejaVu Sans, Verdana, Arial, sans-serif; color: {ink};
  background: {felt}; border-radius: 10px; padding: 8px; box-sizing: border-box; }}
.cn-explorer .cn-map {{ position: relative; padding: 0; margin: 0; flex: 0 0 auto; }}
.cn-explorer .cn-map > .widget-html, .cn-explorer .cn-map .widget-html-content {{
  margin: 0; padding: 0; line-height: 0; width: 100%; height: auto; }}
.cn-explorer .cn-map svg {{ display: block; width: 100%; height: auto; }}
.cn-explorer .cn-hit {{ position: absolute !important; margin: 0 !important;
  padding: 0 !important; min-width: 0 !important; border: 0 !important; border-radius: 6px;
  background: transparent !important; color: transparent !important; font-size: 0 !important;
  box-shadow: none !important; cursor: pointer; z-index: 2; }}
.cn-explorer .cn-hit:hover {{ outline: 3px solid {current}; }}
.cn-explorer .cn-hit.cn-selected {{ outline: 3px solid {flip};
  box-shadow: 0 0 10px 3px rgba(44,109,181,.55) !important; }}
.cn-explorer .cn-picker {{ gap: 6px; }}
.cn-explorer .widget-html-content, .cn-explorer .widget-htmlmath-content {{ line-height: 1.4; }}
.cn-explorer .cn-figure svg {{ max-width: 100%; height: auto; }}
.cn-explorer .cn-figure {{ background: white; border-radius: 8px; padding: 4px; }}
.cn-explorer .cn-panel {{ background: {panel}; border: 1px solid {faint}; border-radius: 8px;
  padding: 6px 10px; font-size: 14px; }}
.cn-explorer .cn-panel h4 {{ margin: 4px 0; }}
.cn-explorer .cn-path li {{ margin: 2px 0; }}
.cn-explorer .cn-caption {{ font-size: 13px; color: {muted}; }}
.cn-explorer table.cn-list {{ border-collapse: collapse; font-size: 13px; }}
.cn-explorer table.cn-list td, .cn-explorer table.cn-list th {{ padding: 1px 6px;
  border-bottom: 1px solid {faint}; text-align: left; }}
</style>
""".format(**COLOURS)


def source_game(source: Source) -> Game:
    """The game an explorer reads: ``source`` itself, or the game a ``PlayTable`` plays."""
    game = getattr(source, "game", source)
    if not isinstance(game, Game):
        raise ArgumentError(
            "source", f"an explorer reads a Game or a PlayTable, not {type(source).__name__}"
        )
    return game


def figure_svg(draw: Callable[[Axes], object], size: tuple[float, float]) -> str:
    """Draw with a matplotlib function and return the figure as inline SVG.

    A bare ``Figure`` (no pyplot) renders the same in JupyterLab, Voilà and a test; text stays
    text (``svg.fonttype: none``), which keeps the picture small.
    """
    import matplotlib
    from matplotlib.figure import Figure

    with matplotlib.rc_context({"svg.fonttype": "none", "font.family": "DejaVu Sans"}):
        figure = Figure(figsize=size)
        draw(figure.subplots())
        buffer = io.StringIO()
        figure.savefig(buffer, format="svg", bbox_inches="tight")
    text = buffer.getvalue()
    return text[text.index("<svg") :]


# ---------------------------------------------------------------------- card picker
class CardPicker:
    """A row of card pictures (the core's ``card_svg``); a click on one picks it."""

    def __init__(self, on_pick: Callable[[str], None], *, width: float = 90, name: str = "pick"):
        self._on_pick = on_pick
        self.width = width
        self.name = name
        self.maps: list[PictureMap] = []
        self.box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.box.add_class("cn-picker")
        self.cards: list[Card] = []

    def _clicked(self, button: HitButton) -> None:
        if button.payload is not None:
            self._on_pick(button.payload)

    def show(self, cards: Sequence[Card], selected: str | None, lang: str) -> None:
        self.cards = list(cards)
        while len(self.maps) < len(cards):
            picture = PictureMap(self._clicked, name=f"{self.name}{len(self.maps)}")
            picture.box.layout.width = f"{self.width:g}px"
            picture.box.layout.min_width = f"{self.width:g}px"
            self.maps.append(picture)
        for picture, card in zip(self.maps, cards, strict=False):
            svg = card_svg(card, width=self.width, highlight=card.id == selected, lang=lang)
            width, height = svg_size(svg)
            kind = "selected" if card.id == selected else "pick"
            whole = Box(0, 0, width, height)
            picture.show(svg, [Hit(whole, card.id, card_label(card, lang), card.id, True, kind)])
        boxes = tuple(m.box for m in self.maps[: len(cards)])
        if self.box.children != boxes:
            self.box.children = boxes

    def click(self, card: str) -> None:
        """Press the button over ``card`` (for tests and notebooks)."""
        for picture in self.maps[: len(self.cards)]:
            for button in picture.visible():
                if button.payload == card:
                    button.click()
                    return
        raise LookupError(f"{card} is not among the cards shown")


# ---------------------------------------------------------------------- explorers' base
class Explorer(widgets.AppLayout):  # type: ignore[misc]
    """What the explorers share: a source game, a language, errors shown in an ``Output``.

    A subclass builds its widgets between ``_prepare`` and ``_finish`` and draws in ``_draw``.
    """

    def _prepare(self, source: Source, lang: str) -> None:
        """The shared widgets, made before the layout that holds them."""
        self.source = source
        self._refreshing = False
        self.lang = check_lang(lang)
        self.out = widgets.Output()
        self._style = widgets.HTML(EXPLORER_STYLE)
        self.w_refresh = widgets.Button(icon="refresh", layout=widgets.Layout(width="auto"))
        self.w_refresh.on_click(self._guard(lambda _b: self.refresh()))

    def _finish(self, follow: bool) -> None:
        self.add_class("cn-explorer")
        # AppLayout sizes rows in px or fr only; here both rows take their content's height.
        self.layout.grid_template_rows = "auto auto"
        if follow and hasattr(self.source, "on_change"):
            self.source.on_change(self._guard(lambda _table: self.refresh()))

    @property
    def game(self) -> Game:
        return source_game(self.source)

    def _guard(self, handler: Callable[..., None]) -> Callable[..., None]:
        return shown_in(self.out, handler)

    def refresh(self) -> None:
        """Redraw from the game (the menus' observers stay quiet meanwhile)."""
        if self._refreshing:
            return
        self._refreshing = True
        try:
            self._draw()
        finally:
            self._refreshing = False

    def _draw(self) -> None:
        raise NotImplementedError

    @staticmethod
    def _set_options(menu: widgets.Widget, options: list[tuple[str, Any]], value: Any) -> None:
        if list(menu.options) != options:
            menu.options = options
        if menu.value != value:
            menu.value = value

    def _table_cards(self, seat: int) -> list[Card]:
        """The market's cards, then the hand of ``seat``."""
        game = self.game
        market = [c for row in (Row.DAY, Row.NIGHT) for c in game.market(row) if c is not None]
        return market + [c for c in game.player(seat).hand if c not in market]
