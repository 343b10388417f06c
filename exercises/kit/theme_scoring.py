"""Scoring exercises: score a potion, what a card adds, where a Salt goes, who wins a tie, and
a card's points written as a formula."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import sympy

from carnuta_core import Game, Ingredient, PlayCard
from carnuta_core.cards import PerIngredient, PerSet
from carnuta_core.maths import COUNT_SYMBOLS, card_formula
from carnuta_core.model import INGREDIENTS
from carnuta_core.scoring import card_points, ingredient_counts
from carnuta_core.svg import card_svg, table_svg

from .answers import (
    AnswerError,
    read_action,
    read_card,
    read_ingredient,
    read_many,
    read_player,
)
from .base import Exercise, NumberExercise, first, register
from .staging import (
    DECK,
    SALTS,
    board,
    card_ids,
    opponent_board,
    random_bonus,
    random_potion,
    random_runes,
    stage,
    topped_up,
)


def _rows(game: Game, seat: int = 0) -> str:
    pad = game.score_pad(seat)
    rows = ", ".join(f"{i.title} {p}" for i, p in pad if p)
    return f"score pad: {rows}; total {pad.total}"


@register
class ScorePotion(NumberExercise):
    key = "score_potion"
    theme = "scoring"
    title = "Score this potion"
    rule = "points"
    how = "a number of points"
    randomised = True

    def setup(self) -> None:
        rng = self.rng
        size = rng.randint(6, 10)
        self.potion = random_potion(rng, size, salts=rng.randint(0, 2))
        self.bonus = random_bonus(rng, size)
        self.game = stage(
            [board(self.potion, random_runes(rng, 3), bonus=self.bonus),
             opponent_board(self.potion)]
        )  # fmt: skip

    def question(self) -> str:
        extras = []
        salts = [p for p in self.potion if " on " in p]
        if salts:
            extras.append("Salts: " + ", ".join(salts))
        if self.bonus:
            extras.append("Bonus tokens: " + ", ".join(self.bonus))
        more = f" ({'; '.join(extras)})" if extras else ""
        return (
            f"Your potion holds {', '.join(card_ids(self.potion))}{more}. If the game ended now, "
            "what would your total score be?"
        )

    def answer(self) -> int:
        assert self.game is not None
        return self.game.score_pad(0).total

    def plain_total(self) -> int:
        """The total if Salts, doubles and Bonus tokens counted for nothing (a common slip)."""
        cards = [DECK[c] for c in card_ids(self.potion) if c not in SALTS]
        counts = dict.fromkeys(Ingredient, 0)
        for card in cards:
            assert card.ingredient is not None
            counts[card.ingredient] += 1
        return sum(card_points(card, counts) for card in cards)

    def wrong_answers(self) -> list[Any]:
        n = self.answer()
        return first([self.plain_total(), n + 1, n - 1, n + 2], 3, lambda a: a != n and a >= 0)

    def nudge(self, value: Any) -> str:
        if value == self.plain_total():
            return "Count each ingredient in full: doubles, Salts and Bonus tokens too."
        return ""

    def because(self) -> str:
        assert self.game is not None
        return "The " + _rows(self.game) + "."


# The rulebook's "End of the Game" example: Eric's 11 cards (see docs/reference_deck.md).
ERIC = ["S06", "D26", "D01", "D16", "D19", "N24", "N17", "N19", "N20", "N13", "N11"]
ERIC_BONUS = ["clover", "butterfly"]


def eric_game(bonus: list[str] | None = None) -> Game:
    """Eric's potion as a staged position (the end is triggered: he has 11 cards)."""
    return stage(
        [board(ERIC, "SSMM", bonus=bonus or ERIC_BONUS), board(["S01", "D02", "N02"], "SM")],
        turn={"round": 12, "player": 1, "final_round": 12},
    )


@register
class EricWhatIf(NumberExercise):
    key = "eric_what_if"
    theme = "scoring"
    title = "Eric's other Bonus token"
    rule = "bonus"
    how = "a number of points"
    randomised = True

    def setup(self) -> None:
        self.old = self.rng.choice(ERIC_BONUS)
        self.new = self.rng.choice([i.value for i in Ingredient if i.value not in ERIC_BONUS])
        self.game = eric_game()
        bonus = [self.new if t == self.old else t for t in ERIC_BONUS]
        self.variant = eric_game(bonus)

    def question(self) -> str:
        return (
            "Eric's potion (the rulebook's end-of-game example) scores 40 with his Clover and "
            f"Butterfly Bonus Ingredient tokens. Had he taken the {self.new.title()} token "
            f"instead of the {self.old.title()} one, what would his total be?"
        )

    def answer(self) -> int:
        return self.variant.score_pad(0).total

    def wrong_answers(self) -> list[Any]:
        n = self.answer()
        return first(
            [self.game.score_pad(0).total if self.game else 40, n + 1, n - 1], 2, lambda a: a != n
        )

    def because(self) -> str:
        return "His " + _rows(self.variant) + "."


@register
class MarginalValue(NumberExercise):
    key = "marginal_value"
    theme = "scoring"
    title = "What does one more card add?"
    rule = "points"
    how = "a number of points"
    randomised = True

    def setup(self) -> None:
        rng = self.rng
        self.card = rng.choice([c.id for c in DECK if c.origin.row and not c.is_salt])
        size = rng.randint(4, 9)
        potion = random_potion(rng, size, salts=rng.randint(0, 1), avoid=[self.card])
        bonus = random_bonus(rng, size)
        other = opponent_board(potion)
        self.game = stage([board(potion, "SSMM", hand=[self.card], bonus=bonus), other])
        grown = topped_up(bonus, size + 1)
        self.with_card = stage([board([*potion, self.card], "SSMM", bonus=grown), other])
        self.potion = potion

    def question(self) -> str:
        return (
            f"Your potion holds {', '.join(card_ids(self.potion))}. By how many points does your "
            f"total grow if you add {DECK[self.card]} to it?"
        )

    def answer(self) -> int:
        assert self.game is not None
        return self.with_card.score_pad(0).total - self.game.score_pad(0).total

    def own_points(self) -> int:
        view = self.with_card.player(0)
        counts = ingredient_counts(view.played, dict(view.salt_on), view.bonus_tokens)
        return card_points(DECK[self.card], counts)

    def wrong_answers(self) -> list[Any]:
        n = self.answer()
        return first([self.own_points(), n + 1, n - 1, n + 2], 3, lambda a: a != n and a >= 0)

    def nudge(self, value: Any) -> str:
        if value == self.own_points():
            return f"That is what {self.card} scores itself; what else changes?"
        return ""

    def because(self) -> str:
        return (
            f"{self.card} itself scores {self.own_points()}; the rest comes from cards that "
            f"count its ingredient. With it, the {_rows(self.with_card)}."
        )


@register
class SaltBest(Exercise):
    key = "salt_best"
    theme = "scoring"
    title = "Where does the Salt go?"
    rule = "special"
    how = "a played card's id (or its column's ingredient, or 'play D30 on N07')"
    randomised = True

    def setup(self) -> None:
        rng = self.rng
        while True:
            self.salt = rng.choice(SALTS)
            size = rng.randint(5, 9)
            potion = random_potion(rng, size, avoid=[self.salt])
            self.game = game = stage(
                [board(potion, "SSMM", hand=[self.salt], bonus=random_bonus(rng, size)),
                 opponent_board(potion)]
            )  # fmt: skip
            self.gains: dict[Ingredient, int] = {}
            self.column: dict[str, Ingredient] = {}
            base = game.score_pad(0).total
            for action in game.legal_actions():
                if isinstance(action, PlayCard) and action.target:
                    child = game.copy()
                    child.play(action)
                    ingredient = DECK[action.target].ingredient
                    assert ingredient is not None
                    self.column[action.target] = ingredient
                    self.gains[ingredient] = child.score_pad(0).total - base
            best = max(self.gains.values(), default=0)
            if sum(1 for g in self.gains.values() if g < best) >= 2:
                return

    def question(self) -> str:
        return (
            f"You play the Salt {self.salt}. On which of your played cards should it go to add "
            "the most points to your potion?"
        )

    def best(self) -> set[Ingredient]:
        top = max(self.gains.values())
        return {i for i, g in self.gains.items() if g == top}

    def answer(self) -> str:
        return next(c for c, i in self.column.items() if i in self.best())

    def solutions(self) -> set[Any]:
        return self.best()

    def read(self, answer: Any) -> Ingredient:
        if isinstance(answer, str) and answer.strip().lower().startswith("play "):
            answer = read_action(answer)
        if isinstance(answer, PlayCard):
            if not answer.target:
                raise AnswerError(f"say which card the Salt goes on: 'play {self.salt} on ...'")
            answer = answer.target
        try:
            card = read_card(answer)
        except AnswerError:
            return read_ingredient(answer)
        if card not in self.column:
            raise AnswerError(f"{card} is not one of your played ingredient cards")
        return self.column[card]

    def forms(self) -> list[Any]:
        card = self.answer()
        column = self.column[card]
        return [
            card,
            card.lower(),
            f"play {self.salt} on {card}",
            column.value,
            column,
            column.title,
        ]

    def wrong_answers(self) -> list[Any]:
        worst = sorted(self.column, key=lambda c: self.gains[self.column[c]])
        picked = first(worst, 2, lambda c: self.column[c] not in self.best())
        seen = {self.column[c] for c in picked}
        return (
            picked
            if len(seen) == 2
            else picked + [c for c in worst if self.column[c] not in self.best() | seen][:1]
        )

    def because(self) -> str:
        ranked = sorted(self.gains.items(), key=lambda item: -item[1])
        return "Points added by column: " + ", ".join(f"{i.title} +{g}" for i, g in ranked) + "."


TIE_BOARDS = [
    board(
        ["S08", "N03", "N10", "N16", "D19", "D04", "D14", "N22", "D18", "D22", "D03"],
        "SSM",
        bonus=["clover", "berry"],
    ),
    board(
        ["S03", "N20", "D11", "N14", "N05", "N06", "N07", "D23", "D27", "D21"],
        "SM",
        bonus=["butterfly", "honey"],
    ),
]
TIE_TURN = {"round": 12, "player": 1, "final_round": 12}


@register
class TieBreak(Exercise):
    key = "tie_break"
    theme = "scoring"
    title = "Who wins a tie?"
    rule = "tie"
    how = "the winning player's number, like 2 or 'Player 2' (a list if the victory is shared)"
    seat = None

    def setup(self) -> None:
        self.game = stage(TIE_BOARDS, turn=TIE_TURN)

    def picture(self) -> str:
        assert self.game is not None
        return table_svg(self.game)

    def question(self) -> str:
        return "The game has ended with these two potions. Score both potions: who wins the game?"

    def answer(self) -> int | list[int]:
        assert self.game is not None
        seats = [s + 1 for s in self.game.winners()]
        return seats[0] if len(seats) == 1 else seats

    def solutions(self) -> set[Any]:
        assert self.game is not None
        return {frozenset(s + 1 for s in self.game.winners())}

    def read(self, answer: Any) -> frozenset[int]:
        return read_many(answer, read_player)

    def forms(self) -> list[Any]:
        (winner,) = next(iter(self.solutions()))
        return [winner, str(winner), f"Player {winner}", f"P{winner}", [winner]]

    def wrong_answers(self) -> list[Any]:
        (winner,) = next(iter(self.solutions()))
        loser = 3 - winner
        return [loser, f"Player {loser}", [1, 2]]

    def because(self) -> str:
        assert self.game is not None
        pads = [self.game.score_pad(s) for s in range(2)]
        return (
            f"Both total {pads[0].total}; the best single rows are {pads[0].best_row} and "
            f"{pads[1].best_row}."
        )


@register
class CardFormula(Exercise):
    key = "card_formula"
    theme = "scoring"
    title = "Write a card's formula"
    rule = "points"
    how = (
        "a formula built from the counts n.clover, n.flower, ... n.mushroom, with Min(...) for a "
        "set and floor(...) for halves, like 4*Min(n.skull, n.honey) (from exercises.kit import "
        "n, Min, floor); a function of the counts, like lambda c: 4 * min(c['skull'], "
        "c['honey']), works too"
    )
    randomised = True

    def setup(self) -> None:
        kind = PerSet if self.rng.random() < 0.5 else PerIngredient  # sets are the rarer cards
        self.card = self.rng.choice([c for c in DECK if isinstance(c.scoring, kind)])
        assert isinstance(self.card.scoring, PerIngredient | PerSet)
        self.scoring = self.card.scoring
        shown = list(dict.fromkeys(self.scoring.ingredients))
        spare = next(i for i in INGREDIENTS if i not in shown)
        # Every mix of the counts the card shows (0-4 each), with one count it does not show
        # (0 or 3): a formula that agrees on all of them is the card's formula.
        self.grid = [
            {**dict(zip(shown, values, strict=True)), spare: extra}
            for values in itertools.product(range(5), repeat=len(shown))
            for extra in (0, 3)
        ]

    def question(self) -> str:
        return (
            f"{self.card.id} ({self.card.ingredient.title if self.card.ingredient else ''}) "
            f"scores '{self.scoring}'. Write its points as a formula in the counts of "
            "your potion."
        )

    def picture(self) -> str:
        return card_svg(self.card, width=140)

    def values(self, points: Callable[[dict[Ingredient, int]], Any]) -> tuple[Fraction, ...]:
        """The points at every count mix of the grid, exactly."""
        out = []
        for counts in self.grid:
            value = points(counts)
            if isinstance(value, sympy.Rational):
                value = Fraction(int(value.p), int(value.q))
            if not isinstance(value, int | float | Fraction):
                raise AnswerError(f"it gives {value!r} for the counts {_counts(counts)}")
            out.append(Fraction(value))
        return tuple(out)

    def solutions(self) -> set[Any]:
        return {self.values(lambda counts: card_points(self.card, counts))}

    def read(self, answer: Any) -> tuple[Fraction, ...]:
        if isinstance(answer, sympy.Basic):
            strangers = answer.free_symbols - set(COUNT_SYMBOLS.values())
            if strangers:
                names = ", ".join(sorted(map(str, strangers)))
                raise AnswerError(f"{names} is not a count: use n.clover ... n.mushroom")
            return self.values(lambda counts: _substitute(answer, counts))
        if isinstance(answer, int):
            return self.values(lambda counts: answer)
        if callable(answer):
            return self.values(lambda counts: _call(answer, counts))
        raise AnswerError(
            "write the formula with the count symbols (n.skull ...), not as text"
            if isinstance(answer, str)
            else f"{answer!r} is not a formula"
        )

    def answer(self) -> Any:
        return card_formula(self.card)

    def forms(self) -> list[Any]:
        formula = self.answer()
        return [
            formula,
            sympy.expand(formula),
            lambda counts: card_points(self.card, {Ingredient(k): v for k, v in counts.items()}),
        ]

    def _as_sum(self) -> Any:
        """The mistake of adding a set's counts instead of taking the smallest."""
        scoring = self.scoring
        return scoring.points * sympy.Add(*(COUNT_SYMBOLS[i] for i in scoring.ingredients))

    def wrong_answers(self) -> list[Any]:
        formula = self.answer()
        wrong = [self._as_sum(), formula + 1, 2 * formula, formula.xreplace(_swap(self.scoring))]
        right = self.solutions()
        return first(wrong, 3, lambda a: self.read(a) not in right)

    def nudge(self, value: Any) -> str:
        if isinstance(self.scoring, PerSet) and value == self.read(self._as_sum()):
            return "A set is complete only with every ingredient shown: take the smallest count."
        if value[0] != 0:
            return "With no ingredient at all the card scores 0: there is no flat part."
        return ""

    def because(self) -> str:
        return (
            f"{self.card.id} scores {sympy.sstr(self.answer())} (carnuta_core.maths.card_formula)."
        )


class Counts:
    """The count symbols by name: ``n.skull`` is the number of Skulls in the potion."""

    def __getattr__(self, name: str) -> Any:
        try:
            return COUNT_SYMBOLS[Ingredient(name)]
        except ValueError:
            raise AttributeError(f"no ingredient {name!r}") from None

    def __dir__(self) -> list[str]:
        return [i.value for i in INGREDIENTS]


n = Counts()


def _counts(counts: dict[Ingredient, int]) -> str:
    return ", ".join(f"{i.value} {v}" for i, v in counts.items())


def _substitute(formula: Any, counts: dict[Ingredient, int]) -> Any:
    values = {COUNT_SYMBOLS[i]: counts.get(i, 0) for i in INGREDIENTS}
    return formula.xreplace({s: sympy.Integer(v) for s, v in values.items()})


def _call(points: Callable[[dict[str, int]], Any], counts: dict[Ingredient, int]) -> Any:
    names = {i.value: counts.get(i, 0) for i in INGREDIENTS}
    try:
        return points(names)
    except Exception as error:  # a student's function: any failure is an unreadable answer
        raise AnswerError(f"the function fails on the counts {_counts(counts)}: {error}") from None


def _swap(scoring: PerIngredient | PerSet) -> dict[Any, Any]:
    """Each count the card shows replaced by the next ingredient's: a wrong-ingredient formula."""
    shown = list(dict.fromkeys(scoring.ingredients))
    return {
        COUNT_SYMBOLS[i]: COUNT_SYMBOLS[INGREDIENTS[(INGREDIENTS.index(i) + 1) % 8]] for i in shown
    }
