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
"""
