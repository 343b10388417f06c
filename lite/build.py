"""Build the kit's zero-install classroom site: JupyterLite with the Pyodide kernel.

    python lite/build.py [--out build/lite] [--cache build/lite-cache]      (make lite)

The site is a folder of static files any web server can host: JupyterLab and Jupyter
Notebook, the Pyodide runtime (Python compiled to WebAssembly), the kit and the pure-Python
packages it needs as wheels, and the lessons, the play notebook and the exercises (not their
solutions). Everything a student's browser loads comes from the site itself, except the
compiled packages some lessons need (numpy, pandas, matplotlib...): those are built for the
browser only in Pyodide's own distribution, so the site's package lock points them at
Pyodide's CDN, and the kernel fetches them when a lesson needs them (online only).

Where the parts come from, cached in ``--cache`` so that a rebuild needs no network:
- the Pyodide runtime: the npm package ``pyodide`` (the runtime and its lock, no wheels);
- pure-Python wheels: PyPI, at the versions Pyodide's lock lists; ipywidgets and its
  companions are not in that lock, and come at the versions installed here, which match the
  widget extension the site ships;
- the kit: a wheel built from this checkout (on every build).

Settings: ``lite/jupyter-lite.json`` (the kernel loads the kit at start and never asks PyPI;
the layout of open tabs is kept in memory only, so each visit opens the lesson of its link
alone, with one kernel, while the students' files stay in the browser's storage) and ``lite/overrides.json`` (notebooks keep every cell in the page, so the browser's search
finds any word of a lesson and the browser test sees every output).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from collections.abc import Iterable
from email.parser import Parser
from importlib import metadata
from pathlib import Path
from typing import Any

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

#: The Pyodide that jupyterlite-pyodide-kernel 0.8.6 is built for (Python 3.14).
PYODIDE_VERSION = "314.0.6"
PYODIDE_CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
BROWSER_PYTHON = "3.14"
#: The runtime files of the npm package that the site serves (its lock is rewritten).
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
LOCK = "pyodide-lock.json"
KIT = "carnuta-kit"
#: What the kernel's worker loads at start (jupyterlite-pyodide-kernel brings the rest).
KERNEL_PACKAGES = ("micropip", "ipython", "jedi", "comm")
#: Not in Pyodide's lock: taken from PyPI at the version installed here (anywidget and its
#: psygnal: the tables' voice, a widget with its own front end).
FROM_THIS_ENVIRONMENT = (
    "ipywidgets",
    "comm",
    "jupyterlab-widgets",
    "anywidget",
    "psygnal",
    "openskill",
)
#: Pure-Python packages a lesson imports beyond the kit's own requirements (lesson 13 rates
#: its bots with openskill, an extra of the kit): shipped too, and loaded by the lesson's
#: first cell.
LESSON_PACKAGES = ("openskill",)
#: Requirements the kernel satisfies itself (jupyterlite-pyodide-kernel ships a stand-in).
PROVIDED_BY_THE_KERNEL = ("widgetsnbextension",)
#: The JupyterLab extensions the site needs: the kernel, the widgets, and anywidget's front end.
EXTENSIONS = (
    "@jupyterlite/pyodide-kernel-extension",
    "@jupyter-widgets/jupyterlab-manager",
    "anywidget",
)
#: Notebooks whose plots, tables or solvers need compiled packages through the kit. The
#: kernel loads a package when a cell imports it, so the site's copy of these notebooks opens
#: with a cell importing them (it needs the internet once; the browser then keeps them).
COMPILED_PACKAGES_FOR = {
    # the rune explorer's graph is drawn with matplotlib
    "notebooks/01_rules_a_turn.ipynb": ("matplotlib",),
    "notebooks/fr/01_regles_un_tour.ipynb": ("matplotlib",),
    "notebooks/03_rune_economy.ipynb": ("matplotlib", "pandas"),
    "notebooks/fr/03_economie_des_runes.ipynb": ("matplotlib", "pandas"),
    "notebooks/04_scoring_maths.ipynb": ("pandas",),
    "notebooks/fr/04_mathematiques_du_score.ipynb": ("pandas",),
    # networkx's PageRank runs on scipy
    "notebooks/05_card_synergies.ipynb": ("matplotlib", "pandas", "scipy"),
    "notebooks/fr/05_synergies_des_cartes.ipynb": ("matplotlib", "pandas", "scipy"),
    "notebooks/06_play_and_coach.ipynb": ("pandas",),
    "notebooks/fr/06_jouer_et_se_faire_coacher.ipynb": ("pandas",),
    "notebooks/07_game_design_lab.ipynb": ("matplotlib", "pandas"),
    "notebooks/fr/07_laboratoire_de_conception.ipynb": ("matplotlib", "pandas"),
    "notebooks/08_maths_that_derives.ipynb": ("matplotlib", "pandas"),
    "notebooks/fr/08_des_maths_qui_derivent.ipynb": ("matplotlib", "pandas"),
    # the solver (numpy) comes through the kit, not a cell
    "notebooks/09_best_potion.ipynb": ("matplotlib", "pandas", "numpy"),
    "notebooks/fr/09_la_meilleure_potion.ipynb": ("matplotlib", "pandas", "numpy"),
    # ex26's best potion: the kit's solver (numpy) and the integer program (scipy's HiGHS)
    "exercises/09_maths.ipynb": ("numpy", "scipy"),
    "exercises/fr/09_maths.ipynb": ("numpy", "scipy"),
    "notebooks/10_two_games_one_lab.ipynb": ("matplotlib", "pandas"),
    "notebooks/fr/10_deux_jeux_un_laboratoire.ipynb": ("matplotlib", "pandas"),
    "notebooks/11_playtesting_with_people.ipynb": ("matplotlib", "pandas"),
    "notebooks/fr/11_tester_avec_des_joueurs.ipynb": ("matplotlib", "pandas"),
    "notebooks/12_design_project.ipynb": ("matplotlib", "pandas"),
    "notebooks/13_bot_tournament.ipynb": ("matplotlib", "pandas", "openskill"),
    "notebooks/fr/12_projet_de_conception.ipynb": ("matplotlib", "pandas"),
    "notebooks/fr/13_tournoi_de_robots.ipynb": ("matplotlib", "pandas", "openskill"),
    "notebooks/14_push_your_luck.ipynb": ("matplotlib", "pandas"),
    "notebooks/fr/14_stop_ou_encore.ipynb": ("matplotlib", "pandas"),
    "notebooks/15_lava_and_territory.ipynb": ("matplotlib", "pandas"),
    "notebooks/fr/15_lave_et_territoires.ipynb": ("matplotlib", "pandas"),
    "notebooks/16_three_games_one_lab.ipynb": ("matplotlib", "pandas"),
    "notebooks/fr/16_trois_jeux_un_laboratoire.ipynb": ("matplotlib", "pandas"),
    "notebooks/17_building_together.ipynb": ("matplotlib", "pandas"),
    "notebooks/fr/17_construire_ensemble.ipynb": ("matplotlib", "pandas"),
    "notebooks/18_goals_as_predicates.ipynb": ("matplotlib", "pandas"),
    "notebooks/fr/18_des_buts_comme_predicats.ipynb": ("matplotlib", "pandas"),
    "notebooks/19_four_games_one_lab.ipynb": ("matplotlib", "pandas"),
    "notebooks/fr/19_quatre_jeux_un_laboratoire.ipynb": ("matplotlib", "pandas"),
}
LOADING_CELL = {
    "en": "# In the browser, this lesson first loads the compiled packages its plots and tables\n"
    "# use, from Pyodide's site (it needs the internet once; the browser keeps them).\n",
    "fr": "# Dans le navigateur, cette leçon charge d'abord les paquets compilés de ses graphiques\n"
    "# et tableaux, depuis le site de Pyodide (il faut internet une fois ; le navigateur les garde).\n",
}
#: What a copy of the checkout for building the kit's wheel leaves out.
NOT_SOURCE = (
    ".git",
    ".venv",
    "build",
    "dist",
    "*.egg-info",
    "__pycache__",
    ".*_cache",
    ".hypothesis",
    "test-artifacts",
)
#: What the site holds: (folder of this checkout, the files of it to copy).
CONTENTS = (
    ("notebooks", ("**/*.ipynb",)),
    ("exercises", ("*.ipynb", "fr/*.ipynb", "README.md")),
)


def canonical(name: str) -> str:
    """A package's name as the lock and PyPI compare them (``Prompt_Toolkit`` -> ``prompt-toolkit``)."""
    return str(canonicalize_name(name))


def log(message: str) -> None:
    print(f"[lite] {message}", flush=True)


def run(command: list[str], cwd: Path | None = None) -> None:
    subprocess.run(command, cwd=cwd, check=True)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# ------------------------------------------------------------------ the parts, cached
def pyodide_runtime(cache: Path) -> Path:
    """The npm package ``pyodide`` unpacked in the cache; its folder."""
    folder = cache / f"pyodide-{PYODIDE_VERSION}"
    if not (folder / LOCK).is_file():
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=cache) as tmp:
            run(["npm", "pack", "--silent", f"pyodide@{PYODIDE_VERSION}"], cwd=Path(tmp))
            (tarball,) = Path(tmp).glob("pyodide-*.tgz")
            with tarfile.open(tarball) as archive:
                if hasattr(tarfile, "data_filter"):  # Python 3.11.4 and later
                    archive.extractall(tmp, filter="data")
                else:
                    archive.extractall(tmp)
            shutil.rmtree(folder, ignore_errors=True)
            Path(tmp, "package").rename(folder)
    return folder


def cached_wheel(folder: Path, name: str, version: str) -> Path | None:
    for path in folder.glob("*.whl"):
        wheel_name, wheel_version, _, _ = parse_wheel_filename(path.name)
        if wheel_name == canonical(name) and str(wheel_version) == version:
            return path
    return None


def pure_wheels(folder: Path, pins: dict[str, str]) -> dict[str, Path]:
    """A pure-Python wheel from PyPI for each ``name: version``, downloaded once."""
    folder.mkdir(parents=True, exist_ok=True)
    missing = [f"{name}=={version}" for name, version in pins.items()]
    missing = [spec for spec in missing if not cached_wheel(folder, *spec.split("=="))]
    if missing:
        log(f"downloading {len(missing)} wheels from PyPI")
        run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"]
            + ["--only-binary=:all:", "--python-version", BROWSER_PYTHON]
            + ["--implementation", "py", "--abi", "none", "--platform", "any"]
            + ["--dest", str(folder), *missing]
        )
    wheels: dict[str, Path] = {}
    for name, version in pins.items():
        path = cached_wheel(folder, name, version)
        if path is None:
            raise SystemExit(f"no pure-Python wheel of {name} {version} on PyPI")
        wheels[canonical(name)] = path
    return wheels


def kit_wheel(folder: Path, solutions: bool = True) -> Path:
    """A fresh wheel of the kit, built from a clean copy of this checkout (a build folder
    left in the checkout could put deleted modules back into the wheel). Without
    ``solutions``, the wheel leaves out the exercises' instructor notebooks
    (``exercises/solutions/``): the classroom site's wheel is the students'."""
    source = folder / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*NOT_SOURCE))
    if not solutions:
        shutil.rmtree(source / "exercises" / "solutions")
    run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation"]
        + ["--wheel-dir", str(folder), str(source)]
    )
    (wheel,) = folder.glob("carnuta_kit-*.whl")
    return wheel


# ------------------------------------------------------------------ wheels and the lock
def wheel_metadata(wheel: Path) -> Any:
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        return Parser().parsestr(archive.read(name).decode("utf-8"))


def browser_requirements(wheel: Path) -> list[str]:
    """The names a wheel requires in the browser (extras and other platforms left out)."""
    environment: dict[str, str] = {
        **{key: str(value) for key, value in default_environment().items()},
        "python_version": BROWSER_PYTHON,
        "sys_platform": "emscripten",
        "platform_system": "Emscripten",
        "extra": "",
    }
    names = []
    for line in wheel_metadata(wheel).get_all("Requires-Dist") or []:
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate(environment):
            names.append(canonical(requirement.name))
    return names


def wheel_imports(wheel: Path) -> list[str]:
    """The top-level modules a wheel installs."""
    with zipfile.ZipFile(wheel) as archive:
        tops = {name.split("/")[0] for name in archive.namelist()}
    return sorted(
        top.removesuffix(".py")
        for top in tops
        if not top.endswith((".dist-info", ".data")) and (top.endswith(".py") or "." not in top)
    )


def is_pure(entry: dict[str, Any]) -> bool:
    return str(entry["file_name"]).endswith("-none-any.whl")


def lock_entry(wheel: Path, depends: Iterable[str]) -> dict[str, Any]:
    name, version, _, _ = parse_wheel_filename(wheel.name)
    return {
        "name": str(name),
        "version": str(version),
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256(wheel),
        "package_type": "package",
        "imports": wheel_imports(wheel),
        "depends": sorted(depends),
        "unvendored_tests": False,
    }


def site_lock(lock: dict[str, Any], cache: Path, kit: Path) -> tuple[dict[str, Any], list[Path]]:
    """Pyodide's lock with the site's wheels, and those wheels.

    Every pure-Python package the kernel and the kit need, with their dependencies, is
    shipped: its entry names the site's wheel and that wheel's sha256 (PyPI's wheels are not
    Pyodide's builds, byte for byte). Every other package keeps Pyodide's wheel, at its
    address on Pyodide's CDN. A shipped package's dependencies on compiled packages (the
    kit's on numpy, pandas and matplotlib, networkx's on numpy and matplotlib) are dropped:
    the kernel loads a compiled package when a cell imports it, so the kit starts without.
    """
    packages = {canonical(key): entry for key, entry in lock["packages"].items()}
    pins = {canonical(name): metadata.version(name) for name in FROM_THIS_ENVIRONMENT}
    extra = {**pure_wheels(cache / "wheels", pins), KIT: kit}
    shipped: dict[str, list[str]] = {}  # name -> the dependencies it keeps
    on_cdn: dict[str, set[str]] = {}  # compiled package -> who requires it
    wanted = [KIT, *map(canonical, KERNEL_PACKAGES), *map(canonical, LESSON_PACKAGES)]
    while wanted:
        name = wanted.pop()
        if name in shipped or name in PROVIDED_BY_THE_KERNEL:
            continue
        if name in extra:
            depends = browser_requirements(extra[name])
        elif name in packages and is_pure(packages[name]):
            depends = [canonical(d) for d in packages[name]["depends"]]
        else:
            raise SystemExit(
                f"{name}: no pure-Python wheel in Pyodide's lock or FROM_THIS_ENVIRONMENT"
            )
        compiled = {d for d in depends if d in packages and not is_pure(packages[d])}
        for dependency in compiled:
            on_cdn.setdefault(dependency, set()).add(name)
        shipped[name] = [d for d in depends if d not in compiled | set(PROVIDED_BY_THE_KERNEL)]
        wanted.extend(shipped[name])
    pins = {name: packages[name]["version"] for name in shipped if name not in extra}
    wheels = {**pure_wheels(cache / "wheels", pins), **extra}
    out = {
        key: {**entry, "file_name": PYODIDE_CDN + entry["file_name"]}
        for key, entry in packages.items()
    }
    for name, depends in shipped.items():
        out[name] = lock_entry(wheels[name], depends)
        if name in packages:  # Pyodide's own name and import names
            out[name].update(name=packages[name]["name"], imports=packages[name]["imports"])
    for name, askers in sorted(on_cdn.items()):
        log(f"left on Pyodide's CDN: {name} (required by {', '.join(sorted(askers))})")
    return {**lock, "packages": out}, [wheels[name] for name in sorted(shipped)]


# ------------------------------------------------------------------ the site's source
def loading_cell(path: str, packages: tuple[str, ...]) -> dict[str, Any]:
    comment = LOADING_CELL["fr" if "/fr/" in path else "en"]
    return {
        "cell_type": "code",
        "id": "browser-packages",
        "execution_count": None,
        "metadata": {"tags": ["browser-packages"]},
        "outputs": [],
        "source": comment + "import " + ", ".join(packages),
    }


def copy_contents(target: Path) -> int:
    count = 0
    for folder, patterns in CONTENTS:
        for pattern in patterns:
            for source in sorted((ROOT / folder).glob(pattern)):
                if ".ipynb_checkpoints" in source.parts:
                    continue
                relative = source.relative_to(ROOT).as_posix()
                destination = target / relative
                destination.parent.mkdir(parents=True, exist_ok=True)
                if relative in COMPILED_PACKAGES_FOR:
                    notebook = json.loads(source.read_text(encoding="utf-8"))
                    cell = loading_cell(relative, COMPILED_PACKAGES_FOR[relative])
                    notebook["cells"].insert(0, cell)
                    destination.write_text(json.dumps(notebook, indent=1, ensure_ascii=False))
                else:
                    shutil.copyfile(source, destination)
                count += 1
    missing = [p for p in COMPILED_PACKAGES_FOR if not (target / p).is_file()]
    if missing:
        raise SystemExit(f"COMPILED_PACKAGES_FOR names notebooks that do not exist: {missing}")
    return count


def extension_folders() -> list[Path]:
    folders = []
    for name in EXTENSIONS:
        for base in (Path(sys.prefix), Path(sys.base_prefix)):
            folder = base / "share" / "jupyter" / "labextensions" / name
            if (folder / "package.json").is_file():
                folders.append(folder)
                break
        else:
            raise SystemExit(f"the JupyterLab extension {name} is not installed here")
    return folders


def build(out: Path, cache: Path) -> None:
    began = time.perf_counter()
    runtime = pyodide_runtime(cache)
    with tempfile.TemporaryDirectory(prefix="carnuta-lite-") as tmp:
        source = Path(tmp)
        kit = kit_wheel(source / "kit", solutions=False)
        lock, wheels = site_lock(json.loads((runtime / LOCK).read_text()), cache, kit)
        static = source / "static" / "pyodide"
        static.mkdir(parents=True)
        for name in RUNTIME_FILES:
            shutil.copyfile(runtime / name, static / name)
        for wheel in wheels:  # the kit's wheel among them
            shutil.copyfile(wheel, static / wheel.name)
        (static / LOCK).write_text(json.dumps(lock, indent=1, sort_keys=True))
        shutil.copyfile(HERE / "jupyter-lite.json", source / "jupyter-lite.json")
        notebooks = copy_contents(source / "content")
        log(f"{len(wheels)} wheels, {notebooks} notebooks")
        shutil.rmtree(out, ignore_errors=True)
        config = {
            "LiteBuildConfig": {
                "contents": ["content"],
                "settings_overrides": [str(HERE / "overrides.json")],
                "apps": ["lab", "notebooks", "tree"],
                "no_sourcemaps": True,
                "no_unused_shared_packages": True,
                # Only the extensions the site uses, not every one installed here.
                "ignore_sys_prefix": ["federated_extensions"],
                "federated_extensions": [str(folder) for folder in extension_folders()],
                "cache_dir": str(cache / "jupyterlite"),
                "output_dir": str(out.resolve()),
            }
        }
        (source / "jupyter_lite_config.json").write_text(json.dumps(config, indent=1))
        command = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(source)]
        run(command, cwd=source)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(f"built {out} ({size / 1e6:.0f} MB) in {time.perf_counter() - began:.0f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "lite")
    parser.add_argument("--cache", type=Path, default=ROOT / "build" / "lite-cache")
    args = parser.parse_args(argv)
    build(args.out, args.cache)
    return 0


if __name__ == "__main__":
    sys.exit(main())
