"""Scoring a round ("happy spectators") and choosing the winners over the rounds.

A Creature type is happy in front of a player when the Carnival holds more of it (the sum of
its values, negative cards included) than that player's Spectator row; the cards of happy
types score their values, the others are turned face down.

>>> from carnival_core.cards import Card
>>> cards = lambda text: [Card.parse(word) for word in text.split()]
>>> result = score_round(cards("R6 R1 Y2"), [cards("R4 Y3"), cards("Y1")], Rules())
>>> result.scores, result.scoring_cards
((4, 1), (1, 1))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import compress
from operator import ge, gt

from tabletop.saves import short_repr

from .cards import Card, CardSet, card_set
from .errors import ArgumentError
from .rules import MAX_PLAYERS, Rules


def happy_types(
    carnival_sums: Sequence[int], spectator_sums: Sequence[int], rules: Rules
) -> tuple[bool, ...]:
    """Which Creature types are happy, by type: those with more in the Carnival than in the
    Spectators (as much, too, if the rules say so).

    >>> happy_types((5, 2, 0), (4, 2, -2), Rules())
    (True, False, True)
    """
    if rules.happy_on_tie:
        return tuple(map(ge, carnival_sums, spectator_sums))
    return tuple(map(gt, carnival_sums, spectator_sums))


def points(spectator_sums: Sequence[int], happy: Sequence[bool], rules: Rules) -> int:
    """What a Spectator row scores: the sums of its happy types (a negative sum counts only if
    the rules say so).

    >>> points((4, 2, -2), (True, False, True), Rules())
    2
    """
    if rules.negative_sums_score:
        return sum(compress(spectator_sums, happy))
    return sum([s for s in compress(spectator_sums, happy) if s > 0])


@dataclass(frozen=True)
class RoundResult:
    """The reveal of one round: every Creature in the Carnival and in each Spectator row
    (Masks put aside, hidden cards and hands added), the sums by type, and the scores."""

    round: int
    carnival: tuple[Card, ...]
    spectators: tuple[tuple[Card, ...], ...]
    carnival_sums: tuple[int, ...]
    spectator_sums: tuple[tuple[int, ...], ...]
    happy: tuple[tuple[bool, ...], ...]
    scores: tuple[int, ...]
    #: Creature cards left face up (those of happy types), for the tie-break.
    scoring_cards: tuple[int, ...]

    def lines(self, creature_names: Sequence[str]) -> list[str]:
        """The reveal as a small table: Carnival sum and each player's sum per type; ``*``
        marks a happy type that scores."""
        players = len(self.scores)
        lines = ["Creature  Carnival" + "".join(f"{'P' + str(p + 1):>7}" for p in range(players))]
        for t, name in enumerate(creature_names):
            cells = ""
            for seat in range(players):
                has_cards = any(card.type_index == t for card in self.spectators[seat])
                mark = "*" if has_cards and self.happy[seat][t] else " "
                cell = f"{self.spectator_sums[seat][t]}{mark}" if has_cards else "-  "
                cells += f"{cell:>7}"
            lines.append(f"{name:<9}{self.carnival_sums[t]:>9}{cells}")
        lines.append(f"{'Score':<18}" + "".join(f"{s:>6} " for s in self.scores))
        return lines


def score_round(
    carnival: Iterable[Card],
    spectators: Sequence[Iterable[Card]],
    rules: Rules,
    round: int = 1,
) -> RoundResult:
    """Score a revealed round: ``carnival`` and each seat's ``spectators`` are Creature cards
    (Masks, if any, are put aside). Anything else is an ``ArgumentError`` naming the argument."""
    if not isinstance(rules, Rules):
        raise ArgumentError("rules", f"a Rules, not {short_repr(rules)}")
    if type(round) is not int or not 1 <= round <= rules.rounds:
        raise ArgumentError("round", f"a round from 1 to {rules.rounds}, not {short_repr(round)}")
    if (
        isinstance(spectators, (str, bytes))
        or not isinstance(spectators, Sequence)
        or not 1 <= len(spectators) <= MAX_PLAYERS
    ):
        raise ArgumentError(
            "spectators",
            f"a row of cards for each of 1 to {MAX_PLAYERS} players, not {short_repr(spectators)}",
        )
    cards = card_set(rules)
    return round_result(
        cards,
        rules,
        round,
        _kinds("carnival", carnival, cards),
        [_kinds(f"spectators[{seat}]", row, cards) for seat, row in enumerate(spectators)],
    )


def _kinds(argument: str, row: Iterable[Card], cards: CardSet) -> list[int]:
    """The Creature kinds of a row of ``Card`` values (Masks put aside), within the box."""
    if isinstance(row, (str, bytes)) or not isinstance(row, Iterable):
        raise ArgumentError(argument, f"a list of Card values, not {short_repr(row)}")
    kinds: list[int] = []
    for card in row:
        if len(kinds) > len(cards.box):
            raise ArgumentError(argument, f"more cards than the box holds ({len(cards.box)})")
        if not isinstance(card, Card):
            raise ArgumentError(argument, f"Card values (Card.parse('R4')), not {short_repr(card)}")
        if card.is_mask:
            continue
        kind = cards.kind_of.get(card.id)
        if kind is None:
            raise ArgumentError(argument, f"there is no card {card.id} in this game")
        kinds.append(kind)
    return kinds


def round_result(
    cards: CardSet,
    rules: Rules,
    round: int,
    carnival: list[int],
    spectators: list[list[int]],
) -> RoundResult:
    """``score_round`` on card kinds (Creatures only): the engine's path at the end of a round.
    The lists given are sorted in place."""
    types, values, faces = cards.type_of, cards.value_of, cards.cards
    carnival_sums = [0] * cards.types
    for kind in carnival:
        carnival_sums[types[kind]] += values[kind]
    rows, spectator_sums, happy, scores, scoring_cards = [], [], [], [], []
    for row in spectators:
        sums = [0] * cards.types
        counts = [0] * cards.types
        for kind in row:
            t = types[kind]
            sums[t] += values[kind]
            counts[t] += 1
        glad = happy_types(carnival_sums, sums, rules)
        row.sort()
        rows.append(tuple(map(faces.__getitem__, row)))
        spectator_sums.append(tuple(sums))
        happy.append(glad)
        scores.append(points(sums, glad, rules))
        scoring_cards.append(sum(compress(counts, glad)))
    carnival.sort()
    return RoundResult(
        round,
        tuple(map(faces.__getitem__, carnival)),
        tuple(rows),
        tuple(carnival_sums),
        tuple(spectator_sums),
        tuple(happy),
        tuple(scores),
        tuple(scoring_cards),
    )


def totals(results: Sequence[RoundResult], players: int) -> list[int]:
    """Each seat's points over the rounds played so far."""
    return [sum(result.scores[seat] for result in results) for seat in range(players)]


def winners(results: Sequence[RoundResult], rules: Rules) -> list[int]:
    """The winning seats once every round is scored: most points; on a tie, most scoring cards
    in the last round (if the rules say so); still tied, the victory is shared."""
    if not results:
        return []
    points = totals(results, len(results[0].scores))
    best = max(points)
    tied = [seat for seat, p in enumerate(points) if p == best]
    if len(tied) > 1 and rules.tie_break_scoring_cards:
        cards = results[-1].scoring_cards
        most = max(cards[seat] for seat in tied)
        tied = [seat for seat in tied if cards[seat] == most]
    return tied
