"""Clickable pictures: the core's SVG drawings with transparent buttons laid over their parts.

ipywidgets cannot receive a click inside an SVG string, so a ``PictureMap`` shows the core's
picture (``carnuta_core.svg``) in an ``HTML`` widget and lays a ``HitButton`` over each card,
token or played card that can be clicked. Positions are fractions of the picture, so the
buttons stay on their cards however wide the picture is drawn.

Where each part sits comes from ``carnuta_core.svg`` itself (``slot_box``, ``token_box``,
``hand_boxes``, ``strip_boxes``): the drawing and the buttons read one layout (the browser
test checks that every button covers its card).

A picture scales from its ``viewBox`` to the width it is given, so that the table reflows on
a narrow screen (a tablet, a zoomed page) without scrolling sideways; ``zoom`` is how much
larger than its own size it may grow on a wide screen.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from carnuta_core.errors import ArgumentError
from carnuta_core.svg import Box

__all__ = [
    "Box",
    "Hit",
    "HitButton",
    "PictureMap",
    "svg_size",
]


@dataclass(frozen=True)
class Hit:
    """One clickable part of a picture.

    ``payload`` is what a click means (an ``Action``, or a widget-level choice such as picking
    a Salt); ``legal`` makes it glow (a click on a part that does not glow is answered with the
    engine's reason); ``kind`` picks the CSS look (``take``, ``play``, ``salt``, ``target``,
    ``discard``, ``bonus``, ``pick``; ``selected`` for a chosen Salt or card).
    """

    rect: Box
    label: str
    tip: str
    payload: Any
    legal: bool
    kind: str


_SIZE = re.compile(r'<svg[^>]*?\swidth="([\d.]+)"[^>]*?\sheight="([\d.]+)"')


def svg_size(svg: str) -> tuple[float, float]:
    """The ``width`` and ``height`` of an SVG picture's root element."""
    match = _SIZE.match(svg)
    if not match:
        raise ArgumentError("svg", "not an SVG picture with a width and a height")
    return float(match[1]), float(match[2])


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
        #: Whether the action under the button is legal now (the button glows).
        self.legal = False
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

    def __init__(
        self, on_click: Callable[[HitButton], None], *, name: str, zoom: float | None = None
    ):
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

    def show(self, svg: str, hits: Sequence[Hit], *, active: bool = True) -> None:
        """Show ``svg`` with a button over each hit; ``active=False`` disables them all (not the
        viewer's turn)."""
        width, height = svg_size(svg)
        self.svg_bytes = len(svg.encode())
        if self.picture.value != svg:
            self.picture.value = svg
            self.sent_bytes += self.svg_bytes
        if self.zoom is not None:  # as wide as there is room for, up to ``zoom`` times its size
            self.box.layout.max_width = f"{width * self.zoom:.0f}px"
        if len(self.buttons) < len(hits):
            for _ in range(len(hits) - len(self.buttons)):
                button = HitButton(layout=widgets.Layout(display="none"))
                button.on_click(self._on_click)
                self.buttons.append(button)
            self.box.children = (self.picture, *self.buttons)
        for button, hit in zip(self.buttons, hits, strict=False):
            button.payload = hit.payload
            button.legal = active and hit.legal
            button.description = hit.label
            button.tooltip = hit.tip
            button.disabled = not active
            legal = ("cn-legal",) if button.legal else ()
            button.set_classes(("cn-hit", f"cn-{hit.kind}", *legal))
            layout = button.layout
            layout.left = _pct(hit.rect.x, width)
            layout.top = _pct(hit.rect.y, height)
            layout.width = _pct(hit.rect.w, width)
            layout.height = _pct(hit.rect.h, height)
            show(button, True)
        for button in self.buttons[len(hits) :]:
            button.payload = None
            button.legal = False
            show(button, False)

    def clear(self) -> None:
        """Show nothing: the picture and every button's words emptied, for a screen that must
        not hold what the next player may not see (a hand-over between players)."""
        self.picture.value = ""
        self.svg_bytes = 0
        for button in self.buttons:
            button.payload = None
            button.legal = False
            button.description = ""
            button.tooltip = ""
            show(button, False)

    def visible(self) -> list[HitButton]:
        return [b for b in self.buttons if b.layout.display != "none"]
