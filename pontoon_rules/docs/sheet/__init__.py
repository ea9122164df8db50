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
"""
