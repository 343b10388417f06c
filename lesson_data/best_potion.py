"""The best potion and the price of an action: the data of lesson 09's long searches.

Everything here is about the kit's reconstructed reference deck (its 72-card list is the kit's
reconstruction, not a list the publisher prints), scored by the kit's engine:

- ``budget_curve``: the best 5-card potion within each budget of cost icons, 0 to 12
  (``economy.budget_curve``; budgets below the cheapest potion have no point);
- ``best11``: the best 11-card potion (``maths.optimum``) and the fewest actions that build it
  with a reserve that is never short (``economy.potion_actions``);
- ``by_start``: the best 11-card potion for each of the eight starting cards
  (``economy.optimum_by_start``);
- ``milp``: the best 6-card potion as an integer program, weak and strong
  (``formulation.optimum_milp``): the linear relaxations, 1,000 branch-and-bound nodes each,
  and each run on to its proof, with the nodes and seconds HiGHS reports and the machine.

``compute(sample=True)`` reruns a small part (two budgets, one starting card searched on its
own, the strong relaxation) for the test that checks this file. Rerun the whole with
``python -m lesson_data.best_potion`` (about two minutes on two cores, most of it the weak
integer program run to its proof).
"""

from __future__ import annotations

import os
import platform
from typing import Any

from carnuta_core import maths, reference_deck
from carnuta_core.maths import Potion, economy
from carnuta_core.model import Origin

#: The budgets of the curve, from 0 (no potion fits) to 12 (more than the best potion needs).
BUDGETS = tuple(range(13))
#: Cards in a potion of the budget curve.
CURVE_CARDS = 5
#: Cards in the potion of the integer programs, and their budget of nodes.
MILP_CARDS = 6
MILP_NODES = 1000
#: What the sample reruns.
SAMPLE_BUDGETS = (3, 6)
SAMPLE_START = "S03"


def potion_record(potion: Potion) -> dict[str, Any]:
    """A potion as plain JSON: card ids in order, where each Salt sits, the Bonus tokens."""
    return {
        "cards": [c.id for c in potion.played],
        "salt_on": [list(pair) for pair in potion.salt_on],
        "tokens": [t.value for t in potion.bonus_tokens],
    }


def potion_of(record: dict[str, Any]) -> Potion:
    """The potion a ``potion_record`` describes (cards of the reference deck)."""
    return Potion.of(record["cards"], dict(map(tuple, record["salt_on"])), record["tokens"])


def curve(budgets: tuple[int, ...]) -> list[dict[str, Any]]:
    """The budget curve's points for ``budgets`` (budgets with no potion left out)."""
    return [
        {"budget": p.budget, "value": p.value, "cost": p.cost, **potion_record(p.potion)}
        for p in economy.budget_curve(budgets, k=CURVE_CARDS)
    ]


def start_alone(start: str) -> dict[str, Any]:
    """The best 11-card potion holding ``start``, searched on a pool without the seven other
    starting cards (not the shared pass of ``optimum_by_start``)."""
    pool = [c for c in reference_deck() if c.origin is not Origin.START or c.id == start]
    best = maths.optimum(pool, 11)
    return {"value": best.value, **potion_record(best.potion)}


def milp_record(result: Any) -> dict[str, Any]:
    return {
        "formulation": result.formulation,
        "variables": result.variables,
        "constraints": result.constraints,
        "value": result.value,
        "bound": round(result.bound, 3),
        "proven": result.optimal,
        "nodes": result.nodes,
        "seconds": round(result.seconds, 1),
    }


def machine() -> dict[str, Any]:
    """Where the seconds of this file were measured."""
    import numpy
    import scipy

    return {
        "system": f"{platform.system()} {platform.machine()}",
        "processor": platform.processor() or "unknown",
        "cores": os.cpu_count(),
        "load average (1 min) at the start": round(os.getloadavg()[0], 1),
        "python": platform.python_version(),
        "numpy": numpy.__version__,
        "scipy": scipy.__version__,
    }


def compute(sample: bool = False) -> dict[str, Any]:
    """The lesson's data (``sample``: the small part the test reruns)."""
    from carnuta_core.maths.formulation import optimum_milp

    where = machine()

    if sample:
        return {
            "budget_curve": curve(SAMPLE_BUDGETS),
            "by_start": {SAMPLE_START: start_alone(SAMPLE_START)},
            "milp": {
                "relaxed": {
                    "strong": milp_record(
                        optimum_milp(k=MILP_CARDS, formulation="strong", relaxed=True)
                    )
                }
            },
        }
    best = maths.optimum(k=11)
    plan = economy.potion_actions(best.potion)
    by_start = economy.optimum_by_start()
    best6 = maths.optimum(k=MILP_CARDS)
    milp: dict[str, Any] = {"cards": MILP_CARDS, "optimum": best6.value, "nodes_budget": MILP_NODES}
    for name in ("weak", "strong"):
        for stage, result in (
            ("relaxed", optimum_milp(k=MILP_CARDS, formulation=name, relaxed=True)),
            ("nodes", optimum_milp(k=MILP_CARDS, formulation=name, nodes=MILP_NODES)),
            ("proof", optimum_milp(k=MILP_CARDS, formulation=name, seconds=600.0)),
        ):
            milp.setdefault(stage, {})[name] = milp_record(result)
    return {
        "about": "lesson_data/best_potion.py: the kit's reference deck, scored by the kit",
        "machine": where,
        "budget_curve": curve(BUDGETS),
        "curve_cards": CURVE_CARDS,
        "budgets": list(BUDGETS),
        "best11": {
            "value": best.value,
            **potion_record(best.potion),
            "vectors": best.vectors,
            "refined": best.refined,
            "solved": best.solved,
        },
        "plan11": {
            "steps": list(plan.steps),
            "takes": plan.takes,
            "plays": plan.plays,
            "rune_actions": plan.rune_actions,
        },
        "by_start": {s: {"value": o.value, **potion_record(o.potion)} for s, o in by_start.items()},
        "milp": milp,
    }


if __name__ == "__main__":
    from lesson_data import write

    print(write("best_potion", compute()))
