"""Maths exercises: a marginal value from its Piecewise, the expected wait for a wanted card,
a Sickle's expected value and the fewest actions that build a potion."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from carnuta_core import CarnutaError, Game, Row, Rules, maths
from carnuta_core.cards import PerSet, format_cost
from carnuta_core.maths import decisions, economy, reveal_laws
from carnuta_core.rune_graph.classes import closed_classes
from carnuta_core.svg import table_svg

from .base import NumberExercise, register
from .staging import DECK, INGREDIENT_CARDS, STARTING, board, opponent_board, stage

SET_CARDS = [c for c in INGREDIENT_CARDS if "per set" in str(DECK[c].scoring)]
PRICED = [c for c in INGREDIENT_CARDS if DECK[c].cost]


class FractionExercise(NumberExercise):
    """A number that may be a fraction: ``Fraction(25, 4)``, ``'25/4'`` or ``6.25``."""

    unit = ""

    def forms(self) -> list[Any]:
        value = Fraction(self.answer())
        forms: list[Any] = [value, f"{value.numerator}/{value.denominator}"]
        forms.append(f" {value.numerator} / {value.denominator} ")
        if value.denominator in (1, 2, 4, 5, 8, 10):
            forms.append(float(value))
        return forms


@register
class MarginalFromPiecewise(NumberExercise):
    key = "marginal_piecewise"
    theme = "maths"
    title = "One more of an ingredient, from the Piecewise"
    rule = "points"
    how = "a number of points"
    randomised = True

    def setup(self) -> None:
        rng = self.rng
        while True:
            played = [rng.choice(STARTING), rng.choice(SET_CARDS)]
            played += rng.sample(
                [c for c in INGREDIENT_CARDS if c not in played], rng.randint(2, 5)
            )
            self.potion = maths.Potion.of(played)
            wanted = DECK[played[1]].scoring
            assert isinstance(wanted, PerSet)
            self.ingredient = rng.choice(sorted(wanted.needs, key=lambda i: i.value))
            self.marginal = maths.ingredient_gain(self.potion, self.ingredient)
            if self.marginal.value > 0:
                break
        self.played = played
        self.game = stage([board(played, "SSMM"), opponent_board(played)])

    def question(self) -> str:
        return (
            f"Your potion holds {', '.join(self.played)}. How many points would one more "
            f"{self.ingredient.title} add (a Salt or a Bonus token of it)? Derive it: "
            "calculus.marginal_value gives the Piecewise, read it at your counts."
        )

    def answer(self) -> int:
        return self.marginal.value

    def wrong_answers(self) -> list[Any]:
        own = sum(1 for c in self.potion.played if c.ingredient is self.ingredient)
        return [w for w in (self.marginal.value + 1, 0, own + 100) if w != self.marginal.value][:2]

    def nudge(self, value: Any) -> str:
        return "a set pays one more only while this ingredient is its scarcest"


@register
class FirstWantedReveal(FractionExercise):
    key = "first_wanted_reveal"
    theme = "maths"
    title = "How long until a wanted card shows?"
    rule = "take"
    how = "a number, a fraction like Fraction(25, 4) or '25/4'"
    randomised = True
    seat = None

    def setup(self) -> None:
        self.unseen = self.rng.randint(12, 32)
        self.wanted = self.rng.randint(1, 4)
        self.game = Game.new(2, seed=self.rng.randrange(10**6))

    def picture(self) -> str:
        assert self.game is not None
        return table_svg(self.game)

    def question(self) -> str:
        return (
            f"A market deck holds {self.unseen} unseen cards in random order, {self.wanted} of "
            "which you want. On average, how many cards are revealed up to and including the "
            "first wanted one?"
        )

    def answer(self) -> Fraction:
        value = reveal_laws.expected_first_wanted(self.unseen, self.wanted)
        return Fraction(int(value.p), int(value.q))

    def wrong_answers(self) -> list[Any]:
        return [Fraction(self.unseen, self.wanted), Fraction(self.unseen + 1, self.wanted)]

    def nudge(self, value: Any) -> str:
        return "sum the tail probabilities P(T > k): the hockey stick gives (u + 1)/(w + 1)"


@register
class SickleExpectation(FractionExercise):
    key = "sickle_expectation"
    theme = "maths"
    title = "What is a Sickle worth?"
    rule = "take"
    how = "a number, a fraction like Fraction(35111, 10626) or '35111/10626'"
    randomised = True
    seat = None

    def setup(self) -> None:
        self.game = Game.new(2, seed=self.rng.randrange(10**6))
        self.row = self.rng.choice([Row.DAY, Row.NIGHT])
        self.value = decisions.sickle_value(self.game, 0, self.row)

    def question(self) -> str:
        return (
            f"Player 1 may use a Sickle on the {self.row.value} row: its 4 cards are discarded "
            "and 4 new ones revealed from that deck. Counting only the points a card would add "
            "to Player 1's potion now, what is the expected best gain among the 4 new cards?"
        )

    def answer(self) -> Fraction:
        return self.value.expected_after

    def wrong_answers(self) -> list[Any]:
        return [Fraction(self.value.best_now), self.value.expected_after + 1]

    def nudge(self, value: Any) -> str:
        return "P(best <= g) = C(cards worth at most g, 4) / C(unseen, 4)"


@register
class FewestActionsToBuild(NumberExercise):
    key = "fewest_actions_to_build"
    theme = "maths"
    title = "The fewest actions that build a potion"
    rule = "runes"
    how = "a number of actions"
    unit = "actions"
    randomised = True

    def setup(self) -> None:
        rng = self.rng
        while True:  # some sets of costs no order of rune actions can pay
            self.played = [rng.choice(STARTING), *rng.sample(PRICED, rng.randint(2, 4))]
            try:
                self.plan = economy.potion_actions(maths.Potion.of(self.played))
            except CarnutaError:
                continue
            break
        self.game = stage([board(self.played[:1], "SSMM"), opponent_board(self.played)])

    def question(self) -> str:
        costs = "; ".join(f"{c}: {format_cost(DECK[c].cost)}" for c in self.played[1:])
        return (
            f"From the start (2 Suns, 2 Moons, 4 open spaces), how many actions at the fewest "
            f"take and play {', '.join(self.played[1:])} ({costs})? Count 1 to take each card, "
            "1 to play it, and every Take or Flip Runes; the counter opens a Padlock at 4."
        )

    def answer(self) -> int:
        return self.plan.actions

    def wrong_answers(self) -> list[Any]:
        cards = len(self.played) - 1
        return [w for w in (2 * cards - 1, self.plan.actions + 2, 0) if w != self.plan.actions][:2]

    def nudge(self, value: Any) -> str:
        return "order matters: a card that returns runes can make room for a Take Runes"

    def because(self) -> str:
        return str(self.plan)


@register
class BestPotionAsAProgram(NumberExercise):
    key = "best_potion_program"
    theme = "maths"
    title = "The best potion of a small pool, as an integer program"
    rule = "points"
    how = "a number of points"
    randomised = True
    seat = None

    def setup(self) -> None:
        rng = self.rng
        self.pool = [
            *rng.sample(STARTING, 2),
            *rng.sample(INGREDIENT_CARDS, 9),
            rng.choice([c for c in DECK if c.is_salt]).id,
        ]
        self.k = rng.randint(3, 4)
        self.best = maths.exhaustive_optimum([DECK[c] for c in self.pool], self.k)
        self.game = Game.new(2, seed=self.rng.randrange(10**6))

    def picture(self) -> str:
        assert self.game is not None
        return table_svg(self.game)

    def question(self) -> str:
        return (
            f"From the pool {', '.join(self.pool)}, a potion of {self.k} cards holds exactly one "
            "starting card (no Bonus token). What is the best score it can reach? Write it as "
            "an integer program (formulation.optimum_milp) or search it another way."
        )

    def answer(self) -> int:
        return self.best.value

    def wrong_answers(self) -> list[Any]:
        return [self.best.value + 1, self.best.value - 1]

    def nudge(self, value: Any) -> str:
        return "an integer program's answer counts only once the solver proves it optimal"


@register
class ClosedClassesOfAVariant(NumberExercise):
    key = "closed_classes"
    theme = "maths"
    title = "Traps of the rune graph under other rules"
    rule = "flip"
    how = "a whole number"
    unit = ""
    randomised = True
    seat = None

    def setup(self) -> None:
        rng = self.rng
        spaces = rng.randint(5, 7)
        open_spaces = rng.randint(3, spaces - 1)
        locked = spaces - open_spaces
        self.rules = Rules(
            rune_spaces=spaces,
            open_spaces=open_spaces,
            unlock_levels=tuple(range(4, 4 + 3 * locked, 3))[:locked],
            starting_suns=open_spaces // 2,
            starting_moons=open_spaces // 2,
        )
        self.classes = closed_classes(rules=self.rules)
        self.game = Game.new(2, seed=self.rng.randrange(10**6))

    def picture(self) -> str:
        assert self.game is not None
        return table_svg(self.game)

    def question(self) -> str:
        return (
            f"A variant has {self.rules.rune_spaces} rune spaces, {self.rules.open_spaces} open "
            "at the start. Counting rune actions only (Take and Flip Runes, the reserve never "
            "short), how many closed classes does its rune graph have: groups of states that "
            "rune actions move between but never leave?"
        )

    def answer(self) -> int:
        return len(self.classes)

    def wrong_answers(self) -> list[Any]:
        return [len(self.classes) + 1, 0]

    def nudge(self, value: Any) -> str:
        return "a full board flips between all Suns and all Moons: one trap per number of spaces"
