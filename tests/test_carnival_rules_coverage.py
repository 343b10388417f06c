"""docs/carnival_rules_coverage.md must name only tests that exist, and every clause test must be
in it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "docs" / "carnival_rules_coverage.md"
RULINGS = ROOT / "docs" / "carnival.md"
REF = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")


def table_rows() -> list[tuple[int, str, str, str]]:
    """(number, section, clause, tests cell) of every row of every table in the document."""
    rows = []
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0].isdigit():
            assert len(cells) == 4, f"a row has 4 cells (#, section, clause, tests): {line}"
            rows.append((int(cells[0]), cells[1], cells[2], cells[3]))
    return rows


def functions_in(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test")
    }


def test_every_referenced_test_exists():
    cache: dict[str, set[str]] = {}
    refs = [ref for *_, cell in table_rows() for ref in REF.findall(cell)]
    assert len(refs) > 80
    for file, name in refs:
        path = ROOT / file
        assert path.is_file(), f"{file} (named in carnival_rules_coverage.md) does not exist"
        if file not in cache:
            cache[file] = functions_in(path)
        assert name in cache[file], f"{file}::{name} (named in the coverage table) does not exist"


def test_every_clause_has_a_test():
    rows = table_rows()
    assert [n for n, *_ in rows] == list(range(1, len(rows) + 1)), "rows are numbered in order"
    assert len(rows) > 60
    for number, _, clause, cell in rows:
        assert clause, f"row {number} quotes no clause"
        assert REF.search(cell), f"row {number} ({clause}) names no test"


def test_every_clause_test_is_in_the_table():
    named = {name for *_, cell in table_rows() for _, name in REF.findall(cell)}
    clause_tests = functions_in(ROOT / "tests" / "test_carnival_rules.py")
    missing = sorted(clause_tests - named)
    assert not missing, (
        f"tests of test_carnival_rules.py missing from the coverage table: {missing}"
    )


def test_every_ruling_of_the_docs_is_in_the_table():
    rulings = set(re.findall(r"^- \*\*(R\d+)\.", RULINGS.read_text(encoding="utf-8"), re.M))
    assert len(rulings) >= 20
    covered = {section for _, section, _, _ in table_rows()}
    assert rulings <= covered, f"rulings with no row: {sorted(rulings - covered)}"
