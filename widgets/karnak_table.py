"""``KarnakTable``: a whole game of Karnak in a notebook cell, against bots.

>>> table = KarnakTable(("human", "random"), seed=3)
>>> table.click_action("shape", "cube")   # PLACE: the shape first...
>>> table.click_cell("c4")                # ...then a glowing cell of the mat
>>> str(table.game.log[0][1])
'place cube c4'

The game object (``table.game``, a ``karnak_core.Game``) is the single source of truth:
every click builds an action in Karnak's notation, hands it to ``game.play`` (which deals the
Designs and the Favor cards from the game's own seeded decks) and redraws everything. The
widget never decides a rule: a cell glows when ``game.is_legal`` says its action is, a refused
click shows the engine's reason, the mat is ``karnak_core.svg``'s picture and a Design's
progress is the Design's own ``explain``.

A piece is two clicks (its shape, then a cell); MOVE is the cell whose yellow piece is lifted,
then the cell the white piece goes on; a Priest is its button, then an empty cell. Favor
cards, DRAW, reveals, discards and the end of the turn are buttons naming what they do.
Everything can be typed in the box instead (``place cube c4``, ``poser cube c4``).

The table is drawn from ``game.observation(seat)`` for the human's seat: the other seats'
hands are counts only. With several humans, a hand-over screen hides the private panel when
the turn passes from one to another.

By keyboard the mat is one tab stop: the arrow keys move among its allowed cells and Enter or
Space chooses (``TableVoice``'s roving tab stops). While a bot chooses, the human's controls
say they are disabled and ignore clicks (``TableVoice.busy``).
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from karnak_core import (
    SHAPES,
    Action,
    Discard,
    Draw,
    End,
    Favor,
    Game,
    KarnakError,
    Lift,
    Place,
    Priest,
    Put,
    Reveal,
    Rules,
)
from karnak_core.bots import BOTS, make_bot
from karnak_core.errors import ActionSyntaxError, ArgumentError, IllegalAction, RulesError
from karnak_core.game import as_rules
from karnak_core.svg import COLOURS, building_svg, cell_boxes
from karnak_core.svg import WORDS as PICTURE_WORDS
from tabletop.saves import short_repr

from .karnak_words import UI, say
from .pictures import Box, Hit, HitButton, PictureMap, show
from .recording import Recorder
from .seated_table import SeatedTable
from .table_parts import esc, make_button

__all__ = ["KARNAK_SEATS", "Choice", "KarnakTable"]

#: What may sit in a seat: a person, or one of Karnak's bots (``karnak_core.bots``).
KARNAK_SEATS: tuple[str, ...] = ("human", *BOTS)
#: How much larger than its own size the mat may grow on a wide screen.
ZOOM = 1.2
#: Below this width the mat's buttons would be under 24 px (a cell's button is 34 units high
#: on a picture 746 units wide): the cells are then ordinary buttons under it instead.
MAT_UNITS_WIDE = 746.0
CELL_UNITS_HIGH = 34.0
PHONE_PX = 24 * MAT_UNITS_WIDE / CELL_UNITS_HIGH
#: The most lines of the log shown (the count in its heading is every decision).
LOG_LINES = 60
#: The groups of buttons that are each one tab stop, the arrow keys moving among their allowed
#: buttons (``TableVoice``): the mat's, and its cells as buttons on a phone.
ROVING = ".cn-map-mat, .ka-choices"
#: The human's controls while a bot plays: they say they are disabled and ignore clicks.
BUSY_CONTROLS = ".ka-center button, .ka-typed input, .ka-typed-go"


@dataclass(frozen=True)
class Choice:
    """What the human has chosen so far: a shape to place (``kind="shape"``), MOVE's lift
    (``"move"``), a Priest (``"priest"``) or the colour of the piece to put (``"colour"``)."""

    kind: str
    value: str = ""


@dataclass(frozen=True)
class Words:
    """A message kept as its source, so that a language switch rewords it: one of the table's
    own phrases (``key``) or an engine sentence in each language (``texts``)."""

    key: str | None = None
    values: tuple[tuple[str, object], ...] = ()
    texts: tuple[tuple[str, str], ...] = ()

    def say(self, lang: str) -> str:
        if self.key is not None:
            return say(lang, self.key, **dict(self.values))
        return dict(self.texts)[lang]


@dataclass(frozen=True)
class Entry:
    """One decision played at the table: who, what, and what it did in each language."""

    seat: int
    action: Action
    events: dict[str, tuple[str, ...]]


STYLE = """
<style>
.ka-table {{ font-family: DejaVu Sans, Verdana, Arial, sans-serif; color: {ink};
  background: #f3efe4; border-radius: 10px; padding: 8px; box-sizing: border-box; }}
.ka-table.ka-table {{ display: flex !important; flex-flow: row wrap; align-items: flex-start;
  gap: 8px; }}
.ka-table > .ka-header {{ flex: 1 1 100%; min-width: 0; }}
.ka-table > .ka-center {{ flex: 1 1 600px; min-width: 0; max-width: 100%; }}
.ka-table > .ka-side {{ flex: 1 1 280px; min-width: 0; max-width: 100%; }}
.ka-table .widget-html, .ka-table .widget-html-content {{ line-height: 1.35; height: auto; }}
.ka-table .cn-map {{ position: relative; padding: 0; margin: 0 0 6px 0; overflow: visible;
  flex: 0 0 auto; }}
.ka-table .cn-map > .widget-html, .ka-table .cn-map .widget-html-content {{ margin: 0;
  padding: 0; line-height: 0; width: 100%; height: auto; }}
.ka-table .cn-map svg {{ display: block; width: 100%; height: auto; }}
.ka-table .cn-hit {{ position: absolute !important; margin: 0 !important; padding: 0 !important;
  min-width: 0 !important; border: 0 !important; border-radius: 6px; box-sizing: border-box;
  background: transparent !important; color: transparent !important; font-size: 0 !important;
  box-shadow: none !important; overflow: hidden; cursor: pointer; z-index: 2; }}
.ka-table .cn-hit:disabled {{ cursor: default; opacity: 1 !important; }}
.ka-table .cn-hit.cn-legal:enabled:hover {{ background: rgba(18,52,138,.25) !important; }}
.ka-table .cn-hit.cn-refused:enabled:hover {{ background: rgba(31,26,20,.18) !important; }}
.ka-bar {{ align-items: center; flex-wrap: wrap; gap: 4px; }}
.ka-bar .jupyter-button, .ka-actions .jupyter-button {{ border-radius: 6px; font-weight: 600;
  max-width: 100%; }}
.ka-actions {{ display: flex; flex-flow: row wrap; gap: 4px; }}
.ka-actions .ka-picked {{ background: {legal}; color: white; }}
.ka-status {{ background: #6b3e1e; color: white; padding: 6px 10px; border-radius: 6px;
  font-weight: bold; }}
.ka-status.ka-thinking {{ background: #5c564c; }}
.ka-status.ka-over {{ background: #7a1f0b; }}
.ka-prompt {{ font-size: 14px; padding: 2px 4px; }}
.ka-side {{ background: {panel}; border: 1px solid #cfc6b3; border-radius: 8px;
  padding: 6px 8px; }}
.ka-side h4, .ka-center h4 {{ margin: 6px 0 3px 0; font-size: 14px; }}
.ka-message {{ color: #b3261e; font-weight: bold; font-size: 13px; }}
.ka-designs, .ka-seats, .ka-scores {{ font-size: 13px; overflow-wrap: anywhere; }}
.ka-designs ul, .ka-seats ul, .ka-scores ul {{ margin: 2px 0; padding-left: 18px; }}
.ka-designs .ka-explain {{ color: {muted}; }}
.ka-log {{ font-size: 12px; max-height: 260px; overflow-y: auto; overflow-x: hidden;
  overflow-wrap: anywhere; }}
.ka-log .ka-move {{ font-family: DejaVu Sans Mono, monospace; font-weight: bold; }}
/* Where the mat is too small for buttons of 24 px over its cells (a phone), the cells are a
   row of ordinary buttons under it instead (WCAG 2.5.8). */
.ka-table > .ka-center {{ container: ka-center / inline-size; }}
.ka-choices {{ display: none !important; flex-flow: row wrap; gap: 4px; }}
.ka-choices .jupyter-button {{ max-width: 100%; }}
@container ka-center (max-width: {phone:.2f}px) {{
  .ka-table .cn-map-mat .cn-hit {{ display: none !important; }}
  .ka-table .ka-choices {{ display: flex !important; }} }}
.ka-legal {{ font-size: 12px; color: {muted}; overflow-wrap: anywhere; }}
.ka-table [aria-disabled="true"] {{ cursor: progress !important; }}
.ka-table .cn-hit.cn-legal[aria-disabled="true"]:hover {{ background: transparent !important; }}
</style>
""".format(**COLOURS, phone=PHONE_PX - 0.01)


class KarnakTable(SeatedTable[Game], widgets.AppLayout):  # type: ignore[misc]
    """A game of Karnak to play in a notebook: you against bots, or friends sharing a screen.

    ``seats`` lists who sits at each place, in turn order: ``"human"``, ``"random"``,
    ``"greedy"`` or ``"mcts"`` (``karnak_core.bots``). ``players`` alone means one human and greedy bots. ``rules`` and ``seed``
    go to ``Game.new``; ``game`` plays on from a game you set up. ``speed`` is the seconds
    between two bot actions (0: instant). ``record_to``: a folder where every finished game
    is saved (``widgets.recording``).
    """

    SEAT_KINDS = KARNAK_SEATS
    WORDS = UI
    CSS = "ka"
    ZOOM = ZOOM
    PLAYED_BY = "Karnak is played by {counts} players, not {n}"
    HIDES_BETWEEN_SEATS = True

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
        self.rules, players = self._game_rules(
            game,
            rules,
            players,
            game_type=Game,
            name="Karnak",
            as_rules=as_rules,
            rules_error=RulesError,
        )
        self._take_seats(seats, players, default_players=2, lang=lang, seed=seed)
        self.recorder = Recorder.at(record_to, self._argument_error)
        self._choice: Choice | None = None
        self._message: Words | None = None
        self._note: Words | None = None
        self._entries: list[Entry] = []
        #: What each action button does now (a Choice to make, or an Action to play).
        self._button_payloads: list[Choice | Action] = []
        self._thinking_told: int | None = None
        self._build(speed)
        self.voice.roving = ROVING
        self.voice.busy_selector = BUSY_CONTROLS
        super().__init__(
            header=self._header,
            center=self._center,
            right_sidebar=self._side,
            pane_widths=("0px", "1fr", "300px"),
            grid_gap="8px",
        )
        self.layout.grid_template_rows = "auto auto"
        self._header.add_class("ka-header")
        self._center.add_class("ka-center")
        self.add_class("ka-table")
        if game is None:
            start = random.randrange(2**31) if seed is None else seed
            game = Game.new(len(self.seats), seed=start, rules=self.rules)
        self._begin(game, step_by_step=False)

    # ------------------------------------------------------------------ set-up
    def _argument_error(self, argument: str, detail: str) -> ValueError:
        return ArgumentError(argument, detail)

    def _make_bot(self, kind: str, seed: int) -> Any:
        return _Thinking(make_bot(kind, seed % 2**63), self)

    def _new_game(self, players: int, seed: int) -> Game:
        return Game.new(players, seed=seed, rules=self.rules)

    def _start_afresh(self) -> None:
        self._choice = None
        self._message = None
        self._note = None
        self._entries = []

    # --------------------------------------------------------------- widgets
    def _build(self, speed: float) -> None:
        guard = self._guard
        self._header = self._build_setup(
            STYLE, speed, seat_width="150px", seed_width="120px", speed_width="230px"
        )
        self.w_status = widgets.HTML()
        self.w_prompt = widgets.HTML()
        self.w_prompt.add_class("ka-prompt")
        self.w_cancel = make_button(css="ka-cancel")
        self.w_cancel.on_click(guard(self._on_cancel))
        self.mat_map = PictureMap(guard(self._on_hit), name="mat", zoom=ZOOM)
        #: The mat's cells as ordinary buttons, for a phone (one per button of the mat, which
        #: it stands for: the focus requests find it as its twin).
        self.w_choices = widgets.HBox()
        self.w_choices.add_class("ka-choices")
        self.choice_buttons: list[widgets.Button] = []
        self.w_actions_label = widgets.HTML()
        self.w_actions = widgets.Box()
        self.w_actions.add_class("ka-actions")
        self.action_buttons: list[widgets.Button] = []
        self.w_designs = widgets.HTML()
        self.w_designs.add_class("ka-designs")
        self._center = widgets.VBox(
            [
                self.w_status,
                widgets.HBox(
                    [self.w_prompt, self.w_cancel],
                    layout=widgets.Layout(align_items="center", flex_flow="row wrap"),
                ),
                self._build_handover(),
                self.w_actions_label,
                self.w_actions,
                self.mat_map.box,
                self.w_choices,
                self.w_designs,
            ],
            layout=widgets.Layout(min_width="0"),
        )
        self.w_message = widgets.HTML()
        self.w_message.add_class("ka-message")
        self.w_seats_panel = widgets.HTML()
        self.w_seats_panel.add_class("ka-seats")
        self.w_scores = widgets.HTML()
        self.w_scores.add_class("ka-scores")
        typed = self._build_typed("170px", "80px")
        self.w_legal = widgets.HTML()
        self.w_legal.add_class("ka-legal")
        self.w_log = widgets.HTML()
        self._side = widgets.VBox(
            [
                self.w_message,
                self.out,
                self.w_scores,
                self.w_typed_label,
                typed,
                self.w_legal,
                self.w_seats_panel,
                self.w_log,
            ]
        )
        self._side.add_class("ka-side")

    def _update_layout(self) -> None:
        """AppLayout's grid, with the mat before the side panel in the page's order."""
        super()._update_layout()
        order = [self.header, self.center, self.right_sidebar]
        children = tuple(part for part in order if part is not None)
        shown: tuple[widgets.Widget, ...] = tuple(self.children)  # type: ignore[has-type]
        if set(children) == set(shown) and shown != children:
            self.children = children

    # ------------------------------------------------------------- callbacks
    def _refuse(self, key: str, **values: object) -> None:
        self._message = Words(key=key, values=tuple(values.items()))

    def _on_cancel(self, _button: widgets.Button) -> None:
        self._choice = None
        self.render()
        self._place_focus()

    def _on_hit(self, button: HitButton) -> None:
        if isinstance(button.payload, Action):
            self.play(button.payload)

    def _on_action_button(self, k: int) -> None:
        payload = self._button_payloads[k]
        if isinstance(payload, Choice):
            self._choose(None if payload == self._choice else payload)
        else:
            self.play(payload)

    def _choose(self, choice: Choice | None) -> None:
        self._choice = choice
        self._message = None
        self.render()
        if choice is not None:
            self.voice.say(self._choice_words(choice))
        self._place_focus()

    # -------------------------------------------------------------- playing
    def play(self, action: Action | str) -> bool:
        """Play an action (or its notation, English or French) for the human whose turn it
        is; False if refused. A refused action changes nothing: the engine's reason is shown
        and announced. Bots then play their turns, step by step at the chosen speed."""
        game = self.game
        try:
            if isinstance(action, str):
                action = Action.parse(action)
            if not isinstance(action, Action):
                raise KarnakError(
                    f"{short_repr(action)} is not an action (write one like 'place cube c4')"
                )
            if not game.is_over and self.seats[game.current_player] != "human":
                self._refuse("not_your_turn", who=self._who(game.current_player))
                self.render()
                self._alert()
                return False
            if self.handing_over is not None:
                self._refuse("ready_first", who=self._who(self.handing_over))
                self.render()
                self._alert()
                return False
            self._apply(game.current_player, action)
        except (IllegalAction, ActionSyntaxError) as error:
            self._message = Words(texts=(("en", str(error)), ("fr", error.french)))
            self.render()
            self._alert()
            return False
        except KarnakError as error:
            self._message = Words(texts=(("en", str(error)), ("fr", str(error))))
            self.render()
            self._alert()
            return False
        self._choice = None
        self._message = None
        self._note = None
        self._run_bots(step_by_step=True)
        return True

    def _apply(self, seat: int, action: Action) -> None:
        """Play ``action`` for ``seat`` (checked by the engine) and keep what it did."""
        game = self.game
        game.play(action)
        events = {lang: tuple(game.last_events(lang)) for lang in UI}
        entry = Entry(seat, action, events)
        self._entries.append(entry)
        self._news.append((seat, entry))

    def _play_bot_action(self, seat: int, action: Any) -> None:
        self._apply(seat, action)

    def _humans_played(self) -> bool:
        return any(self.seats[e.seat] == "human" for e in self._entries)

    def undo(self) -> None:
        """Take back your last action, and the bots' actions played since."""
        game = self.game
        taken = 0
        self._news = []
        while game.can_undo and self._entries and self._humans_played():
            entry = self._entries.pop()
            game.undo()
            taken += 1
            if self.seats[entry.seat] == "human":
                break
        self._after_undo(taken)
        self.render()
        if taken:
            self._run_bots(step_by_step=False, opening=self._note_text())
        else:
            self._alert()

    def _after_undo(self, taken: int) -> None:
        self._choice = None
        if taken:
            self._message = None
            self._note = Words(key="took_back", values=(("n", taken),))
        else:
            self._message = Words(key="nothing_to_undo")

    def _note_text(self) -> str:
        return "" if self._note is None else self._note.say(self.lang)

    def show_thinking(self, seat: int) -> None:
        """A bot is about to choose: the status says so while it thinks."""
        text = say(self.lang, "status_thinking", who=self._who(seat))
        self.w_status.value = (
            f'<div class="ka-status ka-thinking" data-phase="thinking" data-current="{seat}">'
            f"{esc(text)}</div>"
        )
        self.voice.busy = True
        if self._thinking_told != seat:
            self._thinking_told = seat
            self.voice.say(text)

    @property
    def viewer(self) -> int:
        """The seat whose hand the table shows: the human's (with several humans, the one to
        play, or else the last who played); with no human, player 1's."""
        humans = [seat for seat, kind in enumerate(self.seats) if kind == "human"]
        if not humans:
            return 0
        game = self.game
        if not game.is_over and game.current_player in humans:
            return game.current_player
        for seat, _ in reversed(game.log):
            if seat in humans:
                return seat
        return humans[0]

    # -------------------------------------------------------------- telling
    def _news_text(self, news: list[tuple[int, Any]]) -> str:
        lang = self.lang
        sentences = [s for _, entry in news for s in entry.events[lang]]
        sentences.append(self._whats_next())
        return " ".join(s for s in sentences if s)

    def _whats_next(self) -> str:
        game = self.game
        lang = self.lang
        if game.is_over:
            return self._over_text() + "."
        if not self._human_turn():
            return ""
        if self.seats.count("human") > 1:
            return say(lang, "say_turn_of", p=game.current_player + 1)
        pending = game.pending(lang).split(say(lang, "colon"), 1)[-1].strip()
        return say(lang, "say_your_turn", pending=pending)

    def _over_text(self) -> str:
        game = self.game
        lang = self.lang
        winners = game.winners()
        points = game.scores()
        names = ", ".join(say(lang, "with_points", who=self._who(s), n=points[s]) for s in winners)
        return say(lang, "status_over" if len(winners) == 1 else "status_over_shared", names=names)

    def _shape_word(self, shape: str) -> str:
        return say(self.lang, f"shape_{shape}")

    def _choice_words(self, choice: Choice) -> str:
        lang = self.lang
        if choice.kind == "shape":
            shape = self._shape_word(choice.value)
            return say(lang, "say_shape", shape=shape.capitalize() if lang == "en" else shape)
        if choice.kind == "colour":
            return say(lang, "say_colour", colour=say(lang, f"colour_{choice.value}"))
        return say(lang, f"say_{choice.kind}")

    def _focus_target(self) -> widgets.DOMWidget | None:
        """The control to use next: the first allowed cell when the mat is asked for, else
        the first action button; New game once the game is over."""
        if self.game.is_over or "human" not in self.seats:
            return self.w_new
        if not self._human_turn():
            return None
        cells = [b for b in self.mat_map.visible() if b.legal]
        if cells:
            return cells[0]
        buttons = [b for b in self.action_buttons if b.layout.display != "none" and not b.disabled]
        return buttons[0] if buttons else None

    # -------------------------------------------------------------- drawing
    def _cell_words(self, cell: int) -> str:
        """A cell as a screen reader hears it: its name, marking and what stands on it."""
        game = self.game
        lang = self.lang
        building = game.building()
        layout = building.layout
        marking = layout.marking(cell)
        words = PICTURE_WORDS[lang]
        marked = f" ({words[marking]})" if marking else ""
        stack = building.stacks[cell]
        if cell in building.priests:
            pieces = say(lang, "cell_priest")
        elif not stack:
            pieces = say(lang, "cell_empty")
        else:
            pieces = ", ".join(
                f"{words[_colour(code)]} {words[SHAPES[code >> 1]]}"
                if lang == "en"
                else f"{words[SHAPES[code >> 1]]} {_french_colour(code)}"
                for code in stack
            )
        return say(lang, "cell_words", cell=layout.name(cell), marking=marked, pieces=pieces)

    def _cell_action(self, cell: str, legal: set[Action]) -> Action | None:
        """What a click on ``cell`` plays now, given the phase and the human's choice."""
        phase = self.game.phase
        choice = self._choice
        if phase == "lift":
            return Lift(cell)
        if phase == "put":
            colours = sorted({a.colour for a in legal if isinstance(a, Put)})
            if choice is not None and choice.kind == "colour":
                return Put(choice.value, cell)
            return Put(colours[0], cell) if len(colours) == 1 else None
        if choice is None:
            return None
        if choice.kind == "shape":
            return Place(choice.value, cell)
        if choice.kind == "move":
            return Lift(cell)
        if choice.kind == "priest":
            return Priest(cell)
        return None

    def _cell_label(self, action: Action, cell: int) -> str:
        lang = self.lang
        where = self._cell_words(cell)
        if isinstance(action, Place):
            return say(lang, "place_on", shape=self._shape_word(action.shape), cell=where)
        if isinstance(action, Lift):
            return say(lang, "lift_from", cell=where)
        if isinstance(action, Put):
            colour = say(lang, f"colour_{action.colour}")
            return say(lang, "put_on", colour=colour, cell=where)
        return say(lang, "priest_on", cell=where)

    def _cell_plays(self, legal: set[Action]) -> list[tuple[int, Action, str | None]]:
        """What a click on each cell plays now, and the engine's reason when it is refused
        (None: allowed). ``is_legal`` answers for every cell, not only those
        ``legal_actions`` lists; empty when the mat is not asked for."""
        game = self.game
        layout = game.building().layout
        plays: list[tuple[int, Action, str | None]] = []
        for cell in range(layout.size):
            action = self._cell_action(layout.name(cell), legal)
            if action is None:
                return []
            why = None if game.is_legal(action) else game.why_illegal(action, self.lang)
            plays.append((cell, action, why))
        return plays

    def _hits(
        self, plays: list[tuple[int, Action, str | None]], boxes: Sequence[tuple[float, ...]]
    ) -> list[Hit]:
        """A button over each cell, allowed or saying why not."""
        hits: list[Hit] = []
        for cell, action, why in plays:
            x, y, w, h = boxes[cell]
            label = self._cell_label(action, cell)
            if why is None:
                name = self._hit_name(label, True)
                hits.append(Hit(Box(x, y, w, h), name, label, action, True, "target"))
            else:
                name = self._hit_name(label, False, why)
                hits.append(Hit(Box(x, y, w, h), name, label, action, False, "refused"))
        return hits

    def render(self) -> None:
        """Redraw everything from the game (the only other state is the human's choice so
        far and the last message)."""
        game = self.game
        lang = self.lang
        self._render_setup_labels()
        handing = self._render_handover()
        human = self._human_turn()
        legal = set(game.legal_actions()) if human else set()
        if not human:
            self._choice = None
        building = game.building()
        plays = self._cell_plays(legal) if human else []
        glowing = [cell for cell, _, why in plays if why is None]
        hits = self._hits(plays, cell_boxes(building, highlight=glowing))
        svg = building_svg(building, highlight=glowing, frozen=True, lang=lang)
        self.mat_map.show(svg, hits, active=human)
        self._render_choices(hits)
        self.frame_bytes = self.mat_map.svg_bytes
        self.sent_bytes = self.mat_map.sent_bytes
        self._render_actions(human, legal)
        self._render_status(human)
        self._render_designs(handing)
        self._render_side(sorted(legal, key=str) if human else [], handing)
        if not self._busy:
            self._thinking_told = None
        self.voice.busy = self._busy

    def _render_choices(self, hits: list[Hit]) -> None:
        """The mat's allowed cells as a row of ordinary buttons (shown on a phone)."""
        buttons = self.mat_map.buttons
        grown = False
        while len(self.choice_buttons) < len(buttons):
            k = len(self.choice_buttons)
            button = make_button(css="ka-choice")
            button.add_class(f"table-twin-of-{buttons[k].model_id}")
            button.on_click(self._guard(lambda _b, k=k: self._on_hit(self.mat_map.buttons[k])))
            self.choice_buttons.append(button)
            grown = True
        for k, button in enumerate(self.choice_buttons):
            hit = hits[k] if k < len(hits) else None
            if hit is not None and hit.legal:
                button.description = hit.tip
                button.tooltip = hit.tip
                show(button, True)
            else:
                show(button, False)
        if grown:
            self.w_choices.children = tuple(self.choice_buttons)

    def _buttons_now(self, human: bool, legal: set[Action]) -> list[tuple[str, Choice | Action]]:
        """The action buttons for the human now: (words, what a press does)."""
        if not human:
            return []
        game = self.game
        lang = self.lang
        found: list[tuple[str, Choice | Action]] = []
        shapes = {a.shape for a in legal if isinstance(a, Place)}
        for shape in SHAPES:
            if shape in shapes:
                left = game.supply(shape, "yellow")
                words = say(lang, "pick_shape", shape=self._shape_word(shape), n=left)
                found.append((words, Choice("shape", shape)))
        if game.phase != "lift" and any(isinstance(a, Lift) for a in legal):
            found.append((say(lang, "pick_move"), Choice("move")))
        if any(isinstance(a, Priest) for a in legal):
            held = game.priests(game.current_player)
            found.append((say(lang, "pick_priest", n=held), Choice("priest")))
        colours = sorted({a.colour for a in legal if isinstance(a, Put)})
        if len(colours) > 1:
            for colour in colours:
                words = say(lang, "pick_colour", colour=say(lang, f"colour_{colour}"))
                found.append((words, Choice("colour", colour)))
        ordered = sorted(legal, key=str)
        for action in ordered:
            if isinstance(action, Favor):
                kind = say(lang, f"favor_{action.kind}")
                found.append((say(lang, "favor", kind=kind), action))
        if Draw() in legal:
            found.append((say(lang, "draw"), Draw()))
        designs = {d.id: d for d in game.designs}
        for action in ordered:
            if isinstance(action, (Reveal, Discard)):
                design = designs[action.card].title(lang)
                key = "reveal" if isinstance(action, Reveal) else "discard"
                found.append((say(lang, key, design=design), action))
        if End() in legal:
            found.append((say(lang, "end"), End()))
        return found

    def _render_actions(self, human: bool, legal: set[Action]) -> None:
        lang = self.lang
        found = self._buttons_now(human, legal)
        self._button_payloads = [payload for _, payload in found]
        grown = False
        while len(self.action_buttons) < len(found):
            k = len(self.action_buttons)
            button = make_button(css="ka-action")
            button.on_click(self._guard(lambda _b, k=k: self._on_action_button(k)))
            self.action_buttons.append(button)
            grown = True
        for k, button in enumerate(self.action_buttons):
            if k < len(found):
                words, payload = found[k]
                picked = payload == self._choice
                button.description = self._hit_name(words, True, chosen=True) if picked else words
                button.tooltip = button.description
                if picked:
                    button.add_class("ka-picked")
                else:
                    button.remove_class("ka-picked")
                show(button, True)
            else:
                show(button, False)
        if grown:
            self.w_actions.children = tuple(self.action_buttons)
        self.w_actions_label.value = f"<h4>{esc(say(lang, 'actions'))}</h4>" if found else ""

    def _render_status(self, human: bool) -> None:
        game = self.game
        lang = self.lang
        choice = self._choice
        facts = f'data-decisions="{len(game.log)}" data-round="{game.round}"'
        if game.is_over:
            winners = " ".join(str(s) for s in game.winners())
            self.w_status.value = (
                f'<div class="ka-status ka-over" data-phase="over" data-winners="{winners}" '
                f"{facts}>{esc(self._over_text())}</div>"
            )
            hint = ""
        else:
            seat = game.current_player
            phase = say(lang, f"phase_{game.phase}")
            text = say(lang, "status_turn", who=self._who(seat), phase=phase)
            self.w_status.value = (
                f'<div class="ka-status" data-phase="{game.phase}" data-current="{seat}" '
                f"{facts}>{esc(text)}</div>"
            )
            if not human:
                hint = (
                    say(lang, "hint_bots", who=self._who(seat))
                    if "human" in self.seats
                    else say(lang, "hint_watch")
                )
            elif choice is not None and choice.kind == "shape":
                hint = say(lang, "hint_shape", shape=self._shape_word(choice.value))
            elif choice is not None and choice.kind in ("move", "priest"):
                hint = say(lang, f"hint_{choice.kind}")
            elif choice is not None and choice.kind == "colour":
                hint = say(lang, "hint_put", colour=say(lang, f"colour_{choice.value}"))
            else:
                hint = game.pending(lang)
        self.w_prompt.value = esc(hint)
        show(self.w_cancel, choice is not None)
        self.w_undo.disabled = self._busy or not self._humans_played()

    def _render_designs(self, handing: bool) -> None:
        """The viewer's own Designs, each with how far the mat is from completing it."""
        lang = self.lang
        if "human" not in self.seats or handing:
            self.w_designs.value = ""
            return
        game = self.game
        seen = game.observation(self.viewer)
        building = game.building()
        items = []
        for design in seen.hand:
            done = design.is_complete(building)
            state = say(lang, "design_done" if done else "design_not_yet")
            line = say(lang, "design_line", design=design.title(lang), points=design.points,
                       goal=design.text_in(lang))  # fmt: skip
            items.append(
                f"<li data-design='{esc(design.id)}' data-complete='{int(done)}'>"
                f"<b>{esc(line)}</b> ({esc(state)})<br>"
                f"<span class='ka-explain'>{esc(design.explain(building, lang))}</span></li>"
            )
        body = f"<ul>{''.join(items)}</ul>" if items else f"<p>{esc(say(lang, 'no_designs'))}</p>"
        heading = f"{say(lang, 'your_designs')} ({self._who(self.viewer)})"
        self.w_designs.value = f"<h4>{esc(heading)}</h4>{body}"

    def _count(self, what: str, n: int) -> str:
        """``n`` things in the table's language (French counts 0 and 1 alike)."""
        one = n == 1 or (self.lang == "fr" and n == 0)
        return say(self.lang, f"{what}_{'one' if one else 'many'}", n=n)

    def _render_side(self, offered: list[Action], handing: bool) -> None:
        game = self.game
        lang = self.lang
        notations = [a.notation(lang) for a in offered]
        self._suggest(notations)
        self.w_message.value = self._message_html()
        seen = game.observation(self.viewer)
        lines = []
        for seat in range(game.num_players):
            line = say(
                lang,
                "seat_line",
                who=self._who(seat),
                priests=self._count("priests", seen.priests[seat]),
                hand=self._count("hand", seen.design_counts[seat]),
                favors=self._count("favors", seen.favor_counts[seat]),
            )
            if seat == self.viewer and seen.favors and "human" in self.seats and not handing:
                cards = ", ".join(
                    f"{n} × {say(lang, f'favor_{kind}')}" for kind, n in seen.favors.items()
                )
                line += f" ({say(lang, 'seat_favors', cards=cards)})"
            lines.append(f"<li data-seat='{seat}'>{esc(line)}</li>")
        revealed = [
            "<li data-design='{}'>{}</li>".format(
                esc(design.id),
                esc(
                    say(
                        lang,
                        "revealed_by",
                        design=design.title(lang),
                        n=seat + 1,
                        points=design.points,
                        goal=design.text_in(lang),
                    )
                ),  # fmt: skip
            )
            for seat in range(game.num_players)
            for design in seen.revealed[seat]
        ]
        shown = "".join(revealed) or f"<li>{esc(say(lang, 'revealed_none'))}</li>"
        supply = ", ".join(
            say(
                lang,
                "supply_line",
                shape=self._shape_word(shape),
                yellow=game.supply(shape, "yellow"),
                white=game.supply(shape, "white"),
            )  # fmt: skip
            for shape in SHAPES
        )
        decks = say(lang, "decks", designs=seen.deck_size, favors=seen.favor_deck_size,
                    round=seen.round)  # fmt: skip
        self.w_seats_panel.value = (
            f"<h4>{esc(say(lang, 'seats'))}</h4><ul>{''.join(lines)}</ul>"
            f"<h4>{esc(say(lang, 'revealed'))}</h4><ul>{shown}</ul>"
            f"<h4>{esc(say(lang, 'supply'))}</h4><div>{esc(supply)}</div>"
            f"<div class='ka-decks'>{esc(decks)}</div>"
        )
        if game.is_over:
            scores = "".join(
                f"<li data-seat='{s.seat}' data-points='{s.points}'>"
                + esc(
                    say(
                        lang,
                        "score_line",
                        who=self._who(s.seat),
                        points=s.points,
                        designs=s.designs,
                        favors=s.favors,
                    )
                )  # fmt: skip
                + "</li>"
                for s in game.score_details()
            )
            self.w_scores.value = f"<h4>{esc(say(lang, 'scores'))}</h4><ul>{scores}</ul>"
        else:
            self.w_scores.value = ""
        if notations:
            title = f"{esc(say(lang, 'legal_now'))} ({len(notations)})"
            self.w_legal.value = (
                f"<details><summary>{title}</summary>{esc(', '.join(notations))}</details>"
            )
        else:
            self.w_legal.value = ""
        self.w_log.value = self._log_html()

    def _message_html(self) -> str:
        message = self._message
        if message is None:
            return ""
        lang = self.lang
        said = f"{say(lang, 'message')}{say(lang, 'colon')} {message.say(lang)}"
        return f"<div data-message='1'>{esc(said)}</div>"

    def _log_html(self) -> str:
        """What happened, newest first: each decision in the notation and the engine's
        sentences for it."""
        lang = self.lang
        colon = say(lang, "colon")
        lines = []
        for entry in reversed(self._entries[-LOG_LINES:]):
            who = esc(say(lang, "player", n=entry.seat + 1) + colon)
            told = " ".join(entry.events[lang])
            after = f" — {esc(told)}" if told else ""  # the end of a turn tells nothing more
            lines.append(
                f"<div>{who} <span class='ka-move'>{esc(entry.action.notation(lang))}</span>"
                f"{after}</div>"
            )
        if self._note is not None:
            lines.insert(0, f"<div><i>{esc(self._note.say(lang))}</i></div>")
        panel = self._log_panel("".join(lines), len(self.game.log))
        named = (
            f"<div class='ka-log' role='region' tabindex='0' aria-label='{esc(say(lang, 'log'))}'"
        )
        return panel.replace("<div class='ka-log'", named, 1)

    @property
    def message(self) -> str:
        """The last refusal shown (the engine's reason), or ''."""
        return self._message.say(self.lang) if self._message else ""

    @property
    def choice(self) -> Choice | None:
        """What the human has chosen so far this turn."""
        return self._choice

    @property
    def entries(self) -> list[Entry]:
        """The decisions played at this table, oldest first, with what each did."""
        return list(self._entries)

    # ------------------------------------------------ thin helpers: press the real buttons
    def click_cell(self, cell: str) -> None:
        """Click the button over a cell (``"c4"``), allowed or not (a refused one is answered
        with the engine's reason)."""
        name = cell.strip().lower()
        for button in self.mat_map.visible():
            if isinstance(button.payload, Action) and getattr(button.payload, "cell", "") == name:
                if button.disabled:
                    break
                button.click()
                return
        raise LookupError(f"no button on {cell} now")

    def click_action(self, kind: str, value: str = "") -> None:
        """Press one of the action buttons: ``shape`` (with the shape), ``move``, ``priest``,
        ``colour`` (with the colour), or an action's English notation (``"draw"``,
        ``"favor cube"``, ``"reveal K01"``, ``"end"``)."""
        for k, payload in enumerate(self._button_payloads):
            button = self.action_buttons[k]
            if isinstance(payload, Choice):
                matches = payload.kind == kind and payload.value == value
            else:
                matches = str(payload) == " ".join(part for part in (kind, value) if part)
            if matches and button.layout.display != "none":
                button.click()
                return
        raise LookupError(f"no button for {' '.join((kind, value)).strip()} now")

    def clickable(self) -> list[tuple[widgets.Button, Any]]:
        """Every button on the mat a player can click now, with what it plays."""
        return [(b, b.payload) for b in self.mat_map.visible() if not b.disabled]

    def actions_shown(self) -> list[str]:
        """The action buttons' words, in order."""
        return [b.description for b in self.action_buttons if b.layout.display != "none"]

    def new_game(self, seats: Sequence[str] | None = None, *, seed: int | None = None) -> None:
        """Fill in the set-up row and press New game."""
        self._fill_setup(seats, seed)
        self.w_new.click()


def _colour(code: int) -> str:
    return "white" if code & 1 else "yellow"


def _french_colour(code: int) -> str:
    """The French colour of a piece, agreeing with its shape (``statue blanche``)."""
    if not code & 1:
        return "jaune"
    return "blanche" if SHAPES[code >> 1] == "statue" else "blanc"


class _Thinking:
    """A bot whose table shows that it is thinking before it chooses."""

    def __init__(self, bot: Any, table: KarnakTable):
        self.bot = bot
        self.table = table

    def choose(self, game: Game) -> Action:
        self.table.show_thinking(game.current_player)
        action: Action = self.bot.choose(game)
        return action

    def __repr__(self) -> str:
        return repr(self.bot)
