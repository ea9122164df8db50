"""The workbench in the language chosen, throughout: the page's own words (header, buttons,
labels, status lines, the script's messages, errors from the server) and the analysis
panel, through the project's catalogs, with no English word left in Russian mode."""

from __future__ import annotations

import html
import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

BASE = "bundled:pagat-british"
LATIN_WORD = re.compile(r"\b[A-Za-z]{3,}\b")
"""A word of three letters or more in the Latin alphabet (card codes are one or two)."""
NAMES = ("YAML", "PDF", "English")
"""What stays as it is in any language: the file formats, a language's own name."""


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The workbench over its real workers, its cache folder a new one; one for the
    module (only `_said_in` starts analyses, on a tab of its own): its three worker
    processes started once, not for each test."""
    from starlette.testclient import TestClient

    from pontoon_rules.workbench.app import create_app
    from pontoon_rules.workbench.jobs import JobManager
    from pontoon_rules.workbench.service import Workbench
    from pontoon_rules.workbench.starts import Starts

    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setenv("PONTOON_RULES_CACHE", str(tmp_path_factory.mktemp("cache")))
        workbench = Workbench(Starts(), JobManager(1, prefix="q"), JobManager(1, prefix="c"),
                              JobManager(1, prefix="e"))
        with TestClient(create_app(workbench), base_url="http://127.0.0.1:8765",
                        raise_server_exceptions=False) as test_client:
            yield test_client
        workbench.close()


def english_words(page: str, names: tuple[str, ...] = ()) -> list[str]:
    """The Latin-alphabet words a reader sees in `page` (HTML or text), leaving out what is
    not the workbench's own words: ruleset names and ids (the start menu, the compare
    picks, the title, ids such as pagat-british), file text and commands (code, pre,
    textarea), the fields' descriptions (the schema's, from the catalog: `catalog check`
    checks them, and they cite file values by name), quotations («…», '…': a source's own
    words, PyYAML's message about a slip), file formats, the language names, and `names`
    (the rulesets')."""
    for name in names:
        page = page.replace(html.escape(name, quote=False), " ")
    page = re.sub(r"<title>.*?</title>|<(code|pre|textarea|script|style)\b.*?</\1>", " ", page,
                  flags=re.S)
    page = re.sub(r'<select name="start".*?</select>|<ul class="wb-pick">.*?</ul>', " ", page,
                  flags=re.S)
    page = re.sub(r'(<label class="wb-label"[^>]*>).*?(?=<span class="wb-note">|</label>)',
                  r"\1", page, flags=re.S)
    page = re.sub(r'<span class="wb-sentence wb-muted">.*?</span>', " ", page, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", " ", page))
    text = re.sub(r"«[^»]*»|'[^']*'", " ", text)
    text = re.sub(r"\b[a-z0-9]+(?:[-_.][a-z0-9]+)+\b|\{[a-z]+\}", " ", text)  # ids, places
    return sorted({w for w in LATIN_WORD.findall(text) if w not in NAMES})


def test_english_words_finds_the_page_words_and_leaves_out_names_and_quotes() -> None:
    page = ('<h1>House-rule workbench</h1><p>Проверяем правила…</p><code>pontoon-rules edge'
            '</code><p>по правилам pagat-british: «das Fünf- oder Zehnfache» (YAML)</p>'
            '<p>Скачано: {name}. Исходные правила: British Pontoon</p>')
    assert english_words(page, ("British Pontoon",)) == ["House", "rule", "workbench"]


def _until_final_sections(client: Any, job: str, lang: str, seconds: float = 180) -> str:
    """The panel's HTML once the edge, the strategy card and the examples are final."""
    end, version, found = time.monotonic() + seconds, "", {}
    wanted = ('id="wb-edge" data-done="yes"', 'id="wb-strategy" data-done="yes"',
              'id="wb-examples" data-done="yes"')
    while time.monotonic() < end:
        found = client.get(f"/api/job/{job}?tab=lang&lang={lang}&since={version}"
                           "&wait=5").json()
        version = str(found["version"])
        if all(w in found.get("html", "") for w in wanted) or found["final"]:
            return str(found["html"])
    raise AssertionError(f"never got there: {found}")


def _said_in(client: Any, lang: str) -> dict[str, str]:
    """Everything the workbench shows in `lang`: the page, its script's words, the rules
    panel after a change, the analysis panel, a YAML slip and the refused download, an
    unknown start's page."""
    page = client.get(f"/?start={BASE}&lang={lang}").text
    script = json.loads(html.unescape(re.search(r"data-words='([^']*)'", page).group(1)))
    draft = {"tab": "lang", "seq": 1, "start": BASE, "lang": lang, "name": "", "fields": {},
             "set": {"player.stick_minimum": 16}}
    state = client.post(f"/api/state?lang={lang}", json=draft).json()
    panel = _until_final_sections(client, state["job"], lang)
    slip = {**draft, "seq": 2, "set": {},
            "fields": {"hands.definitions": {"v": "[unclosed", "s": ""}}}
    slipped = client.post(f"/api/state?lang={lang}", json=slip).json()
    refused = client.post(f"/api/download/yaml?lang={lang}", json=slip)
    assert refused.status_code == 400
    unknown = client.get(f"/?start=bundled:no-such-game&lang={lang}")
    assert unknown.status_code == 404
    return {"page": page, "script": " ".join(script.values()), "rules": state["rules_html"],
            "panel": panel, "slip": slipped["rules_html"] + " " + slipped["problems_words"],
            "refused": " ".join([refused.json()["error"], *refused.json()["problems"]]),
            "unknown": unknown.text}


def test_in_russian_mode_no_english_word_of_the_workbench_remains(client: Any) -> None:
    from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

    said = _said_in(client, "ru")
    names = tuple(load_bundled(i).name for i in bundled_ids())
    assert {part: english_words(text, names) for part, text in said.items()} == dict.fromkeys(
        said, [])
    assert "Мастерская домашних правил" in said["page"] and "Проверяем правила…" in said[
        "script"]
    assert "Преимущество казино" in said["panel"] and "Таблица стратегии" in said["panel"]
    assert "1 ошибка" in said["slip"] and "ничего не скачано" in said["refused"]
    assert 'lang="ru"' in said["unknown"] and "Назад в мастерскую" in said["unknown"]


def test_in_english_mode_the_same_places_say_it_in_english(client: Any) -> None:
    page = client.get(f"/?start={BASE}&lang=en").text
    assert "House-rule workbench" in page and "Download the rules file (YAML)" in page
    script = json.loads(html.unescape(re.search(r"data-words='([^']*)'", page).group(1)))
    assert script["checking"] == "Checking the rules…"
    assert script["downloaded"] == "Downloaded {name}."  # the script puts the name in
    assert '<option value="ru">Русский</option>' in page  # each language by its own name


def test_an_uploaded_file_is_named_as_it_is_on_a_russian_page(client: Any) -> None:
    from pontoon_rules.ruleset.loading.registry import bundled_ids, load_bundled

    text = b"id: house\nname: Our house\nkind: house\nextends: pagat-british\n" \
           b"player:\n  stick_minimum: 16\n"
    page = client.post("/upload?lang=ru", files={"files": ("house.yaml", text)})
    assert page.status_code == 200 and 'lang="ru"' in page.text
    names = ("Our house", *(load_bundled(i).name for i in bundled_ids()))
    assert english_words(page.text, names) == []
    assert "<strong>house.yaml</strong>" in page.text  # the file's own name, no English beside
