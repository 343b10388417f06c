"""docs/carnival_rules_coverage.md must name only tests that exist, and every clause test must be
in it."""

from __future__ import annotations

import re

from tests.coverage_tables import (
    ROOT,
    check_clause_tests_named,
    check_every_clause_has_a_test,
    check_named_tests_exist,
    table_rows,
)

TABLE = ROOT / "docs" / "carnival_rules_coverage.md"
RULINGS = ROOT / "docs" / "carnival.md"


def test_every_referenced_test_exists():
    check_named_tests_exist(TABLE, least=80)


def test_every_clause_has_a_test():
    check_every_clause_has_a_test(TABLE, more_than=60)


def test_every_clause_test_is_in_the_table():
    check_clause_tests_named(TABLE, [ROOT / "tests" / "test_carnival_rules.py"])


def test_every_ruling_of_the_docs_is_in_the_table():
    rulings = set(re.findall(r"^- \*\*(R\d+)\.", RULINGS.read_text(encoding="utf-8"), re.M))
    assert len(rulings) >= 20
    covered = {section for _, section, _, _ in table_rows(TABLE)}
    assert rulings <= covered, f"rulings with no row: {sorted(rulings - covered)}"
