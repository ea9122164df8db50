"""The ruleset file format: the pydantic models of every section (the pack, aces, points, named
hands, table, deal, stakes, decisions, the bank, side bets, settlement), the cross-field
checks each model makes, dotted field paths, the format's versions and its JSON Schema. The
lowest stage of `ruleset/`: it reads no file.

- `common`: Shared building blocks of the ruleset schema: the base model, enums and odds.
- `aces`: An ace whose values depend on how many cards the hand holds
  (`pack.ace_values_by_cards`).
- `agreed`: Values the table agrees before play: a kind of value of its own.
- `bank`: Ruleset parts for the bank and the table: who banks first, which way play goes
  round the table, a bank that is an amount, «ва-банк», and how the bank passes on.
- `between`: Ruleset sections for what happens between deals, and Shoot Pontoon's kitty.
- `decisions`: Ruleset parts for the casino family's decisions: surrender, the double-down
  rescue, and how a redouble and a rescue are counted.
- `faces`: Ruleset section for what lies face up: who sees which card during a round.
- `hands`: Ruleset section for the named hands: each defined by its cards, and their
  ranking.
- `model`: The root of the ruleset schema: metadata, sources, provenance and every section.
- `outcome`: Ruleset sections for the banker's play and settlement (the named hands:
  `hands`).
- `pack`: The pack: how many packs, the ranks and suits each holds, what each card counts,
  the bust limit and the wild cards (`ruleset.format.points` keeps fractional values exact).
- `play`: Ruleset sections a player meets first: table, deal, stakes and options (the pack:
  `ruleset.pack`).
- `money`: What a table plays for (`stakes.money`): the sign its amounts are printed with
  and how many of the ruleset's units make one of that money's (cents in a dollar).
- `points`: Points as exact numbers: a card's value or a total that may be a fraction (a
  half).
- `side_bets`: Ruleset part for side bets on the first two cards: a pair, and matching the
  banker's card.
- `totals`: Cross-field checks of the totals a ruleset names against its bust limit.
- `crosschecks`: Cross-field checks of a ruleset: rules that each make sense alone but not
  together.
- `languages`: The languages sheets and the site are written in: English and one per Babel
  catalog.
- `fields`: Walk the ruleset schema by dotted field path: leaf paths, descriptions, values.
- `schema`: The JSON Schema of a ruleset file, for editors (VS Code's YAML extension and
  others).
- `renamed`: The history of the ruleset format: its versions, the fields that moved, and
  where they went.

In detail (moved from ARCHITECTURE.md):

- `common` enums/odds, the one bound on odds' and fractions' terms (999) and on amounts (15
  digits)
- `pack` (the pack as data: ranks, suits, values, one or two ace values)
- `aces` (an ace whose values depend on the hand's number of cards:
  `pack.ace_values_by_cards`, the best total, the bust limit `bust_above`, wild cards)
- `play` (table, deal, stakes, a player's options)
- `points` (exact points: a value written `"1/2"` validated into a Fraction, the engine's
  units, 7½ in words)
- `totals` (every total named checked against the bust limit)
- `faces`
- `hands` (named hands defined by their cards: `HandDefinition`, the ranking)
- `outcome`
- `between` sections
- `model.Ruleset` + `crosschecks` (settings that cannot work together or never take effect)
- `renamed` (the format's versions, `schema_version`; the table of the fields that moved and
  where they went, which the loader reports and the migration applies)
- `fields` (dotted paths, provenance; `ruleset_paths` spreads each named hand's fields)
- `agreed` (values the table agrees before play: `{agreed: true, default}`, settled from
  `--agree` or the default, `Stakes.limits()` for readers)
- `languages` (the languages sheets are written in: `translations` keys)
- `schema`
- `decisions` (surrender, the double-down rescue, how a redouble and a rescue count) and
  `bank` (first banker, order of play, a bank that is an amount, its passing and sale), each
  with its cross-field checks
- `side_bets` (a pair, matching the banker's card, settled on the first two cards)
"""
