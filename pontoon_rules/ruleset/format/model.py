"""The root of the ruleset schema: metadata, sources, provenance and every section."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    Field,
    StrictBool,
    StrictInt,
    field_validator,
    model_validator,
)

from pontoon_rules.ruleset.format.bank import CHECKS as bank_checks
from pontoon_rules.ruleset.format.between import BetweenDeals, Shoot
from pontoon_rules.ruleset.format.common import (
    MAX_NAME_LENGTH,
    RuleModel,
    Status,
    shown_as_written,
)
from pontoon_rules.ruleset.format.crosschecks import HAND_CHECKS
from pontoon_rules.ruleset.format.decisions import CHECKS as decision_checks
from pontoon_rules.ruleset.format.faces import Faces
from pontoon_rules.ruleset.format.hands import SpecialHands
from pontoon_rules.ruleset.format.languages import SOURCE_LANGUAGE, TRANSLATED, shown_languages
from pontoon_rules.ruleset.format.outcome import BankerPlay, Settlement
from pontoon_rules.ruleset.format.pack import Pack
from pontoon_rules.ruleset.format.play import Deal, PlayerOptions, Stakes, Table
from pontoon_rules.ruleset.format.renamed import SCHEMA_VERSION
from pontoon_rules.ruleset.format.side_bets import CHECKS as side_bet_checks
from pontoon_rules.ruleset.format.side_bets import SideBets
from pontoon_rules.ruleset.format.totals import CHECKS as total_checks

SECTIONS: tuple[str, ...] = (
    "pack",
    "table",
    "deal",
    "faces",
    "stakes",
    "player",
    "banker",
    "hands",
    "settlement",
    "between_deals",
    "shoot",
    "side_bets",
)


MAX_SUMMARY_LENGTH = 450
"""The longest summary: with the longest name, a house sheet still fits one page (the
bundled summaries are at most 423 characters)."""


Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME_LENGTH),
                 AfterValidator(shown_as_written)]
"""A name shown to people: 1 to 80 visible characters."""

Summary = Annotated[str, Field(max_length=MAX_SUMMARY_LENGTH)]
"""A summary: one paragraph, at most 450 characters."""


class Source(RuleModel):
    """A document a ruleset is written from."""

    title: str = Field(min_length=1, description="The document's title.")
    language: str = Field(min_length=2, description="Language of the text (ISO 639-1).")
    reference: str = Field(default="", description="Where it comes from (a URL or a citation).")
    note: str = Field(default="", description="Anything to know about the text itself.")
    machine_translation_of: str = Field(
        default="", description="The document this text is a machine translation of (empty: "
        "written by people). Its terms are a translator program's, not any player's, so a "
        "sheet never quotes them as the game's words: the sheet's words are our reading.")


class Provenance(RuleModel):
    """Where one ruleset field comes from."""

    source: str = Field(min_length=1, description="Key of the source in `sources`.")
    quote: str = Field(default="", description="A short quote, in the source's language.")
    status: Status = Field(description="Stated, implied, or our reading of the source.")
    note: str = Field(default="", description="Why this reading, and what else it could be.")
    open: StrictBool = Field(
        default=False, description="The source is silent or ambiguous here: a flip-able reading."
    )
    translations: dict[str, str] = Field(
        default_factory=dict,
        description="The note in other languages, by language code (e.g. 'ru'); it travels "
        "with its entry, so an overlay that replaces the entry replaces them too.",
    )

    @field_validator("translations")
    @classmethod
    def _known_languages(cls, value: dict[str, str]) -> dict[str, str]:
        return shown_languages(value, "notes in", TRANSLATED,
                               f" (the note itself is the {SOURCE_LANGUAGE} one)")


class Translation(RuleModel):
    """A ruleset's name and summary in another language."""

    name: Name = Field(description="The name in this language (at most 80 characters).")
    summary: Summary = Field(default="", description="The summary in this language.")
    sources: dict[str, str] = Field(
        default_factory=dict,
        description="The sources' titles in this language, by source key (a sheet in this "
        "language prints them instead of the titles as written).",
    )


class Ruleset(RuleModel):
    """A complete Pontoon (or blackjack) variant as data."""

    schema_version: StrictInt = Field(
        default=SCHEMA_VERSION, ge=1, le=SCHEMA_VERSION,
        description="The version of the ruleset format the file is written in (now "
        f"{SCHEMA_VERSION}); a file without it is read as the version its fields fit. "
        "`pontoon-rules migrate FILE` rewrites an older file in the current format.")
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$",
                    description="Short unique identifier: lowercase letters and digits, words "
                    "joined by single '-' ('--' separates two ids in page names).")
    name: Name = Field(description="Name shown to people (at most 80 visible characters).")
    summary: Summary = Field(default="",
                             description="One paragraph on what the variant is (at most 450 "
                             "characters).")
    translations: dict[str, Translation] = Field(
        default_factory=dict,
        description="The name and summary in other languages, by language code (e.g. 'ru'); "
        "only the languages the sheets and the site are written in.",
    )
    kind: Literal["source", "variation", "reference", "house"] = Field(
        description="A source variant, a named variation of one, a reference game, or house rules."
    )
    extends: str | None = Field(
        default=None, description="Id or path of the ruleset this one overrides (resolved)."
    )
    sources: dict[str, Source] = Field(description="The documents the rules come from.")
    pack: Pack
    table: Table
    deal: Deal
    faces: Faces = Field(default_factory=Faces, description="What lies face up.")
    stakes: Stakes
    player: PlayerOptions
    banker: BankerPlay
    hands: SpecialHands
    settlement: Settlement
    between_deals: BetweenDeals
    shoot: Shoot
    side_bets: SideBets = Field(default_factory=SideBets,
                                description="Side bets on the first two cards.")
    provenance: dict[str, Provenance] = Field(
        default_factory=dict,
        description="Provenance by dotted field path, e.g. 'player.stick_minimum'; a section "
        "path ('shoot') covers every field below it unless a longer path says otherwise.",
    )

    def name_in(self, lang: str) -> str:
        """The ruleset's name in `lang` (its own name when there is no translation)."""
        found = self.translations.get(lang)
        return found.name if found else self.name

    def summary_in(self, lang: str) -> str:
        """The ruleset's summary in `lang` (its own summary when there is no translation)."""
        found = self.translations.get(lang)
        return found.summary if found and found.summary else self.summary

    @field_validator("schema_version", mode="before")
    @classmethod
    def _known_version(cls, value: object) -> object:
        if isinstance(value, int) and not isinstance(value, bool) and value > SCHEMA_VERSION:
            raise ValueError(
                f"written in format {value}, newer than this pontoon-rules reads "
                f"({SCHEMA_VERSION}): upgrade pontoon-rules")
        return value

    @field_validator("translations")
    @classmethod
    def _known_languages(cls, value: dict[str, Translation]) -> dict[str, Translation]:
        return shown_languages(value, "translations into", TRANSLATED,
                               f" (the name and summary themselves are the {SOURCE_LANGUAGE} "
                               "ones)")

    @model_validator(mode="after")
    def _check_cross_fields(self) -> Ruleset:
        problems = [p for check in _CROSS_CHECKS if (p := check(self))]
        if problems:
            raise ValueError("; ".join(problems))
        return self


def _check_provenance_sources(r: Ruleset) -> str | None:
    unknown = sorted({p.source for p in r.provenance.values()} - set(r.sources))
    return f"provenance names unknown sources {unknown}" if unknown else None


def _check_translated_sources(r: Ruleset) -> str | None:
    """A translated title of a source the ruleset does not have would never be shown."""
    found = [f"translations.{lang}.sources names unknown sources {unknown}"
             for lang, t in r.translations.items()
             if (unknown := sorted(set(t.sources) - set(r.sources)))]
    return "; ".join(found) or None


def _check_provenance_paths(r: Ruleset) -> str | None:
    from pontoon_rules.ruleset.format.fields import field_prefixes, instance_prefixes
    from pontoon_rules.ruleset.format.renamed import MOVED

    bad = sorted(set(r.provenance) - field_prefixes() - instance_prefixes(r))
    if not bad:
        return None
    moved = [f"{path}: {MOVED[path]}" for path in bad if path in MOVED]
    return f"provenance for unknown fields {bad}" + (
        f" ({'; '.join(moved)})" if moved else "")


_CROSS_CHECKS = (
    *HAND_CHECKS,
    _check_provenance_sources,
    _check_translated_sources,
    _check_provenance_paths,
    *decision_checks,
    *bank_checks,
    *side_bet_checks,
    *total_checks,
)

CROSS_CHECKS = _CROSS_CHECKS
"""The ruleset's cross-field checks, each `(ruleset) -> message or None` (public for
`partial.skipped_checks`, which runs them one by one on a ruleset with invalid parts)."""
