"""The documentation site: the generated pages (rulesets, matrix, examples, analysis,
reference), the menu, the MkDocs hook that puts them into a build, building, serving and
publishing a site safely, users' own rulesets, downloads, and the message catalogs' upkeep.
The top stage of the docs: it reads `docs.words` and `docs.sheet`.

- `pages`: The generated part of the site: pages (Markdown) and files (CSS, sheets), by site
  path.
- `navigation`: The site's menu in the language of the page: the titles of `mkdocs.yml`'s
  nav, translated through the catalogs, set for each page before the theme draws it (and set
  back for the next page).
- `publish`: Putting a finished site in place without touching a file the build did not
  write.
- `hook`: The MkDocs hook (`hooks:` in mkdocs.yml) that puts the generated site into a
  build.
- `matrix`: The comparison matrix: every rule × every ruleset, as a table on two pages
  (`PARTS`: the deal, stakes and the player's turn; then the banker, settlement and between
  deals), each page under 300 KB.
- `analysis_pages`: The analysis pages: every ruleset's house edge, strategy card and the
  changes that move its edge most (`analysis.md`), and each ruleset's full cost table
  (`analysis/costs-ID.md`).
- `example_pages`: The worked examples: for each pair of source variants and each base with
  one of its variations or house overlays, the rounds that settle differently because of one
  rule.
- `manifest`: A site build's manifest: the files a build wrote, each with its size and
  SHA-256, and which listed file is still ours (`inside` the target, through real folders
  only, never under `.git`).
- `site`: Build and serve the documentation site (mkdocs.yml at the repository root).
- `extra`: A user's own rulesets on the site: `docs build --rulesets DIR` / `docs serve
  --rulesets DIR`.
- `downloads`: Files the site offers for download: the conformance vectors as one zip
  archive.
- `snippets`: Generated snippets inside hand-written pages: a marker such as `<!-- pr:edges
  -->` in a page of the docs folder is replaced, at build time, by text made from the data
  (the edges of every ruleset, what each variation costs), so a hand-written page never
  holds a copy of a number.
- `charts`: Pictures drawn from the figures, as plain data for inline SVG: the house edge
  against the number of packs.
- `reference`: The ruleset file format in words, from the pydantic field descriptions and
  the JSON Schema.
- `catalog`: The message catalogs: extract every translatable string, and keep the `.po`
  files in step.
- `pofiles`: A catalog written over its file as the file stands: an unchanged entry keeps
  its bytes, a new or changed one is written at the file's own width.

In detail (moved from ARCHITECTURE.md):

- `hook.py` generates ruleset pages, the matrix, examples, reference, analysis in memory at
  build time (and keeps `docs serve` serving the last good build when a rebuild fails)
- `pages` (ruleset pages, each with its every rule and source on a page of its own,
  `rulesets/rules/`, index, files)
- `example_pages` (worked examples in words)
- `analysis_pages` (edges, strategy cards, cost pages, the rulesets the analysis refuses)
- `matrix` (one table on two pages, `PARTS`, each under 300 KB)
- `charts` (edge by packs as SVG)
- `downloads` (the vectors zip, cached by source hash)
- `snippets` (generated text in hand-written pages)
- `site` (build, serve) + `publish` + `manifest` (a build owns only the files its manifest
  lists, each while its recorded size and SHA-256 still hold, never under `.git`, out of the
  folder or through a link: foreign files kept through an atomic exchange, recorded work
  folders, a lock per target folder)
- `extra` (`--rulesets DIR`: no links out, refused files never quoted, reserved ids)
- `catalog` (extract/update/init/check, the site's templates and the workbench's; a
  `sources` language is checked on its sheets' messages)
"""
