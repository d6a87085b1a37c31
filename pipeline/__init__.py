"""claimaudit: fact-check the numbers in AI-hardware announcements.

This module stays import-light (no pandas, no pint) so that the pytest plugin
and `claimaudit --help` load fast.
"""

from pipeline.errors import ClaimauditError, InputError, OutputError, Problem

__version__ = "0.1.0"
__all__ = ["ClaimauditError", "InputError", "OutputError", "Problem", "__version__"]
