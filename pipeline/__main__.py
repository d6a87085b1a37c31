"""`python -m pipeline` is the same as the `claimaudit` command."""

import sys

from pipeline.cli import main

sys.exit(main())
