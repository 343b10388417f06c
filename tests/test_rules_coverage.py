"""docs/rules_coverage.md must name only tests that exist, and every clause test must be in it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "docs" / "rules_coverage.md"
REF = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")
NO_TEST_ON_PURPOSE = ("not a rule",)


def table_rows() -> list[tuple[int, str, str]]:
    """(number, clause, tests cell) of every row of every table in the document."""
    rows = []
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0].isdigit():
            assert len(cells) == 4, f"a row has 4 cells (#, section, clause, tests): {line}"
            rows.append((int(cells[0]), cells[2], cells[3]))
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
    refs = [ref for _, _, cell in table_rows() for ref in REF.findall(cell)]
    assert len(refs) > 100
    for file, name in refs:
        path = ROOT / file
        assert path.is_file(), f"{file} (named in rules_coverage.md) does not exist"
        if file not in cache:
            cache[file] = functions_in(path)
        assert name in cache[file], f"{file}::{name} (named in rules_coverage.md) does not exist"


def test_every_clause_has_a_test_or_a_reason():
    rows = table_rows()
    assert [n for n, _, _ in rows] == list(range(1, len(rows) + 1)), "rows are numbered in order"
    assert len(rows) > 100
    for number, clause, cell in rows:
        assert clause, f"row {number} quotes no clause"
        if not REF.search(cell):
            assert any(reason in cell for reason in NO_TEST_ON_PURPOSE), (
                f"row {number} ({clause}) names no test"
            )


def test_every_clause_test_is_in_the_table():
    named = {name for _, _, cell in table_rows() for file, name in REF.findall(cell)}
    clause_tests = functions_in(ROOT / "tests" / "test_rules_clauses.py")
    missing = sorted(clause_tests - named)
    assert not missing, f"tests of test_rules_clauses.py missing from rules_coverage.md: {missing}"


def test_the_three_rule_texts_have_sections():
    text = TABLE.read_text(encoding="utf-8")
    for heading in ("## Rulebook (English)", "## Express rules (French)", "## RULINGS.md"):
        assert heading in text
