"""What the games' SVG tests share: reading a picture back as XML, finding its elements by
CSS class, and the words it draws."""

from __future__ import annotations

import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{NS}svg"
    return root


def find(root: ET.Element, css_class: str) -> list[ET.Element]:
    return [e for e in root.iter() if css_class in (e.get("class") or "").split()]


def words_in(element: ET.Element) -> str:
    """The words drawn in ``element`` (its ``<text>`` elements, not its title or style)."""
    return " ".join("".join(e.itertext()) for e in element.iter(f"{NS}text"))
