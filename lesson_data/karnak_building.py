"""Karnak games between bots, followed action by action: which Designs were complete while held,
which were broken by the end and by whom, and what an extra Priest is worth.

Lesson 17 reads ``karnak_building.json`` (lesson 18 reads ``karnak_goals.json``, the mats at the
end of the random bots' printed games). Two players, seeds ``0 .. GAMES[bot]-1``, each seed
played by each bot of ``BOTS`` in both seats and under every variant of ``VARIANTS`` (the same
deal: paired comparisons):

- bots: ``random``, the lab's random bot (its Priests go anywhere legal); ``guard``, the same
  except with Priests: it places one only to hold a structure that completes one of its own
  Designs, and then always; ``greedy``, the lab's greedy bot on the kit's Karnak heuristic
  (``karnak_core.heuristic``: it plays for its projected lead, so it spoils rivals' Designs on
  purpose), fewer games because they are much slower to play;
- variants: ``printed``, the kit's rules (two Priests each); ``no_priests``, none at the start
  (``priests_each=0``: the "gain a Priest" Favor card still brings some into play); ``extra_0``
  and ``extra_1``, one more Priest for seat 0 or for seat 1 (``younger_seats``).

For each game: the scores, the Priests placed, how it ended (``Game.ending``: the last Favor
card, or a locked mat), the Designs revealed, the rounds played, and, among the Designs the seats hold at the end
(in hand or revealed), those that were complete at some moment before the end while that seat
held them: how many, how many are broken at the end, and whose action last broke each (its
owner's or a rival's: the seat that last took it from complete to incomplete). The numbers depend
on the kit's reconstruction (the mat, the 46 Designs, the Favor mix) and on these bots. Rerun
with ``python -m lesson_data.karnak_building`` (a few minutes on one core).
"""

from __future__ import annotations

import random
from typing import Any

from tqdm.auto import tqdm

from karnak_core import Game, KarnakTitle, Rules
from karnak_core.actions import Action, Priest
from tabletop.lab.record import Recorder

#: Seeds per variant, for each bot.
GAMES = {"random": 300, "guard": 300, "greedy": 300}
#: The bots: the lab's random bot, ``Guard``, the lab's greedy bot.
BOTS = tuple(GAMES)
#: Each variant's rules, by name.
VARIANTS: dict[str, dict[str, Any]] = {
    "printed": {},
    "no_priests": {"priests_each": 0},
    "extra_0": {"younger_seats": (0,)},
    "extra_1": {"younger_seats": (1,)},
}


def guards(game: Game, priest: Priest) -> bool:
    """Whether ``priest`` would hold a structure completing one of the mover's Designs."""
    building = game.building()
    touched = building.priest_touches(building.layout.cell(priest.cell))
    held = building.group_of(touched[0])
    seat = game.current_player
    own = (*game.hand(seat), *game.revealed(seat))
    return any(held in design.goal.meeting(building) for design in own)


class Guard:
    """The random bot, except with Priests: one only to hold a structure completing one of its
    own Designs, and then always."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        legal = list(game.legal_actions())
        guarding = [a for a in legal if isinstance(a, Priest) and guards(game, a)]
        others = [a for a in legal if not isinstance(a, Priest)]
        return self.rng.choice(guarding or others or legal)


def bot(name: str, seed: int, title: KarnakTitle) -> Any:
    """The bot ``name`` (one of ``BOTS``), seeded."""
    from tabletop import lab

    return Guard(seed) if name == "guard" else lab.build_bot(name, seed, title)


def held(game: Game) -> set[tuple[int, str]]:
    """Every (seat, Design id) a seat holds now, in hand or revealed."""
    return {
        (seat, design.id)
        for seat in range(game.num_players)
        for design in (*game.hand(seat), *game.revealed(seat))
    }


class DesignWatch(Recorder):
    """Follows, action by action, the Designs the seats hold (in hand or revealed): those
    complete at some moment before the end while their seat held them, and the seat whose
    action last took each from complete to incomplete. A ``Recorder``: the lab can follow a
    game with it (``lesson_data.four_games`` does)."""

    __slots__ = ("designs", "complete_before", "breaker", "now")

    def start(self, state: Any) -> None:
        self.designs = {design.id: design for design in state.designs}
        self.complete_before: set[tuple[int, str]] = set()  # complete at some moment, held since
        self.breaker: dict[tuple[int, str], int] = {}  # the seat that last broke a held Design
        self.now: set[tuple[int, str]] = set()

    def after(self, state: Any, seat: int, action: Any) -> None:
        building, holding = state.building(), held(state)
        after = {key for key in holding if self.designs[key[1]].is_complete(building)}
        for key in (self.now - after) & holding:
            self.breaker[key] = seat
        if not state.is_over:  # a Design that leaves its seat's hands starts afresh
            self.complete_before = (self.complete_before & holding) | after
        self.now = after

    def completed(self, state: Any) -> set[tuple[int, str]]:
        """The (seat, Design id) held at the end that were complete before it while held."""
        return self.complete_before & held(state)

    def broken(self, state: Any) -> list[tuple[int, str]]:
        """For each of those broken at the end, in order: its seat, and who last broke it
        (``owner`` or ``rival``)."""
        return [(key[0], "owner" if self.breaker[key] == key[0] else "rival")
                for key in sorted(self.completed(state) - self.now)]  # fmt: skip


def play(rules: Rules, seed: int, bot_name: str) -> tuple[dict[str, Any], Game]:
    """One game between two bots ``bot_name``, followed after every action; the game's summary
    and the finished game."""
    from tabletop import lab

    title = KarnakTitle(rules)
    game = title.new(2, seed)
    bots = [bot(bot_name, lab.bot_seed(seed, seat), title) for seat in range(2)]
    watch = DesignWatch()
    watch.start(game)
    priests = 0
    while not game.is_over:
        seat = game.current_player
        action = bots[seat].choose(game)
        priests += isinstance(action, Priest)
        game.push(action)
        watch.after(game, seat, action)
    by = [who for _, who in watch.broken(game)]
    summary = {
        "seed": seed,
        "scores": game.scores(),
        "priests_placed": priests,
        "completed": len(watch.completed(game)),
        "broken_by_owner": by.count("owner"),
        "broken_by_rival": by.count("rival"),
        "ending": game.ending,
        "reveals": sum(len(game.revealed(s)) for s in range(game.num_players)),
        "rounds": game.round,
    }
    return summary, game


def compute(sample: int | None = None) -> dict[str, Any]:
    """Every bot's games under every variant, on the first ``sample`` seeds (all by default)."""
    games = {name: n if sample is None else min(n, sample) for name, n in GAMES.items()}
    progress = tqdm(total=sum(games.values()) * len(VARIANTS), desc="Karnak games")
    runs: dict[str, dict[str, list[dict[str, Any]]]] = {}
    for name in BOTS:
        runs[name] = {}
        for variant, changes in VARIANTS.items():
            runs[name][variant] = []
            for seed in range(games[name]):
                runs[name][variant].append(play(Rules(**changes), seed, name)[0])
                progress.update()
    progress.close()
    variants = {name: {k: list(v) if isinstance(v, tuple) else v for k, v in changes.items()}
                for name, changes in VARIANTS.items()}  # fmt: skip
    return {"games": games, "bots": list(BOTS), "variants": variants, "runs": runs}


if __name__ == "__main__":
    from lesson_data import write

    print(write("karnak_building", compute()))
