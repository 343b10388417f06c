"""Karnak's scoring: complete Designs (in hand and revealed) and unused Favor cards.

Points are counted only at the end (RULING 12 for ties): a Design scores its points if it is
complete on the mat at that moment, wherever it is (hand or revealed), and each unused Favor
card scores ``favor_point``. Ties go to the most complete Designs, then the most unused Favor
cards; players still tied share the win.

>>> a = Score(seat=0, points=7, designs=2, favors=1)
>>> b = Score(seat=1, points=7, designs=2, favors=0)
>>> winners([a, b])
[0]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .designs import Design


@dataclass(frozen=True)
class Score:
    """A seat's score: ``points``, its complete Designs and its unused Favor cards."""

    seat: int
    points: int
    designs: int
    favors: int

    @property
    def rank_key(self) -> tuple[int, int, int]:
        return (self.points, self.designs, self.favors)


def final_scores(
    designs: Sequence[Design],
    is_complete: Callable[[int], bool],
    hands: Sequence[Sequence[int]],
    revealed: Sequence[Sequence[int]],
    favors: Sequence[Sequence[int]],
    favor_point: int,
) -> list[Score]:
    """Every seat's ``Score``: ``is_complete(i)`` says whether Design ``designs[i]`` is
    complete on the mat (the game asks each once per mat)."""
    scores = []
    for seat, (hand, shown, cards) in enumerate(zip(hands, revealed, favors, strict=True)):
        points = done = 0
        for index in (*hand, *shown):
            if is_complete(index):
                points += designs[index].points
                done += 1
        unused = sum(cards)
        scores.append(Score(seat, points + favor_point * unused, done, unused))
    return scores


def winners(scores: Sequence[Score]) -> list[int]:
    """The seats with the best (points, complete Designs, unused Favor cards)."""
    best = max(score.rank_key for score in scores)
    return [score.seat for score in scores if score.rank_key == best]


__all__ = ["Score", "final_scores", "winners"]
