"""``CarnivalTable``: a whole game of Carnival in a notebook cell, against bots.

>>> table = CarnivalTable(("human", "greedy", "random"), seed=7)
>>> table.click_hand("P-4")          # pick a card in your hand...
>>> table.click_place("carnival")    # ...then where it goes: 'carnival P-4'
>>> str(table.game.log[0][1])
'carnival P-4'

The game object (``table.game``, a ``carnival_core.Game``) is the single source of truth:
every click builds an action in Carnival's notation, hands it to ``game.play`` and redraws
everything. The widget never decides a rule: the places that glow are ``legal_actions()``,
a refused click shows the engine's reason, the pictures are ``carnival_core.svg``'s.

The table is drawn from ``game.observation(seat)`` for the human's seat, never from the whole
state: the other hands, the deck, the cards set aside and the Creatures under Masks never
reach the page. Several human seats share the screen: it shows the hand of the human to play,
and when the turn passes from one human to another, a hand-over screen first hides the table
("Pass the device to Player 2 — press Ready"), so that no player sees another's hand.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from carnival_core import CARNIVAL, OWN, Action, CarnivalError, Game, Observation, Play, Rules
from carnival_core.actions import WORDS as NOTATION_WORDS
from carnival_core.bots import BOTS, make_bot
from carnival_core.errors import ArgumentError, RulesError
from carnival_core.game import as_rules
from carnival_core.rules import CREATURE_NAMES
from carnival_core.svg import (
    COLOURS,
    FIT_WIDTH,
    SMALLEST_SCORE_TEXT,
    SMALLEST_TEXT,
    Box,
    PlayerLayout,
    centre_layout,
    centre_svg,
    player_layout,
    player_svg,
    reveal_svg,
    scores_svg,
)
from carnival_core.svg import (
    WORDS as PICTURE_WORDS,
)
from tabletop.agents import Bot

from .carnival_words import UI, say, translate
from .pictures import Box as HitBox
from .pictures import Fit, Hit, HitButton, PictureMap, show
from .recording import Recorder
from .seated_table import PANEL_STYLE, PanelTable
from .table_parts import esc, make_button

__all__ = ["CARNIVAL_SEATS", "CarnivalTable", "PickCard", "PickMask", "Place"]

#: What may sit in a seat: a person, or one of Carnival's bots (``carnival_core.bots``: the
#: game-agnostic random, greedy and search bots of ``tabletop``).
CARNIVAL_SEATS: tuple[str, ...] = ("human", *BOTS)
#: Reveal steps: the Carnival laid out, the happy types, the scores.
REVEAL_STEPS = 3
#: How much larger than their own size the pictures may grow on a wide screen.
ZOOM = 1.35


@dataclass(frozen=True)
class PickCard:
    """A click on a Creature in hand: play it, or hide it under the Mask chosen first."""

    card: str


@dataclass(frozen=True)
class PickMask:
    """A click on a Mask in hand: the next clicks say what it hides and where it goes."""


@dataclass(frozen=True)
class Place:
    """A click on where a card goes: ``CARNIVAL``, ``OWN`` or another seat (as in ``Play``)."""

    to: int


@dataclass(frozen=True)
class Choice:
    """What the human has picked so far this turn: a Creature, a Mask, or a Mask and the
    Creature to slide under it."""

    card: str | None
    masked: bool

    def action(self, to: int) -> Play:
        return Play(self.card, to, self.masked)


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


@dataclass(frozen=True)
class Step:
    """One action as the explain panel tells it: its place in the log, who, the action, what
    each human seat saw it do, and why it was allowed."""

    index: int
    seat: int
    action: Play
    events: dict[int, tuple[str, ...]]
    why: Words


STYLE = (
    "<style>"
    + PANEL_STYLE.format(
        css="cv",
        ink=COLOURS["ink"],
        background=COLOURS["felt"],
        centre="560px",
        side="290px",
        radius="6px",
    )
    + """
.cv-table .cv-picture svg {{ display: block; width: 100%; height: auto; }}
.cv-table .cn-hit.cn-pick:enabled {{ outline: 3px solid {current}; outline-offset: 1px; }}
.cv-table .cn-hit.cn-pick:enabled:hover {{ background: rgba(194,78,0,.14) !important; }}
.cv-table .cn-hit.cn-selected {{ outline: 4px solid #2c6db5; outline-offset: 1px;
  background: rgba(44,109,181,.22) !important; }}
.cv-table .cn-hit.cn-hide:enabled {{ outline: 3px dashed {mask}; outline-offset: 1px; }}
.cv-table .cn-hit.cn-target:enabled {{ outline: 4px solid {happy-edge};
  box-shadow: 0 0 12px 3px rgba(63,155,58,.5) !important;
  background: rgba(63,155,58,.08) !important; }}
.cv-table .cn-hit.cn-target:enabled:hover {{ background: rgba(63,155,58,.2) !important; }}
.cv-table .cn-hit.cn-refused:enabled {{ outline: 2px dashed {muted}; }}
.cv-bar {{ align-items: center; flex-wrap: wrap; gap: 4px; }}
.cv-bar .jupyter-button {{ border-radius: 6px; font-weight: 600; }}
.cv-status {{ background: {status}; color: white; padding: 6px 10px; border-radius: 6px;
  font-weight: bold; }}
.cv-status.cv-over {{ background: {winner}; color: {ink}; }}
.cv-status.cv-reveal {{ background: {mask}; }}
.cv-prompt {{ font-size: 14px; padding: 2px 4px; }}
.cv-handover-text {{ font-size: 18px; font-weight: bold; padding: 16px 4px 8px 4px; }}
.cv-tie {{ font-size: 13px; padding: 2px 4px; font-weight: bold; }}
.cv-side {{ background: {panel}; border: 1px solid {faint}; border-radius: 8px;
  padding: 6px 8px; }}
.cv-side h4 {{ margin: 6px 0 3px 0; font-size: 14px; }}
.cv-explain {{ font-size: 13px; }}
.cv-explain .cv-step {{ border-left: 3px solid {current}; padding-left: 6px; margin: 3px 0; }}
.cv-explain .cv-why {{ color: {muted}; font-style: italic; }}
.cv-message {{ color: #c0392b; font-weight: bold; font-size: 13px; }}
.cv-log {{ font-family: DejaVu Sans Mono, monospace; font-size: 12px; max-height: 220px;
  overflow-y: auto; }}
.cv-log .cv-round {{ font-weight: bold; margin-top: 3px; }}
.cv-legal {{ font-size: 12px; color: {muted}; }}
.cv-next:enabled {{ background: {mask}; color: white; }}
</style>
""".format(**COLOURS)
)


def _rect(box: Box) -> HitBox:
    return HitBox(box.x, box.y, box.w, box.h)


def _show(picture: PictureMap, svg: str, hits: list[Hit], fit: Fit) -> None:
    """Show ``svg`` with ``hits`` (and ``fit``, for a phone); the buttons left over are hidden
    and, as their words may name a card that has since gone under a Mask, emptied too."""
    picture.show(svg, hits, fits=[fit])
    for buttons in (picture.buttons, *picture.twins()):
        for button in buttons[len(hits) :]:
            if button.description or button.tooltip:
                button.description = ""
                button.tooltip = ""


def _no_buttons(_: HitButton) -> None:
    """The click handler of a picture without buttons (the reveal, the score pad)."""


def _show_layouts(picture: PictureMap, svg: str, narrow: str) -> None:
    """Show a picture without buttons and its ``narrow`` layout, for a phone."""
    picture.show(svg, (), fits=[Fit(narrow, lambda box: box)])


def _fit(svg: str, wide: PlayerLayout, narrow: PlayerLayout) -> Fit:
    """The narrower picture ``svg``: each hit over a hand card or the Spectator row of the
    ``wide`` layout goes over the same part of the ``narrow`` one."""
    places = dict(zip(map(_rect, wide.hand), map(_rect, narrow.hand), strict=True))
    places[_rect(wide.spectators)] = _rect(narrow.spectators)
    return Fit(svg, places.__getitem__)


class CarnivalTable(PanelTable[Game]):
    """A game of Carnival to play in a notebook: you against bots, or friends sharing a screen.

    ``seats`` lists who sits at each place, in turn order: ``"human"``, ``"greedy"``,
    ``"random"`` or ``"mcts"`` (the bots of ``carnival_core.bots``, which see the game only
    through what their seat may know). ``players`` alone means one human and greedy bots. ``rules`` and ``seed``
    go to ``Game.new``; ``game`` plays on from a game you set up. ``speed`` is the seconds
    between two bot actions (0: instant).
    ``record_to``: a folder where every finished game is saved (``widgets.recording``).
    """

    SEAT_KINDS = CARNIVAL_SEATS
    WORDS = UI
    CSS = "cv"
    ZOOM = ZOOM
    TEXT_UNITS = SMALLEST_TEXT
    PLAYED_BY = "Carnival is played by {counts} players, not {n}"
    HIDES_BETWEEN_SEATS = True  # each hand is hidden from the other players
    SAID = Words
    GAME = Game
    NAME = "Carnival"
    RULES_ERROR = RulesError
    read_rules = staticmethod(as_rules)

    bots: dict[int, Bot]
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
            seats, players, default_players=3, lang=lang, seed=seed, record_to=record_to
        )
        self._story: list[Step] = []
        self._rounds: list[int] = []
        self._seen_results = 0
        self._reveal_step: int | None = None
        self._build(speed)
        self._lay_out("290px")
        if game is None:
            game = Game.new(len(self.seats), seed=seed, rules=self.rules)
        self._begin(game, step_by_step=False)

    # ------------------------------------------------------------------ set-up
    def _argument_error(self, argument: str, detail: str) -> ValueError:
        return ArgumentError(argument, detail)

    def _make_bot(self, kind: str, seed: int) -> Bot:
        return make_bot(kind, seed)

    def _new_game(self, players: int, seed: int) -> Game:
        self.rules = dataclasses.replace(self.rules, younger_players=self.w_younger.value)
        return Game.new(players, seed=seed, rules=self.rules)

    def _start_afresh(self) -> None:
        super()._start_afresh()
        game = self.game
        self._story = []
        self._rounds = self._rounds_of_log(game)
        self._seen_results = len(game.results)
        self._reveal_step = None

    @staticmethod
    def _rounds_of_log(game: Game) -> list[int]:
        """The round of each action in the game's log (replayed from its start)."""
        replay = game.start_position()
        rounds = []
        for seat, action in game.log:
            rounds.append(replay.round)
            replay.play(action, player=seat)
        return rounds

    # --------------------------------------------------------------- widgets
    def _build(self, speed: float) -> None:
        guard = self._guard
        self.w_younger = widgets.Checkbox(
            value=self.rules.younger_players, indent=False, layout=widgets.Layout(width="auto")
        )
        self._header = self._build_setup(
            STYLE,
            speed,
            seat_width="150px",
            seed_width="120px",
            speed_width="230px",
            undo_width="100px",
            options=[self.w_younger],
        )

        # The board: status, prompt, the reveal of a finished round, the centre, the players.
        self.w_status = widgets.HTML()
        self.w_prompt = widgets.HTML()
        self.w_prompt.add_class("cv-prompt")
        self.w_cancel = make_button(css="cv-cancel")
        self.w_cancel.on_click(guard(self._on_cancel))
        # The reveal and the score pad, each with a narrower layout for a phone.
        self.reveal_map = PictureMap(
            _no_buttons, name="reveal", zoom=ZOOM, text_units=SMALLEST_SCORE_TEXT
        )
        self.w_reveal = self.reveal_map.picture
        self.w_tie = widgets.HTML()
        self.w_tie.add_class("cv-tie")
        self.w_next = make_button(css="cv-next")
        self.w_next.on_click(guard(self._on_next))
        self.reveal_box = widgets.VBox(
            [self.reveal_map.box, self.w_tie, self.w_next],
            layout=widgets.Layout(max_width=f"{660 * ZOOM:.0f}px"),
        )
        self.reveal_box.add_class("cv-reveal-box")
        self.centre_map = PictureMap(
            guard(self._on_hit), name="centre", zoom=ZOOM, text_units=SMALLEST_TEXT
        )
        self.player_maps: list[PictureMap] = []
        self.board = widgets.VBox([self.centre_map.box])
        self._center = widgets.VBox(
            [
                self.w_status,
                widgets.HBox(
                    [self.w_prompt, self.w_cancel],
                    layout=widgets.Layout(align_items="center", flex_flow="row wrap"),
                ),
                self._build_handover(),
                self.reveal_box,
                self.board,
            ],
            layout=widgets.Layout(min_width="0"),
        )

        # The side panel: explain line, refusals, scores, typed actions, legal actions, log.
        self.w_explain = widgets.HTML()
        self.w_explain.add_class("cv-explain")
        self.scores_map = PictureMap(
            _no_buttons, name="scores", zoom=ZOOM, text_units=SMALLEST_SCORE_TEXT
        )
        self.w_scores = self.scores_map.picture
        self._build_side(self.scores_map.box, first=[self.w_explain])

    def _sync_setup(self) -> None:
        super()._sync_setup()
        self.w_younger.value = self.rules.younger_players

    # ------------------------------------------------------------- callbacks
    def _on_next(self, _button: widgets.Button) -> None:
        if self._reveal_step is None:
            return
        if self._reveal_step < REVEAL_STEPS:
            self._reveal_step += 1
            self.render()
            self._tell()
            return
        self._seen_results += 1
        self._reveal_step = None
        self._run_bots(step_by_step=True)

    def _on_hit(self, button: HitButton) -> None:
        payload = button.payload
        if isinstance(payload, PickCard):
            self._pick(payload.card)
        elif isinstance(payload, PickMask):
            self._choice = None if self._choice and self._choice.masked else Choice(None, True)
            self._message = None
            self.render()
            self._tell_choice()
        elif isinstance(payload, Place) and self._choice is not None:
            self.play(self._choice.action(payload.to))

    def _pick(self, card: str) -> None:
        choice = self._choice
        if choice is not None and choice.masked:
            # A Creature clicked after the Mask goes under it; clicked again, it comes back.
            self._choice = Choice(None if choice.card == card else card, True)
        else:
            self._choice = (
                None if choice is not None and choice.card == card else Choice(card, False)
            )
        self._message = None
        self.render()
        self._tell_choice()

    # -------------------------------------------------------------- playing
    @property
    def viewer(self) -> int:
        """The seat whose view the table shows: the human's (with several humans, the one to
        play, or else the last who played, as during a reveal); with no human, player 1's."""
        humans = [seat for seat, kind in enumerate(self.seats) if kind == "human"]
        if not humans:
            return 0
        game = self.game
        # During a reveal the view stays with the last human who played (a hand-over, if any,
        # comes once the reveal is followed).
        if not game.is_over and game.current_player in humans and self._reveal_step is None:
            return game.current_player
        for seat, _ in reversed(game.log):
            if seat in humans:
                return seat
        return humans[0]

    def observation(self) -> Observation:
        """What the table shows: ``game.observation`` for the viewing seat."""
        return self.game.observation(self.viewer)

    def play(self, action: Action | str) -> bool:
        """Play an action (or its notation) for the human whose turn it is; False if refused.

        A refused action changes nothing: the engine's reason is shown. Bots then play their
        turns, step by step at the chosen speed.
        """
        if self.handing_over is not None:
            self._refuse("ready_first", who=self._who(self.handing_over))
            self.render()
            return False
        try:
            if self._reveal_step is not None:
                self._refuse("finish_reveal")
                self.render()
                return False
            if isinstance(action, str):
                action = Action.parse(action)
            if not isinstance(action, Play):
                raise CarnivalError(f"{action!r} is not an action (write one like 'carnival R4')")
            self._apply(self.viewer, action)
        except CarnivalError as error:
            self._message = Words(text=str(error))
            self.render()
            self._alert()
            return False
        self._choice = None
        self._message = None
        self._note = None
        self._story = self._story[-1:]  # the explain panel starts again from your action
        self._run_bots(step_by_step=True)
        return True

    def _why(self, action: Play) -> Words:
        """Why ``action`` may be played now: the engine's sentence, except that a Creature going
        under a Mask is not named."""
        if action.masked and action.card is not None:
            return Words(key="why_masked")
        return Words(text=self.game.explain(action))

    def _apply(self, seat: int, action: Play) -> None:
        """Play ``action`` for ``seat`` (checked by the engine) and record it."""
        game = self.game
        round_ = game.round
        # Why an action was allowed is told to the human who chose it (the engine speaks to
        # the mover); a bot's steps tell what happened.
        mover = not game.is_over and game.current_player == seat
        why = self._why(action) if mover and self.seats[seat] == "human" else Words()
        game.play(action, player=seat)
        self._rounds.append(round_)
        watchers = {s for s, kind in enumerate(self.seats) if kind == "human"} or {0}
        events = {s: tuple(game.last_events_seen_by(s)) for s in watchers}
        step = Step(len(game.log) - 1, seat, action, events, why)
        self._story = [*self._story[-11:], step]
        self._news.append((seat, step))
        if len(game.results) > self._seen_results:
            self._reveal_step = 1

    def _play_bot_action(self, seat: int, action: Action) -> None:
        assert isinstance(action, Play), action  # Carnival's only kind of action
        self._apply(seat, action)

    def _paused(self) -> bool:
        return self._reveal_step is not None

    def _undo_one(self) -> int:
        seat = super()._undo_one()
        self._rounds.pop()
        return seat

    def _handed_over(self) -> None:
        self._message = None
        self._choice = None

    def _after_undo(self, taken: int) -> None:
        self._choice = None
        self._seen_results = min(self._seen_results, len(self.game.results))
        if taken:
            self._reveal_step = None
            self._message = None
            self._story = []
            self._note = Words(key="took_back", values=(("n", taken),))
        else:
            self._message = Words(key="nothing_to_undo")

    # -------------------------------------------------------------- telling
    def _news_text(self, news: list[tuple[int, Step]]) -> str:
        """What each action did, in the engine's sentences as the viewing seat saw them, then
        what comes next: a reveal step, the winner, or whose turn it is."""
        lang = self.lang
        viewer = self.viewer
        forgotten = self._forgotten(self.observation())
        sentences = [
            say(lang, "forgotten") if step.index in forgotten else translate(event, lang)
            for _, step in news
            for event in step.events.get(viewer, ())
        ]
        sentences.append(self._whats_next())
        return " ".join(s for s in sentences if s)

    def _whats_next(self) -> str:
        game = self.game
        lang = self.lang
        if self._reveal_step is not None:
            return self._reveal_text(game.results[self._seen_results], self._reveal_step)
        if game.is_over:
            return self._winner_text()
        seen = self.observation()
        if self._human_turn():
            if self.seats.count("human") == 1:
                return say(lang, "say_your_turn", r=seen.round, n=seen.rounds)
            return say(lang, "say_turn_of", p=game.current_player + 1, r=seen.round, n=seen.rounds)
        return ""

    def _reveal_text(self, result: Any, step: int) -> str:
        """A reveal step in words: what the picture shows, with its numbers."""
        lang = self.lang
        words = PICTURE_WORDS[lang]
        names = [words[name] for name in CREATURE_NAMES[: self.rules.creature_types]]
        parts = [
            say(lang, "status_reveal", r=result.round, k=step) + ".",
            words[f"reveal_{step}"] + ".",
        ]
        if step == 1:
            sums = ", ".join(
                f"{name} {n}" for name, n in zip(names, result.carnival_sums, strict=False)
            )
            parts.append(say(lang, "say_carnival_sums", sums=sums))
        elif step == 2:
            lines = []
            for seat, happy in enumerate(result.happy):
                kinds = {card.type_index for card in result.spectators[seat]}
                types = [names[k] for k, yes in enumerate(happy) if yes and k in kinds]
                listed = ", ".join(types) or say(lang, "say_nothing_happy")
                lines.append(f"{say(lang, 'player', n=seat + 1)}{say(lang, 'colon')} {listed}")
            parts.append(say(lang, "say_happy", lines="; ".join(lines)))
        else:
            scores = ", ".join(
                f"{say(lang, 'player', n=seat + 1)} {n}" for seat, n in enumerate(result.scores)
            )
            parts.append(say(lang, "say_round_scores", scores=scores))
        return " ".join(parts)

    def _winner_text(self) -> str:
        game = self.game
        lang = self.lang
        winners = game.winners()
        points = game.scores()
        names = ", ".join(say(lang, "with_points", who=self._who(s), n=points[s]) for s in winners)
        key = "status_over_one" if len(winners) == 1 else "status_over"
        return " ".join(
            part for part in (say(lang, key, names=names) + ".", self._tie_text()) if part
        )

    def _tell_choice(self) -> None:
        """Say what was chosen and what to choose next; the focus goes to the next choice."""
        choice = self._choice
        lang = self.lang
        if choice is None:
            self._place_focus()
            return
        if choice.masked:
            text = (
                say(lang, "say_mask_card", card=choice.card)
                if choice.card
                else say(lang, "say_mask")
            )
        else:
            text = say(lang, "say_chosen", card=choice.card)
        self.voice.say(text)
        self._place_focus()

    def _focus_target(self) -> widgets.DOMWidget | None:
        """The control to use next: Next in a reveal, the first allowed place once a card is
        chosen, the Creature to hide after a Mask, else the first card of the hand; New game
        once the game is over."""
        if self._reveal_step is not None:
            return self.w_next
        if self.game.is_over or "human" not in self.seats:
            return self.w_new
        if not self._human_turn():
            return None
        buttons = [b for b, _ in self.clickable()]
        choice = self._choice
        if choice is not None and (choice.card is not None or not choice.masked):
            wanted = "cn-target"
        elif choice is not None:
            wanted = "cn-hide"
        else:
            wanted = ""
        for button in buttons:
            if not wanted or wanted in getattr(button, "classes", ()):
                return button
        return buttons[0] if buttons else None

    # -------------------------------------------------------------- drawing
    def seat_names(self) -> list[str]:
        """How the table names each seat: "Player 1 (you)", "Player 2 (Greedy bot)"..."""
        return [self._who(seat) for seat in range(len(self.seats))]

    def _public(self, seat: int, action: Play, forgotten: bool = False, lang: str = "en") -> str:
        """The action as the viewing seat saw it, in the notation of ``lang``: the Creature
        under a Mask is not named, nor a Carnival card buried deeper than the seat remembers
        (``forgotten``)."""
        if forgotten:
            return f"{NOTATION_WORDS[lang]['carnival']} ?"
        if not action.masked or action.card is None:
            return action.notation(lang)
        if self.rules.remember_own_masks and seat == self.viewer:
            return action.notation(lang)
        place = Play(None, action.to, masked=True).notation(lang).split(" ", 1)[1]
        return f"{NOTATION_WORDS[lang]['mask']} [?] {place}"

    def _forgotten(self, seen: Observation) -> set[int]:
        """Log places of this round's Carnival plays whose card the seat no longer remembers
        (``Rules.carnival_memory``): the observation shows them as ``?``."""
        if self.rules.carnival_memory is None or self.game.is_over:
            return set()
        plays = [
            k
            for k, ((_, action), round_) in enumerate(zip(self.game.log, self._rounds, strict=True))
            if round_ == seen.round and isinstance(action, Play) and action.to == CARNIVAL
        ]
        # The stack starts the round with one card turned up; each Carnival play lands on it.
        return {
            k
            for place, k in enumerate(plays, start=1)
            if not seen.carnival[place].masked and seen.carnival[place].card is None
        }

    def render(self) -> None:
        """Redraw everything from the game and the viewing seat's observation (the only other
        state is the human's choice so far, the reveal step and the last message)."""
        seen = self.observation()
        lang = self.lang
        human = self._human_turn()
        legal = set(self.game.legal_actions()) if human else set()
        if not human:
            self._choice = None
        self._render_labels()
        if self._render_handover():
            self._render_hidden(seen)
            return
        names = self.seat_names()
        revealing = self._reveal_step is not None or self.game.is_over
        show(self.board, not revealing)
        show(self.reveal_box, revealing)
        self._render_reveal(seen)
        # The centre: the Carnival stack takes a card once one is chosen.
        frame = 0
        if not revealing:
            # The stack stays where it is in the narrower centre.
            centre = Fit(centre_svg(seen, lang=lang, width=FIT_WIDTH), lambda box: box)
            _show(self.centre_map, centre_svg(seen, lang=lang), self._place_hits(
                CARNIVAL, centre_layout(), legal
            ), centre)  # fmt: skip
            frame += self.centre_map.svg_bytes
            self._grow_player_maps(seen.players, self._on_hit)
            viewer = seen.seat
            order = [(viewer + k) % seen.players for k in range(1, seen.players + 1)]
            boxes = (self.centre_map.box, *(self.player_maps[s].box for s in order))
            if self.board.children != boxes:
                self.board.children = boxes
            for seat in order:
                picture = player_svg(seen, seat, names=names, lang=lang)
                narrow = player_svg(seen, seat, names=names, lang=lang, width=FIT_WIDTH)
                fit = _fit(
                    narrow, player_layout(seen, seat), player_layout(seen, seat, width=FIT_WIDTH)
                )
                hits = self._player_hits(seen, seat, legal)
                _show(self.player_maps[seat], picture, hits, fit)
                frame += self.player_maps[seat].svg_bytes
            self.frame_bytes = frame
        self.sent_bytes = (
            self.centre_map.sent_bytes
            + sum(m.sent_bytes for m in self.player_maps)
            + self.reveal_map.sent_bytes
        )
        self._render_status(seen, human)
        self._render_side(seen, list(self.game.legal_actions()) if human else [])

    def _render_hidden(self, seen: Observation) -> None:
        """The table while the device passes between two human seats: only what every seat
        may see stays (whose turn it is, the scores); no picture, hand, explanation, legal
        action or log is on the page, not even hidden."""
        show(self.board, False)
        show(self.reveal_box, False)
        for picture in (self.centre_map, *self.player_maps):
            picture.clear()
        for widget in (self.w_explain, self.w_legal, self.w_log, self.w_typed):
            widget.value = ""
        self._suggest(())
        # The table's own phrases (a refused seed, Ready first...) name no card: they stay.
        message = self._message
        self.w_message.value = self._message_html(message if message and message.key else None)
        self._render_status(seen, human=False)
        self.w_prompt.value = ""

    def _message_html(self, message: Words | None) -> str:
        """A refusal as the side panel shows it ('' for none)."""
        if message is None:
            return ""
        lang = self.lang
        said = f"{say(lang, 'message')}{say(lang, 'colon')} {message.say(lang)}"
        return f"<div data-message='1'>{esc(said)}</div>"

    def _render_reveal(self, seen: Observation) -> None:
        game = self.game
        lang = self.lang
        if self._reveal_step is not None:
            result, step = game.results[self._seen_results], self._reveal_step
        elif game.is_over:
            result, step = game.results[-1], REVEAL_STEPS
        else:
            self.w_tie.value = ""
            return
        names = self.seat_names()
        picture = reveal_svg(result, step=step, names=names, lang=lang)
        narrow = reveal_svg(result, step=step, names=names, lang=lang, width=FIT_WIDTH)
        _show_layouts(self.reveal_map, picture, narrow)
        self.frame_bytes = self.reveal_map.svg_bytes
        if self._reveal_step is None:
            self.w_next.layout.display = "none"
        else:
            show(self.w_next, True)
            if step < REVEAL_STEPS:
                self.w_next.description = say(lang, "next")
            elif result.round < self.rules.rounds:
                self.w_next.description = say(lang, "next_round", n=result.round + 1)
            else:
                self.w_next.description = say(lang, "final_scores")
        self.w_tie.value = (
            esc(self._tie_text()) if game.is_over and self._reveal_step is None else ""
        )

    def _tie_text(self) -> str:
        """Once the game is over: how a tie on points was settled, if there was one."""
        game = self.game
        points = game.scores()
        best = max(points)
        tied = [s for s, p in enumerate(points) if p == best]
        if len(tied) < 2:
            return ""
        cards = game.results[-1].scoring_cards
        colon = say(self.lang, "colon")
        listed = ", ".join(f"{say(self.lang, 'player', n=s + 1)}{colon} {cards[s]}" for s in tied)
        if not self.rules.tie_break_scoring_cards:
            return say(self.lang, "tie_no_break", points=best)
        key = "tie_break" if len(game.winners()) < len(tied) else "tie_shared"
        return say(self.lang, key, points=best, cards=listed)

    def _place_hits(self, to: int, box: Box, legal: set[Action]) -> list[Hit]:
        """A button over a place a card may go, once a card (or a Mask) is chosen."""
        choice = self._choice
        if choice is None:
            return []
        lang = self.lang
        action = choice.action(to)
        if to == CARNIVAL:
            label = say(lang, "to_carnival")
        elif to == OWN:
            label = say(lang, "to_own")
        else:
            label = say(lang, "to_other", n=to + 1)
        ok = action in legal
        tip = translate(self.game.explain(action), lang)
        why = "" if ok else translate(self.game.why_illegal(action), lang)
        label = self._hit_name(label, ok, why)
        return [Hit(_rect(box), label, tip, Place(to), True, "target" if ok else "refused")]

    def _player_hits(self, seen: Observation, seat: int, legal: set[Action]) -> list[Hit]:
        if not legal:
            return []
        layout = player_layout(seen, seat)
        if seat != seen.seat:
            return self._place_hits(seat, layout.spectators, legal)
        lang = self.lang
        choice = self._choice
        hits = []
        for card, box in zip(seen.hand, layout.hand, strict=True):
            if card.is_mask:
                kind = "selected" if choice is not None and choice.masked else "pick"
                label = say(lang, "pick_mask")
                name = self._hit_name(label, False, chosen=kind == "selected")
                hits.append(Hit(_rect(box), name, label, PickMask(), True, kind))
                continue
            if choice is not None and choice.masked:
                label = say(lang, "hide", card=card.id)
                kind = "selected" if choice.card == card.id else "hide"
            else:
                label = say(lang, "pick", card=card.id)
                kind = "selected" if choice is not None and choice.card == card.id else "pick"
            name = self._hit_name(label, False, chosen=kind == "selected")
            hits.append(Hit(_rect(box), name, label, PickCard(card.id), True, kind))
        return hits + self._place_hits(OWN, layout.spectators, legal)

    def _render_labels(self) -> None:
        self._render_setup_labels()
        self.w_younger.description = say(self.lang, "younger")

    def _render_status(self, seen: Observation, human: bool) -> None:
        game = self.game
        lang = self.lang
        choice = self._choice
        if self._reveal_step is not None:
            round_ = game.results[self._seen_results].round
            text = say(lang, "status_reveal", r=round_, k=self._reveal_step)
            self.w_status.value = (
                f'<div class="cv-status cv-reveal" data-phase="reveal" data-round="{round_}" '
                f'data-step="{self._reveal_step}">{esc(text)}</div>'
            )
            hint = say(lang, "hint_reveal")
        elif game.is_over:
            winners = game.winners()
            points = game.scores()
            names = ", ".join(
                say(lang, "with_points", who=self._who(s), n=points[s]) for s in winners
            )
            key = "status_over_one" if len(winners) == 1 else "status_over"
            self.w_status.value = (
                f'<div class="cv-status cv-over" data-phase="over" '
                f'data-winners="{" ".join(str(s) for s in winners)}">'
                f"{esc(say(lang, key, names=names))}</div>"
            )
            hint = ""
        else:
            who = self._who(game.current_player)
            text = say(lang, "status_turn", r=seen.round, n=seen.rounds, who=who)
            self.w_status.value = (
                f'<div class="cv-status" data-phase="turn" data-round="{seen.round}" '
                f'data-current="{game.current_player}" data-viewer="{seen.seat}">{esc(text)}</div>'
            )
            if human and choice is None:
                hint = say(lang, "hint_pick")
            elif human and choice is not None and choice.masked:
                hint = (
                    say(lang, "hint_mask_card", card=choice.card)
                    if choice.card
                    else say(lang, "hint_mask")
                )
            elif human and choice is not None:
                hint = say(lang, "hint_card", card=choice.card)
            elif "human" in self.seats:
                hint = say(lang, "hint_bots", who=who)
            else:
                hint = say(lang, "hint_watch")
        self.w_prompt.value = esc(hint)
        show(self.w_cancel, choice is not None)
        humans_played = any(self.seats[s] == "human" for s, _ in game.log)
        self.w_undo.disabled = self._busy or not (game.can_undo and humans_played)

    def _render_side(self, seen: Observation, offered: list[Action]) -> None:
        lang = self.lang
        self._suggest([a.notation(lang) for a in offered])
        viewer = seen.seat
        parts = [f"<h4>{esc(say(lang, 'explain'))}</h4>"]
        forgotten = self._forgotten(seen)
        for step in reversed(self._story[-6:]):
            gone = step.index in forgotten
            did = (
                say(lang, "forgotten")
                if gone
                else " ".join(translate(e, lang) for e in step.events.get(viewer, ()))
            )
            parts.append(
                f'<div class="cv-step" data-seat="{step.seat}">'
                f"<b>{esc(self._who(step.seat))}{esc(say(lang, 'colon'))} "
                f"{esc(self._public(step.seat, step.action, gone, lang))}</b><br>{esc(did)}"
                + (
                    f"<br><span class='cv-why'>{esc(step.why.say(lang))}</span>"
                    if (step.why.key or step.why.text) and not gone
                    else ""
                )  # fmt: skip
                + "</div>"
            )
        if self._note:
            parts.append(f"<div>{esc(self._note.say(lang))}</div>")
        self.w_explain.value = "".join(parts)
        self.w_message.value = self._message_html(self._message)
        # Short names in the narrow score pad: who is who is in the status and the explain.
        names = [
            say(lang, "player", n=s + 1) + (f" ({say(lang, 'you')})" if s == seen.seat else "")
            for s in range(seen.players)
        ]
        if seen.results:
            pad = scores_svg(seen, names=names, lang=lang)
            narrow = scores_svg(seen, names=names, lang=lang, width=FIT_WIDTH)
            _show_layouts(self.scores_map, pad, narrow)
        else:
            self.scores_map.clear()
        choice = self._choice
        if choice is not None:  # only the actions the choice so far leads to
            offered = [
                a
                for a in offered
                if isinstance(a, Play)
                and a.masked == choice.masked
                and (a.card == choice.card or (choice.masked and choice.card is None))
            ]
        notation = esc(", ".join(a.notation(lang) for a in offered))
        title = f"{esc(say(lang, 'legal_now'))} ({len(offered)})"
        if not offered:
            self.w_legal.value = ""
        elif choice is None:
            self.w_legal.value = f"<details><summary>{title}</summary>{notation}</details>"
        else:
            self.w_legal.value = f"{title}{esc(say(lang, 'colon'))} {notation}"
        self.w_log.value = self._log_html(forgotten)

    def _log_html(self, forgotten: set[int]) -> str:
        """The log in the game's notation, newest first, under a heading for each round (the
        Creature under a Mask is not named, nor a Carnival card the seat has ``forgotten``)."""
        lang = self.lang
        log = self.game.log
        rounds: dict[int, list[str]] = {}
        for k, ((seat, action), round_) in enumerate(zip(log, self._rounds, strict=True)):
            assert isinstance(action, Play)
            who = esc(say(lang, "player", n=seat + 1)) + esc(say(lang, "colon"))
            rounds.setdefault(round_, []).append(
                f"<div>{who} {esc(self._public(seat, action, k in forgotten, lang))}</div>"
            )
        body = "".join(
            f"<div class='cv-round'>{esc(say(lang, 'log_round', r=round_))}</div>"
            + "".join(reversed(lines))
            for round_, lines in sorted(rounds.items(), reverse=True)
        )
        return self._log_panel(body, len(log))

    # ------------------------------------------------ thin helpers: press the real buttons
    def click_hand(self, card: str) -> None:
        """Click a card in your hand: a Creature (``"R4"``) or ``"Mask"``."""
        seat = self.viewer
        if card.lower() == "mask":
            self._press(self.player_maps[seat], lambda p: isinstance(p, PickMask), "a Mask")
            return
        wanted = card.upper()
        self._press(
            self.player_maps[seat],
            lambda p: isinstance(p, PickCard) and p.card == wanted,
            f"hand card {wanted}",
        )

    def click_place(self, place: str | int) -> None:
        """Click where the chosen card goes: ``"carnival"``, ``"spectator"`` (yours) or a
        player's number (``2``: in front of player 2)."""
        if place == "carnival":
            self._press(self.centre_map, lambda p: isinstance(p, Place), "the Carnival stack")
            return
        seat = self.viewer if place == "spectator" else int(place) - 1
        to = OWN if place == "spectator" else seat
        if not 0 <= seat < len(self.player_maps):
            raise LookupError(f"no player {place} at this table")
        self._press(
            self.player_maps[seat],
            lambda p: isinstance(p, Place) and p.to == to,
            f"the Spectators of player {seat + 1}",
        )

    def click_next(self) -> None:
        """Press Next in a round's reveal."""
        if self.w_next.layout.display == "none":
            raise LookupError("no reveal to follow now")
        self.w_next.click()

    def new_game(
        self, seats: Sequence[str] | None = None, *, seed: int | None = None, younger: bool = False
    ) -> None:
        """Fill in the set-up row and press New game."""
        self._fill_setup(seats, seed)
        self.w_younger.value = younger
        self.w_new.click()

    def clickable(self) -> list[tuple[widgets.Button, Any]]:
        """Every button on the pictures a player can click now, with what it means."""
        buttons: list[tuple[widgets.Button, Any]] = []
        for picture in (self.centre_map, *self.player_maps):
            buttons += [(b, b.payload) for b in picture.visible() if not b.disabled]
        return buttons

    @property
    def revealing(self) -> int | None:
        """The reveal step shown (1-3) while a finished round is revealed, else None."""
        return self._reveal_step
