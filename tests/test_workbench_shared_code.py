"""The workbench's templates are compiled once per process for every language
(`workbench.render.SHARED_CODE`, as the site's `i18n.SharedCode`): the code holds nothing of a
language, and the pages it draws are the same to the byte as when each language compiled its
own."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from pontoon_rules.docs.words.i18n import TEMPLATE_DIR, SharedCode, translations
from pontoon_rules.workbench import render
from pontoon_rules.workbench.app import create_app
from pontoon_rules.workbench.jobs import JobManager
from pontoon_rules.workbench.service import Workbench
from pontoon_rules.workbench.starts import Starts

LANGUAGES = ("en", "ru", "ur")


def _names() -> list[str]:
    own = sorted(p.name for p in render.TEMPLATES.glob("*.j2"))
    return own + ["_macros.html.j2"]  # the site's macros the workbench imports


def test_every_template_compiles_to_the_same_code_in_every_language() -> None:
    names = _names()
    assert "page.html.j2" in names and "analysis.html.j2" in names
    for name in names:
        folder = render.TEMPLATES if (render.TEMPLATES / name).exists() else TEMPLATE_DIR
        source = (folder / name).read_text(encoding="utf-8")
        english = render.environment("en").compile(source, name, name, raw=True)
        for lang in LANGUAGES[1:]:
            assert render.environment(lang).compile(source, name, name, raw=True) == english


def test_a_language_word_on_a_constant_is_its_own_language_from_shared_code() -> None:
    """`|t` on a constant (what Jinja folds at compile time, were it a plain filter)."""
    source = '{{ "Start again"|t }}'
    assert render.environment("en").from_string(source).render() == "Start again"
    russian = render.environment("ru").from_string(source).render()
    assert russian == translations("ru").gettext("Start again") != "Start again"


def _pages(client: Any) -> list[str]:
    """The page (its rules drawn) and a change's answer, in each language."""
    out = []
    for lang in LANGUAGES:
        out.append(client.get(f"/?lang={lang}").text)
        answer = client.post("/api/state", json={
            "tab": f"shared-{lang}", "start": "bundled:pagat-british", "lang": lang, "name": "",
            "fields": {"player.stick_minimum": {"v": "17", "s": ""}}, "set": {}, "seq": 1})
        out.append(answer.json()["rules_html"])
    return out


@pytest.fixture
def client() -> Iterator[Any]:
    workbench = Workbench(Starts(), JobManager(1, prefix="q"), JobManager(1, prefix="c"))
    with TestClient(create_app(workbench), base_url="http://127.0.0.1:8765") as test_client:
        yield test_client
    workbench.close()


def test_the_pages_are_the_same_to_the_byte_as_with_code_of_their_own(
        client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[str] = []

    class Counted(SharedCode):
        def dump_bytecode(self, bucket: Any) -> None:
            compiled.append(bucket.key)
            super().dump_bytecode(bucket)

    monkeypatch.setattr(render, "SHARED_CODE", Counted())
    render.environment.cache_clear()
    shared = _pages(client)
    assert compiled and len(compiled) == len(set(compiled))  # each once, for all three
    render.environment.cache_clear()
    monkeypatch.setattr(render, "SHARED_CODE", None)  # each language compiles its own
    try:
        own = _pages(client)
    finally:
        render.environment.cache_clear()
    assert all("<html" in page or "wb-rule" in page for page in own)
    assert shared == own
    assert shared[0] != shared[2]  # English and Russian: the words differ, not the code
