"""The conformance vector format: pydantic models, canonical JSON, ids and the JSON Schema.

A vector is one round: a ruleset (bundled id plus the sha256 of its canonical
resolved JSON, or embedded), the stakes (one per seat), the stacked shoe (the
complete chance input) and `steps` of three kinds:

    {"expect": {"actor": "p1", "legal": [{"action": "buy", "min": 100, "max": 200}], ...}}
    {"do": {"actor": "p1", "action": "buy", "amount": 150}}
    {"reject": {"actor": "p1", "action": "split", "code": "illegal_action"}}

then `final`: every hand's cards, total, class, stakes and net, and the banker's.
Only the fields a vector gives are compared; legal actions compare as sets.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from functools import lru_cache
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, StrictInt

FORMAT_VERSION = 1
"""The version of the vector format (and of the protocol)."""
NAMESPACE = uuid.UUID("6f1d0c2e-9b7a-5e3c-8d41-70a2c5f0e913")
"""The uuid5 namespace of vector ids."""
BASIC_CODES = ("illegal_action", "wrong_actor", "bad_amount")
"""The refusals every harness tells apart."""
REFINES = {"round_over": "wrong_actor", "unknown_action": "illegal_action",
           "malformed_amount": "bad_amount"}
"""Finer refusals and the basic code each refines: a vector may expect the finer one, and a
harness may answer either (after the end of a round `round_over` or `wrong_actor`)."""
CODES = (*BASIC_CODES, *REFINES)
"""The vocabulary of refusals."""
REFUSAL_ORDER = ("round_over", "wrong_actor", "unknown_action", "malformed_amount",
                 "illegal_action", "bad_amount")
"""The order a move is checked in: the first that holds is the code a vector expects
(`conformance.vectors.reference.refusal`; site/conformance.md, *The order of refusals*)."""


def accepted_codes(move: dict[str, Any]) -> frozenset[str]:
    """Every code that answers a `reject` `move` (its `code` as a vector expects it): the
    code, the basic code it refines, and where the order is genuinely free the others that
    hold too: a move by the wrong actor whose word no vocabulary has (`unknown_action`,
    `illegal_action`) or whose amount is not a whole number (`malformed_amount`,
    `bad_amount`) may be refused for its word or amount before its actor."""
    from pontoon_rules.engine.round.actions import KINDS

    code = move["code"]
    out = {code, REFINES[code]} if code in REFINES else {code}
    if code == "wrong_actor":
        word, amount = move.get("action"), move.get("amount")
        if not isinstance(word, str) or word not in KINDS:
            out |= {"unknown_action", "illegal_action"}
        elif amount is not None and (not isinstance(amount, int) or isinstance(amount, bool)):
            out |= {"malformed_amount", "bad_amount"}
    return frozenset(out)
LEVELS = ("must", "should", "may")
ACTOR_PATTERN = r"^(p[1-9][0-9]*|banker)$"
CHECKPOINT_ACTOR = r"^(p[1-9][0-9]*|banker|terminal)$"
"""Whose turn a checkpoint names: a seat, the banker, or `terminal` once the round is over."""
CARD_PATTERN = r"^[A2-9TJQK][SHDC]$"
SCHEMA_ID = "https://pontoon-rules.example/conformance/vector.schema.json"

Actor = str
Card = str


class VectorModel(BaseModel):
    """Base of the vector models: immutable, unknown fields rejected."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class RulesetRef(VectorModel):
    """The ruleset a vector is played under."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="The ruleset id.")
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$",
                        description="sha256 of the canonical JSON of the resolved ruleset.")
    embedded: dict[str, Any] | None = Field(
        default=None, description="The resolved ruleset itself, for rulesets that are not bundled.")


class LegalOption(VectorModel):
    """One legal action; `min`/`max` bound the amount of a buy or insurance."""

    action: str = Field(description="The action kind: stick, twist, buy, split, double, ...")
    min: int | None = Field(default=None, description="Least amount (amount actions only).")
    max: int | None = Field(default=None, description="Greatest amount (amount actions only).")


class Expect(VectorModel):
    """A checkpoint before a decision; only the fields given are compared."""

    actor: str | None = Field(default=None, pattern=CHECKPOINT_ACTOR,
                              description="Whose turn it is ('terminal' once the round is over).")
    legal: list[LegalOption] | None = Field(
        default=None, description="The legal actions, compared as a set.")
    hands: dict[str, Any] | None = Field(
        default=None, description="Cards dealt so far: seat -> list of hands, 'banker' -> cards.")
    face_down: dict[str, Any] | None = Field(
        default=None,
        description="The cards in `hands` the actor cannot see (face down, someone else's), "
        "by position: seat -> one list of card indices per hand, 'banker' -> indices. An "
        "implementation that does not show them answers null there; a card it does answer "
        "is compared.")


class Move(VectorModel):
    """An action taken by an explicit actor."""

    actor: str = Field(pattern=ACTOR_PATTERN, description="p1, p2, ... or banker.")
    action: str = Field(description="The action word.")
    amount: StrictInt | None = Field(default=None, description="Amount of a buy or insurance.")


Code = Literal["illegal_action", "wrong_actor", "bad_amount", "round_over", "unknown_action",
               "malformed_amount"]


assert get_args(Code) == CODES


class Refusal(VectorModel):
    """An action the implementation must refuse, without changing the round.

    Probes may name any actor (`terminal` never acts), any action word (including words
    no ruleset uses) and any amount, including malformed ones (a string, a fraction).
    """

    actor: str = Field(pattern=ACTOR_PATTERN, description="p1, p2, ... or banker.")
    action: str = Field(description="The action word (any word: unknown ones are probes).")
    amount: Any = Field(default=None, description="The amount, when the probe gives one: any "
                        "JSON value (a malformed amount is a probe).")
    code: Code = Field(description="Why it is refused: a basic code, or a finer one (`REFINES`) "
                       "that the basic code it refines also answers.")


class ExpectStep(VectorModel):
    """A checkpoint step."""

    expect: Expect


class DoStep(VectorModel):
    """An action step."""

    do: Move


class RejectStep(VectorModel):
    """A negative step."""

    reject: Refusal


Total = StrictInt | Annotated[str, Field(pattern=r"^[0-9]{1,4}/[0-9]{1,2}$")]
"""A hand's total: a whole number, or an exact fraction 'n/d' where a card is worth a
fraction of a point (Sette e mezzo's 7½ is '15/2')."""


class HandFinal(VectorModel):
    """One finished player hand."""

    cards: list[str] | None = None
    total: Total | None = None
    hand_class: str | None = Field(default=None, alias="class")
    stakes: list[int] | None = Field(default=None, description="Original stake, buys, doubles.")
    net: int | None = None
    surrendered: bool | None = Field(
        default=None, description="Present (true) when the hand was surrendered and the "
        "surrender stood.")
    rescued: bool | None = Field(
        default=None, description="Present (true) when the doubled hand was rescued.")


class InsuranceFinal(VectorModel):
    """A seat's insurance bet and what it made."""

    staked: int
    net: int


class SeatFinal(VectorModel):
    """One seat's settlement."""

    seat: str = Field(pattern=r"^p[1-9][0-9]*$")
    hands: list[HandFinal] | None = None
    insurance: InsuranceFinal | None = None
    even_money: bool | None = None
    side_bets: dict[str, InsuranceFinal] | None = Field(
        default=None, description="Each side bet put down ('pair', 'match'): staked and net.")
    entry: int | None = Field(
        default=None, description="What the seat put into the bank before the deal "
        "(table.bank.entry).")
    between_players: int | None = Field(
        default=None, description="What other seats' hands moved to the seat: what the other "
        "players paid it, less what it paid them (a hand with paid_by_players), and what the "
        "banker paid it because another seat held a hand with prize_to_others.")
    net: int | None = None


class BankerFinal(VectorModel):
    """The banker's hand and net."""

    cards: list[str] | None = None
    total: Total | None = None
    hand_class: str | None = Field(default=None, alias="class")
    net: int | None = None


class Final(VectorModel):
    """The settlement: integer money, the banker's net is minus the seats' total."""

    seats: list[SeatFinal]
    banker: BankerFinal
    ended_early: bool | None = Field(default=None, description="The banker's pontoon ended it.")
    called_off: bool | None = Field(default=None, description="The banker called the deal off: "
                                    "every hand settled at nothing (banker.calls_off_at).")


class Vector(VectorModel):
    """One conformance vector: a round with its expected observations and settlement."""

    format: Literal[1] = Field(description="The vector format version.")
    id: str = Field(pattern=r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
                    description="Immutable UUID; a changed expectation is a new vector.")
    slug: str = Field(pattern=r"^[a-z0-9-]+/[a-z0-9-]+$", description="ruleset/readable-name.")
    description: str = Field(description="What the vector shows.")
    reimplements: str | None = Field(default=None, description="The id this vector replaces.")
    ruleset: RulesetRef
    stakes: list[int] = Field(min_length=1, description="One stake per seat, p1 first.")
    shoe: list[str] = Field(description="Every card dealt, in dealing order.")
    steps: list[ExpectStep | DoStep | RejectStep]
    final: Final
    features: list[str] = Field(description="Tags: actions, classes, payout paths.")
    level: Literal["must", "should", "may"] = Field(
        description="must, or should/may where a rule is our reading of its source.")


def canonical(data: Any) -> str:
    """Canonical JSON text: sorted keys, no spaces, UTF-8 characters kept."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def sha256_of(data: Any) -> str:
    """The sha256 of `data`'s canonical JSON."""
    return hashlib.sha256(canonical(data).encode("utf-8")).hexdigest()


PRESENTATION = ("schema_version", "name", "summary", "kind", "extends", "sources",
                "provenance", "translations")
"""Top-level ruleset keys that do not change play (left out of vector ids)."""
ROUND_KEYS = ("stakes", "shoe", "steps", "final")
"""The vector keys that make up the round (with the rules, all that an id depends on)."""


def rules_digest(ruleset: dict[str, Any]) -> str:
    """sha256 of a resolved ruleset's behaviour (`ruleset.resolving.canonical.behaviour_form`: no
    names, summaries, sources or provenance; fields added to the schema since ids were
    first issued only where set away from their defaults). A ruleset written in the first
    schema's words (an old vector file's embedded one) is hashed as it stands."""
    if "definitions" not in (ruleset.get("hands") or {}):
        return sha256_of({k: v for k, v in ruleset.items() if k not in PRESENTATION})
    return _behaviour_digest(canonical(ruleset))


@lru_cache(maxsize=256)
def _behaviour_digest(text: str) -> str:
    from pontoon_rules.ruleset.format.model import Ruleset
    from pontoon_rules.ruleset.resolving.canonical import behaviour_form

    return sha256_of(behaviour_form(Ruleset.model_validate(json.loads(text))))


def vector_id(vector: dict[str, Any]) -> str:
    """The id a vector's content gives: uuid5 of the ruleset id, its rules and the round.

    Names, summaries, provenance (and so the level), the slug, the description and the
    feature tags are left out: editing them keeps every id.
    """
    ref = vector["ruleset"]
    body = {"ruleset": ref["id"], "rules": _rules_digest_of(ref),
            **{k: vector[k] for k in ROUND_KEYS if k in vector}}
    return str(uuid.uuid5(NAMESPACE, sha256_of(body)))


def _rules_digest_of(ref: dict[str, Any]) -> str:
    if ref.get("embedded") is not None:
        return rules_digest(ref["embedded"])
    from pontoon_rules.conformance.vectors.reference import bundled_digest

    return bundled_digest(ref["id"]) or str(ref.get("sha256"))


def vector_schema() -> dict[str, Any]:
    """The JSON Schema of a vector file."""
    schema = Vector.model_json_schema(by_alias=True)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": SCHEMA_ID, **schema}


def schema_text() -> str:
    """The schema as stable, pretty JSON (what `vector.schema.json` holds)."""
    return json.dumps(vector_schema(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
