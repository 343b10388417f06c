"""The engine, the widgets, the exercises and the maths formulas work without numpy, pandas,
matplotlib or scipy: the classroom site's browser kernel starts without them, and only the
lessons that plot or simulate load them."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.conftest import ROOT

HEAVY = ("numpy", "pandas", "matplotlib", "scipy")

SCRIPT = f"""
import importlib.abc
import sys

HEAVY = {HEAVY!r}


class Missing(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in HEAVY:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None


sys.meta_path.insert(0, Missing())

import carnuta_core
import exercises.kit
import widgets
from carnuta_core import GreedyBot, maths, play_game
from carnuta_core.coach import Coach
from carnuta_core.mcts import MCTSBot

game = play_game([GreedyBot(seed=1), MCTSBot(seed=2, iterations=20)], seed=3)
assert game.is_over
assert maths.potion_formula(game, 0).evaluate().total == game.score_pad(0).total
fresh = carnuta_core.Game.new(2, seed=5)
assert Coach(iterations=30, seed=1).advise(fresh)
table = widgets.PlayTable(("human", "greedy"), seed=4, speed=0)
table.game.play("take day 1")
exercise = exercises.kit.make("score_potion", seed=1)
assert exercise.check(exercise.answer())
from carnuta_core.title import CarnutaTitle
from tabletop.tournament import tournament
assert tournament(CarnutaTitle(), ["random", "greedy"], deals=1, progress=False).ratings()
loaded = sorted({{m.partition(".")[0] for m in sys.modules}} & set(HEAVY))
assert not loaded, loaded
print("played without", ", ".join(HEAVY))
"""


def test_the_kit_imports_and_plays_without_the_compiled_packages() -> None:
    python_path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": python_path, "MPLBACKEND": "Agg"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "played without numpy" in done.stdout
