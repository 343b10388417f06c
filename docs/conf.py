"""Sphinx configuration of the kit's documentation site (``make docs``).

The source folder is the repository itself, so that every page keeps its path and its
relative links: ``docs/*.md``, the lessons ``notebooks/*.ipynb`` (executed at build time and
shown with their outputs), the exercises' ``README.md`` (the teacher's guide) and the
``README.md``. ``make docs`` builds it into ``build/docs``; ``make site`` adds the classroom site.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# The lessons' kernels import the kit from this checkout, whatever is installed.
os.environ["PYTHONPATH"] = os.pathsep.join(
    p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p
)
os.environ.setdefault("MPLBACKEND", "Agg")

project = "Carnuta kit"
author = "The Carnuta kit authors"
copyright = "2026, The Carnuta kit authors"
release = "0.1.0"

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
]

root_doc = "docs/index"
include_patterns = [
    "README.md",
    "docs/**",
    "notebooks/*.ipynb",
    "notebooks/fr/*.ipynb",
    "exercises/README.md",
    "exercises/*.ipynb",
    "exercises/fr/*.ipynb",
]
exclude_patterns = [
    "**/.ipynb_checkpoints/**",
    "docs/_extra/**",
    "build/**",
    ".venv/**",
]

# Markdown: heading anchors so that links such as README.md#carnival resolve (and are checked).
myst_heading_anchors = 4
myst_enable_extensions = ["colon_fence", "deflist", "dollarmath"]


def kit_fingerprint() -> str:
    """A hash of the kit's code and data (the Designs' text file too): the lessons' outputs
    depend on them."""
    digest = hashlib.sha256()
    for package in KIT_SOURCES:
        for path in sorted((ROOT / package).rglob("*")):
            if path.suffix in (".py", ".json", ".csv", ".txt") and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


# The lessons are committed without outputs: they run at build time. Their outputs are cached
# in build/.jupyter_cache, keyed by each notebook's code (jupyter-cache) and, through the
# folder's name, by the kit's own code: a change to the engine runs every lesson again.
KIT_SOURCES = (
    "carnuta_core",
    "carnival_core",
    "carcata_core",
    "karnak_core",
    "tabletop",
    "widgets",
    "exercises/kit",
    "lesson_data",
)
CACHES = ROOT / "build" / ".jupyter_cache"
nb_execution_mode = "cache"
nb_execution_cache_path = str(CACHES / kit_fingerprint())
for stale in CACHES.glob("*") if CACHES.is_dir() else ():
    if stale.is_dir() and str(stale) != nb_execution_cache_path:
        shutil.rmtree(stale, ignore_errors=True)
# The exercise sheets are shown as handed out (blank: their checks fail until answered), and
# the play tables are apps for Voila: none is run.
nb_execution_excludepatterns = [
    "exercises/*",
    "exercises/fr/*",
    "notebooks/play*",
    "notebooks/fr/jouer*",
]
nb_execution_timeout = 240
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_merge_streams = True

# Autodoc: the API reference is read from the docstrings.
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_format = "fully-qualified"

# Every reference to an object of a documented module must resolve (nitpicky). Not checked:
# Python's and other libraries' objects (no intersphinx offline), and the kit's internal
# types that signatures name but the reference does not document (see skip_unchecked below).
nitpicky = True
#: The modules of the API reference (docs/api/*.md).
DOCUMENTED = {
    "carnuta_core",
    "carnuta_core.maths",
    "carnuta_core.rune_graph",
    "carnuta_core.bots",
    "carnuta_core.interaction",
    "carnuta_core.lab",
    "carnuta_core.messages",
    "carnuta_core.svg",
    "carnival_core",
    "carnival_core.bots",
    "carnival_core.svg",
    "carcata_core",
    "karnak_core",
    "karnak_core.mat",
    "karnak_core.svg",
    "karnak_core.designs",
    "tabletop",
    "tabletop.protocol",
    "tabletop.chance",
    "tabletop.lab",
    "tabletop.lab.game_measures",
    "tabletop.lab.plots",
    "tabletop.tournament",
    "widgets",
    "exercises.kit",
    "exercises.kit.course",
    "lesson_data",
    "tabletop.playtests",
    "tabletop.lab.playtest",
    "widgets.recording",
    "carnuta_core.playtest",
    "carnival_core.playtest",
    "lesson_data.playtests",
}
# Annotations written as strings ("Game") that two games share a name for resolve to the
# first match instead of warning.
suppress_warnings = ["ref.python"]


def skip_unchecked(app: Any, domain: Any, node: Any) -> bool | None:
    """Silence a missing Python reference unless it names an object of a documented module."""
    if node.get("refdomain") != "py":
        return None
    parent, _, name = str(node.get("reftarget", "")).rpartition(".")
    return None if parent in DOCUMENTED and not name.startswith("_") else True


def setup(app: Any) -> None:
    app.connect("warn-missing-reference", skip_unchecked)


html_theme = "alabaster"
html_title = "Carnuta kit"
html_static_path: list[str] = []
# The site's front page, index.html, sends a browser on to docs/index.html.
html_extra_path = ["_extra"]
