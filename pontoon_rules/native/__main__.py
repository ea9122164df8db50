"""`python -m pontoon_rules.native`: build the C kernels now."""

import sys

from pontoon_rules.native import main

sys.exit(main())
