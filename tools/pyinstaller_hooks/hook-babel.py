"""PyInstaller hook for Babel, used by tools/build_app.py instead of the contributed one: Babel's
global data and the CLDR locale data of the game's languages only (game.i18n.LOCALE_NAMES
and their parents down to ``root``), not every locale's (32 MB of the 115 MB app)."""

from pathlib import Path

from PyInstaller.utils.hooks import collect_data_files

from game.i18n import LOCALE_NAMES  # tools/build_app.py runs PyInstaller with the checkout on sys.path


def _with_parents(name: str) -> set[str]:
    """``es_ES`` -> {es_ES, es, root}."""
    parts = name.split("_")
    return {"_".join(parts[:n]) for n in range(1, len(parts) + 1)} | {"root"}


KEEP = set().union(*(_with_parents(name) for name in LOCALE_NAMES.values()))
datas = [(source, target) for source, target in collect_data_files("babel")
         if Path(source).parent.name != "locale-data" or Path(source).stem in KEEP]
