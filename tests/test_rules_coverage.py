"""docs/rules_coverage.md must name only tests that exist, and every clause test must be in it."""

from __future__ import annotations

from tests.coverage_tables import (
    ROOT,
    check_clause_tests_named,
    check_every_clause_has_a_test,
    check_named_tests_exist,
)

TABLE = ROOT / "docs" / "rules_coverage.md"
NO_TEST_ON_PURPOSE = ("not a rule",)


def test_every_referenced_test_exists():
    check_named_tests_exist(TABLE, least=100)


def test_every_clause_has_a_test_or_a_reason():
    check_every_clause_has_a_test(TABLE, more_than=100, no_test_on_purpose=NO_TEST_ON_PURPOSE)


def test_every_clause_test_is_in_the_table():
    check_clause_tests_named(TABLE, [ROOT / "tests" / "test_rules_clauses.py"])


def test_the_three_rule_texts_have_sections():
    text = TABLE.read_text(encoding="utf-8")
    for heading in ("## Rulebook (English)", "## Express rules (French)", "## RULINGS.md"):
        assert heading in text
