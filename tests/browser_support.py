"""Servers, a browser and screenshots for the browser tests: JupyterLab and Voilà serve a
temporary copy of ``notebooks/`` on free ports of 127.0.0.1, with ``HOME`` in a temporary
folder, and Debian's Chromium (``/usr/bin/chromium``) drives them through Playwright.

A test module's fixtures are thin wrappers around these (``make_home``, ``copy_notebooks``,
``voila_server``, ``lab_server``, ``chromium``, ``new_page``), so that each module starts the
servers it needs, on the notebook it needs.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = ROOT / "test-artifacts"
README_SHOTS = ROOT / "docs" / "screenshots"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
VIEWPORT = {"width": 1500, "height": 1000}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for(url: str, process: subprocess.Popen[bytes], seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped (exit {process.returncode}) before {url}")
        try:
            with urllib.request.urlopen(url, timeout=2) as reply:
                if reply.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"{url} did not answer in {seconds} s")


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=8)
        except subprocess.TimeoutExpired:
            process.terminate()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def server_env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        HOME=str(home),
        IPYTHONDIR=str(home / ".ipython"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])),
    )
    env.pop("JUPYTER_CONFIG_DIR", None)
    return env


def make_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A throw-away HOME with JupyterLab settings: no autosave, no news."""
    home = tmp_path_factory.mktemp("home")
    settings = home / ".jupyter" / "lab" / "user-settings" / "@jupyterlab"
    (settings / "docmanager-extension").mkdir(parents=True)
    (settings / "docmanager-extension" / "plugin.jupyterlab-settings").write_text(
        json.dumps({"autosave": False})
    )
    (settings / "apputils-extension").mkdir(parents=True)
    (settings / "apputils-extension" / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    return home


def copy_notebooks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A temporary copy of ``notebooks/``, to be served."""
    folder = tmp_path_factory.mktemp("served") / "notebooks"
    shutil.copytree(ROOT / "notebooks", folder, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return folder


def voila_server(home: Path, served: Path, notebook: str) -> Iterator[str]:
    """Voilà serving ``notebook`` from ``served``; yields its address, then stops it."""
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "voila",
            notebook,
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
            "--Voila.root_dir=" + str(served),
        ],
        cwd=served,
        env=server_env(home),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(f"http://127.0.0.1:{port}/", process)
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(process)


def lab_server(home: Path, served: Path) -> Iterator[str]:
    """JupyterLab serving ``served``; yields its address, then stops it."""
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--allow-root",
            f"--port={port}",
            "--ServerApp.token=",
            "--ServerApp.password=",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.root_dir={served}",
            "--ServerApp.disable_check_xsrf=True",
            "--LabApp.news_url=None",
            "--LabApp.expose_app_in_browser=True",
        ],
        cwd=served,
        env=server_env(home),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(f"http://127.0.0.1:{port}/api/status", process)
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(process)


def chromium(home: Path) -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright."""
    from playwright import sync_api

    os.environ.setdefault("PLAYWRIGHT_BROWSERS_PATH", str(home / "pw-browsers"))
    with sync_api.sync_playwright() as pw:
        launched = pw.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        yield launched
        launched.close()


def new_page(browser: Any, name: str) -> Iterator[Any]:
    """A page in a fresh context; what it shows at the end is saved as ``last-<name>.png``."""
    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        yield page
    finally:
        # What the page showed at the end (on a failure, that is where it stopped).
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"last-{name}.png"), full_page=True)
        context.close()


def screenshot(locator: Any, name: str, *, readme: bool = False) -> Path:
    """A picture of ``locator`` in ``test-artifacts/``; with ``CARNUTA_SCREENSHOTS=1``, the
    README's copy in ``docs/screenshots/`` too."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    locator.screenshot(path=str(path))
    assert path.stat().st_size > 10_000, f"{name}.png looks empty"
    if readme and os.environ.get("CARNUTA_SCREENSHOTS") == "1":
        README_SHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, README_SHOTS / f"{name}.png")
    return path


KERNEL_IDLE = """(path) => {
  const widget = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  if (!widget || !widget.context || widget.context.path !== path) { return false; }
  const session = widget.sessionContext && widget.sessionContext.session;
  return !!(session && session.kernel && session.kernel.status === 'idle');
}"""


def open_in_lab(page: Any, lab: str, notebook: str) -> None:
    """Open ``notebook`` alone in a fresh workspace, wait for its kernel, run all cells."""
    page.goto(f"{lab}/lab/workspaces/{notebook.replace('.', '-')}/tree/{notebook}?reset")
    page.locator(".jp-NotebookPanel .jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for()
    # The notebook's own kernel must be up, or JupyterLab asks which kernel to start.
    page.wait_for_function(KERNEL_IDLE, arg=notebook, timeout=60_000)
    page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); }")
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
