"""The rules coverage tables (``docs/rules_coverage.md``, ``docs/carnival_rules_coverage.md``,
``docs/carcata_rules_coverage.md``, ``docs/karnak_rules_coverage.md``): one numbered row per
clause of a rule text, ``| # | section | clause | tests |``, the tests named as
``tests/file.py::test_name``; and the checks every game's coverage test makes of its table."""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REF = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")


def table_rows(table: Path) -> list[tuple[int, str, str, str]]:
    """(number, section, clause, tests cell) of every row of every table in ``table``."""
    rows = []
    for line in table.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0].isdigit():
            assert len(cells) == 4, f"a row has 4 cells (#, section, clause, tests): {line}"
            rows.append((int(cells[0]), cells[1], cells[2], cells[3]))
    return rows


def functions_in(path: Path) -> set[str]:
    """The test functions ``path`` defines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test")
    }


def check_named_tests_exist(table: Path, least: int) -> None:
    """Every test ``table`` names (at least ``least`` of them) is a function of its file."""
    cache: dict[str, set[str]] = {}
    refs = [ref for *_, cell in table_rows(table) for ref in REF.findall(cell)]
    assert len(refs) > least
    for file, name in refs:
        path = ROOT / file
        assert path.is_file(), f"{file} (named in {table.name}) does not exist"
        if file not in cache:
            cache[file] = functions_in(path)
        assert name in cache[file], f"{file}::{name} (named in {table.name}) does not exist"


def clause_tests_not_named(table: Path, clause_tests: Path) -> list[str]:
    """The tests of ``clause_tests`` that ``table`` does not name."""
    named = {name for *_, cell in table_rows(table) for _, name in REF.findall(cell)}
    return sorted(functions_in(clause_tests) - named)


def check_every_clause_has_a_test(
    table: Path, more_than: int, no_test_on_purpose: Sequence[str] = ()
) -> None:
    """``table``'s rows are numbered in order, more than ``more_than`` of them, each stating
    its clause and naming a test (or, for a clause tested nowhere on purpose, one of the
    reasons ``no_test_on_purpose``)."""
    rows = table_rows(table)
    assert [n for n, *_ in rows] == list(range(1, len(rows) + 1)), "rows are numbered in order"
    assert len(rows) > more_than
    for number, _, clause, cell in rows:
        assert clause, f"row {number} states no clause"
        if not REF.search(cell):
            assert any(reason in cell for reason in no_test_on_purpose), (
                f"row {number} ({clause}) names no test"
            )


def check_clause_tests_named(table: Path, clause_tests: Sequence[Path]) -> None:
    """Every test of each file of ``clause_tests`` is named in ``table``."""
    for path in clause_tests:
        missing = clause_tests_not_named(table, path)
        assert not missing, f"tests of {path.name} missing from {table.name}: {missing}"


def doc_section(path: Path, heading: str) -> str:
    """The text of ``path`` under ``## heading``, to the next ``##`` heading."""
    text = path.read_text(encoding="utf-8")
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else None]


def check_cites_the_rulebook_by_title(table: Path, title: str) -> None:
    """``table`` names the rulebook by its ``title`` ("the Karnak rulebook"), never by a
    path outside the repository or its file's name."""
    text = table.read_text(encoding="utf-8")
    assert title in text
    assert "/work/" not in text and "rulebook-en" not in text
