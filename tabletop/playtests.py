"""Recorded playtests: one finished game a file, its save and what the table saw around it.

A playtest file is a JSON object; the game itself is under ``"save"``, exactly as the game's
``Game.to_json`` writes it, so ``Game.from_json(record["save"])`` reloads it with every check
the engine makes of a save. Beside it:

============== ============================================================================
``format``     ``"playtest 1"``
``engine``     the game's package: ``"carnuta_core"``, ``"carnival_core"``, ``"carcata_core"``
``stand_in``   ``true`` when the seats marked ``"human"`` were played by a program standing
               in for people (the kit's shipped sample), ``false`` at a real table
``date``       when the game ended, ISO 8601 in UTC
``lang``       the table's language when the game ended
``seats``      who sat where, in turn order: ``"human"`` or the bot's kind
``undos``      how many times Undo took actions back during the game
``decisions``  one object per recorded decision: ``index`` (its place in
               ``save.history.actions``: the position before it is the history's start with
               the actions before ``index`` played), ``seat``, and ``seconds`` (from when the
               decision was offered to when it was made); chance outcomes are in the
               save's history, not here
``save``       the game's own save
============== ============================================================================

``read_record`` checks a file's text within bounds before any other work and raises a
``PlaytestError`` naming the field; ``write_record`` writes a file whole or not at all.

>>> document = record_document(
...     engine="carnuta_core", save={"format": "carnuta-position 1"}, seats=["human", "greedy"],
...     decisions=[(0, 0, 2.5)], lang="en", undos=0, date="2026-01-05T10:00:00+00:00")
>>> document["decisions"]
[{'index': 0, 'seat': 0, 'seconds': 2.5}]
>>> read_record('{"format": "playtest 1", "engine": 3}', "a.json")
Traceback (most recent call last):
...
tabletop.playtests.PlaytestError: a.json: engine: should be text, not 3
"""

from __future__ import annotations

import json
import math
import os
import tempfile
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import LabError
from .saves import MAX_HISTORY, MAX_TEXT, check_text, short_repr

#: The ``format`` field of a playtest file.
FORMAT = "playtest 1"
#: The longest playtest file read, in characters: a save at its longest, and the decisions.
MAX_RECORD_TEXT = MAX_TEXT + 500_000
#: The most seats a record may list, and the longest seat kind.
MAX_SEATS = 8
MAX_KIND = 32
#: The longest decision a record may hold, in seconds (a day: anything longer is not play).
MAX_SECONDS = 86_400.0

__all__ = [
    "FORMAT",
    "MAX_RECORD_TEXT",
    "MAX_SECONDS",
    "Decision",
    "PlaytestError",
    "PlaytestRecord",
    "read_record",
    "record_document",
    "write_record",
]


class PlaytestError(LabError):
    """A playtest file, folder or argument that cannot be used (``argument`` names it)."""


@dataclass(frozen=True)
class Decision:
    """One recorded decision: its place in the save's history, the seat, the seconds taken."""

    index: int
    seat: int
    seconds: float


@dataclass(frozen=True)
class PlaytestRecord:
    """A playtest file, read and checked (its save not yet loaded by the game)."""

    name: str
    engine: str
    stand_in: bool
    date: str
    lang: str
    seats: tuple[str, ...]
    undos: int
    decisions: tuple[Decision, ...]
    save: dict[str, Any]


def record_document(
    *,
    engine: str,
    save: dict[str, Any],
    seats: Sequence[str],
    decisions: Sequence[tuple[int, int, float]],
    lang: str,
    undos: int,
    date: str,
    stand_in: bool = False,
) -> dict[str, Any]:
    """The JSON object of a playtest file; ``decisions`` are ``(index, seat, seconds)``."""
    return {
        "format": FORMAT,
        "engine": engine,
        "stand_in": stand_in,
        "date": date,
        "lang": lang,
        "seats": list(seats),
        "undos": undos,
        "decisions": [
            {"index": index, "seat": seat, "seconds": round(seconds, 3)}
            for index, seat, seconds in decisions
        ],
        "save": save,
    }


def write_record(folder: Path, stem: str, document: dict[str, Any]) -> Path:
    """Write ``document`` as ``folder/stem.json`` (``stem`` made of letters, digits and
    dashes; a short random suffix is added if the name is taken): to a temporary file first,
    renamed once whole, so a failure never leaves half a file. Raises ``OSError``."""
    if not stem or not all(c.isascii() and (c.isalnum() or c == "-") for c in stem):
        raise PlaytestError("stem", f"letters, digits and dashes, not {short_repr(stem)}")
    folder.mkdir(parents=True, exist_ok=True)
    text = json.dumps(document, indent=1)
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".", suffix=".tmp")
    try:
        # mkstemp makes a file only its owner may read; a saved game is shared as usual.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        target = folder / f"{stem}.json"
        while target.exists():
            target = folder / f"{stem}-{uuid.uuid4().hex[:6]}.json"
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target


def _fail(name: str, field: str, reason: str) -> PlaytestError:
    return PlaytestError(f"{name}: {field}", reason)


def _text(data: dict[str, Any], name: str, field: str, longest: int) -> str:
    value = data.get(field)
    if not isinstance(value, str):
        raise _fail(name, field, f"should be text, not {short_repr(value)}")
    if len(value) > longest:
        raise _fail(name, field, f"{len(value):,} characters; at most {longest}")
    return value


def _whole(value: Any, name: str, field: str, below: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < below:
        raise _fail(
            name, field, f"should be a whole number from 0 to {below - 1}, not {short_repr(value)}"
        )
    return value


def read_record(text: Any, name: str) -> PlaytestRecord:
    """A playtest file's text checked field by field (``name`` is the file's, for errors);
    a problem is a ``PlaytestError`` naming the file and the field."""
    if not isinstance(text, str):
        raise _fail(name, "file", f"should be text, not {short_repr(text)}")
    if len(text) > MAX_RECORD_TEXT:
        raise _fail(name, "file", f"{len(text):,} characters; at most {MAX_RECORD_TEXT:,}")
    check_text(text, lambda field, reason: _fail(name, field, reason))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as problem:  # bad JSON, a number of 5,000 digits
        raise _fail(name, "json", f"not readable JSON ({short_repr(str(problem))})") from None
    if not isinstance(data, dict):
        raise _fail(name, "file", f"should hold a JSON object, not {short_repr(data)}")
    if data.get("format") != FORMAT:
        raise _fail(name, "format", f"should be {FORMAT!r}, not {short_repr(data.get('format'))}")
    engine = _text(data, name, "engine", 40)
    stand_in = data.get("stand_in")
    if not isinstance(stand_in, bool):
        raise _fail(name, "stand_in", f"should be true or false, not {short_repr(stand_in)}")
    date = _text(data, name, "date", 40)
    lang = _text(data, name, "lang", 8)
    seats = data.get("seats")
    if (
        not isinstance(seats, list)
        or not 1 <= len(seats) <= MAX_SEATS
        or not all(isinstance(s, str) and 0 < len(s) <= MAX_KIND for s in seats)
    ):
        raise _fail(name, "seats", f"should be a list of seat kinds, not {short_repr(seats)}")
    undos = _whole(data.get("undos"), name, "undos", 10**6)
    save = data.get("save")
    if not isinstance(save, dict):
        raise _fail(name, "save", f"should be the game's save (an object), not {short_repr(save)}")
    raw = data.get("decisions")
    if not isinstance(raw, list) or len(raw) > MAX_HISTORY:
        raise _fail(name, "decisions", f"should be a list of at most {MAX_HISTORY:,} decisions")
    decisions = []
    for k, item in enumerate(raw):
        field = f"decisions[{k}]"
        if not isinstance(item, dict) or set(item) != {"index", "seat", "seconds"}:
            raise _fail(name, field, 'should be {"index": i, "seat": s, "seconds": t}')
        seconds = item["seconds"]
        if (
            isinstance(seconds, bool)
            or not isinstance(seconds, (int, float))
            or not math.isfinite(seconds)
            or not 0 <= seconds <= MAX_SECONDS
        ):
            raise _fail(
                name,
                f"{field}.seconds",
                f"should be from 0 to {MAX_SECONDS:g}, not {short_repr(seconds)}",
            )
        decisions.append(
            Decision(
                _whole(item["index"], name, f"{field}.index", MAX_HISTORY),
                _whole(item["seat"], name, f"{field}.seat", len(seats)),
                float(seconds),
            )
        )
    indices = [d.index for d in decisions]
    if indices != sorted(set(indices)):
        raise _fail(name, "decisions", "should be in the order played, each index once")
    return PlaytestRecord(
        name, engine, stand_in, date, lang, tuple(seats), undos, tuple(decisions), save
    )
