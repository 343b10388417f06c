"""The ``carnuta`` command: ``play`` prints a bot game, ``lab`` opens JupyterLab on the lessons."""

from __future__ import annotations

import importlib.util
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from carnuta_core import __main__ as cli
from tests.browser_support import ROOT, server


def test_play_prints_the_game_and_its_score_pads(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--players", "2", "--seed", "1", "--bots", "greedy,greedy"]) == 0
    out = capsys.readouterr().out
    assert "take " in out and "Total" in out


def test_play_refuses_options_it_does_not_know(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["play", "--port", "8890"])
    assert "unrecognized arguments: --port 8890" in capsys.readouterr().err


def test_help_is_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        cli.main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "carnuta play --players 3 --seed 7" in out and "carnuta lab" in out
    assert "`" not in out


@pytest.mark.parametrize(("uid", "allowed"), [(0, True), (1000, False)])
def test_lab_allows_root_only_as_root(
    monkeypatch: pytest.MonkeyPatch, uid: int, allowed: bool
) -> None:
    monkeypatch.setattr(cli.os, "geteuid", lambda: uid, raising=False)
    command = cli.lab_command(ROOT, ["--port", "8890"])
    assert command[:4] == [sys.executable, "-m", "jupyterlab", "notebooks/00_start_here.ipynb"]
    assert f"--ServerApp.root_dir={ROOT}" in command
    assert ("--allow-root" in command) is allowed
    assert command[-2:] == ["--port", "8890"]


def test_lab_without_jupyterlab_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    find_spec = importlib.util.find_spec

    def without_jupyterlab(name: str, *args: Any) -> Any:
        return None if name == "jupyterlab" else find_spec(name, *args)

    monkeypatch.setattr(cli.importlib.util, "find_spec", without_jupyterlab)
    assert cli.main(["lab"]) == 1
    assert 'pip install "carnuta-kit[lab]"' in capsys.readouterr().err


def test_lab_in_a_folder_without_lessons_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["lab", "--dir", str(tmp_path)]) == 1
    assert f"No lessons in {tmp_path}" in capsys.readouterr().err


@pytest.mark.timeout(120)
def test_lab_serves_the_lessons(tmp_path: Path) -> None:
    """``carnuta lab`` starts JupyterLab with the checkout as its root (as root here too)."""
    arguments = ["carnuta_core", "lab", "--no-browser", "--ServerApp.ip=127.0.0.1"]
    arguments += ["--ServerApp.token=", "--ServerApp.password="]
    lesson = "/api/contents/notebooks/00_start_here.ipynb?content=0"
    with (
        server(arguments, cwd=tmp_path, home=tmp_path, ready=lesson) as address,
        urllib.request.urlopen(f"{address}/lab", timeout=10) as reply,
    ):
        assert reply.status == 200
