"""Synergy exercises: which card, which token, which pair of cards suits this potion best."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from carnuta_core import ChooseBonus, Game, Ingredient, Row, TakeCard
from carnuta_core.scoring import card_points, ingredient_counts, score_potion
from carnuta_core.svg import table_svg
from carnuta_core.vocabulary import word

from .answers import AnswerError, read_action, read_card, read_ingredient, read_many
from .base import Exercise, Slip, register
from .staging import (
    DECK,
    INGREDIENT_CARDS,
    board,
    card_ids,
    clear_of_bonus,
    opponent_board,
    random_bonus,
    random_potion,
    stage,
    total_with,
)


def _total(game: Game, seat: int = 0) -> int:
    return game.score_pad(seat).total


def _potion_total(cards: list[str], bonus: list[str]) -> int:
    """A potion's total straight from its card ids (no Salt among them) and Bonus tokens."""
    return score_potion([DECK[c] for c in cards], {}, [Ingredient(t) for t in bonus]).total


def _own_points(game: Game, card: str) -> int:
    """What ``card`` would score itself in player 1's potion, once added to it."""
    view = game.player(0)
    counts = ingredient_counts([*view.played, DECK[card]], dict(view.salt_on), view.bonus_tokens)
    return card_points(DECK[card], counts)


@register
class BestMarketCard(Exercise):
    key = "best_market_card"
    theme = "synergies"
    title = "The best card in the market"
    title_fr = "La meilleure carte du marché"
    rule = "points"
    how = "a card id like 'N16' (or the action that takes it, like 'take night 3')"
    how_fr = "le code d'une carte comme 'N16' (ou l'action qui la prend, comme 'prendre nuit 3')"
    randomised = True
    seat = None
    words = {
        "question": (
            "Your potion (Player 1) holds {potion}. If you could add any one ingredient card of "
            "the market to it, which would add the most points?",
            "Votre potion (joueur 1) contient {potion}. Si vous pouviez y ajouter n'importe "
            "quelle carte Ingrédient du marché, laquelle ajouterait le plus de points ?",
        ),
        "slots": (
            "the market has slots 1 to 4, not {slot}",
            "le marché a les places 1 à 4, pas {slot}",
        ),
        "empty": ("'{action}' is an empty slot", "'{action}' est une place vide"),
        "alone": (
            "Count what a card adds to the cards already in your potion (those that count its "
            "ingredient), not only its own points.",
            "Comptez ce qu'une carte ajoute aux cartes déjà dans votre potion (celles qui "
            "comptent son Ingrédient), pas seulement ses propres points.",
        ),
        "each adds": (
            "Points each card would add: {gains}.",
            "Points qu'ajouterait chaque carte : {gains}.",
        ),
    }

    def setup(self) -> None:
        rng = self.rng
        while True:
            # Adding one card reaches no Bonus space: no token to choose.
            size = rng.choice(clear_of_bonus(range(4, 10), added=1))
            self.potion = random_potion(rng, size, avoid=[])
            self.bonus = random_bonus(rng, size)
            self.game = game = stage(
                [board(self.potion, "SSMM", bonus=self.bonus), opponent_board(self.potion)],
                seed=rng.randrange(10**6),
            )
            base = _total(game)
            self.gains = {
                card.id: total_with(game, [card.id]) - base
                for row in (Row.DAY, Row.NIGHT)
                for card in game.market(row)
                if card is not None and not card.is_salt
            }
            best = max(self.gains.values())
            if sum(1 for g in self.gains.values() if g < best) >= 2:
                return

    def picture(self) -> str:
        assert self.game is not None
        return table_svg(self.game)

    def question(self) -> str:
        return self.say("question", potion=", ".join(card_ids(self.potion)))

    def best(self) -> set[str]:
        top = max(self.gains.values())
        return {c for c, g in self.gains.items() if g == top}

    def answer(self) -> str:
        return sorted(self.best())[0]

    def solutions(self) -> set[Any]:
        return self.best()

    def slot_of(self, card_id: str) -> str:
        assert self.game is not None
        for row in (Row.DAY, Row.NIGHT):
            for slot, card in enumerate(self.game.market(row), start=1):
                if card is not None and card.id == card_id:
                    return f"take {row} {slot}"
        raise KeyError(card_id)

    def read(self, answer: Any) -> str:
        if isinstance(answer, TakeCard) or (
            isinstance(answer, str) and answer.strip().lower().startswith(("take", "prendre"))
        ):
            action = read_action(answer)
            assert isinstance(action, TakeCard) and self.game is not None
            if not 1 <= action.slot <= 4:
                english, french = self.words["slots"]
                slot = action.slot
                raise AnswerError(english.format(slot=slot), french.format(slot=slot))
            card = self.game.market(action.row)[action.slot - 1]
            if card is None:
                english, french = self.words["empty"]
                raise AnswerError(
                    english.format(action=action), french.format(action=action.notation("fr"))
                )
            return card.id
        return read_card(answer)

    def forms(self) -> list[Any]:
        card = self.answer()
        return [card, card.lower(), DECK[card], self.slot_of(card), read_action(self.slot_of(card))]

    def wrong_answers(self) -> list[Any]:
        worst = sorted(self.gains, key=self.gains.get)  # type: ignore[arg-type]
        return [c for c in worst if c not in self.best()][:2]

    slip_kinds = ("the best card alone",)

    def slips(self) -> list[Slip]:
        assert self.game is not None
        game = self.game
        alone = max(sorted(self.gains), key=lambda card: _own_points(game, card))
        return [
            Slip(
                "the best card alone",
                alone,
                self.say("alone"),
            )
        ]

    def because(self) -> str:
        ranked = sorted(self.gains.items(), key=lambda item: -item[1])
        return self.say("each adds", gains=", ".join(f"{c} +{g}" for c, g in ranked))


@register
class BonusChoice(Exercise):
    key = "bonus_choice"
    theme = "synergies"
    title = "Which Bonus Ingredient token?"
    title_fr = "Quel jeton Ingrédient bonus ?"
    rule = "bonus"
    how = "an ingredient, like 'berry' (or 'bonus berry', or Ingredient.BERRY)"
    how_fr = "un Ingrédient, comme 'baie' (ou 'bonus baie', ou Ingredient.BERRY)"
    randomised = True
    words = {
        "question": (
            "Your potion holds {potion} and your counter has just reached 6. The tokens still "
            "available are: {available}. Which token adds the most points to your potion?",
            "Votre potion contient {potion} et votre compteur vient d'atteindre le cran 6. Les "
            "jetons encore disponibles sont : {available}. Quel jeton ajoute le plus de points à "
            "votre potion ?",
        ),
        "longest": (
            "A token adds one ingredient: it pays the cards that count that ingredient, not the "
            "column with the most cards.",
            "Un jeton ajoute un Ingrédient : il rapporte aux cartes qui comptent cet Ingrédient, "
            "pas à la colonne qui a le plus de cartes.",
        ),
        "taken": (
            "The {ingredient} token is taken already; choose among {available}.",
            "Le jeton {ingredient} est déjà pris ; choisissez parmi {available}.",
        ),
        "each adds": (
            "Points each token adds: {gains}.",
            "Points qu'ajoute chaque jeton : {gains}.",
        ),
    }

    def available(self) -> str:
        """The tokens left to choose, in the exercise's language."""
        return ", ".join(word(ingredient, self.lang) for ingredient in self.gains)

    def setup(self) -> None:
        rng = self.rng
        while True:
            potion = random_potion(rng, 6, salts=rng.randint(0, 1))
            other_potion = random_potion(rng, 7, avoid=card_ids(potion))
            other_bonus = random_bonus(rng, 7)
            self.game = game = stage(
                [board(potion, "SSM"), board(other_potion, "SM", bonus=other_bonus)],
                turn={"phase": "bonus"},
            )
            self.potion = potion
            base = _total(game)
            self.gains: dict[Ingredient, int] = {}
            for action in game.legal_actions():
                assert isinstance(action, ChooseBonus)
                child = game.copy()
                child.play(action)
                self.gains[action.ingredient] = _total(child) - base
            best = max(self.gains.values())
            if sum(1 for g in self.gains.values() if g < best) >= 2:
                return

    def question(self) -> str:
        potion = ", ".join(card_ids(self.potion))
        return self.say("question", potion=potion, available=self.available())

    def best(self) -> set[Ingredient]:
        top = max(self.gains.values())
        return {i for i, g in self.gains.items() if g == top}

    def answer(self) -> str:
        return sorted(i.value for i in self.best())[0]

    def solutions(self) -> set[Any]:
        return self.best()

    def read(self, answer: Any) -> Ingredient:
        if isinstance(answer, ChooseBonus):
            return answer.ingredient
        return read_ingredient(answer)

    def forms(self) -> list[Any]:
        name = self.answer()
        ingredient = read_ingredient(name)
        return [
            name,
            name.upper(),
            ingredient,
            f"bonus {name}",
            ChooseBonus(ingredient),
            ingredient.title,
        ]

    def wrong_answers(self) -> list[Any]:
        worst = sorted(self.gains, key=self.gains.get)  # type: ignore[arg-type]
        return [i.value for i in worst if i not in self.best()][:2]

    slip_kinds = ("a token already taken", "the longest column")

    def slips(self) -> list[Slip]:
        assert self.game is not None
        taken = [i for i in Ingredient if i not in self.gains][:1]
        view = self.game.player(0)
        counts = ingredient_counts(view.played, dict(view.salt_on), view.bonus_tokens)
        longest = max(self.gains, key=lambda ingredient: counts[ingredient])
        return [
            *(self.taken_slip(i) for i in taken),
            Slip(
                "the longest column",
                longest.value,
                self.say("longest"),
            ),
        ]

    def taken_slip(self, ingredient: Ingredient) -> Slip:
        name = word(ingredient, self.lang, title=True)
        return Slip(
            "a token already taken",
            ingredient.value,
            self.say("taken", ingredient=name, available=self.available()),
        )

    def slip_for(self, value: Any) -> Slip | None:
        if value not in self.gains:
            return self.taken_slip(value)
        return super().slip_for(value)

    def because(self) -> str:
        ranked = sorted(self.gains.items(), key=lambda item: -item[1])
        gains = ", ".join(f"{word(i, self.lang, title=True)} +{g}" for i, g in ranked)
        return self.say("each adds", gains=gains)


@register
class BestPair(Exercise):
    key = "best_pair"
    theme = "synergies"
    title = "The best two cards together"
    title_fr = "Les deux meilleures cartes ensemble"
    rule = "points"
    how = "two card ids in any order, like ['D04', 'N16'] or 'D04 and N16'"
    how_fr = "deux codes de cartes dans n'importe quel ordre, comme ['D04', 'N16'] ou 'D04 et N16'"
    randomised = True
    words = {
        "question": (
            "Your potion holds {potion}. You may add two of the four cards in your hand ({hand}) "
            "to it. Which two add the most points together?",
            "Votre potion contient {potion}. Vous pouvez y ajouter deux des quatre cartes de "
            "votre main ({hand}). Lesquelles ajoutent le plus de points ensemble ?",
        ),
        "two cards": (
            "name two different cards, not {count}",
            "nommez deux cartes différentes, pas {count}",
        ),
        "pair": (
            "Alone those two add the most, but together? Cards that count each other's "
            "ingredient add more as a pair.",
            "Seules, ces deux-là ajoutent le plus, mais ensemble ? Des cartes qui comptent "
            "l'Ingrédient l'une de l'autre ajoutent davantage en paire.",
        ),
        "together": (
            "Together {a} and {b} add {pair}; alone they would add {alone_a} and {alone_b}.",
            "Ensemble, {a} et {b} ajoutent {pair} ; seules, elles ajouteraient {alone_a} et "
            "{alone_b}.",
        ),
    }

    def setup(self) -> None:
        rng = self.rng
        for attempt in range(200):
            # Adding two cards reaches no Bonus space: no token to choose.
            size = rng.choice(clear_of_bonus(range(3, 8), added=2))
            self.potion = random_potion(rng, size)
            self.bonus = random_bonus(rng, size)
            self.hand = rng.sample([c for c in INGREDIENT_CARDS if c not in self.potion], 4)
            # Scored straight from the cards (no Salt here); the chosen one is staged below.
            base = _potion_total(self.potion, self.bonus)
            self.single = {
                c: _potion_total([*self.potion, c], self.bonus) - base for c in self.hand
            }
            self.pairs = {
                frozenset(pair): _potion_total([*self.potion, *pair], self.bonus) - base
                for pair in combinations(self.hand, 2)
            }
            top = max(self.pairs.values())
            worse = sum(1 for g in self.pairs.values() if g < top)
            # Prefer a lesson: the best pair is not simply the two best single cards.
            two_best = frozenset(sorted(self.hand, key=lambda c: -self.single[c])[:2])
            if worse >= 2 and (self.pairs[two_best] < top or attempt >= 60):
                self.game = stage(
                    [
                        board(self.potion, "SSMM", hand=self.hand, bonus=self.bonus),
                        opponent_board(self.potion),
                    ]
                )
                return

    def question(self) -> str:
        potion = ", ".join(card_ids(self.potion))
        return self.say("question", potion=potion, hand=", ".join(self.hand))

    def best(self) -> set[frozenset[str]]:
        top = max(self.pairs.values())
        return {p for p, g in self.pairs.items() if g == top}

    def answer(self) -> list[str]:
        return sorted(sorted(self.best(), key=sorted)[0])

    def solutions(self) -> set[Any]:
        return self.best()

    def read(self, answer: Any) -> frozenset[str]:
        cards = read_many(answer, read_card)
        if len(cards) != 2:
            english, french = self.words["two cards"]
            raise AnswerError(english.format(count=len(cards)), french.format(count=len(cards)))
        return cards

    def forms(self) -> list[Any]:
        a, b = self.answer()
        return [
            [a, b],
            [b, a],
            (b, a),
            {a, b},
            f"{a} and {b}",
            f"{b.lower()}, {a.lower()}",
            [DECK[a], DECK[b]],
        ]

    def wrong_answers(self) -> list[Any]:
        worst = sorted(self.pairs, key=self.pairs.get)  # type: ignore[arg-type]
        return [sorted(p) for p in worst if p not in self.best()][:2]

    slip_kinds = ("the two best cards alone",)

    def slips(self) -> list[Slip]:
        two_best = sorted(sorted(self.hand, key=lambda c: -self.single[c])[:2])
        return [
            Slip(
                "the two best cards alone",
                two_best,
                self.say("pair"),
            )
        ]

    def because(self) -> str:
        a, b = self.answer()
        pair = self.pairs[frozenset((a, b))]
        return self.say(
            "together", a=a, b=b, pair=pair, alone_a=self.single[a], alone_b=self.single[b]
        )
