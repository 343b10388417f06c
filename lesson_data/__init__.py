"""Results the lessons read rather than recompute: runs that take minutes, done once.

Each module here makes one small JSON file beside it: ``python -m lesson_data.NAME`` runs the
whole computation again and rewrites ``NAME.json``; ``compute`` takes a ``sample`` argument so
that a test can rerun a small part and check it against the file. A lesson reads the file
with ``load(NAME)``, and says which cell or module made it.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

__all__ = ["load", "path_of", "write"]


def path_of(name: str) -> Path:
    """Where the results called ``name`` live (``lesson_data/NAME.json``)."""
    return Path(str(resources.files(__name__).joinpath(f"{name}.json")))


def load(name: str) -> Any:
    """The results called ``name``, as the JSON file holds them."""
    return json.loads(path_of(name).read_text(encoding="utf-8"))


def write(name: str, results: Any) -> Path:
    """Write ``results`` as ``NAME.json``: sorted keys and one item a line, so diffs stay small."""
    path = path_of(name)
    path.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return path
