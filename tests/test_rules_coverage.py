"""docs/rules_coverage.md must name only tests that exist, and every clause test must be in it."""

from __future__ import annotations

from tests.coverage_tables import (
    REF,
    ROOT,
    check_named_tests_exist,
    clause_tests_not_named,
    table_rows,
)

TABLE = ROOT / "docs" / "rules_coverage.md"
NO_TEST_ON_PURPOSE = ("not a rule",)


def test_every_referenced_test_exists():
    check_named_tests_exist(TABLE, least=100)


def test_every_clause_has_a_test_or_a_reason():
    rows = table_rows(TABLE)
    assert [n for n, *_ in rows] == list(range(1, len(rows) + 1)), "rows are numbered in order"
    assert len(rows) > 100
    for number, _, clause, cell in rows:
        assert clause, f"row {number} quotes no clause"
        if not REF.search(cell):
            assert any(reason in cell for reason in NO_TEST_ON_PURPOSE), (
                f"row {number} ({clause}) names no test"
            )


def test_every_clause_test_is_in_the_table():
    missing = clause_tests_not_named(TABLE, ROOT / "tests" / "test_rules_clauses.py")
    assert not missing, f"tests of test_rules_clauses.py missing from rules_coverage.md: {missing}"


def test_the_three_rule_texts_have_sections():
    text = TABLE.read_text(encoding="utf-8")
    for heading in ("## Rulebook (English)", "## Express rules (French)", "## RULINGS.md"):
        assert heading in text
