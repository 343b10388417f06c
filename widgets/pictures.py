"""Clickable pictures: the core's SVG drawings with transparent buttons laid over their parts.

ipywidgets cannot receive a click inside an SVG string, so a ``PictureMap`` shows the core's
picture (``carnuta_core.svg``) in an ``HTML`` widget and lays a ``HitButton`` over each card,
token or played card that can be clicked. Positions are fractions of the picture, so the
buttons stay on their cards however wide the picture is drawn.

Where each part sits is read from ``carnuta_core.svg``'s layout constants; the functions below
follow its drawing code (the browser test checks that every button covers its card).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from carnuta_core import svg as core_svg
from carnuta_core.game import PlayerView
from carnuta_core.model import INGREDIENTS

__all__ = [
    "Rect",
    "Hit",
    "HitButton",
    "PictureMap",
    "svg_size",
    "market_slot",
    "market_token",
    "hand_cards",
    "played_cards",
]


@dataclass(frozen=True)
class Rect:
    """A rectangle in a picture's own units (its ``viewBox``)."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Hit:
    """One clickable part of a picture.

    ``payload`` is what a click means (an ``Action``, or a widget-level choice such as picking
    a Salt); ``kind`` picks the CSS look (``take``, ``play``, ``salt``, ``target``,
    ``discard``, ``bonus``; ``selected`` for a chosen Salt).
    """

    rect: Rect
    label: str
    tip: str
    payload: Any
    enabled: bool
    kind: str


_SIZE = re.compile(r'<svg[^>]*?\swidth="([\d.]+)"[^>]*?\sheight="([\d.]+)"')


def svg_size(svg: str) -> tuple[float, float]:
    """The ``width`` and ``height`` of an SVG picture's root element."""
    match = _SIZE.match(svg)
    if not match:
        raise ValueError("not an SVG picture with a width and a height")
    return float(match[1]), float(match[2])


# ---------------------------------------------------------------- where things are drawn
def market_slot(row_index: int, slot_index: int) -> Rect:
    """The card in slot ``slot_index`` (0-based) of row ``row_index`` (0 Day, 1 Night)."""
    s = core_svg
    top = s.PAD + row_index * s.ROW_H + 14
    return Rect(s.SLOT_X + slot_index * (s.CARD_W + s.GAP), top, s.CARD_W, s.CARD_H)


def market_token(index: int) -> Rect:
    """The ``index``-th Bonus Ingredient token still in the center."""
    s = core_svg
    x = s.SIDE_X + s.CARD_W + 24 + (index % 4) * 30
    y = s.PAD + 72 + (index // 4) * 30
    return Rect(x, y, 27, 27)


def hand_cards(count: int) -> list[Rect]:
    """The visible part of each hand card in a player's picture (cards overlap past 3)."""
    s = core_svg
    room = 3 * (s.HAND_W + 5) - 5
    step = s.HAND_W + 5 if count <= 3 else (room - s.HAND_W) / (count - 1)
    height = s.CARD_H * s.HAND_SCALE
    rects = []
    for k in range(count):
        width = step if count > 3 and k < count - 1 else s.HAND_W
        rects.append(Rect(s.HAND_X + k * step, 26, width, height))
    return rects


def played_cards(view: PlayerView) -> dict[str, Rect]:
    """Each played card's band in its ingredient column (a Salt a little to the right)."""
    s = core_svg
    columns = view.columns()
    rects = {}
    for k, ingredient in enumerate(INGREDIENTS):
        for j, card in enumerate(columns[ingredient]):
            x = s.COLUMNS_X + k * s.COLUMN_W + (3 if card.is_salt else 0)
            rects[card.id] = Rect(x, 8 + 28 + j * (s.STRIP_H + 1), s.STRIP_W, s.STRIP_H)
    return rects


# --------------------------------------------------------------------------- widgets
def show(widget: widgets.DOMWidget, visible: bool) -> None:
    """Show or hide a widget. Shown is an empty ``display``, not ``None``: the browser
    kernel of the classroom site (Pyodide) drops ``None`` values from widget messages, so a
    widget shown with ``None`` would stay hidden there."""
    widget.layout.display = "" if visible else "none"


class HitButton(widgets.Button):  # type: ignore[misc]
    """A transparent button over part of a picture; ``payload`` says what the click means."""

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.payload: Any = None
        #: The CSS classes last given by ``set_classes``.
        self.classes: tuple[str, ...] = ()

    def set_classes(self, classes: tuple[str, ...]) -> None:
        """Show ``classes`` (and no other class this method gave); unchanged ones send nothing."""
        if classes == self.classes:
            return
        for name in self.classes:
            if name not in classes:
                self.remove_class(name)
        for name in classes:
            if name not in self.classes:
                self.add_class(name)
        self.classes = classes


def _pct(value: float, total: float) -> str:
    return f"{100 * value / total:.3f}%"


class PictureMap:
    """A picture with buttons over its parts. ``show`` redraws it; unchanged values send nothing."""

    def __init__(self, on_click: Callable[[HitButton], None], *, name: str, zoom: float = 1.0):
        self._on_click = on_click
        self.picture = widgets.HTML()
        self.picture.add_class("cn-picture")
        self.buttons: list[HitButton] = []
        self.box = widgets.Box([self.picture], layout=widgets.Layout(width="100%"))
        self.box.add_class("cn-map")
        self.box.add_class(f"cn-map-{name}")
        self.name = name
        self.zoom = zoom
        #: The size of the picture shown, and of all the pictures sent to the page so far.
        self.svg_bytes = 0
        self.sent_bytes = 0

    def show(self, svg: str, hits: Sequence[Hit]) -> None:
        width, height = svg_size(svg)
        self.svg_bytes = len(svg.encode())
        if self.picture.value != svg:
            self.picture.value = svg
            self.sent_bytes += self.svg_bytes
        self.box.layout.max_width = f"{width * self.zoom:.0f}px"
        if len(self.buttons) < len(hits):
            for _ in range(len(hits) - len(self.buttons)):
                button = HitButton(layout=widgets.Layout(display="none"))
                button.on_click(self._on_click)
                self.buttons.append(button)
            self.box.children = (self.picture, *self.buttons)
        for button, hit in zip(self.buttons, hits, strict=False):
            button.payload = hit.payload
            button.description = hit.label
            button.tooltip = hit.tip
            button.disabled = not hit.enabled
            button.set_classes(("cn-hit", f"cn-{hit.kind}"))
            layout = button.layout
            layout.left = _pct(hit.rect.x, width)
            layout.top = _pct(hit.rect.y, height)
            layout.width = _pct(hit.rect.w, width)
            layout.height = _pct(hit.rect.h, height)
            show(button, True)
        for button in self.buttons[len(hits) :]:
            button.payload = None
            show(button, False)

    def visible(self) -> list[HitButton]:
        return [b for b in self.buttons if b.layout.display != "none"]
