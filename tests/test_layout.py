"""The code's shape: rooms by stage, small files, no import cycles, fenced Celery internals.

Static checks over the source tree (``ast``, nothing is imported), so they fail with the
file and the import that broke the rule.
"""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("productscraper", "tasks")
#: Packages whose code must run anywhere (spider, worker, browser path, `quality`).
PURE = ("productscraper.pages", "productscraper.processing")
FRAMEWORKS = ("scrapy", "celery", "kombu", "pymongo", "twisted", "redis", "selenium")
#: Celery/kombu internals that only tasks/speedups/ may import.
INTERNALS = ("celery.worker", "celery.concurrency", "celery.app.trace", "celery.utils.saferepr",
             "kombu.transport")
MAX_LINES = 400
MAX_TOP_MODULES = 10


def python_files(*roots: str) -> list[Path]:
    return sorted(p for root in roots for p in (ROOT / root).rglob("*.py")
                  if "__pycache__" not in p.parts)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports(path: Path, module_level_only: bool) -> list[tuple[int, str]]:
    """(line, imported module) of ``path``: every import, or only those run at import time."""
    tree = ast.parse(path.read_text(), str(path))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found: list[tuple[int, str]] = []

    def visit(nodes) -> None:
        for node in nodes:
            if isinstance(node, ast.Import):
                found.extend((node.lineno, a.name) for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1]
                                    + ([base] if base else []))
                found.append((node.lineno, base))
                # `from pkg import module` imports pkg.module
                found.extend((node.lineno, f"{base}.{a.name}") for a in node.names)
            elif isinstance(node, ast.If) and _type_checking(node):
                continue
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                if not module_level_only:
                    visit(ast.iter_child_nodes(node))
            elif isinstance(node, ast.ClassDef) or hasattr(node, "body"):
                visit(ast.iter_child_nodes(node))
    visit(tree.body)
    return found


def own_modules() -> dict[str, Path]:
    return {module_name(p): p for p in python_files(*PACKAGES)}


def test_productscraper_has_at_most_ten_modules_beside_its_packages():
    modules = sorted(p.name for p in (ROOT / "productscraper").glob("*.py"))
    assert len(modules) <= MAX_TOP_MODULES, modules


def test_every_stage_package_says_what_it_holds():
    for init in (ROOT / "productscraper").glob("*/__init__.py"):
        doc = ast.get_docstring(ast.parse(init.read_text()))
        assert doc, f"{init.relative_to(ROOT)} has no docstring naming its room"


@pytest.mark.parametrize("root", ["productscraper", "tasks", "tests", "bench"])
def test_no_source_file_is_over_400_lines(root):
    long = {str(p.relative_to(ROOT)): n for p in python_files(root)
            if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert long == {}


def test_there_are_no_import_cycles():
    modules = own_modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = set()
        for _, imported in imports(path, module_level_only=True):
            # importing a.b.c runs a and a.b too
            parts = imported.split(".")
            targets.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
        # A module's own parent packages are initialised before it runs: not an edge.
        graph[name] = {t for t in targets if t in modules and t != name and not name.startswith(t + ".")}
    cycles, state, stack = [], {}, []

    def walk(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                walk(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            walk(node)
    assert cycles == []


def test_extraction_and_processing_import_no_framework_or_store():
    bad = []
    for name, path in own_modules().items():
        if not name.startswith(PURE):
            continue
        for line, imported in imports(path, module_level_only=False):
            top = imported.split(".")[0]
            if top in FRAMEWORKS or top == "tasks" or (
                    imported.startswith("productscraper.") and not imported.startswith(
                        (*PURE, "productscraper.profiles", "productscraper.exceptions", "productscraper.urls"))):
                bad.append(f"{path.relative_to(ROOT)}:{line} imports {imported}")
    assert bad == []


def test_only_tasks_speedups_touches_celery_and_kombu_internals():
    bad = []
    for path in python_files("productscraper", "tasks", "bench"):
        name = module_name(path)
        if name.startswith("tasks.speedups"):
            continue
        for line, imported in imports(path, module_level_only=False):
            if imported.startswith(INTERNALS):
                bad.append(f"{path.relative_to(ROOT)}:{line} imports {imported}")
    assert bad == []


def test_the_import_checker_sees_a_cycle_and_a_forbidden_import(tmp_path, monkeypatch):
    # The checks above must be able to fail: a two-module cycle and a Scrapy import in
    # an extraction module are found.
    pkg = tmp_path / "productscraper"
    (pkg / "pages").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from productscraper import b\n")
    (pkg / "b.py").write_text("import productscraper.a\n")
    (pkg / "pages" / "__init__.py").write_text('"""doc"""\n')
    (pkg / "pages" / "x.py").write_text("def f():\n    from scrapy import Request\n")
    (tmp_path / "tasks").mkdir()
    (tmp_path / "tasks" / "__init__.py").write_text("")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    with pytest.raises(AssertionError, match="productscraper.a"):
        test_there_are_no_import_cycles()
    with pytest.raises(AssertionError, match="scrapy"):
        test_extraction_and_processing_import_no_framework_or_store()
