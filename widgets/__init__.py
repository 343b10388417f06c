"""ipywidgets views over carnuta_core: every rule question goes to the engine.

- ``PlayTable``: a whole game in a notebook cell, against bots.
"""

from .play_table import SEAT_KINDS, PlayTable

__all__ = ["PlayTable", "SEAT_KINDS"]
