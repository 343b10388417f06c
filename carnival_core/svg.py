"""Pictures of Carnival as SVG text: a card, a Spectator row, the centre of the table, a
round's reveal, the scores, the whole table.

Every function is pure: it reads a ``Card``, an ``Entry``, a ``RoundResult``, a seat's
``Observation`` or a ``Game``, takes keyword-only options and returns an SVG string; nothing
is changed. A picture drawn from an ``Observation`` shows exactly what that seat may know:
its own hand face up, every other hand as card backs, Masks face down, the Carnival stack as
its top card and a count. A picture drawn from a ``Game`` is the open table for teaching and
staging: every hand face up and the card under each Mask written on it.

The five Creature types differ by colour (a palette safe for colour-blind eyes), by symbol
and by letter. Whatever a UI may want to find carries a ``carnival-*`` class and ``data-*``
attributes:

======================  ===============================================================
``carnival-card``       ``data-card`` (a card id, ``Mask`` or ``back``), ``data-where``
                        (hand, spectators, carnival), ``data-seat``; a Mask on the table:
                        ``data-hides`` (a card id, ``?`` or ``nothing``)
``carnival-player``     ``data-seat``, ``data-current``, ``data-hand`` (cards in hand),
                        ``data-masks`` (Masks known to be in that hand), ``data-you``
``carnival-column``     ``data-creature`` (a letter, or ``Mask``), ``data-count``
``carnival-stack``      ``data-count``, ``data-top`` (the top card as ``Entry`` text)
``carnival-deck``       ``data-count``; ``carnival-set-aside``: ``data-count``
``carnival-reveal``     ``data-round``, ``data-step``; cells ``carnival-cell``:
                        ``data-seat`` (-1 for the Carnival), ``data-creature``,
                        ``data-sum``, ``data-happy``
``carnival-score``      ``data-seat``, ``data-round`` (``total`` for the sum), ``data-score``
``carnival-winner``     ``data-seat``
======================  ===============================================================

>>> from carnival_core import Card, Game
>>> card_svg(Card.parse("R4")).startswith("<svg")
True
>>> game = Game.new(3, seed=7)
>>> 'data-card="Y1"' in table_svg(game.observation(1))    # player 2's own hand
True
>>> 'data-card="Y1"' in table_svg(game.observation(0))    # player 1 sees only backs
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from tabletop.saves import short_repr
from tabletop.svg_text import SvgWriter

from .cards import Card, Entry, column_sum, spectator_columns
from .errors import ArgumentError
from .observation import Observation
from .rules import CREATURE_NAMES, LETTERS
from .scoring import RoundResult, totals

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "COLOURS",
    "CREATURE_COLOURS",
    "FIT_WIDTH",
    "SMALLEST_TEXT",
    "WORDS",
    "Box",
    "PlayerLayout",
    "card_svg",
    "centre_svg",
    "centre_layout",
    "player_layout",
    "player_svg",
    "reveal_svg",
    "scores_svg",
    "table_svg",
]

#: One colour per Creature type (Okabe and Ito's palette, told apart with colour-blindness),
#: by letter; each type also has its own symbol and its letter on the card.
CREATURE_COLOURS: dict[str, str] = {
    "R": "#d55e00",
    "Y": "#e8c800",
    "G": "#009e73",
    "B": "#0072b2",
    "P": "#cc79a7",
    "O": "#e69f00",
    "W": "#9aa3ad",
    "K": "#3c3c3c",
}
#: Each type's colour darkened for its letter written on a light panel (4.5:1 or more).
CREATURE_INKS: dict[str, str] = {
    "R": "#a34300",
    "Y": "#6e6000",
    "G": "#00704f",
    "B": "#005a8c",
    "P": "#9c3f73",
    "O": "#8a5a00",
    "W": "#5b636b",
    "K": "#3c3c3c",
}
#: The card face behind each type: the type's colour, much lighter.
CREATURE_TINTS: dict[str, str] = {
    "R": "#fbe3d4",
    "Y": "#fdf6c9",
    "G": "#d2f0e6",
    "B": "#d5e7f5",
    "P": "#f6e3ee",
    "O": "#fcebc8",
    "W": "#f4f5f7",
    "K": "#dcdcdc",
}

COLOURS: dict[str, str] = {
    "ink": "#262320",
    "muted": "#6b665c",
    "faint": "#e4dfd3",
    "felt": "#f1ede3",
    "panel": "#fffdf8",
    "mask": "#3b2a4f",
    "mask-edge": "#d4a017",
    "mask-ink": "#fff6dc",
    "back": "#5a6b7d",
    "back-edge": "#2f3a46",
    "back-line": "#8696a8",
    # Dark enough for a 3:1 outline on the felt and for text on a light panel.
    "current": "#c24e00",
    "winner": "#d4a017",
    # The winner's gold as text on a light panel.
    "winner-ink": "#7d5c00",
    # The current player's orange as text on the felt.
    "current-ink": "#a34300",
    "happy": "#dff3dc",
    "happy-edge": "#3f9b3a",
    "sad": "#eeebe4",
    "status": "#2e2a24",
    "light": "#ffffff",
}

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "colon": ":",
        "carnival": "Carnival",
        "deck": "Deck",
        "set_aside": "set aside: {n}",
        "cards_word": "cards",
        "card_word": "card",
        "empty": "empty",
        "hand": "Hand",
        "spectators": "Spectators",
        "no_spectators": "no Spectators yet",
        "player": "Player {n}",
        "you": "you",
        "to_play": "to play",
        "round": "Round {r} of {n}",
        "mask": "Mask",
        "masks": "Masks",
        "in_hand": "{n} in hand",
        "masks_known": "{k} Mask(s) known",
        "open_table": "All cards shown",
        "reveal": "Round {r}: the reveal",
        "reveal_1": "The Carnival stack, laid out by type (Masks put aside)",
        "reveal_2": "A type is happy (☺) where the Carnival's sum beats the row's sum",
        "reveal_3": "Happy types score their sum; the others are turned face down",
        "score": "Score",
        "total": "Total",
        "scores": "Scores",
        "scores_by_round": "Scores by round",
        "final_scores": "Final scores",
        "won_by": "Winner: {names}",
        "shared_by": "Shared victory: {names}",
        "scoring_cards": "Tie: most scoring cards, last round",
        "cards_short": "Cards",
        "winner": "Winner",
        "over": "Game over",
        "red": "red",
        "yellow": "yellow",
        "green": "green",
        "blue": "blue",
        "purple": "purple",
        "orange": "orange",
        "white": "white",
        "black": "black",
        "happy": "happy",
        "sum": "sum {n}",
        "round_score": "round {r}: {n}",
        "sep": "; ",
    },
    "fr": {
        "colon": " :",
        "carnival": "Carnaval",
        "deck": "Pioche",
        "set_aside": "écartées : {n}",
        "cards_word": "cartes",
        "card_word": "carte",
        "empty": "vide",
        "hand": "Main",
        "spectators": "Spectateurs",
        "no_spectators": "pas encore de Spectateurs",
        "player": "Joueur {n}",
        "you": "vous",
        "to_play": "à jouer",
        "round": "Manche {r} sur {n}",
        "mask": "Masque",
        "masks": "Masques",
        "in_hand": "{n} en main",
        "masks_known": "{k} Masque(s) connu(s)",
        "open_table": "Toutes les cartes visibles",
        "reveal": "Manche {r} : la révélation",
        "reveal_1": "La pile du Carnaval, étalée par type (les Masques sont écartés)",
        "reveal_2": "Un type est content (☺) si la somme du Carnaval dépasse celle de la rangée",
        "reveal_3": "Les types contents marquent leur somme ; les autres sont retournés",
        "score": "Score",
        "total": "Total",
        "scores": "Scores",
        "scores_by_round": "Scores par manche",
        "final_scores": "Scores finals",
        "won_by": "Victoire : {names}",
        "shared_by": "Victoire partagée : {names}",
        "scoring_cards": "Égalité : plus de cartes qui marquent",
        "cards_short": "Cartes",
        "winner": "Victoire",
        "over": "Partie terminée",
        "red": "rouge",
        "yellow": "jaune",
        "green": "vert",
        "blue": "bleu",
        "purple": "violet",
        "orange": "orange",
        "white": "blanc",
        "black": "noir",
        "happy": "content",
        "sum": "somme {n}",
        "round_score": "manche {r} : {n}",
        "sep": " ; ",
    },
}

FONT = "DejaVu Sans,Verdana,Arial,sans-serif"
# Text styles by class (``cv-<name>``): font size and the rest of the CSS. No text is smaller
# than 11.5 units, so a picture drawn at 90% of its size still shows 10 px text.
TEXT_STYLES: dict[str, tuple[float, str]] = {
    "value": (17, "font-weight:bold"),
    "letter": (12, "font-weight:bold;text-anchor:end"),
    "maskword": (12, f"font-weight:bold;text-anchor:middle;fill:{COLOURS['mask-ink']}"),
    "hides": (12, f"font-weight:bold;fill:{COLOURS['mask-ink']}"),
    "title": (14, "font-weight:bold"),
    "label": (12, f"fill:{COLOURS['muted']}"),
    "tag": (12, "font-weight:bold;text-anchor:end"),
    "count": (15, "font-weight:bold;text-anchor:middle"),
    "head": (12, "font-weight:bold;text-anchor:middle"),
    "sum": (14, "font-weight:bold;text-anchor:middle"),
    "chip": (12, "font-weight:bold;text-anchor:middle"),
    "cell": (12, "text-anchor:middle"),
    "score": (14, "font-weight:bold;text-anchor:middle"),
}

#: Every card is drawn in a 50 x 70 box, then scaled.
BASE_W = 50
BASE_H = 70
#: Cards in a Spectator row, and the band of a covered card that stays in sight.
TABLE_W = 48
TABLE_H = 67
STRIP = 24
#: The acting seat's hand, and another seat's hand (backs).
HAND_W = 52
HAND_H = 73
HAND_GAP = 5
BACK_W = 28
BACK_H = 39
#: The Carnival stack's top card.
TOP_W = 70
TOP_H = 98
PAD = 8
WIDTH = 640
HEADER_H = 26
HAND_X = PAD
HAND_ROOM = 170
ROW_X = HAND_X + HAND_ROOM + 10
COLUMN_W = 74
COLUMN_HEAD = 20
CENTRE_H = 134
#: The smallest text of the pictures, in their own units: 12-unit words on a Spectator card
#: drawn at ``TABLE_W / BASE_W`` of its size.
SMALLEST_TEXT = 12 * TABLE_W / BASE_W
#: The width of the narrower pictures of the centre and of a player's place (a phone): the
#: Carnival stack, three Spectator columns, four hand cards side by side.
FIT_WIDTH = 240
#: The height of a narrower player's place's header: the name, and under it the tag.
FIT_HEADER_H = 44


@dataclass(frozen=True)
class Box:
    """A rectangle in a picture's own units (its ``viewBox``)."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class PlayerLayout:
    """Where a player's picture draws its parts: its size, each hand card (face up only for
    the seat whose hand is shown) and the Spectator row, where a card may be played."""

    width: float
    height: float
    hand: tuple[Box, ...]
    spectators: Box
    #: Where each column of the Spectator row stands (its head's corner; one per type shown).
    columns: tuple[Box, ...] = ()


# ------------------------------------------------------------ SVG text helpers
#: How Carnival's pictures write SVG: ``cv-*`` text classes, numbers to two decimals.
_SVG = SvgWriter(TEXT_STYLES, class_prefix="cv-", decimals=2)
_num, _attrs, _el, _text, _g, _rect = (
    _SVG.number,
    _SVG.attributes,
    _SVG.element,
    _SVG.text,
    _SVG.group,
    _SVG.rect,
)


def _svg(width: float, height: float, body: str, **attrs: object) -> str:
    style = " ".join(
        f".cv-{name}{{font-size:{_num(float(size))}px;{css}}}"
        for name, (size, css) in TEXT_STYLES.items()
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" '
        f'height="{_num(height)}" viewBox="0 0 {_num(width)} {_num(height)}"{_attrs(attrs)} '
        f'font-family="{FONT}" fill="{COLOURS["ink"]}">'
        f"<style>{style}</style>{body}</svg>"
    )


def _words(lang: str) -> dict[str, str]:
    if not isinstance(lang, str) or lang not in WORDS:
        raise ArgumentError("lang", f"one of {', '.join(WORDS)}, not {short_repr(lang)}")
    return {**WORDS["en"], **WORDS[lang]}


# ------------------------------------------------------------------ symbols
# Each type's symbol in a -10..10 box: circle, star, triangle, diamond, square, hexagon,
# cross, crescent; a type is never told by its colour alone.
SYMBOLS: dict[str, str] = {
    "R": '<circle r="8.5"/>',
    "Y": '<path d="M0-10L2.9-4 9.5-3.1 4.7 1.5 5.9 8.1 0 5 -5.9 8.1-4.7 1.5-9.5-3.1-2.9-4Z"/>',
    "G": '<path d="M0-9.5L9.5 8H-9.5Z"/>',
    "B": '<path d="M0-10L8 0 0 10-8 0Z"/>',
    "P": '<rect x="-8" y="-8" width="16" height="16" rx="1.5"/>',
    "O": '<path d="M-4.5-8H4.5L9 0 4.5 8H-4.5L-9 0Z"/>',
    "W": '<path d="M-3-9H3V-3H9V3H3V9H-3V3H-9V-3H-3Z"/>',
    "K": '<path d="M3-9A9 9 0 1 0 3 9 7 7 0 0 1 3-9Z"/>',
}
MASK_GLYPH = (
    '<path d="M-16-6C-10-9-4-7 0-4 4-7 10-9 16-6 16 2 11 8 5 8 2 8 1 5 0 5-1 5-2 8-5 8'
    '-11 8-16 2-16-6Z"/><ellipse cx="-7" cy="-0.5" rx="4" ry="2.6" fill="{hole}"/>'
    '<ellipse cx="7" cy="-0.5" rx="4" ry="2.6" fill="{hole}"/>'
)


def _symbol(letter: str, x: float, y: float, size: float) -> str:
    """The type's symbol, ``size`` across, centred on ``x``, ``y``."""
    return _g(
        SYMBOLS[letter],
        x=x,
        y=y,
        scale=size / 20,
        fill=CREATURE_COLOURS[letter],
        stroke=COLOURS["ink"],
        stroke_width=1.3,
    )


# -------------------------------------------------------------------- cards
def _frame(fill: str, stroke: str, stroke_width: float = 2.4) -> str:
    """The outline of a card in the 50 x 70 box, filled with ``fill``."""
    return _rect(
        1, 1, BASE_W - 2, BASE_H - 2, rx=5, fill=fill, stroke=stroke, stroke_width=stroke_width
    )


def _face(card: Card) -> str:
    """A Creature card in the 50 x 70 box: value and letter in the top band (which stays in
    sight when the card is covered), the symbol below."""
    letter = card.letter
    assert letter is not None
    colour = CREATURE_COLOURS[letter]
    return (
        _frame(CREATURE_TINTS[letter], colour)
        + _rect(1, 1, BASE_W - 2, STRIP - 2, rx=5, fill=colour, fill_opacity=0.28)
        + _text(5, 18, str(card.value), "value")
        + _symbol(letter, 37, 11, 12)
        + _symbol(letter, 25, 46, 26)
        + _text(46, 65, letter, "letter")
    )


def _mask(band: str | None) -> str:
    """A Mask in the 50 x 70 box; ``band`` is written in its top band (what it hides, as the
    viewer knows it: ``[?]``, ``[R4]``, ``[]``)."""
    return (
        _frame(COLOURS["mask"], COLOURS["mask-edge"])
        + (_text(5, 17, band, "hides") if band is not None else "")
        + _g(
            MASK_GLYPH.format(hole=COLOURS["mask"]),
            x=25,
            y=42,
            scale=1.15,
            fill=COLOURS["mask-ink"],
        )
    )


def _back(mask_known: bool = False) -> str:
    """A card face down (another seat's hand); ``mask_known``: everyone knows it is a Mask."""
    body = (
        _frame(COLOURS["back"], COLOURS["back-edge"])
        + _rect(
            6,
            6,
            BASE_W - 12,
            BASE_H - 12,
            rx=3,
            fill="none",
            stroke=COLOURS["back-line"],
            stroke_width=2,
        )  # fmt: skip
    )
    if mask_known:
        return body + _g(MASK_GLYPH.format(hole=COLOURS["back"]), x=25, y=35, scale=0.95,
                         fill=COLOURS["mask-ink"])  # fmt: skip
    return body + _el("path", d="M25 20L37 35 25 50 13 35Z", fill=COLOURS["back-line"])


def _hides(entry: Entry) -> str:
    if entry.empty:
        return "nothing"
    return "?" if entry.card is None else entry.card.id


def _card(
    card: Card | Entry | None,
    x: float,
    y: float,
    width: float,
    *,
    lang: str,
    **attrs: object,
) -> str:
    """A card group at ``x``, ``y``, ``width`` wide: a Creature, a Mask (a bare ``MASK`` card,
    or an ``Entry`` on the table), a card the viewer forgot (``?``), or a back (None)."""
    scale = width / BASE_W
    w = _words(lang)

    def placed(body: str, data_card: str, **more: object) -> str:
        return _g(body, x=x, y=y, scale=scale, class_="carnival-card", data_card=data_card,
                  **more, **attrs)  # fmt: skip

    if card is None:
        return placed(_back(), "back")
    if isinstance(card, Entry):
        if card.masked:
            return placed(_mask(str(card)), "Mask", data_hides=_hides(card))
        if card.card is None:  # face up once, now buried deeper than the viewer remembers
            body = _frame(COLOURS["faint"], COLOURS["muted"], stroke_width=2)
            return placed(body + _text(18, 42, "?", "value"), "?")
        card = card.card
    if card.is_mask:
        return placed(_mask(None) + _text(25, 64, w["mask"], "maskword"), "Mask")
    name = f"{card.id}{w['colon']} {w[CREATURE_NAMES[card.type_index]]} {card.value}"
    return placed(_face(card) + _el("title", escape(name)), card.id)


def card_svg(card: Card | Entry | None, *, width: float = 60, lang: str = "en") -> str:
    """One card, ``width`` pixels wide: a Creature (colour, symbol, letter and value), a Mask
    (an ``Entry`` says what the viewer knows of the card under it), or a back (None)."""
    if card is not None and not isinstance(card, (Card, Entry)):
        raise ArgumentError("card", f"a Card, an Entry or None, not {short_repr(card)}")
    if isinstance(width, bool) or not isinstance(width, (int, float)) or not 1 <= width <= 2000:
        raise ArgumentError("width", f"a number of pixels from 1 to 2000, not {short_repr(width)}")
    _words(lang)
    height = width * BASE_H / BASE_W
    return _svg(width + 2, height + 2, _card(card, 1, 1, width, lang=lang))


# -------------------------------------------------------------- the table
@dataclass(frozen=True)
class _Table:
    """What a picture shows: a seat's ``Observation``, or a ``Game`` with every card open."""

    players: int
    #: The seat whose view this is (its hand face up), or None: every hand face up.
    seat: int | None
    round: int
    rounds: int
    current: int | None
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    known_masks: tuple[int, ...]
    spectators: tuple[tuple[Entry, ...], ...]
    carnival: tuple[Entry, ...]
    deck_size: int
    set_aside: int
    results: tuple[RoundResult, ...]
    #: The winning seats, once the game is over.
    winners: tuple[int, ...]


def _table(view: Observation | Game) -> _Table:
    from .game import Game

    if not isinstance(view, (Observation, Game)):
        raise ArgumentError(
            "view", f"a Carnival Game or a seat's Observation, not {short_repr(view)}"
        )
    if isinstance(view, Observation):
        seat: int | None = view.seat
        players = view.players
        hands: tuple[tuple[Card, ...] | None, ...] = tuple(
            view.hand if s == view.seat else None for s in range(players)
        )
        return _Table(
            players,
            seat,
            view.round,
            view.rounds,
            view.current_player,
            hands,
            view.hand_sizes,
            view.known_masks,
            view.spectators,
            view.carnival,
            view.deck_size,
            view.set_aside,
            view.results,
            view.winners,
        )
    game = view
    players = game.num_players
    return _Table(
        players,
        None,
        game.round,
        game.rules.rounds,
        None if game.is_over else game.current_player,
        tuple(game.hand(s) for s in range(players)),
        tuple(len(game.hand(s)) for s in range(players)),
        tuple(game.known_masks(s) for s in range(players)),
        tuple(game.spectators(s) for s in range(players)),
        game.carnival(),
        game.deck_size,
        len(game.set_aside()),
        game.results,
        tuple(game.winners()),
    )


def _check_names(names: object, players: int) -> list[str]:
    """``names``: one text per player."""
    if (
        isinstance(names, (str, bytes))
        or not isinstance(names, Sequence)
        or len(names) != players
        or not all(isinstance(name, str) for name in names)
    ):
        raise ArgumentError("names", f"{players} names, one per player, not {short_repr(names)}")
    return list(names)


def _names(table: _Table, names: Sequence[str] | None, w: dict[str, str]) -> list[str]:
    if names is not None:
        return _check_names(names, table.players)
    out = []
    for s in range(table.players):
        name = w["player"].format(n=s + 1)
        out.append(f"{name} ({w['you']})" if s == table.seat else name)
    return out


def _column_height(count: int) -> float:
    return COLUMN_HEAD + (count - 1) * STRIP + TABLE_H if count else 0


def _hand_boxes(count: int, y: float) -> tuple[Box, ...]:
    room = WIDTH - 2 * PAD
    step: float = HAND_W + HAND_GAP
    if count > 1 and (count - 1) * step + HAND_W > room:
        step = (room - HAND_W) / (count - 1)
    return tuple(
        Box(PAD + k * step, y, HAND_W if k == count - 1 else min(step, HAND_W), HAND_H)
        for k in range(count)
    )


def _layout(table: _Table, seat: int, width: float = WIDTH) -> PlayerLayout:
    columns = spectator_columns(table.spectators[seat])
    heights = [_column_height(len(c)) for c in columns.values()]
    hand = table.hands[seat]
    if width != WIDTH:
        return _fit_layout(table, seat, width, heights)
    tallest = max(heights, default=0)
    row_h = max(tallest, COLUMN_HEAD + TABLE_H)
    top = HEADER_H + 4
    spectators = Box(ROW_X - 4, top - 2, WIDTH - ROW_X - PAD + 8, row_h + 4)
    spots = tuple(
        Box(ROW_X + k * COLUMN_W, spectators.y, COLUMN_W, h) for k, h in enumerate(heights)
    )
    if hand is None:
        return PlayerLayout(WIDTH, top + row_h + PAD, (), spectators, spots)
    hand_top = top + row_h + 26
    boxes = _hand_boxes(len(hand), hand_top)
    return PlayerLayout(WIDTH, hand_top + HAND_H + PAD, boxes, spectators, spots)


def _fit_layout(table: _Table, seat: int, width: float, heights: list[float]) -> PlayerLayout:
    """A player's place ``width`` units wide: the header on two lines, the backs of another
    seat's hand, the Spectator columns in rows, the seat's own hand in rows of whole cards."""
    hand = table.hands[seat]
    top = FIT_HEADER_H + 4 + (24 + BACK_H + 8 if hand is None else 0)
    per_row = 1 + max(0, int((width - 2 * PAD - 8 - TABLE_W) // COLUMN_W))
    rows = [heights[k : k + per_row] for k in range(0, len(heights), per_row)] or [[0.0]]
    spots, y = [], top - 2.0
    for row in rows:
        spots += [Box(PAD + k * COLUMN_W, y, COLUMN_W, h) for k, h in enumerate(row) if h]
        y += max(*row, COLUMN_HEAD + TABLE_H)
    spectators = Box(PAD - 4, top - 2, width - 2 * PAD + 8, y - top + 6)
    bottom = spectators.y + spectators.h
    if hand is None:
        return PlayerLayout(width, bottom + PAD, (), spectators, tuple(spots))
    per_hand_row = max(1, int((width - 2 * PAD + HAND_GAP) // (HAND_W + HAND_GAP)))
    boxes = tuple(
        Box(
            PAD + (k % per_hand_row) * (HAND_W + HAND_GAP),
            bottom + 26 + (k // per_hand_row) * (HAND_H + HAND_GAP),
            HAND_W,
            HAND_H,
        )
        for k in range(len(hand))
    )
    last = boxes[-1].y if boxes else bottom + 26
    return PlayerLayout(width, last + HAND_H + PAD, boxes, spectators, tuple(spots))


def player_layout(view: Observation | Game, seat: int, *, width: float = WIDTH) -> PlayerLayout:
    """Where ``player_svg(view, seat, width=width)`` draws each hand card and the Spectator
    row."""
    table = _table(view)
    return _layout(table, _check_seat(table, seat), width)


def _check_seat(table: _Table, seat: int) -> int:
    players = table.players
    if type(seat) is not int or not 0 <= seat < players:
        raise ArgumentError("seat", f"a seat from 0 to {players - 1}, not {short_repr(seat)}")
    return seat


def _spectator_row(table: _Table, seat: int, box: Box, spots: tuple[Box, ...], lang: str) -> str:
    w = _words(lang)
    columns = spectator_columns(table.spectators[seat])
    parts = [
        _rect(
            box.x,
            box.y,
            box.w,
            box.h,
            rx=6,
            fill=COLOURS["panel"],
            stroke=COLOURS["faint"],
            class_="carnival-spectators",
            data_seat=seat,
        )  # fmt: skip
    ]
    if not columns:
        parts.append(_text(box.x + 12, box.y + box.h / 2 + 5, w["no_spectators"], "label"))
    for (key, entries), spot in zip(columns.items(), spots, strict=True):
        x, top = spot.x, spot.y
        head = w["masks"] if key == "Mask" else key
        if key != "Mask":
            total = column_sum(entries)
            head = key if total is None else f"{key} {total}"
        cards = "".join(
            _card(
                entry,
                x + 4,
                top + COLUMN_HEAD + 2 + j * STRIP,
                TABLE_W,
                lang=lang,
                data_where="spectators",
                data_seat=seat,
            )  # fmt: skip
            for j, entry in enumerate(entries)
        )
        colour = COLOURS["mask"] if key == "Mask" else CREATURE_INKS[key]
        parts.append(
            _g(
                _text(x + 4 + TABLE_W / 2, top + 15, head, "head", TABLE_W + 10, fill=colour)
                + cards,
                class_="carnival-column",
                data_creature=key,
                data_count=len(entries),
            )
        )
    return "".join(parts)


def _winners_text(table: _Table, names: Sequence[str], w: dict[str, str]) -> str:
    """Who won, in words ("Winner: Player 2", or a shared victory), once the game is over."""
    won = ", ".join(names[s] for s in table.winners)
    return w["won_by" if len(table.winners) == 1 else "shared_by"].format(names=won)


def _hand_info(table: _Table, seat: int, w: dict[str, str]) -> str:
    text = w["in_hand"].format(n=table.hand_sizes[seat])
    if table.hands[seat] is None and table.known_masks[seat]:
        text += " · " + w["masks_known"].format(k=table.known_masks[seat])
    return text


def _player(table: _Table, seat: int, names: list[str], lang: str, width: float = WIDTH) -> str:
    w = _words(lang)
    layout = _layout(table, seat, width)
    current = table.current == seat
    winner = seat in table.winners
    edge = COLOURS["current"] if current else COLOURS["winner"] if winner else COLOURS["faint"]
    ink = "current-ink" if current else "winner-ink" if winner else "muted"
    tag_ink = COLOURS[ink]
    parts = [
        _rect(
            1.5,
            1.5,
            layout.width - 3,
            layout.height - 3,
            rx=9,
            fill=COLOURS["felt"],
            stroke=edge,
            stroke_width=3 if current or winner else 1.5,
        )  # fmt: skip
    ]
    tag = w["to_play"] if current else w["winner"] if winner else ""
    wide = width == WIDTH
    # Narrower, the tag goes under the name.
    tag_y, head_h = (19, HEADER_H) if wide else (38, FIT_HEADER_H)
    room = (WIDTH - 300, 280) if wide else (width - 2 * PAD - 8,) * 2
    parts.append(_text(PAD + 4, 19, names[seat], "title", room[0]))
    parts.append(_text(width - PAD - 4, tag_y, (tag + " · " if tag else "") + _hand_info(table, seat, w),
                       "tag", room[1], fill=tag_ink))  # fmt: skip
    hand = table.hands[seat]
    if hand is None:
        size, known = table.hand_sizes[seat], table.known_masks[seat]
        step = min(10.0, (HAND_ROOM - BACK_W) / max(size - 1, 1))
        top = head_h + 4 + 24
        parts.append(_text(HAND_X + 2, top - 8, w["hand"], "label"))
        for k in range(size):
            parts.append(
                _g(
                    _back(mask_known=k >= size - known),
                    x=HAND_X + k * step,
                    y=top,
                    scale=BACK_W / BASE_W,
                    class_="carnival-card",
                    data_card="back",
                    data_where="hand",
                    data_seat=seat,
                )  # fmt: skip
            )
    else:
        first = layout.hand[0].y if layout.hand else layout.spectators.y + layout.spectators.h + 26
        parts.append(_text(HAND_X + 2, first - 7, w["hand"], "label"))
        for card, box in zip(hand, layout.hand, strict=True):
            parts.append(
                _card(card, box.x, box.y, HAND_W, lang=lang, data_where="hand", data_seat=seat)
            )
    parts.append(_spectator_row(table, seat, layout.spectators, layout.columns, lang))
    return _g(
        "".join(parts),
        class_="carnival-player",
        data_seat=seat,
        data_current=current,
        data_you=seat == table.seat,
        data_hand=table.hand_sizes[seat],
        data_masks=table.known_masks[seat],
    )


def player_svg(
    view: Observation | Game,
    seat: int,
    *,
    names: Sequence[str] | None = None,
    lang: str = "en",
    width: float = WIDTH,
) -> str:
    """A player's place: name, hand (face up only in the seat's own view, else backs), and
    Spectator row sorted by type, each column headed by its visible sum. ``width``: ``WIDTH``,
    or ``FIT_WIDTH`` for a phone (the same parts one under the other)."""
    table = _table(view)
    seat = _check_seat(table, seat)
    layout = _layout(table, seat, width)
    named = _names(table, names, _words(lang))
    return _svg(layout.width, layout.height, _player(table, seat, named, lang, width))


def centre_layout() -> Box:
    """Where ``centre_svg`` draws the Carnival stack (a card played there lands on it)."""
    return Box(PAD, 4, 210, CENTRE_H - 8)


def _centre(table: _Table, lang: str, width: float = WIDTH) -> str:
    w = _words(lang)
    stack = centre_layout()
    parts = [
        _rect(
            stack.x, stack.y, stack.w, stack.h, rx=8, fill=COLOURS["panel"], stroke=COLOURS["faint"]
        )  # fmt: skip
    ]
    count = len(table.carnival)
    top = table.carnival[-1] if table.carnival else None
    x, y = stack.x + 10, stack.y + 22
    parts.append(_text(stack.x + 10, stack.y + 16, w["carnival"], "title"))
    for k in range(min(count - 1, 3), 0, -1):  # the edges of the cards beneath the top one
        parts.append(
            _rect(
                x + 3 * k,
                y + 3 * k,
                TOP_W,
                TOP_H,
                rx=6,
                fill=COLOURS["light"],
                stroke=COLOURS["muted"],
            )  # fmt: skip
        )
    if top is None:
        parts.append(_rect(x, y, TOP_W, TOP_H, rx=6, fill="none", stroke=COLOURS["muted"],
                           stroke_dasharray="5 4"))  # fmt: skip
        parts.append(_text(x + 12, y + 54, w["empty"], "label"))
    else:
        parts.append(_card(top, x, y, TOP_W, lang=lang, data_where="carnival"))
    parts.append(_text(x + TOP_W + 30, y + 40, str(count), "count"))
    parts.append(_text(x + TOP_W + 30, y + 58, w["card_word" if count == 1 else "cards_word"],
                       "label", style="text-anchor:middle"))  # fmt: skip
    stack_group = _g(
        "".join(parts),
        class_="carnival-stack",
        data_count=count,
        data_top="" if top is None else str(top),
    )
    # The draw pile and the cards set aside at setup; narrower, under the stack.
    dx, dy = (stack.x + stack.w + 24, 0.0) if width == WIDTH else (PAD, float(CENTRE_H))
    deck = _g(
        _text(0, 16, w["deck"], "title")
        + (
            _g(_back(), y=22, scale=60 / BASE_W)
            if table.deck_size
            else _rect(
                0, 22, 60, 84, rx=6, fill="none", stroke=COLOURS["muted"], stroke_dasharray="5 4"
            )
        )  # fmt: skip
        + _text(
            30,
            70,
            str(table.deck_size),
            "count",
            fill=COLOURS["light"] if table.deck_size else COLOURS["ink"],
        )  # fmt: skip
        + _text(
            0,
            CENTRE_H - 10,
            w["set_aside"].format(n=table.set_aside),
            "label",
            class_="carnival-set-aside",
            data_count=table.set_aside,
        ),  # fmt: skip
        x=dx,
        y=stack.y + dy,
        class_="carnival-deck",
        data_count=table.deck_size,
    )
    info_x = dx + (160 if width == WIDTH else 100)
    info = _text(info_x, 24, w["round"].format(r=table.round, n=table.rounds), "title")
    if table.seat is None:
        info += _text(info_x, 44, w["open_table"], "label")
    if table.results:
        points = totals(table.results, table.players)
        over = table.current is None
        info += _text(info_x, 68, w["final_scores" if over else "scores"], "label")
        info += _text(
            info_x, 88, " · ".join(f"{s + 1}{w['colon']} {p}" for s, p in enumerate(points)), "title",
            width - info_x - PAD)  # fmt: skip
    if table.current is None:
        info += _text(info_x, 112, w["over"], "title", fill=COLOURS["winner-ink"])
        if table.winners:
            names = [w["player"].format(n=s + 1) for s in range(table.players)]
            info += _text(info_x, 128, _winners_text(table, names, w), "label",
                          width - info_x - PAD, class_="carnival-winners")  # fmt: skip
    return stack_group + deck + _g(info, y=dy)


def centre_svg(view: Observation | Game, *, lang: str = "en", width: float = WIDTH) -> str:
    """The centre of the table: the Carnival stack (its top card and how many cards it holds),
    the draw pile's size, the cards set aside, the round and the scores so far. ``width``:
    ``WIDTH``, or ``FIT_WIDTH`` for a phone (the draw pile and the scores under the stack)."""
    height = CENTRE_H if width == WIDTH else 2 * CENTRE_H
    return _svg(width, height, _centre(_table(view), lang, width), class_="carnival-centre")


# ----------------------------------------------------------------- reveal
REVEAL_LABEL = 110
REVEAL_COLUMN = 88
REVEAL_SCORE = 76
CHIP_W = 20
CHIP_H = 18
CHIPS_PER_LINE = 4


def _chips(values: Sequence[int], letter: str, x: float, y: float) -> str:
    out = []
    for k, value in enumerate(values):
        cx = x + (k % CHIPS_PER_LINE) * (CHIP_W + 1)
        cy = y + (k // CHIPS_PER_LINE) * (CHIP_H + 2)
        out.append(
            _rect(
                cx,
                cy,
                CHIP_W,
                CHIP_H,
                rx=3,
                fill=CREATURE_TINTS[letter],
                stroke=CREATURE_COLOURS[letter],
                stroke_width=1.4,
            )  # fmt: skip
            + _text(cx + CHIP_W / 2, cy + 13.5, str(value), "chip")
        )
    return "".join(out)


def _chip_lines(count: int) -> int:
    return max(1, -(-count // CHIPS_PER_LINE))


def reveal_svg(
    result: RoundResult,
    *,
    step: int = 3,
    names: Sequence[str] | None = None,
    lang: str = "en",
) -> str:
    """A round's reveal, step by step: (1) the Carnival stack laid out by type with its sums;
    (2) each player's Spectators (hands added, Masks put aside) with their sums, a happy type
    marked; (3) the points each happy type scores and each player's round score."""
    if not isinstance(result, RoundResult):
        raise ArgumentError("result", f"a RoundResult (game.results[0]), not {short_repr(result)}")
    if type(step) is not int or not 1 <= step <= 3:
        raise ArgumentError("step", f"1, 2 or 3, not {short_repr(step)}")
    w = _words(lang)
    players = len(result.scores)
    if names is None:
        names = [w["player"].format(n=s + 1) for s in range(players)]
    else:
        names = _check_names(names, players)
    types = len(result.carnival_sums)
    letters = LETTERS[:types]
    width = REVEAL_LABEL + types * REVEAL_COLUMN + REVEAL_SCORE + 2 * PAD

    def values(cards: Sequence[Card], t: int) -> list[int]:
        return [card.value for card in cards if card.type_index == t]

    rows: list[tuple[int, str, Sequence[Card]]] = [(-1, w["carnival"], result.carnival)]
    if step >= 2:
        rows += [(s, names[s], result.spectators[s]) for s in range(players)]
    y = 50.0
    parts = [
        _text(PAD, 20, w["reveal"].format(r=result.round), "title"),
        _text(PAD, 39, w[f"reveal_{step}"], "label", width - 2 * PAD),
    ]
    for t, letter in enumerate(letters):
        cx = PAD + REVEAL_LABEL + t * REVEAL_COLUMN + REVEAL_COLUMN / 2
        parts.append(_symbol(letter, cx - 20, y + 9, 16))
        parts.append(_text(cx + 6, y + 14, letter, "head", fill=CREATURE_INKS[letter]))
    if step >= 3:
        parts.append(_text(width - PAD - REVEAL_SCORE / 2, y + 14, w["score"], "head"))
    y += 24
    for seat, label, cards in rows:
        lines = max(_chip_lines(len(values(cards, t))) for t in range(types))
        height = lines * (CHIP_H + 2) + 26
        parts.append(_rect(PAD, y, width - 2 * PAD, height, rx=5,
                           fill=COLOURS["panel"] if seat >= 0 else COLOURS["faint"]))  # fmt: skip
        parts.append(_text(PAD + 6, y + 18, label, "title", REVEAL_LABEL - 10))
        for t, letter in enumerate(letters):
            x = PAD + REVEAL_LABEL + t * REVEAL_COLUMN
            mine = values(cards, t)
            total = result.carnival_sums[t] if seat < 0 else result.spectator_sums[seat][t]
            happy = seat >= 0 and bool(mine) and result.happy[seat][t]
            cell = ""
            if seat >= 0 and mine:
                cell += _rect(x + 2, y + 2, REVEAL_COLUMN - 4, height - 4, rx=4,
                              fill=COLOURS["happy"] if happy else COLOURS["sad"],
                              stroke=COLOURS["happy-edge"] if happy else "none")  # fmt: skip
            chips = _chips(mine, letter, x + 4, y + 5)
            faded = step >= 3 and seat >= 0 and not happy
            cell += _g(chips, opacity=0.35) if faded and chips else chips
            if mine or seat < 0:
                mark = "☺ " if happy else ""
                cell += _text(x + REVEAL_COLUMN / 2, y + height - 6, f"{mark}Σ {total}", "sum")
            else:
                cell += _text(x + REVEAL_COLUMN / 2, y + height / 2 + 4, "—", "cell")
            parts.append(
                _g(
                    cell,
                    class_="carnival-cell",
                    data_seat=seat,
                    data_creature=letter,
                    data_sum=total,
                    data_happy=happy if seat >= 0 else None,
                )  # fmt: skip
            )
        if step >= 3 and seat >= 0:
            parts.append(
                _text(
                    width - PAD - REVEAL_SCORE / 2,
                    y + height / 2 + 5,
                    str(result.scores[seat]),
                    "score",
                    class_="carnival-score",
                    data_seat=seat,
                    data_round=result.round,
                    data_score=result.scores[seat],
                )  # fmt: skip
            )
        y += height + 4
    summary = _reveal_summary(result, step, names, w)
    return _svg(
        width, y + PAD, "".join(parts), class_="carnival-reveal", data_round=result.round,
        data_step=step, role="img", aria_label=summary)  # fmt: skip


def _reveal_summary(result: RoundResult, step: int, names: Sequence[str], w: dict[str, str]) -> str:
    """The reveal in words: each row's cards and sum by type, the happy types, the scores."""
    letters = LETTERS[: len(result.carnival_sums)]

    def row(
        label: str, cards: Sequence[Card], sums: Sequence[int], happy: Sequence[bool] | None
    ) -> str:
        told = []
        for t in range(len(letters)):
            values = [str(card.value) for card in cards if card.type_index == t]
            if happy is not None and not values:
                continue  # a row tells only the types it holds; the Carnival tells them all
            mood = f" ({w['happy']})" if happy is not None and happy[t] else ""
            kind = w[CREATURE_NAMES[t]]
            told.append(" ".join([kind, *values, w["sum"].format(n=sums[t])]) + mood)
        return f"{label}{w['colon']} {', '.join(told) or '—'}"

    parts = [w["reveal"].format(r=result.round), w[f"reveal_{step}"]]
    parts.append(row(w["carnival"], result.carnival, result.carnival_sums, None))
    if step >= 2:
        for seat, label in enumerate(names):
            told = row(label, result.spectators[seat], result.spectator_sums[seat],
                       result.happy[seat])  # fmt: skip
            if step >= 3:
                told += f", {w['score']} {result.scores[seat]}"
            parts.append(told)
    return w["sep"].join(parts) + "."


# ----------------------------------------------------------------- scores
def scores_svg(
    view: Observation | Game, *, names: Sequence[str] | None = None, lang: str = "en"
) -> str:
    """The score pad, a row per player: the points of each finished round and the total; once
    the game is over, the winners, and after a tie on points the scoring cards of the last
    round that break it. Narrow (about 260 units), to fit beside the table."""
    table = _table(view)
    w = _words(lang)
    labels = _names(table, names, w)
    players = table.players
    points = totals(table.results, players)
    best = max(points) if table.results else 0
    tied = table.current is None and points.count(best) > 1
    columns: list[tuple[str, object, Sequence[object]]] = [
        (str(r.round), r.round, r.scores) for r in table.results
    ]
    columns.append((w["total"], "total", points))
    if tied:
        columns.append((w["cards_short"], "scoring-cards", table.results[-1].scoring_cards))
    label_w, cell_w, row_h = 112, 48, 22
    width = label_w + len(columns) * cell_w + 2 * PAD
    over = table.current is None
    title = w["final_scores" if over else "scores_by_round"]
    parts = [_text(PAD, 18, title, "title", width - 2 * PAD)]
    y = 26.0
    for k, (head, _, _) in enumerate(columns):
        x = PAD + label_w + k * cell_w + cell_w / 2
        parts.append(_text(x, y + 15, head, "head", cell_w - 4))
    y += row_h
    for seat in range(players):
        if seat in table.winners:
            parts.append(_rect(PAD, y, width - 2 * PAD, row_h, rx=5, fill=COLOURS["winner"],
                               fill_opacity=0.3, class_="carnival-winner", data_seat=seat))  # fmt: skip
        parts.append(_rect(PAD, y + row_h - 1, width - 2 * PAD, 1, fill=COLOURS["faint"]))
        parts.append(_text(PAD + 3, y + 16, labels[seat], "cell", label_w - 8,
                           style="text-anchor:start"))  # fmt: skip
        for k, (_, key, values) in enumerate(columns):
            x = PAD + label_w + k * cell_w + cell_w / 2
            value = values[seat]
            parts.append(_text(x, y + 16, str(value), "score" if key == "total" else "cell",
                               class_="carnival-score", data_seat=seat, data_round=key,
                               data_score=value))  # fmt: skip
        y += row_h
    if tied:
        parts.append(_text(PAD, y + 17, w["scoring_cards"], "label", width - 2 * PAD))
        y += row_h
    if over and table.winners:
        parts.append(_text(PAD, y + 17, _winners_text(table, labels, w), "title",
                           width - 2 * PAD, class_="carnival-winners"))  # fmt: skip
        y += row_h
    rows = [
        f"{labels[seat]}{w['colon']} "
        + ", ".join(
            f"{w['total']} {values[seat]}"
            if key == "total"
            else f"{head} {values[seat]}"
            if key == "scoring-cards"
            else w["round_score"].format(r=key, n=values[seat])
            for head, key, values in columns
        )  # fmt: skip
        + (f" ({w['winner']})" if seat in table.winners else "")
        for seat in range(players)
    ]
    summary = w["sep"].join([w["scores_by_round"], *rows]) + "."
    return _svg(width, y + PAD, "".join(parts), class_="carnival-scores", role="img",
                aria_label=summary)  # fmt: skip


# ------------------------------------------------------------ the whole table
def table_svg(
    view: Observation | Game, *, names: Sequence[str] | None = None, lang: str = "en"
) -> str:
    """The whole table: the centre, then every player's place (the viewing seat last, nearest
    to its player), then the scores once a round is over."""
    table = _table(view)
    w = _words(lang)
    labels = _names(table, names, w)
    order = list(range(table.players))
    if table.seat is not None:
        order = [s for s in order if s != table.seat] + [table.seat]
    parts = [_centre(table, lang)]
    y = float(CENTRE_H + 6)
    for seat in order:
        layout = _layout(table, seat)
        parts.append(_g(_player(table, seat, labels, lang), y=y))
        y += layout.height + 6
    if table.results:
        pad = scores_svg(view, names=names, lang=lang)
        parts.append(_g(_inner(pad), y=y))
        y += _svg_height(pad) + 6
    return _svg(WIDTH, y, "".join(parts), class_="carnival-table")


def _inner(svg: str) -> str:
    """The drawing inside a picture made by ``_svg`` (without its root and style)."""
    return svg[svg.index("</style>") + len("</style>") : svg.rindex("</svg>")]


def _svg_height(svg: str) -> float:
    start = svg.index('height="') + len('height="')
    return float(svg[start : svg.index('"', start)])
