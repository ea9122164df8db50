"""Property tests of the loader: no input, however broken, escapes as anything but RulesetError."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pontoon_rules.errors import RulesetError
from pontoon_rules.ruleset.loading.loader import load_text
from pontoon_rules.ruleset.loading.registry import bundled_dir, bundled_ids, bundled_path

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BASE = Path(__file__).resolve().parent / "malformed" / "_base.yaml"

YAML_PIECES = st.sampled_from(
    [
        ": ",
        "- ",
        "\n",
        "  ",
        "\t",
        "[",
        "]",
        "{",
        "}",
        ",",
        "'",
        '"',
        "#",
        "&a ",
        "*a",
        "!!",
        "!!python/object:os.system",
        "---",
        "...",
        "|",
        ">",
        "? ",
        "<<: ",
        "~",
        "null",
        "true",
        "3:2",
        "1e3",
        ".inf",
        "id",
        "extends",
        "pagat-british",
        "player",
        "stick_minimum",
        "%YAML",
    ]
)
YAML_ISH = st.one_of(
    st.text(max_size=200), st.lists(YAML_PIECES | st.text(max_size=5)).map("".join)
)

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(max_size=20),
    st.sampled_from(["1:1", "3:2", "total", "bust", "rotating", "A", "", "pagat-british"]),
)
DOCUMENTS = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=30,
)


def must_load_or_raise_ruleset_error(text: str, base_dir: Path | None = None) -> None:
    """Load `text`; a RulesetError is fine, anything else fails the test."""
    try:
        load_text(text, "fuzz.yaml", base_dir=base_dir)
    except RulesetError as error:
        assert error.problems
        assert all(p.message for p in error.problems)


@FUZZ
@given(YAML_ISH)
def test_yaml_ish_text_never_escapes_as_another_error(text: str) -> None:
    must_load_or_raise_ruleset_error(text)


@FUZZ
@given(DOCUMENTS)
def test_generated_documents_never_escape_as_another_error(document: Any) -> None:
    must_load_or_raise_ruleset_error(yaml.safe_dump(document))


def seed_rulesets() -> list[tuple[str, Any]]:
    """The plain data of every bundled ruleset, and of the test base (read with libyaml's
    parser: the pure-Python one took 2.5 s of each worker's collection)."""
    paths = [p for i in bundled_ids() if (p := bundled_path(i)) is not None] + [BASE]
    return [(p.name, yaml.load(p.read_text(), Loader=yaml.CSafeLoader)) for p in paths]


SEEDS = seed_rulesets()


def paths_in(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value in nested dicts and lists."""
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out.extend(paths_in(value, prefix + (key,)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out.extend(paths_in(value, prefix + (index,)))
    return out


@st.composite
def mutated(draw: st.DrawFn) -> str:
    """A seed ruleset with a few keys deleted, renamed or given random values."""
    _, seed = draw(st.sampled_from(SEEDS))
    data = copy.deepcopy(seed)
    for _ in range(draw(st.integers(1, 3))):
        paths = paths_in(data)[1:]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        *parents, last = path
        holder = data
        for part in parents:
            holder = holder[part]
        action = draw(st.sampled_from(["delete", "replace", "rename"]))
        if action == "delete":
            del holder[last]
        elif action == "replace":
            holder[last] = draw(DOCUMENTS)
        elif isinstance(holder, dict):
            holder[draw(st.text(max_size=12))] = holder.pop(last)
    return yaml.safe_dump(data)


@FUZZ
@given(mutated())
def test_mutated_rulesets_load_or_raise_ruleset_error(text: str) -> None:
    must_load_or_raise_ruleset_error(text, base_dir=bundled_dir())
