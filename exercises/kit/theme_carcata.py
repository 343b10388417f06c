"""Carcata: exercises on the kit's dice game. Push your luck (the Turtles locked after a few
rerolls, what one reroll costs the island's clock), then the island itself (where a lava flow
runs, what a tribe scores in the territories the flows close, where a catapult throw lands).

Every position is staged with ``carcata_core`` (``Game.from_position``, so the engine checks
it) and every answer comes from the engine or from ``carcata_core.maths``, never typed in. The
dice's faces are the kit's reconstruction (two movements, one each of lava, eruption, statue
and Turtle), and so is the catapult's throw: the rulebook names the effects but not the faces,
and leaves the throw to the player's hand, so the chances depend on both.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cached_property
from itertools import pairwise
from math import comb
from typing import Any

from carcata_core import FACES, GEM_NAMES, ISLAND, SEA, Aim, CarcataError, Game, Lava, Rules
from carcata_core.catapult import landing_model
from carcata_core.maths import faces_of, reroll_cost, turtle_distribution
from carcata_core.svg import dice_svg, island_svg

from .answers import AnswerError, describe, normal, split_text
from .base import Exercise, Slip, first, register
from .theme_maths import FractionExercise

PRINTED = Rules()
#: Each gem's points, by colour.
GEM_POINTS = dict(zip(GEM_NAMES, PRINTED.gem_points, strict=True))


def and_words(items: list[str], lang: str) -> str:
    """``a``, ``a and b``, ``a, b and c`` (``et`` in French)."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {'et' if lang == 'fr' else 'and'} {items[-1]}"


def times_text(count: int, lang: str) -> str:
    """``once``, ``twice``, ``3 times`` (``une fois``, ``deux fois``, ``3 fois``)."""
    if lang == "fr":
        return {1: "une fois", 2: "deux fois"}.get(count, f"{count} fois")
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


class CarcataExercise(Exercise):
    """An exercise on a Carcata position (``self.carcata``), drawn in the notebook's language."""

    seat = None
    carcata: Game | None = None

    def picture(self) -> str:
        return self.picture_in(self.lang)

    def picture_in(self, lang: str) -> str:
        """The position drawn with its words in ``lang``."""
        if self.carcata is None:
            return ""
        return island_svg(self.carcata, lang=lang, size=560)


class DiceExercise(FractionExercise, CarcataExercise):
    """A chance about the dice: an exact fraction, the dice drawn."""

    def picture(self) -> str:
        return self.picture_in(self.lang)

    def picture_in(self, lang: str) -> str:
        if self.carcata is None:
            return ""
        return dice_svg(self.carcata, lang=lang)


def staged_hand(rng: Any, locked: int, dice: int = PRINTED.dice) -> tuple[int, ...]:
    """A hand with ``locked`` Turtles and random other faces (two movement faces a die)."""
    counts = dict.fromkeys(FACES, 0)
    counts["turtle"] = locked
    for _ in range(dice - locked):
        counts[rng.choice(["move", "move", "lava", "eruption", "statue"])] += 1
    return tuple(counts[face] for face in FACES)


def dice_position(hand: tuple[int, ...]) -> Game:
    """Player 1 deciding on ``hand`` (a 2-player game, pawns on the beach)."""
    return Game.from_position(
        {
            "players": 2,
            "phase": "dice",
            "player": 0,
            "pawns": [["1-1", "1-7", "1-13"], ["1-19", "1-25", "1-31"]],
            "dice": {face: count for face, count in zip(FACES, hand, strict=True) if count},
        }
    )


# ------------------------------------------------------------------ Turtles after k rerolls
@register
class TurtlesAfterRerolls(DiceExercise):
    key = "turtles_after_rerolls"
    theme = "carcata"
    title = "Push your luck: the Turtles after a few rerolls"
    title_fr = "Stop ou encore : les Tortues après quelques relances"
    rule = "carcata_turtle"
    how = "an exact chance, like Fraction(11, 36) or '11/36'"
    how_fr = "une probabilité exacte, comme Fraction(11, 36) ou '11/36'"
    randomised = True
    words = {
        **FractionExercise.words,
        "question": (
            "Player 1's dice show {hand} (Turtles locked: {locked}). Player 1 now rerolls every "
            "die not showing the Turtle, {times} in a row (each time every die still free). "
            "What is the exact chance that, after that, {what} {j} of the five dice show the "
            "Turtle?",
            "Les dés du joueur 1 montrent {hand} (Tortues bloquées : {locked}). Le joueur 1 "
            "relance maintenant tous les dés qui ne montrent pas la Tortue, {times} de suite (à "
            "chaque fois tous les dés encore libres). Quelle est la probabilité exacte "
            "qu'ensuite {what} {j} des cinq dés montrent la Tortue ?",
        ),
        "at least": ("at least", "au moins"),
        "exactly": ("exactly", "exactement"),
        "locked forgotten": (
            "The Turtles already shown ({locked}) stay locked and count: only the free dice "
            "({free}) are rerolled.",
            "Les Tortues déjà montrées ({locked}) restent bloquées et comptent : seuls les dés "
            "libres ({free}) sont relancés.",
        ),
        "per roll": (
            "A die locks at most once: it stays free only if it misses the Turtle on each of the "
            "rolls, (5/6)^{k}, so it locks with chance 1 - (5/6)^{k}, not {k}/6.",
            "Un dé ne se bloque qu'une fois : il ne reste libre que s'il manque la Tortue à "
            "chacun des lancers, (5/6)^{k}, donc il se bloque avec la probabilité "
            "1 - (5/6)^{k}, pas {k}/6.",
        ),
        "other count": (
            "Read the question again: {what} {j}.",
            "Relisez la question : {what} {j}.",
        ),
        "because": (
            "Each free die locks with chance 1 - (5/6)^{k} = {q}; the free dice ({free}) lock "
            "independently (a binomial law), and the locked ones ({locked}) count already.",
            "Chaque dé libre se bloque avec la probabilité 1 - (5/6)^{k} = {q} ; les dés libres "
            "({free}) se bloquent indépendamment (une loi binomiale), et ceux déjà bloqués "
            "({locked}) comptent déjà.",
        ),
    }

    def setup(self) -> None:
        rng = self.rng
        self.locked = rng.choice([0, 1, 1, 2, 2, 3])
        self.rolls = rng.randint(1, 4)
        self.free = PRINTED.dice - self.locked
        self.at_least = rng.random() < 0.6
        low = self.locked + 1
        self.target = rng.randint(low, min(PRINTED.dice, low + 2))
        self.hand = staged_hand(rng, self.locked)
        self.carcata = dice_position(self.hand)

    def question(self) -> str:
        return self.say(
            "question",
            hand=faces_of(self.hand, self.lang),
            locked=self.locked,
            times=times_text(self.rolls, self.lang),
            what=self.say("at least" if self.at_least else "exactly"),
            j=self.target,
        )

    @staticmethod
    def chance(law: dict[int, Fraction], locked: int, target: int, at_least: bool) -> Fraction:
        """The chance of ``target`` Turtles (at least, or exactly) with ``locked`` already."""
        wanted = [j for j in law if (j + locked >= target if at_least else j + locked == target)]
        return sum((law[j] for j in wanted), Fraction(0))

    @cached_property
    def law(self) -> dict[int, Fraction]:
        """How many of the free dice lock in ``rolls`` rolls (carcata_core.maths)."""
        return turtle_distribution(PRINTED, self.rolls, self.free)

    def answer(self) -> Fraction:
        return self.chance(self.law, self.locked, self.target, self.at_least)

    def solutions(self) -> set[Any]:
        return {self.answer()}

    def wrong_answers(self) -> list[Any]:
        right = self.answer()
        other = self.chance(self.law, self.locked, self.target, not self.at_least)
        candidates = [other, 1 - right, Fraction(1, 6), right / 2]
        return first(candidates, 2, lambda a: a != right)

    slip_kinds = ("locked dice forgotten", "1/6 per roll", "at least or exactly", "rounded")

    def slips(self) -> list[Slip]:
        k, free = self.rolls, self.free
        everyone = turtle_distribution(PRINTED, k, PRINTED.dice)
        q = min(Fraction(k, 6), Fraction(1))
        naive = {j: comb(free, j) * q**j * (1 - q) ** (free - j) for j in range(free + 1)}
        what = self.say("at least" if self.at_least else "exactly")
        return [
            Slip(
                "locked dice forgotten",
                self.chance(everyone, 0, self.target, self.at_least),
                self.say("locked forgotten", locked=self.locked, free=free),
            ),
            Slip(
                "1/6 per roll",
                self.chance(naive, self.locked, self.target, self.at_least),
                self.say("per roll", k=k),
            ),
            Slip(
                "at least or exactly",
                self.chance(self.law, self.locked, self.target, not self.at_least),
                self.say("other count", what=what, j=self.target),
            ),
            self.rounded(),
        ]

    def because(self) -> str:
        q = 1 - Fraction(5, 6) ** self.rolls
        return self.say("because", k=self.rolls, q=q, free=self.free, locked=self.locked)


# ------------------------------------------------------------------ what one reroll costs
@register
class RerollTurtleCost(DiceExercise):
    key = "reroll_turtle_cost"
    theme = "carcata"
    title = "Reroll or keep: what one reroll costs the island's clock"
    title_fr = "Relancer ou garder : ce qu'une relance coûte à l'horloge de l'île"
    rule = "carcata_turtle"
    how = "an exact number of Turtle steps, like Fraction(7, 6) or '7/6'"
    how_fr = "un nombre exact de pas de la Tortue, comme Fraction(7, 6) ou '7/6'"
    randomised = True
    words = {
        **FractionExercise.words,
        "question": (
            "Player 1's dice show {hand}. Player 1 plays `{reroll}` once and then keeps "
            "whatever shows. How many symbols will the Ancestral Turtle advance at the end of "
            "this turn, on average (exact)?",
            "Les dés du joueur 1 montrent {hand}. Le joueur 1 joue `{reroll}` une fois, puis "
            "garde ce qui sort. De combien de symboles la Tortue ancestrale avancera-t-elle à "
            "la fin de ce tour, en moyenne (valeur exacte) ?",
        ),
        "locked forgotten": (
            "The Turtles already showing ({locked}) advance the Turtle too, at the end of the "
            "turn.",
            "Les Tortues déjà montrées ({locked}) font aussi avancer la Tortue, à la fin du tour.",
        ),
        "every free die": (
            "Only the dice picked up ({m}) are rolled again: the others keep their faces.",
            "Seuls les dés repris ({m}) sont relancés : les autres gardent leur face.",
        ),
        "at least one": (
            "That is the chance of at least one new Turtle; the average counts every new "
            "Turtle: each rerolled die adds 1/6 of a step.",
            "C'est la probabilité d'au moins une nouvelle Tortue ; la moyenne compte chaque "
            "nouvelle Tortue : chaque dé relancé ajoute 1/6 de pas.",
        ),
        "because": (
            "Turtles already locked: {locked}; each die rerolled ({m}) adds 1/6 on average: "
            "{mean} more.",
            "Tortues déjà bloquées : {locked} ; chaque dé relancé ({m}) ajoute 1/6 en "
            "moyenne : {mean} de plus.",
        ),
    }

    def setup(self) -> None:
        rng = self.rng
        self.locked = rng.choice([1, 1, 2, 2, 3])
        self.hand = staged_hand(rng, self.locked)
        self.carcata = dice_position(self.hand)
        free = [face for face, count in zip(FACES, self.hand, strict=True) for _ in range(count)]
        free = [face for face in free if face != "turtle"]
        size = rng.randint(1, len(free) - 1) if len(free) > 1 else 1
        picked = sorted(rng.sample(free, size), key=FACES.index)
        self.reroll = tuple(picked.count(face) for face in FACES)
        self.action = "reroll " + " ".join(picked)
        assert self.carcata.is_legal(self.action)

    @property
    def rerolled(self) -> int:
        return sum(self.reroll)

    def question(self) -> str:
        action = self.action if self.lang == "en" else "relancer " + faces_of(self.reroll, "fr")
        return self.say("question", hand=faces_of(self.hand, self.lang), reroll=action)

    @cached_property
    def cost(self) -> Fraction:
        """The Turtles the reroll adds on average (carcata_core.maths.reroll_cost)."""
        return reroll_cost(PRINTED, self.hand, self.reroll).expected_turtles

    def answer(self) -> Fraction:
        return self.locked + self.cost

    def solutions(self) -> set[Any]:
        return {self.answer()}

    def wrong_answers(self) -> list[Any]:
        right = self.answer()
        return first([self.cost, right + 1, Fraction(5, 6)], 2, lambda a: a != right)

    slip_kinds = ("locked Turtles forgotten", "every free die", "at least one", "rounded")

    def slips(self) -> list[Slip]:
        m, free = self.rerolled, PRINTED.dice - self.locked
        return [
            Slip(
                "locked Turtles forgotten",
                self.cost,
                self.say("locked forgotten", locked=self.locked),
            ),
            Slip(
                "every free die", self.locked + Fraction(free, 6), self.say("every free die", m=m)
            ),
            Slip("at least one", self.locked + 1 - Fraction(5, 6) ** m, self.say("at least one")),
            self.rounded(),
        ]

    def because(self) -> str:
        return self.say("because", locked=self.locked, m=self.rerolled, mean=self.cost)


# ------------------------------------------------------------------ where a flow runs
def read_space(answer: Any) -> int:
    """A space of the island by its name (``"3-7"``)."""
    if isinstance(answer, str):
        cell = ISLAND.find(answer.strip().strip("'\""))
        if cell is not None:
            return cell
    raise AnswerError(
        f"name spaces like '3-7' (level, then place), not {describe(answer)}",
        f"nommez les cases comme '3-7' (le niveau, puis la place), pas {describe(answer)}",
    )


def read_spaces(answer: Any) -> frozenset[int]:
    """Spaces in any order: a list of names, or text separated by commas, spaces or 'and'."""
    if isinstance(answer, str):
        if normal(answer) in ("", "none", "nothing", "aucune", "rien"):
            return frozenset()
        return frozenset(read_space(word) for part in split_text(answer) for word in part.split())
    if isinstance(answer, list | tuple | set | frozenset):
        if len(answer) > len(ISLAND.names):
            raise AnswerError(
                "that is more spaces than the island has", "cela fait plus de cases que l'île"
            )
        return frozenset(read_space(item) for item in answer)
    return frozenset([read_space(answer)])


def names_of(cells: Any) -> list[str]:
    return [ISLAND.names[c] for c in cells]


@register
class LavaFlowSpaces(CarcataExercise):
    key = "lava_flow_spaces"
    theme = "carcata"
    title = "Where does this lava flow run?"
    title_fr = "Où coule cette coulée de lave ?"
    rule = "carcata_lava"
    how = "the spaces that get a token, like ['6-1', '5-2'] or '6-1, 5-2', in any order"
    how_fr = "les cases qui reçoivent un jeton, comme ['6-1', '5-2'] ou '6-1, 5-2', dans n'importe quel ordre"
    randomised = True
    words = {
        "question": (
            "Player 1 kept {lava} lava dice and pours the turn's flow: `{action}`. Statues stand "
            "on {statues}{older}. Which spaces get a lava token?",
            "Le joueur 1 a gardé {lava} dés de lave et verse la coulée du tour : `{action}`. Des "
            "statues se dressent en {statues}{older}. Quelles cases reçoivent un jeton de lave ?",
        ),
        "older": ("; older lava lies on {cells}", " ; de la lave plus ancienne couvre {cells}"),
        "statue ignored": (
            "The flow does not run through a statue: the statue on its way turns it aside, a "
            "sixth of a turn, as the action says ({turns}).",
            "La coulée ne traverse pas une statue : la statue sur son chemin la détourne d'un "
            "sixième de tour, comme le dit l'action ({turns}).",
        ),
        "stopped at the statue": (
            "A statue does not stop the flow: it turns it aside onto the lower space beside, "
            "and the flow goes on.",
            "Une statue n'arrête pas la coulée : elle la détourne vers la case plus basse à "
            "côté, et la coulée continue.",
        ),
        "top space": (
            "A fresh flow's first token goes on the top space it starts from, then straight on.",
            "Le premier jeton d'une nouvelle coulée va sur la case du sommet d'où elle part, "
            "puis tout droit.",
        ),
        "joined": (
            "In the kit's rules a flow that reaches an older token stops against it: it does "
            "not pass over it.",
            "Dans les règles du kit, une coulée qui atteint un jeton plus ancien s'arrête "
            "contre lui : elle ne passe pas par-dessus.",
        ),
        "slope": (
            "One token per lava die, and only while each lies lower than the one before: the "
            "flow stops at the first space that is not lower, and the tokens left are lost.",
            "Un jeton par dé de lave, et seulement tant que chacun est plus bas que le "
            "précédent : la coulée s'arrête à la première case qui n'est pas plus basse, et les "
            "jetons restants sont perdus.",
        ),
        "no statue": ("no space", "aucune case"),
        "kills": (" It kills {pawns}.", " Elle tue {pawns}."),
        "pawn": ("player {seat}'s pawn on {cell}", "le pion du joueur {seat} en {cell}"),
        "because": (
            "The flow covers {cells}, in that order (tokens: {count}).{kills}",
            "La coulée couvre {cells}, dans cet ordre (jetons : {count}).{kills}",
        ),
    }

    def setup(self) -> None:
        rng = self.rng
        for _ in range(200):
            if self._try_setup(rng):
                return
        raise RuntimeError(f"no lava position for seed {self.seed}")  # pragma: no cover

    def _try_setup(self, rng: Any) -> bool:
        lava = rng.randint(3, 5)
        taken: set[int] = set()
        older: list[list[int]] = []
        if rng.random() < 0.5:
            start = rng.choice(ISLAND.top)
            direction = rng.choice(ISLAND.downhill_directions(start))
            flow = [start, *ISLAND.ray(start, direction)][: rng.randint(2, 4)]
            older.append(flow)
            taken |= set(flow)
        middle = [c for c in range(ISLAND.size) if 2 <= ISLAND.levels_of[c] <= 5 and c not in taken]
        statues = rng.sample(middle, rng.randint(1, 3))
        taken |= set(statues)
        free = [c for c in range(ISLAND.size) if c not in taken]
        pawns = rng.sample(free, 8)
        position: dict[str, Any] = {
            "players": 2,
            "phase": "effects",
            "player": 0,
            "pawns": [names_of(pawns[:4]), names_of(pawns[4:])],
            "statues": names_of(statues),
            "lava": [names_of(flow) for flow in older],
            "dice": {"lava": lava, "move": PRINTED.dice - lava},
            "pool": {"lava": lava},
        }
        game = Game.from_position(position)
        flows = [a for a in game.legal_actions() if isinstance(a, Lava)]
        turning = [a for a in flows if a.turns]
        meeting = [a for a in flows if self._meets(game, a, older)]
        pool = turning if turning and rng.random() < 0.6 else meeting or flows
        if not pool:
            return False
        self.action: Lava = rng.choice(pool)
        self.position, self.carcata, self.lava = position, game, lava
        self.statues, self.older = statues, older
        return True

    @staticmethod
    def _meets(game: Game, action: Lava, older: list[list[int]]) -> bool:
        """Whether the flow stops against an older token (it would go on under "join")."""
        if not older:
            return False
        path = game.flow_path(action) or ()
        joined = Game.from_position({**game.position(), "rules": {"meeting_flows": "join"}})
        return (joined.flow_path(action) or ()) != path

    def question(self) -> str:
        older = ""
        if self.older:
            cells = and_words([ISLAND.names[c] for f in self.older for c in f], self.lang)
            older = self.say("older", cells=cells)
        statues = and_words(names_of(self.statues), self.lang)
        return self.say(
            "question",
            lava=self.lava,
            action=self.action.notation(self.lang),
            statues=statues,
            older=older,
        )

    @cached_property
    def path(self) -> tuple[int, ...]:
        assert self.carcata is not None
        path = self.carcata.flow_path(self.action)
        assert path is not None
        return path

    def answer(self) -> list[str]:
        return names_of(self.path)

    def solutions(self) -> set[Any]:
        return {frozenset(self.path)}

    def read(self, answer: Any) -> frozenset[int]:
        return read_spaces(answer)

    def forms(self) -> list[Any]:
        names = self.answer()
        return [
            names,
            names[::-1],
            ", ".join(names),
            " and ".join(names),
            set(names),
            " ".join(names),
        ]

    def wrong_answers(self) -> list[Any]:
        names = self.answer()
        shorter = names[:-1] or ["1-1"]
        return first(
            [shorter, [*names, "1-1"], ["1-1"]],
            2,
            lambda a: frozenset(read_spaces(a)) != frozenset(self.path),
        )

    slip_kinds = (
        "statue ignored",
        "stopped at the statue",
        "top space left out",
        "flows joined",
        "slope ignored",
    )

    def variant_path(self, action: Lava, **changes: Any) -> tuple[int, ...] | None:
        """The path of ``action`` in the staged position with ``changes`` (None if it cannot
        be placed there)."""
        try:
            game = Game.from_position({**self.position, **changes})
        except CarcataError:  # a variant the loader refuses (gems under the changed lava...)
            return None
        return game.flow_path(action)

    def slips(self) -> list[Slip]:
        action, path = self.action, self.path
        out: list[Slip] = []
        if action.turns:
            through = self.variant_path(Lava(action.cell, action.direction), statues=[])
            if through:
                turns = " ".join(Lava(0, 0, action.turns).notation(self.lang).split()[3:])
                out.append(
                    Slip(
                        "statue ignored", names_of(through), self.say("statue ignored", turns=turns)
                    )
                )
            chain = [action.cell, *path] if path[0] != action.cell else list(path)
            before = [c for c in straight_prefix(chain, action.direction) if c in path]
            if before:
                out.append(
                    Slip(
                        "stopped at the statue", names_of(before), self.say("stopped at the statue")
                    )
                )
        fresh = path[0] == action.cell
        if fresh:
            pawns = [
                [n for n in seat if n != ISLAND.names[action.cell]]
                for seat in self.position["pawns"]
            ]
            continued = self.variant_path(
                action, lava=[*self.position["lava"], [ISLAND.names[action.cell]]], pawns=pawns
            )
            if continued:
                out.append(Slip("top space left out", names_of(continued), self.say("top space")))
        if self.older:
            joined = self.variant_path(action, rules={"meeting_flows": "join"})
            if joined:
                out.append(Slip("flows joined", names_of(joined), self.say("joined")))
        if not action.turns:
            onward = all_the_way(action.cell, action.direction, self.lava, fresh)
            if onward and frozenset(onward) != frozenset(path):
                out.append(Slip("slope ignored", names_of(onward), self.say("slope")))
        return out

    def because(self) -> str:
        assert self.carcata is not None
        seats = self.carcata.pawn_seats
        dead = [
            self.say("pawn", seat=seats[c] + 1, cell=ISLAND.names[c])
            for c in self.path
            if seats[c] >= 0
        ]
        kills = self.say("kills", pawns=and_words(dead, self.lang)) if dead else ""
        cells = ", ".join(self.answer())
        return self.say("because", cells=cells, count=len(self.path), kills=kills)


def straight_prefix(chain: list[int], direction: int) -> list[int]:
    """The cells of ``chain`` (a start, then the flow) reached straight on in ``direction``
    before the first turn."""
    out = [chain[0]]
    for here, there in pairwise(chain):
        if ISLAND.step(here, direction) != there:
            break
        out.append(there)
    return out


def all_the_way(start: int, direction: int, tokens: int, fresh: bool) -> list[int]:
    """A misreading: ``tokens`` tokens straight on from ``start``, level or not, while the
    island lasts (the slope ignored)."""
    out = [start] if fresh else []
    here = start
    while len(out) < tokens:
        here = ISLAND.step(here, direction)
        if here < 0:
            break
        out.append(here)
    return out


# ------------------------------------------------------------------ territories scored
@register
class TerritoryPoints(CarcataExercise):
    key = "territory_points"
    theme = "carcata"
    title = "Closed territories: what does player 1 score?"
    title_fr = "Territoires fermés : combien marque le joueur 1 ?"
    rule = "carcata_scoring"
    how = "a number of points, like 17"
    how_fr = "un nombre de points, comme 17"
    unit = "points"
    randomised = True
    words = {
        "question": (
            "Lava flows run from the volcano to the sea: {flows}. The game ends in this "
            "position with both tribes surviving. Player 1's pawns stand on {pawns}; player 1 "
            "has collected {collected}. Loose gems lie on the island: {loose}. How many points "
            "does player 1 score?",
            "Des coulées de lave vont du volcan à la mer : {flows}. La partie se termine dans "
            "cette position, les deux tribus survivantes. Les pions du joueur 1 sont en {pawns} "
            "; le joueur 1 a ramassé {collected}. Des gemmes libres sont sur l'île : {loose}. "
            "Combien de points marque le joueur 1 ?",
        ),
        "nothing": ("no gem", "aucune gemme"),
        "per pawn": (
            "Each pawn in a closed territory scores that territory's loose gems: two pawns "
            "there score them twice.",
            "Chaque pion dans un territoire fermé marque les gemmes libres de ce territoire : "
            "deux pions y marquent deux fois.",
        ),
        "collected": (
            "The gems player 1 has collected count too.",
            "Les gemmes ramassées par le joueur 1 comptent aussi.",
        ),
        "levels": (
            "Each pawn also scores the level it stands on: 1 on the beach up to 6 on the top.",
            "Chaque pion marque aussi le niveau où il se trouve : 1 sur la plage, jusqu'à 6 au "
            "sommet.",
        ),
        "every gem": (
            "A pawn scores only the loose gems of its own territory, the part of the island the "
            "lava closes it into.",
            "Un pion ne marque que les gemmes libres de son propre territoire, la partie de "
            "l'île où la lave l'enferme.",
        ),
        "because": (
            "Levels {pawns}, collected gems {gems}, loose gems of the pawns' territories "
            "{territory}: {total} points.",
            "Niveaux {pawns}, gemmes ramassées {gems}, gemmes libres des territoires des pions "
            "{territory} : {total} points.",
        ),
    }

    GEM_FR = {"emerald": "émeraude", "ruby": "rubis", "sapphire": "saphir", "diamond": "diamant"}

    def setup(self) -> None:
        rng = self.rng
        for _ in range(500):
            if self._try_setup(rng):
                return
        raise RuntimeError(f"no territory position for seed {self.seed}")  # pragma: no cover

    def _try_setup(self, rng: Any) -> bool:
        flows: list[list[int]] = []
        lava: set[int] = set()
        for start in rng.sample(ISLAND.top, rng.choice([2, 2, 3])):
            direction = rng.choice(ISLAND.downhill_directions(start))
            flow = [start, *ISLAND.ray(start, direction)]
            if lava & set(flow) or ISLAND.levels_of[flow[-1]] != 1:
                return False
            flows.append(flow)
            lava |= set(flow)
        parts = ISLAND.regions(lava)
        if len(parts) < 2:
            return False
        free = [c for c in range(ISLAND.size) if c not in lava]
        # Two of player 1's pawns share a territory, so each pawn's share is counted.
        home = rng.choice([p for p in parts if len(p) >= 2])
        mine = rng.sample(list(home), 2)
        rest = [c for c in free if c not in mine]
        mine += rng.sample(rest, rng.randint(1, 2))
        rest = [c for c in rest if c not in mine]
        theirs = rng.sample(rest, 3)
        rest = [c for c in rest if c not in theirs]
        gem_cells = rng.sample(rest, rng.randint(3, 5))
        bag = [g for g, n in zip(GEM_NAMES, PRINTED.gems, strict=True) for _ in range(n)]
        drawn = rng.sample(bag, len(gem_cells) + 1)
        gems = {ISLAND.names[c]: [g] for c, g in zip(gem_cells, drawn, strict=False)}
        collected = {drawn[-1]: 1} if rng.random() < 0.8 else {}
        position = {
            "players": 2,
            "phase": "roll",
            "player": 0,
            "pawns": [names_of(sorted(mine)), names_of(sorted(theirs))],
            "lava": [names_of(flow) for flow in flows],
            "gems": gems,
            "collected": [collected, {}],
        }
        game = Game.from_position(position)
        self.position, self.carcata, self.flows = position, game, flows
        self.mine, self.gems, self.collected_gems = sorted(mine), gems, collected
        return True

    def gem_word(self, colour: str) -> str:
        return self.GEM_FR[colour] if self.lang == "fr" else colour

    def question(self) -> str:
        lang = self.lang
        flows = " ; ".join if lang == "fr" else "; ".join
        collected = and_words(
            [f"{n} {self.gem_word(c)}" for c, n in self.collected_gems.items()], lang
        ) or self.say("nothing")
        loose = and_words(
            [f"{self.gem_word(g[0])} ({cell})" for cell, g in sorted(self.gems.items())], lang
        )
        return self.say(
            "question",
            flows=flows(" → ".join(names_of(f)) for f in self.flows),
            pawns=and_words(names_of(self.mine), lang),
            collected=collected,
            loose=loose,
        )

    @cached_property
    def points(self) -> Any:
        assert self.carcata is not None
        return self.carcata.points()[0]

    def answer(self) -> int:
        return int(self.points.total)

    def solutions(self) -> set[Any]:
        return {self.answer()}

    def read(self, answer: Any) -> Any:
        from .answers import read_number

        return read_number(answer)

    def forms(self) -> list[Any]:
        n = self.answer()
        return [n, str(n), f"{n} points", Fraction(n), float(n)]

    def wrong_answers(self) -> list[Any]:
        n = self.answer()
        return [n + 1, n - 1]

    slip_kinds = (
        "a territory once",
        "collected gems forgotten",
        "levels forgotten",
        "every loose gem",
    )

    def slips(self) -> list[Slip]:
        assert self.carcata is not None
        game, p = self.carcata, self.points
        parts = game.territories()
        worth = [sum(GEM_POINTS[g] for c in part for g in game.gems_at(c)) for part in parts]
        held = {i for i, part in enumerate(parts) for c in self.mine if c in part}
        everything = sum(worth)
        return [
            Slip(
                "a territory once",
                p.pawns + p.gems + sum(worth[i] for i in held),
                self.say("per pawn"),
            ),
            Slip("collected gems forgotten", p.total - p.gems, self.say("collected")),
            Slip("levels forgotten", p.total - p.pawns, self.say("levels")),
            Slip(
                "every loose gem",
                p.pawns + p.gems + len(self.mine) * everything,
                self.say("every gem"),
            ),
        ]

    def because(self) -> str:
        p = self.points
        return self.say("because", pawns=p.pawns, gems=p.gems, territory=p.territory, total=p.total)


# ------------------------------------------------------------------ the catapult
#: How far a chance may be from the model's and still be it, written to two decimals.
CLOSE = 0.005


def read_chance(answer: Any) -> float:
    """A chance as a number from 0 to 1: ``0.27``, ``'0,27'``, ``Fraction(27, 100)`` or a
    percentage, ``'27%'``."""
    from .answers import read_number

    if isinstance(answer, str) and answer.strip().endswith("%"):
        value = read_number(answer.strip()[:-1]) / 100
    else:
        value = read_number(answer)
    if not 0 <= value <= 1:
        raise AnswerError(
            f"a chance lies between 0 and 1 (or 0% and 100%), not {describe(answer)}",
            f"une probabilité est entre 0 et 1 (ou 0 % et 100 %), pas {describe(answer)}",
        )
    return float(value)


def ring_weights(spread: float, plain: bool = False) -> list[float]:
    """The kit's weight of each distance from the aim (``plain``: without the 6k spaces)."""
    import math

    reach = 0 if spread == 0 else min(6, math.ceil(3 * spread))
    weights = []
    for k in range(reach + 1):
        spaces = 1 if k == 0 or plain else 6 * k
        weights.append(spaces * math.exp(-(k * k) / (2 * spread * spread)))
    total = sum(weights)
    return [w / total for w in weights]


@register
class CatapultChance(CarcataExercise):
    key = "catapult_chance"
    theme = "carcata"
    title = "The catapult: where does a throw land?"
    title_fr = "La catapulte : où tombe un tir ?"
    rule = "carcata_catapult"
    how = "a chance to two decimals, like 0.27 or '27%'"
    how_fr = "une probabilité à deux décimales, comme 0,27 ou '27%'"
    randomised = True
    words = {
        "question": (
            "Player 1 has drawn a gem ({gem}) and aims the catapult at {aim}{pawn_there}. Under the "
            "kit's model of a throw (spread {spread}: the gem lands k spaces from the aim with "
            "weight exp(-k²/(2·{spread}²)) times the 6k spaces at that distance, one space for "
            "k = 0, k up to {reach}, uniformly among the spaces at that distance; off the "
            "island is the sea; a pawn is touched with chance {touch}), what is the chance "
            "that {event}?",
            "Le joueur 1 a tiré une gemme ({gem}) et vise la case {aim} avec la catapulte{pawn_there}. "
            "Selon le modèle de tir du kit (dispersion {spread} : la gemme tombe à k cases de "
            "la cible avec le poids exp(-k²/(2·{spread}²)) fois les 6k cases à cette distance, "
            "une case pour k = 0, k jusqu'à {reach}, uniformément parmi les cases à cette "
            "distance ; hors de l'île, c'est la mer ; un pion est touché avec la probabilité "
            "{touch}), quelle est la probabilité que {event} ?",
        ),
        "pawn there": (
            "; player 2's pawns stand on {cells}, player 1's far away",
            " ; les pions du joueur 2 sont en {cells}, ceux du joueur 1 loin de là",
        ),
        "sea": ("the gem falls into the sea", "la gemme tombe à la mer"),
        "knock out": (
            "the gem knocks one of player 2's pawns out of the game",
            "la gemme fasse sortir du jeu un des pions du joueur 2",
        ),
        "aim only": (
            "A gem may touch a pawn on any space it lands on, not only the aim: add the chance "
            "of landing on each of player 2's pawns' spaces.",
            "Une gemme peut toucher un pion sur toute case où elle tombe, pas seulement la "
            "cible : ajoutez la probabilité de tomber sur la case de chaque pion du joueur 2.",
        ),
        "six k": (
            "Each distance k counts its 6k spaces: the first ring around the aim has six "
            "spaces, so it weighs six times its Gaussian factor.",
            "Chaque distance k compte ses 6k cases : le premier anneau autour de la cible a six "
            "cases, donc il pèse six fois son facteur gaussien.",
        ),
        "first ring only": (
            "The throw may stray farther than one space (up to {reach}): count the sea spaces "
            "of every ring, each ring's chance shared among its spaces.",
            "Le tir peut s'écarter de plus d'une case (jusqu'à {reach}) : comptez les cases de "
            "mer de chaque anneau, la probabilité de chaque anneau partagée entre ses cases.",
        ),
        "no touch": (
            "Landing on the pawn's space is not enough: the gem touches the pawn only with "
            "chance {touch}; otherwise its owner wins the gem.",
            "Tomber sur la case du pion ne suffit pas : la gemme ne touche le pion qu'avec la "
            "probabilité {touch} ; sinon son propriétaire gagne la gemme.",
        ),
        "because": (
            "The engine's landing outcomes for this aim give {chance}.",
            "Les issues de chute du moteur pour cette cible donnent {chance}.",
        ),
    }

    GEM_FR = {"emerald": "émeraude", "ruby": "rubis", "sapphire": "saphir", "diamond": "diamant"}

    def setup(self) -> None:
        rng = self.rng
        self.event = rng.choice(["sea", "knock out"])
        levels = [1, 1, 2] if self.event == "sea" else [1, 2, 3, 4, 5]
        self.target = rng.choice(ISLAND.on_level(rng.choice(levels)))
        self.gem = rng.choice(GEM_NAMES)
        reach = {c for c, _ in landing_model(PRINTED, self.target).targets if c != SEA}
        far = [c for c in range(ISLAND.size) if c not in reach]
        mine = rng.sample(far, 3)
        theirs = rng.sample([c for c in far if c not in mine], 2)
        if self.event == "knock out":
            near = sorted(c for c in ISLAND.neighbours(self.target) if c >= 0)
            aimed = [self.target] if rng.random() < 0.7 else []
            theirs = aimed + rng.sample(near, rng.randint(1, 2)) + theirs[:1]
        self.near_pawns = sorted(c for c in theirs if c in reach)
        position = {
            "players": 2,
            "phase": "aim",
            "player": 0,
            "pawns": [names_of(mine), names_of(theirs)],
            "drawn": self.gem,
            "dice": {"eruption": 1, "move": PRINTED.dice - 1},
            "pool": {"eruptions": 1, "moves": PRINTED.dice - 1},
        }
        self.carcata = Game.from_position(position)

    @cached_property
    def landings(self) -> list[tuple[str, float]]:
        """The engine's landing outcomes after the aim, as (notation, chance)."""
        assert self.carcata is not None
        game = self.carcata.copy()
        game.push(Aim(self.target))
        return [(str(outcome), chance) for outcome, chance in game.chance_outcomes()]

    def exact(self) -> float:
        """The chance asked, summed from the engine's outcomes (``land sea``, or every
        ``land <space> touch``)."""
        if self.event == "sea":
            return sum(p for o, p in self.landings if o == "land sea")
        return sum(p for o, p in self.landings if o.endswith(" touch"))

    def question(self) -> str:
        aim = ISLAND.names[self.target]
        decimal = (lambda x: str(x).replace(".", ",")) if self.lang == "fr" else str
        gem = self.GEM_FR[self.gem] if self.lang == "fr" else self.gem
        model = ring_weights(float(PRINTED.catapult_spread))
        return self.say(
            "question",
            gem=gem,
            aim=aim,
            pawn_there=self.say("pawn there", cells=and_words(names_of(self.near_pawns), self.lang))
            if self.event == "knock out"
            else "",
            spread=decimal(PRINTED.catapult_spread),
            reach=len(model) - 1,
            touch=decimal(float(PRINTED.touch_chance)),
            event=self.say(self.event, aim=aim),
        )

    def answer(self) -> float:
        return round(self.exact(), 2)

    def solutions(self) -> set[Any]:
        return {self.answer()}

    def read(self, answer: Any) -> float:
        return read_chance(answer)

    def is_correct(self, value: Any) -> bool:
        return bool(abs(float(value) - self.exact()) <= CLOSE)

    def forms(self) -> list[Any]:
        p = self.exact()
        percent = f"{100 * p:.1f}%"
        return [
            p,
            round(p, 2),
            round(p, 3),
            str(round(p, 2)),
            percent,
            Fraction(p).limit_denominator(1000),
        ]

    def wrong_answers(self) -> list[Any]:
        p = self.exact()
        return first(
            [round(p + 0.1, 2), round(p - 0.1, 2), 1.0, 0.0],
            2,
            lambda a: 0 <= a <= 1 and abs(a - p) > CLOSE,
        )

    slip_kinds = (
        "the 6k spaces forgotten",
        "the first ring only",
        "the touch forgotten",
        "the aim only",
    )

    def slips(self) -> list[Slip]:
        spread = float(PRINTED.catapult_spread)
        model = landing_model(PRINTED, self.target)
        plain = ring_weights(spread, plain=True)
        reach = len(model.rings) - 1
        touch = float(PRINTED.touch_chance)
        out: list[Slip] = []
        if self.event == "sea":
            seas = [sum(1 for c in ring if c == SEA) / len(ring) for ring in model.rings]
            out.append(
                Slip(
                    "the 6k spaces forgotten",
                    round(sum(w * s for w, s in zip(plain, seas, strict=True)), 2),
                    self.say("six k"),
                )
            )
            if reach >= 2:
                out.append(
                    Slip(
                        "the first ring only",
                        round(model.ring_chances[1] * seas[1], 2),
                        self.say("first ring only", reach=reach),
                    )
                )
        else:
            distance = {c: k for k, ring in enumerate(model.rings) for c in ring}
            landing = [
                model.ring_chances[distance[c]] / len(model.rings[distance[c]])
                for c in self.near_pawns
            ]
            plain_landing = [
                plain[distance[c]] / len(model.rings[distance[c]]) for c in self.near_pawns
            ]
            out.append(
                Slip(
                    "the 6k spaces forgotten",
                    round(touch * sum(plain_landing), 2),
                    self.say("six k"),
                )
            )
            decimal = str(touch).replace(".", ",") if self.lang == "fr" else str(touch)
            out.append(
                Slip(
                    "the touch forgotten",
                    round(sum(landing), 2),
                    self.say("no touch", touch=decimal),
                )
            )
            if self.target in self.near_pawns and len(self.near_pawns) > 1:
                out.append(
                    Slip(
                        "the aim only",
                        round(touch * model.ring_chances[0], 2),
                        self.say("aim only"),
                    )
                )
        return out

    def slip_for(self, value: Any) -> Slip | None:
        near = [
            s
            for s in self.slips()
            if abs(read_chance(s.answer) - value) <= CLOSE
            and not self.is_correct(read_chance(s.answer))
        ]
        return near[0] if near else None

    def because(self) -> str:
        chance = f"{self.exact():.4f}"
        return self.say("because", chance=chance.replace(".", ",") if self.lang == "fr" else chance)
