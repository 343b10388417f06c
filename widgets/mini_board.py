"""``MiniBoard``: a small board for the lessons, one button per legal action.

>>> from carnuta_core import Game
>>> board = MiniBoard(Game.new(2, seed=3), lang="fr")
>>> [b.description for b in board.w_buttons.children][:2]
['prendre jour 1', 'prendre jour 2']
>>> board.press("prendre jour 1")
>>> board.w_news.value.split("<br>")[0]
'Joueur 1 a pris D05 (Trèfle) dans la rangée Jour.'

A lesson stages a position and hands it over: each button is one of
``game.legal_actions()`` in the notation of the board's language, its tooltip the engine's
explanation; the news line says what the last action did and what comes next, in the engine's
words. Undo takes back the last action (and the bots' since).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from carnuta_core import Action, Game
from carnuta_core.bots import Bot
from carnuta_core.svg import player_svg, table_svg

from .common import esc
from .i18n import check_lang, t

__all__ = ["MiniBoard"]


class MiniBoard(widgets.VBox):  # type: ignore[misc]
    """A staged game with a button per legal action. ``bots`` (seat -> bot) play their seats
    by themselves; then the whole table is drawn, else the area of the player to move."""

    def __init__(self, game: Game, *, bots: Mapping[int, Bot] | None = None, lang: str = "en"):
        self.game = game
        self.bots = dict(bots or {})
        self.lang = check_lang(lang)
        self.w_picture = widgets.HTML()
        self.w_buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.w_news = widgets.HTML()
        self.w_undo = widgets.Button(description=t(self.lang, "undo"), button_style="warning")
        self.w_undo.on_click(self._guarded(lambda _b: self.undo()))
        self.out = widgets.Output()
        super().__init__([self.w_picture, self.w_buttons, self.w_news, self.out])
        self.redraw()

    def _guarded(self, handler: Any) -> Any:
        def run(*args: Any) -> None:
            with self.out:
                handler(*args)

        return run

    def press(self, action: Action | str) -> None:
        """Press the button of ``action`` (its notation in either language, or the value)."""
        wanted = Action.parse(action) if isinstance(action, str) else action
        for button in self.w_buttons.children:
            if getattr(button, "action", None) == wanted:
                button.click()
                return
        raise LookupError(f"no button for {action} on this board now")

    def play(self, action: Action) -> None:
        game = self.game
        game.play(action)
        while not game.is_over and game.current_player in self.bots:
            game.play(self.bots[game.current_player].choose(game))
        self.redraw()

    def undo(self) -> None:
        """Take back the last action, and the bots' actions played since."""
        game = self.game
        while game.can_undo:
            game.undo()
            if game.current_player not in self.bots:
                break
        self.redraw()

    def _button(self, action: Action) -> widgets.Button:
        button = widgets.Button(
            description=action.notation(self.lang),
            tooltip=self.game.explain(action, self.lang),
            layout=widgets.Layout(width="auto"),
        )
        button.action = action
        button.on_click(self._guarded(lambda _b: self.play(action)))
        return button

    def redraw(self) -> None:
        game, lang = self.game, self.lang
        if self.bots:
            self.w_picture.value = table_svg(game, lang=lang)
        else:
            self.w_picture.value = player_svg(game, game.current_player, lang=lang)
        buttons = [self._button(a) for a in game.legal_actions()] if not game.is_over else []
        self.w_undo.disabled = not game.can_undo
        self.w_buttons.children = [*buttons, self.w_undo]
        lines = [event.text(lang) for event in game.events] + [game.pending(lang)]
        self.w_news.value = "<br>".join(esc(line) for line in lines)
