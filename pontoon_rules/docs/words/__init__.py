"""The rules in words, in every language: a ruleset resolved into sentences (each settlement
sentence with its meaning as claims a property test checks against the engine), named hands,
the pack, values, worked rounds told in words, the figures people read, and the catalogs and
Jinja2 environments that carry them into each language. The lowest stage of the docs:
nothing here imports `docs.sheet` or `docs.website` (`tests/test_architecture.py`).

- `i18n`: Languages: Babel catalogs compiled in memory, and Jinja2 environments with i18n.
- `letters`: Card letters by catalog: a rank as printed on a card in the sheet's language.
- `marks`: The comma, semicolon, full stop and label colon our code writes between words, as
  catalog messages (Urdu «،؛۔», Armenian ". "); a user's text is never rewritten but for a
  sentence's first letter, a capital (`capitalised`); the legends of the marks † (our
  reading) and ‡ (the source does not say), by provenance status.
- `values`: Values, hand classes and cards as words and pictures, in any catalog language.
- `amounts`: Amounts of money in a sheet's words: every stake, prize, bank and bet through
  one formatter, in the ruleset's money (`stakes.money`) or the plain number.
- `hands`: The named hands in words and in cards, from their definitions and the outcome
  table.
- `between_words`: Money between players in words: a hand every other player pays and when
  they pay it, as the engine settles it; a hand that makes the banker pay the others; the
  naturals a banker can be dealt.
- `paid_words`: A worked round's money between players in words: the hand another player
  pays, who pays whom and how much, as the engine settled it.
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
- `outright`: The ranking's words for a player's hands that win whatever the banker holds.
- `losing_words`: The exceptions of the payouts' blanket sentence about a losing hand: a
  bust that pays only its stake, a bust kept hidden that pays its own odds.
- `settlement_messages`: The sentences `docs.words.settlement` writes, for the catalog
  (`python_messages`): every who-beats-whom, payout, tie, bust, peek and exception message,
  in one list.
- `reading`: Which fields of a ruleset a sentence's words read: each settlement sentence
  covers the fields its words were made from, recorded as read (`Reading`).
- `conditions`: When a rule of a sheet applies to a game: switches that are off, values only
  another value makes meaningful, sentences that do not fit the game's pack, deal or banker
  (the run-out rule only where a deal can empty the pack: `deal_facts.pack_can_run_out`).
- `deal_facts`: What a deal can come to: the most cards one deal takes, whether the pack can
  run out during one, whether the players see the banker's first card before they stake.
- `sentences`: The rules of a ruleset as sentences, in the order a player meets them, in any
  language.
- `template_module`: What the sentences template is given (the helpers its macros call on a
  ruleset in a language) and how its output is tidied.
- `changes`: What an overlay changes, in words: a sentence is marked ◆ exactly where its
  words differ from its base's sentence of the same rule (or the base has none); the base's
  sentences it no longer has (`gone`); the words of an overlay's box; which rule a sentence
  key belongs to (`rule_of`: a named hand's `hand:<id>` is `named_hands`).
- `said`: One rule in words: the sentences that say a single field (the cost tables and the
  worked examples name a changed rule this way, without rendering the whole sheet).
- `narrate`: A worked example in words: what each hand did, and why it won or lost (a hand
  the banker opens, against the banker's hand at the opening).
- `readers`: Words for readers: field descriptions without the file format's asides, what a
  kind of ruleset is, sources as links.
- `chapters`: The order a player meets the rules in: chapters of ruleset sections, and rule
  anchors.
- `example_needs`: What a worked example needs its sheet to state: the rules its round
  takes.
- `rounds`: Sample rounds found by the engine: seeded deals played by the automatic
  policies.
- `va_bank`: A worked example of «va-bank» against a bank as it stands (the Russian home
  Очко), its figures what the engine placed.
- `lacking`: What a game lacks that its players might expect: a feature a bundled game of
  its own lineage has, or one common in a family its players know (its own kind of bank
  and pack, and the casino's with its pack: at least half of the family's lineages) ("Not
  in this game"), each feature with its words in one table (a free hand and a surrender
  are two).
- `home`: A casino game played at home: the home bank's unit (the ruleset's money) and the
  house's fixed prizes, which a home bank pays only as far as it holds.
- `reach`: Whether an ordinary total can reach the total a named hand holds (where it
  cannot, a comparison by total is the ranking's result, not an exception).
- `showings`: What a game has of its own that a worked example can show: its own named
  hands, a wild card, aces counted by the hand's cards, a banker who opens hands or calls a
  deal off.
- `costview`: The rule-cost table as a reader wants it: what each one-rule change does to
  the edge.
- `figures`: The analysis's figures where people look: the headline edge of every ruleset,
  what a variation or house overlay changes against its base, and the method in words.
- `adapters`: Narrow adapters to the layers the docs show but do not own: compare, analysis,
  conformance.
- `sentences` (the rules as sentences; `conditions`: when a rule applies to the game's pack,
  deal and banker)
- `settlement` (who beats whom, ties, busts, the peek and the exceptions in words from the
  resolved outcome table only, each sentence with its meaning as claims on pairs of hands,
  which the property test checks against what the engine pays; `claims`: the claims and how
  a reader reads them, no two of a sheet's general sentences disagreeing;
  `settlement_messages`: its sentences for the catalog; `reading`: each sentence's fields,
  those it says through the table and every one its words read, recorded as read)
- `hands` (each named hand in words from its definition and the outcome table, example hands
  from the game's own pack)
- `pack_words` (the pack and card values in words)
- `family_words` (an ace counted by the hand's cards, a named hand's conditions and fixed
  prize, in words)
- `figures` (the analysis once per build: headline edge, change against the base, method in
  words)
- `costview` (one-rule changes by effect, in the sheet's sentences: only the levers shown
  are put in words, memoised per ruleset)
- `said` (one rule in words)
- `readers` (words for readers: no file asides, kinds, source links)
- `rounds` (seeded engine rounds: the two a ruleset page shows, and `teaching_rounds`, one
  more per special rule of the game: a shoot bet with a kitty, a buy, a double, a split,
  insurance, a surrender, a raise; then one per rule of the game's own no other shows,
  `showings`, up to eight examples in all) + `narrate` (a replayed round told in words:
  the stake, each decision with its cards, the banker's own draws, each hand's cause from
  the outcome table and what it won or lost) + `example_needs` (the sentences a worked
  example needs: each decision's rule, the banker's drawing, the banker's play after every
  bust; a sheet prints only the examples whose every rule it states)
- `i18n` + `locale/` (Babel catalogs, en/ru/hy/pa/ur/de/it/vi; a source's own words in
  `locale/<lang>/LC_MESSAGES/<source>.po` over `messages.po` (English too: Sydney's and
  Chukchansi's dealer, hit and stand in `locale/en/LC_MESSAGES/woo-sydney.po`,
  `chukchansi.po`; Ban Luck's draw and stand in `timeout.po`), chosen by `i18n.words_of` from
  the ruleset's sources; `i18n.recording` notes every message a render looks up,
  `untranslated` those its catalog leaves in English)
- `letters` (card letters by catalog: Т К Д В)
"""
