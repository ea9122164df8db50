"""Session scripts: a session of deals replayed from a file (`pontoon-rules session --script`).

The contract (JSON or YAML):

    ruleset: shoot-pontoon        # id or path
    people: [A, B, C, D]          # the table in circle order (a person's left is next);
                                  # or a number of seats (names A, B, …)
    banker: A                     # the first banker (default: chosen as the ruleset's
                                  # table.first_banker says; house-dealer rulesets: the house)
    seed: 7                       # shuffles (and the first order unless `pack` is given)
    bank: 200                     # optional: the bank a banker puts up, where the bank is
                                  # an amount (table.bank.amount; default the ruleset's)
    pack: [AS, 2S, …]             # optional: the pack stacked for the whole session,
                                  # top first; the rest of the packs follow in order
    deals:
      - sell: {to: C, price: 30}  # optional, before the deal: sell the bank
        auction: {B: 30, C: 20}   # optional: a dry kitty's sale to the highest bidder
        kitty: 50                 # optional: put up a kitty (a new banker, a dry kitty)
        top_up: 10                # optional: add to the kitty
        stakes: [10, 10, 10]      # seats p1, p2, … in the order of play this deal (p1 is
                                  # the banker's left); 0 sits out where the bank is an amount
        actions: ["p1 shoot 20", "p2 decline", "p3 decline", "p1 twist", …]

Between-deal steps run in the order sell, auction, kitty, top_up. Actions are those of the
round script (`engine.scripts.script`), shoot decisions included; cards come from the
session's pack, handled between deals as the ruleset says (`engine.sessions.pack`).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from pontoon_rules.engine.round.cards import parse_card
from pontoon_rules.engine.round.rules import compile_rules
from pontoon_rules.engine.round.state import RoundState
from pontoon_rules.engine.scripts.script import IncompleteScriptError, apply_step, script_ruleset
from pontoon_rules.engine.sessions.session import Session
from pontoon_rules.engine.sessions.session_auto import people_names
from pontoon_rules.errors import IllegalActionError, ScriptError
from pontoon_rules.ruleset.format.common import BankerRole
from pontoon_rules.text import short

TOP_KEYS = {"ruleset", "people", "banker", "seed", "pack", "deals", "description", "bank"}
DEAL_KEYS = {"sell", "auction", "kitty", "top_up", "stakes", "actions", "description"}


def run_session_script(script: dict[str, Any], base_dir: Path | None = None,
                       ) -> tuple[Session, list[list[dict[str, Any]]]]:
    """Replay a session script; the session and each deal's transcript.

    Raises:
        ScriptError: a malformed script or a between-deal step the rules forbid.
        ShoeError: a stacked pack that is not the ruleset's packs, or a pack run out.
        IllegalActionError, IncompleteScriptError: as for round scripts.
    """
    session = _open(script, base_dir)
    transcripts = []
    deals = script["deals"]
    if not isinstance(deals, list):
        raise ScriptError("deals: expected a list of deals")
    for number, deal in enumerate(deals, start=1):
        transcripts.append(_play(session, deal, number))
    return session, transcripts


def _open(script: dict[str, Any], base_dir: Path | None) -> Session:
    missing = [k for k in ("ruleset", "people", "deals") if k not in script]
    if missing:
        raise ScriptError(f"the session script lacks {', '.join(missing)}")
    unknown = sorted(set(script) - TOP_KEYS)
    if unknown:
        raise ScriptError(f"unknown session script keys: {', '.join(unknown)}")
    rules = compile_rules(script_ruleset(script["ruleset"], base_dir))
    people = script["people"]
    if isinstance(people, int) and not isinstance(people, bool):
        house = rules.ruleset.table.banker is BankerRole.HOUSE_DEALER
        people = people_names(people if house else people + 1)
    if not isinstance(people, list) or not all(isinstance(p, str) for p in people):
        raise ScriptError(f"people: expected a list of names or a number, got {short(people)}")
    pack = script.get("pack")
    order = [parse_card(c) for c in pack] if isinstance(pack, list) else None
    if pack is not None and order is None:
        raise ScriptError("pack: expected a list of cards, top first")
    rng = random.Random(script.get("seed", 0))
    return Session(rules, people, rng, script.get("banker"), order, script.get("bank"))


def _play(session: Session, deal: Any, number: int) -> list[dict[str, Any]]:
    if not isinstance(deal, dict):
        raise ScriptError(f"deal {number}: expected a mapping with stakes and actions")
    unknown = sorted(set(deal) - DEAL_KEYS)
    if unknown:
        raise ScriptError(f"deal {number}: unknown keys: {', '.join(unknown)}")
    _between(session, deal, number)
    stakes, actions = deal.get("stakes"), deal.get("actions", [])
    if not isinstance(stakes, list) or not isinstance(actions, list):
        raise ScriptError(f"deal {number}: stakes and actions must be lists")
    transcript: list[dict[str, Any]] = []
    steps = iter(enumerate(actions, start=1))

    def act(state: RoundState) -> None:
        step, text = next(steps, (0, None))
        if text is None:
            legal = ", ".join(str(a) for a in state.legal_actions())
            raise IncompleteScriptError(
                f"deal {number}: the actions ended but the round goes on: it is "
                f"{state.actor_name()}'s turn (legal: {legal})")
        try:
            transcript.append(apply_step(state, text, step))
        except IllegalActionError as e:
            raise IllegalActionError(e.action, e.actor, e.legal, f"deal {number}, {e.reason}",
                                     e.code) from e

    session.play_deal(stakes, act, transcript)
    left = list(steps)
    if left:
        raise IncompleteScriptError(f"deal {number}: the round ended with {len(left)} "
                                    f"actions unused (first: {short(left[0][1])})")
    return transcript


def _between(session: Session, deal: dict[str, Any], number: int) -> None:
    sale = deal.get("sell")
    if sale is not None:
        if not isinstance(sale, dict) or set(sale) != {"to", "price"}:
            raise ScriptError(f"deal {number}: sell: expected {{to: NAME, price: AMOUNT}}")
        session.sell_bank(str(sale["to"]), sale["price"])
    if "auction" in deal:
        bids = deal["auction"]
        if not isinstance(bids, dict):
            raise ScriptError(f"deal {number}: auction: expected {{NAME: BID, …}}")
        session.auction_bank({str(k): v for k, v in bids.items()})
    if "kitty" in deal:
        session.put_up_kitty(deal["kitty"])
    if "top_up" in deal:
        session.top_up(deal["top_up"])
