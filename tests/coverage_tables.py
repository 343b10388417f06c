"""The rules coverage tables (``docs/rules_coverage.md``, ``docs/carnival_rules_coverage.md``):
one numbered row per clause of a rule text, ``| # | section | clause | tests |``, the tests
named as ``tests/file.py::test_name``."""

from __future__ import annotations

import ast
import re
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
