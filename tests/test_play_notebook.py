"""The play notebook's page: a real title, and instructions that name what to press or type.

Voilà renders a notebook with nbconvert's ``lab`` template, whose ``<title>`` is the
notebook's ``metadata.title`` (else the file name, ``play``). The instructions name the
allowed actions, the typed-action box and the buttons by the words the table shows, never
by colour or position (WCAG 1.3.3).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from widgets.i18n import UI

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "play.ipynb"
#: Words that point at a colour or a place on the screen instead of naming a control.
SENSORY = re.compile(r"glow|colou?r|orange|red\b|on the right|on the left|above|below", re.I)


def notebook() -> dict:
    return json.loads(NOTEBOOK.read_text(encoding="utf-8"))


def instructions() -> str:
    return "".join(notebook()["cells"][0]["source"])


def name_pattern(words: str) -> re.Pattern[str]:
    """A table's phrase with its card placeholders standing for any card id."""
    return re.compile(re.sub(r"\\\{(card|salt)\\\}", r"[DNS]\\d\\d", re.escape(words)))


def test_the_page_title_is_the_notebooks_heading() -> None:
    from nbconvert import HTMLExporter

    heading = instructions().splitlines()[0].removeprefix("# ")
    assert notebook()["metadata"]["title"] == heading == "Play Carnuta"
    page, _ = HTMLExporter(template_name="lab").from_filename(str(NOTEBOOK))
    assert re.search(r"<title>(.*?)</title>", page, re.S).group(1).strip() == heading


def test_the_instructions_name_controls_not_colours_or_places() -> None:
    text = instructions()
    assert not SENSORY.findall(text)
    # each bold name (but the list's headings, which end with ':') is a control or heading the table shows
    shown = [name_pattern(words) for words in UI["en"].values()]
    named = [n for n in re.findall(r"\*\*(.+?)\*\*", text) if not n.endswith(":")]
    assert [n for n in named if not any(p.fullmatch(n) for p in shown)] == []
    for needed in ("Legal now", "Type an action", "Play", "End turn"):
        assert f"**{needed}**" in text
