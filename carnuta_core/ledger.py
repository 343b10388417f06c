"""The turn-economy ledger: where every action of a game went, read from the game's log.

The ledger replays a game's log with the engine (``positions``: ``Game.start``, then
``push`` for each action) and reads what each action did from the positions before and
after it; it never re-implements a rule.

Each logged action gets a *kind*: ``take``, ``play``, ``runes``, ``flip`` (the four actions,
two a turn), ``sickle`` (free), ``bonus`` (choosing a Bonus Ingredient token), ``discard``
(hand limit) or ``end``.

**Wasted actions** are defined once, in ``carnuta_core.waste`` (the lab counts the same):
a take whose card was discarded or never played, a flip overwritten by the next flip, runes
taken or flipped after the player's last play.

An ``end`` with actions left (no legal action) *forfeits* them; the ledger counts those too.

*Cards played* are the cards in front of a player, the starting card included (the number the
counter shows, up to 11); *cards played from hand* leave the starting card out: one per play.

>>> from carnuta_core import GreedyBot, play_game
>>> game = play_game([GreedyBot(seed=1), GreedyBot(seed=2)], seed=5)
>>> table = ledger_table(game)
>>> list(table.columns[:5])
['cards played', 'cards played from hand', 'actions', 'takes', 'rune actions']
>>> [len(game.player(seat).played) for seat in range(2)] == list(table["cards played"])
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop.lab.words import check_lang, in_lang

from .actions import ChooseBonus, Discard, EndTurn, PlayCard, TakeCard
from .model import Ingredient
from .vocabulary import WORDS, word
from .waste import KINDS, SPENDING, kind_of, waste_labels

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

    from .game import Game


@dataclass
class Entry:
    """One logged action, with what it did."""

    step: int
    round: int
    seat: int
    action: str
    kind: str
    card: str | None = None
    counter: int | None = None  # after a play
    padlock: bool = False  # a play that opened a rune space
    bonus: str | None = None  # the token chosen, or "lost" when none was left
    forfeited: int = 0  # actions left unused at an ``end``
    wasted: str | None = None


def positions(game: Game) -> list[Game]:
    """The position before each logged action, then the game itself: the log replayed from
    its start on the engine's fast path (``push``)."""
    step = game.start()
    out = []
    for _, action in game.log:
        out.append(step.copy())
        step.push(action)
    out.append(game)
    return out


def entries(game: Game) -> list[Entry]:
    """The game's log as ledger entries (replayed with the engine)."""
    steps = positions(game)
    out: list[Entry] = []
    for i, (_, action) in enumerate(game.log):
        before, after = steps[i], steps[i + 1]
        seat = before.current_player
        entry = Entry(i, before.round, seat, str(action), kind_of(action))
        if isinstance(action, TakeCard):
            taken = before.market(action.row)[action.slot - 1]
            entry.card = taken.id if taken else None
        elif isinstance(action, PlayCard):
            entry.card = action.card
            entry.counter = after.counter(seat)
            entry.padlock = after.open_spaces(seat) > before.open_spaces(seat)
            reached_bonus = (
                after.counter(seat) > before.counter(seat)
                and after.counter(seat) in game.rules.bonus_levels
            )
            if reached_bonus and after.phase != "bonus":
                entry.bonus = "lost"
        elif isinstance(action, ChooseBonus):
            entry.bonus = action.ingredient.value
        elif isinstance(action, Discard):
            entry.card = action.card
        elif isinstance(action, EndTurn):
            entry.forfeited = before.actions_left
        out.append(entry)
    _mark_waste(game, out)
    return out


def _mark_waste(game: Game, out: list[Entry]) -> None:
    moves = [(e.seat, e.kind, e.card) for e in out]
    for e, label in zip(out, waste_labels(moves, game.rules.flip_mode, game.is_over), strict=True):
        e.wasted = label


def ledger(game: Game) -> pd.DataFrame:
    """One row per logged action: step, round, player, action, kind, card, what it did, waste."""
    import pandas as pd

    rows = [
        {
            "step": e.step,
            "round": e.round,
            "player": e.seat + 1,
            "action": e.action,
            "kind": e.kind,
            "card": e.card,
            "counter": e.counter,
            "padlock": e.padlock,
            "bonus": e.bonus,
            "forfeited": e.forfeited,
            "wasted": e.wasted,
        }
        for e in entries(game)
    ]
    columns = [
        "step", "round", "player", "action", "kind", "card", "counter", "padlock", "bonus",
        "forfeited", "wasted",
    ]  # fmt: skip
    table = pd.DataFrame(rows, columns=columns).set_index("step")
    return table.astype({"counter": "Int64"})


def milestones(game: Game) -> pd.DataFrame:
    """When each player's Padlocks opened and their Bonus Ingredient tokens were won (or lost)."""
    import pandas as pd

    rows: list[dict[str, Any]] = []
    opened: dict[int, int] = {}
    for e in entries(game):
        if e.padlock:
            opened[e.seat] = opened.get(e.seat, 0) + 1
            space = game.rules.open_spaces + opened[e.seat]
            rows.append(
                {
                    "player": e.seat + 1,
                    "event": f"space {space} opens",
                    "round": e.round,
                    "counter": e.counter,
                    "step": e.step,
                }
            )
        if e.bonus is not None:
            rows.append(
                {
                    "player": e.seat + 1,
                    "event": "bonus lost (none left)" if e.bonus == "lost" else f"bonus {e.bonus}",
                    "round": e.round,
                    "counter": None,
                    "step": e.step,
                }
            )
    table = pd.DataFrame(rows, columns=["player", "event", "round", "counter", "step"])
    return table.astype({"counter": "Int64"})


#: French for the ledger table's columns (``ledger_table(game, lang="fr")``).
LEDGER_FRENCH: dict[str, str] = {
    "player": "joueur",
    "cards played": "cartes posées",
    "cards played from hand": "cartes posées depuis la main",
    "actions": "actions",
    "takes": "prises",
    "rune actions": "actions sur les runes",
    "actions per play": "actions par pose",
    "wasted": "perdues",
    "wasted %": "perdues (%)",
    "discarded takes": "prises défaussées",
    "never played": "jamais posées",
    "overwritten flips": "retournements effacés",
    "unspent runes": "runes inutilisées",
    "forfeited": "actions laissées",
    "sickles": "Serpes",
    "space 5 round": "manche de l'emplacement 5",
    "space 6 round": "manche de l'emplacement 6",
    "bonus tokens": "jetons Ingrédient bonus",
    "score": "score",
}


def ledger_table(game: Game, lang: str = "en") -> pd.DataFrame:
    """One row per player: cards played (the starting card included) and cards played from
    hand, actions by kind (takes, rune actions, and one play per card played from hand),
    actions per play, waste, Sickles, and when the Padlocks opened and the bonus tokens were
    won (rounds). ``lang="fr"`` names the columns (``LEDGER_FRENCH``) and the tokens in French."""
    import pandas as pd

    check_lang(lang)

    log = entries(game)
    rows: list[dict[str, Any]] = []
    for seat in range(game.num_players):
        mine = [e for e in log if e.seat == seat]

        def count(*kinds: str, _mine: list[Entry] = mine) -> int:
            return sum(1 for e in _mine if e.kind in kinds)

        plays = count("play")  # one card played from hand each
        actions = count(*SPENDING)
        wasted = [e for e in mine if e.wasted]
        padlocks = [e.round for e in mine if e.padlock]
        bonuses = [bonus_note(e.bonus, e.round, lang) for e in mine if e.bonus]
        rows.append(
            {
                "player": seat + 1,
                "cards played": 1 + plays,  # the starting card, then one a play
                "cards played from hand": plays,
                "actions": actions,
                "takes": count("take"),
                "rune actions": count("runes", "flip"),
                "actions per play": round(actions / plays, 2) if plays else None,
                "wasted": len(wasted),
                "wasted %": round(100 * len(wasted) / actions, 1) if actions else 0.0,
                "discarded takes": sum(1 for e in wasted if e.wasted == "discarded"),
                "never played": sum(1 for e in wasted if e.wasted == "never played"),
                "overwritten flips": sum(1 for e in wasted if e.wasted == "overwritten flip"),
                "unspent runes": sum(1 for e in wasted if e.wasted == "unspent runes"),
                "forfeited": sum(e.forfeited for e in mine),
                "sickles": count("sickle"),
                "space 5 round": padlocks[0] if padlocks else None,
                "space 6 round": padlocks[1] if len(padlocks) > 1 else None,
                "bonus tokens": ", ".join(bonuses),
                "score": game.score_pad(seat).total,
            }
        )
    table = pd.DataFrame(rows).set_index("player")
    table = table.astype({"space 5 round": "Int64", "space 6 round": "Int64"})
    return in_lang(table, lang, LEDGER_FRENCH)


def bonus_note(bonus: str, round_number: int, lang: str) -> str:
    """A bonus token and the round it was won: ``egg (round 4)``, ``œuf (manche 4)``."""
    if lang == "fr":
        token = "perdu" if bonus == "lost" else word(Ingredient(bonus), lang)
        return f"{token} ({WORDS[lang]['round'].lower()} {round_number})"
    return f"{bonus} (round {round_number})"


KIND_COLOURS = {
    "take": "#8c6bb1",
    "runes": "#41ab5d",
    "flip": "#a1d99b",
    "play": "#2171b5",
}


def draw_ledger(game: Game, *, figsize: tuple[float, float] = (11, 4.2)) -> Figure:
    """Two panels: each player's actions by kind (wasted ones hatched), and cards in play by
    round with the Padlock openings (▲) and bonus tokens (★) marked."""
    import matplotlib.pyplot as plt

    log = entries(game)
    fig, (left, right) = plt.subplots(1, 2, figsize=figsize, gridspec_kw={"width_ratios": [1, 1.3]})
    players = list(range(game.num_players))
    names = [f"Player {seat + 1}" for seat in players]
    bottoms = [0.0] * len(players)
    for kind, colour in KIND_COLOURS.items():
        useful = [
            sum(1 for e in log if e.seat == s and e.kind == kind and not e.wasted) for s in players
        ]
        waste = [
            sum(1 for e in log if e.seat == s and e.kind == kind and e.wasted) for s in players
        ]
        left.barh(names, useful, left=bottoms, color=colour, label=kind)
        bottoms = [b + u for b, u in zip(bottoms, useful, strict=True)]
        left.barh(names, waste, left=bottoms, color=colour, hatch="///", edgecolor="white")
        bottoms = [b + w for b, w in zip(bottoms, waste, strict=True)]
    left.invert_yaxis()
    left.set_xlabel("actions (hatched: wasted)")
    left.set_title("Where the actions went")
    left.legend(loc="upper center", bbox_to_anchor=(0.5, -0.18), ncol=4, fontsize=8)

    last_round = max((e.round for e in log), default=1)
    for seat in players:
        shift = (seat - (len(players) - 1) / 2) * 0.08  # keep markers of players apart
        played = 1  # the starting card
        xs, ys = [0.0], [1]
        marks: list[tuple[float, int, str]] = []
        for e in log:
            if e.seat != seat:
                continue
            if e.kind == "play":
                played += 1
                xs.append(e.round + shift)
                ys.append(played)
                if e.padlock:
                    marks.append((e.round + shift, played, "^"))
            if e.bonus and e.bonus != "lost":
                marks.append((e.round + shift, played, "*"))
        xs.append(last_round + 1)
        ys.append(played)
        (line,) = right.step(xs, ys, where="post", label=names[seat], linewidth=2)
        for x, y, marker in marks:
            size = 14 if marker == "*" else 9
            right.plot(
                x, y, marker, color=line.get_color(), markeredgecolor="black", markersize=size,
                zorder=3,
            )  # fmt: skip
    right.set_xlabel("round")
    right.set_ylabel("cards in play")
    right.set_title("Cards in play (▲ a Padlock opens, ★ a bonus token)")
    right.legend(fontsize=8, loc="upper left")
    right.grid(alpha=0.3)
    fig.tight_layout()
    return fig


__all__ = [
    "Entry",
    "KINDS",
    "SPENDING",
    "draw_ledger",
    "entries",
    "kind_of",
    "ledger",
    "ledger_table",
    "milestones",
    "positions",
]
