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

Scaled down, a wide picture's words would shrink below a readable size and its buttons below
a finger's. So a picture may come with narrower layouts of the same parts (``Fit``: for a
tablet held upright, for a phone), each with a twin of every button. The page shows the layout
that fits the room the picture has, by CSS container queries (no code runs in the browser):
the widest whose smallest word still reads at ``READABLE_PX`` pixels. The others are
``display: none``, out of the tab order and of what a screen reader reads. A twin says and
does what its button does; the Python side only ever presses the wide picture's buttons.
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
    "READABLE_PX",
    "Box",
    "Fit",
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


@dataclass(frozen=True)
class Fit:
    """The picture laid out again in less width: its SVG, and where a part of the wide picture
    (a hit's ``rect``) is drawn in it."""

    svg: str
    place: Callable[[Box], Box]


#: The smallest size a word of a picture is shown at, in CSS pixels.
READABLE_PX = 12

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


def _dress(button: HitButton, hit: Hit, rect: Box, size: tuple[float, float], active: bool) -> None:
    """Give ``button`` what ``hit`` says and put it over ``rect`` of a picture of ``size``."""
    button.payload = hit.payload
    button.legal = active and hit.legal
    button.description = hit.label
    button.tooltip = hit.tip
    button.disabled = not active
    legal = ("cn-legal",) if button.legal else ()
    button.set_classes(("cn-hit", f"cn-{hit.kind}", *legal))
    layout = button.layout
    layout.left = _pct(rect.x, size[0])
    layout.top = _pct(rect.y, size[1])
    layout.width = _pct(rect.w, size[0])
    layout.height = _pct(rect.h, size[1])
    show(button, True)


def _hide(button: HitButton) -> None:
    button.payload = None
    button.legal = False
    show(button, False)


class _FitLayer:
    """A narrower layout's picture and its twin buttons, in a box of their own."""

    def __init__(self, index: int):
        self.picture = widgets.HTML()
        self.picture.add_class("cn-picture")
        self.buttons: list[HitButton] = []
        self.box = widgets.Box([self.picture], layout=widgets.Layout(width="100%"))
        self.box.add_class("cn-fit")
        self.box.add_class(f"cn-fit-{index}")


class PictureMap:
    """A picture with buttons over its parts. ``show`` redraws it; unchanged values send nothing.

    ``text_units`` is the smallest text of the pictures in their own units; it is needed with
    narrower layouts, to choose which one the page shows."""

    def __init__(
        self,
        on_click: Callable[[HitButton], None],
        *,
        name: str,
        zoom: float | None = None,
        text_units: float | None = None,
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
        self.text_units = text_units
        self._fits: list[_FitLayer] = []
        #: The container rules choosing a layout (in a hidden widget: a ``<style>`` applies
        #: wherever it is), and the class naming the widths they were written for.
        self._rules = widgets.HTML(layout=widgets.Layout(display="none"))
        self._widths_class = ""
        #: The size of the pictures shown, and of all the pictures sent to the page so far.
        self.svg_bytes = 0
        self.sent_bytes = 0

    def show(
        self, svg: str, hits: Sequence[Hit], *, active: bool = True, fits: Sequence[Fit] = ()
    ) -> None:
        """Show ``svg`` with a button over each hit, and each narrower layout in ``fits`` with
        a twin of each button; ``active=False`` disables them all (not the viewer's turn)."""
        width, height = svg_size(svg)
        self.svg_bytes = len(svg.encode()) + sum(len(fit.svg.encode()) for fit in fits)
        if self.picture.value != svg:
            self.picture.value = svg
            self.sent_bytes += len(svg.encode())
        if self.zoom is not None:  # as wide as there is room for, up to ``zoom`` times its size
            self.box.layout.max_width = f"{width * self.zoom:.0f}px"
        grown = len(self.buttons) < len(hits)
        for _ in range(len(hits) - len(self.buttons)):
            button = HitButton(layout=widgets.Layout(display="none"))
            button.on_click(self._on_click)
            self.buttons.append(button)
        for button, hit in zip(self.buttons, hits, strict=False):
            _dress(button, hit, hit.rect, (width, height), active)
        for button in self.buttons[len(hits) :]:
            _hide(button)
        widths = [width]
        for index, fit in enumerate(fits, start=1):
            grown = self._show_fit(index, fit, hits, active) or grown
            widths.append(svg_size(fit.svg)[0])
        self._write_rules(widths)
        if grown or len(self.box.children) != 1 + len(self.buttons) + len(self._fits) + 1:
            layers = [layer.box for layer in self._fits]
            self.box.children = (self.picture, *self.buttons, *layers, self._rules)

    def _show_fit(self, index: int, fit: Fit, hits: Sequence[Hit], active: bool) -> bool:
        """Show the ``index``-th narrower layout; whether a layer was added."""
        added = len(self._fits) < index
        if added:
            self._fits.append(_FitLayer(index))
        layer = self._fits[index - 1]
        size = svg_size(fit.svg)
        if layer.picture.value != fit.svg:
            layer.picture.value = fit.svg
            self.sent_bytes += len(fit.svg.encode())
        if self.zoom is not None:
            layer.box.layout.max_width = f"{size[0] * self.zoom:.0f}px"
        if len(layer.buttons) < len(hits):
            for k in range(len(layer.buttons), len(hits)):
                twin = HitButton(layout=widgets.Layout(display="none"))
                # A twin's click is its wide button's: one handler, one payload.
                twin.on_click(lambda _, k=k: self._on_click(self.buttons[k]))
                # Found by the table's focus requests for its wide button (``widgets.assist``),
                # which the page hides whenever this layout is the one shown.
                twin.add_class(f"table-twin-of-{self.buttons[k].model_id}")
                layer.buttons.append(twin)
            layer.box.children = (layer.picture, *layer.buttons)
        for twin, hit in zip(layer.buttons, hits, strict=False):
            _dress(twin, hit, fit.place(hit.rect), size, active)
        for twin in layer.buttons[len(hits) :]:
            _hide(twin)
        return added

    def _write_rules(self, widths: list[float]) -> None:
        """The container queries that show, of the layouts ``widths`` units wide (widest
        first), the widest whose smallest text reads at ``READABLE_PX`` in the room there is."""
        units = f"{self.text_units or 0:g}".replace(".", "_")
        name = "cn-fits-" + "-".join(f"{w:.0f}" for w in widths) + f"-at-{units}"
        if name == self._widths_class:
            return
        if self._widths_class:
            self.box.remove_class(self._widths_class)
        self.box.add_class(name)
        self._widths_class = name
        if len(widths) == 1:
            self._rules.value = ""
            return
        if self.text_units is None:
            raise ArgumentError("text_units", "needed to choose between a picture's layouts")
        own = f".{name}"
        rules = [
            f"{own} {{ container-type: inline-size; }}",
            f"{own} > .cn-fit {{ display: none !important; position: relative; margin: 0 auto;"
            " overflow: visible; }",
            f"{own} .cn-fit > .widget-html, {own} .cn-fit .widget-html-content {{ margin: 0;"
            " padding: 0; line-height: 0; width: 100%; height: auto; }",
            f"{own} .cn-fit svg {{ display: block; width: 100%; height: auto; }}",
        ]
        for index, wide in enumerate(widths[:-1]):
            below = wide * READABLE_PX / self.text_units
            hide = (
                f"{own} > .cn-picture, {own} > .cn-hit"
                if index == 0
                else f"{own} > .cn-fit-{index}"
            )
            rules.append(
                f"@container (max-width: {below - 0.01:.2f}px) {{ {hide} {{ display: none"
                f" !important; }} {own} > .cn-fit-{index + 1} {{ display: flex !important; }} }}"
            )
        self._rules.value = "<style>" + "\n".join(rules) + "</style>"

    def clear(self) -> None:
        """Show nothing: the picture and every button's words emptied, for a screen that must
        not hold what the next player may not see (a hand-over between players)."""
        self.picture.value = ""
        self.svg_bytes = 0
        for button in self.buttons + [b for layer in self._fits for b in layer.buttons]:
            button.payload = None
            button.legal = False
            button.description = ""
            button.tooltip = ""
            show(button, False)
        for layer in self._fits:
            layer.picture.value = ""

    def visible(self) -> list[HitButton]:
        """The wide picture's buttons shown now (each narrower layout's twins do the same)."""
        return [b for b in self.buttons if b.layout.display != "none"]

    def twins(self) -> list[list[HitButton]]:
        """Each narrower layout's twin buttons, in the order of the wide picture's buttons."""
        return [layer.buttons for layer in self._fits]
