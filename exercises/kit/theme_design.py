"""Game-design exercises: predict, then measure, what a rule change does."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from typing import Any

from carnuta_core import Face, Game, GreedyBot, PositionError, Rules, play_game
from carnuta_core.errors import GameDidNotEnd

from .answers import read_number
from .base import Exercise, Slip, first, register
from .staging import board, opponent_board, random_potion, stage


class DesignExercise(Exercise):
    seat = None

    def solutions(self) -> set[Any]:
        return {Fraction(self.answer())}

    def read(self, answer: Any) -> Any:
        return read_number(answer)

    def forms(self) -> list[Any]:
        n = self.answer()
        return [n, str(n), Fraction(n), float(n)]


def runes_in_play(game: Game) -> int:
    boards = sum(game.player(s).runes for s in range(game.num_players))
    return boards + game.reserve[Face.SUN] + game.reserve[Face.MOON]


@register
class RunesInPlay(DesignExercise):
    key = "runes_in_play"
    theme = "design"
    title = "Runes in play under new rules"
    title_fr = "Les runes en jeu sous d'autres règles"
    rule = "setup"
    how = "a number of runes"
    how_fr = "un nombre de runes"
    randomised = True
    words = {
        "question": (
            "A variant: each player starts with {suns} Sun(s) and {moons} Moon(s), and a "
            "{players}-player reserve starts with {reserve} Sun(s) and {reserve} Moon(s). "
            "Predict first, then check with the engine: how many runes are in play (on the "
            "boards and in the reserve)?",
            "Une variante : chaque joueur commence avec {suns} Soleil(s) et {moons} Lune(s), et "
            "à {players} joueurs la Réserve commence avec {reserve} Soleil(s) et {reserve} "
            "Lune(s). Prédisez d'abord, puis vérifiez avec le moteur : combien de runes sont en "
            "jeu (sur les plateaux et dans la Réserve) ?",
        ),
        "printed": (
            "That is the printed game's count: use the variant's numbers.",
            "C'est le compte du jeu tel qu'il est imprimé : prenez les nombres de la variante.",
        ),
        "one face": (
            "The reserve starts with {reserve} Sun(s) and {reserve} Moon(s): both count.",
            "La Réserve commence avec {reserve} Soleil(s) et {reserve} Lune(s) : les deux "
            "comptent.",
        ),
        "one board": (
            "Each of the {players} players starts with runes on their own board.",
            "Chacun des {players} joueurs commence avec des runes sur son propre plateau.",
        ),
    }

    def setup(self) -> None:
        rng = self.rng
        suns = rng.randint(1, 3)
        moons = rng.randint(0, 4 - suns)
        per_face = tuple((p, rng.randint(0, 4)) for p in (2, 3, 4))
        self.rules = Rules(starting_suns=suns, starting_moons=moons, reserve_per_face=per_face)
        self.players = rng.choice([2, 3, 4])
        self.game = Game.new(self.players, seed=0, rules=self.rules)

    def question(self) -> str:
        r = self.rules
        reserve = dict(r.reserve_per_face)[self.players]
        return self.say(
            "question",
            suns=r.starting_suns,
            moons=r.starting_moons,
            players=self.players,
            reserve=reserve,
        )

    def answer(self) -> int:
        assert self.game is not None
        return runes_in_play(self.game)

    def wrong_answers(self) -> list[Any]:
        n = self.answer()
        printed = runes_in_play(Game.new(self.players, seed=0))
        return first([printed, n + self.players, n - 1, n + 1], 2, lambda a: a != n and a >= 0)

    slip_kinds = ("the printed rules", "one face of the reserve", "one board")

    def slips(self) -> list[Slip]:
        r = self.rules
        reserve = dict(r.reserve_per_face)[self.players]
        board = r.starting_suns + r.starting_moons
        return [
            Slip(
                "the printed rules",
                runes_in_play(Game.new(self.players, seed=0)),
                self.say("printed"),
            ),
            Slip(
                "one face of the reserve",
                self.answer() - reserve,
                self.say("one face", reserve=reserve),
            ),
            Slip(
                "one board",
                board + 2 * reserve,
                self.say("one board", players=self.players),
            ),
        ]


def staged_with(rules: Rules, played: list[str]) -> Game:
    """A position where player 1 has played ``played``: the engine accepts exactly one number
    of Padlocks for that counter under these rules, so try each."""
    last: PositionError | None = None
    for locked in range(rules.rune_spaces - rules.open_spaces + 1):
        b = board(played, "", rules=Rules())
        b["runes"] = "." * (rules.rune_spaces - locked) + "#" * locked
        try:
            return stage([b, opponent_board(played)], rules=rules)
        except PositionError as error:
            last = error
    raise ValueError(f"no Padlock count fits: {last}")


@register
class OpenSpaces(DesignExercise):
    key = "open_spaces"
    theme = "design"
    title = "Padlocks at other counter spaces"
    title_fr = "Des Cadenas à d'autres crans du compteur"
    rule = "counter"
    how = "a number of open rune spaces"
    how_fr = "un nombre d'emplacements de runes ouverts"
    randomised = True
    words = {
        "question": (
            "A variant: the Padlocks come off when the counter reaches {first} and {second} "
            "(instead of 4 and 8). You have played {played} cards. How many rune spaces are "
            "open on your board?",
            "Une variante : les Cadenas tombent quand le compteur atteint {first} et {second} "
            "(au lieu de 4 et 8). Vous avez posé {played} cartes. Combien d'emplacements de "
            "runes sont ouverts sur votre plateau ?",
        ),
        "printed": (
            "In this variant the Padlocks come off at {first} and {second}, not at the printed "
            "4 and 8.",
            "Dans cette variante, les Cadenas tombent à {first} et {second}, pas aux crans 4 et "
            "8 du jeu imprimé.",
        ),
        "none removed": (
            "Every Padlock level your counter has reached opened one more space.",
            "Chaque cran de Cadenas atteint par votre compteur a ouvert un emplacement de plus.",
        ),
        "next card": (
            "Your counter is on {played}, the number of cards played: a Padlock comes off only "
            "when the counter reaches its level.",
            "Votre compteur est sur {played}, le nombre de cartes posées : un Cadenas ne tombe "
            "que lorsque le compteur atteint son cran.",
        ),
    }

    def setup(self) -> None:
        rng = self.rng
        first_level = rng.randint(2, 7)
        self.levels = (first_level, rng.randint(first_level + 1, 10))
        self.rules = Rules(unlock_levels=self.levels)
        self.played = rng.randint(2, 10)
        self.game = staged_with(self.rules, random_potion(rng, self.played))
        self.printed = staged_with(Rules(), random_potion(rng, self.played))

    def question(self) -> str:
        first_level, second_level = self.levels
        return self.say("question", first=first_level, second=second_level, played=self.played)

    def answer(self) -> int:
        assert self.game is not None
        return self.game.open_spaces(0)

    def wrong_answers(self) -> list[Any]:
        n = self.answer()
        return first([self.printed.open_spaces(0), n - 1, n + 1], 2, lambda a: a != n)

    slip_kinds = ("the printed levels", "the next card's counter", "no Padlock removed")

    def slips(self) -> list[Slip]:
        slips = [
            Slip(
                "the printed levels",
                self.printed.open_spaces(0),
                self.say("printed", first=self.levels[0], second=self.levels[1]),
            ),
            Slip(
                "no Padlock removed",
                self.rules.open_spaces,
                self.say("none removed"),
            ),
        ]
        if self.played + 1 < self.rules.end_trigger:
            rng = random.Random(f"{self.key}/{self.seed}/ahead")
            ahead = staged_with(self.rules, random_potion(rng, self.played + 1))
            slips.append(
                Slip(
                    "the next card's counter",
                    ahead.open_spaces(0),
                    self.say("next card", played=self.played),
                )
            )
        return slips


CHANGES: list[tuple[str, dict[str, Any], str]] = [
    ("3 actions per turn", {"actions_per_turn": 3}, "actions"),
    ("a hand limit of 5 cards", {"hand_limit": 5}, "end_turn"),
    ("the end triggered by the 9th card", {"end_trigger": 9}, "end_game"),
    ("Padlocks coming off at 2 and 4", {"unlock_levels": (2, 4)}, "counter"),
    (
        "a 2-player reserve of 3 Suns and 3 Moons",
        {"reserve_per_face": ((2, 3), (3, 2), (4, 3))},
        "setup",
    ),
]
#: The changes of ``CHANGES`` in French.
CHANGES_FR = {
    "3 actions per turn": "3 actions par tour",
    "a hand limit of 5 cards": "une limite de 5 cartes en main",
    "the end triggered by the 9th card": "une fin déclenchée par la 9e carte",
    "Padlocks coming off at 2 and 4": "des Cadenas qui tombent aux crans 2 et 4",
    "a 2-player reserve of 3 Suns and 3 Moons": "une Réserve de 3 Soleils et 3 Lunes à 2 joueurs",
}


@cache
def rounds(rules: Rules, seed: int) -> int | None:
    """The rounds of the 2-player greedy game played with ``seed``, or None when it does not
    end (two greedy bots can get stuck flipping their runes back and forth with empty hands)."""
    try:
        game = play_game(
            [GreedyBot(seed), GreedyBot(seed + 1)], seed=seed, rules=rules, max_actions=800
        )
    except GameDidNotEnd:
        return None
    return game.round


def average_rounds(rules: Rules, seeds: tuple[int, ...]) -> Fraction | None:
    """The mean number of rounds of 2-player greedy games, one per seed (None if one of them
    does not end; exercises pick seeds where every game ends)."""
    counts = [rounds(rules, seed) for seed in seeds]
    if None in counts:
        return None
    return Fraction(sum(c for c in counts if c is not None), len(counts))


#: Where the seeds of a measurement start: a few dozen starts, so that the games a class
#: plays are shared (and computed once) across student numbers.
SEED_STARTS = 40


@register
class MeasureRounds(DesignExercise):
    key = "measure_rounds"
    theme = "design"
    title = "Predict, then measure: game length"
    title_fr = "Prédire, puis mesurer : la durée d'une partie"
    rule = "actions"
    how = "the average number of rounds (a number; 12.25, '49/4' and Fraction(49, 4) all work)"
    how_fr = (
        "le nombre moyen de manches (un nombre ; 12.25, '49/4' et Fraction(49, 4) conviennent tous)"
    )
    randomised = True
    games = 4
    words = {
        "question": (
            "Predict first: with {change} instead of the printed rule, will 2-player games "
            "between greedy bots be shorter or longer? Then measure: play one game per seed in "
            "{seeds} with play_game([GreedyBot(seed), GreedyBot(seed + 1)], seed=seed, "
            "rules=exercise.rules) and average their .round. What is the average?",
            "Prédisez d'abord : avec {change} au lieu de la règle imprimée, les parties à 2 "
            "entre robots gloutons seront-elles plus courtes ou plus longues ? Puis mesurez : "
            "jouez une partie par graine de {seeds} avec play_game([GreedyBot(seed), "
            "GreedyBot(seed + 1)], seed=seed, rules=exercise.rules) et faites la moyenne de "
            "leurs .round. Quelle est cette moyenne ?",
        ),
        "printed": (
            "That is how long the printed game lasts: play with rules=exercise.rules.",
            "C'est la durée du jeu imprimé : jouez avec rules=exercise.rules.",
        ),
        "total": (
            "Average: divide the total by the {games} games.",
            "Une moyenne : divisez le total par les {games} parties.",
        ),
        "one game": (
            "Play one game per seed in {seeds} and average them all.",
            "Jouez une partie par graine de {seeds} et faites la moyenne de toutes.",
        ),
        "because": (
            "With the printed rules the same seeds last {printed} rounds on average; with "
            "{change}, {measured}.",
            "Avec les règles imprimées, les mêmes graines durent {printed} manches en moyenne ; "
            "avec {change}, {measured}.",
        ),
    }

    @property
    def change_text(self) -> str:
        """The rule change, in the exercise's language."""
        return CHANGES_FR[self.change] if self.lang == "fr" else self.change

    def decimal(self, value: Fraction) -> str:
        """``value`` to two decimals, with a decimal comma in French."""
        text = f"{float(value):.2f}"
        return text.replace(".", ",") if self.lang == "fr" else text

    def setup(self) -> None:
        rng = self.rng
        self.change, fields, self.rule = rng.choice(CHANGES)
        self.rules = Rules(**fields)
        while True:
            start = rng.randrange(SEED_STARTS)
            self.seeds = tuple(range(start, start + self.games))
            measured = average_rounds(self.rules, self.seeds)
            baseline = average_rounds(Rules(), self.seeds)
            if measured is not None and baseline is not None:
                self.measured, self.printed = measured, baseline
                return

    def question(self) -> str:
        return self.say("question", change=self.change_text, seeds=list(self.seeds))

    def answer(self) -> Fraction:
        return self.measured

    def solutions(self) -> set[Any]:
        return {self.answer()}

    def is_correct(self, value: Any) -> bool:
        return bool(abs(value - self.answer()) <= Fraction(1, 20))

    def forms(self) -> list[Any]:
        n = self.answer()
        return [n, str(n), float(n), f"{float(n):.2f}", round(float(n), 1)]

    def wrong_answers(self) -> list[Any]:
        n = self.answer()
        return first([self.printed, n + 1, n - 1], 2, lambda a: abs(a - n) > Fraction(1, 20))

    slip_kinds = ("the printed rules", "a total, not an average", "one game")

    def slips(self) -> list[Slip]:
        return [
            Slip(
                "the printed rules",
                self.printed,
                self.say("printed"),
            ),
            Slip(
                "a total, not an average",
                self.answer() * self.games,
                self.say("total", games=self.games),
            ),
            Slip(
                "one game",
                rounds(self.rules, self.seeds[0]),
                self.say("one game", seeds=list(self.seeds)),
            ),
        ]

    def slip_for(self, value: Any) -> Slip | None:
        near = [v for v in self.live_slips if abs(v - value) <= Fraction(1, 20)]
        return self.live_slips[near[0]] if near else None

    def because(self) -> str:
        return self.say(
            "because",
            printed=self.decimal(self.printed),
            change=self.change_text,
            measured=self.decimal(self.answer()),
        )
