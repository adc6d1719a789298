"""The docs' pictures are as new as the code that draws them (issue 35): tools/screenshots.py
--all writes docs/screenshots/SOURCES.json with a digest of the drawing code, assets and
Spanish catalogue it made them from, and the pictures it made; a source changed since then
fails here until the pictures are made again. Every picture README.md and docs/*.md show
is one the tool makes."""

import importlib.util
import json
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("screenshots", ROOT / "tools" / "screenshots.py")
screenshots = importlib.util.module_from_spec(spec)
spec.loader.exec_module(screenshots)

STALE = "docs pictures are stale: run python tools/screenshots.py --all"
PICTURE = re.compile(r"!\[[^\]]*\]\(\s*<?([^)\s>]+\.png)>?")  # ![alt](path.png)


def manifest() -> dict:
    assert screenshots.MANIFEST.is_file(), f"{STALE} (no {screenshots.MANIFEST.relative_to(ROOT)})"
    return json.loads(screenshots.MANIFEST.read_text(encoding="utf-8"))


def test_pictures_were_made_from_the_sources_as_they_are():
    recorded = manifest()
    now = screenshots.source_files()
    assert recorded["sources_sha256"] == screenshots.source_digest(), (
        f"{STALE} (sources added: {sorted(set(now) - set(recorded['sources'])) or 'none'}; "
        f"removed: {sorted(set(recorded['sources']) - set(now)) or 'none'}; else a file's contents changed)")


def test_every_picture_the_docs_show_is_made_by_the_tool_and_there():
    made = set(manifest()["pictures"])
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for target in PICTURE.findall(page.read_text(encoding="utf-8")):
            if "://" in target:
                continue
            path = (page.parent / target).resolve().relative_to(ROOT).as_posix()
            assert path in made, f"{page.name} shows {path}, which python tools/screenshots.py --all does not make"
            assert (ROOT / path).is_file(), f"{STALE} ({path} is missing)"


def test_the_sources_are_the_drawing_code_assets_and_catalogue():
    files = screenshots.source_files()
    for name in ("game/ui/play/room.py", "game/ui/play/result_panel.py", "game/ui/play/solver_view.py", "game/ui/play/hint_marks.py",
                 "game/ui/shared/theme.py", "game/ui/shared/sprites.py", "game/ui/shared/fonts.py", "game/ui/play/playing.py",
                 "assets/cell_0.png", "game/locales/es/LC_MESSAGES/minesweeper.po", "tools/screenshots.py"):
        assert name in files
    assert "tests/xsession.py" not in files and not any("__pycache__" in f for f in files)


def tree(root: Path, files: dict[str, bytes]) -> Path:
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    return root


def test_the_digest_reads_contents_only_and_sees_a_change(tmp_path):
    po = b'#: game/ui/play/room.py:12\nmsgid "Mine"\nmsgstr "Mina"\n'
    unix = tree(tmp_path / "unix", {"game/ui/play/room.py": b"A = 1\nB = 2\n", "assets/x.png": b"\x89PNG\r\n",
                                    "game/locales/es/LC_MESSAGES/minesweeper.po": po, "tests/xsession.py": b"x"})
    dos = tree(tmp_path / "dos", {"game/ui/play/room.py": b"A = 1\r\nB = 2\r\n", "assets/x.png": b"\x89PNG\n",
                                  "game/locales/es/LC_MESSAGES/minesweeper.po": po.replace(b":12", b":99"),
                                  "tests/xsession.py": b"changed: not drawn"})
    os.chmod(dos / "game/ui/play/room.py", 0o755)
    assert screenshots.source_digest(unix) == screenshots.source_digest(dos)
    (dos / "game/ui/play/room.py").write_bytes(b"A = 1\nB = 3\n")
    assert screenshots.source_digest(unix) != screenshots.source_digest(dos)
    (dos / "game/ui/play/room.py").write_bytes(b"A = 1\nB = 2\n")
    (dos / "game/ui/side.py").write_bytes(b"")  # a new drawing module counts
    assert screenshots.source_digest(unix) != screenshots.source_digest(dos)
