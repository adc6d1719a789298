"""Only the midend changes a game (issue 25): outside game/midend/match.py and the Game class's own
modules (game/rules/engine.py, game/rules/position.py), no code under game/ constructs a Game, applies
a move to one, or calls the Game's other changing methods. The check walks each module's
syntax tree (imports inside functions too), so a bypass fails here by name and line.
"""

from __future__ import annotations

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parents[2] / "game"
OWNERS = {"game/midend/match.py", "game/rules/engine.py", "game/rules/position.py"}  # the midend, the rules and their position
CHANGING = {"apply", "reveal", "toggle_flag", "chord", "lay", "assume", "replace", "know_three_bv"}  # Game's


def bypasses(source: str, name: str) -> list[str]:
    """Each place in ``source`` (module ``name``) that constructs a Game or calls a changing
    Game method on something that is not a Match: 'file:line what'."""
    tree = ast.parse(source)
    found = []
    game_names = {"Game"}  # names bound to game.rules.engine.Game in this module
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "game.rules.engine":
            for alias in node.names:
                if alias.name == "Game":
                    game_names.add(alias.asname or "Game")
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id in game_names:
            found.append(f"{name}:{node.lineno} constructs a Game")
        elif isinstance(func, ast.Attribute) and func.attr == "Game":
            found.append(f"{name}:{node.lineno} constructs a Game")
        elif isinstance(func, ast.Attribute) and func.attr in CHANGING and _reads_a_game(func.value):
            found.append(f"{name}:{node.lineno} calls Game.{func.attr} outside the midend")
    return found


def _reads_a_game(value: ast.expr) -> bool:
    """True when ``value`` names a game rather than a match or another object: ``game``,
    ``self.game``, ``x.game``, ``match.game``... (the code's own naming: a Game is called
    ``game``; a Match, ``match``)."""
    if isinstance(value, ast.Name):
        return value.id in ("game", "position")
    if isinstance(value, ast.Attribute):
        return value.attr in ("game", "_game", "position")
    return False


def test_no_code_outside_the_midend_constructs_or_changes_a_game():
    found = []
    for path in sorted(GAME.rglob("*.py")):
        name = path.relative_to(GAME.parent).as_posix()
        if name in OWNERS:
            continue
        found += bypasses(path.read_text(encoding="utf-8"), name)
    assert not found, "only the midend (game/midend/match.py) changes a game:\n" + "\n".join(found)


def test_the_check_finds_each_kind_of_bypass():
    source = (
        "from game.rules.engine import Game as G\n"
        "def f(config, game, match, self):\n"
        "    g = G(config)\n"
        "    game.apply(move)\n"
        "    self.game.reveal(cell)\n"
        "    match.game.toggle_flag(cell)\n"
        "    match.apply(move)\n"       # the midend: fine
        "    words.replace('a', 'b')\n"  # not a game: fine
    )
    found = bypasses(source, "x.py")
    assert found == ["x.py:3 constructs a Game", "x.py:4 calls Game.apply outside the midend",
                     "x.py:5 calls Game.reveal outside the midend",
                     "x.py:6 calls Game.toggle_flag outside the midend"]
