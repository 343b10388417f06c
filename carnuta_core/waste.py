"""Wasted actions: one definition, shared by the turn-economy ledger and the simulation lab.

A game's actions are read as *moves* ``(seat, kind, card)``: ``kind`` is one of ``KINDS``
and ``card`` the card taken, played or discarded (else ``None``). Among the four actions a
player takes two of each turn, a move is **wasted** when it bought nothing:

- ``discarded``: a Take a Card whose card was later discarded at the hand limit;
- ``never played``: a Take a Card whose card is still in hand when the game is over;
- ``overwritten flip``: a Flip Runes followed by another Flip Runes of the same player before
  their next card play. In the printed rules a flip turns *every* rune and Take Runes does not
  depend on the faces, so the second flip alone would have given the same board. Not counted
  in the ``flip_mode="any"`` variant, where a flip turns only some runes;
- ``unspent runes``: a Take Runes or Flip Runes after the player's last card play, once the
  game is over (those runes never paid for anything).

Each move gets at most one label; an overwritten flip is reported as such even when it is
also unspent. Actions *forfeited* at an ``end`` (none was possible) are counted apart.

>>> moves = [(0, "flip", None), (0, "flip", None), (0, "take", "D01"), (0, "discard", "D01")]
>>> waste_labels(moves, flip_mode="all", over=False)
['overwritten flip', None, 'discarded', None]
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import (
    Action,
    ChooseBonus,
    Discard,
    EndTurn,
    FlipRunes,
    PlayCard,
    Sickle,
    TakeCard,
    TakeRunes,
)

#: The four actions a player takes two of each turn.
SPENDING = ("take", "play", "runes", "flip")
KINDS = (*SPENDING, "sickle", "bonus", "discard", "end")
#: The kind of each action type.
KIND_OF: dict[type[Action], str] = {
    TakeCard: "take",
    PlayCard: "play",
    TakeRunes: "runes",
    FlipRunes: "flip",
    Sickle: "sickle",
    ChooseBonus: "bonus",
    Discard: "discard",
    EndTurn: "end",
}

Move = tuple[int, str, "str | None"]


def kind_of(action: Action) -> str:
    """The kind of an action.

    >>> kind_of(Action.parse("flip moon")), kind_of(Action.parse("sickle day"))
    ('flip', 'sickle')
    """
    return KIND_OF[type(action)]


def waste_labels(moves: Sequence[Move], flip_mode: str, over: bool) -> list[str | None]:
    """The waste label of each move (``None`` when it was not wasted); see the module doc.

    ``flip_mode`` is the game's ``rules.flip_mode``; ``over`` says whether the game ended.
    """
    labels: list[str | None] = [None] * len(moves)
    last_play: dict[int, int] = {}
    for i, (seat, kind, _) in enumerate(moves):
        if kind == "play":
            last_play[seat] = i
    pending_flip: dict[int, int] = {}
    taken: dict[tuple[int, str | None], int] = {}  # (seat, card) -> the move that took it
    for i, (seat, kind, card) in enumerate(moves):
        if kind == "take":
            taken[seat, card] = i
        elif kind == "discard":
            take = taken.pop((seat, card), None)
            if take is not None:
                labels[take] = "discarded"
        elif kind in ("runes", "flip"):
            if over and i > last_play.get(seat, -1):
                labels[i] = "unspent runes"
            if kind == "flip" and flip_mode == "all":
                previous = pending_flip.get(seat)
                if previous is not None:
                    labels[previous] = "overwritten flip"
                pending_flip[seat] = i
        elif kind == "play":
            pending_flip.pop(seat, None)
            taken.pop((seat, card), None)
    if over:
        for take in taken.values():  # still in hand when the game ended
            labels[take] = "never played"
    return labels


__all__ = ["KINDS", "KIND_OF", "SPENDING", "Move", "kind_of", "waste_labels"]
