"""Two games, one lab: exercises on Carnival, the kit's second game, and on the measures that
compare it with Carnuta (decisions per game, the choices a position offers, who wins a round,
how a rule changes the lead changes the lab counts).

The answers come from ``carnival_core`` and ``tabletop``'s lab, never typed in.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction
from functools import cache, cached_property
from typing import Any

from carnival_core import Card, CarnivalTitle, RoundResult, Rules, score_round
from carnival_core import Game as CarnivalGame
from carnival_core.scoring import winners
from carnival_core.svg import player_svg, reveal_svg, table_svg
from tabletop import RandomBot, play_game
from tabletop.lab import GameTask, mean_ci, play_one

from .answers import AnswerError, read_keyword, read_many, read_player
from .base import Exercise, NumberExercise, Slip, first, register

PRINTED = Rules()
#: The Creature cards of the box, every copy (R1 twice ... R-2, R-4), for staging.
CREATURES = [f"{letter}{value}" for letter in "RYGBP" for value in PRINTED.values]


def card_order(card: str) -> tuple[int, int]:
    """Cards sorted as a row is: by type (red first), then by value."""
    parsed = Card.parse(card)
    return parsed.type_index, parsed.value


def places_word(count: int, lang: str = "en") -> str:
    if lang == "fr":
        return "endroit" if count == 1 else "endroits"
    return "place" if count == 1 else "places"


def decimal(value: float, lang: str, sign: str = "") -> str:
    """``value`` to two decimals (``sign`` ``"+"`` shows it), a decimal comma in French."""
    text = f"{value:{sign}.2f}"
    return text.replace(".", ",") if lang == "fr" else text


class CarnivalExercise(Exercise):
    """An exercise on a Carnival position (``self.carnival``) rather than a Carnuta one."""

    seat = None
    carnival: CarnivalGame | None = None

    def picture(self) -> str:
        if self.carnival is None:
            return ""
        return table_svg(self.carnival.observation(0))


# ------------------------------------------------------------------ decisions per game
@register
class CarnivalDecisions(NumberExercise, CarnivalExercise):
    key = "carnival_decisions"
    theme = "two_games"
    title = "Decisions in a game of Carnival"
    rule = "carnival_rounds"
    title_fr = "Les décisions d'une partie de Carnival"
    how = "a number of decisions"
    how_fr = "un nombre de décisions"
    unit = "decisions"
    randomised = True
    words = {
        "question": (
            "Carnival for {p} players under these rules: {rounds} round(s); {masks} Masks in "
            "the box, {dealt} dealt to each player before the shuffle; {discard} cards "
            "discarded at random; {deal} cards dealt to each player; then one card turned up to "
            "start the Carnival stack. Each turn a player draws a card and plays (a Mask turn "
            "plays two cards, still one decision). How many decisions does a whole game take, "
            "all players together?",
            "Carnival à {p} joueurs avec ces règles : {rounds} manche(s) ; {masks} Masques dans "
            "la boîte, {dealt} donné(s) à chaque joueur avant de mélanger ; {discard} cartes "
            "défaussées au hasard ; {deal} cartes distribuées à chaque joueur ; puis une carte "
            "retournée pour commencer la pile du Carnaval. À chaque tour, un joueur pioche une "
            "carte et joue (un tour avec Masque joue deux cartes, mais reste une décision). "
            "Combien de décisions prend une partie entière, tous joueurs ensemble ?",
        ),
        "first draw": (
            "The first player's first draw comes from the deck too: every card left in the deck "
            "once the Carnival's first card is turned up is one turn.",
            "La première pioche du premier joueur vient aussi de la pioche : chaque carte qui "
            "reste dans la pioche une fois la première carte du Carnaval retournée fait un tour.",
        ),
        "one round": (
            "The game has {rounds} rounds, each dealt and played the same way.",
            "La partie compte {rounds} manches, chacune distribuée et jouée de la même façon.",
        ),
        "one player": (
            "Count the turns of every player, not one player's.",
            "Comptez les tours de tous les joueurs, pas ceux d'un seul.",
        ),
        "masks dealt": (
            "Each hand starts with its Masks plus the table's count: those Masks are not in the "
            "deck.",
            "Chaque main commence avec ses Masques en plus du nombre de la table : ces "
            "Masques ne sont pas dans la pioche.",
        ),
        "because": (
            "{deck} cards to draw each round, one turn each, over {rounds} round(s).",
            "{deck} cartes à piocher à chaque manche, un tour chacune, sur {rounds} manche(s).",
        ),
    }

    def setup(self) -> None:
        rng = self.rng
        self.players = rng.choice(PRINTED.player_counts)
        self.rounds = rng.choice([1, 2, 2, 3])
        self.masks_dealt = 2 if rng.random() < 0.3 else 1
        # Rules hold for every player count: two Masks each for 6 players needs 12.
        masks = 2 * max(PRINTED.player_counts) if self.masks_dealt == 2 else PRINTED.masks
        self.rules = Rules(rounds=self.rounds, masks_dealt=self.masks_dealt, masks=masks)
        self.carnival = CarnivalGame.new(self.players, seed=rng.randrange(10**6), rules=self.rules)

    def question(self) -> str:
        r = self.rules
        p = self.players
        return self.say(
            "question",
            p=p,
            rounds=r.rounds,
            masks=r.masks,
            dealt=r.masks_dealt,
            discard=r.discard_for(p),
            deal=r.deal_for(p),
        )

    @cached_property
    def played(self) -> CarnivalGame:
        """The game played to its end by random bots (any bots take the same number of turns)."""
        assert self.carnival is not None
        bots = [RandomBot(seat) for seat in range(self.players)]
        return play_game(bots, self.carnival.copy())

    def answer(self) -> int:
        return len(self.played.log)

    def wrong_answers(self) -> list[Any]:
        n = self.answer()
        return first([n // self.rounds, n - self.rounds, n + 1], 2, lambda a: a != n)

    slip_kinds = ("the first draw", "one round", "one player", "the Masks dealt")

    def slips(self) -> list[Slip]:
        n = self.answer()
        return [
            Slip(
                "the first draw",
                n - self.rounds,
                self.say("first draw"),
            ),
            Slip("one round", Fraction(n, self.rounds), self.say("one round", rounds=self.rounds)),
            Slip("one player", Fraction(n, self.players), self.say("one player")),
            Slip(
                "the Masks dealt",
                n + self.rounds * self.players * self.masks_dealt,
                self.say("masks dealt"),
            ),
        ]

    def because(self) -> str:
        deck = self.rules.deck_after_setup(self.players)
        return self.say("because", deck=deck, rounds=self.rounds)


# ------------------------------------------------------------------ the choices of a position
def hand_for(rng: random.Random) -> list[str]:
    """2 to 5 different Creatures, some of them twice, and 0 to 2 Masks."""
    kinds = rng.sample(sorted(set(CREATURES)), rng.randint(2, 5))
    doubled = [k for k in kinds if CREATURES.count(k) == 2 and rng.random() < 0.4]
    return kinds + doubled + ["Mask"] * rng.choice([0, 1, 1, 2])


@register
class CarnivalChoices(NumberExercise, CarnivalExercise):
    key = "carnival_choices"
    theme = "two_games"
    title = "How many choices? (Carnival's branching factor)"
    title_fr = "Combien de choix ? (le facteur de branchement de Carnival)"
    rule = "carnival_turn"
    how = "a number of legal actions"
    how_fr = "un nombre d'actions légales"
    unit = "actions"
    randomised = True
    words = {
        "variant": (
            ", playing the variant For Younger Players",
            ", dans la variante pour les plus jeunes",
        ),
        "question": (
            "A {players}-player game of Carnival{variant}. Player 1 has drawn and holds {hand}. "
            "How many different actions may player 1 take now? (Two copies of the same card "
            "give the same action.)",
            "Une partie de Carnival à {players} joueurs{variant}. Le joueur 1 a pioché et tient "
            "{hand}. Combien d'actions différentes le joueur 1 peut-il jouer maintenant ? (Deux "
            "exemplaires de la même carte donnent la même action.)",
        ),
        "every copy": (
            "Two copies of a card are the same action: count the different cards.",
            "Deux exemplaires d'une carte sont la même action : comptez les cartes différentes.",
        ),
        "no masks": (
            "With a Mask in hand, each Creature may also go face down under it, to each of the "
            "same places.",
            "Avec un Masque en main, chaque Créature peut aussi aller face cachée dessous, à "
            "chacun des mêmes endroits.",
        ),
        "mask alone": (
            "A Mask always hides a Creature slid under it: it goes down alone only when no "
            "Creature is left in the hand.",
            "Un Masque cache toujours une Créature glissée dessous : il ne se joue seul que "
            "lorsqu'il ne reste aucune Créature en main.",
        ),
        "younger": (
            "In the variant For Younger Players no card goes in front of another player: the "
            "Carnival stack or your own Spectators only.",
            "Dans la variante pour les plus jeunes, aucune carte ne va devant un autre joueur : "
            "seulement la pile du Carnaval ou vos propres Spectateurs.",
        ),
        "no gifts": (
            "A card may also go in front of each of the {others} other player(s), as their "
            "Spectator.",
            "Une carte peut aussi aller devant chacun des {others} autre(s) joueur(s), comme son "
            "Spectateur.",
        ),
        "masked": (" face up or under a Mask", " face visible ou sous un Masque"),
        "because": (
            "{kinds} different Creatures, each to {places} {places_word}{masked}.",
            "{kinds} Créatures différentes, chacune vers {places} {places_word}{masked}.",
        ),
    }

    def setup(self) -> None:
        rng = self.rng
        self.players = rng.choice([2, 3, 4])
        self.younger = rng.random() < 0.3
        self.hand = hand_for(rng)
        left = sorted((Counter(CREATURES) - Counter(self.hand)).elements())
        rng.shuffle(left)
        others = [left[3 * seat : 3 * seat + 3] for seat in range(self.players - 1)]
        position: dict[str, Any] = {"players": self.players, "hands": [self.hand, *others]}
        if self.younger:
            position["rules"] = {"younger_players": True}
        self.carnival = CarnivalGame.from_json(json.dumps(position))
        self.has_mask = "Mask" in self.hand
        self.rule = "carnival_masks" if self.has_mask else "carnival_turn"
        if self.younger:
            self.rule = "carnival_younger"

    def picture(self) -> str:
        assert self.carnival is not None
        return player_svg(self.carnival.observation(0), 0)

    def question(self) -> str:
        variant = self.say("variant") if self.younger else ""
        mask = "Masque" if self.lang == "fr" else "Mask"
        hand = " ".join(
            mask if c == "Mask" else c for c in sorted(self.hand, key=lambda c: (c == "Mask", c))
        )
        return self.say("question", players=self.players, variant=variant, hand=hand)

    def answer(self) -> int:
        assert self.carnival is not None
        return len(self.carnival.legal_actions())

    @property
    def kinds(self) -> int:
        return len({c for c in self.hand if c != "Mask"})

    @property
    def places(self) -> int:
        return 2 if self.younger else self.players + 1

    def wrong_answers(self) -> list[Any]:
        n = self.answer()
        return first([self.kinds * self.places, n + 1, n - 1], 2, lambda a: a != n and a >= 0)

    slip_kinds = ("no Masks", "every copy", "no gifts", "gifts for younger players", "Mask alone")

    def slips(self) -> list[Slip]:
        masked = 2 if self.has_mask else 1
        creatures = len([c for c in self.hand if c != "Mask"])
        slips = [
            Slip(
                "every copy",
                creatures * self.places * masked,
                self.say("every copy"),
            )
        ]
        if self.has_mask:
            slips += [
                Slip(
                    "no Masks",
                    self.kinds * self.places,
                    self.say("no masks"),
                ),
                Slip(
                    "Mask alone",
                    (self.kinds * 2 + 1) * self.places,
                    self.say("mask alone"),
                ),
            ]
        if self.younger:
            slips.append(
                Slip(
                    "gifts for younger players",
                    self.kinds * (self.players + 1) * masked,
                    self.say("younger"),
                )
            )
        else:
            slips.append(
                Slip(
                    "no gifts",
                    self.kinds * 2 * masked,
                    self.say("no gifts", others=self.players - 1),
                )
            )
        return slips

    def because(self) -> str:
        return self.say(
            "because",
            kinds=self.kinds,
            places=self.places,
            places_word=places_word(self.places, self.lang),
            masked=self.say("masked") if self.has_mask else "",
        )


# ------------------------------------------------------------------ who wins a round
def round_winners(result: RoundResult, rules: Rules) -> frozenset[int]:
    """The round's winners as player numbers (from 1): most points, then most scoring cards
    (unless the rules share a tie at once)."""
    return frozenset(seat + 1 for seat in winners([result], rules))


def best_by(values: list[int]) -> frozenset[int]:
    top = max(values)
    return frozenset(seat + 1 for seat, value in enumerate(values) if value == top)


@register
class CarnivalRoundWinner(CarnivalExercise):
    key = "carnival_round_winner"
    theme = "two_games"
    title = "Who wins this Carnival round?"
    title_fr = "Qui gagne cette manche de Carnival ?"
    rule = "carnival_happy"
    how = "the winning player's number, like 2 or 'Player 2' (a list if the victory is shared)"
    how_fr = (
        "le numéro du joueur gagnant, comme 2 ou 'joueur 2' (une liste si la victoire est partagée)"
    )
    randomised = True
    words = {
        "row": ("player {seat}'s Spectators: {cards}", "Spectateurs du joueur {seat} : {cards}"),
        "question": (
            "The round is over: the hands have joined the Spectators and the Masks are put "
            "aside. The Carnival holds {carnival}; {rows}. Score the round: who wins it (most "
            "points; a tie goes to the most scoring cards)?",
            "La manche est finie : les mains ont rejoint les Spectateurs et les Masques sont mis "
            "de côté. Le Carnaval contient {carnival} ; {rows}. Comptez la manche : qui la "
            "gagne (le plus de points ; à égalité, le plus de cartes qui rapportent) ?",
        ),
        "ties happy": (
            "A type is happy only with strictly more in the Carnival: a tie is not enough.",
            "Un type n'est heureux qu'avec strictement plus de cartes au Carnaval : une égalité "
            "ne suffit pas.",
        ),
        "negative sums": (
            "A happy type with a negative sum loses points: count it.",
            "Un type heureux de somme négative fait perdre des points : comptez-le.",
        ),
        "every card": (
            "Only the happy types score; the others are turned face down.",
            "Seuls les types heureux rapportent ; les autres sont retournés face cachée.",
        ),
        "unhappy": (
            "It is the other way round: a type scores when the Carnival holds more of it than "
            "your Spectators.",
            "C'est l'inverse : un type rapporte quand le Carnaval en contient plus que vos "
            "Spectateurs.",
        ),
        "score": ("player {seat} {points}", "joueur {seat} {points}"),
        "because": ("Round scores: {scores}.", "Scores de la manche : {scores}."),
    }

    def setup(self) -> None:
        rng = self.rng
        self.players = rng.choice([2, 2, 3])
        pile = CREATURES[:]
        rng.shuffle(pile)
        self.carnival_cards = sorted(pile[: rng.randint(7, 12)], key=card_order)
        del pile[: len(self.carnival_cards)]
        self.rows: list[list[str]] = []
        for _ in range(self.players):
            size = rng.randint(5, 9)
            self.rows.append(sorted(pile[:size], key=card_order))
            del pile[:size]

    def result(self, rules: Rules = PRINTED) -> RoundResult:
        return score_round(
            [Card.parse(c) for c in self.carnival_cards],
            [[Card.parse(c) for c in row] for row in self.rows],
            rules,
        )

    def picture(self) -> str:
        return reveal_svg(self.result(), step=1)

    def question(self) -> str:
        rows = (" ; " if self.lang == "fr" else "; ").join(
            self.say("row", seat=seat + 1, cards=" ".join(row))
            for seat, row in enumerate(self.rows)
        )
        return self.say("question", carnival=" ".join(self.carnival_cards), rows=rows)

    def solutions(self) -> set[Any]:
        return {round_winners(self.result(), PRINTED)}

    def read(self, answer: Any) -> frozenset[int]:
        found = read_many(answer, read_player)
        if not found:
            raise AnswerError("name at least one player")
        return found

    def answer(self) -> int | list[int]:
        (right,) = self.solutions()
        seats = sorted(right)
        return seats[0] if len(seats) == 1 else seats

    def forms(self) -> list[Any]:
        seats = sorted(next(iter(self.solutions())))
        if len(seats) == 1:
            (winner,) = seats
            return [winner, str(winner), f"Player {winner}", f"P{winner}", [winner]]
        return [seats, " and ".join(map(str, seats)), tuple(seats), set(seats)]

    def wrong_answers(self) -> list[Any]:
        right = next(iter(self.solutions()))
        everyone = list(range(1, self.players + 1))
        candidates: list[Any] = [[seat] for seat in everyone] + [everyone]
        return first(candidates, 2, lambda a: frozenset(a) != right)

    slip_kinds = ("ties happy", "negative sums", "every card scores", "unhappy types score")

    def slips(self) -> list[Slip]:
        result = self.result()
        types = range(PRINTED.creature_types)
        every = [sum(result.spectator_sums[seat]) for seat in range(self.players)]
        sad = [
            sum(
                result.spectator_sums[seat][t]
                for t in types
                if not result.happy[seat][t]
            )
            for seat in range(self.players)
        ]  # fmt: skip
        return [
            Slip(
                "ties happy",
                sorted(round_winners(self.result(Rules(happy_on_tie=True)), PRINTED)),
                self.say("ties happy"),
            ),
            Slip(
                "negative sums",
                sorted(round_winners(self.result(Rules(negative_sums_score=False)), PRINTED)),
                self.say("negative sums"),
            ),
            Slip(
                "every card scores",
                sorted(best_by(every)),
                self.say("every card"),
            ),
            Slip(
                "unhappy types score",
                sorted(best_by(sad)),
                self.say("unhappy"),
            ),
        ]

    def because(self) -> str:
        scores = ", ".join(
            self.say("score", seat=seat + 1, points=points)
            for seat, points in enumerate(self.result().scores)
        )
        return self.say("because", scores=scores)


# ------------------------------------------------------------------ a rule change, measured
#: The rule changes of the measuring exercise: (what it is, the rules' fields, its rule).
CHANGES: list[tuple[str, dict[str, Any], str]] = [
    ("the variant For Younger Players", {"younger_players": True}, "carnival_younger"),
    ("ties making a type happy", {"happy_on_tie": True}, "carnival_happy"),
    (
        "hands put aside at the end of a round (instead of joining the Spectators)",
        {"hands_join_spectators": False},
        "carnival_round_end",
    ),
    ("three rounds instead of two", {"rounds": 3}, "carnival_rounds"),
    ("negative sums scoring nothing", {"negative_sums_score": False}, "carnival_happy"),
]
#: The changes of ``CHANGES`` in French.
CHANGES_FR = {
    "the variant For Younger Players": "la variante pour les plus jeunes",
    "ties making a type happy": "des égalités qui rendent un type heureux",
    "hands put aside at the end of a round (instead of joining the Spectators)": (
        "des mains mises de côté en fin de manche (au lieu de rejoindre les Spectateurs)"
    ),
    "three rounds instead of two": "trois manches au lieu de deux",
    "negative sums scoring nothing": "des sommes négatives qui ne rapportent rien",
}
#: Where the seeds of a measurement start, and how many games it plays per rule set.
SEED_STARTS = (0, 12, 24, 36)
GAMES = 12
OUTCOMES = {
    "more": "more",
    "higher": "more",
    "greater": "more",
    "increase": "more",
    "increases": "more",
    "plus": "more",
    "fewer": "fewer",
    "less": "fewer",
    "lower": "fewer",
    "decrease": "fewer",
    "decreases": "fewer",
    "moins": "fewer",
    "cannot tell": "cannot tell",
    "can't tell": "cannot tell",
    "cant tell": "cannot tell",
    "can not tell": "cannot tell",
    "not sure": "cannot tell",
    "unclear": "cannot tell",
    "undecided": "cannot tell",
    "no clear difference": "cannot tell",
    "on ne peut pas savoir": "cannot tell",
}


@cache
def lead_changes(rules: Rules, seed: int) -> int:
    """The lead changes the lab counts in the 2-player game of greedy bots dealt by ``seed``."""
    rows = play_one(GameTask(CarnivalTitle(rules), game=0, seed=seed, bots=("greedy", "greedy")))
    changes: int = rows[0]["lead_changes"]
    return changes


@register
class CarnivalLeadChanges(CarnivalExercise):
    key = "carnival_lead_changes"
    theme = "two_games"
    title = "Predict, then measure: lead changes under a rule change"
    title_fr = "Prédire, puis mesurer : les changements de tête sous une autre règle"
    how = "'more', 'fewer' or 'cannot tell'"
    how_fr = "'plus', 'moins' ou 'on ne peut pas savoir'"
    randomised = True
    words = {
        "question": (
            "Predict first: with {change}, will 2-player Carnival games between greedy bots see "
            "the lead change more often, or less? Then measure with the lab on the seeds "
            "{first} to {last}, each played under the printed rules and under the variant, and "
            "compare the lead changes seed by seed: lab.sweep({{'printed': CarnivalTitle(), "
            "'variant': CarnivalTitle(ex.rules)}}, 'greedy', players=2, seeds=ex.seeds), then "
            "lab.diff_report(..., baseline='printed') and its row 'lead changes'. Does the "
            "variant give more lead changes, fewer, or can these games not tell (the 95% "
            "interval of the difference contains 0)?",
            "Prédisez d'abord : avec {change}, les parties de Carnival à 2 entre robots gloutons "
            "verront-elles la tête changer plus souvent, ou moins ? Puis mesurez avec le labo "
            "sur les graines {first} à {last}, chacune jouée avec les règles imprimées et avec "
            "la variante, et comparez les changements de tête graine par graine : "
            "lab.sweep({{'printed': CarnivalTitle(), 'variant': CarnivalTitle(ex.rules)}}, "
            "'greedy', players=2, seeds=ex.seeds), puis lab.diff_report(..., "
            "baseline='printed') et sa ligne 'lead changes'. La variante donne-t-elle plus de "
            "changements de tête, moins, ou ces parties ne permettent-elles pas de le savoir "
            "(l'intervalle à 95 % de la différence contient 0) ?",
        ),
        "sign alone": (
            "The difference, {diff} a game, lies in its 95% interval {interval}, which contains "
            "0: {games} games cannot tell.",
            "La différence, {diff} par partie, est dans son intervalle à 95 % {interval}, qui "
            "contient 0 : {games} parties ne permettent pas de le savoir.",
        ),
        "backwards": (
            "The report's difference is the variant minus the printed rules.",
            "La différence du rapport est la variante moins les règles imprimées.",
        ),
        "clear": (
            "The 95% interval of the difference, {interval}, leaves 0 out: even these {games} "
            "games tell.",
            "L'intervalle à 95 % de la différence, {interval}, exclut 0 : même ces {games} "
            "parties le disent.",
        ),
        "because": (
            "Lead changes per game: {printed} printed, {variant} with the variant; difference "
            "{diff}, 95% interval {interval}.",
            "Changements de tête par partie : {printed} avec les règles imprimées, {variant} "
            "avec la variante ; différence {diff}, intervalle à 95 % {interval}.",
        ),
    }

    def setup(self) -> None:
        rng = self.rng
        self.change, fields, self.rule = rng.choice(CHANGES)
        self.rules = Rules(**fields)
        start = rng.choice(SEED_STARTS)
        self.seeds = range(start, start + GAMES)

    def question(self) -> str:
        change = CHANGES_FR[self.change] if self.lang == "fr" else self.change
        return self.say("question", change=change, first=self.seeds.start, last=self.seeds.stop - 1)

    def interval(self, low: float, high: float) -> str:
        """A 95% interval, its ends signed (``[-0,50 ; +1,25]`` in French)."""
        lang = self.lang
        between = " ; " if lang == "fr" else ", "
        return f"[{decimal(low, lang, '+')}{between}{decimal(high, lang, '+')}]"

    @cached_property
    def measured(self) -> tuple[float, float, float, float, float]:
        """Mean lead changes under the printed rules and the variant, and their paired
        difference with its 95% interval: (printed, variant, diff, low, high)."""
        printed = [lead_changes(PRINTED, seed) for seed in self.seeds]
        variant = [lead_changes(self.rules, seed) for seed in self.seeds]
        diff, low, high = mean_ci([v - p for v, p in zip(variant, printed, strict=True)])
        return sum(printed) / GAMES, sum(variant) / GAMES, diff, low, high

    def answer(self) -> str:
        _, _, _, low, high = self.measured
        if low > 0:
            return "more"
        if high < 0:
            return "fewer"
        return "cannot tell"

    def solutions(self) -> set[Any]:
        return {self.answer()}

    def read(self, answer: Any) -> str:
        return read_keyword(answer, OUTCOMES, self.how)

    def forms(self) -> list[Any]:
        right = self.answer()
        other = {"more": "More lead changes", "fewer": "fewer", "cannot tell": "can't tell"}
        return [right, right.upper(), other[right]]

    def wrong_answers(self) -> list[Any]:
        right = self.answer()
        return [a for a in ("more", "fewer", "cannot tell") if a != right]

    slip_kinds = ("the sign alone", "backwards", "a clear difference")

    def slips(self) -> list[Slip]:
        _, _, diff, low, high = self.measured
        interval = self.interval(low, high)
        right = self.answer()
        if right == "cannot tell":
            if diff == 0:
                return []
            return [
                Slip(
                    "the sign alone",
                    "more" if diff > 0 else "fewer",
                    self.say(
                        "sign alone",
                        diff=decimal(diff, self.lang, "+"),
                        interval=interval,
                        games=GAMES,
                    ),
                )
            ]
        return [
            Slip(
                "backwards",
                "fewer" if right == "more" else "more",
                self.say("backwards"),
            ),
            Slip(
                "a clear difference",
                "cannot tell",
                self.say("clear", interval=interval, games=GAMES),
            ),
        ]

    def because(self) -> str:
        printed, variant, diff, low, high = self.measured
        lang = self.lang
        return self.say(
            "because",
            printed=decimal(printed, lang),
            variant=decimal(variant, lang),
            diff=decimal(diff, lang, "+"),
            interval=self.interval(low, high),
        )
