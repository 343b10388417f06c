"""Karnak: exercises on the kit's building game. Which pieces of a mat are frozen, which Designs
a mat completes, what a seat scores at the end once a rival's MOVE has broken one of its
Designs, where a Priest may go.

Every position is staged with ``karnak_core`` (``staged``, so the engine checks it) and every
answer comes from the engine (``Building.is_frozen``, ``Design.is_complete``,
``Game.score_details``), never typed in. The Karnak rulebook prints one Design, Kiosk; the
others, the grid of the mat and the mix of Favor cards are the kit's reconstruction, so the
answers depend on it.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cached_property
from typing import Any

from karnak_core import (
    MAT,
    REFERENCE_DESIGNS,
    Building,
    Design,
    Game,
    KarnakError,
    Lift,
    Priest,
    Put,
    Rules,
    load_designs,
    staged,
)
from karnak_core.mat import Spot, colour_of, is_white, piece, shape_of
from karnak_core.svg import building_svg, game_svg

from .answers import AnswerError, describe, normal, read_many, read_number
from .base import Exercise, Slip, first, register

PRINTED = Rules()
DESIGNS = {design.id: design for design in REFERENCE_DESIGNS}
SHAPE_FR = {
    "triangle": "triangle",
    "statue": "statue",
    "disk": "disque",
    "rod": "bâton",
    "cube": "cube",
}
#: The French colour of a piece, by colour and by whether its shape is feminine (statue).
COLOUR_FR = {("yellow", False): "jaune", ("yellow", True): "jaune"}
COLOUR_FR |= {("white", False): "blanc", ("white", True): "blanche"}


def and_words(items: list[str], lang: str) -> str:
    """``a``, ``a and b``, ``a, b and c`` (``et`` in French)."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {'et' if lang == 'fr' else 'and'} {items[-1]}"


def piece_words(code: int, lang: str) -> str:
    """``yellow cube`` (``cube jaune``, ``statue blanche``)."""
    shape, colour = shape_of(code), colour_of(code)
    if lang == "fr":
        return f"{SHAPE_FR[shape]} {COLOUR_FR[colour, shape == 'statue']}"
    return f"{colour} {shape}"


def moved_words(shape: str, colour: str, lang: str) -> str:
    """The piece a MOVE lifts (``yellow rod``, ``le bâton jaune``) or puts (``white rod``,
    ``un bâton blanc``, ``une statue blanche``)."""
    words = piece_words(piece(shape, colour), lang)
    if lang != "fr":
        return words
    feminine = shape == "statue"
    if colour == "yellow":
        return ("la " if feminine else "le ") + words
    return ("une " if feminine else "un ") + words


def mat_words(building: Building, lang: str) -> str:
    """Each occupied cell with its pieces from the mat up, then the Priests' cells."""
    colon = " : " if lang == "fr" else ": "
    cells = [
        f"{MAT.name(cell)}{colon}{', '.join(piece_words(code, lang) for code in stack)}"
        for cell, stack in enumerate(building.stacks)
        if stack
    ]
    text = " ; ".join(cells) if lang == "fr" else "; ".join(cells)
    if building.priests:
        names = and_words([MAT.name(c) for c in building.priests], lang)
        text += (" ; prêtre en " if lang == "fr" else "; a Priest on ") + names
    return text


def cell_names(cells: Any) -> list[str]:
    return [MAT.name(cell) for cell in sorted(cells)]


def random_building(
    rng: Any, pieces: int, shapes: list[str], white: float, high: float = 0.3
) -> Building:
    """A building grown piece by piece: mostly beside or on earlier pieces, so that it forms
    structures, sometimes on a cell of its own."""
    building = Building.empty()
    caps = set(PRINTED.caps)
    for _ in range(pieces):
        occupied = [c for c, stack in enumerate(building.stacks) if stack]
        tops = [
            c
            for c in occupied
            if len(building.stacks[c]) < 3 and shape_of(building.stacks[c][-1]) not in caps
        ]
        beside = sorted({n for c in occupied for n in MAT.neighbours(c) if not building.stacks[n]})
        roll = rng.random()
        if tops and roll < high:
            cell = rng.choice(tops)
        elif beside and roll < 0.85:
            cell = rng.choice(beside)
        else:
            cell = rng.choice([c for c in range(MAT.size) if not building.stacks[c]])
        colour = "white" if rng.random() < white else "yellow"
        building = building.put(cell, piece(rng.choice(shapes), colour))
    return building


def stage(building: Building, **fields: Any) -> Game | None:
    """The 2-player position with ``building`` on the mat, or None if the engine refuses it
    (more pieces of a kind than the supply holds...)."""
    try:
        return staged(2, mat=building.lines(), **fields)
    except KarnakError:
        return None


def read_cell(answer: Any) -> int:
    """A cell of the mat by its name (``"c4"``, any case)."""
    if isinstance(answer, str):
        cell = MAT.find(normal(answer).strip("'\".,;:()[]"))
        if cell is not None:
            return cell
    raise AnswerError(
        f"name cells like 'c4' (a column a-h, a row 1-6), not {describe(answer)}",
        f"nommez les cases comme 'c4' (une colonne a-h, une rangée 1-6), pas {describe(answer)}",
    )


def read_cells(answer: Any) -> frozenset[int]:
    """Cells in any order: a list of names, or text separated by commas, spaces or 'and'."""
    if isinstance(answer, str):
        return frozenset(
            cell for part in read_many(answer, str) for cell in map(read_cell, part.split())
        )
    return read_many(answer, read_cell)


def frozen_cells(
    b: Building, *, white: bool = True, covered: bool = True, held: str = "structure"
) -> frozenset[int]:
    """The cells of ``b`` holding a piece frozen for the reasons kept: white, covered, and
    ``held`` through a Priest (``structure``, as the rules say; ``touched``, a misreading, for
    the Priest's own piece only; or ``none``). With every reason kept, the cells with a piece
    ``Building.is_frozen`` says is frozen."""
    holding: set[Spot] = set()
    if held == "structure":
        holding = set(b.held_by_priests())
    elif held == "touched":
        holding = {spot for c in b.priests for spot in b.priest_touches(c)}
    found = set()
    for spot in b.spots():
        cell, level = spot
        if (
            (white and is_white(b.code(spot)))
            or (covered and level + 1 < len(b.stacks[cell]))
            or spot in holding
        ):
            found.add(cell)
    return frozenset(found)


class KarnakExercise(Exercise):
    """An exercise on a Karnak position (``self.karnak``), drawn in the notebook's language."""

    seat = None
    karnak: Game | None = None

    def picture(self) -> str:
        return self.picture_in(self.lang)

    def picture_in(self, lang: str) -> str:
        """The mat drawn with its words in ``lang``."""
        if self.karnak is None:
            return ""
        return building_svg(self.karnak.building(), lang=lang, size=520)

    @property
    def building(self) -> Building:
        assert self.karnak is not None
        return self.karnak.building()

    #: How many positions ``setup`` draws at most, and what it calls them when none will do.
    setup_attempts = 300
    position_kind = "Karnak"

    def setup(self) -> None:
        for _ in range(self.setup_attempts):
            if self._try_setup(self.rng):
                return
        raise RuntimeError(
            f"no {self.position_kind} position for seed {self.seed}"
        )  # pragma: no cover

    def _try_setup(self, rng: Any) -> bool:
        """Draw a position with ``rng``; False when it will not do for the exercise."""
        raise NotImplementedError


class CellsExercise(KarnakExercise):
    """An exercise whose answer is a set of the mat's cells (``self.cells``), asked about the
    mat in words."""

    cells: frozenset[int] = frozenset()

    def question(self) -> str:
        return self.say("question", mat=mat_words(self.building, self.lang))

    def answer(self) -> list[str]:
        return cell_names(self.cells)

    def solutions(self) -> set[Any]:
        return {self.cells}

    def read(self, answer: Any) -> frozenset[int]:
        return read_cells(answer)


# ------------------------------------------------------------------ frozen pieces
@register
class FrozenCells(CellsExercise):
    key = "frozen_cells"
    theme = "karnak"
    title = "Frozen: which pieces can no longer change?"
    title_fr = "Figées : quelles pièces ne peuvent plus changer ?"
    rule = "karnak_frozen"
    how = "the cells holding a frozen piece, like ['c4', 'd4'] or 'c4, d4', in any order"
    how_fr = "les cases qui portent une pièce figée, comme ['c4', 'd4'] ou 'c4, d4', dans n'importe quel ordre"
    randomised = True
    words = {
        "question": (
            "The mat, each cell's pieces from the mat up: {mat}. Which cells hold at least one "
            "frozen piece (a stack counts once, if any of its pieces is frozen)?",
            "Le plateau, les pièces de chaque case depuis le plateau : {mat}. Quelles cases "
            "portent au moins une pièce figée (une pile compte une fois, si l'une de ses pièces "
            "est figée) ?",
        ),
        "white": (
            "A white piece is always frozen: it was put there by a MOVE (or a Favor card) and "
            "can never be moved again ({cells}).",
            "Une pièce blanche est toujours figée : elle a été posée par un DÉPLACEMENT (ou une "
            "carte Faveur) et ne peut plus jamais être déplacée ({cells}).",
        ),
        "covered": (
            "A piece with another standing on it is frozen, even a yellow one: every stack "
            "holds one ({cells}).",
            "Une pièce sur laquelle une autre est posée est figée, même jaune : chaque pile en "
            "porte une ({cells}).",
        ),
        "touched only": (
            "A Priest freezes the whole structure of the piece it touches, every piece touching "
            "it continuously, not that piece alone.",
            "Un prêtre fige toute la structure de la pièce qu'il touche, chaque pièce qui la "
            "touche de proche en proche, pas cette pièce seule.",
        ),
        "priest": (
            "The Priest on {cell} freezes the structure it touches: its pieces are frozen too.",
            "Le prêtre en {cell} fige la structure qu'il touche : ses pièces sont figées aussi.",
        ),
        "none": ("none", "aucune"),
        "because": (
            "White: {white}; covered: {covered}; held through the Priest: {held}.",
            "Blanches : {white} ; couvertes : {covered} ; tenues par le prêtre : {held}.",
        ),
    }

    position_kind = "frozen"

    def _try_setup(self, rng: Any) -> bool:
        shapes = rng.sample(["triangle", "statue", "disk", "rod", "cube"], 3)
        building = random_building(rng, rng.randint(8, 11), shapes, white=0.2)
        priest_cells = [
            c
            for c in range(MAT.size)
            if not building.stacks[c]
            and len(touched := building.priest_touches(c)) == 1
            and len(building.group_of(touched[0])) >= 3
        ]
        if not priest_cells:
            return False
        priest = rng.choice(priest_cells)
        building = building.add_priest(priest)
        # A white piece and a stack that nothing else freezes, so that forgetting either
        # rule changes the answer: added, away from the Priest's structure, when missing.
        held = {c for c, _ in building.held_by_priests()}
        near = held | {n for c in held for n in MAT.neighbours(c)} | {priest}
        near |= set(MAT.neighbours(priest))
        free = [c for c in range(MAT.size) if not building.stacks[c] and c not in near]
        if frozen_cells(building) == frozen_cells(building, white=False) and free:
            cell = free.pop(rng.randrange(len(free)))
            building = building.put(cell, piece(rng.choice(shapes), "white"))
        if frozen_cells(building) == frozen_cells(building, covered=False):
            caps = set(PRINTED.caps)
            bases = [
                c
                for c, stack in enumerate(building.stacks)
                if stack
                and c not in held
                and len(stack) < 3
                and not any(map(is_white, stack))
                and shape_of(stack[-1]) not in caps
            ]
            if bases:
                building = building.put(rng.choice(bases), piece(rng.choice(shapes), "yellow"))
            elif free:
                cell, base = rng.choice(free), rng.choice(["disk", "rod", "cube"])
                building = building.put(cell, piece(base, "yellow"))
                building = building.put(cell, piece(rng.choice(shapes), "yellow"))
        # The engine's answer: every cell with a piece that Building.is_frozen says is frozen.
        cells = frozenset(c for c, level in building.spots() if building.is_frozen((c, level)))
        # The misreadings of white and covered pieces change the answer (the Priest's may not).
        if cells in (frozen_cells(building, white=False), frozen_cells(building, covered=False)):
            return False
        game = stage(building)
        if game is None:
            return False
        self.karnak, self.priest, self.cells = game, priest, cells
        return True

    def forms(self) -> list[Any]:
        names = self.answer()
        return [
            names,
            names[::-1],
            ", ".join(names),
            " and ".join(n.upper() for n in names),
            set(names),
            " ".join(names),
        ]

    def wrong_answers(self) -> list[Any]:
        names = self.answer()
        empty = [c for c in range(MAT.size) if not self.building.stacks[c]]
        return first(
            [names[:-1], [*names, MAT.name(empty[0])], names[1:]],
            2,
            lambda a: read_cells(a) != self.cells,
        )

    slip_kinds = (
        "white forgotten",
        "covered forgotten",
        "only the touched piece",
        "Priest forgotten",
    )

    def slips(self) -> list[Slip]:
        b = self.building
        whites = cell_names({c for c, level in b.spots() if is_white(b.code((c, level)))})
        stacks = cell_names({c for c, stack in enumerate(b.stacks) if len(stack) > 1})
        return [
            Slip(
                "white forgotten",
                cell_names(frozen_cells(self.building, white=False)),
                self.say("white", cells=", ".join(whites)),
            ),
            Slip(
                "covered forgotten",
                cell_names(frozen_cells(self.building, covered=False)),
                self.say("covered", cells=", ".join(stacks)),
            ),
            Slip(
                "only the touched piece",
                cell_names(frozen_cells(self.building, held="touched")),
                self.say("touched only"),
            ),
            Slip(
                "Priest forgotten",
                cell_names(frozen_cells(self.building, held="none")),
                self.say("priest", cell=MAT.name(self.priest)),
            ),
        ]

    def because(self) -> str:
        b = self.building
        none = self.say("none")
        white = cell_names({c for c, level in b.spots() if is_white(b.code((c, level)))})
        covered = cell_names({c for c, stack in enumerate(b.stacks) if len(stack) > 1})
        held = cell_names({c for c, _ in b.held_by_priests()})
        return self.say(
            "because",
            white=", ".join(white) or none,
            covered=", ".join(covered) or none,
            held=", ".join(held) or none,
        )


# ------------------------------------------------------------------ complete Designs
#: The Designs the exercise asks about, and how each is misread by a common mistake: the goal
#: a student checks instead (the Design left as it is when the mistake does not touch it).
POOL = ("K01", "K02", "K04", "K05", "K07", "K10", "K15", "K18", "K19", "K22", "K26", "K34", "K37")
MISREADINGS = {
    "exactly read as at least": {
        "K01": "a structure with at least 3 cubes",
        "K04": "two structures with at least 2 cubes",
        "K15": "a structure with height at least 2, at least 3 cubes",
        "K18": "a structure with at least 3 rods, no cubes",
        "K37": "a structure with size at least 5, same colour",
    },
    "two structures read as one": {
        "K04": "a structure with exactly 2 cubes",
        "K22": "a structure with a statue on a cube",
        "K34": "a structure with at least 2 rods",
    },
    "extra pieces spoil it": {
        "K01": "a structure with exactly 3 cubes, only cubes",
        "K02": "a structure with at least 2 rods, touching water, only rods",
        "K04": "two structures with exactly 2 cubes, only cubes",
        "K05": "a structure with at least 4 rods, only rods",
        "K07": "a structure with a disk on a cube, only disks and cubes",
        "K10": "a structure with at least 2 white pieces, all white",
        "K15": "a structure with height exactly 2, at least 3 cubes, only cubes",
        "K19": "a structure with a disk on a rod, at least 1 cube, only disks, rods and cubes",
        "K22": "two structures with a statue on a cube, only statues and cubes",
        "K26": "a structure with at least 3 triangles, only triangles",
    },
}
MISREAD: dict[str, dict[str, Design]] = {
    kind: {
        design.id: design
        for design in load_designs(
            "\n".join(
                f"{i} | {DESIGNS[i].name} | {DESIGNS[i].name_fr} | {DESIGNS[i].points} | {text}"
                for i, text in texts.items()
            )
        )
    }
    for kind, texts in MISREADINGS.items()
}


def read_design(answer: Any) -> str:
    """A Design by its id (``"K01"``, any case) or its name, in English or in French."""
    if isinstance(answer, Design):
        return answer.id
    if isinstance(answer, str):
        said = normal(answer).strip("'\".,;:()[]")
        for design in REFERENCE_DESIGNS:
            if said in (design.id.lower(), design.name.lower(), design.name_fr.lower()):
                return design.id
        head = said.split()[0] if said.split() else ""
        if head.upper() in DESIGNS:
            return head.upper()
    raise AnswerError(
        f"name Designs by their ids, like 'K01', not {describe(answer)}",
        f"nommez les Designs par leur code, comme 'K01', pas {describe(answer)}",
    )


def read_designs(answer: Any) -> frozenset[str]:
    return read_many(answer, read_design)


def design_words(design: Design, lang: str) -> str:
    """``K01 Kiosk (5 points): a structure with exactly 3 cubes`` in ``lang``."""
    name = design.name_fr if lang == "fr" else design.name
    colon = " : " if lang == "fr" else ": "
    return f"{design.id} {name} ({design.points} points){colon}{design.text_in(lang)}"


@register
class CompleteDesigns(KarnakExercise):
    key = "complete_designs"
    theme = "karnak"
    title = "Which of these Designs does the mat complete?"
    title_fr = "Quels Designs ce plateau complète-t-il ?"
    rule = "karnak_designs"
    how = "the ids of the complete Designs, like ['K01', 'K07'] or 'K01 and K07' ('none' if none)"
    how_fr = "les codes des Designs complets, comme ['K01', 'K07'] ou 'K01 et K07' ('aucun' s'il n'y en a pas)"
    randomised = True
    words = {
        "question": (
            "The mat, each cell's pieces from the mat up: {mat}. Which of these Designs are "
            "complete on it? {designs}.",
            "Le plateau, les pièces de chaque case depuis le plateau : {mat}. Lesquels de ces "
            "Designs y sont complets ? {designs}.",
        ),
        "exactly read as at least": (
            "'Exactly' means that many and no more: one piece too many of that kind breaks the "
            "Design.",
            "« Exactement » veut dire ce nombre et pas plus : une pièce de trop de ce genre "
            "défait le Design.",
        ),
        "two structures read as one": (
            "Two structures must be two: pieces touching form one structure, and one structure "
            "cannot be counted twice.",
            "Deux structures doivent être deux : des pièces qui se touchent forment une seule "
            "structure, qui ne compte pas deux fois.",
        ),
        "extra pieces spoil it": (
            "Unless a Design says exactly, only, same or all, extra pieces do no harm: the "
            "structure may hold other shapes and colours too.",
            "Sauf si un Design dit exactement, seulement, même ou tout, les pièces en plus ne "
            "gênent pas : la structure peut porter d'autres formes et couleurs.",
        ),
    }

    position_kind = "Design"
    setup_attempts = 400

    def _try_setup(self, rng: Any) -> bool:
        shapes = rng.sample(["triangle", "statue", "disk", "rod", "cube"], rng.choice([2, 3]))
        if rng.random() < 0.5:
            shapes.append("cube")
        building = random_building(rng, rng.randint(7, 11), shapes, white=0.15)
        designs = [DESIGNS[i] for i in rng.sample(POOL, 4)]
        complete = frozenset(d.id for d in designs if d.is_complete(building))
        if not 1 <= len(complete) <= 3:
            return False
        self.designs = sorted(designs, key=lambda d: d.id)
        self.complete = complete
        if all(self.misread(kind, building) == complete for kind in MISREADINGS):
            return False
        game = stage(building)
        if game is None:
            return False
        self.karnak = game
        return True

    def misread(self, kind: str, building: Building | None = None) -> frozenset[str]:
        """The Designs a student would call complete under the misreading ``kind``."""
        b = self.building if building is None else building
        table = MISREAD[kind]
        return frozenset(d.id for d in self.designs if table.get(d.id, d).is_complete(b))

    def question(self) -> str:
        listed = [design_words(d, self.lang) for d in self.designs]
        designs = (" ; " if self.lang == "fr" else "; ").join(listed)
        return self.say("question", mat=mat_words(self.building, self.lang), designs=designs)

    def answer(self) -> list[str]:
        return sorted(self.complete)

    def solutions(self) -> set[Any]:
        return {self.complete}

    def read(self, answer: Any) -> frozenset[str]:
        return read_designs(answer)

    def forms(self) -> list[Any]:
        ids = self.answer()
        names = [DESIGNS[i].name_fr if self.lang == "fr" else DESIGNS[i].name for i in ids]
        return [
            ids,
            ids[::-1],
            ", ".join(ids),
            " and ".join(i.lower() for i in ids),
            set(ids),
            names,
        ]

    def wrong_answers(self) -> list[Any]:
        ids = [d.id for d in self.designs]
        return first(
            [[i for i in ids if i not in self.complete], ids, [ids[0]], "none"],
            2,
            lambda a: read_designs(a) != self.complete,
        )

    slip_kinds = tuple(MISREADINGS)

    def slips(self) -> list[Slip]:
        return [Slip(kind, sorted(self.misread(kind)), self.say(kind)) for kind in MISREADINGS]

    def because(self) -> str:
        return " ".join(d.explain(self.building, self.lang) for d in self.designs)


# ------------------------------------------------------------------ the final score
@register
class FinalScore(KarnakExercise):
    key = "final_score"
    theme = "karnak"
    title = "The end: what does player 1 score after a rival's MOVE?"
    title_fr = "La fin : combien marque le joueur 1 après le DÉPLACEMENT d'un rival ?"
    rule = "karnak_scoring"
    how = "a number of points, like 12"
    how_fr = "un nombre de points, comme 12"
    unit = "points"
    randomised = True
    words = {
        "question": (
            "The mat, each cell's pieces from the mat up: {mat}. Player 1's Designs in hand: "
            "{hand}. Revealed by player 1: {revealed}. Player 1's unused Favor cards: {favors}. "
            "Player 2 now plays `{lift}` and `{put}`: the {yellow} on {start} goes back to the "
            "supply and a {white} goes on {end}. The game ends on this turn. How "
            "many points does player 1 score?",
            "Le plateau, les pièces de chaque case depuis le plateau : {mat}. Designs du "
            "joueur 1 en main : {hand}. Révélés par le joueur 1 : {revealed}. Cartes Faveur "
            "non utilisées du joueur 1 : {favors}. Le joueur 2 joue maintenant `{lift}` et "
            "`{put}` : {yellow} en {start} retourne à la réserve et {white} va en {end}. La partie se termine à ce tour. Combien de points marque le joueur 1 ?",
        ),
        "nothing": ("nothing", "rien"),
        "revealed safe": (
            "A revealed Design is not safe: it scores only if it is still complete when the "
            "game ends, and the MOVE broke {ids}.",
            "Un Design révélé n'est pas à l'abri : il ne marque que s'il est encore complet à "
            "la fin, et le DÉPLACEMENT a défait {ids}.",
        ),
        "hand forgotten": (
            "The Designs still in hand score too, if they are complete at the end: {ids}.",
            "Les Designs encore en main marquent aussi, s'ils sont complets à la fin : {ids}.",
        ),
        "favors forgotten": (
            "Each unused Favor card is worth one point at the end.",
            "Chaque carte Faveur non utilisée vaut un point à la fin.",
        ),
        "before the move": (
            "Score the mat as it is when the game ends, after player 2's MOVE, not before it.",
            "Comptez le plateau tel qu'il est à la fin de la partie, après le DÉPLACEMENT du "
            "joueur 2, pas avant.",
        ),
        "every card": (
            "Only complete Designs score: {ids} are not complete, so they score nothing.",
            "Seuls les Designs complets marquent : {ids} ne sont pas complets, ils ne marquent "
            "rien.",
        ),
        "because": (
            "Complete at the end: {complete} ({points} points); unused Favor cards: {favors}; "
            "{total} points.",
            "Complets à la fin : {complete} ({points} points) ; cartes Faveur non utilisées : "
            "{favors} ; {total} points.",
        ),
    }

    position_kind = "scoring"

    def _try_setup(self, rng: Any) -> bool:
        shapes = rng.sample(["triangle", "statue", "disk", "rod", "cube"], 3)
        building = random_building(rng, rng.randint(9, 13), shapes, white=0.15)
        complete = [d for d in REFERENCE_DESIGNS if d.is_complete(building)]
        if len(complete) < 2:
            return False
        rng.shuffle(complete)
        revealed = complete[: rng.choice([1, 2])]
        incomplete = [d for d in REFERENCE_DESIGNS if d not in complete]
        hand = complete[len(revealed) : len(revealed) + 1] + rng.sample(
            incomplete, rng.randint(1, 2)
        )
        kinds = rng.sample(["cube", "rod", "move", "priest", "design", "disk"], rng.randint(0, 3))
        before = stage(
            building,
            player=1,
            hands=[[d.id for d in hand], []],
            revealed=[[d.id for d in revealed], []],
            favors=[dict.fromkeys(kinds, 1), {}],
        )
        if before is None:
            return False
        mine = [*hand, *revealed]
        lifts = [a for a in before.legal_actions() if isinstance(a, Lift)]
        rng.shuffle(lifts)
        for lift in lifts[:6]:
            lifted = before.copy()
            lifted.push(lift)
            puts = list(lifted.legal_actions())
            rng.shuffle(puts)
            for put in puts[:6]:
                after = lifted.copy()
                after.push(put)
                broken = [d for d in revealed if not d.is_complete(after.building())]
                if broken:
                    self.before, self.karnak = before, after
                    self.hand, self.revealed, self.favors = hand, revealed, len(kinds)
                    self.lift, self.put, self.mine = lift, put, mine
                    return True
        return False

    def picture_in(self, lang: str) -> str:
        assert self.karnak is not None
        return game_svg(self.karnak, seat=0, lang=lang, size=560)

    def ids(self, designs: list[Design]) -> str:
        return and_words([d.id for d in designs], self.lang)

    def complete_now(self, designs: list[Design]) -> list[Design]:
        return [d for d in designs if d.is_complete(self.building)]

    def question(self) -> str:
        lang = self.lang
        before = self.before.building()
        assert isinstance(self.lift, Lift) and isinstance(self.put, Put)
        start, end = self.lift.cell, self.put.cell
        top = before.top(MAT.cell(start))
        assert top is not None
        shape = shape_of(top)
        listed = (" ; " if lang == "fr" else "; ").join
        return self.say(
            "question",
            mat=mat_words(before, lang),
            hand=listed(design_words(d, lang) for d in self.hand),
            revealed=listed(design_words(d, lang) for d in self.revealed),
            favors=self.favors,
            lift=self.lift.notation(lang),
            put=self.put.notation(lang),
            yellow=moved_words(shape, "yellow", lang),
            white=moved_words(shape, "white", lang),
            start=start,
            end=end,
        )

    @cached_property
    def score(self) -> int:
        assert self.karnak is not None
        return self.karnak.score_details()[0].points

    def answer(self) -> int:
        return self.score

    def solutions(self) -> set[Any]:
        return {self.score}

    def read(self, answer: Any) -> Any:
        return read_number(answer)

    def forms(self) -> list[Any]:
        n = self.score
        return [n, str(n), f"{n} points", Fraction(n), float(n)]

    def wrong_answers(self) -> list[Any]:
        n = self.score
        return [n + 1, n - 1]

    slip_kinds = (
        "revealed Designs counted as safe",
        "hand forgotten",
        "Favor cards forgotten",
        "scored before the move",
        "every Design counted",
    )

    def slips(self) -> list[Slip]:
        n = self.score
        broken = [d for d in self.revealed if d not in self.complete_now(self.revealed)]
        in_hand = self.complete_now(self.hand)
        not_done = [d for d in self.mine if d not in self.complete_now(self.mine)]
        out = [
            Slip(
                "revealed Designs counted as safe",
                n + sum(d.points for d in broken),
                self.say("revealed safe", ids=self.ids(broken)),
            ),
            Slip(
                "scored before the move",
                self.before.score_details()[0].points,
                self.say("before the move"),
            ),
        ]
        if in_hand:
            out.append(
                Slip(
                    "hand forgotten",
                    n - sum(d.points for d in in_hand),
                    self.say("hand forgotten", ids=self.ids(in_hand)),
                )
            )
        if self.favors:
            out.append(Slip("Favor cards forgotten", n - self.favors, self.say("favors forgotten")))
        out.append(
            Slip(
                "every Design counted",
                n + sum(d.points for d in not_done),
                self.say("every card", ids=self.ids(not_done)),
            )
        )
        return out

    def because(self) -> str:
        done = self.complete_now(self.mine)
        return self.say(
            "because",
            complete=self.ids(done) or self.say("nothing"),
            points=sum(d.points for d in done),
            favors=self.favors,
            total=self.score,
        )


# ------------------------------------------------------------------ where a Priest may go
def diagonal_cells(cell: int) -> list[int]:
    """The cells sharing only a corner with ``cell``."""
    name = MAT.name(cell)
    column, row = ord(name[0]), int(name[1:])
    found = (MAT.find(f"{chr(column + dc)}{row + dr}") for dc in (-1, 1) for dr in (-1, 1))
    return [c for c in found if c is not None]


#: Each cell's corner neighbours.
DIAGONALS = tuple(diagonal_cells(cell) for cell in range(MAT.size))


@register
class PriestCells(CellsExercise):
    key = "priest_cells"
    theme = "karnak"
    title = "Where may a Priest go?"
    title_fr = "Où un prêtre peut-il aller ?"
    rule = "karnak_priest"
    how = "the cells, like ['c4', 'd4'] or 'c4, d4', in any order ('none' if none)"
    how_fr = "les cases, comme ['c4', 'd4'] ou 'c4, d4', dans n'importe quel ordre ('aucune' s'il n'y en a pas)"
    randomised = True
    words = {
        "question": (
            "It is player 1's turn, and player 1 has a Priest to place. The mat, each cell's "
            "pieces from the mat up: {mat}. On which cells may player 1 place the Priest?",
            "C'est au tour du joueur 1, qui a un prêtre à placer. Le plateau, les pièces de "
            "chaque case depuis le plateau : {mat}. Sur quelles cases le joueur 1 peut-il "
            "placer le prêtre ?",
        ),
        "exactly one": (
            "A Priest must touch exactly one piece: a cell beside two pieces (or more) is not "
            "allowed.",
            "Un prêtre doit toucher exactement une pièce : une case à côté de deux pièces (ou "
            "plus) est interdite.",
        ),
        "held": (
            "The piece the Priest touches must not be held already: the structure the Priest on "
            "{cell} touches is frozen, and no Priest may touch it again.",
            "La pièce que touche le prêtre ne doit pas être déjà tenue : la structure que touche "
            "le prêtre en {cell} est figée, et aucun prêtre ne peut plus la toucher.",
        ),
        "diagonal": (
            "A Priest touches only the pieces across an edge of its cell: a piece at a corner "
            "does not count.",
            "Un prêtre ne touche que les pièces de l'autre côté d'un bord de sa case : une pièce "
            "en coin ne compte pas.",
        ),
        "stack": (
            "A Priest stands on the mat and touches only the piece on the mat in the cell "
            "beside it: a stack there is one piece touched, not several.",
            "Un prêtre est posé sur le plateau et ne touche que la pièce posée sur le plateau "
            "dans la case voisine : une pile y compte pour une pièce touchée, pas plusieurs.",
        ),
        "because": (
            "Each of these cells is empty and touches one piece, not held: {cells}.",
            "Chacune de ces cases est vide et touche une pièce, non tenue : {cells}.",
        ),
        "none": ("no cell", "aucune case"),
    }

    position_kind = "Priest"

    def _try_setup(self, rng: Any) -> bool:
        shapes = rng.sample(["triangle", "statue", "disk", "rod", "cube"], 3)
        building = random_building(rng, rng.randint(6, 9), shapes, white=0.1, high=0.35)
        first_priest = [
            c
            for c in range(MAT.size)
            if not building.stacks[c]
            and len(touched := building.priest_touches(c)) == 1
            and len(building.group_of(touched[0])) >= 2
        ]
        if not first_priest:
            return False
        self.priest = rng.choice(first_priest)
        building = building.add_priest(self.priest)
        game = stage(building)
        if game is None:
            return False
        self.karnak = game
        self.cells = frozenset(
            MAT.cell(a.cell) for a in game.legal_actions() if isinstance(a, Priest)
        )
        live = sum(self.misread(kind) != self.cells for kind in self.slip_kinds)
        return bool(self.cells) and live >= 2

    def misread(self, kind: str) -> frozenset[int]:
        """The cells a student would list under the misreading ``kind``."""
        b = self.building
        held = {c for c, _ in b.held_by_priests()}
        found = set()
        for c in range(MAT.size):
            if b.stacks[c] or c in b.priests:
                continue
            beside = [n for n in MAT.neighbours(c) if b.stacks[n]]
            if kind == "diagonals counted":
                beside += [n for n in DIAGONALS[c] if b.stacks[n]]
            counted = len(beside)
            if kind == "a stack counted as several pieces":
                counted = sum(len(b.stacks[n]) for n in beside)
            if kind == "more than one allowed":
                allowed = bool(beside) and not set(beside) & held
            else:
                free = kind == "held structure forgotten" or not set(beside) & held
                allowed = counted == 1 and free
            if allowed:
                found.add(c)
        return frozenset(found)

    def forms(self) -> list[Any]:
        names = self.answer()
        return [names, names[::-1], ", ".join(names), " and ".join(names), set(names)]

    def wrong_answers(self) -> list[Any]:
        names = self.answer()
        return first(
            [names[:-1] or "none", [*names, MAT.name(self.priest)], names[1:] or "none"],
            2,
            lambda a: read_cells(a) != self.cells,
        )

    slip_kinds = (
        "more than one allowed",
        "held structure forgotten",
        "diagonals counted",
        "a stack counted as several pieces",
    )
    HINTS = {
        "more than one allowed": "exactly one",
        "held structure forgotten": "held",
        "diagonals counted": "diagonal",
        "a stack counted as several pieces": "stack",
    }

    def slips(self) -> list[Slip]:
        priest = MAT.name(self.priest)
        return [
            Slip(kind, cell_names(self.misread(kind)), self.say(self.HINTS[kind], cell=priest))
            for kind in self.slip_kinds
        ]

    def because(self) -> str:
        return self.say("because", cells=", ".join(self.answer()) or self.say("none"))
