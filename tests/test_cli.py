"""The ``carnuta`` command: ``play`` prints a bot game, ``lab`` opens JupyterLab on the lessons."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from carnuta_core import __main__ as cli
from tests.browser_support import (
    CHROMIUM,
    ROOT,
    chromium,
    copy_notebooks,
    free_port,
    make_home,
    server_env,
    stop,
)


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
    assert command[:3] == [sys.executable, "-m", "jupyterlab"]
    assert f"--ServerApp.root_dir={ROOT}" in command
    assert "--LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb" in command
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


#: The address JupyterLab prints once it listens (its log goes to stderr).
PRINTED_URL = re.compile(r"(http://127\.0\.0\.1:\d+/\S*)")


def printed_url(process: subprocess.Popen[str], seconds: float = 90) -> tuple[str, list[str]]:
    """The first URL the server prints, once it answers there, and the lines it printed; its
    log is read to the end in a thread (a full pipe would stop the server)."""
    lines: list[str] = []
    found: list[str] = []
    printed = threading.Event()

    def read() -> None:
        assert process.stderr is not None
        for line in process.stderr:
            lines.append(line)
            match = PRINTED_URL.search(line)
            if match and not found:
                found.append(match[1])
                printed.set()

    threading.Thread(target=read, daemon=True).start()
    assert printed.wait(seconds), "no URL printed:\n" + "".join(lines)
    deadline = time.monotonic() + seconds
    while True:  # the URL is printed just before the server listens
        try:
            with urllib.request.urlopen(found[0].split("/lab/")[0] + "/api/status", timeout=2):
                return found[0], lines
        except urllib.error.HTTPError:  # 403 without the token: it listens
            return found[0], lines
        except OSError:
            assert process.poll() is None and time.monotonic() < deadline, "".join(lines)
            time.sleep(0.3)


class PrintedLab(NamedTuple):
    """``carnuta lab`` running: the URL it printed, its port, its log, its HOME."""

    url: str
    port: int
    lines: list[str]
    home: Path


@pytest.fixture(scope="module")
def printed_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PrintedLab]:
    """``carnuta lab --no-browser`` (as on a remote machine; as root here too) on a copy of the
    lessons, with a throw-away HOME (no autosave), until the module's tests are done."""
    home = make_home(tmp_path_factory)
    kit = copy_notebooks(tmp_path_factory).parent
    port = free_port()
    arguments = ["carnuta_core", "lab", "--dir", str(kit), "--no-browser"]
    process = subprocess.Popen(
        [sys.executable, "-m", *arguments, "--ServerApp.ip=127.0.0.1", f"--port={port}"],
        cwd=home,
        env=server_env(home),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        url, lines = printed_url(process)
        yield PrintedLab(url, port, lines, home)
    finally:
        stop(process)  # type: ignore[arg-type]  # text mode: stop() only signals it
        if process.stderr is not None:
            process.stderr.close()


@pytest.mark.timeout(120)
def test_lab_prints_and_opens_the_url_of_lesson_00(printed_lab: PrintedLab) -> None:
    """The URL ``carnuta lab`` prints lands on lesson 00, token included, and the page a
    browser would be sent to is the same."""
    url, lines = printed_lab.url, printed_lab.lines
    parts = urllib.parse.urlsplit(url)
    assert parts.netloc == f"127.0.0.1:{printed_lab.port}"
    assert parts.path == "/lab/tree/notebooks/00_start_here.ipynb", lines
    assert urllib.parse.parse_qs(parts.query)["token"][0]  # the link logs the user in
    with urllib.request.urlopen(url, timeout=10) as reply:
        assert reply.status == 200 and reply.url == url  # no redirect elsewhere
        page = reply.read().decode()
    config = re.search(
        r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', page, re.S
    )
    assert config, page[:500]
    assert json.loads(config[1])["treePath"] == "notebooks/00_start_here.ipynb"
    # ... which JupyterLab opens: the lesson's file, served from the kit's folder.
    lesson = url.replace("/lab/tree/", "/api/contents/", 1) + "&content=0"
    with urllib.request.urlopen(lesson, timeout=10) as reply:
        assert json.loads(reply.read())["type"] == "notebook"
    # The page a local browser is sent to (JupyterLab's redirect file) is the same one.
    opened = list((printed_lab.home / "runtime").glob("jpserver-*-open.html"))
    assert len(opened) == 1, opened
    assert f'url={url}"' in opened[0].read_text(encoding="utf-8")


@pytest.mark.browser
@pytest.mark.timeout(180)
@pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium (make chromium)")
def test_the_printed_url_shows_lesson_00_in_a_browser(printed_lab: PrintedLab) -> None:
    """Pasted into a headless Chromium, the printed URL shows lesson 00 as the current tab."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    for browser in chromium(printed_lab.home):
        page = browser.new_page()
        page.set_default_timeout(90_000)
        page.goto(printed_lab.url)
        tab = page.locator("#jp-main-dock-panel .lm-TabBar-tab.jp-mod-current")
        sync_api.expect(tab).to_contain_text("00_start_here.ipynb", timeout=90_000)
        lesson = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-MarkdownCell").first
        sync_api.expect(lesson).to_contain_text("00 · Start here", timeout=90_000)
        page.close()
