"""Build the standalone game with PyInstaller: ``dist/minesweeper/``, a folder a player
unpacks and runs (``minesweeper``, ``minesweeper.exe`` on Windows) with no Python installed.

    python -m pip install -r requirements.txt -r requirements-build.txt
    python tools/build_app.py

The same script builds on Linux, Windows and macOS (each builds for itself: PyInstaller does
not cross-compile); docs/install.md says how. What goes into the folder:

- the program, from main.py (game.program.launch), with every module it imports, plus the
  child modules game.child starts (the app re-enters itself for them: a frozen app's
  ``sys.executable`` is the app);
- the repository's ``assets/`` as ``game/assets`` and the compiled catalogues as
  ``game/locales``, where game.resources finds them through importlib.resources;
- a ``minesweeper_ce-VERSION.dist-info/METADATA`` written here from pyproject.toml, so
  ``--version`` reads the package metadata as an installed wheel does;
- pygame-ce's own PyInstaller hook brings SDL and its libraries; tools/pyinstaller_hooks/
  hook-babel.py brings Babel's locale data for the game's languages only.

The app is a console program (it prints ``--help``, ``--review`` and errors), which on
Windows also opens a console beside the window.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import COMMAND, DISTRIBUTION, __version__  # noqa: E402
from game.child import MODULES  # noqa: E402


def metadata_dir(work: Path) -> Path:
    """Write the package's metadata (name and version) as a dist-info folder under ``work``."""
    info = work / f"{DISTRIBUTION.replace('-', '_')}-{__version__}.dist-info"
    shutil.rmtree(info, ignore_errors=True)
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {DISTRIBUTION}\nVersion: {__version__}\n",
                                   encoding="utf-8")
    return info


def data(source: Path, target: str) -> str:
    """One ``--add-data`` value: ``source`` copied to ``target`` inside the app."""
    return f"{source}{os.pathsep}{target}"


def pyinstaller_args(dist: Path, work: Path) -> list[str]:
    """PyInstaller's command line for the app folder ``dist/minesweeper``."""
    args = [str(ROOT / "main.py"), "--name", COMMAND, "--onedir", "--console", "--noconfirm", "--clean",
            "--distpath", str(dist), "--workpath", str(work), "--specpath", str(work),
            "--paths", str(ROOT), "--additional-hooks-dir", str(ROOT / "tools" / "pyinstaller_hooks")]
    args += ["--add-data", data(ROOT / "assets", "game/assets")]
    for catalogue in sorted((ROOT / "game" / "locales").glob("*/LC_MESSAGES/*.mo")):
        args += ["--add-data", data(catalogue, catalogue.parent.relative_to(ROOT).as_posix())]
    info = metadata_dir(work / "metadata")
    args += ["--add-data", data(info, info.name)]
    for module in MODULES:
        args += ["--hidden-import", module]
    return args


def main(argv: list[str] | None = None) -> int:
    """Build the app; returns 0, or PyInstaller's refusal."""
    parser = argparse.ArgumentParser(description="Build dist/minesweeper/ with PyInstaller.")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the app folder goes (dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller",
                        help="PyInstaller's working folder (build/pyinstaller/)")
    args = parser.parse_args(argv)
    try:
        import PyInstaller.__main__
    except ImportError:
        print("build_app: PyInstaller is missing: python -m pip install -r requirements-build.txt", file=sys.stderr)
        return 2
    started = time.monotonic()
    PyInstaller.__main__.run(pyinstaller_args(args.dist.resolve(), args.work.resolve()))
    app = args.dist.resolve() / COMMAND
    size = sum(p.stat().st_size for p in app.rglob("*") if p.is_file())
    print(f"build_app: {app} ({size / 1e6:.0f} MB) in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
