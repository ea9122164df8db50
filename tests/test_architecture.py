"""The import graph follows the layers of ARCHITECTURE.md: nothing imports upward, and the
analysis and the simulator have no circle of modules (every import counts: module level,
inside a function, or under `TYPE_CHECKING`)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).parent.parent / "pontoon_rules"

LAYERS = (
    {"errors", "text", "owned", "signals", "processes"},
    {"files", "literal", "native"},
    {"cache"},
    {"ruleset"},
    {"engine"},
    {"compare", "analysis"},
    {"sim"},
    {"conformance"},
    {"docs"},
    {"workbench"},
    {"cli"},
    {"__main__", "__init__"},
)
"""The areas of `pontoon_rules`, lowest first: an area imports only from lower layers
(and from itself). Areas side by side in one layer do not import each other."""

ANALYSIS_LAYERS = (
    {"deck", "nogc", "reads"},
    {"assumed"},
    {"outcomes"},
    {"named"},
    {"hand", "dealer", "side_bets", "seat_takes"},
    {"split", "engine_view", "giving_up"},
    {"context"},
    {"infinite", "composition"},
    {"upreads"},
    {"upcards"},
    {"edge"},
    {"present"},
    {"__init__"},
)
"""Inside `analysis/`: the shared vocabulary (card kinds; finished hands; which named
hand a hand is; one hand, the banker; splits, engine states in its words; one information
set), the two methods, the method chooser, what is shown; the package's own `__init__`
last (it re-exports)."""

STAGES = {
    "ruleset": ({"format"}, {"loading"}, {"resolving"}, {"__init__"}),
    "engine": ({"round"}, {"scripts"}, {"sessions"}, {"__init__"}),
    "sim": ({"kernels"}, {"runs"}, {"sessions"}, {"distribution"}, {"__init__"}),
    "conformance": ({"__init__"}, {"vectors"}, {"running"}, {"fuzzing"}),
    "docs": ({"words"}, {"sheet"}, {"website"}, {"__init__"}),
}
"""Inside the areas grouped by stage (issue 47), the subpackages, lowest first: words never
import the sheet or the site, the sheet never the site; the ruleset's format reads no file;
the conformance vectors do not run harnesses; `conformance/__init__` holds its errors, the
lowest of all."""

STAGE_EXCEPTIONS = {
    "pontoon_rules.docs.sheet.cards -> pontoon_rules.docs.website.pages",
    "pontoon_rules.docs.words.sentences -> pontoon_rules.docs.sheet.sheet_view",
    "pontoon_rules.conformance.vectors.check -> pontoon_rules.conformance.running.judge",
    "pontoon_rules.conformance.vectors.reference -> pontoon_rules.conformance.running.dealing",
    "pontoon_rules.sim.runs.simulate -> pontoon_rules.sim.distribution.distribute",
    "pontoon_rules.sim.sessions.summary -> pontoon_rules.sim.distribution.distribute",
}
"""The imports that still climb a stage, as the move by stage found them (one function each
that belongs lower: `base_of`, `localized`, `judge`, `own_trace`; the run's chunks
on `distribute`). The list may only shrink: a new climb fails, and so does an entry that no
longer climbs (remove it)."""

NO_CIRCLES = ("analysis", "sim")
"""The areas that must have no circle of modules at all."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts = parts[:-1]
    return ".".join(parts)


def imported(path: Path) -> Iterator[str]:
    """Every `pontoon_rules` module name `path` imports (and each name imported from one,
    which may itself be a module)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (a.name for a in node.names if a.name.startswith("pontoon_rules"))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([node.module] if node.module else []))
            if base.startswith("pontoon_rules"):
                yield base
                yield from (f"{base}.{a.name}" for a in node.names)


@cache
def graph() -> dict[str, set[str]]:
    """Module -> the package's modules it imports (itself excluded)."""
    files = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    return {name: {m for m in imported(path) if m in files and m != name}
            for name, path in files.items()}


def area(module: str, depth: int = 1) -> str:
    """The area of `module`: `pontoon_rules.X...` -> X (`depth` 2: `analysis.X` -> X)."""
    parts = module.split(".")
    if len(parts) <= depth:
        return "__init__"
    return parts[depth]


def layer_of(name: str, layers: tuple[set[str], ...]) -> int:
    for i, names in enumerate(layers):
        if name in names:
            return i
    raise AssertionError(f"{name!r} is in no layer: add it to the layers of this test")


def upward(layers: tuple[set[str], ...], depth: int, within: str = "") -> list[str]:
    """Imports from one area to another that is not in a lower layer."""
    wrong = []
    for a, targets in graph().items():
        if not a.startswith(within):
            continue
        for b in targets:
            if not b.startswith(within):
                continue
            x, y = area(a, depth), area(b, depth)
            if x != y and layer_of(y, layers) >= layer_of(x, layers):
                wrong.append(f"{a} -> {b}")
    return sorted(wrong)


def circles(prefix: str) -> list[list[str]]:
    """The strongly connected components of more than one module under `prefix`."""
    g = {a: {b for b in bs if b.startswith(prefix)} for a, bs in graph().items()
         if a.startswith(prefix)}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in g[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return found


def test_no_area_imports_a_higher_layer() -> None:
    assert upward(LAYERS, 1) == []


def test_inside_analysis_no_module_imports_a_higher_layer() -> None:
    assert upward(ANALYSIS_LAYERS, 2, "pontoon_rules.analysis") == []


@pytest.mark.parametrize("name", sorted(STAGES))
def test_inside_an_area_no_stage_imports_a_higher_one(name: str) -> None:
    climbs = set(upward(STAGES[name], 2, f"pontoon_rules.{name}"))
    known = {e for e in STAGE_EXCEPTIONS if e.startswith(f"pontoon_rules.{name}.")}
    assert climbs - known == set(), "a new import climbs a stage"
    assert known - climbs == set(), "no longer climbs: remove it from STAGE_EXCEPTIONS"


def test_the_old_flat_folders_hold_only_their_stages() -> None:
    """No module left directly in a folder grouped by stage (beside its `__init__`)."""
    flat = sorted(str(p.relative_to(PACKAGE)) for name in STAGES
                  for p in (PACKAGE / name).glob("*.py") if p.name != "__init__.py")
    assert flat == []


@pytest.mark.parametrize("name", NO_CIRCLES)
def test_no_circle_of_modules(name: str) -> None:
    assert circles(f"pontoon_rules.{name}") == []


def test_the_checks_see_an_upward_import_and_a_circle() -> None:
    """The graph is read right: known edges are there, and a made-up circle is found."""
    g = graph()
    assert "pontoon_rules.analysis.hand" in g["pontoon_rules.sim.kernels.strategy"]
    assert "pontoon_rules.analysis.composition.model" in g["pontoon_rules.analysis.edge"]
    g["pontoon_rules.analysis.deck"].add("pontoon_rules.analysis.present.chart")
    try:
        assert upward(ANALYSIS_LAYERS, 2, "pontoon_rules.analysis")
        assert circles("pontoon_rules.analysis")
    finally:
        g["pontoon_rules.analysis.deck"].discard("pontoon_rules.analysis.present.chart")


def test_no_module_is_much_over_four_hundred_lines() -> None:
    """Modules of a few hundred lines (at most 450)."""
    long = {module_name(p): n for p in PACKAGE.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 450}
    assert long == {}
