"""Rules exercises: is this action legal? what happens next?"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from carnuta_core import Action, Face, FlipRunes, Game, PlayCard, RandomBot, Rules, TakeRunes
from carnuta_core.messages import cost_text
from carnuta_core.svg import player_svg

from .answers import read_bool, read_card, read_keyword, read_many
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
    FREE,
    board,
    bot_position,
    card_ids,
    opponent_board,
    random_bonus,
    random_potion,
    random_runes,
    stage,
)
from .theme_runes import pay_misread


def _rule_of(action: Action) -> str:
    return {PlayCard: "play", TakeRunes: "runes", FlipRunes: "flip"}.get(type(action), "actions")


@register
class IsLegal(Exercise):
    key = "is_legal"
    theme = "rules"
    title = "Is this action legal?"
    title_fr = "Cette action est-elle légale ?"
    rule = "play"
    how = "True or False ('yes' and 'no' work too)"
    how_fr = "True ou False ('oui' et 'non' conviennent aussi)"
    randomised = True
    seat: int = 0
    words = {
        "question": (
            "Player {player} is to play and has {left} action(s) left this turn (their area is "
            "shown below; the reserve holds {suns} Sun(s) and {moons} Moon(s)). Is '{action}' "
            "legal now?",
            "C'est au joueur {player} de jouer, et il lui reste {left} action(s) ce tour-ci (sa "
            "zone est dessinée ci-dessous ; la Réserve contient {suns} Soleil(s) et {moons} "
            "Lune(s)). L'action '{action}' est-elle légale maintenant ?",
        ),
        "look again": ("Look again: {why}", "Regardez encore : {why}"),
    }

    def setup(self) -> None:
        game = None
        while game is None:
            game = bot_position(self.rng.randrange(10**6), actions=self.rng.randrange(4, 40))
        self.game = game
        self.seat = game.current_player
        view = game.player(self.seat)
        candidates: list[Action] = []
        for card in view.hand:
            if card.is_salt:
                target = next(c.id for c in view.played if not c.is_salt)
                candidates.append(PlayCard(card.id, target))
            else:
                candidates.append(PlayCard(card.id))
        candidates += [TakeRunes(f) for f in Face] + [FlipRunes(f) for f in Face]
        legal = game.legal_actions()
        allowed = [a for a in candidates if a in legal]
        forbidden = [a for a in candidates if a not in legal]
        want_legal = self.rng.random() < 0.5
        pool = allowed if (want_legal and allowed) or not forbidden else forbidden
        self.action = self.rng.choice(pool)
        self.rule = _rule_of(self.action)

    def question(self) -> str:
        assert self.game is not None
        return self.say(
            "question",
            player=self.seat + 1,
            left=self.game.actions_left,
            suns=self.game.reserve[Face.SUN],
            moons=self.game.reserve[Face.MOON],
            action=self.action.notation(self.lang),
        )

    def picture(self) -> str:
        assert self.game is not None
        return player_svg(self.game, self.seat)

    def answer(self) -> bool:
        assert self.game is not None
        return self.action in self.game.legal_actions()

    def solutions(self) -> set[Any]:
        return {self.answer()}

    def read(self, answer: Any) -> bool:
        return read_bool(answer)

    def forms(self) -> list[Any]:
        yes = self.answer()
        return [yes, "yes" if yes else "no", "Yes" if yes else "No", "legal" if yes else "illegal"]

    def wrong_answers(self) -> list[Any]:
        yes = self.answer()
        return [not yes, "no" if yes else "yes", "illegal" if yes else "legal"]

    slip_kinds = ("missed why it is forbidden", "missed why it is allowed")

    def slips(self) -> list[Slip]:
        assert self.game is not None
        if self.answer():
            colon = " : " if self.lang == "fr" else ": "
            why = self.game.explain(self.action, self.lang).split(colon, 1)[-1]
            return [Slip("missed why it is allowed", False, self.say("look again", why=why))]
        why = self.game.why_illegal(self.action, self.lang)
        return [Slip("missed why it is forbidden", True, self.say("look again", why=why) + ".")]

    def because(self) -> str:
        assert self.game is not None
        return self.game.explain(self.action, self.lang)


@register
class PlayableCards(Exercise):
    key = "playable_cards"
    theme = "rules"
    title = "Which cards can you play now?"
    title_fr = "Quelles cartes pouvez-vous poser maintenant ?"
    rule = "play"
    how = "the card ids, in any order, like ['N16', 'D04'] or 'N16, D04' ([] if none)"
    how_fr = (
        "les codes des cartes, dans n'importe quel ordre, comme ['N16', 'D04'] ou 'N16, D04' "
        "([] si aucune)"
    )
    randomised = True
    seat: int = 0
    words = {
        "question": (
            "Player {player} holds {hand} and has {left} action(s) left. Which of these cards "
            "can they play now? (A Salt counts if it can go on at least one played card.)",
            "Le joueur {player} a en main {hand} et il lui reste {left} action(s). Lesquelles de "
            "ces cartes peut-il poser maintenant ? (Un Sel compte s'il peut aller sur au moins "
            "une carte posée.)",
        ),
        "cannot pay": ("{card}: {why}.", "{card} : {why}."),
        "left out": (
            "Look again at {card}: its cost ({cost}) fits the runes on the board.",
            "Regardez encore {card} : son coût ({cost}) tient dans les runes du plateau.",
        ),
    }

    def setup(self) -> None:
        game = None
        while game is None:
            game = bot_position(
                self.rng.randrange(10**6),
                actions=self.rng.randrange(4, 50),
                ready=lambda g: len(g.player(g.current_player).hand) >= 2,
            )
        self.game = game
        self.seat = game.current_player
        self.hand = [c.id for c in game.player(self.seat).hand]

    def question(self) -> str:
        assert self.game is not None
        return self.say(
            "question", player=self.seat + 1, hand=", ".join(self.hand), left=self.game.actions_left
        )

    def answer(self) -> list[str]:
        assert self.game is not None
        plays = {a.card for a in self.game.legal_actions() if isinstance(a, PlayCard)}
        return [c for c in self.hand if c in plays]

    def solutions(self) -> set[Any]:
        return {frozenset(self.answer())}

    def read(self, answer: Any) -> frozenset[str]:
        return read_many(answer, read_card)

    def forms(self) -> list[Any]:
        ids = self.answer()
        return [
            ids,
            list(reversed(ids)),
            set(ids),
            ", ".join(c.lower() for c in reversed(ids)) or "none",
            [f"play {c}" for c in ids],
        ]

    def wrong_answers(self) -> list[Any]:
        right = frozenset(self.answer())
        subsets = [
            self.hand,
            [],
            *([c] for c in self.hand),
            [c for c in self.hand if c not in right],
        ]
        return first(subsets, 3, lambda s: frozenset(s) != right)

    slip_kinds = ("a card you cannot pay for", "a card you can play left out")

    def play_of(self, card: str) -> PlayCard:
        """Playing ``card`` from the hand (a Salt on the first played ingredient card)."""
        assert self.game is not None
        if not DECK[card].is_salt:
            return PlayCard(card)
        target = next(c.id for c in self.game.player(self.seat).played if not c.is_salt)
        return PlayCard(card, target)

    def slips(self) -> list[Slip]:
        right = self.answer()
        tries = [frozenset([*right, card]) for card in self.hand if card not in right][:1]
        tries += [frozenset(right[1:])] if right else []
        return [slip for value in tries if (slip := self.slip_for(value)) is not None]

    def slip_for(self, value: Any) -> Slip | None:
        assert self.game is not None
        right = set(self.answer())
        extra = [c for c in self.hand if c in value and c not in right]
        if extra:
            why = self.game.why_illegal(self.play_of(extra[0]), self.lang)
            hint = self.say("cannot pay", card=extra[0], why=why)
            return Slip("a card you cannot pay for", sorted(value), hint)
        missing = [c for c in self.hand if c in right and c not in value]
        if missing:
            cost = cost_text(DECK[missing[0]].cost, self.lang)
            return Slip(
                "a card you can play left out",
                sorted(value),
                self.say("left out", card=missing[0], cost=cost),
            )
        return None

    def because(self) -> str:
        assert self.game is not None
        # a Salt is explained as played on a card, as ``answer`` counts it
        return " ".join(self.game.explain(self.play_of(c), self.lang) for c in self.hand)


# The rulebook's "Example of a Full Turn": 3 cards in hand, 1 Sun and 1 Moon on a board with
# 5 open spaces, 2 Moons in the reserve; the Berry costs "flip moon, return moon" (N16).
FULL_TURN_BOARDS = [
    board(["S07", "D11", "N19", "D22"], "SM", hand=["N16", "D18", "D04"]),
    board(["S03", "N04", "D23", "N02"], "SSSMM"),
]
FULL_TURN_RESERVE = (1, 2)


def full_turn_game() -> Game:
    """The position at the start of the rulebook's full-turn example."""
    return stage(FULL_TURN_BOARDS, reserve=FULL_TURN_RESERVE)


@register
class FullTurn(RunesExercise):
    key = "full_turn"
    theme = "rules"
    title = "The rulebook's full turn"
    title_fr = "Le tour complet du livret de règles"
    rule = "play"
    how = "the Suns and Moons on your board, like (1, 3), {'sun': 1, 'moon': 3} or '1 Sun, 3 Moons'"
    how_fr = (
        "les Soleils et les Lunes de votre plateau, comme (1, 3), {'soleil': 1, 'lune': 3} ou "
        "'1 Soleil, 3 Lunes'"
    )
    actions = ("runes moon", "play N16")
    words = {
        "question": (
            "The rulebook's 'Example of a Full Turn': you hold 3 cards and have 1 Sun and 1 Moon "
            "on your board; the reserve has 2 Moons. You play 'runes moon', then 'play N16' (a "
            "Berry costing 'flip moon, return moon'). How many Suns and Moons are on your board "
            "at the end of the turn?",
            "L'« exemple de tour complet » du livret de règles : vous avez 3 cartes en main, et "
            "1 Soleil et 1 Lune sur votre plateau ; la Réserve contient 2 Lunes. Vous jouez "
            "'runes lune', puis 'poser N16' (une Baie qui coûte 'retourner lune, remettre "
            "lune'). Combien de Soleils et de Lunes y a-t-il sur votre plateau à la fin du tour ?",
        ),
        "stopped": (
            "That is the board after 'runes moon'; then N16's cost is paid.",
            "C'est le plateau après 'runes lune' ; ensuite, le coût de N16 est payé.",
        ),
        "reserve": (
            "The reserve holds only 2 Moons: 'runes moon' leaves your 5th space empty.",
            "La Réserve ne contient que 2 Lunes : 'runes lune' laisse votre 5e emplacement vide.",
        ),
        "backwards": (
            "'flip moon' asks for a rune showing its Moon, and turns it over to its Sun.",
            "'retourner lune' demande une rune qui montre sa Lune, et la retourne sur son Soleil.",
        ),
    }

    def setup(self) -> None:
        self.game = full_turn_game()

    def question(self) -> str:
        return self.say("question")

    def after(self, count: int) -> Game:
        game = full_turn_game()
        for action in self.actions[:count]:
            game.play(action)
        return game

    def answer(self) -> tuple[int, int]:
        view = self.after(2).player(0)
        return (view.suns, view.moons)

    def forms(self) -> list[Any]:
        # The board exactly as a position file writes it, empty and padlocked spaces too.
        return [*super().forms(), self.after(2).player(0).runes_text]

    def wrong_answers(self) -> list[Any]:
        taken = self.after(1).player(0)
        suns, moons = self.answer()
        return first(
            [(taken.suns, taken.moons), (suns, moons + 1), (moons, suns), (1, 1)],
            3,
            lambda a: a != (suns, moons),
        )

    slip_kinds = ("stopped after the first action", "reserve not counted", "flip read backwards")

    def slips(self) -> list[Slip]:
        taken = self.after(1).player(0)
        # The same turn with a reserve deep enough to fill every empty space.
        deep = Rules(reserve_per_face=((2, 5), (3, 2), (4, 3)))
        deep_reserve = stage(FULL_TURN_BOARDS, reserve=(FULL_TURN_RESERVE[0], 10), rules=deep)
        for action in self.actions:
            deep_reserve.play(action)
        unlimited = deep_reserve.player(0)
        cost = DECK["N16"].cost
        return [
            Slip(
                "stopped after the first action",
                (taken.suns, taken.moons),
                self.say("stopped"),
            ),
            Slip(
                "reserve not counted",
                (unlimited.suns, unlimited.moons),
                self.say("reserve"),
            ),
            Slip(
                "flip read backwards",
                pay_misread(taken.suns, taken.moons, cost, misread="flip-to"),
                self.say("backwards"),
            ),
        ]

    def because(self) -> str:
        return " ".join(
            events_text(self.after(1), self.lang) + events_text(self.after(2), self.lang)
        )


@register
class HandLimit(NumberExercise):
    unit = ""
    key = "hand_limit"
    theme = "rules"
    title = "How many cards do you discard?"
    title_fr = "Combien de cartes défaussez-vous ?"
    rule = "end_turn"
    how = "a number"
    how_fr = "un nombre"
    randomised = True
    words = {
        "question": (
            "You hold {held}. This turn you play '{first}', then '{second}', and end your turn. "
            "How many cards must you discard?",
            "Vous avez en main {held}. Ce tour-ci, vous jouez '{first}', puis '{second}', et vous "
            "finissez votre tour. Combien de cartes devez-vous défausser ?",
        ),
        "no card": ("no card", "aucune carte"),
        "kept": (
            "A card you play leaves your hand for your potion.",
            "Une carte que vous posez quitte votre main pour votre potion.",
        ),
        "taken": (
            "The cards you take this turn join your hand before the end of the turn.",
            "Les cartes que vous prenez ce tour-ci rejoignent votre main avant la fin du tour.",
        ),
        "limit": (
            "You keep {limit} cards: discard only the cards above {limit}.",
            "Vous gardez {limit} cartes : ne défaussez que les cartes au-delà de {limit}.",
        ),
    }

    def setup(self) -> None:
        while True:
            rng = self.rng
            potion = random_potion(rng, rng.randint(2, 7))
            hand_size = rng.randint(1, 3)
            hand = rng.sample(
                [
                    c
                    for c in FREE + ["D04", "D18", "N04", "N18", "D11", "N11", "D25", "N27"]
                    if c not in potion
                ],
                hand_size,
            )
            runes = random_runes(rng, rng.randint(1, 4))
            self.game = stage(
                [board(potion, runes, hand=hand), opponent_board(potion)],
                seed=rng.randrange(10**6),
            )
            takes = ["take day " + str(rng.randint(1, 4)), "take night " + str(rng.randint(1, 4))]
            others = ["runes sun", "runes moon", "flip sun", "flip moon"] + [
                f"play {c}" for c in hand
            ]
            plan = [rng.choice(takes), rng.choice(takes if rng.random() < 0.6 else others)]
            rng.shuffle(plan)
            self.plan = plan
            try:
                self.outcome()
            except ValueError:
                continue
            break
        self.hand = hand

    def outcome(self) -> tuple[int, Game]:
        assert self.game is not None
        game = self.game.copy()
        for action in self.plan:
            game.play(action)
        game.play("end")
        discarded = 0
        while game.phase == "discard":
            game.play(game.legal_actions()[0])
            discarded += 1
        return discarded, game

    def question(self) -> str:
        held = ", ".join(self.hand) if self.hand else self.say("no card")
        first, second = (in_notation(action, self.lang) for action in self.plan)
        return self.say("question", held=held, first=first, second=second)

    def answer(self) -> int:
        return self.outcome()[0]

    def wrong_answers(self) -> list[Any]:
        n = self.answer()
        return first([n + 1, n - 1, n + 2], 2, lambda a: a >= 0)

    slip_kinds = ("a played card kept in hand", "the cards taken forgotten", "the limit missed")

    def slips(self) -> list[Slip]:
        limit = Rules().hand_limit
        takes = sum(action.startswith("take") for action in self.plan)
        plays = sum(action.startswith("play") for action in self.plan)
        return [
            Slip(
                "a played card kept in hand",
                max(0, len(self.hand) + takes - limit),
                self.say("kept"),
            ),
            Slip(
                "the cards taken forgotten",
                max(0, len(self.hand) - plays - limit),
                self.say("taken"),
            ),
            Slip(
                "the limit missed",
                self.answer() + 1,
                self.say("limit", limit=limit),
            ),
        ]


OUTCOMES = {
    "padlock": "padlock", "a padlock": "padlock", "cadenas": "padlock", "unlock": "padlock",
    "rune space": "padlock", "space": "padlock", "bonus": "bonus", "token": "bonus",
    "bonus ingredient": "bonus", "jeton": "bonus", "end": "end", "end of the game": "end",
    "game end": "end", "11th": "end", "fin": "end", "nothing": "nothing", "none": "nothing",
    "rien": "nothing", "no bonus": "nothing", "emplacement": "padlock",
    "ingrédient bonus": "bonus", "fin de la partie": "end", "fin de partie": "end", "11e": "end",
    "aucun bonus": "nothing",
}  # fmt: skip


def outcome(game: Game, card: str) -> str:
    """What playing ``card`` (free) gives player 1 in ``game``, in the exercise's words."""
    game = game.copy()
    before = game.open_spaces(0)
    game.play(f"play {card}")
    found = []
    if game.open_spaces(0) > before:
        found.append("padlock")
    if game.phase == "bonus":
        found.append("bonus")
    if game.end_triggered:
        found.append("end")
    return " and ".join(found) or "nothing"


@cache
def space_gives(number: int) -> str:
    """What playing one's card number ``number`` gives, asked of the engine on a plain potion."""
    potion = random_potion(random.Random(number), number - 1, avoid=FREE)
    played = board(potion, hand=[FREE[0]], bonus=random_bonus(random.Random(number), number - 1))
    return outcome(stage([played, opponent_board(potion)]), FREE[0])


@register
class CounterSpace(Exercise):
    key = "counter_space"
    theme = "rules"
    title = "What does the counter's next space give?"
    title_fr = "Que donne le cran suivant du compteur ?"
    rule = "counter"
    how = "'padlock', 'bonus', 'end' or 'nothing'"
    how_fr = "'cadenas', 'bonus', 'fin' ou 'rien'"
    randomised = True
    words = {
        "question": (
            "You have played {played} cards. You now play '{card}' (it costs nothing), your card "
            "number {number}, and move your counter. What does the new space give you?",
            "Vous avez posé {played} cartes. Vous posez maintenant '{card}' (elle ne coûte rien), "
            "votre carte numéro {number}, et vous avancez votre compteur. Que vous donne le "
            "nouveau cran ?",
        ),
        "space left": (
            "That is what card number {before} brought; '{card}' is your card number {number}, "
            "so your counter moves to {number}.",
            "C'est ce qu'apportait la carte numéro {before} ; '{card}' est votre carte numéro "
            "{number}, donc votre compteur avance jusqu'à {number}.",
        ),
        "swapped": (
            "Padlocks come off at spaces {unlock}; Bonus Ingredient tokens come at {bonus}.",
            "Les Cadenas tombent aux crans {unlock} ; les jetons Ingrédient bonus viennent aux "
            "crans {bonus}.",
        ),
        "too far": (
            "Count the cards played, this one included: {number}, so the counter moves to "
            "{number}.",
            "Comptez les cartes posées, celle-ci comprise : {number}, donc le compteur avance "
            "jusqu'à {number}.",
        ),
        "and": (" and ", " et "),
        "no bonus": ("No bonus on this space.", "Pas de bonus sur ce cran."),
    }

    def setup(self) -> None:
        rng = self.rng
        self.target = rng.choice([3, 4, 5, 6, 7, 8, 10, 11])
        self.card = rng.choice(FREE)
        potion = random_potion(rng, self.target - 1, avoid=FREE)
        runes = random_runes(rng, rng.randint(0, 4))
        self.game = stage(
            [
                board(potion, runes, hand=[self.card], bonus=random_bonus(rng, self.target - 1)),
                board(random_potion(rng, 3, avoid=card_ids(potion) + FREE)),
            ],
            seed=rng.randrange(10**6),
        )

    def question(self) -> str:
        card = in_notation(f"play {self.card}", self.lang)
        return self.say("question", played=self.target - 1, card=card, number=self.target)

    def answer(self) -> str:
        assert self.game is not None
        return outcome(self.game, self.card)

    def solutions(self) -> set[Any]:
        return {self.read(self.answer())}

    def read(self, answer: Any) -> frozenset[str]:
        how = self.how_to_answer
        found = read_many(answer, lambda a: read_keyword(a, OUTCOMES, how, self.lang))
        return found or frozenset({"nothing"})

    def forms(self) -> list[Any]:
        right = self.answer()
        extra = {"padlock": "A Padlock comes off", "bonus": "a Bonus Ingredient token",
                 "end": "the end of the game", "nothing": "none"}  # fmt: skip
        return [right, right.upper(), extra.get(right, right)]

    def wrong_answers(self) -> list[Any]:
        right = self.solutions()
        return first(["padlock", "bonus", "end", "nothing"], 2, lambda a: self.read(a) not in right)

    slip_kinds = ("the space left", "one space too far", "Padlock and Bonus swapped")

    def slips(self) -> list[Slip]:
        rules = Rules()
        right = self.answer()
        swapped = {"padlock": "bonus", "bonus": "padlock"}
        slips = [
            Slip(
                "the space left",
                space_gives(self.target - 1),
                self.say("space left", before=self.target - 1, card=self.card, number=self.target),
            ),
            Slip(
                "Padlock and Bonus swapped",
                " and ".join(swapped.get(word, word) for word in right.split(" and ")),
                self.say(
                    "swapped",
                    unlock=self.say("and").join(map(str, rules.unlock_levels)),
                    bonus=self.say("and").join(map(str, rules.bonus_levels)),
                ),
            ),
        ]
        if self.target < rules.end_trigger:
            slips.append(
                Slip(
                    "one space too far",
                    space_gives(self.target + 1),
                    self.say("too far", number=self.target),
                )
            )
        return slips

    def because(self) -> str:
        assert self.game is not None
        game = self.game.copy()
        game.play(f"play {self.card}")
        return " ".join(events_text(game, self.lang)[1:]) or self.say("no bonus")


@register
class TurnsLeft(NumberExercise):
    unit = "turns"
    key = "turns_left"
    theme = "rules"
    title = "How many turns are left?"
    title_fr = "Combien de tours reste-t-il ?"
    rule = "end_game"
    how = "a number of turns"
    how_fr = "un nombre de tours"
    words = {
        "question": (
            "A {players}-player game; Player 1 is the Ancestor. It is round {round}, Player "
            "{player}'s turn, and they play their 11th card ('{action}'). After this turn, how "
            "many more turns are played before the final scoring? (Count every player's turns.)",
            "Une partie à {players} joueurs ; le joueur 1 est l'Ancêtre. C'est la manche {round}, "
            "au tour du joueur {player}, qui pose sa 11e carte ('{action}'). Après ce tour, "
            "combien de tours se jouent encore avant le décompte final ? (Comptez les tours de "
            "tous les joueurs.)",
        ),
        "final round": (
            "The round is finished, and then everyone takes one final turn.",
            "La manche se finit, puis chacun joue un dernier tour.",
        ),
        "round end": (
            "First the round is finished, up to the player before the Ancestor; then comes the "
            "final round.",
            "D'abord la manche se finit, jusqu'au joueur qui précède l'Ancêtre ; ensuite vient "
            "le dernier tour.",
        ),
        "this turn": (
            "Count only the turns after this one.",
            "Ne comptez que les tours après celui-ci.",
        ),
    }
    randomised = True
    seat = None

    def setup(self) -> None:
        rng = self.rng
        self.players = rng.choice([2, 3, 4])
        self.trigger = rng.randrange(self.players)
        self.round_ = rng.randint(8, 12)
        used: list[str] = list(FREE)
        boards = []
        for seat in range(self.players):
            size = 10 if seat == self.trigger else rng.randint(4, 9)
            potion = random_potion(rng, size, avoid=used)
            used += card_ids(potion)
            hand = [FREE[0]] if seat == self.trigger else []
            # Bonus tokens are one per ingredient: the engine deals each board its own.
            boards.append(board(potion, random_runes(rng, 2), hand=hand))
        self.game = stage(
            boards,
            turn={"round": self.round_, "player": self.trigger},
            seed=rng.randrange(10**6),
        )

    def question(self) -> str:
        return self.say(
            "question",
            players=self.players,
            round=self.round_,
            player=self.trigger + 1,
            action=in_notation(f"play {FREE[0]}", self.lang),
        )

    def answer(self) -> int:
        assert self.game is not None
        game = self.game.copy()
        game.play(f"play {FREE[0]}")
        bot = RandomBot(seed=self.seed)
        turns = 0
        while not game.is_over:
            before = (game.round, game.current_player)
            game.play(bot.choose(game))
            if not game.is_over and (game.round, game.current_player) != before:
                turns += 1
        return turns

    def wrong_answers(self) -> list[Any]:
        n = self.answer()
        return first([n - self.players, n + 1, n - 1, n + self.players], 3, lambda a: a >= 0)

    slip_kinds = ("the final round forgotten", "the round's end forgotten", "this turn counted")

    def slips(self) -> list[Slip]:
        n = self.answer()
        return [
            Slip(
                "the final round forgotten",
                n - self.players,
                self.say("final round"),
            ),
            Slip(
                "the round's end forgotten",
                self.players,
                self.say("round end"),
            ),
            Slip("this turn counted", n + 1, self.say("this turn")),
        ]
