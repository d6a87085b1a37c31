"""Progress on stderr while a command works: the stage it is in, then a bar with counts and
the time left while results are written. Shown only when stderr is a terminal and `--quiet`
is not given; a pipe, a file or a CI log gets nothing.

The bar is tqdm's (a small, well-kept library with an ETA), imported only once a bar is
drawn, so `--help`, the pytest plugin and quiet or piped runs never load it.
"""

from __future__ import annotations

from contextlib import contextmanager

from claimaudit.core import streams

CLEAR = "\r\033[K"


class Progress:
    def __init__(self, stream, enabled: bool):
        self.stream, self.enabled = stream, enabled
        self._shown = False

    @classmethod
    def on(cls, stream, quiet: bool = False) -> Progress:
        """Enabled when `stream` is a terminal and the command is not quiet."""
        try:
            terminal = stream.isatty()
        except (AttributeError, ValueError):
            terminal = False
        return cls(streams.Output(stream, streams.STREAM_NAMES[2]), terminal and not quiet)

    def stage(self, text: str) -> None:
        """`claimaudit: checking 1,000,000 claims…` on one line, replaced by the next stage."""
        if self.enabled:
            self.stream.write(f"{CLEAR}claimaudit: {text}…")
            self.stream.flush()
            self._shown = True

    def done(self) -> None:
        """Clear the stage line, so the command's own stderr lines start on a clean line."""
        if self.enabled and self._shown:
            self.stream.write(CLEAR)
            self.stream.flush()
            self._shown = False

    @contextmanager
    def bar(self, total: int, what: str):
        """A callable `advance(n)`: counts, rate and time left for `total` items."""
        if not self.enabled or total < 1:
            yield _nothing
            return
        from tqdm import tqdm

        self.done()
        with tqdm(total=total, desc=f"claimaudit: {what}", unit=" claims", unit_scale=True,
                  file=self.stream, leave=False, mininterval=0.2, dynamic_ncols=True) as shown:
            yield shown.update


def _nothing(count: int = 1) -> None:
    """The bar of a quiet run."""
