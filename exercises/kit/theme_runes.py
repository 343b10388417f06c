"""Rune exercises: paying costs, choosing which runes to take, the fewest actions to afford."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any

from carnuta_core import Face, Game, IllegalAction, PlayCard, Rules
from carnuta_core.cards import Pay
from carnuta_core.messages import cost_text
from carnuta_core.vocabulary import word

from .answers import read_face
from .base import (
    Exercise,
    NumberExercise,
    RunesExercise,
    Slip,
    events_text,
    first,
    in_notation,
    register,
)
from .staging import (
    DECK,
    INGREDIENT_CARDS,
    board,
    opponent_board,
    random_potion,
    random_runes,
    stage,
)

RUNE_ACTIONS = ("runes sun", "runes moon", "flip sun", "flip moon")
COSTLY = [c for c in INGREDIENT_CARDS if DECK[c].cost]


def letters(game: Game, seat: int = 0) -> str:
    """A board's runes as the position's letters, e.g. ``'SM...#'``."""
    return game.player(seat).runes_text


def _can_play(game: Game, card: str) -> bool:
    return any(isinstance(a, PlayCard) and a.card == card for a in game.legal_actions())


@register
class FewestActions(NumberExercise):
    unit = "actions"
    key = "fewest_actions"
    theme = "runes"
    title = "Fewest actions to afford a card"
    title_fr = "Le moins d'actions pour s'offrir une carte"
    rule = "runes"
    how = "a number of actions"
    how_fr = "un nombre d'actions"
    randomised = True
    words = {
        "question": (
            "You want to play {card} (cost: {cost}). The reserve holds {suns} Sun(s) and {moons} "
            "Moon(s). Counting only Take Runes and Flip Runes actions, and supposing nobody else "
            "touches the reserve, how many actions at least must you take before you can play "
            "it?",
            "Vous voulez poser {card} (coût : {cost}). La Réserve contient {suns} Soleil(s) et "
            "{moons} Lune(s). En ne comptant que les actions Prendre des Runes et Retourner des "
            "Runes, et si personne d'autre ne touche à la Réserve, combien d'actions au moins "
            "devez-vous jouer avant de pouvoir la poser ?",
        ),
        "play counted": (
            "Count only the Take Runes and Flip Runes actions, not the play itself.",
            "Ne comptez que les actions Prendre des Runes et Retourner des Runes, pas la pose "
            "elle-même.",
        ),
        "reserve": (
            "The reserve holds only {suns} Sun(s) and {moons} Moon(s): Take Runes fills your "
            "spaces with what is there.",
            "La Réserve ne contient que {suns} Soleil(s) et {moons} Lune(s) : Prendre des Runes "
            "remplit vos emplacements avec ce qui s'y trouve.",
        ),
        "padlocks": (
            "A space under a Padlock is not open: Take Runes does not fill it.",
            "Un emplacement sous un Cadenas n'est pas ouvert : Prendre des Runes ne le remplit "
            "pas.",
        ),
        "one way": ("One shortest way: {path}.", "Un des chemins les plus courts : {path}."),
        "then": (", then ", ", puis "),
    }

    def setup(self) -> None:
        rng = self.rng
        while True:
            self.card = rng.choice(COSTLY)
            self.played = random_potion(rng, rng.randint(1, 9), avoid=[self.card])
            self.runes = random_runes(rng, rng.randint(0, 4))
            rest = Rules().total_runes(2) - len(self.runes) - 4
            suns = rng.randint(0, rest)
            self.reserve = (suns, rest - suns)
            path = self.search()
            if path is not None and 1 <= len(path) <= 4:
                self.path = path
                self.game = stage(self.boards(), reserve=self.reserve)
                return

    def boards(self, rules: Rules | None = None) -> list[dict[str, Any]]:
        return [
            board(self.played, self.runes, hand=[self.card], rules=rules),
            opponent_board(self.played, rules),
        ]

    def sandbox(self, **changes: Any) -> Game:
        """This position where you may take many actions in a row and nobody else plays
        (with ``changes`` to the rules, to measure a misreading)."""
        rules = Rules(actions_per_turn=12, **changes)
        on_boards = sum(b["runes"].count("S") + b["runes"].count("M") for b in self.boards())
        extra = (rules.total_runes(2) - on_boards - sum(self.reserve)) // 2
        reserve = (self.reserve[0] + extra, self.reserve[1] + extra)
        return stage(self.boards(rules), reserve=reserve, rules=rules)

    def try_actions(self, actions: Sequence[str]) -> Game:
        """The sandbox after ``actions`` (raises ``IllegalAction`` for an illegal one)."""
        game = self.sandbox()
        for action in actions:
            game.play(action)
        return game

    def affordable_after(self, actions: Sequence[str]) -> bool:
        """Whether the card can be played after ``actions`` (False if one of them is illegal)."""
        try:
            return _can_play(self.try_actions(actions), self.card)
        except IllegalAction:
            return False

    def search(self, **changes: Any) -> list[str] | None:
        """Breadth-first search over rune actions in the sandbox: a shortest path to afford."""
        start = self.sandbox(**changes)
        queue: deque[tuple[Game, list[str]]] = deque([(start, [])])
        seen = {start.state_key()}
        while queue:
            game, path = queue.popleft()
            if _can_play(game, self.card):
                return path
            if len(path) >= 6:
                continue
            for action in RUNE_ACTIONS:
                if action in game.legal_actions().notation():
                    child = game.copy()
                    child.play(action)
                    key = child.state_key()
                    if key not in seen:
                        seen.add(key)
                        queue.append((child, [*path, action]))
        return None

    def question(self) -> str:
        cost = cost_text(DECK[self.card].cost, self.lang)
        suns, moons = self.reserve
        return self.say("question", card=self.card, cost=cost, suns=suns, moons=moons)

    def answer(self) -> int:
        return len(self.path)

    def wrong_answers(self) -> list[Any]:
        n = self.answer()
        return first([n - 1, n + 1, n + 2], 2, lambda a: a >= 0)

    slip_kinds = ("the play counted", "the reserve ignored", "Padlocks ignored")

    def slips(self) -> list[Slip]:
        slips = [
            Slip(
                "the play counted",
                self.answer() + 1,
                self.say("play counted"),
            )
        ]
        # The same search with a reserve 4 runes deeper on each face, then with no Padlock.
        deep = self.search(reserve_per_face=((2, 5), (3, 2), (4, 3)))
        if deep is not None:
            slips.append(
                Slip(
                    "the reserve ignored",
                    len(deep),
                    self.say("reserve", suns=self.reserve[0], moons=self.reserve[1]),
                )
            )
        unlocked = self.search(open_spaces=Rules().rune_spaces, unlock_levels=())
        if unlocked is not None:
            slips.append(
                Slip(
                    "Padlocks ignored",
                    len(unlocked),
                    self.say("padlocks"),
                )
            )
        return slips

    def because(self) -> str:
        steps = [f"'{in_notation(action, self.lang)}'" for action in self.path]
        return self.say("one way", path=self.say("then").join(steps))


def pay_misread(suns: int, moons: int, cost: Sequence[Any], *, misread: str) -> tuple[int, int]:
    """The board a common misreading of ``cost`` leaves: ``flip-to`` reads 'flip sun' as
    'turn a rune to its Sun', ``no-return`` keeps the returned runes."""
    for icon in cost:
        sun = icon.face is Face.SUN
        if icon.pay is Pay.FLIP:
            if misread == "flip-to":  # reading 'flip sun' as 'turn a rune to its Sun'
                suns, moons = (suns + 1, moons - 1) if sun else (suns - 1, moons + 1)
            else:
                suns, moons = (suns - 1, moons + 1) if sun else (suns + 1, moons - 1)
        elif misread != "no-return":
            suns, moons = (suns - 1, moons) if sun else (suns, moons - 1)
    return suns, moons


@register
class PayCost(RunesExercise):
    key = "pay_cost"
    theme = "runes"
    title = "Pay a card's cost"
    title_fr = "Payer le coût d'une carte"
    rule = "play"
    how = "the Suns and Moons on your board, like (2, 1), {'sun': 2, 'moon': 1} or '2 Suns, 1 Moon'"
    how_fr = (
        "les Soleils et les Lunes de votre plateau, comme (2, 1), {'soleil': 2, 'lune': 1} ou "
        "'2 Soleils, 1 Lune'"
    )
    randomised = True
    words = {
        "question": (
            "Your board shows {suns} Sun(s) and {moons} Moon(s). You play {card}, which costs "
            "'{cost}'. How many Suns and Moons are on your board afterwards?",
            "Votre plateau montre {suns} Soleil(s) et {moons} Lune(s). Vous posez {card}, qui "
            "coûte '{cost}'. Combien de Soleils et de Lunes y a-t-il ensuite sur votre plateau ?",
        ),
        "backwards": (
            "'{flip}' asks for a rune showing its {face}, and turns it over to its {other}.",
            "'{flip}' demande une rune qui montre sa face {face}, et la retourne sur sa face "
            "{other}.",
        ),
        "kept": (
            "A returned rune leaves your board for the reserve.",
            "Une rune remise quitte votre plateau pour la Réserve.",
        ),
        "not paid": (
            "Playing the card pays its cost first.",
            "Poser la carte paie d'abord son coût.",
        ),
    }

    def setup(self) -> None:
        rng = self.rng
        choices = [
            c
            for c in COSTLY
            if len(DECK[c].cost) >= 2 and any(i.pay is Pay.RETURN for i in DECK[c].cost)
        ]
        while True:
            self.card = rng.choice(choices)
            potion = random_potion(rng, rng.randint(4, 9), avoid=[self.card])
            runes = random_runes(rng, rng.randint(3, 5))
            game = stage(
                [
                    board(potion, runes, hand=[self.card]),
                    opponent_board(potion),
                ]
            )
            if _can_play(game, self.card):
                self.game = game
                return

    def before(self) -> tuple[int, int]:
        assert self.game is not None
        view = self.game.player(0)
        return view.suns, view.moons

    def question(self) -> str:
        suns, moons = self.before()
        cost = cost_text(DECK[self.card].cost, self.lang)
        return self.say("question", suns=suns, moons=moons, card=self.card, cost=cost)

    def answer(self) -> tuple[int, int]:
        assert self.game is not None
        game = self.game.copy()
        game.play(f"play {self.card}")
        view = game.player(0)
        return (view.suns, view.moons)

    def mistakes(self) -> list[tuple[int, int]]:
        cost = DECK[self.card].cost
        return [
            pay_misread(*self.before(), cost, misread="flip-to"),
            pay_misread(*self.before(), cost, misread="no-return"),
            self.before(),
            (self.answer()[0] + 1, self.answer()[1]),
            (self.answer()[0], self.answer()[1] + 1),
        ]

    def wrong_answers(self) -> list[Any]:
        right = self.answer()
        return first(self.mistakes(), 3, lambda a: a != right and min(a) >= 0)

    slip_kinds = ("flip read backwards", "returned rune kept", "cost not paid")

    def slips(self) -> list[Slip]:
        cost = DECK[self.card].cost
        flipped = next((icon.face for icon in cost if icon.pay is Pay.FLIP), Face.SUN)
        return [
            Slip(
                "flip read backwards",
                pay_misread(*self.before(), cost, misread="flip-to"),
                self.say(
                    "backwards",
                    flip=in_notation(f"flip {flipped}", self.lang),
                    face=word(flipped, self.lang, title=True),
                    other=word(flipped.other, self.lang, title=True),
                ),
            ),
            Slip(
                "returned rune kept",
                pay_misread(*self.before(), cost, misread="no-return"),
                self.say("kept"),
            ),
            Slip("cost not paid", self.before(), self.say("not paid")),
        ]

    def because(self) -> str:
        assert self.game is not None
        return self.game.explain(f"play {self.card}", self.lang)


@register
class WhichFace(Exercise):
    key = "which_face"
    theme = "runes"
    title = "Suns or Moons?"
    title_fr = "Des Soleils ou des Lunes ?"
    rule = "runes"
    how = "'sun' or 'moon' (Face.SUN, 'Suns', 'runes moon' work too)"
    how_fr = "'soleil' ou 'lune' (Face.SUN, 'Soleils', 'runes lune' conviennent aussi)"
    randomised = True
    words = {
        "question": (
            "You want to play {card} (cost: '{cost}') with your second action. Your first action "
            "is Take Runes; the reserve holds {suns} Sun(s) and {moons} Moon(s). Should you take "
            "Suns or Moons?",
            "Vous voulez poser {card} (coût : '{cost}') avec votre deuxième action. Votre "
            "première action est Prendre des Runes ; la Réserve contient {suns} Soleil(s) et "
            "{moons} Lune(s). Faut-il prendre des Soleils ou des Lunes ?",
        ),
        "after": ("After '{action}': {why}.", "Après '{action}' : {why}."),
    }

    def setup(self) -> None:
        rng = self.rng
        while True:
            self.card = rng.choice(COSTLY)
            potion = random_potion(rng, rng.randint(1, 9), avoid=[self.card])
            runes = random_runes(rng, rng.randint(0, 3))
            rest = Rules().total_runes(2) - len(runes) - 4
            suns = rng.randint(1, max(1, rest - 1))
            if rest - suns < 1:
                continue
            game = stage(
                [
                    board(potion, runes, hand=[self.card]),
                    opponent_board(potion),
                ],
                reserve=(suns, rest - suns),
            )
            if _can_play(game, self.card):
                continue
            self.game = game
            self.works = {face for face in Face if self.works_with(face)}
            if len(self.works) == 1:
                return

    def works_with(self, face: Face) -> bool:
        assert self.game is not None
        game = self.game.copy()
        if f"runes {face}" not in game.legal_actions().notation():
            return False
        game.play(f"runes {face}")
        return _can_play(game, self.card)

    def question(self) -> str:
        assert self.game is not None
        cost = cost_text(DECK[self.card].cost, self.lang)
        reserve = self.game.reserve
        return self.say(
            "question",
            card=self.card,
            cost=cost,
            suns=reserve[Face.SUN],
            moons=reserve[Face.MOON],
        )

    def answer(self) -> str:
        return next(iter(self.works)).value

    def solutions(self) -> set[Any]:
        return set(self.works)

    def read(self, answer: Any) -> Face:
        return read_face(answer)

    def forms(self) -> list[Any]:
        face = next(iter(self.works))
        return [face.value, face, face.title + "s", f"runes {face}", face.value.upper()]

    def wrong_answers(self) -> list[Any]:
        other = next(iter(self.works)).other
        return [other, other.value, f"runes {other}"]

    slip_kinds = ("the other face",)

    def slips(self) -> list[Slip]:
        assert self.game is not None
        other = next(iter(self.works)).other
        game = self.game.copy()
        game.play(f"runes {other}")
        why = game.why_illegal(f"play {self.card}", self.lang)
        after = self.say("after", action=in_notation(f"runes {other}", self.lang), why=why)
        return [Slip("the other face", other.value, after)]

    def because(self) -> str:
        assert self.game is not None
        face = next(iter(self.works))
        game = self.game.copy()
        game.play(f"runes {face}")
        explained = game.explain(f"play {self.card}", self.lang)
        return " ".join(events_text(game, self.lang)) + " " + explained
