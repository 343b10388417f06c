"""The Carnival rulebook's scoring example (Abby: 4 - 1 + 6 = 9), on the engine.

The rulebook shows Abby's Spectator row beside the Carnival stack without printing every
card; the position below has exactly the five situations it describes, one per type.
"""

from __future__ import annotations

from carnival_core import Card, Rules, score_round
from tests.carnival_support import stage

#: Abby's Spectators and the Carnival stack, type by type, with what the rulebook says.
ABBY = {
    # More red in the Carnival (7) than in Abby's row (4): "Abby scores 4 points!"
    "red": ("R4", "R5 R2"),
    # More yellow in Abby's row (8) than in the Carnival (2): no points, cards face down.
    "yellow": ("Y5 Y3", "Y2"),
    # "The same number of creatures" (3 and 3): no points, cards face down.
    "green": ("G3", "G1 G2"),
    # More blue in the Carnival (3) than in Abby's row (1 - 2 = -1): "Abby loses 1 point."
    "blue": ("B1 B-2", "B3"),
    # More purple in the Carnival (9) than in Abby's row (6): "Abby scores 6 points!"
    "purple": ("P6", "P4 P5"),
}
ROW = " ".join(row for row, _ in ABBY.values()).split()
CARNIVAL = " ".join(stack for _, stack in ABBY.values()).split()


def test_abby_scores_9_on_the_score_function():
    result = score_round([Card.parse(c) for c in CARNIVAL], [[Card.parse(c) for c in ROW]], Rules())
    assert result.carnival_sums == (7, 2, 3, 3, 9)
    assert result.spectator_sums == ((4, 8, 3, -1, 6),)
    assert result.happy == ((True, False, False, True, True),)
    assert result.scores == (4 - 1 + 6,) == (9,)
    assert result.scoring_cards == (1 + 2 + 1,)


def test_abby_scores_9_at_the_end_of_a_staged_round():
    """Abby (player 1) draws the last card, R1, and plays it onto the Carnival stack: the
    round ends, her row is revealed beside the stack, and she scores 9."""
    game = stage(players=2, hands=[["R1"], []], spectators=[ROW, []], carnival=CARNIVAL, deck=[])
    assert "last turn" in game.pending()
    game.play("carnival R1")
    result = game.results[0]
    assert result.spectator_sums[0] == (4, 8, 3, -1, 6)
    assert result.carnival_sums == (8, 2, 3, 3, 9)
    assert result.scores[0] == 9
    assert game.round == 2
