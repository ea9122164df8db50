"""The printed page: the printable rule sheet and strategy card (Markdown, standalone HTML, A4
PDF through WeasyPrint) laid out from the words of `docs.words`, and the page contexts
templates read. Reads `docs.words`; never `docs.website`.

- `sheet_view`: The context of a printable rule sheet: the rules in sentences, ranking,
  payouts, examples.
- `sheets`: Printable rule sheets: Markdown, standalone HTML (inlined CSS) and A4 PDF
  (WeasyPrint).
- `cards`: The printable strategy card: one A4 page beside each rule sheet (PDF,
  WeasyPrint).
- `strategy`: The strategy card: the analysis's best-strategy chart as one compact grid a
  player reads.
- `views`: Page contexts: rulesets, rounds and the comparison matrix as plain data for
  templates.
- `glossary`: Each game's key terms by language (`locale/glossary/<ruleset>.yaml`): the
  source's term, the players' term, the form its sheet prints and the words the players do
  not use (the source's term allowed once, quoted); `python -m
  pontoon_rules.docs.sheet.glossary` checks every printed sheet against them.

In detail (moved from ARCHITECTURE.md):

- `strategy` (the chart as one coloured grid)
- `cards` (printable strategy card PDF, kept in the cache folder)
- `sheets` (md/html/pdf via WeasyPrint: one page, two with Shoot Pontoon, an overlay's house
  box always in brief (`sheet_view.brief_box`: the rules marked ◆ are not repeated), the
  base's rules it drops left out where the sheet does not fit; a printed sheet names no
  file id; no worked example left out (one more page where they do not fit); a try that
  only changes the footer, the sources' sites, not laid out where what precedes the footer
  already lies past the budget: `least_pages`; the tight try stopped on the page where it
  could no longer win one back) +
  `sheet_view` (chapters in two columns balanced by the sheet font's metrics, a chapter may
  run on into the second; a long ranking gets the compact payout table across the page, each
  hand's rule in its row; the table's key)
- `locale/languages.yaml` + `ruleset/languages` (each language as data: name, direction, the
  fonts that shape its script, scope `all` or `sources`; `sheet_languages(ruleset)`:
  English, the `all` languages and its sources' languages; `sheets.require_translated`
  refuses a `sources` language's sheet with an English sentence)
"""
