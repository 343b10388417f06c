"""``PlayTable``: a whole game of Carnuta in a notebook cell, against bots.

>>> table = PlayTable(("human", "greedy"), seed=3)
>>> table.click_market("day", 2)          # presses the button over the card: 'take day 2'
>>> str(table.game.log[-1][1])
'take day 2'

The game object (``table.game``, a ``carnuta_core.Game``) is the single source of truth:
every click builds an action, hands it to ``game.play`` and redraws everything from the game.
The widget never decides a rule: the cards that glow are ``game.legal_actions()``, a click on
one that does not glow is answered with the engine's reason, and the pictures are
``carnuta_core.svg``'s.

What the table says is kept as values (the engine's events and reasons, the table's own
phrases) and worded when drawn, so a language switch rewords everything already said, and a
new game starts with nothing said.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import ipywidgets as widgets

from carnuta_core import (
    Action,
    ActionSyntaxError,
    ArgumentError,
    CarnutaError,
    ChooseBonus,
    Deck,
    Discard,
    EndTurn,
    Event,
    Face,
    FlipRunes,
    Game,
    IllegalAction,
    Ingredient,
    PlayCard,
    Reason,
    Row,
    Rules,
    RulesError,
    Sickle,
    TakeCard,
    TakeRunes,
)
from carnuta_core.actions import parse_action
from carnuta_core.bots import BOTS, Bot, make_bot
from carnuta_core.game import as_rules
from carnuta_core.messages import card_label, not_notation_text
from carnuta_core.model import INGREDIENTS
from carnuta_core.svg import (
    COLOURS,
    FIT_WIDTHS,
    PLAYER_W,
    SMALLEST_TEXT,
    Layout,
    deck_name,
    fit_market_svg,
    fit_player_svg,
    hand_boxes,
    market_svg,
    player_svg,
    slot_box,
    strip_boxes,
    token_box,
)
from carnuta_core.vocabulary import plural_form
from carnuta_core.vocabulary import word as game_word
from tabletop.saves import short_repr

from .i18n import UI, t, word
from .pictures import Fit, Hit, HitButton, PictureMap, show
from .recording import Recorder
from .seated_table import SeatedTable
from .table_parts import esc, make_button

__all__ = ["PlayTable", "SEAT_KINDS", "SelectSalt"]

#: What may sit in a seat: a person, or one of the core's bots.
SEAT_KINDS: tuple[str, ...] = ("human", *BOTS)
ROWS = (Row.DAY, Row.NIGHT)
#: How much larger than their own size the pictures may grow on a wide screen.
ZOOM = 1.6
#: The scale the board asks for before the side panel may sit beside it: the pictures' smallest
#: words (10 units) read at 12 px and their smallest targets (20 units) are 24 px.
READABLE = 1.2
#: The engine's events worded as a short clause of the announcement ("took D16"); the
#: others that matter to a listener are read in the engine's own sentence (``TOLD_AS_IS``).
TOLD_AS_CLAUSE = (
    "took_card",
    "played",
    "played_salt",
    "took_runes",
    "flipped",
    "sickle",
    "took_bonus",
    "discarded",
    "ended_turn",
)
TOLD_AS_IS = ("end_triggered", "end_triggered_last", "reshuffled", "stalemate", "bonus_lost")


@dataclass(frozen=True)
class SelectSalt:
    """A click on a Salt in hand: the next click, on a played card, says where it goes."""

    card: str


class Notice(Protocol):
    """Anything the table says: worded in a language when it is drawn."""

    def text(self, lang: str = "en") -> str: ...


@dataclass(frozen=True)
class Said:
    """One of the table's own phrases (``i18n.UI``); a value may be a function of the language
    (a player's name), so that it is worded when shown."""

    key: str
    values: dict[str, object] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        worded = {k: v(lang) if callable(v) else v for k, v in self.values.items()}
        return t(lang, self.key, **worded)


@dataclass(frozen=True)
class NotNotation:
    """Typed text that is not an action, and the parser's reason."""

    typed: str
    error: ActionSyntaxError

    def text(self, lang: str = "en") -> str:
        return not_notation_text(self.typed, self.error, lang)


@dataclass(frozen=True)
class Step:
    """One action as the explain panel tells it: who, what, why it was allowed, what it did."""

    seat: int
    action: Action
    why: Reason
    events: tuple[Event, ...]


STYLE = """
<style>
.cn-table {{ font-family: DejaVu Sans, Verdana, Arial, sans-serif; color: {ink};
  background: {felt}; border-radius: 10px; padding: 8px; box-sizing: border-box; }}
.cn-table .widget-html, .cn-table .widget-html-content {{ line-height: 1.35; height: auto; }}
.cn-body {{ gap: 8px; }}
.cn-map {{ position: relative; padding: 0; margin: 0; overflow: visible; flex: 0 0 auto; }}
.cn-map > .widget-html, .cn-map .widget-html-content {{ margin: 0; padding: 0; line-height: 0;
  width: 100%; height: auto; }}
.cn-map svg {{ display: block; width: 100%; height: auto; }}
.cn-hit {{ position: absolute !important; margin: 0 !important; padding: 0 !important;
  min-width: 0 !important; border: 0 !important; border-radius: 6px; box-sizing: border-box;
  background: transparent !important; color: transparent !important; font-size: 0 !important;
  box-shadow: none !important; overflow: hidden; cursor: pointer; z-index: 2; }}
.cn-hit:disabled {{ cursor: default; opacity: 1 !important; }}
.cn-hit:enabled:hover {{ background: rgba(0,0,0,.06) !important; }}
.cn-hit.cn-legal {{ outline: 3px solid {current}; outline-offset: 1px;
  box-shadow: 0 0 12px 3px rgba(194,78,0,.45) !important; }}
.cn-hit.cn-legal:hover {{ background: rgba(194,78,0,.14) !important; }}
.cn-hit.cn-discard.cn-legal {{ outline-color: {return};
  box-shadow: 0 0 12px 3px rgba(192,57,43,.5) !important; }}
.cn-hit.cn-target.cn-legal, .cn-hit.cn-selected {{
  outline: 3px solid {flip};
  box-shadow: 0 0 10px 3px rgba(44,109,181,.55) !important; }}
.cn-hit.cn-selected {{ background: rgba(44,109,181,.18) !important; }}
.cn-hit.cn-bonus {{ border-radius: 50%; }}
.cn-bar {{ align-items: center; flex-wrap: wrap; gap: 4px; }}
.cn-bar .jupyter-button {{ border-radius: 6px; font-weight: 600; font-size: 14px; }}
.cn-bar .jupyter-button.cn-idle {{ background: {faint}; color: {ink};
  border: 1px dashed {muted}; }}
.cn-sun.cn-legal {{ background: {sun}; color: {ink}; }}
.cn-moon.cn-legal {{ background: {moon}; color: {ink}; }}
.cn-sickle.cn-legal {{ background: {sickle}; color: {ink}; }}
.cn-end.cn-legal {{ background: {current}; color: white; }}
.cn-token.cn-legal {{ background: {token}; border: 2px solid {winner}; }}
.cn-status {{ background: {status}; color: white; padding: 6px 10px; border-radius: 6px;
  font-weight: bold; font-size: 15px; }}
.cn-status.cn-over {{ background: {winner}; color: {ink}; }}
.cn-prompt {{ font-size: 15px; padding: 2px 4px; }}
.cn-prompt .cn-refused {{ color: {return}; font-weight: bold; }}
.cn-side {{ background: {panel}; border: 1px solid {faint}; border-radius: 8px;
  padding: 6px 8px; box-sizing: border-box; }}
.cn-side h4 {{ margin: 6px 0 3px 0; font-size: 15px; }}
.cn-explain {{ font-size: 13px; }}
.cn-explain .cn-step {{ border-left: 3px solid {current}; padding-left: 6px; margin: 3px 0; }}
.cn-explain .cn-why {{ color: {muted}; font-style: italic; }}
.cn-explain .cn-note {{ margin: 3px 0; font-weight: bold; }}
.cn-message {{ color: {return}; font-weight: bold; font-size: 14px; margin: 4px 0; }}
.cn-pad {{ border-collapse: collapse; font-size: 13px; width: 100%; }}
.cn-pad td, .cn-pad th {{ padding: 1px 5px; text-align: right; border-bottom: 1px solid {faint}; }}
.cn-pad td:first-child, .cn-pad th:first-child {{ text-align: left; }}
.cn-pad .cn-now {{ background: #fff1e0; }}
.cn-pad .cn-win {{ background: #f8e7a8; font-weight: bold; }}
.cn-pad tr.cn-total td {{ font-weight: bold; border-top: 2px solid {ink}; }}
.cn-log {{ font-family: DejaVu Sans Mono, monospace; font-size: 13px; max-height: 230px;
  overflow-y: auto; }}
.cn-log div:first-child {{ font-weight: bold; }}
.cn-legal-now {{ font-size: 13px; color: {muted}; }}
</style>
""".format(**COLOURS)


def _mark(button: widgets.Button, legal: bool) -> None:
    """Colour a bar button when its action is legal, grey it when a click would be refused."""
    button.add_class("cn-legal" if legal else "cn-idle")
    button.remove_class("cn-idle" if legal else "cn-legal")


class PlayTable(SeatedTable[Game], widgets.VBox):  # type: ignore[misc]
    """A game of Carnuta to play in a notebook: you against bots, or friends around a screen.

    ``seats`` lists who sits at each place, in turn order from the Ancestor: ``"human"`` or a
    bot kind (``"greedy"``, ``"random"``, ``"mcts"``). ``players`` alone means one human and
    greedy bots. ``deck``, ``rules`` and ``seed`` go to ``Game.new``; ``game`` plays on from a
    position you staged. ``speed`` is the seconds between two bot actions (0: instant).
    ``record_to``: a folder where every finished game is saved (``widgets.recording``).
    """

    SEAT_KINDS = SEAT_KINDS
    WORDS = UI
    CSS = "cn"
    ZOOM = ZOOM
    TEXT_UNITS = SMALLEST_TEXT
    PLAYED_BY = "these rules are for {counts} players, not {n}"

    def __init__(
        self,
        seats: Sequence[str] | None = None,
        *,
        players: int | None = None,
        seed: int | None = None,
        deck: Deck | None = None,
        rules: Rules | None = None,
        game: Game | None = None,
        lang: str = "en",
        speed: float = 0.0,
        record_to: str | os.PathLike[str] | Recorder | None = None,
    ):
        if game is not None:
            if not isinstance(game, Game):
                raise ArgumentError("game", f"a Carnuta Game, not {short_repr(game)}")
            deck, rules = game.deck, game.rules
            players = game.num_players
        if deck is not None and not isinstance(deck, Deck):
            raise ArgumentError("deck", f"a Deck (load_deck(path)) or None, not {short_repr(deck)}")
        try:
            self.rules: Rules = as_rules(rules)
        except RulesError as error:
            raise ArgumentError("rules", str(error)) from None
        self.deck: Deck | None = deck
        self._take_seats(
            seats, players, default_players=2, lang=lang, seed=seed, record_to=record_to
        )
        self.bots: dict[int, Bot] = {}
        self._selected_salt: str | None = None
        self._notice: Notice | None = None
        self._note: Notice | None = None
        self._story: list[Step] = []
        self._listeners: list[Callable[[PlayTable], None]] = []
        self._bar_legal: dict[widgets.Button, bool] = {}
        self._build(speed)
        body = widgets.Box(
            [self._center, self._side],
            layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start", width="100%"),
        )
        body.add_class("cn-body")
        super().__init__([self._header, body])
        self.add_class("cn-table")
        if game is None:
            game = Game.new(len(self.seats), seed=seed, deck=deck, rules=self.rules)
        self._begin(game, step_by_step=False)

    # ------------------------------------------------------------------ set-up
    def _argument_error(self, argument: str, detail: str) -> ValueError:
        return ArgumentError(argument, detail)

    def _make_bot(self, kind: str, seed: int) -> Bot:
        return make_bot(kind, seed)

    def _new_game(self, players: int, seed: int) -> Game:
        return Game.new(players, seed=seed, deck=self.deck, rules=self.rules)

    def _start_afresh(self) -> None:
        self._selected_salt = None
        self._notice = None
        self._note = None
        self._story = []
        self._pictures: dict[tuple[Any, ...], str] = {}
        self._fits: dict[str, list[Fit]] = {}

    # --------------------------------------------------------------- widgets
    def _build(self, speed: float) -> None:
        guard = self._guard
        # Set-up: players, who sits where, seed, language, bot speed.
        self._header = self._build_setup(
            STYLE, speed, seat_width="160px", seed_width="130px", speed_width="230px"
        )

        # The board: status, market, the action bar, every player's area.
        self.w_status = widgets.HTML()
        self.market_map = PictureMap(
            guard(self._on_hit), name="market", zoom=ZOOM, text_units=SMALLEST_TEXT
        )
        self.w_prompt = widgets.HTML()
        self.w_prompt.add_class("cn-prompt")
        self.w_runes = {face: make_button(css=f"cn-{face.value}") for face in Face}
        self.w_flips = {face: make_button(css=f"cn-{face.value}") for face in Face}
        self.w_flip_counts: dict[tuple[Face, int], widgets.Button] = {}
        if self.rules.flip_mode == "any":
            for face in Face:
                for n in range(1, self.rules.rune_spaces + 1):
                    self.w_flip_counts[(face, n)] = make_button(css=f"cn-{face.value}")
        self.w_sickles = {row: make_button(css="cn-sickle") for row in ROWS}
        self.w_end = make_button(css="cn-end")
        self.w_cancel = make_button(css="cn-cancel")
        self.w_tokens = {i: make_button(css="cn-token") for i in INGREDIENTS}
        self._bar_actions: dict[widgets.Button, Action | None] = {}
        for face in Face:
            self._bar_actions[self.w_runes[face]] = TakeRunes(face)
            self._bar_actions[self.w_flips[face]] = FlipRunes(face)
        for (face, n), button in self.w_flip_counts.items():
            self._bar_actions[button] = FlipRunes(face, n)
        for row, button in self.w_sickles.items():
            self._bar_actions[button] = Sickle(row)
        for ingredient, button in self.w_tokens.items():
            self._bar_actions[button] = ChooseBonus(ingredient)
        self._bar_actions[self.w_end] = EndTurn()
        self._bar_actions[self.w_cancel] = None
        for button in self._bar_actions:
            button.on_click(guard(self._on_bar))
        runes = (
            [self.w_runes[Face.SUN], self.w_runes[Face.MOON]]
            + ([self.w_flips[Face.SUN], self.w_flips[Face.MOON]] if not self.w_flip_counts else [])
            + list(self.w_flip_counts.values())
        )
        self.w_bar = widgets.HBox(
            [*runes, *self.w_sickles.values(), self.w_end, self.w_cancel, *self.w_tokens.values()],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        self.w_bar.add_class("cn-bar")
        self.player_maps: list[PictureMap] = []
        self.w_players_box = widgets.VBox(layout=widgets.Layout(width="100%"))
        # The board takes its readable width when there is room (the side panel goes under it
        # when the two do not fit side by side), and shrinks on a narrower screen.
        self._center = widgets.VBox(
            [
                self.w_status,
                self.market_map.box,
                self.w_prompt,
                self.w_bar,
                self.w_players_box,
            ],
            layout=widgets.Layout(
                flex=f"1 1 {PLAYER_W * READABLE:.0f}px",
                min_width="0",
                max_width=f"{PLAYER_W * ZOOM:.0f}px",
            ),
        )
        self._center.add_class("cn-center")

        # The side panel: explain line and refusals, score pad, typed actions, log.
        self.w_explain = widgets.HTML()
        self.w_explain.add_class("cn-explain")
        self.w_pad = widgets.HTML()
        typed = self._build_typed("190px")
        self.w_legal = widgets.HTML()
        self.w_legal.add_class("cn-legal-now")
        self.w_log = widgets.HTML()
        self._side = widgets.VBox(
            [
                self.w_explain,
                self.out,
                self.w_pad,
                self.w_typed_label,
                typed,
                self.w_legal,
                self.w_log,
            ],
            layout=widgets.Layout(flex="1 1 300px", min_width="0", max_width="520px"),
        )
        self._side.add_class("cn-side")

    # ------------------------------------------------------------- callbacks
    def _refuse(self, key: str, **values: object) -> None:
        self._notice = Said(key, values)

    def _on_hit(self, button: HitButton) -> None:
        payload = button.payload
        if payload is None:
            return
        if isinstance(payload, SelectSalt):
            self._select_salt(payload.card)
        else:
            self.play(payload)

    def _on_bar(self, button: widgets.Button) -> None:
        action = self._bar_actions[button]
        if action is None:  # Cancel the Salt
            self._selected_salt = None
            self.render()
            self._place_focus()
        else:
            self.play(action)

    def _select_salt(self, card: str) -> None:
        refused = False
        if self._selected_salt == card:
            self._selected_salt = None
        elif any(isinstance(a, PlayCard) and a.card == card for a in self._offered()):
            self._selected_salt = card
            self._notice = None
        else:
            # Not playable now: the engine says why.
            self._selected_salt = None
            action = PlayCard(card)
            reason = self.game.refusal(action)
            self._notice = None if reason is None else IllegalAction.because(action, reason)
            refused = True
        self.render()
        if refused:
            self._alert()
            return
        if self._selected_salt:
            self.voice.say(t(self.lang, "say_salt", salt=self._selected_salt))
        self._place_focus()

    # -------------------------------------------------------------- playing
    def play(self, action: Action | str) -> bool:
        """Play an action (or its notation, English or French) for the human whose turn it is;
        False if refused.

        A refused action changes nothing: the engine's reason is shown in the Explain panel
        and under the market. Bots then play their turns, step by step at the chosen speed.
        """
        game = self.game
        self._selected_salt = None
        typed = action if isinstance(action, str) else ""
        try:
            if isinstance(action, str):
                action = parse_action(action)
            seat = game.current_player
            if not game.is_over and self.seats[seat] != "human":
                self._notice = Said("not_your_turn", {"who": lambda lang: self._who(seat, lang)})
                self.render()
                self._alert()
                return False
            _, why = game.explanation(action)
            game.play(action)
        except ActionSyntaxError as error:
            self._notice = NotNotation(typed.strip(), error)
            self.render()
            self._alert()
            return False
        except CarnutaError as error:
            self._notice = error
            self.render()
            self._alert()
            return False
        self._notice = None
        self._note = None
        self._story = [Step(seat, action, why, game.events)]
        self._news.append((seat, game.events))
        self._run_bots(step_by_step=True)
        return True

    def _play_bot_action(self, seat: int, action: Action) -> None:
        _, why = self.game.explanation(action)
        self.game.play(action)
        self._story.append(Step(seat, action, why, self.game.events))
        self._story = self._story[-12:]
        self._news.append((seat, self.game.events))

    def _after_undo(self, taken: int) -> None:
        self._selected_salt = None
        if taken:
            self._notice = None
            self._story = []
            self._note = Said("took_back_one" if taken == 1 else "took_back_many", {"n": taken})
        else:
            self._notice = Said("nothing_to_undo")

    def _note_text(self) -> str:
        return "" if self._note is None else self._note.text(self.lang)

    # -------------------------------------------------------------- telling
    def _news_text(self, news: list[tuple[int, tuple[Event, ...]]]) -> str:
        """One sentence a player for what each did, in turn ("Player 2 took D23 and ended."),
        then what comes next: the winner, or what you have left to do."""
        lang = self.lang
        sentences: list[str] = []
        turns: list[tuple[int, list[Event]]] = []
        for seat, events in news:
            if not turns or turns[-1][0] != seat:
                turns.append((seat, []))
            turns[-1][1].extend(events)
        for seat, done in turns:
            you = self.seats[seat] == "human" and self.seats.count("human") == 1
            clauses = [self._clause(e, you) for e in done if e.code in TOLD_AS_CLAUSE]
            if clauses:
                who = t(lang, "say_you") if you else t(lang, "player", n=seat + 1)
                joined = ", ".join(clauses[:-1])
                joined = f"{joined} {t(lang, 'say_and')} {clauses[-1]}" if joined else clauses[0]
                sentences.append(f"{who} {joined}.")
            sentences += [e.text(lang) for e in done if e.code in TOLD_AS_IS]
        sentences.append(self._whats_next())
        return " ".join(s for s in sentences if s)

    def _clause(self, event: Event, you: bool) -> str:
        """What ``event`` did, as a clause after its player ("took D16")."""
        lang = self.lang
        args = dict(event.args)
        person = "_you" if you else ""
        values: dict[str, object] = {
            "aux": t(lang, "say_aux" + person),
            "poss": t(lang, "say_poss" + person),
        }
        for key in ("card", "target"):
            if key in args:
                values[key] = getattr(args[key], "id", args[key])
        if "moved" in args:
            moved = int(args["moved"])
            plural = plural_form(moved, lang)
            values.update(n=moved, faces=game_word(args["face"], lang, title=True, plural=plural))
        if "face" in args:
            values["face"] = game_word(args["face"], lang, title=True)
        if "row" in args:
            values["row"] = word(lang, args["row"].value)
        if "ingredient" in args:
            values["ingredient"] = word(lang, args["ingredient"].value)
        return t(lang, f"say_{event.code}", **values)

    def _whats_next(self) -> str:
        """The end of an announcement: the winner, or what the human to play must do."""
        game = self.game
        lang = self.lang
        if game.is_over:
            return self._winner_text()
        if not self._human_turn():
            return ""
        if self.seats.count("human") > 1:
            return game.pending(lang)
        if game.phase == "bonus":
            return t(lang, "say_turn_bonus")
        if game.phase == "discard":
            extra = len(game.player(game.current_player).hand) - self.rules.hand_limit
            return t(lang, "say_turn_discard_one" if extra == 1 else "say_turn_discard", n=extra)
        left = game.actions_left
        if left == 0:
            return t(lang, "say_turn_end")
        return t(lang, "say_turn_actions_one" if left == 1 else "say_turn_actions", n=left)

    def _winner_text(self) -> str:
        game = self.game
        lang = self.lang
        scores = game.scores()
        names = ", ".join(
            f"{self._who(s)} ({t(lang, 'points', n=scores[s])})" for s in game.winners()
        )
        return t(lang, "status_over", names=names)

    def _focus_target(self) -> widgets.DOMWidget | None:
        """The control to use next: Play for the card just taken, End turn once no action is
        left, else the first allowed card or button; New game once the game is over."""
        game = self.game
        if game.is_over or "human" not in self.seats:
            return self.w_new
        if not self._human_turn():
            return None
        allowed = [button for button, _ in self.clickable()]
        if self._selected_salt:
            targets = [b for b, p in self.clickable() if isinstance(p, PlayCard) and p.target]
            return (targets or allowed or [None])[0]
        if game.phase == "actions" and game.actions_left == 0 and self.w_end in self._bar_legal:
            return self.w_end
        seat, last = game.log[-1] if game.log else (None, None)
        if isinstance(last, TakeCard) and seat == game.current_player and self._story:
            taken = [e.args["card"].id for e in self._story[-1].events if e.code == "took_card"]
            for button in self.player_maps[game.current_player].visible():
                if button.legal and getattr(button.payload, "card", None) in taken:
                    return button
        return allowed[0] if allowed else None

    # -------------------------------------------------------------- drawing
    def _offered(self) -> list[Action]:
        """The actions a click may make now: the legal actions, when a human is to play."""
        return list(self.game.legal_actions()) if self._human_turn() else []

    def _tip(self, action: Action) -> str:
        """The engine's explanation of a button's action, as its tooltip (human turns only)."""
        if not self._human_turn():
            return ""
        return self.game.explain(action, self.lang)

    def _named(
        self,
        label: str,
        action: Action,
        legal: set[Action],
        *,
        can: bool | None = None,
        chosen: bool = False,
    ) -> str:
        """A card button's name with its state on a human's turn: allowed (``can``, else
        ``action`` is in ``legal``), chosen, or not allowed and the engine's reason."""
        if not self._human_turn():
            return label
        can = action in legal if can is None else can
        why = "" if can or chosen else self.game.why_illegal(action, self.lang)
        return self._hit_name(label, can, why, chosen=chosen)

    def render(self) -> None:
        """Redraw everything from the game (the only other state: a chosen Salt, and what the
        table has said)."""
        game = self.game
        lang = self.lang
        active = self._human_turn()
        offered = self._offered()
        legal = set(offered)
        salt = self._selected_salt
        if salt is not None:  # the prompt asks where the Salt goes: only its targets glow
            legal = {a for a in legal if isinstance(a, PlayCard) and a.card == salt}
        self._render_labels()
        # Market: a button over every slot; it glows when taking that card is legal.
        hits: list[Hit] = []
        for r, row in enumerate(ROWS):
            for k, card in enumerate(game.market(row)):
                action = TakeCard(row, k + 1)
                label = (
                    t(lang, "take", card=card.id)
                    if card
                    else t(lang, "take_empty", slot=k + 1, row=word(lang, row.value))
                )
                tip = self._tip(action)
                if card is not None and tip:
                    tip = f"{card_label(card, lang)}\n{tip}"
                label = self._named(label, action, legal)
                hits.append(Hit(slot_box(r, k), label, tip, action, action in legal, "take"))
        if game.phase == "bonus":
            for k, ingredient in enumerate(game.bonus_tokens):
                choose = ChooseBonus(ingredient)
                label = t(lang, "bonus", ingredient=word(lang, ingredient.value))
                named = self._named(label, choose, legal)
                hits.append(Hit(token_box(k), named, label, choose, choose in legal, "bonus"))
        self.market_map.show(self._market_picture(), hits, active=active, fits=self._market_fits())
        # Players: buttons over the acting human's hand cards and, for a Salt, played cards.
        self._grow_player_maps(game.num_players, self._on_hit)
        boxes = tuple(m.box for m in self.player_maps[: game.num_players])
        if self.w_players_box.children != boxes:
            self.w_players_box.children = boxes
        frame = self.market_map.svg_bytes
        for seat in range(game.num_players):
            picture = self._player_picture(seat)
            hits = self._player_hits(seat, legal) if seat == game.current_player else []
            fits = self._player_fits(seat)
            self.player_maps[seat].show(picture, hits, active=active, fits=fits)
            frame += self.player_maps[seat].svg_bytes
        self.frame_bytes = frame
        self.sent_bytes = self.market_map.sent_bytes + sum(m.sent_bytes for m in self.player_maps)
        self._render_bar(legal, active)
        self._render_side(offered)
        for listener in self._listeners:
            listener(self)

    def on_change(self, callback: Callable[[PlayTable], None]) -> None:
        """Call ``callback(table)`` after every redraw (explorers that follow the game)."""
        self._listeners.append(callback)

    # The core's pictures are pure functions of the game: a picture is drawn again only when
    # what it shows has changed (the whole-game tests compare every frame with a fresh one).
    def _cached(self, key: tuple[Any, ...], draw: Callable[[], str]) -> str:
        picture = self._pictures.get(key)
        if picture is None:
            if len(self._pictures) > 4 * (self.game.num_players + 1):
                self._pictures.clear()
            picture = self._pictures[key] = draw()
        return picture

    def _market_picture(self) -> str:
        game = self.game
        pile = game.discard_pile
        key = (
            "market",
            self.lang,
            tuple(game.market(row) for row in ROWS),
            tuple(game.deck_size(row) for row in ROWS),
            len(pile),
            pile[-1] if pile else None,
            tuple(game.reserve.items()),
            game.bonus_tokens,
        )
        return self._cached(key, lambda: market_svg(game, lang=self.lang))

    def _market_fits(self) -> list[Fit]:
        """The market laid out for less room (``FIT_WIDTHS``), drawn again when it changes."""
        game, lang = self.game, self.lang
        return self._fitted(
            self._market_picture(), lambda w: fit_market_svg(game, width=w, lang=lang, head=False)
        )

    def _player_fits(self, seat: int) -> list[Fit]:
        """A player's area laid out for less room (``FIT_WIDTHS``)."""
        game, lang = self.game, self.lang
        return self._fitted(
            self._player_picture(seat),
            lambda w: fit_player_svg(game, seat, width=w, lang=lang, head=False),
        )

    def _fitted(self, wide: str, draw: Callable[[float], tuple[str, Layout]]) -> list[Fit]:
        """The layouts for less room of the picture that is ``wide`` in full (which says all
        they show), drawn once; they use the wide picture's styles and shapes, which the page
        always has (hidden, it is still in the page)."""
        fits = self._fits.get(wide)
        if fits is None:
            if len(self._fits) > 4 * (self.game.num_players + 1):
                self._fits.clear()
            drawn = [draw(width) for width in FIT_WIDTHS]
            fits = self._fits[wide] = [Fit(svg, layout.place) for svg, layout in drawn]
        return fits

    def _player_picture(self, seat: int) -> str:
        game = self.game
        over = game.is_over
        key = (
            "player",
            self.lang,
            game.player(seat),
            not over and seat == game.current_player,
            over and seat in game.winners(),
        )
        return self._cached(key, lambda: player_svg(game, seat, lang=self.lang))

    def _player_hits(self, seat: int, legal: set[Action]) -> list[Hit]:
        game = self.game
        lang = self.lang
        view = game.player(seat)
        hits: list[Hit] = []
        if game.is_over or self.seats[seat] != "human":
            return hits
        for card, rect in zip(view.hand, hand_boxes(len(view.hand)), strict=True):
            about = card_label(card, lang)
            if game.phase == "discard":
                action: Any = Discard(card.id)
                label, kind = t(lang, "discard", card=card.id), "discard"
                tip, payload, can = self._tip(action), action, action in legal
            elif card.is_salt:
                action = PlayCard(card.id)
                can = any(isinstance(a, PlayCard) and a.card == card.id for a in legal)
                tip = t(lang, "salt_tip") if can else self._tip(action)
                kind = "selected" if self._selected_salt == card.id else "salt"
                label, payload = t(lang, "choose_salt", card=card.id), SelectSalt(card.id)
            else:
                action = PlayCard(card.id)
                label, kind = t(lang, "play", card=card.id), "play"
                tip, payload, can = self._tip(action), action, action in legal
            label = self._named(label, action, legal, can=can, chosen=kind == "selected")
            hits.append(Hit(rect, label, f"{about}\n{tip}" if tip else about, payload, can, kind))
        salt = self._selected_salt
        if salt is not None:
            for target, rect in strip_boxes(view).items():
                action = PlayCard(salt, target)
                label = self._named(t(lang, "salt_on", salt=salt, card=target), action, legal)
                hits.append(Hit(rect, label, self._tip(action), action, action in legal, "target"))
        return hits

    def _render_labels(self) -> None:
        lang = self.lang
        self._render_setup_labels()
        for face in Face:
            self.w_runes[face].description = t(lang, f"runes_{face.value}")
            self.w_flips[face].description = t(lang, f"flip_{face.value}")
        for (face, n), button in self.w_flip_counts.items():
            button.description = t(lang, f"flip_n_{face.value}", n=n)
        for row, button in self.w_sickles.items():
            button.description = t(lang, f"sickle_{row.value}")
        self.w_end.description = t(lang, "end")
        for ingredient, button in self.w_tokens.items():
            button.description = t(lang, "bonus", ingredient=word(lang, ingredient.value))

    def _render_bar(self, legal: set[Action], active: bool) -> None:
        game = self.game
        bonus = game.phase == "bonus"
        self._bar_legal = {}
        for button, action in self._bar_actions.items():
            if action is None:
                continue
            button.disabled = not active
            can = action in legal
            _mark(button, can)
            button.tooltip = self._tip(action)
            if isinstance(action, ChooseBonus):
                visible = bonus and action.ingredient in game.bonus_tokens
            elif isinstance(action, FlipRunes) and action.count is not None:
                visible = can
            else:
                visible = not bonus
            show(button, visible)
            if visible and can:
                self._bar_legal[button] = True
        show(self.w_cancel, bool(self._selected_salt))
        if self._selected_salt:
            self._bar_legal[self.w_cancel] = True
        can_undo = self.game.can_undo and any(self.seats[s] == "human" for s, _ in game.log)
        self.w_undo.disabled = self._busy or not can_undo
        self.w_prompt.value = self._prompt_html()
        self.w_status.value = self._status_html()

    def _prompt_html(self) -> str:
        """What to do now, in words; a refusal, in the engine's words, takes its place."""
        game = self.game
        lang = self.lang
        if self._notice is not None:
            refused = f"{t(lang, 'message')}{t(lang, 'colon')} {self._notice.text(lang)}"
            return f"<span class='cn-refused'>{esc(refused)}</span>"
        if game.is_over:
            hint = ""
        elif not self._human_turn():
            if "human" in self.seats:
                hint = t(lang, "hint_bots", who=self._who(game.current_player))
            else:
                hint = t(lang, "hint_watch")
        elif self._selected_salt:
            hint = t(lang, "hint_salt", salt=self._selected_salt)
        elif game.phase == "bonus":
            hint = t(lang, "hint_bonus")
        elif game.phase == "discard":
            hint = t(lang, "hint_discard")
        elif game.actions_left == 0:
            hint = t(lang, "hint_end")
        else:
            hint = t(lang, "hint_actions")
        return esc(hint)

    def _status_html(self) -> str:
        game = self.game
        lang = self.lang
        if game.is_over:
            text = self._winner_text()
            return f'<div class="cn-status cn-over" data-phase="over">{esc(text)}</div>'
        head = t(lang, "round", n=game.round)
        if game.final_round is not None and game.round == game.final_round:
            head += f" ({t(lang, 'final_round')})"
        deck = t(lang, "deck", name=deck_name(game, lang))
        # What the player to move must do is said to a human only, not over a bot's turn.
        seat = game.current_player
        doing = (
            game.pending(lang)
            if self.seats[seat] == "human"
            else t(lang, "status_bot", who=self._who(seat))
        )
        return (
            f'<div class="cn-status" data-phase="{esc(game.phase)}" '
            f'data-current="{game.current_player}">{esc(head)} · {esc(doing)}'
            f'<span style="float:right;font-weight:normal;font-size:13px">{esc(deck)}</span></div>'
        )

    def _explain_html(self) -> str:
        """What the last actions did and why each was allowed, oldest first, then anything the
        table has to say now (a refusal last, in red)."""
        lang = self.lang
        colon = t(lang, "colon")
        parts = [f"<h4>{esc(t(lang, 'explain'))}</h4>"]
        for step in self._story:
            did = " ".join(event.text(lang) for event in step.events)
            why = Reason("allowed", {"action": step.action, "why": step.why}).text(lang)
            parts.append(
                f'<div class="cn-step" data-action="{esc(step.action)}">'
                f"<b>{esc(self._who(step.seat))}{esc(colon)} {esc(step.action.notation(lang))}"
                f"</b><br>{esc(did)}<br><span class='cn-why'>{esc(why)}</span></div>"
            )
        if self._note is not None:
            parts.append(f"<div class='cn-note'>{esc(self._note.text(lang))}</div>")
        if self._notice is not None:
            parts.append(
                f"<div class='cn-message' data-message='1'>{esc(t(lang, 'message'))}{esc(colon)} "
                f"{esc(self._notice.text(lang))}</div>"
            )
        return "".join(parts)

    def _render_side(self, offered: list[Action]) -> None:
        lang = self.lang
        self.w_explain.value = self._explain_html()
        self.w_pad.value = self._pad_html()
        notations = [a.notation(lang) for a in offered]
        self._suggest(notations)
        notation = ", ".join(notations)
        colon = t(lang, "colon")
        self.w_legal.value = (
            f"{esc(t(lang, 'legal_now'))}{colon} {esc(notation)}" if notation else ""
        )
        self.w_log.value = self._log_html()

    def _pad_html(self) -> str:
        game = self.game
        lang = self.lang
        pads = [game.score_pad(seat) for seat in range(game.num_players)]
        winners = set(game.winners()) if game.is_over else set()

        def cls(seat: int) -> str:
            if seat in winners:
                return ' class="cn-win"'
            if not game.is_over and seat == game.current_player:
                return ' class="cn-now"'
            return ""

        head = "".join(
            f"<th{cls(s)}>{esc(t(lang, 'player', n=s + 1))}</th>" for s in range(len(pads))
        )
        rows = [f"<tr><th>{esc(t(lang, 'ingredient'))}</th>{head}</tr>"]
        for ingredient in INGREDIENTS:
            cells = "".join(f"<td{cls(s)}>{pad[ingredient]}</td>" for s, pad in enumerate(pads))
            rows.append(f"<tr><td>{esc(word(lang, ingredient.value))}</td>{cells}</tr>")
        totals = "".join(
            f'<td{cls(s)} data-seat="{s}" data-score="{pad.total}">{pad.total}</td>'
            for s, pad in enumerate(pads)
        )
        rows.append(f'<tr class="cn-total"><td>{esc(t(lang, "total"))}</td>{totals}</tr>')
        return f"<h4>{esc(t(lang, 'score_pad'))}</h4><table class='cn-pad'>{''.join(rows)}</table>"

    def _log_html(self) -> str:
        """The log in the game's notation, one line a turn, newest first."""
        game = self.game
        lang = self.lang
        log = game.log
        turns: list[tuple[int, int, list[str]]] = []
        wraps = sum(1 for a, b in zip(log, log[1:], strict=False) if b[0] < a[0])
        if log and game.is_over is False and game.current_player < log[-1][0]:
            wraps += 1
        round_ = game.round - wraps
        for k, (seat, action) in enumerate(log):
            if k and seat != log[k - 1][0]:
                if seat < log[k - 1][0]:
                    round_ += 1
                turns.append((round_, seat, []))
            elif not turns:
                turns.append((round_, seat, []))
            turns[-1][2].append(action.notation(lang))
        round_letter, player_letter = ("R", "P") if lang == "en" else ("M", "J")
        lines = [
            f"<div>{round_letter}{r} {player_letter}{s + 1}{esc(t(lang, 'colon'))} "
            f"{esc(' · '.join(actions))}</div>"
            for r, s, actions in reversed(turns[-40:])
        ]
        return self._log_panel("".join(lines), len(log))

    # ------------------------------------------------ thin helpers: press the real buttons
    def _press_hit(self, picture: PictureMap, match: Callable[[Any], bool], what: str) -> None:
        # A card that does not glow is clicked too: the engine answers with its reason.
        self._press(picture, match, what, enabled_only=False)

    def click_market(self, row: Row | str, slot: int) -> None:
        """Click the card in ``slot`` (1-4) of the Day or Night row: Take a Card."""
        row = Row(row) if isinstance(row, str) else row
        self._press_hit(
            self.market_map,
            lambda p: isinstance(p, TakeCard) and p.row is row and p.slot == slot,
            f"{row} slot {slot}",
        )

    def click_hand(self, card: str) -> None:
        """Click a card in the acting player's hand: play it, discard it, or pick the Salt."""
        card = card.upper()
        self._press_hit(
            self.player_maps[self.game.current_player],
            lambda p: getattr(p, "card", None) == card and getattr(p, "target", None) is None,
            f"hand card {card}",
        )

    def click_target(self, card: str) -> None:
        """With a Salt picked, click the played card to stack it on."""
        card = card.upper()
        self._press_hit(
            self.player_maps[self.game.current_player],
            lambda p: isinstance(p, PlayCard) and p.target == card,
            f"played card {card}",
        )

    def click_token(self, ingredient: Ingredient | str) -> None:
        """Click a Bonus Ingredient token in the center."""
        ingredient = Ingredient(ingredient) if isinstance(ingredient, str) else ingredient
        self._press_hit(
            self.market_map,
            lambda p: isinstance(p, ChooseBonus) and p.ingredient is ingredient,
            f"the {ingredient} token",
        )

    def click_runes(self, face: Face | str) -> None:
        self.w_runes[Face(face) if isinstance(face, str) else face].click()

    def click_flip(self, face: Face | str, count: int | None = None) -> None:
        face = Face(face) if isinstance(face, str) else face
        (self.w_flips[face] if count is None else self.w_flip_counts[(face, count)]).click()

    def click_sickle(self, row: Row | str) -> None:
        self.w_sickles[Row(row) if isinstance(row, str) else row].click()

    def click_bonus(self, ingredient: Ingredient | str) -> None:
        """Click the token's button in the action bar."""
        self.w_tokens[Ingredient(ingredient) if isinstance(ingredient, str) else ingredient].click()

    def click_end(self) -> None:
        self.w_end.click()

    def clickable(self) -> list[tuple[widgets.Button, Any]]:
        """Every button whose click is legal now (the ones that glow), with what it means: an
        action, a Salt to pick, or Cancel (``None``). Other buttons answer with a reason."""
        buttons: list[tuple[widgets.Button, Any]] = []
        for picture in (self.market_map, *self.player_maps):
            buttons += [(b, b.payload) for b in picture.visible() if b.legal]
        buttons += [(b, self._bar_actions[b]) for b in self._bar_legal]
        return buttons

    def new_game(self, seats: Sequence[str] | None = None, *, seed: int | None = None) -> None:
        """Fill in the set-up row and press New game."""
        self._fill_setup(seats, seed)
        self.w_new.click()

    @property
    def message(self) -> str:
        """The last refusal shown (the engine's reason, in the table's language), or ''."""
        return "" if self._notice is None else self._notice.text(self.lang)
