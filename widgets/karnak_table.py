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

from .karnak_words import UI, say
from .pictures import Box, Hit, HitButton, PictureMap, show
from .recording import Recorder
from .seated_table import Entry, EntryTable, ThinkingBot, entry_table_style
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


STYLE = entry_table_style(
    "ka",
    """
.ka-bar {{ align-items: center; flex-wrap: wrap; gap: 4px; }}
.ka-bar .jupyter-button, .ka-actions .jupyter-button {{ border-radius: 6px; font-weight: 600;
  max-width: 100%; }}
.ka-actions {{ display: flex; flex-flow: row wrap; gap: 4px; }}
.ka-actions .ka-picked {{ background: {legal}; color: white; }}
.ka-status {{ background: #6b3e1e; color: white; padding: 6px 10px; border-radius: 6px;
  font-weight: bold; }}
.ka-side h4, .ka-center h4 {{ margin: 6px 0 3px 0; font-size: 14px; }}
.ka-designs, .ka-seats, .ka-scores {{ font-size: 13px; overflow-wrap: anywhere; }}
.ka-designs ul, .ka-seats ul, .ka-scores ul {{ margin: 2px 0; padding-left: 18px; }}
.ka-designs .ka-explain {{ color: {muted}; }}
""".format(**COLOURS),
    colours=COLOURS,
    radius="6px",
    picture="mat",
    phone=PHONE_PX - 0.01,
)


class KarnakTable(EntryTable[Game]):
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
    SAID = Words
    GAME = Game
    NAME = "Karnak"
    RULES_ERROR = RulesError
    read_rules = staticmethod(as_rules)
    ACTION = Action
    ERROR = KarnakError
    EXAMPLE = "place cube c4"

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
        #: What each action button does now (a Choice to make, or an Action to play).
        self._button_payloads: list[Choice | Action] = []
        self._thinking_told: int | None = None
        self._build(speed)
        self.voice.roving = ROVING
        self.voice.busy_selector = BUSY_CONTROLS
        self._lay_out("300px")
        if game is None:
            start = random.randrange(2**31) if seed is None else seed
            game = Game.new(len(self.seats), seed=start, rules=self.rules)
        self._begin(game, step_by_step=False)

    # ------------------------------------------------------------------ set-up
    def _argument_error(self, argument: str, detail: str) -> ValueError:
        return ArgumentError(argument, detail)

    def _make_bot(self, kind: str, seed: int) -> Any:
        return ThinkingBot(make_bot(kind, seed % 2**63), self)

    def _new_game(self, players: int, seed: int) -> Game:
        return Game.new(players, seed=seed, rules=self.rules)

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
        self.w_seats_panel = widgets.HTML()
        self.w_seats_panel.add_class("ka-seats")
        self.w_scores = widgets.HTML()
        self.w_scores.add_class("ka-scores")
        self._build_side(self.w_scores, last=[self.w_seats_panel])

    # ------------------------------------------------------------- callbacks
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
    def _error_words(self, error: Exception) -> Words:
        if isinstance(error, (IllegalAction, ActionSyntaxError)):
            return Words(texts=(("en", str(error)), ("fr", error.french)))
        return Words(texts=(("en", str(error)), ("fr", str(error))))

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
        self._render_choices(self.mat_map, hits)
        self.frame_bytes = self.mat_map.svg_bytes
        self.sent_bytes = self.mat_map.sent_bytes
        self._render_actions(human, legal)
        self._render_status(human)
        self._render_designs(handing)
        self._render_side(sorted(legal, key=str) if human else [], handing)
        if not self._busy:
            self._thinking_told = None
        self.voice.busy = self._busy

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
