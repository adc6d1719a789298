"""One name per concept (issue 36): the glossary (game/locales/glossary.json) gives each
concept one English and one Spanish term and the other names a translation must not use;
no Spanish message in the catalogue uses one of them, and no English message (msgid) uses a
name a concept marks wrong in English (``wrong_en``, where there is one)."""

import json
import re
from pathlib import Path

from babel.messages.pofile import read_po

LOCALES = Path(__file__).resolve().parents[2] / "game" / "locales"


def glossary() -> list[dict]:
    return json.loads((LOCALES / "glossary.json").read_text(encoding="utf-8"))["concepts"]


def spanish_messages() -> list[str]:
    with open(LOCALES / "es" / "LC_MESSAGES" / "minesweeper.po", "rb") as handle:
        catalog = read_po(handle)
    found = []
    for message in catalog:
        if message.id:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            found += [re.sub(r"{\w+}", "{}", s) for s in strings if s]  # placeholders are names, not words
    return found


def test_the_glossary_is_complete():
    concepts = glossary()
    assert len(concepts) >= 10
    for entry in concepts:
        assert entry["en"] and entry["es"] and entry["wrong_es"], entry
        for wrong in entry["wrong_es"]:  # the one right term is never marked wrong
            assert not re.search(wrong, entry["es"], re.IGNORECASE), entry


def test_no_spanish_message_uses_a_name_marked_wrong():
    messages = spanish_messages()
    assert len(messages) > 700
    wrong = [(entry["concept"], pattern, message) for entry in glossary() for pattern in entry["wrong_es"]
             for message in messages if re.search(rf"(?<!\w){pattern}(?!\w)" if pattern[0].isalpha() else pattern,
                                                  message, re.IGNORECASE)]
    assert not wrong, "\n".join(f"{concept}: {pattern!r} in {message!r}" for concept, pattern, message in wrong)


def english_messages() -> list[str]:
    with open(LOCALES / "minesweeper.pot", "rb") as handle:
        catalog = read_po(handle)
    found = []
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        found += [re.sub(r"{\w+}", "{}", s) for s in ids if s]
    return found


def test_no_english_message_uses_a_name_marked_wrong():
    messages = english_messages()
    assert len(messages) > 700
    wrong = [(entry["concept"], pattern, message) for entry in glossary() for pattern in entry.get("wrong_en", ())
             for message in messages if re.search(pattern, message)]
    assert not wrong, "\n".join(f"{concept}: {pattern!r} in {message!r}" for concept, pattern, message in wrong)


def test_the_check_finds_a_wrong_name():
    """The scan is not vacuous: a message with a wrong name is caught."""
    entry = next(e for e in glossary() if e["es"] == "destapar")
    assert any(re.search(p, "iba a descubrir una mina", re.IGNORECASE) for p in entry["wrong_es"])
