"""The scenes import each other only downward (the graph in game/ui/scenes/__init__.py):
each module loads first in a fresh interpreter, none hides an import of a scene inside a
function to dodge a cycle, and the module-level imports between scenes form no cycle."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "game" / "ui"
SCENES = sorted(path.stem for path in (UI / "scenes").glob("*.py") if path.stem != "__init__")
PACKAGE = "game.ui.scenes"


def scene_imports(tree: ast.AST) -> set[str]:
    """The modules of game.ui.scenes that the statements in ``tree`` import (short names)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        else:
            continue
        names |= {module[len(PACKAGE) + 1:].split(".")[0] for module in modules
                  if module.startswith(PACKAGE + ".")}
    return names & set(SCENES)


def module_level_graph() -> dict[str, set[str]]:
    """Scene module -> the scene modules its top-level statements import."""
    graph = {}
    for name in SCENES:
        tree = ast.parse((UI / "scenes" / f"{name}.py").read_text(encoding="utf-8"))
        top = [node for node in tree.body if not isinstance(node, (ast.FunctionDef, ast.ClassDef))]
        graph[name] = scene_imports(ast.Module(body=top, type_ignores=[]))
    return graph


@pytest.mark.parametrize("name", SCENES)
def test_each_scene_module_imports_first_in_a_fresh_interpreter(name):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-c", f"import {PACKAGE}.{name}"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_no_scene_is_imported_inside_a_function():
    hidden = {}
    for path in sorted(UI.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inner = scene_imports(ast.Module(body=node.body, type_ignores=[]))
                if inner:
                    hidden[f"{path.relative_to(ROOT)}:{node.name}"] = sorted(inner)
    assert hidden == {}


def test_module_level_imports_between_scenes_form_no_cycle():
    graph = module_level_graph()
    assert graph["menu"] >= {"custom", "options", "stats"}  # the graph is read, not empty
    done, path = set(), []

    def visit(name):
        assert name not in path, f"import cycle: {' -> '.join(path[path.index(name):] + [name])}"
        if name in done:
            return
        path.append(name)
        for other in sorted(graph[name]):
            visit(other)
        path.pop()
        done.add(name)

    for name in SCENES:
        visit(name)
