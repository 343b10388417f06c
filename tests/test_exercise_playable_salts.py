"""ex02 (which cards can you play now?) explains a right answer without contradicting it.

For every student number of a class of 200, the ✓ sentence of the engine's own answer says
of each card in that answer, a Salt included, that playing it is allowed, and of each other
card in hand that it is not: a right answer is simply right.
"""

from __future__ import annotations

import re

from exercises.kit import make

STUDENTS = range(200)


def verdicts(text: str) -> dict[str, bool]:
    """Card id -> whether the sentence calls playing it allowed."""
    found = re.findall(r"'play (\w+)(?: on \w+)?' is (not )?allowed", text)
    return {card: not negated for card, negated in found}


def test_every_right_answer_is_explained_as_right_salts_included() -> None:
    salts = 0
    for student in STUDENTS:
        exercise = make("playable_cards", student)
        right = exercise.answer()
        result = exercise.check(right)
        assert result, student
        said = verdicts(str(result))
        assert said == {card: card in right for card in exercise.hand}, (student, str(result))
        salts += any(exercise.game.card(card).is_salt for card in right)
    assert salts > 0  # some answers hold a Salt: the case the sentence once got wrong
