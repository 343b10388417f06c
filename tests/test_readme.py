"""Every Python example of README.md runs.

The ```python blocks run in order in one namespace, from the repository's root, the way a
reader pastes them into one notebook; a traceback points at the README's own line. A block
whose first line is ``# not run by the tests: <reason>`` (one that needs a Dask cluster, say)
is only compiled.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.conftest import ROOT

README = ROOT / "README.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
NOT_RUN = "# not run by the tests:"


def python_blocks() -> list[tuple[int, str]]:
    """(line of the block's first code line, source) for every ```python block."""
    text = README.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start(1)) + 1, m.group(1)) for m in BLOCK.finditer(text)]


def compiled(line: int, source: str) -> Any:
    # Padding keeps the README's line numbers in tracebacks.
    return compile("\n" * (line - 1) + source, str(README), "exec")


def test_the_readme_has_examples() -> None:
    assert len(python_blocks()) >= 8


def test_a_block_left_out_says_why_and_compiles() -> None:
    for line, source in python_blocks():
        first = source.splitlines()[0]
        if first.startswith(NOT_RUN):
            assert first[len(NOT_RUN) :].strip(), f"README.md:{line}: say why it is not run"
        compiled(line, source)


def test_every_example_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("MPLBACKEND", "Agg")
    namespace: dict[str, Any] = {"__name__": "__readme__"}
    ran = 0
    for line, source in python_blocks():
        if source.startswith(NOT_RUN):
            continue
        exec(compiled(line, source), namespace)
        ran += 1
    assert ran >= 8
    import matplotlib.pyplot as plt

    plt.close("all")
