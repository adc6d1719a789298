"""Where the game's data files are: sprites, sounds, fonts (the assets) and the translation
catalogues, found the same way from a checkout, an installed wheel and the frozen app.

Everything is looked up through :func:`importlib.resources.files` on the ``game`` package:

- **wheel** (``pip install .``): pyproject.toml maps the repository's top-level ``assets/``
  folder to the package ``game.assets``, so the files sit in ``site-packages/game/assets/``;
- **frozen app** (tools/build_app.py): PyInstaller's reader answers for ``game`` from the
  app's ``_internal/`` folder, where the build puts ``game/assets/`` and ``game/locales/``;
- **checkout** (``python main.py``): there is no ``game/assets/`` (the source folder stays
  ``assets/`` beside ``game/``, as tools/make_assets.py and make_sounds.py write it), so the
  assets are the ``assets/`` folder next to the package's own folder.

The catalogues are ``game/locales/`` in all three. Callers get real paths (:class:`Path`):
pygame, fontTools and gettext open files by name, and the game is never run from a zip.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

PACKAGE = "game"


def package_dir() -> Path:
    """The folder of the ``game`` package, as importlib.resources reports it."""
    return Path(str(files(PACKAGE)))


def assets_dir() -> Path:
    """The assets folder (``cell_0.png``..., ``fonts/``, ``sounds/``): ``game/assets`` when
    installed or frozen, else the checkout's top-level ``assets/``."""
    packaged = package_dir() / "assets"
    if packaged.is_dir():
        return packaged
    return package_dir().parent / "assets"


def asset(*parts: str) -> Path:
    """The path of one asset, e.g. ``asset("fonts", "DejaVuSans.ttf")`` (it may not exist)."""
    return assets_dir().joinpath(*parts)


def locales_dir() -> Path:
    """The gettext catalogues' folder, ``<lang>/LC_MESSAGES/minesweeper.mo`` inside."""
    return package_dir() / "locales"
