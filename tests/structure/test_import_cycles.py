"""The modules of game/ import each other without a cycle, counting every import: at module
level, inside functions and methods, under ``if TYPE_CHECKING`` alike. A cycle hidden in a
function still ties its modules together: neither can be read, tested or moved alone."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "game"


def module_name(path: Path) -> str:
    """game/records/db.py -> game.records.db; game/records/__init__.py -> game.records."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(path): path for path in sorted(GAME.rglob("*.py"))}


def imported_from(node: ast.ImportFrom, package: str) -> str:
    """The absolute name of the module ``from X import ...`` reads, a relative ``X`` resolved
    against ``package``, the importing module's package."""
    base = node.module or ""
    if node.level:
        anchor = package.split(".")[:len(package.split(".")) - (node.level - 1)]
        base = ".".join(anchor + ([base] if base else []))
    return base


def imported_modules(name: str, path: Path) -> set[str]:
    """The modules of game/ that any import statement in the file imports.

    ``from X import Y`` imports X.Y when that is a module, and X otherwise; relative imports
    are resolved against the importing module's package."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = imported_from(node, package)
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)
    return {module for module in found if module in MODULES and module != name} | (
        {name} if name in found else set())


def import_graph() -> dict[str, set[str]]:
    """Module of game/ -> the modules of game/ it imports anywhere in its file."""
    return {name: imported_modules(name, path) for name, path in MODULES.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module, and modules that import
    themselves (Tarjan's algorithm, iterative so a deep graph cannot overflow the stack)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            for succ in successors:
                if succ not in index:
                    index[succ] = low[succ] = len(index)
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(sorted(graph[succ]))))
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in graph[node]:
                        found.append(sorted(component))
    return found


def describe(component: list[str], graph: dict[str, set[str]]) -> str:
    """One cycle as its modules and the import edges between them."""
    members = set(component)
    edges = [f"    {source} -> {target}" for source in component
             for target in sorted(graph[source] & members)]
    return f"{len(component)} modules: {', '.join(component)}\n" + "\n".join(edges)


def test_the_graph_counts_imports_inside_functions_and_relative_ones(tmp_path):
    source = tmp_path / "opening.py"
    source.write_text("def f():\n    from . import db\n\n\nclass C:\n    def g(self):\n"
                      "        import game.records.paths\n        from ..solver import Solver\n",
                      encoding="utf-8")
    assert imported_modules("game.records.database_file", source) == {
        "game.records.db", "game.records.paths", "game.solver"}
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"d"}, "e": {"a"}}
    assert cycles(graph) == [["a", "b", "c"], ["d"]]


def test_no_import_cycle_among_the_modules_of_game():
    graph = import_graph()
    found = cycles(graph)
    assert not found, "import cycles in game/:\n" + "\n".join(describe(c, graph) for c in found)
