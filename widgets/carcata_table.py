"""``CarcataTable``: a whole game of Carcata in a notebook cell, against bots.

>>> table = CarcataTable(("human", "random"), seed=3)
>>> table.click_space("1-1")             # set-up: a pawn onto a free beach space
>>> str(table.game.log[0][1])
'place 1-1'

The game object (``table.game``, a ``carcata_core.Game``) is the single source of truth:
every click builds an action in Carcata's notation, hands it to ``game.play`` (which rolls
the dice, draws the gems and lands the throws from the game's own seeded stream) and redraws
everything. The widget never decides a rule: the spaces that glow are ``legal_actions()``, a
refused click shows the engine's reason, the pictures are ``carcata_core.svg``'s.

A movement is two clicks (the pawn, then the space it goes to); a lava flow is its start (a
top space or a lava token), then the space next to it in the flow's direction, then Left or
Right at each statue that turns it; a throw is one click on the space aimed at; a statue goes
back to the small islands in one click on it, and comes onto the island by a click on the
small islands, then on a free space. The dice are toggle buttons: press those to roll again,
then Reroll; or Keep. Everything can be typed in the box instead (``move 1-17 ne``).

By keyboard the island is one tab stop: the arrow keys move among its allowed spaces and
Enter or Space chooses (``TableVoice``'s roving tab stops). While a bot chooses, the human's
controls still shown say they are disabled and ignore clicks (``TableVoice.busy``).
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from carcata_core import (
    TURTLE,
    Action,
    CarcataError,
    End,
    Erupt,
    Game,
    Keep,
    Lava,
    Move,
    Rules,
)
from carcata_core.actions import WORDS as NOTATION_WORDS
from carcata_core.actions import Aim, Place, Statue
from carcata_core.board import DIRECTION_WORDS, ISLAND
from carcata_core.bots import BOTS, make_bot
from carcata_core.errors import ArgumentError, RulesError
from carcata_core.events import GEMS
from carcata_core.game import as_rules
from carcata_core.messages import translate
from carcata_core.rules import FACES, GEM_NAMES
from carcata_core.svg import (
    CENTRES,
    COLOURS,
    EFFECT_WORDS,
    FACE_WORDS,
    ISLET_PLACES,
    SYMBOL_PLACES,
    TEXT_STYLES,
    dice_svg,
    island_svg,
    view_of,
)
from tabletop.protocol import CHANCE

from .carcata_words import UI, say
from .pictures import Box, Fit, Hit, HitButton, PictureMap, show
from .recording import Recorder
from .seated_table import Entry, EntryTable, ThinkingBot, entry_table_style
from .table_parts import esc, make_button

__all__ = ["CARCATA_SEATS", "CarcataTable", "Choice"]

#: What may sit in a seat: a person, or one of Carcata's bots (``carcata_core.bots``).
CARCATA_SEATS: tuple[str, ...] = ("human", *BOTS)
#: How much larger than their own size the pictures may grow on a wide screen.
ZOOM = 1.2
#: The size of the facts' text beside the island, in the picture's units: the wide picture
#: gives way to the narrow one (the facts under the island, larger) when it would be smaller
#: than ``pictures.READABLE_PX``.
FACTS_TEXT = TEXT_STYLES["line"][0]
#: A space's button: a box inside its hexagon (the rows are 33 units apart, the spaces of a
#: row 38), so that no two buttons overlap.
HIT_W, HIT_H = 36.0, 32.0
#: Below this width the island's buttons would be under 24 px (a space's button is 32 units
#: high in a picture 600 units wide): the choices are then ordinary buttons under it.
PHONE_PX = 24 * 600 / HIT_H
#: The groups of buttons that are each one tab stop, the arrow keys moving among their allowed
#: buttons (``TableVoice``): the island's (in each of its layouts), and its choices on a phone.
ROVING = ".cn-map-island, .cn-map-island > .cn-fit, .ca-choices"
#: The human's controls while a bot plays: they say they are disabled and ignore clicks.
BUSY_CONTROLS = ".ca-center button, .ca-center input, .ca-typed input, .ca-typed-go"


@dataclass(frozen=True)
class Choice:
    """What the human has chosen so far this turn: a pawn to move (``kind="pawn"``, its
    space or ``TURTLE``), a lava flow's start (``"flow"``, with its direction and the turns
    chosen once one is), or a statue from the small islands (``"statue"``)."""

    kind: str
    cell: int = -1
    direction: int | None = None
    turns: tuple[str, ...] = ()


@dataclass(frozen=True)
class Pick:
    """A click that chooses (a pawn, a flow's start, the small islands' statues)."""

    choice: Choice


@dataclass(frozen=True)
class Pour:
    """A click on the space next to a flow's start: the flow's direction."""

    direction: int


@dataclass(frozen=True)
class Words:
    """A message kept as its source, so that a language switch rewords it: one of the table's
    own phrases (``key``) or an engine sentence (``text``)."""

    key: str | None = None
    text: str = ""
    values: tuple[tuple[str, object], ...] = ()

    def say(self, lang: str) -> str:
        if self.key is not None:
            return say(lang, self.key, **dict(self.values))
        return translate(self.text, lang)


STYLE = entry_table_style(
    "ca",
    """
.ca-bar {{ align-items: center; flex-wrap: wrap; gap: 4px; }}
.ca-bar .jupyter-button {{ border-radius: 6px; font-weight: 600; }}
.ca-dice .widget-toggle-button {{ border-radius: 6px; }}
.ca-dice .widget-toggle-button.mod-active {{ background: {legal}; color: white; }}
.ca-status {{ background: {turtle}; color: white; padding: 6px 10px; border-radius: 6px;
  font-weight: bold; }}
.ca-side h4 {{ margin: 6px 0 3px 0; font-size: 14px; }}
.ca-scores {{ font-size: 13px; }}
.ca-scores ul {{ margin: 2px 0; padding-left: 18px; }}
""".format(**COLOURS),
    colours=COLOURS,
    radius="40%",
    picture="island",
    phone=PHONE_PX - 0.01,
)


def _cell_box(cell: int) -> Box:
    x, y = CENTRES[cell]
    return Box(x - HIT_W / 2, y - HIT_H / 2, HIT_W, HIT_H)


def _turtle_box(symbol: int) -> Box:
    x, y = SYMBOL_PLACES[symbol % len(SYMBOL_PLACES)]
    return Box(x - 20, y - 20, 40, 40)


def _islet_box() -> Box:
    x, y = ISLET_PLACES[0]
    return Box(x - 30, y - 17, 60, 40)


def _no_buttons(_: HitButton) -> None:
    """The click handler of a picture without buttons (the dice)."""


def _same_place(box: Box) -> Box:
    """The narrow picture draws the island where the wide one does (its facts go under it)."""
    return box


class CarcataTable(EntryTable[Game]):
    """A game of Carcata to play in a notebook: you against bots, or friends sharing a screen.

    ``seats`` lists who sits at each place, in turn order: ``"human"``, ``"random"``,
    ``"greedy"`` or ``"mcts"`` (``carcata_core.bots``). ``players`` alone means one human
    and greedy bots. ``rules`` and ``seed`` go to ``Game.new``; ``game`` plays on from a game
    you set up. ``speed`` is the seconds between two bot actions (0: instant).
    ``record_to``: a folder where every finished game is saved (``widgets.recording``).
    """

    SEAT_KINDS = CARCATA_SEATS
    WORDS = UI
    CSS = "ca"
    ZOOM = ZOOM
    TEXT_UNITS = FACTS_TEXT
    PLAYED_BY = "Carcata is played by {counts} players, not {n}"
    SAID = Words
    GAME = Game
    NAME = "Carcata"
    RULES_ERROR = RulesError
    read_rules = staticmethod(as_rules)
    ACTION = Action
    ERROR = CarcataError
    EXAMPLE = "keep"

    _choice: Choice | None
    _message: Words | None
    _note: Words | None

    def __init__(
        self,
        seats: Sequence[str] | None = None,
        *,
        players: int | None = None,
        seed: int | None = None,
        rules: Rules | None = None,
        game: Game | None = None,
        lang: str = "en",
        speed: float = 0.0,
        record_to: str | os.PathLike[str] | Recorder | None = None,
    ):
        self.rules: Rules
        self.rules, players = self._game_rules(game, rules, players)
        self._take_seats(
            seats, players, default_players=2, lang=lang, seed=seed, record_to=record_to
        )
        self._entries: list[Entry] = []
        self._dice_shown: tuple[object, ...] = ()
        #: Where each of the island's buttons is (a space, "turtle" or "islets").
        self._places: list[int | str] = []
        self._statues: set[int] = set()
        #: The bot whose thinking was last announced in this run of the bots.
        self._thinking_told: int | None = None
        self._build(speed)
        self.voice.roving = ROVING
        self.voice.busy_selector = BUSY_CONTROLS
        self._lay_out("280px")
        if game is None:
            start = random.randrange(2**31) if seed is None else seed
            game = Game.new(len(self.seats), seed=start, rules=self.rules)
        else:
            game.settle()  # a game handed over at a chance node: chance decides first
        self._begin(game, step_by_step=False)

    # ------------------------------------------------------------------ set-up
    def _argument_error(self, argument: str, detail: str) -> ValueError:
        return ArgumentError(argument, detail)

    def _make_bot(self, kind: str, seed: int) -> Any:
        return ThinkingBot(make_bot(kind, seed % 2**63), self)

    def _new_game(self, players: int, seed: int) -> Game:
        return Game.new(players, seed=seed, rules=self.rules)

    def _start_afresh(self) -> None:
        super()._start_afresh()
        self._dice_shown = ()

    # --------------------------------------------------------------- widgets
    def _build(self, speed: float) -> None:
        guard = self._guard
        self._header = self._build_setup(
            STYLE, speed, seat_width="150px", seed_width="120px", speed_width="230px"
        )
        self.w_status = widgets.HTML()
        self.w_prompt = widgets.HTML()
        self.w_prompt.add_class("ca-prompt")
        self.w_cancel = make_button(css="ca-cancel")
        self.w_cancel.on_click(guard(self._on_cancel))
        self.w_switch = make_button(css="ca-switch")
        self.w_switch.on_click(guard(self._on_switch))
        self.island_map = PictureMap(
            guard(self._on_hit), name="island", zoom=ZOOM, text_units=FACTS_TEXT
        )
        self.dice_map = PictureMap(_no_buttons, name="dice", zoom=ZOOM)
        #: The island's allowed choices as ordinary buttons, for a phone (one per button of
        #: the island, which it stands for: the focus requests find it as its twin).
        self.w_choices = widgets.HBox()
        self.w_choices.add_class("ca-choices")
        self.choice_buttons: list[widgets.Button] = []
        self.w_dice = [widgets.ToggleButton(layout=widgets.Layout(width="auto")) for _ in range(8)]
        dice_row = widgets.HBox(self.w_dice, layout=widgets.Layout(flex_flow="row wrap"))
        dice_row.add_class("ca-dice")
        dice_row.add_class("ca-bar")
        self.w_reroll = make_button(css="ca-reroll")
        self.w_keep = make_button(css="ca-keep")
        self.w_keep.button_style = "primary"
        self.w_erupt = make_button(css="ca-erupt")
        self.w_end = make_button(css="ca-end")
        self.w_left = make_button(css="ca-left")
        self.w_right = make_button(css="ca-right")
        self.w_reroll.on_click(guard(self._on_reroll))
        self.w_keep.on_click(guard(lambda _b: self._press_action(Keep())))
        self.w_erupt.on_click(guard(lambda _b: self._press_action(Erupt())))
        self.w_end.on_click(guard(lambda _b: self._press_action(End())))
        self.w_left.on_click(guard(lambda _b: self._turn("left")))
        self.w_right.on_click(guard(lambda _b: self._turn("right")))
        bar = widgets.HBox(
            [self.w_reroll, self.w_keep, self.w_left, self.w_right, self.w_erupt, self.w_end],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        bar.add_class("ca-bar")
        self._center = widgets.VBox(
            [
                self.w_status,
                widgets.HBox(
                    [self.w_prompt, self.w_switch, self.w_cancel],
                    layout=widgets.Layout(align_items="center", flex_flow="row wrap"),
                ),
                self.island_map.box,
                self.w_choices,
                self.dice_map.box,
                dice_row,
                bar,
            ],
            layout=widgets.Layout(min_width="0"),
        )
        self.w_scores = widgets.HTML()
        self.w_scores.add_class("ca-scores")
        self._build_side(self.w_scores)

    # ------------------------------------------------------------- callbacks
    def _on_switch(self, _button: widgets.Button) -> None:
        choice = self._choice
        if choice is None:
            return
        kind = "flow" if choice.kind == "pawn" else "pawn"
        self._choose(Choice(kind, choice.cell))

    def _on_hit(self, button: HitButton) -> None:
        payload = button.payload
        if isinstance(payload, Action):
            self.play(payload)
        elif isinstance(payload, Pick):
            same = self._choice is not None and self._choice == payload.choice
            self._choose(None if same else payload.choice)
        elif isinstance(payload, Pour):
            self._pour(payload.direction)

    def _press_action(self, action: Action) -> None:
        self.play(action)

    def _on_reroll(self, _button: widgets.Button) -> None:
        faces = [FACE_WORDS["en"][face] for face, on in self._dice_faces() if on]
        self.play(f"{NOTATION_WORDS['en']['reroll']} {' '.join(faces)}".strip())

    def _choose(self, choice: Choice | None) -> None:
        self._choice = choice
        self._message = None
        self.render()
        self._tell_choice()

    def _flows_from(self, cell: int, direction: int) -> list[Lava]:
        return [
            a
            for a in self.game.legal_actions()
            if isinstance(a, Lava) and a.cell == cell and a.direction == direction
        ]

    def _pour(self, direction: int) -> None:
        """The flow's direction chosen: pour it, or ask for the turns at its statues."""
        choice = self._choice
        if choice is None or choice.kind != "flow":
            return
        ways = self._flows_from(choice.cell, direction)
        if len(ways) <= 1:
            self.play(ways[0] if ways else Lava(choice.cell, direction))
            return
        self._choose(Choice("flow", choice.cell, direction, ()))

    def _turn(self, side: str) -> None:
        """Left or Right at the next statue in the flow's way."""
        choice = self._choice
        if choice is None or choice.direction is None:
            return
        turns = (*choice.turns, side)
        ways = [
            a
            for a in self._flows_from(choice.cell, choice.direction)
            if a.turns[: len(turns)] == turns
        ]
        if len(ways) == 1 or not ways:
            self.play(ways[0] if ways else Lava(choice.cell, choice.direction, turns))
            return
        self._choose(Choice("flow", choice.cell, choice.direction, turns))

    # -------------------------------------------------------------- playing
    def _error_words(self, error: Exception) -> Words:
        return Words(text=str(error))

    # -------------------------------------------------------------- telling
    def _whats_next(self) -> str:
        game = self.game
        lang = self.lang
        if game.is_over:
            return self._over_text() + "."
        if not self._human_turn():
            return ""
        if self.seats.count("human") > 1:
            return say(lang, "say_turn_of", p=game.current_player + 1)
        phase = game.phase
        if phase == "setup":
            return say(lang, "say_your_turn_setup")
        if phase == "dice":
            return say(lang, "say_your_turn_dice", dice=self._dice_words())
        if phase == "aim":
            gem = GEMS[lang][GEM_NAMES.index(game.drawn or GEM_NAMES[0])]
            return say(lang, "say_your_turn_aim", gem=gem)
        return say(lang, "say_your_turn_effects", pool=self._pool_words())

    def _dice_words(self) -> str:
        faces = FACE_WORDS[self.lang]
        return ", ".join(faces[face] for face in FACES for _ in range(self.game.dice[face]))

    def _pool_words(self) -> str:
        lang = self.lang
        words = EFFECT_WORDS[lang]
        pool = self.game.pool
        items = [
            f"{n} {words[face][n != 1]}"
            for key, face in (
                ("moves", "move"),
                ("lava", "lava"),
                ("eruptions", "eruption"),
                ("statues", "statue"),
            )  # fmt: skip
            if (n := pool[key])
        ]
        if not items:
            return say(lang, "pool_nothing")
        return say(lang, "pool", items=", ".join(items))

    def _over_text(self) -> str:
        game = self.game
        lang = self.lang
        if game.island_won:
            return say(lang, "status_island")
        winners = game.winners()
        if not winners:
            return say(lang, "status_nobody")
        points = game.scores()
        names = ", ".join(say(lang, "with_points", who=self._who(s), n=points[s]) for s in winners)
        return say(lang, "status_over" if len(winners) == 1 else "status_over_shared", names=names)

    def _tell_choice(self) -> None:
        choice = self._choice
        lang = self.lang
        if choice is not None:
            name = ISLAND.names[choice.cell] if choice.cell >= 0 else ""
            if choice.kind == "pawn":
                text = (
                    say(lang, "say_rider")
                    if choice.cell == TURTLE
                    else say(lang, "say_pawn", cell=name)
                )
            elif choice.kind == "statue":
                text = say(lang, "say_statue")
            elif choice.direction is not None:
                text = say(lang, "say_turns")
            else:
                text = say(lang, "say_flow", cell=name)
            self.voice.say(text)
        self._place_focus()

    def _focus_target(self) -> widgets.DOMWidget | None:
        """The control to use next: the first allowed space once something is chosen, Left
        at a statue, Keep in the dice, Erupt while an eruption is owed, else the first
        allowed space or End; New game once the game is over."""
        game = self.game
        if game.is_over or "human" not in self.seats:
            return self.w_new
        if not self._human_turn():
            return None
        choice = self._choice
        if choice is not None and choice.direction is not None:
            return self.w_left if not self.w_left.disabled else self.w_right
        shown = [b for b in self.island_map.visible() if b.legal]
        legal = [b for b in shown if "cn-target" in b.classes] + [
            b for b in shown if "cn-pick" in b.classes
        ]
        if game.phase == "dice":
            return self.w_keep
        if choice is None and game.phase == "effects":
            lava = [
                b for b in legal if isinstance(b.payload, Pick) and b.payload.choice.kind == "flow"
            ]
            if lava:
                return lava[0]
            if game.is_legal(Erupt()):
                return self.w_erupt
        if legal:
            return legal[0]
        return self.w_end if game.phase == "effects" else None

    # -------------------------------------------------------------- drawing
    def _space_words(self, cell: int) -> str:
        """A space as a screen reader hears it: its name, level and what is on it."""
        game = self.game
        lang = self.lang
        parts = [say(lang, "space", cell=ISLAND.names[cell], level=ISLAND.levels_of[cell])]
        seat = game.pawn_at(cell)
        if seat is not None:
            parts.append(say(lang, "space_pawn", n=seat + 1))
        if game.has_lava(cell):
            parts.append(say(lang, "space_lava"))
        if cell in self._statues:
            parts.append(say(lang, "space_statue"))
        gems = game.gems_at(cell)
        if gems:
            names = GEMS[lang]
            order = GEM_NAMES
            parts.append(
                say(lang, "space_gems", gems=", ".join(names[order.index(g)] for g in gems))
            )
        return ", ".join(parts)

    def _reason(self, action: Action) -> str:
        return translate(self.game.why_illegal(action), self.lang)

    def _hit(
        self,
        where: int | str,
        label: str,
        payload: Any,
        legal: set[Action],
        action: Action | None = None,
    ) -> Hit:
        """A button over ``where`` (a space, ``"turtle"`` or ``"islets"``): allowed when
        ``action`` is legal (a choice always is); a refused action's name says the engine's
        reason. Where each button is goes to ``self._places``."""
        if where == "turtle":
            box = _turtle_box(self.game.turtle[0])
        elif where == "islets":
            box = _islet_box()
        else:
            assert isinstance(where, int)
            box = _cell_box(where)
        self._places.append(where)
        if action is None:
            name = self._hit_name(label, True)
            return Hit(box, name, label, payload, True, "pick")
        if action in legal:
            return Hit(box, self._hit_name(label, True), label, payload, True, "target")
        why = self._reason(action)
        return Hit(box, self._hit_name(label, False, why), label, payload, False, "refused")

    def _hits(self, legal: set[Action]) -> list[Hit]:
        """The island's buttons for what the human may choose now."""
        game = self.game
        lang = self.lang
        names = ISLAND.names
        phase = game.phase
        choice = self._choice
        hits: list[Hit] = []
        action: Action
        if phase == "setup":
            for cell in ISLAND.beach:
                action = Place(cell)
                label = say(lang, "place", cell=self._space_words(cell))
                hits.append(self._hit(cell, label, action, legal, action))
            return hits
        if phase == "aim":
            for cell in range(ISLAND.size):
                action = Aim(cell)
                label = say(lang, "aim", cell=self._space_words(cell))
                hits.append(self._hit(cell, label, action, legal, action))
            return hits
        if phase != "effects":
            return hits
        seat = game.current_player
        if choice is None:
            if game.pool["moves"]:
                for cell in game.pawns(seat):
                    label = say(lang, "pick_pawn", cell=names[cell], level=ISLAND.levels_of[cell])
                    hits.append(self._hit(cell, label, Pick(Choice("pawn", cell)), legal))
                if seat in game.riders:
                    label = say(lang, "pick_rider")
                    hits.append(self._hit("turtle", label, Pick(Choice("pawn", TURTLE)), legal))
            own = set(game.pawns(seat))
            for cell in sorted({a.cell for a in legal if isinstance(a, Lava)} - own):
                label = say(lang, "pick_flow", cell=self._space_words(cell))
                hits.append(self._hit(cell, label, Pick(Choice("flow", cell)), legal))
            for action in legal:
                if isinstance(action, Statue) and not action.onto:
                    label = say(lang, "statue_from", cell=names[action.cell])
                    hits.append(self._hit(action.cell, label, action, legal, action))
            if any(isinstance(a, Statue) and a.onto for a in legal):
                label = say(lang, "pick_islet")
                hits.append(self._hit("islets", label, Pick(Choice("statue")), legal))
            return hits
        if choice.kind != "statue":  # the chosen pawn or start: a click lets it go
            where: int | str = "turtle" if choice.cell == TURTLE else choice.cell
            label = (
                say(lang, "pick_rider")
                if choice.cell == TURTLE
                else (
                    say(
                        lang,
                        "pick_pawn",
                        cell=names[choice.cell],
                        level=ISLAND.levels_of[choice.cell],
                    )
                    if choice.kind == "pawn"
                    else say(lang, "pick_flow", cell=names[choice.cell])
                )
            )
            self._places.append(where)
            box = _turtle_box(game.turtle[0]) if where == "turtle" else _cell_box(choice.cell)
            name = self._hit_name(label, False, chosen=True)
            hits.append(Hit(box, name, label, Pick(choice), True, "selected"))
        if choice.kind == "pawn" and choice.cell == TURTLE:
            for cell in game.turtle_shore():
                action = Move(TURTLE, cell)
                label = say(lang, "move_to", cell=self._space_words(cell))
                hits.append(self._hit(cell, label, action, legal, action))
        elif choice.kind == "pawn":
            cell = choice.cell
            for target in ISLAND.neighbour_table[cell]:
                action = Move(cell, target)
                label = say(lang, "move_to", cell=self._space_words(target))
                hits.append(self._hit(target, label, action, legal, action))
            if cell in game.turtle_shore():
                action = Move(cell, TURTLE)
                hits.append(self._hit("turtle", say(lang, "climb"), action, legal, action))
        elif choice.kind == "flow" and choice.direction is None:
            cell = choice.cell
            for direction, target in enumerate(ISLAND.step_table[cell]):
                if target < 0:
                    continue
                ways = self._flows_from(cell, direction)
                way = say(lang, "way", cell=names[cell], direction=DIRECTION_WORDS[lang][direction])
                if len(ways) == 1:
                    path = game.flow_path(ways[0]) or ()
                    label = say(lang, "pour", way=way, path=" ".join(names[c] for c in path))
                else:
                    label = say(lang, "pour_turns", way=way)
                action = ways[0] if ways else Lava(cell, direction)
                hit = self._hit(target, label, Pour(direction), legal, action)
                hits.append(hit)
        elif choice.kind == "statue":
            for action in legal:
                if isinstance(action, Statue) and action.onto:
                    label = say(lang, "statue_to", cell=self._space_words(action.cell))
                    hits.append(self._hit(action.cell, label, action, legal, action))
        return hits

    def render(self) -> None:
        """Redraw everything from the game (the only other state is the human's choice so
        far and the last message)."""
        game = self.game
        lang = self.lang
        human = self._human_turn()
        legal = set(game.legal_actions()) if human else set()
        if not human:
            self._choice = None
        self._render_labels()
        self._statues = set(game.statues())
        self._places = []
        hits = self._hits(legal) if human else []
        choice = self._choice
        glowing = [
            where
            for where, hit in zip(self._places, hits, strict=True)
            if hit.legal and where != "islets"
        ]
        chosen: int | str | None = None
        if choice is not None and choice.kind != "statue":
            chosen = "turtle" if choice.cell == TURTLE else choice.cell
        view = view_of(game)
        wide = island_svg(view, lang=lang, labels=True, highlight=glowing, chosen=chosen)
        narrow = island_svg(
            view, lang=lang, labels=True, highlight=glowing, chosen=chosen, layout="narrow"
        )
        self.island_map.show(wide, hits, active=human, fits=[Fit(narrow, _same_place)])
        self._render_choices(self.island_map, hits)
        self.dice_map.show(dice_svg(view, lang=lang), ())
        self.frame_bytes = self.island_map.svg_bytes + self.dice_map.svg_bytes
        self.sent_bytes = self.island_map.sent_bytes + self.dice_map.sent_bytes
        self._render_dice(human)
        self._render_bar(human, legal)
        self._render_status(human)
        self._render_side(sorted(legal, key=str) if human else [], human)
        if not self._busy:
            self._thinking_told = None
        self.voice.busy = self._busy

    def _dice_faces(self) -> list[tuple[str, bool]]:
        """The dice that may be rolled again, each with whether its toggle is pressed."""
        faces = [face for face in FACES[:-1] for _ in range(self.game.dice[face])]
        return [(face, bool(self.w_dice[k].value)) for k, face in enumerate(faces)]

    def _render_dice(self, human: bool) -> None:
        game = self.game
        lang = self.lang
        words = FACE_WORDS[lang]
        dice = game.dice
        faces = [face for face in FACES[:-1] for _ in range(dice[face])]
        locked = dice["turtle"] if game.phase in ("dice", "effects", "aim") else 0
        showing = game.phase == "dice" and human
        # The toggles are released when the dice change (a new roll, a new turn).
        shown = (len(game.log), showing)
        fresh = shown != self._dice_shown
        self._dice_shown = shown
        for k, toggle in enumerate(self.w_dice):
            if k < len(faces) and showing:
                toggle.description = say(lang, "die", k=k + 1, face=words[faces[k]])
                toggle.tooltip = say(lang, "dice_hint")
                toggle.disabled = False
                if fresh:
                    toggle.value = False
                show(toggle, True)
            elif k < len(faces) + locked and showing:
                toggle.description = say(lang, "die_locked", k=k + 1)
                toggle.tooltip = toggle.description
                toggle.value = False
                toggle.disabled = True
                show(toggle, True)
            else:
                toggle.value = False
                show(toggle, False)

    def _render_bar(self, human: bool, legal: set[Action]) -> None:
        game = self.game
        lang = self.lang
        phase = game.phase
        choice = self._choice
        self.w_reroll.description = say(lang, "reroll")
        self.w_keep.description = say(lang, "keep")
        self.w_erupt.description = say(lang, "erupt")
        self.w_end.description = say(lang, "end")
        self.w_left.description = say(lang, "left")
        self.w_right.description = say(lang, "right")
        dice = human and phase == "dice"
        show(self.w_reroll, dice)
        show(self.w_keep, dice)
        effects = human and phase == "effects"
        show(self.w_erupt, effects and game.pool["eruptions"] > 0)
        show(self.w_end, effects)
        self.w_erupt.disabled = Erupt() not in legal
        self.w_end.disabled = End() not in legal
        turning = choice is not None and choice.direction is not None
        for button, side in ((self.w_left, "left"), (self.w_right, "right")):
            show(button, turning)
            if turning and choice is not None and choice.direction is not None:
                turns = (*choice.turns, side)
                ways = self._flows_from(choice.cell, choice.direction)
                button.disabled = not any(a.turns[: len(turns)] == turns for a in ways)
        switch = ""
        if choice is not None and choice.cell >= 0 and effects:
            cell = choice.cell
            name = ISLAND.names[cell]
            starts = {a.cell for a in legal if isinstance(a, Lava)}
            if choice.kind == "pawn" and cell in starts:
                switch = say(lang, "as_flow", cell=name)
            elif (
                choice.kind == "flow"
                and game.pawn_at(cell) == game.current_player
                and game.pool["moves"]
            ):
                switch = say(lang, "as_pawn", cell=name)
        self.w_switch.description = switch
        show(self.w_switch, bool(switch))

    def _render_labels(self) -> None:
        self._render_setup_labels()

    def _render_status(self, human: bool) -> None:
        game = self.game
        lang = self.lang
        choice = self._choice
        symbol, laps, steps = game.turtle
        facts = f'data-steps="{steps}" data-laps="{laps}" data-decisions="{self.decisions()}"'
        if game.is_over:
            winners = " ".join(str(s) for s in game.winners())
            self.w_status.value = (
                f'<div class="ca-status ca-over" data-phase="over" data-winners="{winners}" '
                f'data-island="{int(game.island_won)}" {facts}>{esc(self._over_text())}</div>'
            )
            hint = ""
        else:
            seat = game.current_player
            phase = say(lang, f"phase_{game.phase}")
            text = say(lang, "status_turn", who=self._who(seat), phase=phase)
            self.w_status.value = (
                f'<div class="ca-status" data-phase="{game.phase}" data-current="{seat}" '
                f"{facts}>{esc(text)}</div>"
            )
            names = ISLAND.names
            if not human:
                hint = (
                    say(lang, "hint_bots", who=self._who(seat))
                    if "human" in self.seats
                    else say(lang, "hint_watch")
                )
            elif choice is None:
                hint = say(lang, f"hint_{game.phase}")
            elif choice.kind == "pawn":
                hint = (
                    say(lang, "hint_rider")
                    if choice.cell == TURTLE
                    else say(lang, "hint_pawn", cell=names[choice.cell])
                )
            elif choice.kind == "statue":
                hint = say(lang, "hint_statue")
            elif choice.direction is not None:
                hint = say(lang, "hint_turns")
            else:
                hint = say(lang, "hint_flow", cell=names[choice.cell])
        self.w_prompt.value = esc(hint)
        show(self.w_cancel, choice is not None)
        self.w_undo.disabled = self._busy or not self._humans_played()

    def decisions(self) -> int:
        """The decisions played in the game so far (chance outcomes left out)."""
        return sum(1 for seat, _ in self.game.log if seat != CHANCE)

    def _render_side(self, offered: list[Action], human: bool) -> None:
        game = self.game
        lang = self.lang
        notations = [a.notation(lang) for a in offered]
        self._suggest(notations)
        self.w_message.value = self._message_html()
        points = game.scores()
        lines = [
            say(
                lang,
                "score_line",
                who=self._who(s),
                pawns=self._count("pawns", game.pawns_left(s)),
                points=self._count("points", points[s]),
            )
            for s in range(game.num_players)
        ]
        _, laps, steps = game.turtle
        total = self.rules.turtle_laps * self.rules.turtle_spaces
        lap = min(laps + 1, self.rules.turtle_laps)
        turtle = say(lang, "turtle", lap=lap, laps=self.rules.turtle_laps, steps=steps, total=total)
        items = "".join(f"<li>{esc(line)}</li>" for line in lines)
        self.w_scores.value = (
            f"<h4>{esc(say(lang, 'scores'))}</h4><ul>{items}</ul>"
            f"<div class='ca-turtle' data-steps='{steps}'>{esc(turtle)}</div>"
        )
        if notations:
            title = f"{esc(say(lang, 'legal_now'))} ({len(notations)})"
            self.w_legal.value = (
                f"<details><summary>{title}</summary>{esc(', '.join(notations))}</details>"
            )
        else:
            self.w_legal.value = ""
        self.w_log.value = self._log_html()

    # ------------------------------------------------ thin helpers: press the real buttons
    def _space_button(self, where: int | str) -> HitButton:
        """The enabled button shown over ``where`` (a space or ``"turtle"``)."""
        for button, place in zip(self.island_map.buttons, self._places, strict=False):
            if place == where and button.layout.display != "none" and not button.disabled:
                return button
        shown = ISLAND.names[where] if isinstance(where, int) else f"the {where}"
        raise LookupError(f"no button on {shown} now")

    def click_space(self, cell: int | str) -> None:
        """Click the button over a space (``"1-17"``), or over the Turtle (``"turtle"``)."""
        where = cell if cell == "turtle" or isinstance(cell, int) else Game.cell(cell)
        self._space_button(where).click()

    def click_islets(self) -> None:
        """Click the small islands (to put one of their statues on the island)."""
        self._space_button("islets").click()

    def click_die(self, k: int) -> None:
        """Press (or release) the ``k``-th die (from 1) to roll it again."""
        toggle = self.w_dice[k - 1]
        if toggle.layout.display == "none" or toggle.disabled:
            raise LookupError(f"no die {k} to roll again now")
        toggle.value = not toggle.value

    def click(self, name: str) -> None:
        """Press one of the turn's buttons: ``reroll``, ``keep``, ``erupt``, ``end``,
        ``left``, ``right``, ``switch``."""
        button = getattr(self, f"w_{name}")
        if button.layout.display == "none":
            raise LookupError(f"no {name} button now")
        button.click()

    def clickable(self) -> list[tuple[widgets.Button, Any]]:
        """Every button on the island a player can click now, with what it means."""
        return [(b, b.payload) for b in self.island_map.visible() if not b.disabled]

    def new_game(self, seats: Sequence[str] | None = None, *, seed: int | None = None) -> None:
        """Fill in the set-up row and press New game."""
        self._fill_setup(seats, seed)
        self.w_new.click()
