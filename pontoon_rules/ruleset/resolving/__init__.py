"""Resolving: what a loaded ruleset means for the rest of the tool: the outcome table (who
beats whom), the classic view of the named hands, the canonical behaviour (vector ids, cost
keys), the registry of features each part handles, which rules are part of the game, and
values in words. Reads the two stages below.

- `outcomes`: Who beats whom: the ranking, the named hands and the exceptions, as one table.
- `classic`: The named hands seen as the classic four: pontoon, five-card trick, 21, three
  of a kind.
- `canonical`: A ruleset's behaviour as canonical data: what conformance vector ids are made
  from.
- `features`: Which rules of the family each part of the tool handles: the one place that
  decides.
- `family_features`: The rules of the family's second round (issue 48) in the registry of
  `ruleset.resolving.features`: aces counted by the hand's cards, conditions of named hands,
  the lower total winning, the banker's minimum and opening, fractional values, another bust
  limit, wild cards.
- `relevance`: Which rules are part of a game at all: a rule whose switch is off is "not in
  this game".
- `present`: Rulesets in words: values as a card player reads them, grouped by topic.
- `money`: Amounts of money as a reader reads them: the one formatter every sheet, page and
  command prints an amount through (`$5,000`, `5 000 $`; the plain number where the ruleset
  names no money).

In detail (moved from ARCHITECTURE.md):

- `outcomes` (who beats whom, one table keyed by hand ids; `payout_terms`: every multiple of
  a stake a round may settle, with its field, the insurance's and the side bets' part of the
  stake and their wins among them; `stake_unit`, the least stake where each is whole;
  `whole_stake`, such a stake that plays as the least inside the limits: the stake the
  simulations play at and the rounding refusal, one rule)
- `classic` (the named hands seen as the classic four, for the analysis and the simulator)
- `canonical` (behaviour as data: the conformance digest, the cost tables' key)
- `present` (values in words) + `relevance` (rules "not in this game")
- `features` (the one registry of rules the analysis and the compiled simulator do not
  handle yet: `edge`, `strategy`, `costs`, `simulate`, `session --summary` refuse a ruleset
  that plays one, naming it: for the simulator a bank that one round's decisions could pass
  (and in sessions any bank that is an amount); for both a surrender of more cards than
  dealt or of a split hand; for the analysis also suited hands it cannot blend and a peek
  for several naturals; for both the rules issue 50 added: naturals that are not live hands,
  insurance on a natural, a split hand's two-card 21 that stands, and for the simulator
  payouts rounded to the nearest unit or exact)
"""
