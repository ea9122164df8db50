"""`python -m pontoon_rules` runs the CLI."""

from pontoon_rules.cli import main

if __name__ == "__main__":  # not where a worker process imports it again (`processes`)
    main()
