"""Contrast of the play tables (Carnuta, Carnival, Carcata, Karnak), computed from the colours their code uses (WCAG 2.2, 1.4.3
and 1.4.11): text 4.5:1 or more, the focus ring, the glow of a legal card, badges and type
letters 3:1 or more; the glow also under simulated deuteranopia (Machado, Oliveira and
Fernandes, 2009, severity 1), against the Day and Night cards it surrounds.

Every colour is read from the SVG modules' colour tables and from the tables' style sheets
(``STYLE``, ``SHARED_STYLE``), never copied here: a colour changed there is checked here.
"""

from __future__ import annotations

import re

import pytest

from carcata_core import svg as carcata_svg
from carnival_core import svg as carnival_svg
from carnuta_core import svg as carnuta_svg
from karnak_core import svg as karnak_svg
from widgets import carcata_table, carnival_table, karnak_table, play_table, seated_table

TEXT = 4.5
GRAPHIC = 3.0
#: Deuteranopia (severity 1) in linear RGB: Machado, Oliveira and Fernandes (2009), table 1.
DEUTERANOPIA = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)
HEX = re.compile(r"#[0-9a-fA-F]{6}\b")


def linear(colour: str) -> tuple[float, float, float]:
    """The colour's sRGB channels, linearised."""
    digits = colour.lstrip("#")
    channels = [int(digits[k : k + 2], 16) / 255 for k in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return r, g, b


def luminance(rgb: tuple[float, float, float]) -> float:
    r, g, b = rgb
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: str, b: str, *, seen: bool = False) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours (``seen``: as a deuteranope sees them)."""

    def lum(colour: str) -> float:
        rgb = linear(colour)
        if seen:
            rgb = tuple(  # type: ignore[assignment]
                min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True))))
                for row in DEUTERANOPIA
            )
        return luminance(rgb)

    high, low = sorted((lum(a), lum(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def css_rules(css: str) -> dict[str, dict[str, str]]:
    """Each selector of a style sheet with its declarations (``!important`` dropped)."""
    rules: dict[str, dict[str, str]] = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", re.sub(r"</?style>", "", css)):
        declarations = {}
        for part in body.split(";"):
            if ":" in part:
                name, value = part.split(":", 1)
                declarations[name.strip()] = value.replace("!important", "").strip()
        for selector in selectors.split(","):
            rules.setdefault(" ".join(selector.split()), {}).update(declarations)
    return rules


def colour_of(rules: dict[str, dict[str, str]], selector: str, prop: str) -> str:
    """The ``#rrggbb`` colour in ``prop`` of ``selector`` (``white`` is ``#ffffff``)."""
    value = rules[selector][prop].replace("white", "#ffffff")
    found = HEX.search(value)
    assert found, f"{selector} {{{prop}: {value}}} has no #rrggbb colour"
    return found[0].lower()


CARNUTA = css_rules(play_table.STYLE)
CARNIVAL = css_rules(carnival_table.STYLE)
CARCATA = css_rules(carcata_table.STYLE)
KARNAK = css_rules(karnak_table.STYLE)
SHARED = css_rules(
    seated_table.SHARED_STYLE.format(
        css="cn", ring=seated_table.FOCUS_RING, gap=seated_table.FOCUS_GAP, go=seated_table.GO
    )
)
C = carnuta_svg.COLOURS
V = carnival_svg.COLOURS
A = carcata_svg.COLOURS
K = karnak_svg.COLOURS
#: The light grounds the tables' words and outlines sit on: the felt and the panels.
GROUNDS = {
    "felt": C["felt"],
    "panel": C["panel"],
    "carnival felt": V["felt"],
    "Carcata table": colour_of(CARCATA, ".ca-table", "background"),
    "Carcata panel": A["panel"],
    "Karnak table": colour_of(KARNAK, ".ka-table", "background"),
    "Karnak panel": K["panel"],
}
#: The card faces a focused or glowing card button surrounds.
CARD_FACES = {
    "Day": C["day"],
    "Night": C["night"],
    "start": C["start"],
    "Mask": V["mask"],
    **{f"type {k}": tint for k, tint in carnival_svg.CREATURE_TINTS.items()},
}


def text_pairs() -> list[tuple[str, str, str]]:
    """(what, text colour, background) for every kind of text on the tables."""
    pairs = [
        (
            "End turn",
            colour_of(CARNUTA, ".cn-end.cn-legal", "color"),
            colour_of(CARNUTA, ".cn-end.cn-legal", "background"),
        ),
        (
            "Take runes (sun)",
            colour_of(CARNUTA, ".cn-sun.cn-legal", "color"),
            colour_of(CARNUTA, ".cn-sun.cn-legal", "background"),
        ),
        (
            "Take runes (moon)",
            colour_of(CARNUTA, ".cn-moon.cn-legal", "color"),
            colour_of(CARNUTA, ".cn-moon.cn-legal", "background"),
        ),
        (
            "Sickle",
            colour_of(CARNUTA, ".cn-sickle.cn-legal", "color"),
            colour_of(CARNUTA, ".cn-sickle.cn-legal", "background"),
        ),
        (
            "a button not usable now",
            colour_of(CARNUTA, ".cn-bar .jupyter-button.cn-idle", "color"),
            colour_of(CARNUTA, ".cn-bar .jupyter-button.cn-idle", "background"),
        ),
        (
            "New game",
            colour_of(SHARED, ".cn-table .cn-new.mod-success", "color"),
            colour_of(SHARED, ".cn-table .cn-new.mod-success", "background"),
        ),
        (
            "status line",
            colour_of(CARNUTA, ".cn-status", "color"),
            colour_of(CARNUTA, ".cn-status", "background"),
        ),
        (
            "status line, game over",
            colour_of(CARNUTA, ".cn-status.cn-over", "color"),
            colour_of(CARNUTA, ".cn-status.cn-over", "background"),
        ),
        (
            "Carnival status",
            colour_of(CARNIVAL, ".cv-status", "color"),
            colour_of(CARNIVAL, ".cv-status", "background"),
        ),
        (
            "Carnival reveal status",
            colour_of(CARNIVAL, ".cv-status", "color"),
            colour_of(CARNIVAL, ".cv-status.cv-reveal", "background"),
        ),
        (
            "Carnival status, game over",
            colour_of(CARNIVAL, ".cv-status.cv-over", "color"),
            colour_of(CARNIVAL, ".cv-status.cv-over", "background"),
        ),
        (
            "Carnival Next",
            colour_of(CARNIVAL, ".cv-next:enabled", "color"),
            colour_of(CARNIVAL, ".cv-next:enabled", "background"),
        ),
        *[
            (f"Carcata {what}", "#ffffff", colour_of(CARCATA, selector, "background"))
            for what, selector in (
                ("status", ".ca-status"),
                ("status, a bot thinking", ".ca-status.ca-thinking"),
                ("status, game over", ".ca-status.ca-over"),
                ("die pressed", ".ca-dice .widget-toggle-button.mod-active"),
            )
        ],
        *[
            (f"Karnak {what}", "#ffffff", colour_of(KARNAK, selector, "background"))
            for what, selector in (
                ("status", ".ka-status"),
                ("status, a bot thinking", ".ka-status.ka-thinking"),
                ("status, game over", ".ka-status.ka-over"),
                ("choice pressed", ".ka-actions .ka-picked"),
            )
        ],
        ("Counter step (the one reached)", C["light"], C["ink"]),
        ("×2 badge", C["light"], C["current"]),
        ("deck name in the status bar", C["faint"], C["status"]),
        ("Day card", C["day-ink"], C["day"]),
        ("Night card", C["night-ink"], C["night"]),
        ("starting card", C["start-ink"], C["start"]),
        ("Mask's word", V["mask-ink"], V["mask"]),
    ]
    # Words and tags drawn on a light ground: the muted labels, the tags, the type letters.
    on_light = {
        "refusal": colour_of(CARNUTA, ".cn-prompt .cn-refused", "color"),
        "message": colour_of(CARNUTA, ".cn-message", "color"),
        "Carnival message": colour_of(CARNIVAL, ".cv-message", "color"),
        "Carcata message": colour_of(CARCATA, ".ca-message", "color"),
        "Carcata legal actions": colour_of(CARCATA, ".ca-legal", "color"),
        "Carcata ink": colour_of(CARCATA, ".ca-table", "color"),
        "Karnak message": colour_of(KARNAK, ".ka-message", "color"),
        "Karnak legal actions": colour_of(KARNAK, ".ka-legal", "color"),
        "Karnak explanations": colour_of(KARNAK, ".ka-designs .ka-explain", "color"),
        "Karnak ink": colour_of(KARNAK, ".ka-table", "color"),
        "why (Carnuta)": colour_of(CARNUTA, ".cn-explain .cn-why", "color"),
        "why (Carnival)": colour_of(CARNIVAL, ".cv-explain .cv-why", "color"),
        "muted labels (Carnuta)": C["muted"],
        "muted labels (Carnival)": V["muted"],
        "'to play' tag (Carnuta)": C["current-ink"],
        "'winner' tag (Carnuta)": C["winner-ink"],
        "'to play' tag (Carnival)": V["current-ink"],
        "'winner' tag (Carnival)": V["winner-ink"],
        **{f"type letter {k}": ink for k, ink in carnival_svg.CREATURE_INKS.items()},
    }
    for what, ink in on_light.items():
        pairs += [(f"{what} on the {where}", ink, ground) for where, ground in GROUNDS.items()]
    # A text style whose own CSS gives it a colour is drawn on a light ground, but for the
    # Mask's words (checked on the Mask above).
    for module, prefix in ((carnuta_svg, "cn"), (carnival_svg, "cv")):
        for name, (_size, css) in module.TEXT_STYLES.items():
            found = HEX.search(css)
            if found and found[0] != V["mask-ink"]:
                pairs += [
                    (f"SVG text .{prefix}-{name} on the {where}", found[0], ground)
                    for where, ground in GROUNDS.items()
                ]
    return pairs


def outline_pairs() -> list[tuple[str, str, str]]:
    """(what, outline colour, what it stands against) for glows, rings and edges."""
    glows = {
        "legal card": colour_of(CARNUTA, ".cn-hit.cn-legal", "outline"),
        "legal discard": colour_of(CARNUTA, ".cn-hit.cn-discard.cn-legal", "outline-color"),
        "Salt target": colour_of(CARNUTA, ".cn-hit.cn-target.cn-legal", "outline"),
        "Carnival pick": colour_of(CARNIVAL, ".cv-table .cn-hit.cn-pick:enabled", "outline"),
        "Carnival chosen": colour_of(CARNIVAL, ".cv-table .cn-hit.cn-selected", "outline"),
        "Carnival Mask target": colour_of(CARNIVAL, ".cv-table .cn-hit.cn-hide:enabled", "outline"),
        "Carnival place": colour_of(CARNIVAL, ".cv-table .cn-hit.cn-target:enabled", "outline"),
        "Carnival refused place": colour_of(
            CARNIVAL, ".cv-table .cn-hit.cn-refused:enabled", "outline"
        ),
        "focus ring": colour_of(SHARED, ".cn-table .cn-hit.cn-hit:focus-visible", "outline"),
        "current player's edge (Carnuta)": C["current"],
        "current player's edge (Carnival)": V["current"],
    }
    return [
        (f"{what} on the {where}", colour, ground)
        for what, colour in glows.items()
        for where, ground in GROUNDS.items()
    ]


@pytest.mark.parametrize(("what", "ink", "ground"), text_pairs(), ids=lambda v: str(v))
def test_text_has_contrast(what: str, ink: str, ground: str) -> None:
    assert ratio(ink, ground) >= TEXT, f"{what}: {ink} on {ground} is {ratio(ink, ground):.2f}:1"


@pytest.mark.parametrize(("what", "colour", "ground"), outline_pairs(), ids=lambda v: str(v))
def test_outlines_and_glows_have_contrast(what: str, colour: str, ground: str) -> None:
    got = ratio(colour, ground)
    assert got >= GRAPHIC, f"{what}: {colour} against {ground} is {got:.2f}:1"


@pytest.mark.parametrize("face", CARD_FACES)
def test_the_focus_ring_stands_out_against_every_card(face: str) -> None:
    """Dark ring and white gap: against any card one of them is 3:1 or more, and the two
    against each other too."""
    rule = SHARED[".cn-table .cn-hit.cn-hit:focus-visible"]
    ring = colour_of(SHARED, ".cn-table .cn-hit.cn-hit:focus-visible", "outline")
    gap = HEX.search(rule["box-shadow"].replace("white", "#ffffff"))
    assert gap
    card = CARD_FACES[face]
    assert max(ratio(ring, card), ratio(gap[0], card)) >= GRAPHIC
    assert ratio(ring, gap[0]) >= GRAPHIC
    assert int(rule["outline"].split("px")[0]) >= 2


@pytest.mark.parametrize("pay", ["flip", "return"])
@pytest.mark.parametrize("card", ["day", "night", "start"])
def test_cost_badges_stand_out_on_every_card(pay: str, card: str) -> None:
    """A cost badge (flip: blue, return: red) has a white rim: the badge or its rim is 3:1 or
    more against the card, and the rim against the badge too."""
    badge, rim, face = C[pay], C["light"], C[card]
    assert max(ratio(badge, face), ratio(rim, face)) >= GRAPHIC
    assert ratio(rim, badge) >= GRAPHIC


@pytest.mark.parametrize("letter", sorted(carnival_svg.CREATURE_TINTS))
def test_carnival_cards_letters_and_symbols_read_on_their_face(letter: str) -> None:
    """On a Creature card the value and letter are ink on the type's tint; the symbol is
    outlined in ink."""
    tint = carnival_svg.CREATURE_TINTS[letter]
    assert ratio(V["ink"], tint) >= TEXT
    assert max(ratio(V["ink"], tint), ratio(carnival_svg.CREATURE_COLOURS[letter], tint)) >= (
        GRAPHIC
    )


def test_the_focus_ring_is_not_the_glow() -> None:
    """Focus and legality look different: another colour, 3:1 apart."""
    ring = colour_of(SHARED, ".cn-table .cn-hit.cn-hit:focus-visible", "outline")
    glow = colour_of(CARNUTA, ".cn-hit.cn-legal", "outline")
    assert ratio(ring, glow) >= GRAPHIC


@pytest.mark.parametrize("card", ["day", "night"])
def test_the_glow_shows_under_deuteranopia(card: str) -> None:
    """A deuteranope sees the glow of a legal card against the felt and against the card."""
    glow = colour_of(CARNUTA, ".cn-hit.cn-legal", "outline")
    for ground in (C["felt"], C["panel"]):
        assert ratio(glow, ground, seen=True) >= GRAPHIC
    # On a dark Night card the felt between glow and card carries the contrast.
    against = C[card] if card == "day" else C["felt"]
    assert ratio(glow, against, seen=True) >= GRAPHIC, ratio(glow, against, seen=True)


def test_the_contrast_check_can_fail() -> None:
    """The old orange glow and End turn's white on orange are caught."""
    assert ratio("#ff7f0e", C["felt"]) < GRAPHIC
    assert ratio("#ffffff", "#ff7f0e") < TEXT
    assert round(ratio("#ffffff", "#000000"), 2) == 21.0
    assert (
        css_rules(
            "<style>.a, .b {{ color: #123456 !important; }}</style>".replace("{{", "{").replace(
                "}}", "}"
            )
        )[".b"]["color"]
        == "#123456"
    )
