"""Recording playtests at a table: every finished game saved to a folder of JSON files.

>>> import tempfile
>>> from widgets import PlayTable
>>> with tempfile.TemporaryDirectory() as folder:
...     table = PlayTable(("greedy", "greedy"), seed=3, record_to=folder)
...     [path.name.startswith("carnuta-") for path in table.recorder.saved]
[True]

A table given ``record_to`` (a folder, made when the first game is saved) keeps, for the game
being played, each decision's seat and time, and saves the game once it is over in the format
of ``tabletop.playtests``: the game's own save under ``"save"`` (``Game.from_json`` reloads
it), who sat where, the table's language, the date, the number of Undos, and each decision's
place in the history and its seconds. A decision's time runs from when it was offered (the
previous action played, a round's reveal closed, the game sat down at) to when it was made;
it is read from ``clock`` (``time.monotonic``), which a test replaces to need no waiting.
An action taken back by Undo leaves the record; the one played instead is timed afresh.
Chance outcomes in a game's log (Carcata's dice, draws and landings, whose seat is
``tabletop.protocol.CHANCE``) are nobody's decision: they stay in the save, not in the
decisions.

A game that cannot be saved (a full disk, a folder one may not write to) is told in the
table's output, in the table's language; no file is left half written.
"""

from __future__ import annotations

import json
import os
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tabletop.playtests import record_document, write_record
from tabletop.protocol import CHANCE
from tabletop.saves import short_repr

__all__ = ["Recorder"]

#: What the table says when a finished game could not be saved.
NOT_SAVED = {
    "en": "This game could not be saved in {folder}: {reason}",
    "fr": "Cette partie n’a pas pu être enregistrée dans {folder} : {reason}",
}


def utc_now() -> datetime:
    return datetime.now(UTC)


class Recorder:
    """Follows a table's games and saves each finished one to ``folder`` (``None``: records
    nothing). ``stand_in`` marks the files of games whose "human" seats a program played."""

    def __init__(
        self,
        folder: str | os.PathLike[str] | None,
        *,
        clock: Callable[[], float] = time.monotonic,
        now: Callable[[], datetime] = utc_now,
        stand_in: bool = False,
    ):
        self.folder = None if folder is None else Path(folder)
        self.clock = clock
        self.now = now
        self.stand_in = stand_in
        #: The files written so far, oldest first.
        self.saved: list[Path] = []
        self._game: object = None
        self._decisions: list[tuple[int, int, float, object]] = []
        self._from = 0
        self._undos = 0
        self._offered = 0.0
        self._done = False

    @classmethod
    def at(
        cls,
        record_to: str | os.PathLike[str] | Recorder | None,
        error: Callable[[str, str], ValueError],
    ) -> Recorder:
        """The recorder for a table's ``record_to`` argument (a folder, a ``Recorder`` or
        ``None``), or the table's ``error`` naming the argument."""
        if record_to is None or isinstance(record_to, Recorder):
            return record_to or cls(None)
        if not isinstance(record_to, (str, os.PathLike)) or not str(record_to).strip():
            raise error(
                "record_to", f"a folder to save finished games in, not {short_repr(record_to)}"
            )
        folder = Path(record_to)
        if folder.exists() and not folder.is_dir():
            raise error("record_to", f"{short_repr(str(folder))} is a file, not a folder")
        return cls(folder)

    @property
    def decisions(self) -> list[tuple[int, int, float]]:
        """The game's decisions recorded so far: (index in the log, seat, seconds)."""
        return [(index, seat, seconds) for index, seat, seconds, _ in self._decisions]

    def note(self, table: Any) -> None:
        """Look at ``table``'s game: time the actions played since the last look, forget the
        ones taken back, save the game if it has just ended. Then the next decision is
        offered."""
        if self.folder is None:
            return
        game = table.game
        now = self.clock()
        log = game.log
        if game is not self._game:
            self._game, self._decisions, self._undos = game, [], 0
            self._from, self._done = len(log), False
            self._offered = now
        kept = len(self._decisions)
        while kept and (
            self._decisions[kept - 1][0] >= len(log)
            or log[self._decisions[kept - 1][0]] != self._decisions[kept - 1][3]
        ):
            kept -= 1
        if kept < len(self._decisions) or len(log) < self._from:
            del self._decisions[kept:]
            self._from = min(self._from, len(log))
            self._undos += 1
            self._done = False
        start = self._decisions[-1][0] + 1 if self._decisions else self._from
        first = True
        for index in range(start, len(log)):
            if log[index][0] == CHANCE:
                continue
            # Actions played since the last look share its time: the first took it all.
            seconds = now - self._offered if first else 0.0
            first = False
            self._decisions.append((index, log[index][0], max(seconds, 0.0), log[index]))
        self._offered = now
        # A game that was over when the table sat down at it was not played here.
        if game.is_over and not self._done and self._decisions:
            self._done = True
            self._save(table)

    def _save(self, table: Any) -> None:
        game = table.game
        engine = type(game).__module__.partition(".")[0]
        ended = self.now()
        document = record_document(
            engine=engine,
            save=json.loads(game.to_json(indent=None)),
            seats=table.seats,
            decisions=self.decisions,
            lang=table.lang,
            undos=self._undos,
            date=ended.isoformat(timespec="seconds"),
            stand_in=self.stand_in,
        )
        stem = f"{engine.removesuffix('_core')}-{ended:%Y%m%d-%H%M%S}-{uuid.uuid4().hex[:8]}"
        assert self.folder is not None
        try:
            self.saved.append(write_record(self.folder, stem, document))
        except OSError as problem:
            reason = problem.strerror or type(problem).__name__
            words = NOT_SAVED.get(table.lang, NOT_SAVED["en"])
            with table.out:
                print(words.format(folder=self.folder, reason=reason))
