"""docs/carnival_rules_coverage.md must name only tests that exist, and every clause test must be
in it."""

from __future__ import annotations

import re

from tests.coverage_tables import (
    REF,
    ROOT,
    check_named_tests_exist,
    clause_tests_not_named,
    table_rows,
)

TABLE = ROOT / "docs" / "carnival_rules_coverage.md"
RULINGS = ROOT / "docs" / "carnival.md"


def test_every_referenced_test_exists():
    check_named_tests_exist(TABLE, least=80)


def test_every_clause_has_a_test():
    rows = table_rows(TABLE)
    assert [n for n, *_ in rows] == list(range(1, len(rows) + 1)), "rows are numbered in order"
    assert len(rows) > 60
    for number, _, clause, cell in rows:
        assert clause, f"row {number} quotes no clause"
        assert REF.search(cell), f"row {number} ({clause}) names no test"


def test_every_clause_test_is_in_the_table():
    missing = clause_tests_not_named(TABLE, ROOT / "tests" / "test_carnival_rules.py")
    assert not missing, (
        f"tests of test_carnival_rules.py missing from the coverage table: {missing}"
    )


def test_every_ruling_of_the_docs_is_in_the_table():
    rulings = set(re.findall(r"^- \*\*(R\d+)\.", RULINGS.read_text(encoding="utf-8"), re.M))
    assert len(rulings) >= 20
    covered = {section for _, section, _, _ in table_rows(TABLE)}
    assert rulings <= covered, f"rulings with no row: {sorted(rulings - covered)}"
