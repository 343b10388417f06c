"""Carcata's pictures: well-formed, every space drawn once and findable, every piece of a
staged position drawn, described in words in both languages, readable without colour, and
with enough contrast."""

from __future__ import annotations

import random
from collections import Counter
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcata_core import Game, svg
from carcata_core.board import ISLAND
from carcata_core.errors import ArgumentError
from carcata_core.rules import GEM_NAMES, Rules
from carcata_core.svg import IslandView, describe, dice_svg, island_svg, view_of
from tests.svg_support import NS, find, parse, words_in
from tests.test_contrast import GRAPHIC, TEXT, ratio


def staged() -> IslandView:
    """Three players, two flows from the top to the sea (the island cut in two), statues on
    the island and left on the small islands, gems alone and piled, a rider on the Turtle."""
    return IslandView.build(
        players=3,
        pawns={"1-3": 0, "1-5": 1, "2-7": 2, "3-3": 0, "4-2": 1, "1-30": 2, "2-2": 0},
        riders=[1],
        flows=[
            ["6-1", "5-1", "4-1", "3-1", "2-1", "1-1"],
            ["6-4", "5-7", "4-10", "3-13", "2-16", "1-19"],
        ],
        statues=["3-9", "2-15"],
        gems={
            "3-5": ["ruby"],
            "2-2": ["emerald", "diamond"],
            "4-7": ["sapphire", "ruby", "emerald"],
            "4-12": ["ruby", "ruby", "emerald", "emerald", "sapphire"],
        },
        collected=[["ruby"], [], ["emerald", "emerald"]],
        turtle=(5, 1, 17),
        dice=("move", "move", "lava", "turtle", "turtle"),
        pool={"move": 2, "lava": 1},
        to_play=1,
    )


VIEW = staged()
PICTURES = {
    (layout, lang): island_svg(VIEW, layout=layout, lang=lang, labels=True)
    for layout in ("wide", "narrow")
    for lang in ("en", "fr")
}


@pytest.mark.parametrize("key", sorted(PICTURES))
def test_every_space_is_drawn_once_with_its_name_and_level(key: tuple[str, str]) -> None:
    root = parse(PICTURES[key])
    cells = find(root, "carcata-cell")
    assert sorted(e.get("data-cell") or "" for e in cells) == sorted(ISLAND.names)
    for e in cells:
        assert e.get("data-level") == e.get("data-cell", "").split("-")[0]
    assert root.get("data-layout") == key[0]
    # Small enough to send to a page at every move.
    assert len(PICTURES[key].encode()) < 90_000


def test_a_staged_position_is_drawn_whole() -> None:
    root = parse(PICTURES["wide", "en"])
    pawns = find(root, "carcata-pawn")
    on_island = Counter(
        (e.get("data-cell"), e.get("data-seat")) for e in pawns if e.get("data-cell") != "turtle"
    )
    assert on_island == Counter((ISLAND.names[c], str(s)) for c, s in VIEW.pawns)
    riders = [e.get("data-seat") for e in pawns if e.get("data-cell") == "turtle"]
    assert riders == [str(s) for s in VIEW.riders]
    lava = find(root, "carcata-lava")
    assert sorted(e.get("data-cell") or "" for e in lava) == sorted(
        ISLAND.names[c] for c in VIEW.lava
    )
    flows = find(root, "carcata-flow")
    assert [e.get("data-cells", "").split() for e in flows] == [
        [ISLAND.names[c] for c in flow] for flow in VIEW.flows
    ]
    statues = find(root, "carcata-statue")
    assert sorted(
        e.get("data-cell") or "" for e in statues if e.get("data-cell") != "islet"
    ) == sorted(ISLAND.names[c] for c in VIEW.statues)
    assert sum(e.get("data-cell") == "islet" for e in statues) == VIEW.statues_left == 2
    islets = find(root, "carcata-islet")
    assert len(islets) == 4
    assert sum(int(e.get("data-statues") or 0) for e in islets) == VIEW.statues_left
    gems = Counter((e.get("data-cell"), e.get("data-gem")) for e in find(root, "carcata-gem"))
    assert gems == Counter(
        (ISLAND.names[c], colour) for c, colours in VIEW.gems for colour in colours
    )
    symbols = find(root, "carcata-symbol")
    assert len(symbols) == 12
    assert [e.get("data-symbol") for e in symbols if e.get("data-current")] == ["5"]
    (turtle,) = find(root, "carcata-turtle")
    assert (turtle.get("data-symbol"), turtle.get("data-laps"), turtle.get("data-steps")) == (
        "5",
        "1",
        "17",
    )


def test_the_cut_island_shows_each_territory_with_its_loose_gems() -> None:
    assert len(VIEW.territories) == 2
    root = parse(PICTURES["wide", "en"])
    shown = find(root, "carcata-territory")
    assert [e.get("data-territory") for e in shown] == ["A", "B"]
    points = {"emerald": 1, "ruby": 2, "sapphire": 3, "diamond": 5}
    gems = dict(VIEW.gems)
    for element, part in zip(shown, VIEW.territories, strict=True):
        loose = sum(points[c] for cell in part for c in gems.get(cell, ()))
        assert element.get("data-points") == str(loose)
        assert element.get("data-cells") == str(len(part))
        assert f"{element.get('data-territory')}: {loose} pts" in words_in(element)
    # The whole island is no territory: nothing outlined.
    whole = IslandView.build(pawns={"1-1": 0, "1-2": 1}, gems={"3-3": ["ruby"]})
    assert whole.territories == ()
    assert not find(parse(island_svg(whole)), "carcata-territory")
    assert len(IslandView.build(rules=Rules(whole_island_scores=True)).territories) == 1


def test_every_pawn_carries_its_players_number() -> None:
    """Colour is never the only cue: each pawn's number is written on it, each gem's letter."""
    root = parse(PICTURES["wide", "en"])
    for pawn in find(root, "carcata-pawn"):
        assert words_in(pawn) == str(int(pawn.get("data-seat") or 0) + 1)
    for gem in find(root, "carcata-gem"):
        assert words_in(gem) == svg.GEM_LETTERS[gem.get("data-gem") or ""]
    # The lava and the territories have patterns of their own, not just a hue.
    assert all(e.get("fill") == "url(#cc-lava)" for e in find(root, "carcata-lava"))
    assert (
        "url(#cc-hatch-0)" in PICTURES["wide", "en"]
        and "url(#cc-hatch-1)" in PICTURES["wide", "en"]
    )
    # The six levels differ in grey: each darker than the one below, 1.5:1 or more.
    fills = svg.LEVEL_FILLS
    assert all(
        ratio(a, "#000000") > ratio(b, "#000000") for a, b in zip(fills, fills[1:], strict=False)
    )
    assert all(ratio(a, b) >= 1.5 for a, b in zip(fills, fills[1:], strict=False))


def test_the_aria_label_describes_the_position_in_english() -> None:
    root = parse(PICTURES["wide", "en"])
    label = root.get("aria-label") or ""
    assert root.get("role") == "img"
    title = root.find(f"{NS}title")
    assert title is not None and title.text == label
    assert label == describe(VIEW, lang="en")
    for said in (
        "player 1 has 3 pawns",
        "player 2 (to play) 2 pawns (+1 on the Turtle)",
        "player 3 2 pawns",
        "12 lava tokens in 2 flows",
        "statues: 2 on the island, 2 on the small islands",
        "11 gems on the island",
        "Turtle on symbol 6, lap 2 of 2, 17 of 24 steps, carrying player 2",
        "the island is cut into 2 territories",
        "territory A: ",
    ):
        assert said in label, said


def test_the_pictures_speak_french() -> None:
    root = parse(PICTURES["narrow", "fr"])
    label = root.get("aria-label") or ""
    for said in (
        "joueur 1 a 3 pions",
        "joueur 2 (à jouer) 2 pions (+1 sur la Tortue)",
        "12 jetons de lave en 2 coulées",
        "statues : 2 sur l'île, 2 sur les îlots",
        "l'île est coupée en 2 territoires",
        "territoire A : ",
    ):
        assert said in label, said
    text = words_in(root)
    for word in ("Joueur 1", "Niveaux", "Gemmes", "émeraude", "plage", "tour 2/2"):
        assert word in text, word
    for word in ("Player", "Levels", "emerald", "beach"):
        assert word not in text, word


def test_highlights_and_the_chosen_space_are_marked_for_a_widget() -> None:
    picture = island_svg(VIEW, highlight=["1-2", "1-4", "turtle"], chosen="1-4")
    root = parse(picture)
    legal = sorted(e.get("data-cell") or "" for e in find(root, "carcata-legal"))
    assert legal == ["1-2", "1-4", "turtle"]
    assert [e.get("data-cell") for e in find(root, "carcata-chosen")] == ["1-4"]
    assert find(root, "carcata-glows")
    plain = parse(island_svg(VIEW))
    assert not find(plain, "carcata-legal") and not find(plain, "carcata-glows")
    # Names are written only on demand.
    assert "1-17" not in words_in(plain) and "1-17" in words_in(parse(PICTURES["wide", "en"]))
    # Pieces let the pointer through to the space under them.
    assert 'pointer-events="none"' in picture


def test_the_layouts_and_the_size() -> None:
    wide = parse(island_svg(VIEW))
    narrow = parse(island_svg(VIEW, layout="narrow"))
    assert wide.get("viewBox", "").split()[2] == f"{svg.WIDE_WIDTH:g}"
    assert narrow.get("viewBox", "").split()[2] == f"{svg.NARROW_WIDTH:g}"
    assert float(narrow.get("height") or 0) > float(wide.get("height") or 0)
    scaled = parse(island_svg(VIEW, size=445))
    assert scaled.get("width") == "445"
    box = [float(v) for v in (scaled.get("viewBox") or "").split()]
    assert float(scaled.get("height") or 0) == pytest.approx(445 * box[3] / box[2], abs=0.1)


@pytest.mark.parametrize(
    ("option", "value"),
    [("lang", "de"), ("layout", "tall"), ("size", -3), ("highlight", ["9-9"]), ("chosen", 126)],
)
def test_bad_options_are_named(option: str, value: object) -> None:
    with pytest.raises(ArgumentError, match=option):
        island_svg(VIEW, **{option: value})  # type: ignore[arg-type]


def test_a_bad_staging_is_named() -> None:
    with pytest.raises(ArgumentError, match="pawns"):
        IslandView.build(pawns={"1-99": 0})
    with pytest.raises(ArgumentError, match="gems"):
        IslandView.build(gems={"1-1": ["topaz"]})
    with pytest.raises(ArgumentError, match="pawns"):
        IslandView.build(players=2, pawns={"1-1": 2})


def test_the_dice_strip() -> None:
    for lang, words, locked, left in (
        ("en", ["move", "move", "lava", "turtle", "turtle"], "locked", "To use: 2 moves, 1 lava"),
        ("fr", ["pas", "pas", "lave", "tortue", "tortue"], "bloqué", "À jouer : 2 pas, 1 lave"),
    ):
        root = parse(dice_svg(VIEW, lang=lang))
        dice = find(root, "carcata-die")
        assert [e.get("data-face") for e in dice] == list(VIEW.dice)
        assert [e.get("data-locked") for e in dice] == [None, None, None, "true", "true"]
        text = words_in(root)
        for word in words:
            assert word in text
        assert text.count(locked) == 2 and left in text
        label = root.get("aria-label") or ""
        assert label.startswith(("Dice: move, move, lava, turtle (locked)", "Dés : pas, pas, lave"))
        assert left in label
    empty = parse(dice_svg(IslandView.build()))
    assert not find(empty, "carcata-die") and "no dice rolled" in (empty.get("aria-label") or "")


def test_view_of_reads_a_game_through_its_accessors() -> None:
    """A stand-in with the accessors ``view_of`` uses, shaped as the engine's ``Game`` gives
    them (counts by colour and by face, methods and properties)."""
    pawns = {ISLAND.cell("1-1"): 0, ISLAND.cell("1-20"): 1}
    gems = {ISLAND.cell("3-5"): ("ruby",)}
    game = SimpleNamespace(
        rules=Rules(),
        num_players=2,
        turn_player=1,
        phase="effects",
        is_over=False,
        pawn_at=pawns.get,
        gems_at=lambda cell: gems.get(cell, ()),
        riders=(),
        lava_cells=lambda: frozenset({ISLAND.cell("6-1")}),
        flows=((ISLAND.cell("6-1"),),),
        statues=lambda: (ISLAND.cell("2-2"),),
        statues_off=3,
        bag=dict(zip(GEM_NAMES, (8, 5, 4, 2), strict=True)),
        collected=lambda seat: dict.fromkeys(GEM_NAMES, seat),
        turtle=(3, 0, 3),
        dice={"move": 2, "lava": 1, "eruption": 0, "statue": 1, "turtle": 1},
        pool={"moves": 2, "lava": 0, "eruptions": 0, "statues": 1},
        territories=lambda: [frozenset(range(125))],
        which_closed=lambda: [False],
        eliminated=(),
        drawn=None,
        aim=None,
    )
    view = view_of(game)
    assert view.pawns == tuple(sorted(pawns.items()))
    assert view.gems == tuple(gems.items()) and view.to_play == 1
    assert view.statues == {ISLAND.cell("2-2")} and view.statues_left == 3
    assert view.collected == ((0, 0, 0, 0), (1, 1, 1, 1)) and view.bag == (8, 5, 4, 2)
    assert view.dice == ("move", "move", "lava", "statue", "turtle")
    assert view.pool == (("move", 2), ("lava", 0), ("eruption", 0), ("statue", 1))
    assert view.territories == () and view.turtle_symbol == 3
    assert island_svg(game) == island_svg(view)
    assert "To use: 2 moves, 1 statue" in dice_svg(game)


def test_a_gem_in_the_air_and_a_tribe_out_are_shown() -> None:
    view = IslandView.build(pawns={"1-1": 0}, eliminated=[1], drawn="sapphire", aim="3-5")
    for lang, words in (
        ("en", ["player 2 (out of the game) 0 pawns", "sapphire drawn from the bag, aimed at 3-5"]),
        ("fr", ["joueur 2 (éliminé) 0 pion ;", "saphir tiré du sac, visé sur 3-5"]),
    ):
        root = parse(island_svg(view, lang=lang))
        label = root.get("aria-label") or ""
        for said in words:
            assert said in label, said
        (aim,) = find(root, "carcata-aim")
        assert aim.get("data-cell") == "3-5"
        assert [e.get("data-gem") for e in find(root, "carcata-drawn")] == ["sapphire"]
        assert not find(root, "carcata-gem")


def test_text_and_marks_have_contrast() -> None:
    """Every text colour on what it is written on (4.5:1), and the glow of a legal or chosen
    space against every level (3:1, by its dark line or its white band)."""
    c = svg.COLOURS
    pairs = [
        *(
            (f"name on level {k + 1}", ink, fill)
            for k, (ink, fill) in enumerate(zip(svg.LEVEL_INKS, svg.LEVEL_FILLS, strict=True))
        ),
        *(
            (f"pawn {k + 1}", ink, fill)
            for k, (ink, fill) in enumerate(zip(svg.SEAT_INKS, svg.SEAT_COLOURS, strict=True))
        ),
        *((f"gem {name}", svg.GEM_INKS[name], svg.GEM_COLOURS[name]) for name in GEM_NAMES),
        ("symbol number", c["ink"], c["symbol"]),
        ("territory and lap tags", c["ink"], c["label-ground"]),
        ("panel words", c["ink"], c["panel"]),
        ("panel labels", c["muted"], c["panel"]),
    ]
    # The styles that carry their own ink are among the pairs above.
    inks = {ink for _, ink, _ in pairs}
    for name, (_size, css) in svg.TEXT_STYLES.items():
        if "fill:" in css:
            assert css.split("fill:")[1][:7] in inks, name
    for what, ink, ground in pairs:
        assert ratio(ink, ground) >= TEXT, (
            f"{what}: {ink} on {ground} is {ratio(ink, ground):.2f}:1"
        )
    for level, fill in enumerate(svg.LEVEL_FILLS, 1):
        for mark in ("legal", "chosen"):
            assert max(ratio(c[mark], fill), ratio(c["light"], fill)) >= GRAPHIC, (mark, level)
        # A pawn's white rim or its dark edge stands out on every level.
        assert max(ratio(c["ink"], fill), ratio(c["light"], fill)) >= GRAPHIC
        assert ratio(c["lava-line"], c["lava"]) >= GRAPHIC or ratio(c["lava-line"], fill) >= GRAPHIC
    for mark in ("legal", "chosen"):
        assert ratio(c[mark], c["light"]) >= GRAPHIC


@settings(max_examples=25, deadline=None)
@given(
    st.dictionaries(st.integers(0, 125), st.integers(0, 3), max_size=20),
    st.sets(st.integers(0, 125), max_size=30),
    st.dictionaries(
        st.integers(0, 125),
        st.lists(st.sampled_from(GEM_NAMES), min_size=1, max_size=6),
        max_size=10,
    ),
    st.sets(st.integers(0, 125), max_size=4),
    st.integers(0, 11),
)
def test_any_staging_draws_what_it_holds(
    pawns: dict[int, int],
    lava: set[int],
    gems: dict[int, list[str]],
    statues: set[int],
    symbol: int,
) -> None:
    view = IslandView.build(players=4, pawns=pawns, lava=lava, gems=gems, statues=statues,
                            statues_left=4 - len(statues), turtle=(symbol, 0, symbol))  # fmt: skip
    for layout in ("wide", "narrow"):
        root = parse(island_svg(view, layout=layout))
        assert len(find(root, "carcata-cell")) == 126
        assert len(
            [e for e in find(root, "carcata-pawn") if e.get("data-cell") != "turtle"]
        ) == len(pawns)
        assert len(find(root, "carcata-lava")) == len(lava)
        assert len(find(root, "carcata-gem")) == sum(map(len, gems.values()))
        assert len(find(root, "carcata-statue")) == 4
        assert len(find(root, "carcata-territory")) == len(view.territories)


def random_positions(players: int, seed: int, every: int = 7) -> list[Game]:
    """Copies of a seeded random game, every ``every`` actions until it ends."""
    game = Game.new(players, seed=seed)
    rng = random.Random(seed)
    seen = []
    for k in range(2000):
        if game.is_over:
            break
        if game.is_chance:
            game.push(game.sample_chance())
        else:
            game.push(rng.choice(list(game.legal_actions())))
        if k % every == 0:
            seen.append(game.copy())
    return [*seen, game]


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 5), (4, 9)])
def test_a_played_game_is_drawn_as_it_stands(players: int, seed: int) -> None:
    for game in random_positions(players, seed):
        view = view_of(game)
        root = parse(game._repr_svg_())
        pawns = find(root, "carcata-pawn")
        assert sorted(
            (ISLAND.cell(e.get("data-cell") or ""), int(e.get("data-seat") or 0))
            for e in pawns
            if e.get("data-cell") != "turtle"
        ) == sorted((c, s) for s in range(players) for c in game.pawns(s))
        assert len([e for e in pawns if e.get("data-cell") == "turtle"]) == len(game.riders)
        assert {ISLAND.cell(e.get("data-cell") or "") for e in find(root, "carcata-lava")} == (
            game.lava_cells()
        )
        assert len(find(root, "carcata-flow")) == len(game.flows)
        statues = find(root, "carcata-statue")
        assert sum(e.get("data-cell") != "islet" for e in statues) == len(game.statues())
        assert sum(e.get("data-cell") == "islet" for e in statues) == game.statues_off
        assert len(find(root, "carcata-gem")) == sum(map(len, game.loose_gems().values()))
        closed = [
            t for t, shut in zip(game.territories(), game.which_closed(), strict=True) if shut
        ]
        assert len(find(root, "carcata-territory")) == len(closed)
        (turtle,) = find(root, "carcata-turtle")
        assert turtle.get("data-steps") == str(game.turtle[2])
        label = root.get("aria-label") or ""
        for seat in range(players):
            alive = len(game.pawns(seat))
            assert f"{alive} pawn" in label
        assert view.bag == tuple(game.bag[name] for name in GEM_NAMES)
        dice = parse(dice_svg(game))
        if game.phase != "setup":
            assert len(find(dice, "carcata-die")) == sum(game.dice.values())
