"""claimaudit: fact-check the numbers in AI-hardware announcements.

This module stays import-light (no pandas, no pint) so that the pytest plugin
and `claimaudit --help` load fast.
"""

from pipeline.errors import InputError, Problem

__version__ = "0.1.0"
__all__ = ["InputError", "Problem", "__version__"]
