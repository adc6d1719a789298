"""The modules of game/ stand in layers, and every import goes down (issue 37): a module
imports modules of its own group or of a lower layer, never of a higher layer nor of a
sibling group of its own layer; and no module imports another module's private name
(``from game.x import _name``, ``x._name``). Every import counts, inside functions too
(test_import_cycles.import_graph). docs/architecture.md shows the same layers, and a new
module must be placed in one before it can pass.

The checks are plain functions of a module graph, so each is also run on a small made-up
graph that breaks it: a check that cannot fail proves nothing.
"""

from __future__ import annotations

import ast
import importlib
import re

from tests.structure.test_import_cycles import MODULES, ROOT, import_graph, imported_from

# Lowest first. A layer is one group, or sibling groups that must not import each other.
# A group is a list of modules; a package's name stands for all of its modules.
LAYERS: list[tuple[str, dict[str, list[str]]]] = [
    ("foundation", {"foundation": [
        "game", "game.i18n", "game.resources", "game.messages", "game.argparse_messages", "game.child",
        "game.interrupts", "game.output", "game.files", "game.figures"]}),
    ("rules", {"rules": ["game.rules"]}),
    ("midend", {"midend": ["game.midend"]}),
    ("board files", {"board files": ["game.boardfile"]}),
    ("solver and replays", {"solver": ["game.solver", "game.noguess"], "replays": ["game.replay"]}),
    ("records", {"records": ["game.records"]}),
    ("session", {"session": ["game.session"]}),
    ("commands", {"commands": ["game.commands"]}),
    ("front ends", {"console": ["game.console"], "window": ["game.ui"]}),
    ("program", {"program": ["game.program"]}),
]

# Arrows against the order that remain, each with its reason; the list may only shrink
# (test_every_known_exception_is_still_needed).
KNOWN_EXCEPTIONS: dict[tuple[str, str], str] = {}  # none left: records.checks moved below the replays (game.midend.log_checks)


def placing(layers=LAYERS) -> dict[str, tuple[int, str]]:
    """Each name of ``layers`` -> (layer index, group)."""
    return {module: (index, group) for index, (_, groups) in enumerate(layers)
            for group, modules in groups.items() for module in modules}


def place(module: str, places: dict[str, tuple[int, str]]) -> tuple[int, str] | None:
    """(layer index, group) of ``module``: its own entry, else its nearest package's (the
    root package ``game`` stands for itself only); None when it is in no layer."""
    parts = module.split(".")
    for end in range(len(parts), 1, -1):
        found = places.get(".".join(parts[:end]))
        if found is not None:
            return found
    return places.get(module)


def unplaced(graph: dict[str, set[str]], layers=LAYERS) -> list[str]:
    """The modules of ``graph`` that no layer holds."""
    places = placing(layers)
    return sorted(module for module in graph if place(module, places) is None)


def wrong_arrows(graph: dict[str, set[str]], layers=LAYERS) -> list[str]:
    """Every import of ``graph`` (module -> the modules it imports) that goes up a layer or
    across to a sibling group: 'a -> b (layer of a -> layer of b)'."""
    places, names = placing(layers), [name for name, _ in layers]
    found = []
    for source in sorted(graph):
        here = place(source, places)
        for target in sorted(graph[source]):
            there = place(target, places)
            if here is None or there is None or there[1] == here[1] or there[0] < here[0]:
                continue
            side = "up" if there[0] > here[0] else "across"
            found.append(f"{source} -> {target} ({side}: {names[here[0]]}/{here[1]} -> "
                         f"{names[there[0]]}/{there[1]})")
    return found


def private_names(name: str, source: str, modules) -> list[str]:
    """Each place where module ``name`` (its text ``source``) uses another module's private
    name: ``from M import _x`` or ``alias._x`` with alias bound to a module M of ``modules``
    (game.i18n's ``_``, gettext, is public). 'name:line M._x'."""
    tree = ast.parse(source)
    package = name if name in {m.rpartition(".")[0] for m in modules} else name.rpartition(".")[0]
    aliases, found = {}, []

    def private(attr: str) -> bool:
        return attr.startswith("_") and attr != "_" and not attr.startswith("__")

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:  # "import a.b.c" binds a; "import a.b.c as x" binds x
                bound = alias.asname or alias.name.split(".")[0]
                if alias.name in modules:
                    aliases[bound] = alias.name if alias.asname else bound
        elif isinstance(node, ast.ImportFrom):
            base = imported_from(node, package)
            for alias in node.names:
                if f"{base}.{alias.name}" in modules:
                    aliases[alias.asname or alias.name] = f"{base}.{alias.name}"
                elif base in modules and base != name and private(alias.name):
                    found.append(f"{name}:{node.lineno} {base}.{alias.name}")
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr):
            dotted, value = [], node.value
            while isinstance(value, ast.Attribute):
                dotted.insert(0, value.attr)
                value = value.value
            if isinstance(value, ast.Name) and value.id in aliases:
                module = ".".join([aliases[value.id], *dotted])
                if module in modules and module != name:
                    found.append(f"{name}:{node.lineno} {module}.{node.attr}")
    return found


def test_every_module_of_game_is_in_a_layer():
    assert unplaced(import_graph()) == [], "place each new module in a layer of LAYERS (and docs/architecture.md)"


def test_every_import_goes_down_the_layers():
    graph = import_graph()
    assert len(graph) > 100 and sum(map(len, graph.values())) > 500  # the graph is read, not empty
    found = [arrow for arrow in wrong_arrows(graph) if tuple(arrow.split(" ")[0:3:2]) not in KNOWN_EXCEPTIONS]
    assert found == [], "imports against the layers (docs/architecture.md):\n" + "\n".join(found)


def test_every_known_exception_is_still_needed():
    graph = import_graph()
    gone = [pair for pair in KNOWN_EXCEPTIONS if pair[1] not in graph.get(pair[0], set())
            or not wrong_arrows({pair[0]: {pair[1]}})]
    assert gone == [], "no longer against the layers: remove them from KNOWN_EXCEPTIONS"


def test_no_module_imports_another_modules_private_name():
    found = []
    for name, path in MODULES.items():
        found += private_names(name, path.read_text(encoding="utf-8"), MODULES)
    assert found == [], "private names used across modules (give them a public name):\n" + "\n".join(found)


def test_the_checks_find_each_kind_of_violation():
    layers = [("low", {"low": ["p.a", "p.b"]}), ("mid", {"left": ["p.c"], "right": ["p.d"]}),
              ("high", {"high": ["p.top"]})]
    graph = {"p.a": {"p.b"}, "p.b": {"p.c.x"}, "p.c.x": {"p.a", "p.d"}, "p.d": set(), "p.top": {"p.a", "p.d"},
             "p.new": set()}
    assert wrong_arrows(graph, layers) == ["p.b -> p.c.x (up: low/low -> mid/left)",
                                           "p.c.x -> p.d (across: mid/left -> mid/right)"]
    assert unplaced(graph, layers) == ["p.new"]
    assert unplaced({"game": set(), "game.brand_new": set(), "game.ui.brand_new": set()}) == ["game.brand_new"]
    modules = {"p", "p.a", "p.b", "p.sub", "p.sub.m"}
    source = ("from p.a import _hidden, shown\n"
              "from . import b\n"
              "import p.sub.m as m, p.sub.m\n"
              "from p import sub\n"
              "from game.i18n import _\n"
              "def f(self):\n"
              "    from .b import _also\n"
              "    return b._one, m._two, p.sub.m._three, sub.m._four, self._mine, _local, b.__doc__\n")
    assert private_names("p.c", source, modules) == [
        "p.c:1 p.a._hidden", "p.c:7 p.b._also", "p.c:8 p.b._one", "p.c:8 p.sub.m._two",
        "p.c:8 p.sub.m._three", "p.c:8 p.sub.m._four"]


def documented_layers() -> list[tuple[str, list[str]]]:
    """docs/architecture.md's layer table: (layer, its modules as `game.x` names), lowest first."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = text.split("## Layers", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in table.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[0].isdigit():
            rows.append((cells[1].strip("*"), re.findall(r"`(game(?:\.\w+)*)`", cells[2])))
    return rows


def test_the_architecture_page_shows_the_layers_of_the_test():
    expected = [(name, [module for group in groups.values() for module in group]) for name, groups in LAYERS]
    assert documented_layers() == expected


def pygame_imports(name: str, source: str) -> list[str]:
    """Each import of pygame (or a module of it) in module ``name``: 'name:line'."""
    found = []
    for node in ast.walk(ast.parse(source)):
        names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
        found += [f"{name}:{node.lineno}" for module in names if module.split(".")[0] == "pygame"]
    return found


def test_only_the_window_imports_pygame():
    found = [where for name, path in MODULES.items() if not (name + ".").startswith("game.ui.")
             for where in pygame_imports(name, path.read_text(encoding="utf-8"))]
    assert found == [], "pygame outside game/ui:\n" + "\n".join(found)
    assert pygame_imports("game.ui.loop", (ROOT / "game/ui/loop.py").read_text(encoding="utf-8"))  # it sees one
    assert pygame_imports("x", "def f():\n    from pygame.locals import K_a\n") == ["x:2"]


# ----- docs/architecture.md's names -----------------------------------------------------------------

NAME = re.compile(r"`(game(?:\.\w+)+)`")


def resolve(dotted: str):
    """The object ``dotted`` names (``game.rules.engine.Game.apply``): its longest importable
    module, then attributes. Raises ImportError or AttributeError when there is none."""
    parts = dotted.split(".")
    for end in range(len(parts), 0, -1):
        module = ".".join(parts[:end])
        if module in MODULES:
            found = importlib.import_module(module)
            for attr in parts[end:]:
                found = getattr(found, attr)
            return found
    raise ImportError(f"no module of game/ in {dotted}")


def rules_table() -> dict[str, list[str]]:
    """docs/architecture.md's table 'Where each rule lives': rule -> the names in its
    Function column."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = text.split("## Where each rule lives", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in table.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[0] not in ("Rule", "") and not set(cells[0]) <= set("-"):
            rows[cells[0]] = NAME.findall(cells[1])
    return rows


def test_the_rules_table_names_one_function_for_each_rule():
    table = rules_table()
    assert set(table) >= {"flood (an opening)", "chord", "first-click rule", "no-guess generation", "3BV",
                          "win", "ranking (best-time eligibility)", "undo"}
    assert {rule: len(names) for rule, names in table.items() if len(names) != 1} == {}
    for rule, (name,) in table.items():
        assert callable(resolve(name)) or isinstance(resolve(name), property), (rule, name)


def test_every_name_on_the_architecture_page_exists():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    names = sorted(set(NAME.findall(text)))
    assert len(names) > 30  # the page is read
    missing = []
    for name in names:
        try:
            resolve(name)
        except (ImportError, AttributeError) as err:
            missing.append(f"{name}: {err}")
    assert missing == [], "docs/architecture.md names what the code does not have:\n" + "\n".join(missing)


def test_a_name_that_is_gone_is_found():
    assert resolve("game.rules.flood.flood") is importlib.import_module("game.rules.flood").flood
    for gone in ("game.rules.flood.no_such_function", "game.rules.engine.Game.no_such_method", "gamey.flood"):
        try:
            resolve(gone)
        except (ImportError, AttributeError):
            continue
        raise AssertionError(f"{gone} resolved")
