"""ipywidgets views over carnuta_core: every rule question goes to the engine.

- ``PlayTable``: a whole game in a notebook cell, against bots.
- ``CarnivalTable``: a whole game of Carnival (the second game) in a notebook cell, against bots.
- ``CarcataTable``: a whole game of Carcata (the third game) in a notebook cell, against bots.
- ``KarnakTable``: a whole game of Karnak (the fourth game) in a notebook cell, against bots.
- ``MiniBoard``: a staged position with one button per legal action, for the lessons.
- ``RuneExplorer``: the rune-state graph around a player's runes; the cheapest path to a card.
- ``SynergyExplorer``: a card's or an ingredient's neighbourhood in the synergy graph.
- ``ScoreLab``: build a potion from cards, Salts and tokens; its formula, value and marginals.
"""

from .carcata_table import CarcataTable
from .carnival_table import CarnivalTable
from .explorers import RuneExplorer, SynergyExplorer
from .karnak_table import KarnakTable
from .mini_board import MiniBoard
from .play_table import SEAT_KINDS, PlayTable
from .score_lab import ScoreLab

__all__ = [
    "CarcataTable",
    "CarnivalTable",
    "KarnakTable",
    "MiniBoard",
    "PlayTable",
    "RuneExplorer",
    "SEAT_KINDS",
    "ScoreLab",
    "SynergyExplorer",
]
