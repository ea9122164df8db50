"""The templates' compiled code is shared by every language's environment
(`i18n.SharedCode`): it must hold nothing a language changes, so that a template compiled
for one catalog renders another's words."""

from __future__ import annotations

import pytest

from pontoon_rules.docs.words.i18n import (
    SHARED_CODE,
    TEMPLATE_DIR,
    environment,
    translations,
    vocabularies,
    words_of,
)
from pontoon_rules.ruleset.loading.registry import load_bundled

PER_LANGUAGE = '{{ "stick"|t }} {{ "K♠"|unit }} {{ "3:2"|odds }}'
"""Each filter whose result depends on the language, on a constant (what Jinja would fold
into the code at compile time, were it foldable)."""


def _code(lang: str, source: str, name: str | None = None) -> str:
    return environment(lang).compile(source, name, name, raw=True)


@pytest.mark.parametrize("other", ["ru", "ur"])
def test_a_filter_of_the_language_is_not_folded_into_the_code(other: str) -> None:
    """The same code in English and in Russian (whose catalog translates "stick") and Urdu
    (right to left: a card is isolated), and each renders its own words from it."""
    assert _code("en", PER_LANGUAGE) == _code(other, PER_LANGUAGE)
    said = environment(other).from_string(PER_LANGUAGE).render()
    assert said != environment("en").from_string(PER_LANGUAGE).render()
    assert said.startswith(translations(other).gettext("stick"))


def test_every_template_compiles_to_the_same_code_in_every_language() -> None:
    """Each of the package's templates, in English, Russian, a source's Russian and Urdu."""
    names = sorted(str(p.relative_to(TEMPLATE_DIR)) for p in TEMPLATE_DIR.rglob("*.j2"))
    assert "plain_rules/settlement.j2" in names
    for name in names:
        source = (TEMPLATE_DIR / name).read_text(encoding="utf-8")
        english = _code("en", source, name)
        for lang in ("ru", "ru@house-dealer", "ur"):
            assert _code(lang, source, name) == english, (lang, name)


def test_a_template_is_compiled_once_for_every_language(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A template compiled for English is loaded in Russian from the shared code, without
    compiling it again, and renders the Russian words."""
    name = "plain_rules/counts.j2"
    environment("en").get_template(name)
    russian = environment("ru")
    russian.cache.clear()  # type: ignore[union-attr]  # this environment's own templates

    def compile_again(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("compiled again")

    monkeypatch.setattr(russian, "compile", compile_again)
    loaded = russian.get_template(name)
    assert loaded.environment is russian
    with pytest.raises(AssertionError, match="compiled again"):
        russian.from_string("{{ 1 }}")


def test_the_shared_code_follows_the_source() -> None:
    """Two sources under one name are two entries (the key holds the source's hash)."""
    bucket = SHARED_CODE.get_bucket(environment("en"), "x.j2", None, "one")
    assert bucket.code is None
    bucket.code = compile("x = 1", "x.j2", "exec")
    SHARED_CODE.set_bucket(bucket)
    assert SHARED_CODE.get_bucket(environment("ru"), "x.j2", None, "one").code is bucket.code
    assert SHARED_CODE.get_bucket(environment("ru"), "x.j2", None, "two").code is None


def test_the_vocabularies_are_read_once() -> None:
    """`words_of` picks a source's catalog from the folder listed once; a copy each call."""
    first = vocabularies("ru")
    first.append("changed by a caller")
    assert "changed by a caller" not in vocabularies("ru")
    assert "house-dealer" in vocabularies("ru")
    assert words_of(load_bundled("casino-ochko"), "ru") == "ru@ochko-ru"
