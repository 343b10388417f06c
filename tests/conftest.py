"""Notebook kernels import the kit from this checkout, installed or not.

pytest's ``pythonpath`` setting reaches only this process; the Jupyter kernels that
``test_notebooks.py`` starts are new processes, so the repository root goes on their
``PYTHONPATH`` too (``carnuta_core``, ``widgets`` and ``exercises`` then import from any folder).
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = str(Path(__file__).resolve().parent.parent)
_paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
if ROOT not in _paths:
    os.environ["PYTHONPATH"] = os.pathsep.join([ROOT, *_paths])
