"""Checks and chores for the translation catalogues (game/locales), with Babel's API.

    python tools/i18n.py check            # exit 1 when a marked message has no translation
                                          # in some language, or a .mo is not its .po compiled
    python tools/i18n.py fill TABLE.json  # add translations to the Spanish catalogue from a
                                          # JSON table {msgid: msgstr, or [one, other] for plurals}

Extracting, updating and compiling are Babel's own commands (see docs/languages.md):

    pybabel extract -F babel.cfg -o game/locales/minesweeper.pot .
    pybabel update -i game/locales/minesweeper.pot -d game/locales -D minesweeper --no-fuzzy-matching
    pybabel compile -d game/locales -D minesweeper

``check`` extracts from the code itself (not from the committed .pot), so a message marked
since the last extraction is caught too. The test suite runs it (tests/i18n/test_i18n.py).
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "game" / "locales"
DOMAIN = "minesweeper"
METHODS = [("main.py", "python"), ("game/**.py", "python")]  # as babel.cfg says


def marked() -> dict[str, str | None]:
    """Every message marked in the code: msgid -> its plural msgid (None when it has none)."""
    found: dict[str, str | None] = {}
    for _file, _line, message, _comments, _context in extract_from_dir(str(ROOT), METHODS):
        if isinstance(message, tuple):
            found[message[0]] = message[1]
        else:
            found.setdefault(message, None)
    found.pop("", None)
    return found


def po_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def languages() -> list[str]:
    """The languages with a catalogue, e.g. ['es']."""
    return sorted(p.parent.parent.name for p in LOCALES.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def read(lang: str) -> Catalog:
    with open(po_path(lang), "rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def compiled(catalog: Catalog) -> bytes:
    """The .mo bytes ``pybabel compile`` writes for ``catalog``."""
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def problems() -> list[str]:
    """What is wrong with the catalogues, one line each (empty when all is well)."""
    wanted = marked()
    found: list[str] = []
    if not languages():
        return [f"no catalogue under {LOCALES}"]
    for lang in languages():
        catalog = read(lang)
        for msgid, plural in sorted(wanted.items()):
            key = msgid
            message = catalog.get(key)
            if message is None:
                found.append(f"{lang}: not in {_shown(po_path(lang))}: {msgid!r}")
                continue
            strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
            if message.fuzzy or not all(strings) or (plural is not None and len(strings) < 2):
                found.append(f"{lang}: no translation (or a fuzzy one) for {msgid!r}")
        mo = po_path(lang).with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != compiled(catalog):
            found.append(f"{lang}: {_shown(mo)} is not {po_path(lang).name} compiled: "
                         "run pybabel compile -d game/locales -D minesweeper")
    return found


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def fill(table_path: str, lang: str = "es") -> int:
    """Add the translations of a JSON table to ``lang``'s catalogue (for the messages marked
    in the code; others are skipped), then write the .po and compile the .mo. Returns how
    many were set."""
    table = json.loads(Path(table_path).read_text(encoding="utf-8"))
    catalog = read(lang)
    wanted = marked()
    count = 0
    for msgid, translation in table.items():
        if msgid not in wanted:
            continue  # not (or no longer) marked in the code
        plural = wanted[msgid]
        string = tuple(translation) if isinstance(translation, list) else translation
        if (plural is None) == isinstance(string, tuple):
            raise SystemExit(f"{table_path}: {msgid!r}: a plural message needs a list of forms, "
                             "a singular one a string")
        message = catalog.get(msgid)
        if message is None:
            catalog.add((msgid, plural) if plural else msgid, string)
        else:  # (Catalog.add keeps an existing message as it was)
            message.string = string
            message.flags.discard("fuzzy")
        count += 1
    save(catalog, lang)
    return count


def save(catalog: Catalog, lang: str) -> None:
    with open(po_path(lang), "wb") as handle:
        write_po(handle, catalog)  # pybabel update's width (76): the two never rewrap each other's lines
    po_path(lang).with_suffix(".mo").write_bytes(compiled(catalog))


def main(argv: list[str]) -> int:
    if argv[:1] == ["check"]:
        found = problems()
        for line in found:
            print(line)
        print(f"{len(marked())} messages marked; {len(found)} problems")
        return 1 if found else 0
    if len(argv) == 2 and argv[0] == "fill":
        print(f"{fill(argv[1])} translations set")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
