"""Carnival's pictures: well-formed, findable by class and data attributes, pure, small,
readable, colour-blind safe, and showing a seat nothing it may not know."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carnival_core import CARNIVAL, Card, Entry, Game, Play, Rules, svg
from carnival_core.rules import LETTERS
from tabletop.svg_text import SvgWriter
from tests.carnival_support import play_randomly, stage
from tests.svg_support import NS, find, parse

#: A whole 6-player table seen by one seat, in bytes.
SIZE_LIMIT = 60_000


def cards_shown(root: ET.Element) -> list[str]:
    return [e.get("data-card") or "" for e in find(root, "carnival-card")]


def played(players: int, seed: int, turns: int, rules: Rules | None = None) -> Game:
    """A game ``turns`` random actions in (Masks included, as random play uses them)."""
    game = Game.new(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(turns):
        game.play(rng.choice(game.legal_actions()))
    return game


def masked_game() -> Game:
    """A 3-player game with Masks on the table: in player 2's Spectators and in the Carnival."""
    game = Game.new(3, seed=7)
    game.play("mask P-4 to 2")
    game.play(
        next(a for a in game.legal_actions() if isinstance(a, Play) and a.masked and a.card
             and a.to == CARNIVAL)
    )  # fmt: skip
    return game


# ----------------------------------------------------------------------- cards
@pytest.mark.parametrize("letter", LETTERS[:5])
def test_a_creature_card_shows_colour_symbol_letter_and_value(letter: str) -> None:
    root = parse(svg.card_svg(Card.parse(f"{letter}-2")))
    (card,) = find(root, "carnival-card")
    assert card.get("data-card") == f"{letter}-2"
    texts = ["".join(t.itertext()) for t in root.iter(f"{NS}text")]
    assert "-2" in texts and letter in texts
    colours = {e.get("fill") for e in root.iter() if e.get("fill")}
    assert svg.CREATURE_COLOURS[letter] in colours


def test_the_five_creatures_differ_by_colour_and_by_symbol() -> None:
    assert len({svg.CREATURE_COLOURS[x] for x in LETTERS}) == len(LETTERS)
    assert len({svg.SYMBOLS[x] for x in LETTERS}) == len(LETTERS)


def test_a_mask_card_a_masked_entry_and_a_back() -> None:
    mask = parse(svg.card_svg(Card.parse("Mask")))
    assert cards_shown(mask) == ["Mask"]
    assert "Mask" in "".join(mask.itertext())
    hidden = parse(svg.card_svg(Entry(None, masked=True)))
    assert find(hidden, "carnival-card")[0].get("data-hides") == "?"
    known = parse(svg.card_svg(Entry(Card.parse("R4"), masked=True)))
    assert find(known, "carnival-card")[0].get("data-hides") == "R4"
    assert "[R4]" in "".join(known.itertext())
    empty = parse(svg.card_svg(Entry(None, masked=True, empty=True)))
    assert find(empty, "carnival-card")[0].get("data-hides") == "nothing"
    back = parse(svg.card_svg(None))
    assert cards_shown(back) == ["back"]
    assert not [t for t in back.iter(f"{NS}text")], "a back tells nothing"


def test_cards_show_themselves_in_jupyter() -> None:
    assert Card.parse("G5")._repr_svg_() == svg.card_svg(Card.parse("G5"))
    game = Game.new(2, seed=1)
    assert game._repr_svg_() == svg.table_svg(game)
    assert game.observation(1)._repr_svg_() == svg.table_svg(game.observation(1))


# ------------------------------------------------------------ what a seat sees
def hidden_from(game: Game, seat: int) -> set[str]:
    """Card ids ``seat`` may not know are somewhere, less those it sees elsewhere (the
    pictures' and the Carnival table's check that nothing hidden is shown)."""
    hidden = {c.id for s in range(game.num_players) if s != seat for c in game.hand(s)}
    hidden |= {c.id for c in game.deck_order()} | {c.id for c in game.set_aside()}
    table = [e for s in range(game.num_players) for e in game.spectators(s)] + list(game.carnival())
    hidden |= {e.card.id for e in table if e.masked and e.card is not None}
    seen = game.observation(seat)
    # Carnival cards buried deeper than the seat remembers (Rules.carnival_memory).
    hidden |= {
        e.card.id
        for e, known in zip(game.carnival(), seen.carnival, strict=True)
        if e.card is not None and not e.masked and known.card is None
    }
    visible = {c.id for c in seen.hand}
    visible |= {
        e.card.id for row in (*seen.spectators, seen.carnival) for e in row if e.card is not None
    }
    visible |= {c.id for r in seen.results for row in (r.carnival, *r.spectators) for c in row}
    return hidden - visible - {"Mask"}


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_seat_sees_its_own_hand_and_backs_for_the_others(players: int) -> None:
    game = played(players, seed=players, turns=players * 2)
    for seat in range(players):
        root = parse(svg.table_svg(game.observation(seat)))
        for area in find(root, "carnival-player"):
            shown = [
                e.get("data-card")
                for e in find(area, "carnival-card")
                if e.get("data-where") == "hand"
            ]
            owner = int(area.get("data-seat") or -1)
            assert len(shown) == len(game.hand(owner))
            if owner == seat:
                assert shown == [c.id for c in game.hand(seat)]
                assert area.get("data-you") == "true"
            else:
                assert set(shown) == {"back"}
        ids = set(re.findall(r'data-card="([^"]+)"', svg.table_svg(game.observation(seat))))
        assert not ids & hidden_from(game, seat)


def test_masks_on_the_table_hide_their_card_from_every_seat() -> None:
    game = masked_game()
    hidden = {
        e.card.id
        for e in [*game.carnival(), *[e for s in range(3) for e in game.spectators(s)]]
        if e.masked and e.card is not None
    }
    assert hidden
    for seat in range(3):
        root = parse(svg.table_svg(game.observation(seat)))
        masks = [e for e in find(root, "carnival-card") if e.get("data-card") == "Mask"]
        on_table = [e for e in masks if e.get("data-where") in ("spectators", "carnival")]
        assert on_table and {e.get("data-hides") for e in on_table} == {"?"}
    # The open table (a Game) writes the hidden card on its Mask, for teaching.
    root = parse(svg.table_svg(game))
    assert hidden <= {e.get("data-hides") for e in find(root, "carnival-card")}


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 10_000),
    turns=st.integers(0, 40),
    seat=st.integers(0, 5),
)
def test_a_seat_picture_depends_only_on_what_the_seat_may_know(
    players: int, seed: int, turns: int, seat: int
) -> None:
    """Deal anew everything the seat cannot see: its pictures do not change."""
    game = played(players, seed, min(turns, 10 * players))
    seat %= players
    twin = game.determinized(random.Random(seed), seat=seat)
    assert svg.table_svg(game.observation(seat)) == svg.table_svg(twin.observation(seat))
    assert svg.centre_svg(game.observation(seat)) == svg.centre_svg(twin.observation(seat))


def test_the_carnival_stack_shows_its_top_card_and_a_count() -> None:
    game = played(3, seed=4, turns=12)
    seen = game.observation(0)
    root = parse(svg.centre_svg(seen))
    (stack,) = find(root, "carnival-stack")
    assert stack.get("data-count") == str(len(seen.carnival))
    assert stack.get("data-top") == str(seen.top)
    assert len(find(stack, "carnival-card")) == 1, "only the top card shows"
    (deck,) = find(root, "carnival-deck")
    assert deck.get("data-count") == str(game.deck_size)
    assert find(root, "carnival-set-aside")[0].get("data-count") == str(len(game.set_aside()))


def test_a_spectator_row_is_sorted_by_type_with_masks_last() -> None:
    game = stage(
        players=2,
        spectators=[["P3", "R4", "[G2 by 1]", "Y1", "R-2", "G5"], []],
        hands=[["B1"], ["B2"]],
    )
    root = parse(svg.player_svg(game.observation(0), 0))
    columns = find(root, "carnival-column")
    assert [c.get("data-creature") for c in columns] == ["R", "Y", "G", "P", "Mask"]
    red = columns[0]
    assert [e.get("data-card") for e in find(red, "carnival-card")] == ["R4", "R-2"]
    assert red.get("data-count") == "2"
    heads = ["".join(t.itertext()) for c in columns for t in c.iter(f"{NS}text")][:1]
    assert heads == ["R 2"], "a column is headed by its visible sum"
    empty = parse(svg.player_svg(game.observation(0), 1))
    assert "no Spectators yet" in "".join(empty.itertext())


def test_the_layout_places_each_hand_card_where_it_is_drawn() -> None:
    game = Game.new(2, seed=5)
    seen = game.observation(0)
    layout = svg.player_layout(seen, 0)
    root = parse(svg.player_svg(seen, 0))
    size = (float(root.get("width") or 0), float(root.get("height") or 0))
    assert size == (layout.width, layout.height)
    hand = [e for e in find(root, "carnival-card") if e.get("data-where") == "hand"]
    assert len(hand) == len(layout.hand) == len(seen.hand)
    for element, box in zip(hand, layout.hand, strict=True):
        x, y = map(float, re.findall(r"[-\d.]+", element.get("transform") or "")[:2])
        assert (x, y) == (box.x, box.y)
        assert box.x + box.w <= layout.width
    assert svg.player_layout(seen, 1).hand == (), "another seat's hand cannot be clicked"


# ------------------------------------------------------------ reveal and scores
def test_the_reveal_step_by_step() -> None:
    game = play_randomly(Game.new(3, seed=9), seed=9)
    result = game.results[0]
    shown = {}
    for step in (1, 2, 3):
        root = parse(svg.reveal_svg(result, step=step))
        assert root.get("data-step") == str(step)
        shown[step] = root
    carnival = [c for c in find(shown[1], "carnival-cell") if c.get("data-seat") == "-1"]
    assert [int(c.get("data-sum") or 0) for c in carnival] == list(result.carnival_sums)
    assert not [c for c in find(shown[1], "carnival-cell") if c.get("data-seat") != "-1"]
    for seat in range(3):
        cells = [c for c in find(shown[2], "carnival-cell") if c.get("data-seat") == str(seat)]
        assert [int(c.get("data-sum") or 0) for c in cells] == list(result.spectator_sums[seat])
        for t, cell in enumerate(cells):
            has = any(card.type_index == t for card in result.spectators[seat])
            assert (cell.get("data-happy") == "true") == (has and result.happy[seat][t])
    assert not find(shown[2], "carnival-score")
    scores = {e.get("data-seat"): e.get("data-score") for e in find(shown[3], "carnival-score")}
    assert scores == {str(s): str(p) for s, p in enumerate(result.scores)}


def tie_broken_game() -> Game:
    """A finished 2-player game tied on 3 points, won by player 2 on scoring cards (2 to 1)."""
    return stage(
        players=2,
        turn={"round": 2, "over": True},
        past_rounds=[
            {"carnival": ["R6"], "spectators": [["R1"], ["R1"]]},
            {"carnival": ["R6", "Y6"], "spectators": [["R2"], ["Y1", "Y1"]]},
        ],
    )


def test_scores_after_each_round_and_the_tie_break() -> None:
    game = tie_broken_game()
    root = parse(svg.scores_svg(game.observation(0)))
    cells = {
        (e.get("data-round"), e.get("data-seat")): e.get("data-score")
        for e in find(root, "carnival-score")
    }
    assert cells[("1", "0")] == "1" and cells[("2", "1")] == "2"
    assert cells[("total", "0")] == cells[("total", "1")] == "3"
    assert cells[("scoring-cards", "1")] == "2", "the tie-break is shown"
    assert [e.get("data-seat") for e in find(root, "carnival-winner")] == ["1"]
    centre = "".join(parse(svg.centre_svg(game.observation(1))).itertext())
    assert "Game over" in centre


@pytest.mark.parametrize(
    ("lang", "final", "winner"),
    [("en", "Final scores", "Winner: Player 2"), ("fr", "Scores finals", "Victoire : Joueur 2")],
)
def test_the_finished_game_says_final_scores_and_names_the_winner(
    lang: str, final: str, winner: str
) -> None:
    game = tie_broken_game()
    for picture in (svg.scores_svg, svg.centre_svg):
        root = parse(picture(game.observation(0), lang=lang))
        words = " ".join(root.itertext())
        assert final in words and winner in words
        assert [" ".join(e.itertext()) for e in find(root, "carnival-winners")] == [winner]


def test_a_shared_victory_names_every_winner_and_a_round_under_way_none() -> None:
    game = stage(
        players=2,
        turn={"round": 2, "over": True},
        past_rounds=[
            {"carnival": ["R6"], "spectators": [["R1"], ["R1"]]},
            {"carnival": ["R6", "Y6"], "spectators": [["R1"], ["Y1"]]},
        ],
    )
    pad = " ".join(parse(svg.scores_svg(game.observation(0))).itertext())
    assert "Shared victory: Player 1 (you), Player 2" in pad
    under_way = played(2, seed=3, turns=0)
    while under_way.round == 1:
        under_way.play(under_way.legal_actions()[0])
    for picture in (svg.scores_svg, svg.centre_svg):
        root = parse(picture(under_way.observation(0)))
        words = " ".join(root.itertext())
        assert "Final scores" not in words and not find(root, "carnival-winners")
    assert "Scores by round" in " ".join(parse(svg.scores_svg(under_way)).itertext())


# ------------------------------------------------------------ pure, small, readable
def test_pictures_change_nothing() -> None:
    game = masked_game()
    before = game.to_json()
    for seat in range(3):
        svg.table_svg(game.observation(seat))
        svg.player_svg(game, seat)
    svg.table_svg(game)
    assert game.to_json() == before


@pytest.mark.parametrize("players", [2, 6])
def test_a_whole_table_stays_small(players: int) -> None:
    game = played(players, seed=3, turns=8 * players)
    assert len(svg.table_svg(game.observation(0)).encode()) < SIZE_LIMIT
    assert len(svg.table_svg(game).encode()) < SIZE_LIMIT


def test_every_text_is_classroom_readable() -> None:
    """No text style under 11.5 units, and no text without a style: drawn at 90% (a 640-unit
    picture in a 580-pixel column) text is still over 10 pixels."""
    assert min(size for size, _ in svg.TEXT_STYLES.values()) >= 11.5
    game = play_randomly(Game.new(4, seed=2), seed=2)
    pictures = [
        svg.table_svg(game.observation(1)),
        svg.reveal_svg(game.results[-1]),
        svg.card_svg(Card.parse("B3"), width=svg.TABLE_W),
    ]
    for picture in pictures:
        root = parse(picture)
        assert float(root.get("width") or 0) <= 660
        for text in root.iter(f"{NS}text"):
            assert (text.get("class") or "").startswith("cv-"), text.attrib


def test_pictures_speak_french() -> None:
    game = played(3, seed=1, turns=3)
    words = "".join(parse(svg.table_svg(game.observation(0), lang="fr")).itertext())
    assert "Carnaval" in words and "Pioche" in words and "Joueur 2" in words
    with pytest.raises(ValueError, match="lang"):
        svg.table_svg(game, lang="de")


def test_bad_options_are_named() -> None:
    game = Game.new(2, seed=1)
    with pytest.raises(ValueError, match="seat"):
        svg.player_svg(game, 2)
    with pytest.raises(ValueError, match="names"):
        svg.table_svg(game, names=["only one"])
    result = play_randomly(Game.new(2, seed=1)).results[0]
    with pytest.raises(ValueError, match="step"):
        svg.reveal_svg(result, step=4)


def test_names_and_text_are_escaped() -> None:
    game = Game.new(2, seed=1)
    picture = svg.table_svg(game, names=["<b>Ann & co</b>", 'Bob "the bot"'])
    parse(picture)
    assert "<b>" not in picture and "Ann &amp; co" in picture


# ------------------------------------------------------------ the narrower layout
def apart(boxes: list[svg.Box]) -> bool:
    return not [
        (a, b)
        for k, a in enumerate(boxes)
        for b in boxes[k + 1 :]
        if min(a.x + a.w, b.x + b.w) - max(a.x, b.x) > 0.01
        and min(a.y + a.h, b.y + b.h) - max(a.y, b.y) > 0.01
    ]


def within(box: svg.Box, outer: svg.Box) -> bool:
    return (
        outer.x - 0.01 <= box.x
        and box.x + box.w <= outer.x + outer.w + 0.01
        and outer.y - 0.01 <= box.y
        and box.y + box.h <= outer.y + outer.h + 0.01
    )


@given(players=st.integers(3, 6), seed=st.integers(0, 10_000), turns=st.integers(0, 40))
@settings(max_examples=25, deadline=None)
def test_the_narrower_place_holds_hand_and_spectators_apart_inside_it(
    players: int, seed: int, turns: int
) -> None:
    game = played(players, seed, min(turns, 3 * players))
    seen = game.observation(0)
    for seat in range(players):
        layout = svg.player_layout(seen, seat, width=svg.FIT_WIDTH)
        root = parse(svg.player_svg(seen, seat, width=svg.FIT_WIDTH))
        assert root.get("viewBox") == f"0 0 {layout.width:g} {layout.height:g}"
        whole = svg.Box(0, 0, layout.width, layout.height)
        assert within(layout.spectators, whole)
        assert all(within(column, layout.spectators) for column in layout.columns)
        assert apart([*layout.hand, layout.spectators]) and apart(list(layout.columns))
        assert all(within(box, whole) for box in layout.hand)
        # As many hand cards and Spectator columns as in the wide picture; no card squeezed.
        wide = svg.player_layout(seen, seat)
        assert len(layout.hand) == len(wide.hand) and len(layout.columns) == len(wide.columns)
        assert all((box.w, box.h) == (svg.HAND_W, svg.HAND_H) for box in layout.hand)
        assert cards_shown(root) == cards_shown(parse(svg.player_svg(seen, seat)))


def test_a_phone_reads_the_narrower_pictures_at_12_px() -> None:
    # A 320-pixel phone leaves the table 262 pixels or more; the smallest word there.
    assert 262 / svg.FIT_WIDTH * svg.SMALLEST_TEXT >= 12
    # A hand card's button is 24 pixels or more in any room from there.
    assert 262 / svg.FIT_WIDTH * svg.HAND_W >= 24
    game = played(4, seed=3, turns=20)
    centre = parse(svg.centre_svg(game.observation(0), width=svg.FIT_WIDTH))
    assert centre.get("width") == f"{svg.FIT_WIDTH}"
    assert cards_shown(centre) == cards_shown(parse(svg.centre_svg(game.observation(0))))


# ------------------------------------------------- the narrower reveal and score pad
WRITER = SvgWriter(svg.TEXT_STYLES, class_prefix="cv-", decimals=2)


def drawn_parts(root: ET.Element) -> list[tuple[str, float, float, float, float]]:
    """Each rectangle and text drawn in the picture's own units (groups moved or scaled, the
    type symbols, left out): its tag, and its left, top, right and bottom (a text's width is
    its ``textLength`` or the writer's estimate, placed by its anchor; its height is its size
    above the baseline)."""
    out = []

    def walk(element: ET.Element) -> None:
        for child in element:
            tag = child.tag.removeprefix(NS)
            if tag == "g" and child.get("transform"):
                continue
            if tag == "rect":
                x, y = float(child.get("x") or 0), float(child.get("y") or 0)
                w, h = float(child.get("width") or 0), float(child.get("height") or 0)
                out.append((tag, x, y, x + w, y + h))
            elif tag == "text":
                style = (child.get("class") or "").split()[0].removeprefix("cv-")
                size, css = svg.TEXT_STYLES[style]
                words = "".join(child.itertext())
                w = float(child.get("textLength") or WRITER.text_width(words, style))
                anchor = css + (child.get("style") or "")
                start = anchor.rfind("text-anchor:")
                shift = {"middle": 0.5, "end": 1.0}.get(
                    anchor[start + 12 :].split(";")[0] if start >= 0 else "", 0.0
                )
                x, y = float(child.get("x") or 0), float(child.get("y") or 0)
                out.append((tag, x - shift * w, y - size, x + (1 - shift) * w, y))
            walk(child)

    walk(root)
    return out


def inside_the_view_box(root: ET.Element) -> list[tuple[str, float, float, float, float]]:
    """The parts of a picture that go out of its ``viewBox`` (by more than a pixel)."""
    _, _, width, height = map(float, (root.get("viewBox") or "").split())
    return [
        part
        for part in drawn_parts(root)
        if part[1] < -1 or part[2] < -1 or part[3] > width + 1 or part[4] > height + 1
    ]


def words_of(root: ET.Element) -> set[str]:
    return set(" ".join(root.itertext()).split()) - {""}


def numbers_of(root: ET.Element) -> list[tuple[str, ...]]:
    """Every cell's seat, type, sum and values, and every score, sorted."""
    cells = [
        (c.get("data-seat") or "", c.get("data-creature") or "", c.get("data-sum") or "",
         *sorted(" ".join(e.itertext()) for e in c.iter(f"{NS}text")
                 if (e.get("class") or "") in ("cv-chip", "cv-sum", "cv-cell")))
        for c in find(root, "carnival-cell")
    ]  # fmt: skip
    scores = [
        (e.get("data-seat") or "", e.get("data-round") or "", e.get("data-score") or "",
         "".join(e.itertext()))
        for e in find(root, "carnival-score")
    ]  # fmt: skip
    return sorted(cells) + sorted(scores)


@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 10_000),
    rounds=st.integers(1, 8),
    step=st.integers(1, 3),
    lang=st.sampled_from(["en", "fr"]),
)
@settings(max_examples=25, deadline=None)
def test_the_narrower_reveal_and_score_pad_hold_every_number_inside_their_view_box(
    players: int, seed: int, rounds: int, step: int, lang: str
) -> None:
    game = play_randomly(Game.new(players, seed=seed, rules=Rules(rounds=rounds)), seed=seed)
    seen = game.observation(0)
    pictures = [
        (
            svg.reveal_svg(result, step=step, lang=lang),
            svg.reveal_svg(result, step=step, lang=lang, width=svg.FIT_WIDTH),
        )
        for result in game.results
    ]
    pictures.append((svg.scores_svg(seen, lang=lang),
                     svg.scores_svg(seen, lang=lang, width=svg.FIT_WIDTH)))  # fmt: skip
    for wide_svg, narrow_svg in pictures:
        wide, narrow = parse(wide_svg), parse(narrow_svg)
        assert not inside_the_view_box(wide), inside_the_view_box(wide)
        assert not inside_the_view_box(narrow), inside_the_view_box(narrow)
        assert float(narrow.get("width") or 0) <= svg.FIT_WIDTH
        assert numbers_of(narrow) == numbers_of(wide)
        assert words_of(narrow) == words_of(wide)
        # The same words for a screen reader, whichever layout the page shows.
        assert narrow.get("aria-label") == wide.get("aria-label")
        assert narrow.get("role") == wide.get("role") == "img"


def test_the_narrower_reveal_lays_a_block_per_player_and_its_cells_in_rows() -> None:
    result = play_randomly(Game.new(3, seed=9), seed=9).results[0]
    wide = parse(svg.reveal_svg(result))
    narrow = parse(svg.reveal_svg(result, width=svg.FIT_WIDTH))
    assert float(wide.get("width") or 0) > 600 and narrow.get("width") == f"{svg.FIT_WIDTH}"

    def lines(root: ET.Element, seat: str) -> set[str]:
        """The baselines of a player's sums (or dashes, for a type it lacks)."""
        return {
            e.get("y") or ""
            for c in find(root, "carnival-cell")
            if c.get("data-seat") == seat
            for e in c.iter(f"{NS}text")
            if e.get("class") in ("cv-sum", "cv-cell")
        }

    # The wide reveal puts a player's five sums on one line; the narrower one on three.
    assert len(lines(wide, "0")) == 1
    assert len(lines(narrow, "0")) == 3
    # Its smallest word is 12 units: shown at its own width or wider, it reads at 12 px.
    assert svg.SMALLEST_SCORE_TEXT >= 12


def test_a_picture_given_more_room_than_it_needs_keeps_its_own_width() -> None:
    game = play_randomly(Game.new(2, seed=1, rules=Rules(rounds=1)), seed=1)
    pad = svg.scores_svg(game)
    assert svg.scores_svg(game, width=2000) == pad
    for bad in ("wide", True, 10, 20_000):
        with pytest.raises(ValueError, match="width"):
            svg.scores_svg(game, width=bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="width"):
            svg.reveal_svg(game.results[0], width=bad)  # type: ignore[arg-type]
