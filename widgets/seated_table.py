"""``SeatedTable``: what every game table (``PlayTable``, ``CarnivalTable``, ``CarcataTable``,
``KarnakTable``) does around its game, whichever game it is: who sits in each seat, the set-up row and the toolbar, a new game,
the bots' turns (step by step at the chosen speed), Undo, the typed-action box, the language,
what the table announces and where it puts the keyboard focus (``TableVoice``), and the thin
helpers that press the real buttons.

A table adds what is its own: its words (``WORDS``), its bots (``_make_bot``), a new game
(``_new_game``), how a bot's action is played and told (``_play_bot_action``), what it says
when it refuses (``_refuse``) or after an Undo (``_after_undo``), how it words what was just
played for a screen reader (``_news_text``) and which control takes the focus next
(``_focus_target``), and its drawing (``render``). The rules stay the engine's: a seat's
turn, a legal action and an Undo are whatever the game says.

``PanelTable`` lays a table out as a grid of the set-up row, the game's pictures and a side
panel (Carnival, Carcata, Karnak); ``EntryTable`` adds the turn flow of the tables whose log
keeps each decision with what it did in each language (Carcata, Karnak): playing the human's
action or saying the engine's reason, Undo, a bot shown thinking, the log and the phone's row
of buttons.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import ipywidgets as widgets

from tabletop.saves import MAX_SEED, check_seed, short_repr

from .assist import TableVoice
from .i18n import LANGS, check_lang, phrase
from .pictures import Hit, PictureMap, show
from .recording import Recorder
from .table_parts import esc, make_button, shown_in

#: The slowest bot speed the table offers, in seconds per action.
MAX_SPEED = 2.0
#: Each language's name in itself, as the language toggles' tips say it.
LANGUAGE_NAMES = {"en": "English", "fr": "Français"}
#: The longest seat list read (longer ones are refused before they are looked at).
MAX_SEATS_GIVEN = 64
#: The most legal actions the typed box offers as suggestions (the first ones, in the game's
#: order): a list a student can scroll through, and a message that stays small.
MAX_SUGGESTIONS = 60

#: The keyboard focus ring: a dark outline around a white gap, so that one of the two stands out
#: 3:1 or more against the felt, the panels and any card (light Day or dark Night), and so
#: that it differs from the glow of a legal card (WCAG 2.4.7, 2.4.11).
FOCUS_RING = "#1a1a1a"
FOCUS_GAP = "#ffffff"
#: New game's green, darker than ipywidgets' ``success`` (white text on it: 4.5:1 or more).
GO = "#2e7d32"
#: What both tables' style adds for every control: the focus ring, New game's colour.
SHARED_STYLE = """
<style>
.{css}-table .cn-hit.cn-hit:focus-visible, .{css}-table :is(button, input, select, textarea,
  [tabindex]):focus-visible {{ outline: 3px solid {ring} !important;
  outline-offset: 2px !important; box-shadow: 0 0 0 2px {gap} !important; z-index: 3; }}
.{css}-table .{css}-new.mod-success {{ background: {go}; color: white; }}
.{css}-table .cn-quiet > .widget-label {{ position: absolute !important; width: 1px !important;
  height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }}
</style>
"""

#: A ``PanelTable``'s layout, to format with its CSS prefix (``css``), its ``ink`` and
#: ``background``, the least widths of its pictures (``centre``) and of its side panel
#: (``side``), and the corners (``radius``) of the buttons laid over its pictures: the three
#: parts as a wrapping row, the pictures' buttons transparent over them (``PictureMap``).
PANEL_STYLE = """
.{css}-table {{ font-family: DejaVu Sans, Verdana, Arial, sans-serif; color: {ink};
  background: {background}; border-radius: 10px; padding: 8px; box-sizing: border-box; }}
.{css}-table.{css}-table {{ display: flex !important; flex-flow: row wrap;
  align-items: flex-start; gap: 8px; }}
.{css}-table > .{css}-header {{ flex: 1 1 100%; min-width: 0; }}
.{css}-table > .{css}-center {{ flex: 1 1 {centre}; min-width: 0; max-width: 100%; }}
.{css}-table > .{css}-side {{ flex: 1 1 {side}; min-width: 0; max-width: 100%; }}
.{css}-table .widget-html, .{css}-table .widget-html-content {{ line-height: 1.35;
  height: auto; }}
.{css}-table .cn-map {{ position: relative; padding: 0; margin: 0 0 6px 0; overflow: visible;
  flex: 0 0 auto; }}
.{css}-table .cn-map > .widget-html, .{css}-table .cn-map .widget-html-content {{ margin: 0;
  padding: 0; line-height: 0; width: 100%; height: auto; }}
.{css}-table .cn-map svg {{ display: block; width: 100%; height: auto; }}
.{css}-table .cn-hit {{ position: absolute !important; margin: 0 !important;
  padding: 0 !important; min-width: 0 !important; border: 0 !important;
  border-radius: {radius}; box-sizing: border-box; background: transparent !important;
  color: transparent !important; font-size: 0 !important; box-shadow: none !important;
  overflow: hidden; cursor: pointer; z-index: 2; }}
.{css}-table .cn-hit:disabled {{ cursor: default; opacity: 1 !important; }}
"""
#: What an ``EntryTable`` adds to ``PANEL_STYLE``, to format with its ``css`` prefix, its
#: ``panel`` and ``muted`` colours, the name of its picture (``map``) and the width below which
#: that picture's choices are a row of ordinary buttons (``phone``, in px): the buttons' hover,
#: the status while a bot thinks and once the game is over, the prompt, the side panel, the
#: refusal, the log, the phone's row of buttons (WCAG 2.5.8: no button under 24 px), the legal
#: actions and the controls while a bot plays.
ENTRY_STYLE = """
.{css}-table .cn-hit.cn-legal:enabled:hover {{ background: rgba(18,52,138,.25) !important; }}
.{css}-table .cn-hit.cn-refused:enabled:hover {{ background: rgba(31,26,20,.18) !important; }}
.{css}-status.{css}-thinking {{ background: #5c564c; }}
.{css}-status.{css}-over {{ background: #7a1f0b; }}
.{css}-prompt {{ font-size: 14px; padding: 2px 4px; }}
.{css}-side {{ background: {panel}; border: 1px solid #cfc6b3; border-radius: 8px;
  padding: 6px 8px; }}
.{css}-message {{ color: #b3261e; font-weight: bold; font-size: 13px; }}
.{css}-log {{ font-size: 12px; max-height: 260px; overflow-y: auto; overflow-x: hidden;
  overflow-wrap: anywhere; }}
.{css}-log .{css}-move {{ font-family: DejaVu Sans Mono, monospace; font-weight: bold; }}
.{css}-table > .{css}-center {{ container: {css}-center / inline-size; }}
.{css}-choices {{ display: none !important; flex-flow: row wrap; gap: 4px; }}
.{css}-choices .jupyter-button {{ max-width: 100%; }}
@container {css}-center (max-width: {phone:.2f}px) {{
  .{css}-table .cn-map-{map} .cn-hit {{ display: none !important; }}
  .{css}-table .{css}-choices {{ display: flex !important; }} }}
.{css}-legal {{ font-size: 12px; color: {muted}; overflow-wrap: anywhere; }}
.{css}-table [aria-disabled="true"] {{ cursor: progress !important; }}
.{css}-table .cn-hit.cn-legal[aria-disabled="true"]:hover {{
  background: transparent !important; }}
"""


def entry_table_style(
    css: str,
    own: str,
    *,
    colours: dict[str, str],
    radius: str,
    picture: str,
    phone: float,
) -> str:
    """An ``EntryTable``'s style sheet: ``PANEL_STYLE`` and ``ENTRY_STYLE`` for the prefix
    ``css``, in the game's ``colours`` (its ``ink``, ``panel`` and ``muted``) on the tables'
    sand, with the corners ``radius`` of the buttons over the ``picture`` (its name) and the
    width below which its choices are ordinary buttons (``phone``, px), then the table's
    ``own`` rules."""
    panel = PANEL_STYLE.format(
        css=css, ink=colours["ink"], background="#f3efe4", centre="600px", side="280px",
        radius=radius,
    )  # fmt: skip
    entry = ENTRY_STYLE.format(
        css=css, panel=colours["panel"], muted=colours["muted"], map=picture, phone=phone
    )
    return f"<style>{panel}{entry}{own}</style>\n"


__all__ = [
    "ENTRY_STYLE",
    "PANEL_STYLE",
    "SHARED_STYLE",
    "Entry",
    "EntryTable",
    "PanelTable",
    "SeatedTable",
    "TableGame",
    "TableRules",
    "ThinkingBot",
    "entry_table_style",
]


class TableGame(Protocol):
    """What the shared part of a table reads of its game (both engines' ``Game`` offer it)."""

    @property
    def seed(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def current_player(self) -> int: ...

    @property
    def can_undo(self) -> bool: ...

    @property
    def log(self) -> Sequence[tuple[int, object]]: ...

    def undo(self) -> object: ...


class TableRules(Protocol):
    """What the shared part of a table reads of its rules."""

    @property
    def player_counts(self) -> tuple[int, ...]: ...


GameT = TypeVar("GameT", bound=TableGame)


class SeatedTable(Generic[GameT]):
    """The part of a game table that does not depend on the game (a base of the tables)."""

    #: What may sit in a seat: ``"human"`` or one of the game's bots.
    SEAT_KINDS: ClassVar[tuple[str, ...]]
    #: The table's own words by language (``WORDS[lang][key]``).
    WORDS: ClassVar[dict[str, dict[str, str]]]
    #: The prefix of the table's CSS classes (``cn-bar``, ``cv-bar``...).
    CSS: ClassVar[str]
    #: How much larger than their own size the pictures may grow on a wide screen.
    ZOOM: ClassVar[float]
    #: The smallest text of the table's pictures, in their own units (``PictureMap``).
    TEXT_UNITS: ClassVar[float | None] = None
    #: Why a number of seats is refused, with ``{counts}`` (the counts the rules allow) and
    #: ``{n}`` (the number given).
    PLAYED_BY: ClassVar[str]
    #: Whether a seat's view holds what the other seats may not see (hidden hands): then, when
    #: the view passes from one human seat to another, a hand-over screen hides it until the
    #: next player presses Ready (pass and play on one screen).
    HIDES_BETWEEN_SEATS: ClassVar[bool] = False

    game: GameT
    rules: TableRules
    seats: list[str]
    lang: str
    seed: int | None
    bots: dict[int, Any]
    out: widgets.Output
    player_maps: list[PictureMap]
    w_cancel: widgets.Button
    #: The status line (whose turn it is, what to do).
    w_status: widgets.HTML
    #: Where the table saves each finished game (its ``record_to``); by default, nowhere.
    recorder: Recorder = Recorder(None)
    #: The human seat the table was last shown to (see ``handing_over``).
    _ready_for: int

    # ------------------------------------------------------------------ set-up
    def _take_seats(
        self,
        seats: Sequence[str] | None,
        players: int | None,
        *,
        default_players: int,
        lang: str,
        seed: int | None,
        record_to: Any,
    ) -> None:
        """Check who sits where (one human and greedy bots when ``seats`` is not given), the
        seed, the language and where finished games go (``Recorder.at``), each before any work;
        nothing is played or drawn yet."""
        counts = self.rules.player_counts
        if players is not None and (type(players) is not int or players not in counts):
            raise self._argument_error(
                "players",
                self.PLAYED_BY.format(counts=", ".join(map(str, counts)), n=short_repr(players)),
            )
        if seats is None:
            seats = ("human", *["greedy"] * ((players or default_players) - 1))
        if (
            isinstance(seats, (str, bytes))
            or not isinstance(seats, Sequence)
            or len(seats) > MAX_SEATS_GIVEN
            or not all(isinstance(seat, str) for seat in seats)
        ):
            raise self._argument_error(
                "seats", f"a list of seat kinds like ('human', 'greedy'), not {short_repr(seats)}"
            )
        self.seats = self._check_seats(seats, players)
        if seed is not None:
            check_seed(seed, self._argument_error)
        if not isinstance(lang, str) or lang not in LANGS:
            raise self._argument_error("lang", f"one of {', '.join(LANGS)}, not {short_repr(lang)}")
        self.recorder = Recorder.at(record_to, self._argument_error)
        self.lang = lang
        self.seed = seed
        self.bots = {}
        self._busy = False
        #: SVG bytes of the pictures on the table now, and of every picture sent to the page.
        self.frame_bytes = 0
        self.sent_bytes = 0
        self.out = widgets.Output(layout=widgets.Layout(max_height="160px", overflow="auto"))
        self.voice = TableVoice(root=f"{self.CSS}-table", lang=lang)
        #: What was played since the table last spoke: (seat, what the table keeps of it).
        self._news: list[tuple[int, Any]] = []
        #: Whether the action being played was typed (the focus then stays in the box).
        self._typing = False

    def _check_seats(self, seats: Sequence[str], players: int | None) -> list[str]:
        kinds = [str(s).lower() for s in seats]
        unknown = [s for s in kinds if s not in self.SEAT_KINDS]
        if unknown:
            raise self._argument_error(
                "seats",
                f"unknown seat kind(s) {', '.join(map(short_repr, unknown))}: "
                f"each seat is one of {', '.join(self.SEAT_KINDS)}",
            )
        if players is not None and len(kinds) != players:
            raise self._argument_error(
                "seats", f"{len(kinds)} seats given for a {players}-player game"
            )
        if len(kinds) not in self.rules.player_counts:
            counts = ", ".join(map(str, self.rules.player_counts))
            raise self._argument_error("seats", self.PLAYED_BY.format(counts=counts, n=len(kinds)))
        return kinds

    def _argument_error(self, argument: str, detail: str) -> ValueError:
        """The game's own error for an argument the table cannot take (``detail`` says why)."""
        raise NotImplementedError

    def _make_bot(self, kind: str, seed: int) -> Any:
        """The game's bot of ``kind`` (one of ``SEAT_KINDS``), seeded."""
        raise NotImplementedError

    def _new_game(self, players: int, seed: int) -> GameT:
        """A new game for the set-up row's players, rules and ``seed``."""
        raise NotImplementedError

    def _begin(self, game: GameT, *, step_by_step: bool) -> None:
        """Sit down at ``game``: nothing said yet, a fresh bot in each bot's seat (seeded from
        the table's seed, else the game's); the bots to play first play."""
        self.game = game
        base = game.seed if self.seed is None else self.seed
        self.bots = {
            seat: self._make_bot(kind, base + seat)
            for seat, kind in enumerate(self.seats)
            if kind != "human"
        }
        self._start_afresh()
        self._ready_for = self.viewer  # whoever sits down first sees the table at once
        self._news = []
        self._sync_setup()
        self.render()
        self._run_bots(step_by_step=step_by_step, opening=self._word(self.lang, "new_game") + ".")

    def _start_afresh(self) -> None:
        """Forget what the table said and what was chosen, for a game just sat down at."""
        raise NotImplementedError

    def _guard(self, handler: Callable[..., None]) -> Callable[..., None]:
        """``handler`` run inside the table's ``Output``, so an unexpected error is shown."""
        return shown_in(self.out, handler)

    # --------------------------------------------------------------- widgets
    def _build_setup(
        self,
        style: str,
        speed: float,
        *,
        seat_width: str,
        seed_width: str,
        speed_width: str,
        undo_width: str = "auto",
        options: Sequence[widgets.Widget] = (),
    ) -> widgets.VBox:
        """The header: the set-up row (players, who sits where, seed, the table's own
        ``options``, New game) and the toolbar (language, bot speed, Undo)."""
        if (
            isinstance(speed, bool)
            or not isinstance(speed, (int, float))
            or not 0 <= speed <= MAX_SPEED
        ):
            raise self._argument_error(
                "speed", f"seconds per bot action from 0 to {MAX_SPEED:g}, not {short_repr(speed)}"
            )
        guard = self._guard
        css = self.CSS
        counts = self.rules.player_counts
        shared = SHARED_STYLE.format(css=css, ring=FOCUS_RING, gap=FOCUS_GAP, go=GO)
        self._style = widgets.HTML(style + shared)
        self.w_players = widgets.ToggleButtons(
            options=[(str(n), n) for n in counts],
            value=len(self.seats),
            style={"button_width": "34px"},
            layout=widgets.Layout(width="auto"),
        )
        self.w_seats = [
            widgets.Dropdown(
                options=[(kind, kind) for kind in self.SEAT_KINDS],
                value=self.seats[k] if k < len(self.seats) else "greedy",
                layout=widgets.Layout(width=seat_width),
            )
            for k in range(max(counts))
        ]
        self.w_seed = widgets.Text(
            value="" if self.seed is None else str(self.seed),
            layout=widgets.Layout(width=seed_width),
        )
        # A menu's or a box's description is its <label for>; "quiet" hides it from sight
        # only, where the words beside it (or the menu's own options) already tell it.
        for control in (*self.w_seats, self.w_seed):
            control.add_class("cn-quiet")
        self.w_new = make_button(css=f"{css}-new")
        self.w_new.button_style = "success"
        self.w_lang = widgets.ToggleButtons(
            options=[(code.upper(), code) for code in LANGS],
            value=self.lang,
            style={"button_width": "46px"},
            layout=widgets.Layout(width="auto"),
        )
        # A number box, not a slider: its label is a <label for> (ipywidgets leaves a slider's
        # handle without a name), and it is typed or stepped with the arrow keys.
        self.w_speed = widgets.BoundedFloatText(
            value=speed,
            min=0.0,
            max=MAX_SPEED,
            step=0.1,
            style={"description_width": "initial"},
            layout=widgets.Layout(width=speed_width),
        )
        self.w_undo = make_button(css=f"{css}-undo", width=undo_width)
        self.w_undo.icon = "undo"
        self.w_players_label = widgets.HTML()
        self.w_seed_label = widgets.HTML()
        self.w_lang_label = widgets.HTML()
        self.w_new.on_click(guard(self._on_new))
        self.w_undo.on_click(guard(self._on_undo))
        self.w_lang.observe(guard(self._on_lang), names="value")
        self.w_players.observe(guard(self._on_players), names="value")
        setup = widgets.HBox(
            [
                self.w_players_label,
                self.w_players,
                *self.w_seats,
                self.w_seed_label,
                self.w_seed,
                *options,
                self.w_new,
            ],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        setup.add_class(f"{css}-bar")
        toolbar = widgets.HBox(
            [self.w_lang_label, self.w_lang, self.w_speed, self.w_undo],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        toolbar.add_class(f"{css}-bar")
        return widgets.VBox([self._style, self.voice, setup, toolbar])

    def _build_typed(self, width: str, go_width: str = "auto") -> widgets.HBox:
        """The box to type an action in, and its Play button (its heading is
        ``w_typed_label``). Enter in the box plays too; the box suggests the legal actions."""
        self.w_typed_label = widgets.HTML()
        self.w_typed = widgets.Combobox(ensure_option=False, layout=widgets.Layout(width=width))
        self.w_typed.add_class(f"{self.CSS}-typed")
        self.w_typed.add_class("cn-quiet")
        self.w_typed_go = make_button(css=f"{self.CSS}-typed-go", width=go_width)
        self.w_typed_go.on_click(self._guard(self._on_typed))
        self.voice.typed_selector = f".{self.CSS}-typed input"
        self.voice.on_typed(self._guard(self._on_enter))
        return widgets.HBox([self.w_typed, self.w_typed_go])

    def _build_handover(self) -> widgets.VBox:
        """The hand-over screen: whom to pass the device to, and the Ready button."""
        self.w_handover = widgets.HTML()
        self.w_ready = make_button(css=f"{self.CSS}-ready")
        self.w_ready.button_style = "primary"
        self.w_ready.on_click(self._guard(self._on_ready))
        self.handover_box = widgets.VBox([self.w_handover, self.w_ready])
        self.handover_box.add_class(f"{self.CSS}-handover")
        show(self.handover_box, False)
        return self.handover_box

    def _suggest(self, notations: Sequence[str]) -> None:
        """Offer the legal actions' notation in the typed box (the first ``MAX_SUGGESTIONS``)."""
        options = tuple(notations[:MAX_SUGGESTIONS])
        if self.w_typed.options != options:
            self.w_typed.options = options

    def _grow_player_maps(self, players: int, on_hit: Callable[..., None]) -> None:
        """One clickable picture per seat, made the first time a game has that many."""
        while len(self.player_maps) < players:
            self.player_maps.append(
                PictureMap(
                    self._guard(on_hit),
                    name=f"seat{len(self.player_maps)}",
                    zoom=self.ZOOM,
                    text_units=self.TEXT_UNITS,
                )
            )

    def _sync_setup(self) -> None:
        """Show the set-up of the game being played, and as many seat menus as players."""
        n = len(self.seats)
        if self.w_players.value != n:
            self.w_players.value = n
        for k, menu in enumerate(self.w_seats):
            if k < n:
                menu.value = self.seats[k]
            show(menu, k < n)

    # ------------------------------------------------------------- callbacks
    def _on_players(self, change: dict[str, Any]) -> None:
        for k, menu in enumerate(self.w_seats):
            show(menu, k < change["new"])

    def _on_lang(self, change: dict[str, Any]) -> None:
        self.lang = check_lang(change["new"])
        self.voice.lang = self.lang
        self.render()

    def _on_new(self, _button: widgets.Button) -> None:
        text = self.w_seed.value.strip()
        # ASCII digits only (str.isdigit accepts '²'), and a seed a save can hold.
        if text and not (
            text.isascii() and text.isdigit() and len(text) <= 20 and int(text) <= MAX_SEED
        ):
            self._refuse("bad_seed", text=text if len(text) <= 30 else text[:29] + "…")
            self.render()
            self._alert()
            return
        self.seed = int(text) if text else None
        self.seats = self._check_seats(
            [menu.value for menu in self.w_seats[: self.w_players.value]], None
        )
        seed = self.seed if self.seed is not None else random.randrange(2**31)
        self._begin(self._new_game(len(self.seats), seed), step_by_step=True)

    def _on_undo(self, _button: widgets.Button) -> None:
        self.undo()

    def _on_ready(self, _button: widgets.Button) -> None:
        self._ready_for = self.viewer
        self._handed_over()
        self.render()
        self._tell()

    def _handed_over(self) -> None:
        """Forget what was said to the player before (the next one has the device now)."""

    def _on_typed(self, _button: widgets.Button) -> None:
        self._typing = True
        try:
            if self.play(self.w_typed.value):
                self.w_typed.value = ""
        finally:
            self._typing = False

    def _on_enter(self, text: str) -> None:
        """Enter in the typed box: ``text`` is what the box held then."""
        self._typing = True
        try:
            if self.play(text):
                self.voice.clear_typed()
        finally:
            self._typing = False

    def _refuse(self, key: str, **values: object) -> None:
        """Keep the table's phrase ``key`` as the refusal shown next."""
        raise NotImplementedError

    def play(self, action: Any) -> bool:
        raise NotImplementedError

    def render(self) -> None:
        raise NotImplementedError

    # -------------------------------------------------------------- playing
    def _paused(self) -> bool:
        """Whether the table holds play for now (Carnival's reveal of a finished round)."""
        return False

    def _bot_to_play(self) -> bool:
        game = self.game
        return (
            not self._paused() and not game.is_over and self.seats[game.current_player] != "human"
        )

    def _human_turn(self) -> bool:
        game = self.game
        return (
            not self._busy
            and not self._paused()
            and not game.is_over
            and self.seats[game.current_player] == "human"
            and self.handing_over is None
        )

    @property
    def viewer(self) -> int:
        """The seat whose view the table shows (a table that hides nothing between seats
        shows every seat alike: the one to act)."""
        return self.game.current_player

    @property
    def handing_over(self) -> int | None:
        """The human seat the device is being passed to (its view stays hidden until Ready is
        pressed), or None: only a table that hides something between seats, with several
        humans, hands over, and only when the view passes from one of them to another."""
        if not self.HIDES_BETWEEN_SEATS or self.seats.count("human") < 2:
            return None
        viewer = self.viewer
        return viewer if viewer != self._ready_for else None

    def _humans_played(self) -> bool:
        return any(self.seats[seat] == "human" for seat, _ in self.game.log)

    def _play_bot_action(self, seat: int, action: Any) -> None:
        """Play the action the bot in ``seat`` chose, and keep what the table tells of it."""
        raise NotImplementedError

    def _run_bots(self, *, step_by_step: bool, opening: str = "") -> None:
        """Bots play until a human must act, the table pauses or the game ends; shown step by
        step if asked. Then the table tells what was played (after ``opening``)."""
        game = self.game
        delay = self.w_speed.value if step_by_step else 0.0
        self._busy = True
        self.recorder.note(self)  # times what was just played
        try:
            if delay > 0 and self._bot_to_play():
                self.render()  # what the human just did, before the first bot acts
                # The hand's buttons are disabled while the bots play: the focus waits on the
                # status line (which names the bot playing) rather than falling to the page.
                self.voice.focus_on(self.w_status)
                time.sleep(delay)
            while self._bot_to_play():
                seat = game.current_player
                self.recorder.note(self)  # the bot's decision is offered now
                self._play_bot_action(seat, self.bots[seat].choose(game))
                self.recorder.note(self)
                if delay > 0 and self._bot_to_play():
                    self.render()
                    time.sleep(delay)
        finally:
            self._busy = False
        self.render()
        self.recorder.note(self)  # the next decision is offered now
        self._tell(opening)

    # -------------------------------------------------------------- telling
    def _news_text(self, news: list[tuple[int, Any]]) -> str:
        """What was played (``news``, oldest first) and what comes next, in the table's
        language: the sentence the live region announces."""
        raise NotImplementedError

    def _focus_target(self) -> widgets.DOMWidget | None:
        """The control the keyboard focus goes to now (None: leave it where it is)."""
        raise NotImplementedError

    def _tell(self, opening: str = "") -> None:
        """Announce what was played since the table last spoke and what comes next, then put
        the focus on the control to use next (the typed box, when the action was typed)."""
        self.voice.clear_alert()
        seat = self.handing_over
        if seat is not None:  # what was played is told to the next player, after Ready
            self.voice.say(self._word(self.lang, "handover", who=self._who(seat)))
            self._place_focus()
            return
        news, self._news = self._news, []
        text = " ".join(part for part in (opening, self._news_text(news)) if part)
        if text:
            self.voice.say(text)
        self._place_focus()

    def _place_focus(self) -> None:
        # A typed action keeps the focus in the box, unless the box cannot be used next.
        typing_on = self._typing and not self._paused() and not self.game.is_over
        if self.handing_over is not None:
            target: widgets.DOMWidget | None = self.w_ready
        else:
            target = self.w_typed if typing_on else self._focus_target()
        if target is not None:
            self.voice.focus_on(target)

    def _alert(self) -> None:
        """Announce the refusal the table shows now, at once."""
        message = self.message
        if message:
            self.voice.alert(
                f"{self._word(self.lang, 'message')}{self._word(self.lang, 'colon')} {message}"
            )

    @property
    def message(self) -> str:
        raise NotImplementedError

    @property
    def said(self) -> str:
        """The last sentence the table announced (its live region's text)."""
        return str(self.voice.polite)

    @property
    def alerted(self) -> str:
        """The last refusal the table announced (its alert region's text)."""
        return str(self.voice.alert_text)

    def _undo_one(self) -> int:
        """Take back the game's last action; the seat that had played it."""
        seat = self.game.log[-1][0]
        self.game.undo()
        return seat

    def _after_undo(self, taken: int) -> None:
        """Forget what no longer holds after ``taken`` actions were taken back (0: none)."""
        raise NotImplementedError

    def _note_text(self) -> str:
        """What the table says after an Undo, in its language."""
        raise NotImplementedError

    def undo(self) -> None:
        """Take back your last action (with any chance it brought), and the bots' actions
        played since."""
        game = self.game
        taken = 0
        self._news = []
        while game.can_undo and self._humans_played():
            seat = self._undo_one()
            taken += 1
            if self.seats[seat] == "human":
                break
        self._after_undo(taken)
        self.render()
        if taken:
            self._run_bots(step_by_step=False, opening=self._note_text())
        else:
            self._alert()

    # -------------------------------------------------------------- drawing
    def _word(self, lang: str, key: str, **values: object) -> str:
        return phrase(self.WORDS, lang, key, **values)

    def _hit_name(self, label: str, allowed: bool, why: str = "", *, chosen: bool = False) -> str:
        """A card button's name, which says what a screen reader cannot see: whether its
        action is allowed now and, when not, why (``why``, the engine's short reason); or that
        the card is the one chosen."""
        if chosen:
            return self._word(self.lang, "chosen", label=label)
        if allowed:
            return self._word(self.lang, "allowed", label=label)
        if why:
            return self._word(self.lang, "not_allowed", label=label, why=why)
        return label

    def _who(self, seat: int, lang: str | None = None) -> str:
        """How the table names ``seat``: "Player 1 (you)", "Player 2 (Greedy bot)"..."""
        lang = lang or self.lang
        name = self._word(lang, "player", n=seat + 1)
        kind = self.seats[seat]
        if kind == "human":
            you = self._word(lang, "you")
            return f"{name} ({you})" if self.seats.count("human") == 1 else name
        return f"{name} ({self._word(lang, kind)})"

    def _render_setup_labels(self) -> None:
        """Word the set-up row, the toolbar, Cancel and the typed-action box."""
        lang = self.lang
        say = self._word
        self.w_players_label.value = f"<b>{esc(say(lang, 'players'))}</b>"
        self.w_seed_label.value = esc(say(lang, "seed"))
        self.w_seed.placeholder = say(lang, "seed_hint")
        self.w_seed.description = say(lang, "seed")
        self.w_players.tooltips = [say(lang, "players_n", n=n) for n in self.rules.player_counts]
        self.w_lang.tooltips = [LANGUAGE_NAMES[code] for code in LANGS]
        self.w_new.description = say(lang, "new_game")
        self.w_lang_label.value = esc(say(lang, "language"))
        self.w_speed.description = say(lang, "speed")
        self.w_speed.tooltip = say(lang, "speed_hint")
        self.w_undo.description = say(lang, "undo")
        self.w_cancel.description = say(lang, "cancel")
        for k, menu in enumerate(self.w_seats):
            menu.description = say(lang, "seat", n=k + 1)
            menu.tooltip = menu.description
            options = [
                (f"{k + 1}{say(lang, 'colon')} {say(lang, kind)}", kind) for kind in self.SEAT_KINDS
            ]
            if list(menu.options) != options:
                value = menu.value
                menu.options = options
                menu.value = value
        self.w_typed_label.value = f"<h4>{esc(say(lang, 'type_action'))}</h4>"
        self.w_typed.placeholder = say(lang, "type_hint")
        self.w_typed.description = say(lang, "type_action")
        self.w_typed_go.description = say(lang, "play_typed")

    def _render_handover(self) -> bool:
        """Show the hand-over screen if the device is being passed; whether it is."""
        seat = self.handing_over
        show(self.handover_box, seat is not None)
        if seat is None:
            return False
        lang = self.lang
        who = self._who(seat)
        self.w_handover.value = (
            f'<div class="{self.CSS}-handover-text" data-seat="{seat}">'
            f"{esc(self._word(lang, 'handover', who=who))}</div>"
        )
        self.w_ready.description = self._word(lang, "ready")
        return True

    def _log_panel(self, body: str, count: int) -> str:
        """The action log's heading and ``body`` (its lines, newest first)."""
        lang = self.lang
        body = body or f"<div>{esc(self._word(lang, 'log_empty'))}</div>"
        return (
            f"<h4>{esc(self._word(lang, 'log'))} ({count})</h4>"
            f"<div class='{self.CSS}-log' data-count='{count}'>{body}</div>"
        )

    # ------------------------------------------------ thin helpers: press the real buttons
    def _press(
        self,
        picture: PictureMap,
        match: Callable[[Any], bool],
        what: str,
        *,
        enabled_only: bool = True,
    ) -> None:
        """Click the first button on ``picture`` whose payload ``match``es (an enabled one
        unless ``enabled_only`` is false: a click the engine then refuses)."""
        for button in picture.visible():
            if match(button.payload) and not (enabled_only and button.disabled):
                button.click()
                return
        raise LookupError(f"no button for {what} on the table now")

    def click_undo(self) -> None:
        self.w_undo.click()

    def click_ready(self) -> None:
        """Press Ready on the hand-over screen (the next player has the device)."""
        if self.handing_over is None:
            raise LookupError("no hand-over screen now")
        self.w_ready.click()

    def click_cancel(self) -> None:
        self.w_cancel.click()

    def type_action(self, text: str) -> None:
        """Type an action in the box and press Play."""
        self.w_typed.value = text
        self.w_typed_go.click()

    def _fill_setup(self, seats: Sequence[str] | None, seed: int | None) -> None:
        """Fill in the set-up row's seats and seed."""
        if seats is not None:
            self.w_players.value = len(seats)
            for menu, kind in zip(self.w_seats, seats, strict=False):
                menu.value = kind
        self.w_seed.value = "" if seed is None else str(seed)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.seats}: {self.game!r}>"


@dataclass(frozen=True)
class Entry:
    """One decision played at a table: who, what, and what it did in each language."""

    seat: int
    action: Any
    events: dict[str, tuple[str, ...]]


class PanelTable(SeatedTable[GameT], widgets.AppLayout):  # type: ignore[misc]
    """A table laid out as ``AppLayout``'s grid: the set-up row (``_header``), the game's
    pictures (``_center``) and a side panel (``_side``), in that order in the page; what the
    human has chosen (``_choice``), the last refusal (``_message``) and what was said after an
    Undo (``_note``), each kept as its source (a ``SAID``) so a language switch rewords it."""

    #: The table's kept words: ``SAID(key=..., values=...)`` is one of its own phrases.
    SAID: ClassVar[Callable[..., Any]]
    #: The game: its ``Game`` class, its name and the error that refuses a rules argument.
    GAME: ClassVar[type[Any]]
    NAME: ClassVar[str]
    RULES_ERROR: ClassVar[type[Exception]]

    _header: widgets.Box
    _center: widgets.Box
    _side: widgets.Box
    _choice: Any
    _message: Any
    _note: Any

    def _build_side(
        self,
        scores: widgets.Widget,
        *,
        first: Sequence[widgets.Widget] = (),
        last: Sequence[widgets.Widget] = (),
    ) -> None:
        """The side panel: ``first``, the refusal (``w_message``), the table's ``Output``, the
        ``scores``, the typed-action box, the legal actions (``w_legal``), ``last``, the log."""
        css = self.CSS
        self.w_message = widgets.HTML()
        self.w_message.add_class(f"{css}-message")
        typed = self._build_typed("170px", "80px")
        self.w_legal = widgets.HTML()
        self.w_legal.add_class(f"{css}-legal")
        self.w_log = widgets.HTML()
        parts = [self.w_message, self.out, scores, self.w_typed_label, typed, self.w_legal]
        self._side = widgets.VBox([*first, *parts, *last, self.w_log])
        self._side.add_class(f"{css}-side")

    @staticmethod
    def read_rules(rules: Any) -> Any:
        """The game's rules from a rules argument (the engine's ``as_rules``)."""
        raise NotImplementedError

    def _game_rules(self, game: Any, rules: Any, players: int | None) -> tuple[Any, int | None]:
        """The rules and the player count to set the table up with: those of ``game`` when one
        is given (it must be a ``GAME``), else ``rules`` read by ``read_rules`` (a
        ``RULES_ERROR`` is turned into the table's error for ``rules``)."""
        if game is not None:
            if not isinstance(game, self.GAME):
                raise self._argument_error("game", f"a {self.NAME} Game, not {short_repr(game)}")
            rules, players = game.rules, game.num_players
        try:
            return self.read_rules(rules), players
        except self.RULES_ERROR as error:
            raise self._argument_error("rules", str(error)) from None

    def _lay_out(self, side_width: str) -> None:
        """Sit the three parts in the grid, the side panel ``side_width`` wide."""
        widgets.AppLayout.__init__(
            self,
            header=self._header,
            center=self._center,
            right_sidebar=self._side,
            pane_widths=("0px", "1fr", side_width),
            grid_gap="8px",
        )
        # AppLayout sizes rows in px or fr only; the header and the pictures take their
        # content's height (the footer row is merged away, as there is no footer).
        self.layout.grid_template_rows = "auto auto"
        # The style sheet lays the three out as a wrapping row (the panel goes under the
        # pictures on a narrow screen), in the order of the page (``_update_layout``).
        self._header.add_class(f"{self.CSS}-header")
        self._center.add_class(f"{self.CSS}-center")
        self.add_class(f"{self.CSS}-table")

    def _start_afresh(self) -> None:
        self._choice = None
        self._message = None
        self._note = None

    def _update_layout(self) -> None:
        """AppLayout's grid, with the pictures before the side panel in the page's order (what
        a screen reader reads and Tab follows), whatever the grid shows where."""
        super()._update_layout()
        order = [self.header, self.center, self.right_sidebar]
        children = tuple(part for part in order if part is not None)
        shown: tuple[widgets.Widget, ...] = tuple(self.children)  # type: ignore[has-type]
        if set(children) == set(shown) and shown != children:
            self.children = children

    def _refuse(self, key: str, **values: object) -> None:
        self._message = self.SAID(key=key, values=tuple(values.items()))

    def _on_cancel(self, _button: widgets.Button) -> None:
        self._choice = None
        self.render()
        self._place_focus()

    def _note_text(self) -> str:
        return "" if self._note is None else self._note.say(self.lang)

    @property
    def message(self) -> str:
        """The last refusal shown (the engine's reason), or ''."""
        return self._message.say(self.lang) if self._message else ""

    @property
    def choice(self) -> Any:
        """What the human has chosen so far this turn."""
        return self._choice


class EntryTable(PanelTable[GameT]):
    """A panel table that keeps each decision played as an ``Entry`` (what it did in each of
    ``WORDS``' languages), plays the human's action or says the engine's reason, takes back
    the entries on Undo and shows each bot thinking (``ThinkingBot``)."""

    #: The game's action class (``ACTION.parse`` reads a notation) and its error.
    ACTION: ClassVar[Any]
    ERROR: ClassVar[type[Exception]]
    #: An action's notation, for the error on what is not an action.
    EXAMPLE: ClassVar[str]
    #: The most decisions the log shows.
    LOG_LINES: ClassVar[int] = 60

    _entries: list[Entry]
    _thinking_told: int | None
    #: The row of ordinary buttons that stand for a picture's on a phone (``_render_choices``).
    w_choices: widgets.Box
    choice_buttons: list[widgets.Button]

    def _start_afresh(self) -> None:
        super()._start_afresh()
        self._entries = []

    def _error_words(self, error: Exception) -> Any:
        """The engine's ``error`` as the table keeps it (a ``SAID``)."""
        raise NotImplementedError

    def play(self, action: Any) -> bool:
        """Play an action (or its notation, English or French) for the human whose turn it
        is; False if refused. A refused action changes nothing: the engine's reason is shown
        and announced. Bots then play their turns, step by step at the chosen speed."""
        game = self.game
        try:
            if isinstance(action, str):
                action = self.ACTION.parse(action)
            if not isinstance(action, self.ACTION):
                raise self.ERROR(
                    f"{short_repr(action)} is not an action (write one like '{self.EXAMPLE}')"
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
        except self.ERROR as error:
            self._message = self._error_words(error)
            self.render()
            self._alert()
            return False
        self._choice = None
        self._message = None
        self._note = None
        self._run_bots(step_by_step=True)
        return True

    def _apply(self, seat: int, action: Any) -> None:
        """Play ``action`` for ``seat`` (checked by the engine) and keep what it did."""
        game: Any = self.game
        game.play(action)
        events = {lang: tuple(game.last_events(lang)) for lang in self.WORDS}
        entry = Entry(seat, action, events)
        self._entries.append(entry)
        self._news.append((seat, entry))

    def _play_bot_action(self, seat: int, action: Any) -> None:
        self._apply(seat, action)

    def _humans_played(self) -> bool:
        return any(self.seats[e.seat] == "human" for e in self._entries)

    def _undo_one(self) -> int:
        entry = self._entries.pop()
        self.game.undo()
        return entry.seat

    def _after_undo(self, taken: int) -> None:
        self._choice = None
        if taken:
            self._message = None
            self._note = self.SAID(key="took_back", values=(("n", taken),))
        else:
            self._message = self.SAID(key="nothing_to_undo")

    def show_thinking(self, seat: int) -> None:
        """A bot is about to choose: the status says so while it thinks (the page hears
        nothing else from the kernel until the bots are done)."""
        text = self._word(self.lang, "status_thinking", who=self._who(seat))
        css = self.CSS
        self.w_status.value = (
            f'<div class="{css}-status {css}-thinking" data-phase="thinking" '
            f'data-current="{seat}">{esc(text)}</div>'
        )
        # The human's controls still show the last turn: they say they are disabled, and
        # ignore clicks, until the table is redrawn for the human.
        self.voice.busy = True
        if self._thinking_told != seat:
            self._thinking_told = seat
            self.voice.say(text)

    def _news_text(self, news: list[tuple[int, Any]]) -> str:
        lang = self.lang
        sentences = [s for _, entry in news for s in entry.events[lang]]
        sentences.append(self._whats_next())
        return " ".join(s for s in sentences if s)

    def _whats_next(self) -> str:
        """What comes next, for a screen reader: the end of the game or whose turn it is."""
        raise NotImplementedError

    def decisions(self) -> int:
        """The decisions played in the game so far."""
        return len(self.game.log)

    def _count(self, what: str, n: int) -> str:
        """``n`` things in the table's language (French counts 0 and 1 alike)."""
        one = n == 1 or (self.lang == "fr" and n == 0)
        return self._word(self.lang, f"{what}_{'one' if one else 'many'}", n=n)

    def _message_html(self) -> str:
        message = self._message
        if message is None:
            return ""
        lang = self.lang
        said = f"{self._word(lang, 'message')}{self._word(lang, 'colon')} {message.say(lang)}"
        return f"<div data-message='1'>{esc(said)}</div>"

    def _log_html(self) -> str:
        """What happened, newest first: each decision in the notation and the engine's
        sentences for it."""
        lang = self.lang
        css = self.CSS
        colon = self._word(lang, "colon")
        lines = []
        for entry in reversed(self._entries[-self.LOG_LINES :]):
            who = esc(self._word(lang, "player", n=entry.seat + 1) + colon)
            told = " ".join(entry.events[lang])
            after = f" — {esc(told)}" if told else ""  # a decision may tell nothing more
            lines.append(
                f"<div>{who} <span class='{css}-move'>{esc(entry.action.notation(lang))}</span>"
                f"{after}</div>"
            )
        if self._note is not None:
            lines.insert(0, f"<div><i>{esc(self._note.say(lang))}</i></div>")
        panel = self._log_panel("".join(lines), self.decisions())
        # A region that may scroll: reachable by the keyboard, and named.
        label = esc(self._word(lang, "log"))
        named = f"<div class='{css}-log' role='region' tabindex='0' aria-label='{label}'"
        return panel.replace(f"<div class='{css}-log'", named, 1)

    def _render_choices(self, picture: PictureMap, hits: list[Hit]) -> None:
        """The allowed buttons of ``picture`` (showing ``hits``) as a row of ordinary buttons
        (shown on a phone), each the twin of the button it stands for."""
        buttons = picture.buttons
        grown = False
        while len(self.choice_buttons) < len(buttons):
            k = len(self.choice_buttons)
            button = make_button(css=f"{self.CSS}-choice")
            button.add_class(f"table-twin-of-{buttons[k].model_id}")
            button.on_click(self._guard(lambda _b, k=k: self._on_hit(picture.buttons[k])))
            self.choice_buttons.append(button)
            grown = True
        for k, button in enumerate(self.choice_buttons):
            hit = hits[k] if k < len(hits) else None
            if hit is not None and hit.legal:
                # Every choice shown is allowed: its words without "(allowed)".
                words = hit.label if hit.kind == "selected" else hit.tip
                button.description = words
                button.tooltip = words
                show(button, True)
            else:
                show(button, False)
        if grown:
            self.w_choices.children = tuple(self.choice_buttons)

    def _on_hit(self, button: Any) -> None:
        """A click on one of the pictures' buttons."""
        raise NotImplementedError

    @property
    def entries(self) -> list[Entry]:
        """The decisions played at this table, oldest first, with what each did."""
        return list(self._entries)


class ThinkingBot:
    """A bot whose table shows that it is thinking before it chooses."""

    def __init__(self, bot: Any, table: EntryTable[Any]):
        self.bot = bot
        self.table = table

    def choose(self, game: Any) -> Any:
        self.table.show_thinking(game.current_player)
        return self.bot.choose(game)

    def __repr__(self) -> str:
        return repr(self.bot)
