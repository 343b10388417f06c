"""Scoring exercises: score a potion, what a card adds, where a Salt goes, who wins a tie, and
a card's points written as a formula."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from fractions import Fraction
from functools import cache, cached_property
from typing import Any

import sympy

from carnuta_core import ChooseBonus, Game, Ingredient, PlayCard
from carnuta_core.cards import PerIngredient, PerSet
from carnuta_core.maths import COUNT_SYMBOLS, card_formula
from carnuta_core.messages import card_label, scoring_text
from carnuta_core.model import INGREDIENTS
from carnuta_core.scoring import card_points, ingredient_counts, score_potion
from carnuta_core.svg import card_svg, table_svg
from carnuta_core.vocabulary import word

from .answers import (
    AnswerError,
    describe,
    read_action,
    read_card,
    read_ingredient,
    read_many,
    read_player,
)
from .base import Exercise, NumberExercise, Slip, first, in_notation, register
from .staging import (
    DECK,
    SALTS,
    board,
    card_ids,
    clear_of_bonus,
    opponent_board,
    random_bonus,
    random_potion,
    random_runes,
    stage,
)


def _rows(game: Game, seat: int = 0, lang: str = "en") -> str:
    pad = game.score_pad(seat)
    rows = ", ".join(f"{word(i, lang, title=True)} {p}" for i, p in pad if p)
    if lang == "fr":
        return f"carnet de scores : {rows} ; total {pad.total}"
    return f"score pad: {rows}; total {pad.total}"


def _name(ingredient: Ingredient | str, lang: str) -> str:
    """An ingredient's name with a capital, in ``lang``."""
    return word(Ingredient(ingredient), lang, title=True)


@register
class ScorePotion(NumberExercise):
    key = "score_potion"
    theme = "scoring"
    title = "Score this potion"
    title_fr = "Comptez cette potion"
    rule = "points"
    how = "a number of points"
    how_fr = "un nombre de points"
    randomised = True
    words = {
        "question": (
            "Your potion holds {potion}{more}. If the game ended now, what would your total "
            "score be?",
            "Votre potion contient {potion}{more}. Si la partie finissait maintenant, quel serait "
            "votre score total ?",
        ),
        "salts": ("Salts: {salts}", "Sels : {salts}"),
        "tokens": ("Bonus tokens: {tokens}", "jetons bonus : {tokens}"),
        "salts forgotten": (
            "Each Salt counts as one more of the ingredient of the card it sits on.",
            "Chaque Sel compte comme un Ingrédient de plus, celui de la carte sur laquelle il est "
            "posé.",
        ),
        "tokens forgotten": (
            "Each Bonus Ingredient token counts as one more of its ingredient.",
            "Chaque jeton Ingrédient bonus compte comme un Ingrédient de plus de son type.",
        ),
        "doubles": (
            "A double card counts as 2 of its ingredient.",
            "Une carte double compte comme 2 Ingrédients de son type.",
        ),
        "because": ("The {rows}.", "Le {rows}."),
    }

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
            sits = [in_notation(f"play {salt}", self.lang).split(" ", 1)[1] for salt in salts]
            extras.append(self.say("salts", salts=", ".join(sits)))
        if self.bonus:
            tokens = ", ".join(word(Ingredient(t), self.lang) for t in self.bonus)
            extras.append(self.say("tokens", tokens=tokens))
        separator = " ; " if self.lang == "fr" else "; "
        more = f" ({separator.join(extras)})" if extras else ""
        return self.say("question", potion=", ".join(card_ids(self.potion)), more=more)

    def answer(self) -> int:
        assert self.game is not None
        return self.game.score_pad(0).total

    def total_if(self, *, salts: bool = True, bonus: bool = True, doubles: bool = True) -> int:
        """The total if Salts, Bonus tokens or the second ingredient of doubles counted for
        nothing (three common slips); the real total with every count in."""
        assert self.game is not None
        view = self.game.player(0)
        cards = [c for c in view.played if salts or not c.is_salt]
        counts = ingredient_counts(
            cards, dict(view.salt_on) if salts else {}, view.bonus_tokens if bonus else ()
        )
        if not doubles:
            for card in cards:
                if card.ingredient is not None and card.weight == 2:
                    counts[card.ingredient] -= 1
        return sum(card_points(card, counts) for card in cards if card.ingredient is not None)

    def wrong_answers(self) -> list[Any]:
        n = self.answer()
        return first([self.total_if(salts=False, bonus=False), n + 1, n - 1, n + 2], 3,
                     lambda a: a != n and a >= 0)  # fmt: skip

    slip_kinds = ("Salts forgotten", "Bonus tokens forgotten", "doubles counted once")

    def slips(self) -> list[Slip]:
        return [
            Slip(
                "Salts forgotten",
                self.total_if(salts=False),
                self.say("salts forgotten"),
            ),
            Slip(
                "Bonus tokens forgotten",
                self.total_if(bonus=False),
                self.say("tokens forgotten"),
            ),
            Slip(
                "doubles counted once",
                self.total_if(doubles=False),
                self.say("doubles"),
            ),
        ]

    def because(self) -> str:
        assert self.game is not None
        return self.say("because", rows=_rows(self.game, lang=self.lang))


# The rulebook's "End of the Game" example: Eric's 11 cards (see docs/reference_deck.md).
ERIC = ["S06", "D26", "D01", "D16", "D19", "N24", "N17", "N19", "N20", "N13", "N11"]
ERIC_BONUS = ["clover", "butterfly"]


def eric_game(bonus: list[str] | None = None) -> Game:
    """Eric's potion as a staged position (the end is triggered: he has 11 cards)."""
    return _eric_game(tuple(ERIC_BONUS if bonus is None else bonus)).copy()


@cache
def _eric_game(bonus: tuple[str, ...]) -> Game:
    return stage(
        [board(ERIC, "SSMM", bonus=list(bonus)), board(["S01", "D02", "N02"], "SM")],
        turn={"round": 12, "player": 1, "final_round": 12},
    )


def eric_total(tokens: list[str]) -> int:
    """Eric's total with these Bonus tokens, as many as they are (the engine's scoring)."""
    cards = [DECK[c] for c in ERIC]
    return score_potion(cards, {}, [Ingredient(t) for t in tokens]).total


@register
class EricWhatIf(NumberExercise):
    key = "eric_what_if"
    theme = "scoring"
    title = "Eric's other Bonus token"
    title_fr = "L'autre jeton bonus d'Eric"
    rule = "bonus"
    how = "a number of points"
    how_fr = "un nombre de points"
    randomised = True
    words = {
        "question": (
            "Eric's potion (the rulebook's end-of-game example) scores 40 with his Clover and "
            "Butterfly Bonus Ingredient tokens. Had he taken the {new} token instead of the "
            "{old} one, what would his total be?",
            "La potion d'Eric (l'exemple de fin de partie du livret de règles) vaut 40 avec ses "
            "jetons Ingrédient bonus Trèfle et Papillon. S'il avait pris le jeton {new} au lieu "
            "du jeton {old}, quel serait son total ?",
        ),
        "unchanged": (
            "That is his score with the {old} token; swap it for the {new} one.",
            "C'est son score avec le jeton {old} ; échangez-le contre le jeton {new}.",
        ),
        "kept": (
            "He takes the {new} token instead of the {old} one: he still has two tokens.",
            "Il prend le jeton {new} au lieu du jeton {old} : il a toujours deux jetons.",
        ),
        "forgotten": (
            "The {new} token counts as one more {new}.",
            "Le jeton {new} compte comme un Ingrédient {new} de plus.",
        ),
        "because": ("His {rows}.", "Son {rows}."),
    }

    def names(self) -> dict[str, str]:
        """The old and the new token's names, in the exercise's language."""
        return {"old": _name(self.old, self.lang), "new": _name(self.new, self.lang)}

    def setup(self) -> None:
        self.old = self.rng.choice(ERIC_BONUS)
        self.new = self.rng.choice([i.value for i in Ingredient if i.value not in ERIC_BONUS])
        self.game = eric_game()
        bonus = [self.new if t == self.old else t for t in ERIC_BONUS]
        self.variant = eric_game(bonus)

    def question(self) -> str:
        return self.say("question", **self.names())

    def answer(self) -> int:
        return self.variant.score_pad(0).total

    def wrong_answers(self) -> list[Any]:
        n = self.answer()
        return first(
            [self.game.score_pad(0).total if self.game else 40, n + 1, n - 1], 2, lambda a: a != n
        )

    slip_kinds = ("tokens unchanged", "old token kept", "new token forgotten")

    def slips(self) -> list[Slip]:
        kept = [t for t in ERIC_BONUS if t != self.old]
        return [
            Slip(
                "tokens unchanged",
                eric_total(ERIC_BONUS),
                self.say("unchanged", **self.names()),
            ),
            Slip(
                "old token kept",
                eric_total([*ERIC_BONUS, self.new]),
                self.say("kept", **self.names()),
            ),
            Slip(
                "new token forgotten",
                eric_total(kept),
                self.say("forgotten", **self.names()),
            ),
        ]

    def because(self) -> str:
        return self.say("because", rows=_rows(self.variant, lang=self.lang))


@register
class MarginalValue(NumberExercise):
    key = "marginal_value"
    theme = "scoring"
    title = "What does one more card add?"
    title_fr = "Qu'ajoute une carte de plus ?"
    rule = "points"
    how = "a number of points"
    how_fr = "un nombre de points"
    randomised = True
    words = {
        "question": (
            "Your potion holds {potion}. You play {card}.{token} By how many points does your "
            "total grow?",
            "Votre potion contient {potion}. Vous posez {card}.{token} De combien de points votre "
            "total augmente-t-il ?",
        ),
        "token": (
            " It is your card number {number}: your counter reaches a Bonus space and you take "
            "the {token} token.",
            " C'est votre carte numéro {number} : votre compteur atteint un cran bonus et vous "
            "prenez le jeton {token}.",
        ),
        "only own": (
            "That is what {card} scores itself; what else changes?",
            "C'est ce que {card} rapporte elle-même ; qu'est-ce qui change d'autre ?",
        ),
        "own left out": (
            "{card} scores points itself too.",
            "{card} rapporte aussi des points elle-même.",
        ),
        "token forgotten": (
            "The {token} token you take counts as one more {token}.",
            "Le jeton {token} que vous prenez compte comme un Ingrédient {token} de plus.",
        ),
        "because": (
            "{card} itself scores {own}; the rest comes from cards that count its ingredient. "
            "With it, the {rows}.",
            "{card} rapporte elle-même {own} ; le reste vient des cartes qui comptent son "
            "Ingrédient. Avec elle, le {rows}.",
        ),
    }

    def setup(self) -> None:
        rng = self.rng
        while True:
            self.card = rng.choice([c.id for c in DECK if c.origin.row and not c.is_salt])
            size = rng.randint(4, 9)
            potion = random_potion(rng, size, salts=rng.randint(0, 1), avoid=[self.card])
            bonus = random_bonus(rng, size)
            runes = random_runes(rng, 4)
            game = stage(
                [board(potion, runes, hand=[self.card], bonus=bonus), opponent_board(potion)]
            )
            if f"play {self.card}" in game.legal_actions().notation():  # its cost fits
                break
        self.game, self.potion = game, potion
        # The engine plays the card; a 6th or 10th card brings a Bonus token, chosen here.
        self.played = game.copy()
        self.played.play(f"play {self.card}")
        self.token: Ingredient | None = None
        if self.played.phase == "bonus":
            choice = rng.choice(list(self.played.legal_actions()))
            assert isinstance(choice, ChooseBonus)
            self.token = choice.ingredient
            self.played.play(choice)

    def question(self) -> str:
        number = len(self.potion) + 1
        token = (
            self.say("token", number=number, token=_name(self.token, self.lang))
            if self.token
            else ""
        )
        card = card_label(DECK[self.card], self.lang)
        return self.say("question", potion=", ".join(card_ids(self.potion)), card=card, token=token)

    def answer(self) -> int:
        assert self.game is not None
        return self.played.score_pad(0).total - self.game.score_pad(0).total

    def own_points(self) -> int:
        view = self.played.player(0)
        counts = ingredient_counts(view.played, dict(view.salt_on), view.bonus_tokens)
        return card_points(DECK[self.card], counts)

    def wrong_answers(self) -> list[Any]:
        n = self.answer()
        return first([self.own_points(), n + 1, n - 1, n + 2], 3, lambda a: a != n and a >= 0)

    slip_kinds = (
        "only the card's own points",
        "the card's own points left out",
        "Bonus token forgotten",
    )

    def slips(self) -> list[Slip]:
        assert self.game is not None
        n, own = self.answer(), self.own_points()
        slips = [
            Slip(
                "only the card's own points",
                own,
                self.say("only own", card=self.card),
            ),
            Slip(
                "the card's own points left out",
                n - own,
                self.say("own left out", card=self.card),
            ),
        ]
        if self.token is not None:
            view = self.played.player(0)
            without = score_potion(
                view.played, dict(view.salt_on), self.game.player(0).bonus_tokens
            )
            slips.append(
                Slip(
                    "Bonus token forgotten",
                    without.total - self.game.score_pad(0).total,
                    self.say("token forgotten", token=_name(self.token, self.lang)),
                )
            )
        return slips

    def because(self) -> str:
        rows = _rows(self.played, lang=self.lang)
        return self.say("because", card=self.card, own=self.own_points(), rows=rows)


@register
class SaltBest(Exercise):
    key = "salt_best"
    theme = "scoring"
    title = "Where does the Salt go?"
    title_fr = "Où poser le Sel ?"
    rule = "special"
    how = "a played card's id (or its column's ingredient, or 'play D30 on N07')"
    how_fr = "le code d'une carte posée (ou l'Ingrédient de sa colonne, ou 'poser D30 sur N07')"
    randomised = True
    words = {
        "question": (
            "You play the Salt {salt}. On which of your played cards should it go to add the "
            "most points to your potion?",
            "Vous posez le Sel {salt}. Sur laquelle de vos cartes posées doit-il aller pour "
            "ajouter le plus de points à votre potion ?",
        ),
        "say which": (
            "say which card the Salt goes on: 'play {salt} on ...'",
            "dites sur quelle carte va le Sel : 'poser {salt} sur ...'",
        ),
        "not played": (
            "{card} is not one of your played ingredient cards",
            "{card} n'est pas une de vos cartes Ingrédient posées",
        ),
        "richest": (
            "A Salt adds one {name}: it pays every card that counts {name}, not the card it sits "
            "on.",
            "Un Sel ajoute un Ingrédient {name} : il rapporte à chaque carte qui compte {name}, "
            "pas à la carte sur laquelle il est posé.",
        ),
        "longest": (
            "More {name} does not pay more unless your cards count {name}: look at what each "
            "card counts.",
            "Une colonne {name} plus longue ne rapporte plus que si vos cartes comptent {name} : "
            "regardez ce que compte chaque carte.",
        ),
        "because": ("Points added by column: {gains}.", "Points ajoutés par colonne : {gains}."),
    }

    def refuse(self, key: str, **values: Any) -> AnswerError:
        """The reading error ``key`` of ``words``, in both languages."""
        english, french = self.words[key]
        return AnswerError(english.format(**values), french.format(**values))

    def setup(self) -> None:
        rng = self.rng
        while True:
            self.salt = rng.choice(SALTS)
            size = rng.choice(clear_of_bonus(range(5, 10), added=1))
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
        return self.say("question", salt=self.salt)

    def best(self) -> set[Ingredient]:
        top = max(self.gains.values())
        return {i for i, g in self.gains.items() if g == top}

    def answer(self) -> str:
        return next(c for c, i in self.column.items() if i in self.best())

    def solutions(self) -> set[Any]:
        return self.best()

    def read(self, answer: Any) -> Ingredient:
        if isinstance(answer, str) and answer.strip().lower().startswith(("play ", "poser ")):
            answer = read_action(answer)
        if isinstance(answer, PlayCard):
            if not answer.target:
                raise self.refuse("say which", salt=self.salt)
            answer = answer.target
        try:
            card = read_card(answer)
        except AnswerError:
            return read_ingredient(answer)
        if card not in self.column:
            raise self.refuse("not played", card=card)
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

    slip_kinds = ("the richest card", "the longest column")

    def slips(self) -> list[Slip]:
        assert self.game is not None
        view = self.game.player(0)
        counts = ingredient_counts(view.played, dict(view.salt_on), view.bonus_tokens)
        richest = max(self.column, key=lambda card: card_points(DECK[card], counts))
        longest = max(self.column.values(), key=lambda ingredient: counts[ingredient])
        return [
            Slip(
                "the richest card",
                richest,
                self.say("richest", name=_name(self.column[richest], self.lang)),
            ),
            Slip(
                "the longest column",
                longest,
                self.say("longest", name=_name(longest, self.lang)),
            ),
        ]

    def because(self) -> str:
        ranked = sorted(self.gains.items(), key=lambda item: -item[1])
        gains = ", ".join(f"{_name(i, self.lang)} +{g}" for i, g in ranked)
        return self.say("because", gains=gains)


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
    title_fr = "Qui gagne une égalité ?"
    rule = "tie"
    how = "the winning player's number, like 2 or 'Player 2' (a list if the victory is shared)"
    how_fr = (
        "le numéro du joueur gagnant, comme 2 ou 'joueur 2' (une liste si la victoire est partagée)"
    )
    seat = None
    words = {
        "question": (
            "The game has ended with these two potions. Score both potions: who wins the game?",
            "La partie s'est terminée avec ces deux potions. Comptez les deux potions : qui "
            "gagne la partie ?",
        ),
        "shared": (
            "A tie on the total goes to the best single Ingredient row; the victory is shared "
            "only if that ties too.",
            "Une égalité au total revient à la meilleure ligne d'un seul Ingrédient ; la "
            "victoire n'est partagée que si celle-ci est à égalité aussi.",
        ),
        "other": (
            "Score both potions row by row, then compare each player's best single row.",
            "Comptez les deux potions ligne par ligne, puis comparez la meilleure ligne de "
            "chaque joueur.",
        ),
        "because": (
            "Both total {total}; the best single rows are {first} and {second}.",
            "Les deux totalisent {total} ; les meilleures lignes sont {first} et {second}.",
        ),
    }

    def setup(self) -> None:
        self.game = stage(TIE_BOARDS, turn=TIE_TURN)

    def picture(self) -> str:
        assert self.game is not None
        return table_svg(self.game)

    def question(self) -> str:
        return self.say("question")

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

    slip_kinds = ("a tie shared", "the other player")

    def slips(self) -> list[Slip]:
        (winner,) = next(iter(self.solutions()))
        return [
            Slip(
                "a tie shared",
                [1, 2],
                self.say("shared"),
            ),
            Slip(
                "the other player",
                3 - winner,
                self.say("other"),
            ),
        ]

    def because(self) -> str:
        assert self.game is not None
        pads = [self.game.score_pad(s) for s in range(2)]
        first_row, second_row = pads[0].best_row, pads[1].best_row
        return self.say("because", total=pads[0].total, first=first_row, second=second_row)


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
    title_fr = "Écrire la formule d'une carte"
    how_fr = (
        "une formule bâtie sur les comptes n.clover, n.flower, ... n.mushroom, avec Min(...) "
        "pour une série et floor(...) pour les moitiés, comme 4*Min(n.skull, n.honey) (from "
        "exercises.kit import n, Min, floor) ; une fonction des comptes, comme lambda c: 4 * "
        "min(c['skull'], c['honey']), convient aussi"
    )
    randomised = True
    words = {
        "question": (
            "{card} ({name}) scores '{scoring}'. Write its points as a formula in the counts of "
            "your potion.",
            "{card} ({name}) rapporte '{scoring}'. Écrivez ses points comme une formule des "
            "comptes de votre potion.",
        ),
        "text": (
            "write the formula with the count symbols (n.skull ...), not as text",
            "écrivez la formule avec les symboles des comptes (n.skull ...), pas en texte",
        ),
        "not formula": ("{answer} is not a formula", "{answer} n'est pas une formule"),
        "another": (
            "Read the icons again: {card} counts {shown}.",
            "Relisez les icônes : {card} compte {shown}.",
        ),
        "added": (
            "{k} points for each: multiply the count by {k}, do not add {k}.",
            "{k} points pour chacun : multipliez le compte par {k}, n'ajoutez pas {k}.",
        ),
        "no flat": (
            "With none of the ingredients shown the card scores 0: there is no flat part to add.",
            "Sans aucun des Ingrédients indiqués, la carte rapporte 0 : il n'y a pas de part "
            "fixe à ajouter.",
        ),
        "set added": (
            "A set is complete only with every ingredient shown: take the smallest count.",
            "Une série n'est complète qu'avec chaque Ingrédient indiqué : prenez le plus petit "
            "compte.",
        ),
        "twice": (
            "An icon shown twice needs two of that ingredient per set: halve its count, rounded "
            "down (floor).",
            "Une icône dessinée deux fois demande deux de cet Ingrédient par série : divisez son "
            "compte par deux, arrondi vers le bas (floor).",
        ),
        "as a set": (
            "'{scoring}' pays for every ingredient shown, not per set: add the counts.",
            "'{scoring}' paie chaque Ingrédient indiqué, pas par série : ajoutez les comptes.",
        ),
        "because": (
            "{card} scores {formula} (carnuta_core.maths.card_formula).",
            "{card} rapporte {formula} (carnuta_core.maths.card_formula).",
        ),
    }

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
        ingredient = self.card.ingredient
        name = _name(ingredient, self.lang) if ingredient else ""
        scoring = scoring_text(self.scoring, self.lang)
        return self.say("question", card=self.card.id, name=name, scoring=scoring)

    def picture(self) -> str:
        return card_svg(self.card, width=140)

    def values(self, points: Callable[[dict[Ingredient, int]], Any]) -> tuple[Fraction, ...]:
        """The points at every count mix of the grid, exactly."""
        return tuple(_points_value(points(counts), counts) for counts in self.grid)

    def solutions(self) -> set[Any]:
        return {self.values(lambda counts: card_points(self.card, counts))}

    def read(self, answer: Any) -> tuple[Fraction, ...]:
        if isinstance(answer, sympy.Basic):
            _check_formula(answer)
            return self.values(lambda counts: _evaluate(answer, _symbol_counts(counts)))
        if isinstance(answer, int | Fraction) and not isinstance(answer, bool):
            return self.values(lambda counts: answer)
        if callable(answer):
            return self.values(lambda counts: _call(answer, counts))
        english, french = (
            self.words["text"] if isinstance(answer, str) else self.words["not formula"]
        )
        said = describe(answer)
        raise AnswerError(english.format(answer=said), french.format(answer=said))

    @cached_property
    def formula(self) -> Any:
        return card_formula(self.card)

    def answer(self) -> Any:
        return self.formula

    def forms(self) -> list[Any]:
        formula = self.answer()
        return [
            formula,
            sympy.expand(formula),
            lambda counts: card_points(self.card, {Ingredient(k): v for k, v in counts.items()}),
        ]

    def wrong_answers(self) -> list[Any]:
        formula = self.answer()
        wrong = [formula + 1, 2 * formula, *(slip.answer for slip in self.slips())]
        right = self.solutions()
        return first(wrong, 3, lambda a: self.read(a) not in right)

    slip_kinds = (
        "another ingredient",
        "points added, not multiplied",
        "a set's counts added",
        "an icon shown twice counted once",
        "each ingredient taken as a set",
    )

    def slips(self) -> list[Slip]:
        scoring, formula = self.scoring, self.answer()
        k = scoring.points
        counts = [COUNT_SYMBOLS[i] for i in scoring.ingredients]
        shown = ", ".join(_name(i, self.lang) for i in dict.fromkeys(scoring.ingredients))
        slips = [
            Slip(
                "another ingredient",
                formula.xreplace(_swap(scoring)),
                self.say("another", card=self.card.id, shown=shown),
            ),
            Slip(
                "points added, not multiplied",
                k + formula / k,
                self.say("added", k=k) if k > 1 else self.say("no flat"),
            ),
        ]
        if isinstance(scoring, PerSet):
            slips.append(
                Slip(
                    "a set's counts added",
                    k * sympy.Add(*counts),
                    self.say("set added"),
                )
            )
            if max(scoring.needs.values()) > 1:
                slips.append(
                    Slip(
                        "an icon shown twice counted once",
                        k * sympy.Min(*(COUNT_SYMBOLS[i] for i in scoring.needs)),
                        self.say("twice"),
                    )
                )
        elif len(set(scoring.ingredients)) > 1:
            slips.append(
                Slip(
                    "each ingredient taken as a set",
                    k * sympy.Min(*counts),
                    self.say("as a set", scoring=scoring_text(scoring, self.lang)),
                )
            )
        return slips

    def because(self) -> str:
        return self.say("because", card=self.card.id, formula=sympy.sstr(self.answer()))


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

#: The sympy operations a card's formula is built from. Nothing else is accepted, so that
#: checking a formula never asks sympy for costly work (factorials, integrals, ...).
FORMULA_PARTS = (sympy.Add, sympy.Mul, sympy.Pow, sympy.Min, sympy.Max, sympy.floor, sympy.ceiling)
#: The largest power accepted (a card's points never need one; squares are a plain slip).
MAX_POWER = 4
#: The most points a formula may give on the grid (more is no card's score).
MAX_POINTS = 10**6


def _check_formula(formula: sympy.Basic) -> None:
    """Refuse a formula built from anything but the counts, numbers and ``FORMULA_PARTS``."""
    for node in sympy.preorder_traversal(formula):
        if node.is_Number or node in COUNT_SYMBOL_SET:
            continue
        if node.is_Symbol:
            raise AnswerError(
                f"{describe(node)} is not a count: use n.clover ... n.mushroom",
                f"{describe(node)} n'est pas un compte : utilisez n.clover ... n.mushroom",
            )
        if node.func not in FORMULA_PARTS:
            raise AnswerError(
                f"a card's formula needs only +, -, *, /, Min and floor, not {node.func.__name__}",
                "la formule d'une carte n'a besoin que de +, -, *, /, Min et floor, pas de "
                f"{node.func.__name__}",
            )
        if node.is_Pow and not (node.exp.is_Integer and abs(int(node.exp)) <= MAX_POWER):
            raise AnswerError(
                f"a card's points never grow like a power {describe(node.exp)}",
                f"les points d'une carte ne croissent jamais comme une puissance {describe(node.exp)}",
            )


COUNT_SYMBOL_SET = frozenset(COUNT_SYMBOLS.values())


def _points_value(value: Any, counts: dict[Ingredient, int]) -> Fraction:
    """A formula's value at one count mix as an exact number of points, or ``AnswerError``."""
    number: int | Fraction
    if isinstance(value, sympy.Rational):
        number = Fraction(int(value.p), int(value.q))
    elif isinstance(value, float | sympy.Float) and math.isfinite(float(value)):
        number = Fraction(float(value))
    elif isinstance(value, int | Fraction) and not isinstance(value, bool):
        number = value
    else:
        raise AnswerError(
            f"it gives {describe(value)} for the counts {_counts(counts)}",
            f"elle donne {describe(value)} pour les comptes {_counts(counts)}",
        )
    if not -MAX_POINTS <= number <= MAX_POINTS:
        raise AnswerError(
            f"it gives more than {MAX_POINTS:,} points for the counts {_counts(counts)}",
            f"elle donne plus de {MAX_POINTS:,} points pour les comptes {_counts(counts)}".replace(
                ",", "\u202f", 1
            ),
        )
    return Fraction(number)


def _counts(counts: dict[Ingredient, int]) -> str:
    return ", ".join(f"{i.value} {v}" for i, v in counts.items())


def _symbol_counts(counts: dict[Ingredient, int]) -> dict[Any, int]:
    return {COUNT_SYMBOLS[i]: counts.get(i, 0) for i in INGREDIENTS}


def _evaluate(node: Any, counts: dict[Any, int]) -> Fraction:
    """A formula's exact value at these counts, built from ``FORMULA_PARTS`` only (checked by
    ``_check_formula``): plain arithmetic on fractions, without asking sympy to simplify."""
    if node in counts:
        return Fraction(counts[node])
    if node.is_Rational:
        return Fraction(int(node.p), int(node.q))
    if node.is_Float and math.isfinite(float(node)):
        return Fraction(float(node))
    if node.is_Number:
        raise AnswerError(
            f"{describe(node)} is not a number of points",
            f"{describe(node)} n'est pas un nombre de points",
        )
    args = [_evaluate(arg, counts) for arg in node.args]
    if node.func is sympy.Add:
        return sum(args, Fraction(0))
    if node.func is sympy.Mul:
        return math.prod(args, start=Fraction(1))
    if node.func is sympy.Pow:
        base, power = args
        if base == 0 and power < 0:
            raise AnswerError(
                f"it divides by zero for the counts {_counts_of(counts)}",
                f"elle divise par zéro pour les comptes {_counts_of(counts)}",
            )
        return base ** int(power)
    if node.func in (sympy.Min, sympy.Max):
        return min(args) if node.func is sympy.Min else max(args)
    return Fraction(math.floor(args[0]) if node.func is sympy.floor else math.ceil(args[0]))


def _counts_of(counts: dict[Any, int]) -> str:
    return ", ".join(f"{symbol.name.removeprefix('n_')} {v}" for symbol, v in counts.items())


def _call(points: Callable[[dict[str, int]], Any], counts: dict[Ingredient, int]) -> Any:
    names = {i.value: counts.get(i, 0) for i in INGREDIENTS}
    try:
        return points(names)
    except Exception as error:  # a student's function: any failure is an unreadable answer
        raise AnswerError(
            f"the function fails on the counts {_counts(counts)}: {type(error).__name__}",
            f"la fonction échoue pour les comptes {_counts(counts)} : {type(error).__name__}",
        ) from None


def _swap(scoring: PerIngredient | PerSet) -> dict[Any, Any]:
    """Each count the card shows replaced by the next ingredient's: a wrong-ingredient formula."""
    shown = list(dict.fromkeys(scoring.ingredients))
    return {
        COUNT_SYMBOLS[i]: COUNT_SYMBOLS[INGREDIENTS[(INGREDIENTS.index(i) + 1) % 8]] for i in shown
    }
