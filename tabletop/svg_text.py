"""Writing SVG as text, for any game's pictures: elements whose attributes are written from
Python keywords, numbers written short, and text in a game's own CSS classes.

Each game's picture module makes one ``SvgWriter`` with its text styles (a class name ->
font size and the rest of its CSS), the prefix of those classes and how many decimals its
numbers keep:

>>> svg = SvgWriter({"title": (14, "font-weight:bold")}, class_prefix="cv-", decimals=2)
>>> svg.element("rect", x=1.5, width=2 / 3, data_seat=0, hidden=True, title=None)
'<rect x="1.5" width="0.67" data-seat="0" hidden="true"/>'
>>> svg.text(4, 18.0, "Scores & more", "title")
'<text x="4" y="18" class="cv-title">Scores &amp; more</text>'
>>> svg.text(4, 18, "A long title", "title", 40)  # 40 units of room
'<text x="4" y="18" class="cv-title" textLength="40" lengthAdjust="spacingAndGlyphs">A long title</text>'
>>> svg.text(4, 18, "Left", "title", style="text-anchor:start")
'<text x="4" y="18" class="cv-title" style="text-anchor:start">Left</text>'
>>> svg.group("<circle/>", x=10, scale=0.5, class_="piece")
'<g transform="translate(10,0) scale(0.5)" class="piece"><circle/></g>'
"""

from __future__ import annotations

from collections.abc import Mapping
from xml.sax.saxutils import escape

#: ``"`` written inside an attribute's quotes.
_QUOTE = {'"': "&quot;"}


class SvgWriter:
    """SVG text in one picture family's own conventions: ``styles`` by name (font size, the
    rest of the CSS), written as classes ``class_prefix + name``; floats written with at most
    ``decimals`` decimals, trailing zeros left out."""

    __slots__ = ("styles", "class_prefix", "_number_format")

    def __init__(
        self, styles: Mapping[str, tuple[float, str]], *, class_prefix: str, decimals: int
    ):
        self.styles = styles
        self.class_prefix = class_prefix
        self._number_format = f".{decimals}f"

    def number(self, value: object) -> str:
        """A float with at most the writer's decimals and no trailing zeros; anything else as
        ``str`` gives it."""
        if isinstance(value, float):
            return format(value, self._number_format).rstrip("0").rstrip(".")
        return str(value)

    def attributes(self, attrs: Mapping[str, object]) -> str:
        """``class_`` -> ``class``, ``data_card`` -> ``data-card``; ``None``/``False`` left out,
        ``True`` written ``"true"``."""
        out = []
        for key, value in attrs.items():
            if value is None or value is False:
                continue
            name = key.rstrip("_").replace("_", "-")
            text = "true" if value is True else self.number(value)
            out.append(f' {name}="{escape(text, _QUOTE)}"')
        return "".join(out)

    def element(self, tag: str, content: str = "", /, **attrs: object) -> str:
        """``<tag ...>content</tag>``, or ``<tag .../>`` without content (already SVG text)."""
        if content:
            return f"<{tag}{self.attributes(attrs)}>{content}</{tag}>"
        return f"<{tag}{self.attributes(attrs)}/>"

    def text_width(self, words: str, style: str) -> float:
        """About how wide ``words`` are in ``style``: DejaVu Sans averages 0.6 em a character
        (0.66 in bold)."""
        size, css = self.styles[style]
        return len(words) * size * (0.66 if "bold" in css else 0.6)

    def lines(self, words: str, style: str, room: float) -> list[str]:
        """``words`` broken at spaces into lines about ``room`` wide at most (a single word
        longer than that has a line of its own)."""
        out: list[str] = []
        for word in words.split():
            joined = f"{out[-1]} {word}" if out else word
            if out and self.text_width(joined, style) <= room:
                out[-1] = joined
            else:
                out.append(word)
        return out or [""]

    def text(
        self,
        x: float,
        y: float,
        words: str,
        style: str,
        room: float = 0,
        /,
        *,
        class_: str | None = None,
        **attrs: object,
    ) -> str:
        """``words`` in one of the writer's styles (and the extra ``class_``); squeezed into
        ``room`` if they would not fit. (The arguments before ``/`` are positional, so that
        an inline ``style`` attribute may be given too.)"""
        wide = room > 0 and self.text_width(words, style) > room
        css = self.class_prefix + style
        return self.element(
            "text",
            escape(words),
            x=x,
            y=y,
            class_=f"{css} {class_}" if class_ else css,
            textLength=room if wide else None,
            lengthAdjust="spacingAndGlyphs" if wide else None,
            **attrs,
        )

    def move(self, x: float, y: float, scale: float = 1) -> str | None:
        """A ``transform`` for a group drawn at ``x``, ``y`` and ``scale``, or None if it
        stays put."""
        moves = []
        if x or y:
            moves.append(f"translate({self.number(float(x))},{self.number(float(y))})")
        if scale != 1:
            moves.append(f"scale({self.number(float(scale))})")
        return " ".join(moves) or None

    def group(
        self, content: str, *, x: float = 0, y: float = 0, scale: float = 1, **attrs: object
    ) -> str:
        """A ``<g>`` of ``content`` moved to ``x``, ``y`` and scaled by ``scale``."""
        return self.element("g", content, transform=self.move(x, y, scale), **attrs)

    def rect(self, x: float, y: float, w: float, h: float, **attrs: object) -> str:
        """A rectangle (``x``/``y`` left out at 0)."""
        return self.element("rect", x=x or None, y=y or None, width=w, height=h, **attrs)


__all__ = ["SvgWriter"]
