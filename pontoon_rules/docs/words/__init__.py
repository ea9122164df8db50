"""The rules in words, in every language: a ruleset resolved into sentences (each settlement
sentence with its meaning as claims a property test checks against the engine), named hands,
the pack, values, worked rounds told in words, the figures people read, and the catalogs and
Jinja2 environments that carry them into each language. The lowest stage of the docs:
nothing here imports `docs.sheet` or `docs.website` (`tests/test_architecture.py`).

- `i18n`: Languages: Babel catalogs compiled in memory, and Jinja2 environments with i18n.
- `letters`: Card letters by catalog: a rank as printed on a card in the sheet's language.
- `values`: Values, hand classes and cards as words and pictures, in any catalog language.
- `hands`: The named hands in words and in cards, from their definitions and the outcome
  table.
- `family_words`: The family's second round in words (issue 48): an ace counted by the
  hand's cards, and a named hand's conditions on softness, the banker's up card and the
  stake, and its fixed prize.
- `pack_words`: The pack in words, derived from `pack`: how many packs of how many cards,
  what was taken out (a pack with a name of its own by that name: "the tens removed: a
  Spanish pack"), and what each card counts ("jack 2, queen 3, king 4").
- `claims`: What a settlement sentence means: `Claim`s on pairs of a player's hand and a
  banker's hand, and how a reader reads them (the most specific sentence decides:
  `expected_cell`).
- `settlement`: Who beats whom in words, generated from the resolved outcome table alone.
- `settlement_messages`: The sentences `docs.words.settlement` writes, for the catalog
  (`python_messages`): every who-beats-whom, payout, tie, bust, peek and exception message,
  in one list.
- `conditions`: When a rule of a sheet applies to a game: switches that are off, values only
  another value makes meaningful, sentences that do not fit the game's pack, deal or banker.
- `sentences`: The rules of a ruleset as sentences, in the order a player meets them, in any
  language.
- `said`: One rule in words: the sentences that say a single field (the cost tables and the
  worked examples name a changed rule this way, without rendering the whole sheet).
- `narrate`: A worked example in words: what each hand did, and why it won or lost.
- `readers`: Words for readers: field descriptions without the file format's asides, what a
  kind of ruleset is, sources as links.
- `chapters`: The order a player meets the rules in: chapters of ruleset sections, and rule
  anchors.
- `example_needs`: What a worked example needs its sheet to state: the rules its round
  takes.
- `rounds`: Sample rounds found by the engine: seeded deals played by the automatic
  policies.
- `costview`: The rule-cost table as a reader wants it: what each one-rule change does to
  the edge.
- `figures`: The analysis's figures where people look: the headline edge of every ruleset,
  what a variation or house overlay changes against its base, and the method in words.
- `adapters`: Narrow adapters to the layers the docs show but do not own: compare, analysis,
  conformance.
"""
