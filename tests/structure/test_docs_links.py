"""The README and the docs pages: every relative link names a file that exists (and, with a
``#fragment``, a heading of that file, as GitHub makes the anchor), the README stays short,
and its test command is the one CI runs."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
README_MAX_LINES = 250  # a README for players; the rest is in docs/
TEST_COMMAND = "python -m pip install -r requirements-dev.txt && python -m pytest"  # .ci/run runs it

LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")  # [text](target)
FENCE = re.compile(r"^(```|~~~)")


def prose(text: str) -> str:
    """``text`` without its fenced code blocks and inline code spans (links there are not links)."""
    kept, fenced = [], False
    for line in text.splitlines():
        if FENCE.match(line.strip()):
            fenced = not fenced
            continue
        if not fenced:
            kept.append(re.sub(r"`[^`]*`", "", line))
    return "\n".join(kept)


def links(page: Path) -> list[str]:
    """Every link target in ``page``'s prose, as written."""
    return LINK.findall(prose(page.read_text(encoding="utf-8")))


def is_relative(target: str) -> bool:
    """True for a link to a file of the repository (no scheme, not mailto:, not only a fragment)."""
    return not re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target) and not target.startswith("#")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped (hyphens and
    underscores kept), spaces made hyphens."""
    text = re.sub(r"`", "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of ``page``'s headings (a repeated heading gets -1, -2... as on GitHub)."""
    seen: dict[str, int] = {}
    found = set()
    fenced = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line.strip()):
            fenced = not fenced
            continue
        match = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
        if fenced or not match:
            continue
        base = slug(match.group(1))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_names_an_existing_file_and_heading(page):
    broken = []
    for target in links(page):
        if not is_relative(target):
            continue
        path_part, _, fragment = target.partition("#")
        path = (page.parent / path_part).resolve() if path_part else page
        if not path.exists():
            broken.append(f"{target}: no such file")
        elif fragment and path.suffix == ".md" and fragment not in anchors(path):
            broken.append(f"{target}: no heading #{fragment} in {path.relative_to(ROOT)}")
    assert not broken, f"{page.relative_to(ROOT)}: " + "; ".join(broken)


def test_the_pages_have_links_to_check():
    """The link pattern finds the links (a pattern that found none would pass every page)."""
    readme = links(ROOT / "README.md")
    assert "docs/screenshot.png" in readme and "docs/README.md" in readme
    assert all(links(page) for page in PAGES if page.name == "README.md")


def test_every_docs_page_is_in_the_index():
    index = {target.partition("#")[0] for target in links(ROOT / "docs" / "README.md")}
    missing = [p.name for p in PAGES if p.parent.name == "docs" and p.name != "README.md" and p.name not in index]
    assert not missing, f"docs/README.md does not list {missing}"


def test_the_readme_is_short():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, f"README.md has {len(lines)} lines; at most {README_MAX_LINES}"


def test_the_readme_and_ci_run_the_same_test_command():
    assert TEST_COMMAND in (ROOT / "README.md").read_text(encoding="utf-8")
    assert TEST_COMMAND in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_the_readme_names_the_credits_page():
    assert "docs/credits.md" in links(ROOT / "README.md")


@pytest.mark.parametrize("heading, anchor", [
    ("Fonts (`game.ui.shared.fonts`)", "fonts-gameuisharedfonts"),
    ("The solver's choice of a guess (`game.solver.bestmove`)", "the-solvers-choice-of-a-guess-gamesolverbestmove"),
    ("Cells: `(2; 3)`", "cells-2-3"),
    ("Child processes (game/child.py)", "child-processes-gamechildpy"),
    ("Damaged, locked or odd files", "damaged-locked-or-odd-files"),
])
def test_anchors_are_made_as_github_makes_them(heading, anchor):
    assert slug(heading) == anchor
