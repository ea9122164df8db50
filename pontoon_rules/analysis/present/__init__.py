"""What the analysis shows: strategy charts, rule costs, banker policies, summaries.

Tables built over the methods (`analysis.edge`, `analysis.infinite`,
`analysis.composition`): `chart` (+ `tdchart` for a finite shoe's total-dependent
chart and its departures), `costs` (+ `costdata`, the stored full tables),
`realistic` (the changes a table would make; + `realisticdata`, the stored edges of those
the full tables lack),
`sharing` (variants solved here and on a helper process, kept busy), `warming` (the
realistic variations' graphs of hand states built ahead, while nothing waits),
`bankerpolicies`, `bands` (the edge of each band of stakes where named hands hold by the
stake: `edge`, the site, the workbench), and `summary` (the `edge` command's text and the
site's page).
"""
