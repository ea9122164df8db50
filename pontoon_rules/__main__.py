"""`python -m pontoon_rules` runs the CLI."""

from pontoon_rules.cli import main

main()
