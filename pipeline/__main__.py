"""`python -m claimaudit` is the same as the `claimaudit` command."""

import sys

from claimaudit.cli import main

sys.exit(main())
