"""Small pieces the game tables share: HTML escaping, a button, and callbacks whose errors are
shown in an ``Output`` rather than lost.

>>> esc("<R4 & Y-2>")
'&lt;R4 &amp; Y-2&gt;'
>>> make_button("Undo", css="cv-undo", width="90px").description
'Undo'
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

__all__ = ["esc", "make_button", "shown_in"]


def esc(text: object) -> str:
    """``text`` made safe to put in HTML."""
    return html.escape(str(text))


def make_button(
    description: str = "", *, css: str | None = None, width: str = "auto"
) -> widgets.Button:
    """A button ``width`` wide with the CSS class ``css``."""
    button = widgets.Button(description=description, layout=widgets.Layout(width=width))
    if css:
        button.add_class(css)
    return button


def shown_in(out: widgets.Output, handler: Callable[..., None]) -> Callable[..., None]:
    """``handler`` run inside ``out``: in JupyterLab an error in a widget callback is lost
    unless the callback runs inside an ``Output``."""

    def run(*args: Any) -> None:
        with out:
            handler(*args)

    return run
