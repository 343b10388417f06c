"""Maths exercises: a marginal value read from its Piecewise, the expected wait for a wanted
card, a Sickle's exact worth, the fewest actions that build a potion, the best potion of a
small pool as an integer program, and the closed classes of a variant's rune graph."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import ceil, floor
from typing import Any

import networkx as nx

from carnuta_core import Card, CarnutaError, Game, Ingredient, PositionError, Row, Rules, maths
from carnuta_core.actions import VERB_WORDS
from carnuta_core.cards import PerSet
from carnuta_core.maths import decisions, economy, formulation, reveal_laws
from carnuta_core.messages import cost_text
from carnuta_core.model import Face, Origin
from carnuta_core.rune_graph import RuneState, rune_graph
from carnuta_core.rune_graph.classes import closed_classes
from carnuta_core.scoring import card_points
from carnuta_core.svg import table_svg
from carnuta_core.vocabulary import word

from .base import NumberExercise, Slip, first, register
from .staging import DECK, INGREDIENT_CARDS, STARTING, board, opponent_board, stage

SET_CARDS = [c for c in INGREDIENT_CARDS if isinstance(DECK[c].scoring, PerSet)]
PRICED = [c for c in INGREDIENT_CARDS if DECK[c].cost]
#: How close a decimal may come to an exact answer and still be read as that answer rounded.
ROUNDING = Fraction(1, 100)


class TableExercise(NumberExercise):
    """An exercise about no one's board in particular: the picture is the whole table."""

    seat = None

    def picture(self) -> str:
        assert self.game is not None
        return table_svg(self.game)


class FractionExercise(TableExercise):
    """A number that may be a fraction: ``Fraction(25, 4)``, ``'25/4'`` or ``6.25``; a decimal
    rounded off it is told so."""

    unit = ""
    words = {
        "rounded": (
            "Close, but rounded: give the exact value, a fraction (Fraction(a, b) or 'a/b').",
            "Presque, mais arrondi : donnez la valeur exacte, une fraction (Fraction(a, b) ou "
            "'a/b').",
        ),
    }

    def forms(self) -> list[Any]:
        value = Fraction(self.answer())
        forms: list[Any] = [value, f"{value.numerator}/{value.denominator}"]
        forms.append(f" {value.numerator} / {value.denominator} ")
        if value.denominator in (1, 2, 4, 5, 8, 10):
            forms.append(float(value))
        return forms

    def rounded(self) -> Slip:
        """The answer rounded to two decimals, as a student's calculator shows it."""
        return Slip(
            "rounded",
            round(float(self.answer()), 2),
            self.say("rounded"),
        )

    def slip_for(self, value: Any) -> Slip | None:
        slip = super().slip_for(value)
        if slip is None and abs(value - self.answer()) < ROUNDING:
            return self.rounded()
        return slip


def names(cards: list[str], lang: str = "en") -> str:
    """``'D06'``, ``'D06 and N20'``, ``'D06, N20 and S08'`` (``et`` in French)."""
    if len(cards) == 1:
        return cards[0]
    return f"{', '.join(cards[:-1])} {'et' if lang == 'fr' else 'and'} {cards[-1]}"


def counts_verb(cards: int, lang: str) -> str:
    """ "counts" or "count" for that many cards ("compte" or "comptent")."""
    if lang == "fr":
        return "compte" if cards == 1 else "comptent"
    return "counts" if cards == 1 else "count"


def step_text(step: str, lang: str) -> str:
    """One step of a ``PotionPlan`` (``runes sun``, ``flip moon 2``, ``play D03``) in the
    notation of ``lang``."""
    verb, *rest = step.split()
    faces = {face.value: word(face, lang) for face in Face}
    return " ".join([VERB_WORDS[lang][verb], *(faces.get(w, w) for w in rest)])


# ------------------------------------------------------------------ a marginal value
def set_points(card: Card) -> int:
    """What one more set of a set card is worth."""
    assert isinstance(card.scoring, PerSet)
    return card.scoring.points


def card_changes(potion: maths.Potion, ingredient: Ingredient) -> dict[str, int]:
    """What each played card's points change by with one more ``ingredient``, scored by the
    engine: the Piecewise of the potion's difference is the sum of these, card by card."""
    counts = potion.counts()
    more = {**counts, ingredient: counts[ingredient] + 1}
    return {c.id: card_points(c, more) - card_points(c, counts) for c in potion.played}


def slips_then_neighbours(exercise: NumberExercise) -> list[Any]:
    """Two wrong counts for ``exercise``: its slips' answers first, then one more and one less
    than the right answer (never a negative count)."""
    n = exercise.answer()
    tried = [slip.answer for slip in exercise.slips()] + [n + 1, n - 1]
    return first(tried, 2, lambda a: a != n and a >= 0)


@register
class MarginalFromPiecewise(NumberExercise):
    key = "marginal_piecewise"
    theme = "maths"
    title = "One more of an ingredient, from the Piecewise"
    title_fr = "Un Ingrédient de plus, lu dans le Piecewise"
    rule = "points"
    how = "a number of points"
    how_fr = "un nombre de points"
    randomised = True
    words = {
        "token": (" and a Bonus token of {tokens}", " et un jeton Bonus {tokens}"),
        "question": (
            "Your potion holds {played}{token_text}. How many points would one more "
            "{ingredient} add (a Salt or a Bonus token of it)? Derive it: "
            "calculus.marginal_value gives the Piecewise; read it at your counts.",
            "Votre potion contient {played}{token_text}. Combien de points rapporterait un "
            "Ingrédient {ingredient} de plus (un Sel ou un jeton Bonus) ? Dérivez-le : "
            "calculus.marginal_value donne le Piecewise ; lisez-le à vos comptes.",
        ),
        "new total": (
            "That is the potion's new total: the marginal value is what one more adds, the new "
            "total minus the total now.",
            "C'est le nouveau total de la potion : la valeur marginale est ce qu'ajoute un de "
            "plus, le nouveau total moins le total actuel.",
        ),
        "paid regardless": (
            "A set gains from one more {ingredient} only when that completes a new set (the "
            "Piecewise's condition): at your counts, {idle} completes none.",
            "Une série ne gagne à un Ingrédient {ingredient} de plus que s'il complète une nouvelle série "
            "(la condition du Piecewise) : à vos comptes, {idle} n'en complète aucune.",
        ),
        "branch left out": (
            "At your counts one more {ingredient} completes a new set of {paying}: the "
            "Piecewise's condition holds, so read its first branch.",
            "À vos comptes, un Ingrédient {ingredient} de plus complète une nouvelle série de {paying} : la "
            "condition du Piecewise est vraie, lisez donc sa première branche.",
        ),
        "set card alone": (
            "That is only the change of {sets}: {others} {counts} {ingredient} too, and one "
            "more changes those points as well.",
            "Ce n'est que la variation de {sets} : {others} {counts} aussi l'Ingrédient "
            "{ingredient}, et un de plus change ces points-là aussi.",
        ),
        "because": (
            "One more {ingredient}, card by card: {moved}.",
            "Un Ingrédient {ingredient} de plus, carte par carte : {moved}.",
        ),
    }

    def setup(self) -> None:
        rng = self.rng
        while True:
            played = [rng.choice(STARTING), rng.choice(SET_CARDS)]
            played += rng.sample(
                [c for c in INGREDIENT_CARDS if c not in played], rng.randint(2, 5)
            )
            wanted = DECK[played[1]].scoring
            assert isinstance(wanted, PerSet)
            ingredient = rng.choice(sorted(wanted.needs, key=lambda i: i.value))
            # A 6th card played brings a Bonus token: the engine deals it, and it counts.
            game = stage([board(played, "SSMM"), opponent_board(played)])
            potion = maths.Potion.from_game(game, 0)
            more = potion.plus_token(ingredient).score_pad().total - potion.score_pad().total
            if more > 0:
                break
        self.played, self.ingredient, self.game, self.potion = played, ingredient, game, potion
        self.marginal = more
        self.changes = card_changes(potion, ingredient)

    def question(self) -> str:
        lang = self.lang
        tokens = [word(t, lang, title=True) for t in self.potion.bonus_tokens]
        token_text = self.say("token", tokens=names(tokens, lang)) if tokens else ""
        return self.say(
            "question",
            played=", ".join(self.played),
            token_text=token_text,
            ingredient=word(self.ingredient, lang, title=True),
        )

    def answer(self) -> int:
        return self.marginal

    def sets(self) -> list[str]:
        """The set cards of the potion that count this ingredient."""
        return [
            c.id
            for c in self.potion.played
            if isinstance(c.scoring, PerSet) and self.ingredient in c.scoring.needs
        ]

    def wrong_answers(self) -> list[Any]:
        return slips_then_neighbours(self)

    slip_kinds = (
        "the set paid regardless",
        "the set's branch left out",
        "the set card alone",
        "the new total",
    )

    def slips(self) -> list[Slip]:
        sets = self.sets()
        paying = [c for c in sets if self.changes[c]]
        idle = [c for c in sets if not self.changes[c]]
        from_sets = sum(self.changes[c] for c in sets)
        others = [c for c, change in self.changes.items() if change and c not in sets]
        rest = self.answer() - from_sets
        every_set = rest + sum(set_points(DECK[c]) for c in sets)
        total = self.potion.score_pad().total
        lang = self.lang
        ingredient = word(self.ingredient, lang, title=True)
        slips = [Slip("the new total", total + self.answer(), self.say("new total"))]
        if idle:
            slips.append(
                Slip(
                    "the set paid regardless",
                    every_set,
                    self.say("paid regardless", ingredient=ingredient, idle=names(idle, lang)),
                )
            )
        if paying:
            slips.append(
                Slip(
                    "the set's branch left out",
                    rest,
                    self.say("branch left out", ingredient=ingredient, paying=names(paying, lang)),
                )
            )
        if others:
            slips.append(
                Slip(
                    "the set card alone",
                    from_sets,
                    self.say(
                        "set card alone",
                        sets=names(sets, lang),
                        others=names(others, lang),
                        counts=counts_verb(len(others), lang),
                        ingredient=ingredient,
                    ),
                )
            )
        return slips

    def because(self) -> str:
        moved = [f"{c} {change:+d}" for c, change in self.changes.items() if change]
        ingredient = word(self.ingredient, self.lang, title=True)
        return self.say("because", ingredient=ingredient, moved=", ".join(moved))


# ------------------------------------------------------------------ waiting for a card
@register
class FirstWantedReveal(FractionExercise):
    key = "first_wanted_reveal"
    theme = "maths"
    title = "How long until a wanted card shows?"
    title_fr = "Combien de cartes avant celle qu'on attend ?"
    rule = "take"
    how = "a number, a fraction like Fraction(25, 4) or '25/4'"
    how_fr = "un nombre, une fraction comme Fraction(25, 4) ou '25/4'"
    randomised = True
    words = {
        **FractionExercise.words,
        "question": (
            "A market deck holds {unseen} unseen cards in random order, {wanted} of which you "
            "want. On average, how many cards are revealed up to and including the first wanted "
            "one?",
            "Une pioche du marché contient {unseen} cartes non vues, dans un ordre au hasard, "
            "dont {wanted} que vous voulez. En moyenne, combien de cartes sont révélées jusqu'à "
            "la première voulue, celle-ci comprise ?",
        ),
        "with replacement": (
            "u/w would be the wait if every reveal came from a full deck (with replacement), "
            "but a revealed card is gone. Sum the tail probabilities P(T > k) = C(u - k, w)/C(u, "
            "w) instead.",
            "u/w serait l'attente si chaque carte révélée sortait d'une pioche complète (avec "
            "remise), mais une carte révélée n'y est plus. Sommez plutôt les probabilités de "
            "queue P(T > k) = C(u - k, w)/C(u, w).",
        ),
        "left out": (
            "That counts the cards revealed before the first wanted one: count the wanted card "
            "too.",
            "Cela compte les cartes révélées avant la première voulue : comptez aussi la carte "
            "voulue.",
        ),
        "one wanted": (
            "That is the wait for one wanted card; with {wanted} wanted, the first of them shows "
            "sooner.",
            "C'est l'attente pour une seule carte voulue ; avec {wanted} cartes voulues, la "
            "première d'entre elles sort plus tôt.",
        ),
        "because": (
            "E[T] = sum of P(T > k) = sum of C(u - k, w)/C(u, w); the hockey stick sums it to "
            "(u + 1)/(w + 1).",
            "E[T] = somme des P(T > k) = somme des C(u - k, w)/C(u, w) ; l'identité de la crosse "
            "de hockey la réduit à (u + 1)/(w + 1).",
        ),
    }

    def setup(self) -> None:
        self.unseen = self.rng.randint(12, 32)
        self.wanted = self.rng.randint(1, 4)
        self.game = Game.new(2, seed=self.rng.randrange(10**6))

    def question(self) -> str:
        return self.say("question", unseen=self.unseen, wanted=self.wanted)

    def answer(self) -> Fraction:
        value = reveal_laws.expected_first_wanted(self.unseen, self.wanted)
        return Fraction(int(value.p), int(value.q))

    def wrong_answers(self) -> list[Any]:
        u, w = self.unseen, self.wanted
        return [Fraction(u, w), Fraction(u + 1, w)]

    slip_kinds = ("with replacement", "the wanted card left out", "one wanted card", "rounded")

    def slips(self) -> list[Slip]:
        u, w = self.unseen, self.wanted
        return [
            Slip(
                "with replacement",
                Fraction(u, w),
                self.say("with replacement"),
            ),
            Slip(
                "the wanted card left out",
                self.answer() - 1,
                self.say("left out"),
            ),
            Slip(
                "one wanted card",
                Fraction(u + 1, 2),
                self.say("one wanted", wanted=w),
            ),
            self.rounded(),
        ]

    def because(self) -> str:
        return self.say("because")


# ------------------------------------------------------------------ a Sickle's worth
@register
class SickleExpectation(FractionExercise):
    key = "sickle_expectation"
    theme = "maths"
    title = "What is a Sickle worth?"
    title_fr = "Que vaut une Serpe ?"
    rule = "take"
    how = "a number, a fraction like Fraction(35111, 10626) or '35111/10626'"
    how_fr = "un nombre, une fraction comme Fraction(35111, 10626) ou '35111/10626'"
    randomised = True
    words = {
        **FractionExercise.words,
        "question": (
            "Player 1 may use a Sickle on the {row} row: its 4 cards are discarded and 4 new "
            "ones revealed from that deck. Counting only the points a card would add to Player "
            "1's potion now, what is the expected best gain among the 4 new cards?",
            "Le joueur 1 peut utiliser une Serpe sur la rangée {row} : ses 4 cartes sont "
            "défaussées et 4 nouvelles révélées depuis cette pioche. En ne comptant que les "
            "points qu'une carte ajouterait maintenant à la potion du joueur 1, quelle est "
            "l'espérance du meilleur gain parmi les 4 nouvelles cartes ?",
        ),
        "best now": (
            "That is the best gain in the {row} row now; the Sickle replaces those cards: "
            "average the best of 4 cards revealed from the {unseen} unseen ones.",
            "C'est le meilleur gain de la rangée {row} maintenant ; la Serpe remplace ces "
            "cartes : faites la moyenne du meilleur de 4 cartes révélées parmi les {unseen} "
            "non vues.",
        ),
        "one card": (
            "That is what one unseen card adds on average; you take the best of the 4 revealed: "
            "P(best <= g) = C(cards worth at most g, 4)/C(unseen, 4).",
            "C'est ce qu'ajoute en moyenne une carte non vue ; vous prenez la meilleure des 4 "
            "révélées : P(meilleure <= g) = C(cartes valant au plus g, 4)/C(non vues, 4).",
        ),
        "best unseen": (
            "That is the best card left in the deck, but only 4 of the {unseen} unseen cards "
            "are revealed: average the best of those 4.",
            "C'est la meilleure carte restant dans la pioche, mais seules 4 des {unseen} cartes "
            "non vues sont révélées : faites la moyenne de la meilleure de ces 4.",
        ),
        "because": (
            "Sickle on {row}: best gain now {best_now}, expected after {expected} = {decimal} "
            "({unseen} unseen).",
            "Serpe sur la rangée {row} : meilleur gain maintenant {best_now}, espérance après "
            "{expected} = {decimal} ({unseen} non vues).",
        ),
    }

    def setup(self) -> None:
        self.game = Game.new(2, seed=self.rng.randrange(10**6))
        self.row = self.rng.choice([Row.DAY, Row.NIGHT])
        self.value = decisions.sickle_value(self.game, 0, self.row)

    def question(self) -> str:
        return self.say("question", row=word(self.row, self.lang, title=self.lang == "fr"))

    def answer(self) -> Fraction:
        return self.value.expected_after

    def unseen_gains(self) -> list[int]:
        """What each card the Sickle may reveal adds to Player 1's potion now."""
        assert self.game is not None
        potion = maths.as_potion(self.game, 0)
        return [maths.card_gain(potion, c).value for c in maths.unseen_cards(self.game, self.row)]

    def wrong_answers(self) -> list[Any]:
        n = self.answer()
        return first([self.value.best_now, n + 1, n - 1], 2, lambda a: a != n)

    slip_kinds = ("the best card now", "one card's average", "the best unseen card", "rounded")

    def slips(self) -> list[Slip]:
        gains = self.unseen_gains()
        row = word(self.row, self.lang, title=self.lang == "fr")
        return [
            Slip(
                "the best card now",
                self.value.best_now,
                self.say("best now", row=row, unseen=len(gains)),
            ),
            Slip("one card's average", Fraction(sum(gains), len(gains)), self.say("one card")),
            Slip("the best unseen card", max(gains), self.say("best unseen", unseen=len(gains))),
            self.rounded(),
        ]

    def because(self) -> str:
        value = self.value
        decimal = f"{float(value.expected_after):.2f}"
        return self.say(
            "because",
            row=word(self.row, self.lang, title=self.lang == "fr"),
            best_now=value.best_now,
            expected=value.expected_after,
            decimal=decimal.replace(".", ",") if self.lang == "fr" else decimal,
            unseen=value.unseen,
        )


# ------------------------------------------------------------------ the fewest actions
@register
class FewestActionsToBuild(NumberExercise):
    key = "fewest_actions_to_build"
    theme = "maths"
    title = "The fewest actions that build a potion"
    title_fr = "Le moins d'actions pour construire une potion"
    rule = "runes"
    how = "a number of actions"
    how_fr = "un nombre d'actions"
    unit = "actions"
    randomised = True
    words = {
        "question": (
            "From the start (2 Suns, 2 Moons, 4 open spaces), how many actions at the fewest "
            "take and play {cards} ({costs})? Count 1 to take each card, 1 to play it, and every "
            "Take or Flip Runes; the counter opens a Padlock at 4.",
            "Depuis le départ (2 Soleils, 2 Lunes, 4 emplacements ouverts), combien d'actions au "
            "moins faut-il pour prendre et poser {cards} ({costs}) ? Comptez 1 pour prendre "
            "chaque carte, 1 pour la poser, et chaque Prendre ou Retourner des Runes ; le "
            "compteur ouvre un Cadenas à 4.",
        ),
        "icons": (
            "A cost icon is not an action: one Take Runes fills every open space at once, and a "
            "Flip icon spends no rune. Count the Take and Flip Runes actions the costs need, not "
            "their icons.",
            "Une icône de coût n'est pas une action : un seul Prendre des Runes remplit d'un coup "
            "chaque emplacement ouvert, et une icône Retourner ne dépense aucune rune. Comptez "
            "les actions Prendre et Retourner des Runes dont les coûts ont besoin, pas leurs "
            "icônes.",
        ),
        "takes": (
            "Each card is taken from the market first: 1 action to take it, then 1 to play it.",
            "Chaque carte est d'abord prise au marché : 1 action pour la prendre, puis 1 pour la "
            "poser.",
        ),
        "starting card": (
            "Your starting card is in play from the setup: it needs no take and no play.",
            "Votre carte de départ est en jeu dès la mise en place : elle ne se prend ni ne se "
            "pose.",
        ),
        "padlocks": (
            "Only 4 rune spaces are open at the start: Take Runes fills those 4 until the "
            "counter reaches 4 and a Padlock comes off.",
            "Seuls 4 emplacements de runes sont ouverts au départ : Prendre des Runes remplit "
            "ces 4-là jusqu'à ce que le compteur atteigne 4 et qu'un Cadenas tombe.",
        ),
        "because": (
            "{actions} actions ({takes} takes, {plays} plays, {rune_actions} rune actions): "
            "{steps}",
            "{actions} actions ({takes} prises, {plays} poses, {rune_actions} actions de "
            "runes) : {steps}",
        ),
    }

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
        colon = " :" if self.lang == "fr" else ":"
        costs = (" ; " if self.lang == "fr" else "; ").join(
            f"{c}{colon} {cost_text(DECK[c].cost, self.lang)}" for c in self.played[1:]
        )
        return self.say("question", cards=", ".join(self.played[1:]), costs=costs)

    def answer(self) -> int:
        return self.plan.actions

    def wrong_answers(self) -> list[Any]:
        return slips_then_neighbours(self)

    slip_kinds = (
        "cost icons counted",
        "takes left out",
        "Padlocks ignored",
        "the starting card counted",
    )

    def slips(self) -> list[Slip]:
        cards = self.played[1:]
        icons = sum(len(DECK[c].cost) for c in cards)
        slips = [
            Slip(
                "cost icons counted",
                2 * len(cards) + icons,
                self.say("icons"),
            ),
            Slip("takes left out", self.answer() - self.plan.takes, self.say("takes")),
            Slip("the starting card counted", self.answer() + 2, self.say("starting card")),
        ]
        spaces = Rules().rune_spaces
        try:
            open_board = economy.potion_actions(
                maths.Potion.of(self.played), rules=Rules(open_spaces=spaces, unlock_levels=())
            )
        except CarnutaError:
            return slips
        slips.append(
            Slip(
                "Padlocks ignored",
                open_board.actions,
                self.say("padlocks"),
            )
        )
        return slips

    def because(self) -> str:
        plan = self.plan
        return self.say(
            "because",
            actions=plan.actions,
            takes=plan.takes,
            plays=plan.plays,
            rune_actions=plan.rune_actions,
            steps=", ".join(step_text(step, self.lang) for step in plan.steps),
        )


# ------------------------------------------------------------------ an integer program
def greedy_value(pool: list[Card], k: int) -> int:
    """The score of the potion built by adding, to each starting card of ``pool`` in turn, the
    card that gains most now (a Salt on the card it gains most on) until it holds ``k``."""
    best = 0
    for start in (c for c in pool if c.origin is Origin.START):
        potion = maths.Potion((start,))
        for _ in range(k - 1):
            grown = []
            for card in pool:
                if card in potion.played or card.origin is Origin.START:
                    continue
                if card.is_salt:
                    hosts = maths.salt_places(potion).values()
                    grown += [potion.plus(card, on) for on in hosts]
                else:
                    grown.append(potion.plus(card))
            potion = max(grown, key=lambda p: p.score_pad().total)
        best = max(best, potion.score_pad().total)
    return best


@dataclass(frozen=True)
class PoolMisreadings:
    """The best scores a pool reaches under the common misreadings of the question."""

    relaxed_bound: float
    greedy: int
    any_starting: int
    one_more_card: int


@register
class BestPotionAsAProgram(TableExercise):
    key = "best_potion_program"
    theme = "maths"
    title = "The best potion of a small pool, as an integer program"
    title_fr = "La meilleure potion parmi quelques cartes, en programme en nombres entiers"
    rule = "points"
    how = "a number of points"
    how_fr = "un nombre de points"
    randomised = True
    words = {
        "question": (
            "From the pool {pool}, a potion of {k} cards holds exactly one starting card (no "
            "Bonus token). What is the best score it can reach? Write it as an integer program "
            "(formulation.optimum_milp) or search it another way.",
            "Parmi les cartes {pool}, une potion de {k} cartes contient exactement une carte de "
            "départ (sans jeton Bonus). Quel est le meilleur score qu'elle peut atteindre ? "
            "Écrivez-le en programme en nombres entiers (formulation.optimum_milp) ou cherchez-le "
            "autrement.",
        ),
        "relaxed": (
            "That is the bound of the linear relaxation (cards taken in fractions): the best "
            "potion scores at most that. Solve the integer program itself, with whole cards (no "
            "relaxed=True), or search every choice of cards.",
            "C'est la borne de la relaxation linéaire (des cartes prises en fractions) : la "
            "meilleure potion marque au plus cela. Résolvez le programme en nombres entiers "
            "lui-même, avec des cartes entières (sans relaxed=True), ou cherchez parmi tous les "
            "choix de cartes.",
        ),
        "greedy": (
            "Adding the card that gains most, one at a time, can miss the best potion: a card "
            "that gains little alone may complete a set with another. Search every choice of {k} "
            "cards, or solve the integer program.",
            "Ajouter une à une la carte qui rapporte le plus peut manquer la meilleure potion : "
            "une carte qui rapporte peu seule peut compléter une série avec une autre. Cherchez "
            "parmi tous les choix de {k} cartes, ou résolvez le programme en nombres entiers.",
        ),
        "starting rule": (
            "A potion holds exactly one starting card: not none, and not two.",
            "Une potion contient exactement une carte de départ : ni aucune, ni deux.",
        ),
        "one too many": (
            "The starting card is one of the {k} cards: {k} cards in all.",
            "La carte de départ est l'une des {k} cartes : {k} cartes en tout.",
        ),
        "because": ("The best potion: {potion}.", "La meilleure potion : {potion}."),
    }

    def setup(self) -> None:
        rng = self.rng
        self.pool = [
            *rng.sample(STARTING, 2),
            *rng.sample(INGREDIENT_CARDS, 9),
            rng.choice([c for c in DECK if c.is_salt]).id,
        ]
        self.k = rng.randint(3, 4)
        self.best = maths.optimum(self.cards, self.k, bonus_tokens=0)
        self.game = Game.new(2, seed=self.rng.randrange(10**6))

    @property
    def cards(self) -> list[Card]:
        return [DECK[c] for c in self.pool]

    def question(self) -> str:
        return self.say("question", pool=", ".join(self.pool), k=self.k)

    def answer(self) -> int:
        return self.best.value

    def misreadings(self) -> PoolMisreadings:
        cards, k = self.cards, self.k
        any_starting = []
        for starting in (0, 2):
            try:
                found = maths.optimum(cards, k, bonus_tokens=0, starting=starting)
            except PositionError:  # no potion of k cards with that many starting cards
                continue
            any_starting.append(found.value)
        return PoolMisreadings(
            formulation.optimum_milp(cards, k, bonus_tokens=0, relaxed=True).bound,
            greedy_value(cards, k),
            max(any_starting, default=self.answer()),
            maths.optimum(cards, k + 1, bonus_tokens=0).value,
        )

    def wrong_answers(self) -> list[Any]:
        n = self.answer()
        return [n + 1, n - 1]

    slip_kinds = (
        "the relaxation's bound",
        "greedy",
        "the starting-card rule ignored",
        "one card too many",
    )

    def slips(self) -> list[Slip]:
        misread = self.misreadings()
        return [
            Slip(
                "the relaxation's bound",
                misread.relaxed_bound,
                self.say("relaxed"),
            ),
            Slip("greedy", misread.greedy, self.say("greedy", k=self.k)),
            Slip("the starting-card rule ignored", misread.any_starting, self.say("starting rule")),
            Slip("one card too many", misread.one_more_card, self.say("one too many", k=self.k)),
        ]

    def slip_for(self, value: Any) -> Slip | None:
        """A relaxation's bound is a decimal: written rounded, up or down, it is the same
        misreading."""
        slip = super().slip_for(value)
        if slip is not None:
            return slip
        for found in self.live_slips.values():
            bound = found.answer
            if found.kind == "the relaxation's bound" and floor(bound) <= value <= ceil(bound):
                return found
        return None

    def because(self) -> str:
        return self.say("because", potion=self.best.potion.text(self.lang))


# ------------------------------------------------------------------ closed classes
#: Where the Padlocks of a variant come off, by how many there are (within the counter).
UNLOCK_LEVELS = {1: (4,), 2: (4, 8), 3: (3, 6, 9), 4: (3, 5, 7, 9)}


@dataclass(frozen=True)
class GraphCounts:
    """What a variant's Take/Flip Runes graph holds, counted the right way and the wrong ones."""

    closed: int
    closed_states: int
    components: int
    closed_from_start: int


@cache
def graph_counts(rules: Rules) -> GraphCounts:
    """The closed classes of ``rules``' rune graph, and the counts a misreading gives (a few
    variants are shared by a whole class of students: each is counted once)."""
    classes = closed_classes(rules=rules)
    from_start = nx.condensation(rune_graph(RuneState.start(rules), rules=rules))
    return GraphCounts(
        len(classes),
        sum(c.size for c in classes),
        nx.number_strongly_connected_components(rune_graph(rules=rules)),
        sum(1 for c in from_start if not from_start.out_degree(c)),
    )


@register
class ClosedClassesOfAVariant(TableExercise):
    key = "closed_classes"
    theme = "maths"
    title = "Traps of the rune graph under other rules"
    title_fr = "Les pièges du graphe des runes sous d'autres règles"
    rule = "flip"
    how = "a whole number"
    how_fr = "un nombre entier"
    unit = ""
    randomised = True
    words = {
        "question": (
            "A variant has {spaces} rune spaces, {open} open at the start. Counting rune actions "
            "only (Take and Flip Runes, the reserve never short), how many closed classes does "
            "its rune graph have: groups of states that rune actions move between but never "
            "leave?",
            "Une variante a {spaces} emplacements de runes, dont {open} ouverts au départ. En ne "
            "comptant que les actions de runes (Prendre et Retourner des Runes, la Réserve "
            "jamais à court), combien de classes fermées son graphe des runes a-t-il : des "
            "groupes d'états entre lesquels les actions de runes circulent sans jamais en "
            "sortir ?",
        ),
        "every class": (
            "That counts every group of states that rune actions move between; a closed class "
            "is one no rune action leaves: keep only the classes with no edge out "
            "(nx.condensation shows them).",
            "Cela compte chaque groupe d'états entre lesquels les actions de runes circulent ; "
            "une classe fermée est une classe qu'aucune action de runes ne quitte : ne gardez "
            "que les classes sans arête sortante (nx.condensation les montre).",
        ),
        "start's traps": (
            "Rune actions never remove a Padlock, so the starting board reaches only the traps "
            "of its {open} open spaces; the rune graph holds every board the variant can show, "
            "from {open} to {spaces} open spaces.",
            "Les actions de runes n'enlèvent jamais de Cadenas : le plateau de départ n'atteint "
            "que les pièges de ses {open} emplacements ouverts ; le graphe des runes contient "
            "chaque plateau que la variante peut montrer, de {open} à {spaces} emplacements "
            "ouverts.",
        ),
        "states": (
            "Count the classes, not the states in them: a full board of Suns and its flip, all "
            "Moons, make one class.",
            "Comptez les classes, pas les états qu'elles contiennent : un plateau plein de "
            "Soleils et son retournement, tout en Lunes, forment une seule classe.",
        ),
        "printed": (
            "That is the printed board's count (6 spaces, 4 open); this variant has {spaces} "
            "spaces, {open} open.",
            "C'est le compte du plateau imprimé (6 emplacements, 4 ouverts) ; cette variante a "
            "{spaces} emplacements, dont {open} ouverts.",
        ),
        "because": (
            "One trap per number of open spaces: a full board flips between all Suns and all "
            "Moons, and no rune action empties a space.",
            "Un piège par nombre d'emplacements ouverts : un plateau plein passe de Soleils partout à Lunes partout, et aucune action de runes ne vide un emplacement.",
        ),
    }

    def setup(self) -> None:
        rng = self.rng
        spaces = rng.randint(5, 7)
        open_spaces = rng.randint(3, spaces - 1)
        self.rules = Rules(
            rune_spaces=spaces,
            open_spaces=open_spaces,
            unlock_levels=UNLOCK_LEVELS[spaces - open_spaces],
            starting_suns=open_spaces // 2,
            starting_moons=open_spaces // 2,
        )
        self.counts = graph_counts(self.rules)
        self.game = Game.new(2, seed=self.rng.randrange(10**6))

    def question(self) -> str:
        return self.say("question", spaces=self.rules.rune_spaces, open=self.rules.open_spaces)

    def answer(self) -> int:
        return self.counts.closed

    def wrong_answers(self) -> list[Any]:
        n = self.answer()
        return [n + 1, 0]

    slip_kinds = (
        "every class counted",
        "the start's traps only",
        "states, not classes",
        "the printed board",
    )

    def slips(self) -> list[Slip]:
        spaces = {"spaces": self.rules.rune_spaces, "open": self.rules.open_spaces}
        return [
            Slip("every class counted", self.counts.components, self.say("every class")),
            Slip(
                "the start's traps only",
                self.counts.closed_from_start,
                self.say("start's traps", **spaces),
            ),
            Slip("states, not classes", self.counts.closed_states, self.say("states")),
            Slip(
                "the printed board",
                graph_counts(Rules()).closed,
                self.say("printed", **spaces),
            ),
        ]

    def because(self) -> str:
        return self.say("because")
