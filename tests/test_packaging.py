"""The kit as a package: licence, type marker, notebook metadata, conda and Binder
environments that agree with pyproject.toml, and a wheel that works in a clean venv."""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
import tomllib
import urllib.parse
import zipfile
from pathlib import Path
from typing import Any

import nbformat
import pytest
import yaml

from lite.build import kit_wheel
from tests.conftest import IDS, NOTEBOOKS, ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PACKAGES = ("carnuta_core", "carcata_core", "widgets", "exercises", "tabletop")


def test_the_licence_is_the_declared_mit_licence() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert PYPROJECT["project"]["license"] == "MIT"
    assert text.startswith("MIT License")
    assert "Copyright (c) 2026 The Carnuta kit authors" in text


def test_every_package_is_marked_typed() -> None:
    package_data = PYPROJECT["tool"]["setuptools"]["package-data"]
    for package in PACKAGES:
        assert (ROOT / package / "py.typed").is_file(), package
        assert "py.typed" in package_data[package], package


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_a_notebook_names_its_kernel_and_language(path: Path) -> None:
    """Without both, JupyterLite asks which kernel to start."""
    metadata = nbformat.read(path, as_version=4).metadata
    assert metadata.get("kernelspec", {}).get("name") == "python3", path.name
    assert metadata["kernelspec"].get("language") == "python", path.name
    assert metadata.get("language_info", {}).get("name") == "python", path.name


# ----------------------------------------------------------------- conda and Binder
def spec(requirement: str) -> tuple[str, str]:
    """``"ipywidgets>=8.1,<9"`` -> ``("ipywidgets", ">=8.1,<9")`` (pip and conda alike)."""
    match = re.fullmatch(r"([A-Za-z0-9_.\-]+)\s*(.*)", requirement.strip())
    assert match, requirement
    return match[1].lower(), match[2].replace(" ", "")


def conda_packages(path: Path) -> tuple[dict[str, str], list[str]]:
    """The conda packages (name -> version spec) and the pip lines of an environment file."""
    environment: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    conda: dict[str, str] = {}
    pip: list[str] = []
    for entry in environment["dependencies"]:
        if isinstance(entry, dict):
            pip += entry["pip"]
        else:
            name, version = spec(entry)
            conda[name] = version
    return conda, pip


def kit_with_lab() -> dict[str, str]:
    project = PYPROJECT["project"]
    return dict(spec(r) for r in project["dependencies"] + project["optional-dependencies"]["lab"])


def test_the_conda_environment_installs_the_kit_with_what_pyproject_asks() -> None:
    conda, pip = conda_packages(ROOT / "environment.yml")
    assert conda.pop("python") == PYPROJECT["project"]["requires-python"] == ">=3.11"
    assert conda.pop("pip") == ""
    assert conda == kit_with_lab()
    assert pip == ["-e .[lab]"]


def test_binder_builds_the_same_environment_then_installs_the_kit() -> None:
    conda, pip = conda_packages(ROOT / "binder" / "environment.yml")
    python = conda.pop("python")
    assert re.fullmatch(r"=3\.(\d+)", python) and int(python[3:]) >= 11, python
    assert conda.pop("pip") == ""
    assert conda == kit_with_lab() and pip == []
    post_build = ROOT / "binder" / "postBuild"
    assert post_build.stat().st_mode & stat.S_IXUSR
    assert "python -m pip install --no-deps -e ." in post_build.read_text(encoding="utf-8")


#: A Binder badge in Markdown: its picture and its link.
BINDER_BADGE = re.compile(
    r"\[!\[Binder\]\(https://mybinder\.org/badge_logo\.svg\)\]\((https://mybinder\.org/[^)\s]+)\)"
)


def test_the_readme_binder_badge_opens_lesson_00_of_the_repository() -> None:
    """The front door's badge starts Binder on the repository pyproject.toml names, at its
    newest commit, with JupyterLab on the lesson ``carnuta lab`` opens."""
    from carnuta_core.__main__ import FIRST_LESSON

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    badges = BINDER_BADGE.findall(readme)
    assert len(badges) == 1 and readme.find(badges[0]) < readme.find("## Quickstart"), badges
    link = urllib.parse.urlsplit(badges[0])
    repository = urllib.parse.urlsplit(PYPROJECT["project"]["urls"]["Repository"])
    assert repository.scheme == "https" and repository.netloc == "github.com", repository
    owner, name = repository.path.strip("/").split("/")
    assert link.path == f"/v2/gh/{owner}/{name}/HEAD", link.path
    query = urllib.parse.parse_qs(link.query, strict_parsing=True)
    assert list(query) == ["urlpath"] and len(query["urlpath"]) == 1, query
    opened = query["urlpath"][0]
    assert opened == "lab/tree/" + FIRST_LESSON.as_posix(), opened
    assert (ROOT / opened.removeprefix("lab/tree/")).is_file(), opened
    assert not link.fragment


# --------------------------------------------------------------------- the wheel
@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return kit_wheel(tmp_path_factory.mktemp("wheel"))


def test_the_wheel_holds_the_packages_their_type_markers_and_the_licence(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    for package in PACKAGES:
        assert f"{package}/py.typed" in names, package
    assert "carnuta_core/data/reference_deck.csv" in names
    # The recorded playtest sample lesson 11 reads before a class has played.
    sample = sorted(p.name for p in (ROOT / "lesson_data" / "playtests").glob("*.json"))
    assert sample and all(f"lesson_data/playtests/{name}" in names for name in sample)
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names), names[-8:]
    assert not [n for n in names if n.startswith(("tests/", "lite/", "notebooks/"))]
    # The instructor notebooks, for `python -m exercises.kit.course` from an install.
    solutions = sorted(p.name for p in (ROOT / "exercises" / "solutions").glob("*.ipynb"))
    assert len(solutions) == 9
    assert (
        sorted(
            n.removeprefix("exercises/solutions/")
            for n in names
            if n.startswith("exercises/solutions/")
        )
        == solutions
    )
    assert "exercises/nbgrader_config.py" in names


def test_the_classroom_sites_wheel_leaves_the_solutions_out(tmp_path: Path) -> None:
    names = zipfile.ZipFile(kit_wheel(tmp_path, solutions=False)).namelist()
    assert "exercises/kit/course.py" in names and "exercises/02_rules.ipynb" not in names
    assert not [n for n in names if "solutions" in n]


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_the_wheel_works_in_a_clean_venv(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    python, carnuta = bin_dir / "python", bin_dir / "carnuta"
    subprocess.run([python, "-m", "pip", "install", "--quiet", str(wheel)], check=True)

    def run(*command: str | Path) -> subprocess.CompletedProcess[str]:
        # Away from the checkout, so that only the installed kit can be imported.
        return subprocess.run(
            [str(c) for c in command], cwd=tmp_path, capture_output=True, text=True, timeout=300
        )

    deck = run(
        python, "-c", "from carnuta_core import reference_deck; print(len(reference_deck()))"
    )
    assert deck.returncode == 0 and deck.stdout.strip() == "72", deck.stderr
    help_text = run(carnuta, "--help")
    assert help_text.returncode == 0 and "play" in help_text.stdout and "lab" in help_text.stdout
    game = run(carnuta, "play", "--players", "2", "--seed", "1", "--bots", "greedy,greedy")
    assert game.returncode == 0, game.stderr
    assert "take " in game.stdout and "Total" in game.stdout
    # The kit needs no JupyterLab; `carnuta lab` says which extra brings it.
    lab = run(carnuta, "lab", "--dir", ROOT)
    assert lab.returncode == 1 and 'pip install "carnuta-kit[lab]"' in lab.stderr
    # A teacher's course folder, from the kit installed with its teaching extra (nbgrader,
    # which brings JupyterLab too; exercises/README.md, step 1), and nbgrader's student version.
    subprocess.run([python, "-m", "pip", "install", "--quiet", f"{wheel}[teach]"], check=True)
    course = tmp_path / "course"
    made = run(python, "-m", "exercises.kit.course", course, "--course-id", "carnuta101")
    assert made.returncode == 1 and "exchange" in made.stderr, made.stderr
    assert not course.exists()
    made = run(python, "-m", "exercises.kit.course", course)
    assert made.returncode == 0, made.stderr
    notebooks = sorted(p.name for p in (course / "source" / "carnuta").glob("*.ipynb"))
    assert notebooks == sorted(p.name for p in (ROOT / "exercises" / "solutions").glob("*.ipynb"))
    assert len(notebooks) == 9
    # nbgrader runs its database tool (alembic) from the PATH: the venv's scripts.
    env = {**os.environ, "PATH": os.pathsep.join([str(bin_dir), os.environ.get("PATH", "")])}
    env.pop("PYTHONPATH", None)
    generated = subprocess.run(
        [bin_dir / "nbgrader", "generate_assignment", "carnuta"],
        cwd=course,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert generated.returncode == 0, generated.stdout + generated.stderr
    released = sorted(p.name for p in (course / "release" / "carnuta").glob("*.ipynb"))
    assert released == notebooks
