"""The scenes import each other only downward (the graph in game/ui/__init__.py): each
module loads first in a fresh interpreter, none hides an import of a scene inside a
function to dodge a cycle, and the module-level imports between scenes form no cycle.
The scenes live in the window's feature folders (play, replay, stats, options, editor, shared) and
beside the loop (the menu); :data:`SCENES` names them all, and a test finds any module
defining a scene that the list misses."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "game" / "ui"
SCENES = {  # short name (as the graph in game/ui/__init__.py writes it) -> module
    "menu": "game.ui.menu", "codes": "game.ui.codes", "trials": "game.ui.trials",
    "custom": "game.ui.options.custom", "options": "game.ui.options.screen", "stats": "game.ui.stats.screen",
    "playing": "game.ui.play.playing", "hint": "game.ui.play.solver_view", "result": "game.ui.play.result", "result_base": "game.ui.play.result_base",
    "pause": "game.ui.play.pause", "generating": "game.ui.play.generating",
    "replay": "game.ui.replay.viewer", "review": "game.ui.replay.review", "beside": "game.ui.replay.beside",
    "editor": "game.ui.editor.scene",
    "confirm": "game.ui.shared.confirm", "dialog": "game.ui.shared.dialog", "help": "game.ui.shared.help",
}
SHORT = {module: name for name, module in SCENES.items()}


def scene_imports(tree: ast.AST) -> set[str]:
    """The scene modules (:data:`SCENES`) that the statements in ``tree`` import (short names)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        else:
            continue
        names |= {SHORT[module] for module in modules if module in SHORT}
    return names


def module_path(module: str) -> Path:
    return ROOT / (module.replace(".", "/") + ".py")


def test_every_module_defining_a_scene_is_listed():
    """A scene class is Scene, Overlay or a class derived from one (by name, across game/ui);
    every module that defines one is in :data:`SCENES`."""
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in UI.rglob("*.py")}
    scenes = {"Scene", "Overlay"}
    grew = True
    while grew:
        grew = False
        for tree in trees.values():
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name not in scenes and any(
                        getattr(base, "id", getattr(base, "attr", None)) in scenes for base in node.bases):
                    scenes.add(node.name)
                    grew = True
    defining = {".".join(path.relative_to(ROOT).with_suffix("").parts) for path, tree in trees.items()
                if any(isinstance(node, ast.ClassDef) and node.name in scenes for node in tree.body)}
    defining -= {"game.ui.scene"}  # Scene and Overlay themselves
    # (shared.dialog defines no scene: the menu-like screens' background and button grid, a
    # node of the graph all the same)
    assert len(defining) > 10 and defining == set(SCENES.values()) - {SCENES["dialog"]}


def module_level_graph() -> dict[str, set[str]]:
    """Scene module -> the scene modules its top-level statements import."""
    graph = {}
    for name, module in SCENES.items():
        tree = ast.parse(module_path(module).read_text(encoding="utf-8"))
        top = [node for node in tree.body if not isinstance(node, (ast.FunctionDef, ast.ClassDef))]
        graph[name] = scene_imports(ast.Module(body=top, type_ignores=[]))
    return graph


@pytest.mark.parametrize("name", sorted(SCENES))
def test_each_scene_module_imports_first_in_a_fresh_interpreter(name):
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-c", f"import {SCENES[name]}"], cwd=ROOT, env=env,
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
    assert graph["menu"] >= {"custom", "options", "stats", "codes"}  # the graph is read, not empty
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

    for name in sorted(SCENES):
        visit(name)
