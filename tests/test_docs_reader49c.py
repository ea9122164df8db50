"""Issue 49, the fresh reader r49c: Xì dách's Vietnamese sheet cited three Vietnamese
pages by English titles ("likely a page written for search engines"), where bet12 and
new88 had Vietnamese ones (`translations.vi.sources`)."""

from __future__ import annotations

from pontoon_rules.docs.sheet.sheet_view import find_base
from pontoon_rules.docs.sheet.sheets import sheet_markdown
from pontoon_rules.ruleset.loading.registry import load_bundled


def test_every_vietnamese_source_of_xi_dach_has_a_vietnamese_title() -> None:
    ruleset = load_bundled("xi-dach")
    own = {key for key, source in ruleset.sources.items() if source.language == "vi"}
    titled = ruleset.translations["vi"].sources or {}
    assert own == {"bet12", "saigon", "duongbo", "new88", "baithachdau"}
    assert own <= set(titled)
    footer = sheet_markdown(ruleset, "vi", find_base(ruleset)).rsplit("Nguồn:", 1)[1]
    assert "likely a page" not in footer and "advertising page" not in footer
    assert "có lẽ là một trang viết cho công cụ tìm kiếm" in footer
