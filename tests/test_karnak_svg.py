"""Karnak's pictures: well-formed, every cell and piece drawn and named in both languages,
height drawn as height, shapes and colours readable without colour, the marks a lesson asks
for, enough contrast, and the same text every time; the game's picture shows each seat's
public side and hides the hands it should."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from karnak_core import svg
from karnak_core.errors import ArgumentError
from karnak_core.game import Game
from karnak_core.mat import MAT, SHAPES, Building, MatLayout, piece, shape_of
from karnak_core.svg import building_svg, describe, game_svg, piece_title
from tests.svg_support import NS, find, parse, words_in
from tests.test_contrast import GRAPHIC, TEXT, ratio


def staged() -> Building:
    """A stack of three on c4 beside a cube on d4 (one structure), a white triangle on the
    water at b1, a yellow statue on g2 held by a Priest on g3, a Priest on a5."""
    b = Building.empty()
    for name, pieces in {
        "c4": [("cube", "yellow"), ("disk", "white"), ("cube", "yellow")],
        "d4": [("cube", "yellow")],
        "b1": [("triangle", "white")],
        "g2": [("statue", "yellow")],
        "f5": [("rod", "white"), ("statue", "yellow")],
    }.items():
        for shape, colour in pieces:
            b = b.put(MAT.cell(name), piece(shape, colour))
    return b.add_priest(MAT.cell("g3")).add_priest(MAT.cell("a5"))


BUILDING = staged()
PICTURES = {
    lang: building_svg(
        BUILDING,
        highlight=["e5", "c4", "h1"],
        structures=BUILDING.structures()[:1],
        frozen=True,
        lang=lang,
    )
    for lang in ("en", "fr")
}
TRANSLATE = re.compile(r"translate\(([-\d.]+),([-\d.]+)\)")


def place(element: object) -> tuple[float, float]:
    found = TRANSLATE.search(element.get("transform") or "")  # type: ignore[attr-defined]
    assert found, "a piece is drawn where its transform puts it"
    return float(found[1]), float(found[2])


def title_of(element: object) -> str:
    title = element.find(f"{NS}title")  # type: ignore[attr-defined]
    assert title is not None and title.text
    return str(title.text)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_cell_and_piece_is_drawn_once_and_named(lang: str) -> None:
    root = parse(PICTURES[lang])
    cells = find(root, "karnak-cell")
    assert [e.get("data-cell") for e in cells] == list(MAT.names)
    assert {e.get("data-cell"): e.get("data-marking") for e in cells}["b1"] == "water"
    pieces = find(root, "karnak-piece")
    assert sorted((MAT.cell(e.get("data-cell") or ""), int(e.get("data-level") or 0))
                  for e in pieces) == sorted(BUILDING.spots())  # fmt: skip
    for element in pieces:
        spot = (MAT.cell(element.get("data-cell") or ""), int(element.get("data-level") or 0))
        assert title_of(element).startswith(piece_title(BUILDING, spot, lang=lang))
        assert element.get("data-shape") == shape_of(BUILDING.code(spot))
    priests = find(root, "karnak-priest")
    assert sorted(e.get("data-cell") or "" for e in priests) == ["a5", "g3"]
    assert all(words_in(e) == "P" for e in priests)
    assert root.get("role") == "img"
    assert root.get("aria-label") == describe(
        BUILDING, lang=lang, highlight=[MAT.cell(n) for n in ("e5", "c4", "h1")]
    )


def test_the_titles_speak_each_language() -> None:
    assert piece_title(BUILDING, (MAT.cell("c4"), 1)) == "white disk on c4, level 1"
    assert piece_title(BUILDING, (MAT.cell("c4"), 2), lang="fr") == "cube jaune en c4, niveau 2"
    assert piece_title(BUILDING, (MAT.cell("b1"), 0), lang="fr") == "triangle blanc en b1, niveau 0"
    english = parse(PICTURES["en"])
    french = parse(PICTURES["fr"])
    titles = [title_of(e) for e in find(french, "karnak-piece")]
    assert "statue jaune en g2, niveau 0, gelée" in titles
    assert "statue jaune en f5, niveau 1" in titles
    assert "prêtre en g3" in [title_of(e) for e in find(french, "karnak-priest")]
    assert "yellow statue on g2, level 0, frozen" in [
        title_of(e) for e in find(english, "karnak-piece")
    ]
    cells = {e.get("data-cell"): title_of(e) for e in find(french, "karnak-cell")}
    assert cells["b1"] == "b1, eau" and cells["e1"] == "e1, bateau"
    assert cells["f5"] == "f5, pointillés" and cells["e5"] == "e5, peut recevoir une pièce"
    assert (
        "Plateau de Karnak : 8 pièces (5 jaunes, 3 blanches) sur 5 cases, 3 niveaux au plus ; 2 prêtres (g3, a5) ; 2 structures"
        in (french.get("aria-label") or "")
    )
    text = words_in(french)
    for word in ("disque", "bâton", "prêtre", "gelé", "hachuré"):
        assert word in text, word
    for word in ("disk", "rod", "Priest", "frozen"):
        assert word not in text, word


def test_higher_levels_are_drawn_higher() -> None:
    root = parse(PICTURES["en"])
    stack = sorted(
        (int(e.get("data-level") or 0), place(e))
        for e in find(root, "karnak-piece")
        if e.get("data-cell") == "c4"
    )
    assert [level for level, _ in stack] == [0, 1, 2]
    xs = {x for _, (x, _) in stack}
    ys = [y for _, (_, y) in stack]
    assert len(xs) == 1 and ys[0] > ys[1] > ys[2]
    assert ys[0] - ys[1] == pytest.approx(svg.LEVEL_H)
    # Side by side at the same level, on the same row: the same height.
    d4 = next(e for e in find(root, "karnak-piece") if e.get("data-cell") == "d4")
    assert place(d4)[1] == ys[0]
    # The mat's rows go back: the back row is drawn above the front one.
    cells = {e.get("data-cell"): e for e in find(root, "karnak-cell")}
    assert cells["a6"].get("data-height") == "0" and cells["c4"].get("data-height") == "3"


def test_shape_and_colour_read_without_colour() -> None:
    for lang in ("en", "fr"):
        root = parse(PICTURES[lang])
        for element in find(root, "karnak-piece"):
            shape = element.get("data-shape") or ""
            letter = svg.SHAPE_LETTERS[lang][SHAPES.index(shape)]
            white = element.get("data-colour") == "white"
            assert words_in(element) == (letter.lower() if white else letter)
            fills = {e.get("fill") for e in element.iter(f"{NS}polygon")}
            assert ("url(#kk-hatch)" in fills) is white
    assert svg.SHAPE_LETTERS["fr"][SHAPES.index("rod")] == "B"
    assert len(set(svg.SHAPE_LETTERS["en"])) == len(SHAPES)


def test_the_marks_a_lesson_asks_for() -> None:
    root = parse(PICTURES["en"])
    legal = [e.get("data-cell") for e in find(root, "karnak-legal")]
    assert legal == ["h1", "c4", "e5"]
    # A highlighted stack shows where the next piece would stand.
    spots = find(root, "karnak-spot")
    assert [(e.get("data-cell"), e.get("data-level")) for e in spots] == [("c4", "3")]
    # The outlined structure: each of its pieces, numbered.
    structure = BUILDING.structures()[0]
    outlined = [e for e in find(root, "karnak-piece") if e.get("data-structure")]
    assert {(MAT.cell(e.get("data-cell") or ""), int(e.get("data-level") or 0))
            for e in outlined} == set(structure)  # fmt: skip
    assert len(find(root, "karnak-outline")) == len(structure)
    # Frozen pieces carry the snowflake: white, covered, or held through the Priest on g3.
    for element in find(root, "karnak-piece"):
        spot = (MAT.cell(element.get("data-cell") or ""), int(element.get("data-level") or 0))
        marked = bool(find(element, "karnak-frozen"))
        assert marked == BUILDING.is_frozen(spot) == (element.get("data-frozen") == "true")
    plain = parse(building_svg(BUILDING))
    assert not find(plain, "karnak-legal") and not find(plain, "karnak-spot")
    assert not find(plain, "karnak-outline") and not find(plain, "karnak-frozen")
    assert all("frozen" not in title_of(e) for e in find(plain, "karnak-piece"))


def test_the_output_is_stable_and_shows_in_a_notebook() -> None:
    again = building_svg(
        staged(),
        highlight=["c4", "e5", "h1"],
        structures=BUILDING.structures()[:1],
        frozen=True,
    )
    assert again == PICTURES["en"]
    assert BUILDING._repr_svg_() == building_svg(BUILDING)
    scaled = parse(building_svg(BUILDING, size=400))
    assert scaled.get("width") == "400"
    assert float(scaled.get("height") or 0) < 400


def test_text_is_large_enough() -> None:
    assert svg.SMALLEST_TEXT >= 11
    # The key's sample block and Priest are drawn smaller: their letters still 11 or more.
    smallest_sample = min(svg.TEXT_STYLES[s][0] for s in ("letter", "priest")) * svg.KEY_SCALE
    assert smallest_sample >= 11


def test_text_and_marks_have_contrast() -> None:
    c = svg.COLOURS
    yellow, white = svg.FACE_FILLS["yellow"], svg.FACE_FILLS["white"]
    pairs = [
        ("letter on a yellow front", c["ink"], yellow[1]),
        ("letter on a white front", c["ink"], white[1]),
        ("letter across the hatching", c["ink"], c["hatch"]),
        ("P on a Priest", c["light"], c["priest"]),
        ("column letters and row numbers", c["ink"], c["ground"]),
        ("the key", c["ink"], c["ground"]),
        ("a seat's words", c["ink"], c["panel"]),
        ("a Design card's words", c["ink"], c["card"]),
        ("the count on a Design back", c["light"], c["back"]),
        ("the count on a Favor back", c["light"], c["favor-back"]),
    ]
    inks = {ink for _, ink, _ in pairs}
    for name, (_size, css) in svg.TEXT_STYLES.items():
        assert "fill:" in css and css.split("fill:")[1][:7] in inks, name
    for what, ink, ground in pairs:
        assert ratio(ink, ground) >= TEXT, f"{what}: {ratio(ink, ground):.2f}:1"
    grounds = {"mat": c["mat"], "water": c["water"], "ground": c["ground"]}
    faces = {f"{colour} {k}": fill for colour, fills in svg.FACE_FILLS.items()
             for k, fill in enumerate(fills)}  # fmt: skip
    for name, ground in grounds.items():
        # A block's edges, a Priest's, the legal glow's line (or its white band).
        assert ratio(c["ink"], ground) >= GRAPHIC, name
        assert ratio(c["priest"], ground) >= GRAPHIC, name
        assert max(ratio(c["legal"], ground), ratio(c["light"], ground)) >= GRAPHIC, name
    for name, ground in {**grounds, **faces}.items():
        assert max(ratio(c["structure"], ground), ratio(c["light"], ground)) >= GRAPHIC, name
    # The markings that count (not the decoration) stand out on the mat; the glyphs on faces.
    assert ratio(c["wave"], c["water"]) >= GRAPHIC
    assert ratio(c["circle"], c["mat"]) >= GRAPHIC
    assert ratio(c["line"], c["mat"]) >= GRAPHIC
    assert ratio(c["frozen"], c["light"]) >= GRAPHIC
    for name, face in faces.items():
        assert ratio(c["ink"], face) >= GRAPHIC, name


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("lang", "de"),
        ("size", -3),
        ("highlight", ["z9"]),
        ("highlight", [48]),
        ("structures", [[("c4", 5)]]),
        ("structures", "c4"),
        ("frozen", "yes"),
    ],
)
def test_bad_options_are_named(option: str, value: object) -> None:
    with pytest.raises(ArgumentError, match=option):
        building_svg(BUILDING, **{option: value})  # type: ignore[arg-type]


def test_a_building_is_required() -> None:
    with pytest.raises(ArgumentError, match="building"):
        building_svg("c4: Cy")  # type: ignore[arg-type]


def test_another_mat_is_drawn_to_its_own_size() -> None:
    small = MatLayout((". o .", "~ . :"))
    b = Building.empty(small).put(small.cell("b1"), piece("rod", "yellow"))
    root = parse(building_svg(b, key=False))
    assert [e.get("data-cell") for e in find(root, "karnak-cell")] == list(small.names)
    assert float((root.get("viewBox") or "").split()[2]) < float(
        (parse(PICTURES["en"]).get("viewBox") or "").split()[2]
    )
    assert describe(Building.empty(small)) == "Karnak mat: no piece; no Priest; no structure."


@settings(max_examples=25, deadline=None)
@given(
    st.dictionaries(
        st.integers(0, MAT.size - 1),
        st.lists(st.integers(0, 2 * len(SHAPES) - 1), min_size=1, max_size=4),
        max_size=12,
    ),
    st.sets(st.integers(0, MAT.size - 1), max_size=3),
)
def test_any_building_draws_what_it_holds(stacks: dict[int, list[int]], priests: set[int]) -> None:
    b = Building.empty()
    for cell, codes in stacks.items():
        for code in codes:
            b = b.put(cell, code)
    for cell in sorted(priests - set(stacks)):
        b = b.add_priest(cell)
    root = parse(building_svg(b, frozen=True, highlight=sorted(stacks)))
    pieces = find(root, "karnak-piece")
    assert len(pieces) == sum(map(len, stacks.values()))
    assert len(find(root, "karnak-priest")) == len(b.priests)
    assert len(find(root, "karnak-spot")) == len(stacks)
    heights: dict[str, list[tuple[int, float]]] = {}
    for element in pieces:
        heights.setdefault(element.get("data-cell") or "", []).append(
            (int(element.get("data-level") or 0), place(element)[1])
        )
    for found in heights.values():
        ys = [y for _, y in sorted(found)]
        assert ys == sorted(ys, reverse=True)


# ------------------------------------------------------------------ the game
def played(players: int, seed: int, actions: int | None) -> Game:
    """A seeded random game after ``actions`` actions (None: to its end)."""
    game = Game.new(players, seed=seed)
    rng = random.Random(seed)
    k = 0
    while not game.is_over and (actions is None or k < actions):
        game.push(rng.choice(list(game.legal_actions())))
        k += 1
    return game


@pytest.mark.parametrize(("players", "seed", "actions"), [(3, 4, 120), (2, 5, None), (4, 1, 30)])
def test_the_game_shows_each_seats_public_side(
    players: int, seed: int, actions: int | None
) -> None:
    game = played(players, seed, actions)
    before = game.to_json()
    picture = game_svg(game)
    assert game.to_json() == before and game_svg(game) == picture
    root = parse(picture)
    assert root.get("role") == "img" and root.get("class") == "karnak-game"
    assert len(find(root, "karnak-piece")) == len(list(game.building().spots()))
    seats = find(root, "karnak-seat")
    assert [e.get("data-seat") for e in seats] == [str(s) for s in range(players)]
    for seat, element in enumerate(seats):
        assert element.get("data-priests") == str(game.priests(seat))
        designs = find(element, "karnak-design")
        assert [e.get("data-design") for e in designs] == [d.id for d in game.revealed(seat)]
        assert all(e.get("data-where") == "revealed" for e in designs)
        backs = {e.get("data-kind"): e.get("data-count") for e in find(element, "karnak-back")}
        assert backs == {
            "design": str(len(game.hand(seat))),
            "favor": str(sum(game.favor_cards(seat).values())),
        }
    # Nobody's hand is shown face up, in the drawing or in the words.
    for seat in range(players):
        for design in game.hand(seat):
            assert design.title("en") not in picture
    label = root.get("aria-label") or ""
    assert label.startswith("Karnak: " + ("Game over" if game.is_over else "Player "))


def test_a_seat_sees_its_own_hand_and_only_its_own() -> None:
    game = played(3, 4, 120)
    for lang, words in (("en", ("you)", "Designs in hand")),
                        ("fr", ("vous)", "Dessins en main"))):  # fmt: skip
        picture = game_svg(game, seat=1, lang=lang)
        root = parse(picture)
        (mine,) = [e for e in find(root, "karnak-seat") if e.get("data-you")]
        assert mine.get("data-seat") == "1"
        held = [e.get("data-design") for e in find(mine, "karnak-design")
                if e.get("data-where") == "hand"]  # fmt: skip
        assert held == [d.id for d in game.hand(1)]
        for seat in (0, 2):
            for design in game.hand(seat):
                assert f'data-design="{design.id}"' not in picture
                assert design.title(lang) not in picture
        text = words_in(root)
        for word in words:
            assert word in text, word
        for design in game.hand(1):
            assert design.title(lang) in text


def test_bad_game_options_are_named() -> None:
    game = played(2, 5, 10)
    for option, value in (("seat", 2), ("seat", True), ("lang", "de"), ("highlight", ["z9"])):
        with pytest.raises(ArgumentError, match=option):
            game_svg(game, **{option: value})  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="game"):
        game_svg(BUILDING)  # type: ignore[arg-type]
