"""The SVG pictures: well-formed, findable by class and data attributes, escaped, pure, small."""

from __future__ import annotations

import ast
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from carnuta_core import svg
from carnuta_core.cards import Card
from carnuta_core.deck import Deck, parse_deck_text
from carnuta_core.game import Game
from carnuta_core.model import Row
from tests.svg_support import NS, find, parse, words_in
from tests.widgets_support import COSTS, HEADER, STARTS

SIZE_LIMIT = 60_000  # bytes, for a whole 4-player table

SCORINGS = ["3", "2 per berry", "1 per clover flower", "4 per set skull honey", "5", "1 per egg"]
ROW_INGREDIENTS = {"day": "clover flower egg honey", "night": "skull butterfly berry mushroom"}


def deck_csv(per_row: int) -> str:
    """Start cards, ``per_row`` Day and Night cards (every 5th a double) and two Salts."""
    lines = [HEADER, *STARTS]
    numbers = [n for n in range(1, 99) if n not in (30, 31)]  # D30 and D31 are the Salts
    for row, ingredients in ROW_INGREDIENTS.items():
        names = ingredients.split()
        for k, n in enumerate(numbers[:per_row]):
            kind = "double" if k % 5 == 3 else "normal"
            cost, scoring = COSTS[k % len(COSTS)], SCORINGS[k % len(SCORINGS)]
            lines.append(f"{row[0].upper()}{n:02},{row},{kind},{names[k % 4]},{cost},{scoring}")
    lines += ["D30,day,salt,salt,flip sun,-", "D31,day,salt,salt,return moon,-"]
    return "\n".join(lines) + "\n"


def make_deck(per_row: int = 8, name: str = "test") -> Deck:
    return parse_deck_text(deck_csv(per_row), name=name)


def play_randomly(game: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.is_over:
            return
        game.play(rng.choice(game.legal_actions()))


def play_to_end(game: Game, seed: int) -> Game:
    rng = random.Random(seed)
    for _ in range(20_000):
        if game.is_over:
            return game
        game.play(rng.choice(game.legal_actions()))
    raise AssertionError("the random game did not end")


def positions() -> Iterator[tuple[str, Game]]:
    """A start, a mid-game and a finished game."""
    yield "start", Game.new(3, seed=1, deck=make_deck())
    middle = Game.new(3, seed=2, deck=make_deck())
    play_randomly(middle, random.Random(2), 60)
    yield "middle", middle
    yield "over", play_to_end(Game.new(2, seed=3, deck=make_deck(24)), seed=3)


@pytest.fixture(scope="module")
def games() -> dict[str, Game]:
    return dict(positions())


@pytest.fixture(scope="module")
def staged() -> Game:
    """A Salt on a Flower, a bonus token, an open and a locked space, an empty market slot."""
    return Game.from_json(
        {
            "players": 2,
            "deck": {"name": "staged", "csv": deck_csv(8)},
            "reserve": {"sun": 1, "moon": 1},
            "market": {"day": ["D06", "D07", None, "D08"], "night": ["N02", "N03", "N04", "N05"]},
            "boards": [
                {
                    "runes": "SSMM.#",
                    "played": ["S01", "D01", "D02", "D03", "D05", "D30 on D02"],
                    "hand": ["N01", "D31"],
                    "bonus": ["egg"],
                    "sickles": 1,
                },
                {"runes": "SSMM##", "played": ["S05"]},
            ],
        }
    )


# ------------------------------------------------------------------------ cards
CARD_LINES = {
    "start": "S03,start,start,egg,-,1 per clover flower",
    "day": 'D07,day,normal,honey,"flip sun, return moon",4 per set skull honey',
    "night": "N07,night,normal,mushroom,flip moon,2 per berry",
    "double": "N12,night,double,berry,return sun,5",
    "salt": "D30,day,salt,salt,flip sun,-",
}


@pytest.mark.parametrize("kind", CARD_LINES)
def test_a_card_of_every_kind_is_well_formed(kind: str) -> None:
    card = Card.parse(CARD_LINES[kind])
    root = parse(svg.card_svg(card))
    [group] = find(root, "carnuta-card")
    assert group.get("data-card") == card.id
    assert card.id in words_in(root)
    used = {e.get("href") for e in root.iter(f"{NS}use")}
    for icon in card.cost:
        assert f"#cn-{icon.pay}-{icon.face}" in used
    # Every <use> points at something defined in the same picture.
    defined = {f"#{e.get('id')}" for e in root.iter() if e.get("id")}
    assert used <= defined


def test_card_words_show_name_points_double_and_salt() -> None:
    day = words_in(parse(svg.card_svg(Card.parse(CARD_LINES["day"]))))
    assert "Honey" in day and "4 per set" in day and "skull honey" in day
    assert "2 per" in words_in(parse(svg.card_svg(Card.parse(CARD_LINES["night"]))))
    assert "×2" in words_in(parse(svg.card_svg(Card.parse(CARD_LINES["double"]))))
    assert "SALT" in words_in(parse(svg.card_svg(Card.parse(CARD_LINES["salt"]))))


def test_flip_and_return_icons_differ() -> None:
    card = Card.parse(CARD_LINES["day"])
    text = svg.card_svg(card)
    assert 'href="#cn-flip-sun"' in text and 'href="#cn-return-moon"' in text
    assert 'id="cn-flip"' in text and 'id="cn-return"' in text


def test_card_options() -> None:
    card = Card.parse(CARD_LINES["night"])
    plain = parse(svg.card_svg(card, width=200))
    assert float(plain.get("width", 0)) == 200
    assert float(plain.get("height", 0)) > 200
    ringed = parse(svg.card_svg(card, highlight=True))
    assert find(ringed, "carnuta-highlight")
    faded = parse(svg.card_svg(card, dimmed=True))
    assert find(faded, "carnuta-card")[0].get("opacity") == "0.4"
    labelled = parse(svg.card_svg(card, label='<b>"take" & go</b>'))
    assert '<b>"take" & go</b>' in words_in(labelled)
    assert float(labelled.get("height", 0)) > float(parse(svg.card_svg(card)).get("height", 0))


def test_a_lone_card_defines_only_what_it_uses() -> None:
    text = svg.card_svg(Card.parse(CARD_LINES["night"]))
    assert 'id="cn-berry"' in text and 'id="cn-mushroom"' in text
    assert 'id="cn-skull"' not in text and 'id="cn-padlock"' not in text
    assert len(text) < 6_000


def test_card_repr_svg_is_card_svg() -> None:
    card = Card.parse(CARD_LINES["double"])
    assert card._repr_svg_() == svg.card_svg(card)


# ----------------------------------------------------------------------- player
def test_player_area(staged: Game) -> None:
    view = staged.player(0)
    root = parse(svg.player_svg(staged, 0))
    [area] = find(root, "carnuta-player")
    assert area.get("data-seat") == "0" and area.get("data-current") == "true"
    spaces = find(root, "carnuta-space")
    assert [s.get("data-space") for s in spaces] == [str(k) for k in range(1, 7)]
    assert [s.get("data-state") for s in spaces] == [
        "sun",
        "sun",
        "moon",
        "moon",
        "empty",
        "locked",
    ]
    runes = [r.get("data-face") for r in find(root, "carnuta-rune")]
    assert runes.count("sun") == view.suns and runes.count("moon") == view.moons
    assert find(root, "carnuta-counter")[0].get("data-step") == str(view.counter) == "6"
    assert len(find(root, "carnuta-sickle")) == view.sickles == 1
    assert [b.get("data-ingredient") for b in find(root, "carnuta-bonus")] == ["egg"]
    [hand] = find(root, "carnuta-hand")
    assert [c.get("data-card") for c in find(hand, "carnuta-card")] == ["N01", "D31"]
    [score] = find(root, "carnuta-score")
    assert score.get("data-score") == str(staged.score_pad(0).total)


def test_played_cards_stand_in_ingredient_columns_with_salts_on_their_target(
    staged: Game,
) -> None:
    root = parse(svg.player_svg(staged, 0))
    columns = {c.get("data-ingredient"): c for c in find(root, "carnuta-column")}
    assert len(columns) == 8
    played = {k: [c.get("data-card") for c in find(v, "carnuta-card")] for k, v in columns.items()}
    assert played["clover"] == ["S01", "D01", "D05"]
    assert played["flower"] == ["D02", "D30"]
    [salt] = [c for c in find(columns["flower"], "carnuta-card") if c.get("data-card") == "D30"]
    assert salt.get("data-on") == "D02"
    # The Salt counts in its column; the bonus token counts in the Egg column.
    assert columns["flower"].get("data-count") == "2"
    assert columns["egg"].get("data-count") == "2"
    pad = dict(staged.score_pad(0).rows)
    assert all(columns[i.value].get("data-points") == str(p) for i, p in pad.items())


def test_player_seat_is_checked(staged: Game) -> None:
    with pytest.raises(ValueError, match="seat"):
        svg.player_svg(staged, 2)


# ----------------------------------------------------------------------- market
def test_market(staged: Game) -> None:
    root = parse(svg.market_svg(staged))
    slots = find(root, "carnuta-slot")
    assert [(s.get("data-row"), s.get("data-slot")) for s in slots] == [
        (row, str(k)) for row in ("day", "night") for k in range(1, 5)
    ]
    for slot, card in zip(slots, staged.market(Row.DAY) + staged.market(Row.NIGHT), strict=True):
        cards = find(slot, "carnuta-card")
        if card is None:
            assert slot.get("data-empty") == "true" and not cards
            assert any(r.get("stroke-dasharray") for r in slot.iter(f"{NS}rect"))
        else:
            assert [c.get("data-card") for c in cards] == [card.id]
    decks = {d.get("data-row"): d.get("data-count") for d in find(root, "carnuta-deck")}
    assert decks == {row.value: str(staged.deck_size(row)) for row in Row}
    reserve = {r.get("data-face"): r.get("data-count") for r in find(root, "carnuta-reserve")}
    assert reserve == {face.value: str(n) for face, n in staged.reserve.items()}
    assert find(root, "carnuta-discard")[0].get("data-count") == "0"
    tokens = [b.get("data-ingredient") for b in find(root, "carnuta-bonus")]
    assert tokens == [i.value for i in staged.bonus_tokens] and "egg" not in tokens


# ------------------------------------------------------------------------ table
@pytest.mark.parametrize("moment", ["start", "middle", "over"])
def test_table_is_well_formed_and_findable(games: dict[str, Game], moment: str) -> None:
    game = games[moment]
    root = parse(svg.table_svg(game))
    ids = {c.get("data-card") for c in find(root, "carnuta-card")}
    for row in Row:
        assert {c.id for c in game.market(row) if c} <= ids
    for seat in range(game.num_players):
        view = game.player(seat)
        assert {c.id for c in view.hand + view.played} <= ids
    players = find(root, "carnuta-player")
    assert [p.get("data-seat") for p in players] == [str(s) for s in range(game.num_players)]
    current = [p.get("data-seat") for p in players if p.get("data-current")]
    assert current == ([] if game.is_over else [str(game.current_player)])
    [status] = find(root, "carnuta-status")
    assert status.get("data-phase") == game.phase
    if not game.is_over:
        assert game.pending() in words_in(status)


def test_game_over_shows_the_winners(games: dict[str, Game]) -> None:
    game = games["over"]
    root = parse(svg.table_svg(game))
    winners = [p.get("data-seat") for p in find(root, "carnuta-player") if p.get("data-winner")]
    assert winners == [str(s) for s in game.winners()]
    status = words_in(find(root, "carnuta-status")[0])
    assert "Game over" in status and "Winner" in status
    for seat in game.winners():
        assert f"Player {seat + 1} ({game.scores()[seat]} pts)" in status


def test_game_repr_svg_is_table_svg(games: dict[str, Game]) -> None:
    assert games["middle"]._repr_svg_() == svg.table_svg(games["middle"])


def test_pictures_do_not_change_the_game(games: dict[str, Game], staged: Game) -> None:
    for game in [*games.values(), staged]:
        before, events = game.to_json(), list(game.last_events)
        svg.table_svg(game)
        svg.table_svg(game, lang="fr")
        svg.market_svg(game)
        for seat in range(game.num_players):
            svg.player_svg(game, seat)
        assert game.to_json() == before and game.last_events == events


def test_a_hostile_deck_name_is_escaped() -> None:
    name = '</text><script>alert("x")</script> & <svg onload=1>'
    game = Game.new(2, seed=5, deck=make_deck(name=name))
    text = svg.table_svg(game)
    assert "<script>" not in text and "<svg onload" not in text
    assert name in words_in(parse(text))


def test_french_words(staged: Game) -> None:
    fr = svg.table_svg(staged, lang="fr")
    root = parse(fr)
    words = words_in(root)
    for word in ("Pioche", "Défausse", "Réserve", "Serpes", "Main", "Jour", "Nuit", "Joueur"):
        assert word in words
    titles = " ".join("".join(t.itertext()) for t in root.iter(f"{NS}title"))
    for word in ("Soleil", "Lune", "Cadenas"):
        assert word in titles
    assert "Pioche" not in svg.table_svg(staged)
    assert "retourner soleil" in svg.card_svg(Card.parse(CARD_LINES["salt"]), lang="fr")
    with pytest.raises(ValueError, match="lang"):
        svg.table_svg(staged, lang="xx")


def test_every_word_has_a_french_version() -> None:
    assert set(svg.WORDS["en"]) == set(svg.WORDS["fr"])


def test_the_french_table_speaks_the_engines_french(staged: Game) -> None:
    status = words_in(find(parse(svg.table_svg(staged, lang="fr")), "carnuta-status")[0])
    assert staged.pending("fr") in status and "Pioche : staged" in status


def test_table_size_stays_compact() -> None:
    sizes = {}
    for players in (2, 4):
        game = play_to_end(Game.new(players, seed=7, deck=make_deck(32)), seed=7)
        sizes[players] = len(svg.table_svg(game).encode())
        start = len(svg.table_svg(Game.new(players, seed=7, deck=make_deck(32))).encode())
        print(f"{players}-player table: {start} bytes at the start, {sizes[players]} at the end")
    assert sizes[2] < sizes[4] < SIZE_LIMIT


def test_svg_module_imports_only_the_standard_library_and_the_core() -> None:
    source = Path(svg.__file__).read_text(encoding="utf-8")
    allowed = {"__future__", "math", "re", "typing", "xml.sax.saxutils", "tabletop.svg_text"}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            assert {a.name for a in node.names} <= allowed
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            assert node.module in allowed


# ------------------------------------------------------------ narrower layouts
def overlaps(a: svg.Box, b: svg.Box) -> bool:
    return min(a.x + a.w, b.x + b.w) - max(a.x, b.x) > 0.01 and (
        min(a.y + a.h, b.y + b.h) - max(a.y, b.y) > 0.01
    )


def inside(box: svg.Box, layout: svg.Layout) -> bool:
    return (
        box.x >= 0
        and box.x + box.w <= layout.width
        and 0 <= box.y <= box.y + box.h <= (layout.height)
    )


def check_layout(picture: str, layout: svg.Layout, boxes: list[svg.Box]) -> None:
    """The parts lie inside the picture and apart; so do the places of ``boxes`` (hits)."""
    root = parse(picture)
    assert root.get("viewBox") == f"0 0 {layout.width:g} {layout.height:g}"
    parts = [here for _, here in layout.moves]
    assert all(inside(part, layout) for part in parts)
    assert not [(a, b) for k, a in enumerate(parts) for b in parts[k + 1 :] if overlaps(a, b)]
    placed = [layout.place(box) for box in boxes]
    assert all(inside(box, layout) for box in placed)
    assert not [(a, b) for k, a in enumerate(placed) for b in placed[k + 1 :] if overlaps(a, b)]
    # Moved, a box keeps its size and stays inside its part's new place.
    assert all((a.w, a.h) == (b.w, b.h) for a, b in zip(boxes, placed, strict=True))


@pytest.mark.parametrize("width", svg.FIT_WIDTHS)
def test_the_narrower_market_holds_every_card_and_token_apart(
    games: dict[str, Game], staged: Game, width: float
) -> None:
    for game in (*games.values(), staged):
        picture, layout = svg.fit_market_svg(game, width=width)
        slots = [svg.slot_box(r, k) for r in range(2) for k in range(len(game.market(Row.DAY)))]
        tokens = [svg.token_box(k) for k in range(len(game.bonus_tokens))]
        check_layout(picture, layout, slots + tokens)
        # Every card of the wide market, and nothing else, is in the narrower one.
        ids = [c.get("data-card") for c in find(parse(picture), "carnuta-card")]
        assert ids == [
            c.get("data-card") for c in find(parse(svg.market_svg(game)), "carnuta-card")
        ]
    # The narrowest: its smallest word reads at 12 px in a 300-pixel-wide place (a phone), its
    # tokens are 24 px.
    if width == svg.FIT_WIDTHS[-1]:
        assert 300 / layout.width * svg.SMALLEST_TEXT >= 12
        assert 300 / layout.width * svg.TOKEN >= 24


@pytest.mark.parametrize("width", svg.FIT_WIDTHS)
def test_the_narrower_player_area_holds_every_hand_card_and_played_card_apart(
    games: dict[str, Game], staged: Game, width: float
) -> None:
    for game in (*games.values(), staged):
        for seat in range(game.num_players):
            view = game.player(seat)
            picture, layout = svg.fit_player_svg(game, seat, width=width)
            hand = svg.hand_boxes(len(view.hand))
            check_layout(picture, layout, hand + list(svg.strip_boxes(view).values()))
            wide = parse(svg.player_svg(game, seat))
            assert [c.get("data-card") for c in find(parse(picture), "carnuta-card")] == [
                c.get("data-card") for c in find(wide, "carnuta-card")
            ]
            if width == svg.FIT_WIDTHS[-1]:
                assert 300 / layout.width * svg.STRIP_H >= 24


def test_a_box_outside_every_part_has_no_narrower_place(staged: Game) -> None:
    _, layout = svg.fit_market_svg(staged, width=svg.FIT_WIDTHS[-1])
    with pytest.raises(ValueError, match="lies in no part"):
        layout.place(svg.Box(0, 0, svg.MARKET_W, 10))


def test_a_narrower_picture_may_leave_its_styles_to_the_wide_one(staged: Game) -> None:
    alone, _ = svg.fit_market_svg(staged, width=svg.FIT_WIDTHS[0])
    beside, _ = svg.fit_market_svg(staged, width=svg.FIT_WIDTHS[0], head=False)
    assert "<style>" in alone and "<style>" not in beside and "<defs>" not in beside
    assert len(beside) < len(alone)
