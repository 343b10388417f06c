"""The design lab, for any game with a ``GameTitle``: play many bot games and measure them.

One job per module:

- ``run``: ``simulate(title, bots, games=...)`` plays games on every core or on a Dask
  cluster (tqdm progress bar) and returns a pandas DataFrame, one row per seat per game;
- ``specs``: the bot in each seat, as a name, a name with options or a ``seed -> bot``
  function (``bot_label``, ``build_bot``, ``bot_seed``);
- ``record``: the columns every game gets (``COLUMNS``) and the ``Recorder`` hook through
  which a game adds its own;
- ``stats``: ``wilson``, ``mean_ci``, ``win_rates``, ``score_summary``, ``game_table``,
  ``game_summary``, ``trigger_stats``;
- ``sweeps``: ``sweep`` (the same seeds under several titles), ``diff_report``,
  ``format_report``;
- ``plots``: ``plot_seat_win_rates``, ``plot_score_distribution``, ``plot_diff_report``,
  ``plot_branching``, ``plot_skill_curve``;
- ``game_measures``: measures that put games side by side (decisions and branching factor,
  lead changes, seat advantage, who ends the game, score spread, skill against budget,
  head-to-head duels, ``compare``).

pandas, matplotlib, tqdm and dask are imported only when needed.
"""

from . import game_measures
from .plots import (
    plot_branching,
    plot_diff_report,
    plot_score_distribution,
    plot_seat_win_rates,
    plot_skill_curve,
)
from .record import COLUMNS, Recorder
from .run import GameTask, columns_of, make_tasks, play_one, run_tasks, simulate
from .specs import BotSpec, bot_label, bot_seed, bot_specs, build_bot
from .stats import (
    game_summary,
    game_table,
    iter_rows,
    mean_ci,
    score_summary,
    trigger_stats,
    wilson,
    win_rates,
)
from .sweeps import REPORT_METRICS, diff_report, format_report, sweep
from .words import in_lang

__all__ = [
    "COLUMNS",
    "REPORT_METRICS",
    "BotSpec",
    "GameTask",
    "Recorder",
    "bot_label",
    "bot_seed",
    "bot_specs",
    "build_bot",
    "columns_of",
    "diff_report",
    "format_report",
    "game_measures",
    "game_summary",
    "game_table",
    "in_lang",
    "iter_rows",
    "make_tasks",
    "mean_ci",
    "play_one",
    "plot_branching",
    "plot_diff_report",
    "plot_score_distribution",
    "plot_seat_win_rates",
    "plot_skill_curve",
    "run_tasks",
    "score_summary",
    "simulate",
    "sweep",
    "trigger_stats",
    "wilson",
    "win_rates",
]
