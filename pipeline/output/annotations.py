"""GitHub Actions output for `check --format github`: one workflow command per finding
(`::error file=F,line=L,title=T::message`, GitHub's annotation syntax), a closing `::notice`
with the counts, and the Markdown step summary written to `$GITHUB_STEP_SUMMARY`.

Findings: a pinned verdict that no longer holds and an inconsistent claim without a pin are
errors; an inconsistent claim pinned as inconsistent (a known slip, kept as a regression) is a
warning. The pytest plugin annotates its failing claim items with `pin_annotation`.
"""

from __future__ import annotations

from collections.abc import Iterable

from claimaudit.core.words import labels
from claimaudit.output.render import claimed_text, derived_text, markdown_table, verdict_label
from claimaudit.output.tally import Tally

SUMMARY_ROWS = 500          # findings listed in the step summary (GitHub caps it at 1 MiB)


def escape_data(text: str) -> str:
    """A workflow command's message: `%`, CR and LF percent-encoded (GitHub's toolkit rule)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A workflow command's property value: as a message, and `:` and `,` as well."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(level: str, message: str, file: str | None = None, line: int | None = None,
            title: str | None = None) -> str:
    """`::error file=F,line=L,title=T::message` (properties only where given)."""
    properties = [f"{name}={escape_property(str(value))}" for name, value in
                  (("file", file), ("line", line), ("title", title)) if value is not None]
    head = f"::{level} {','.join(properties)}" if properties else f"::{level}"
    return f"{head}::{escape_data(message)}"


def finding(record: dict, lang: str = "en") -> tuple[str, str, str] | None:
    """(level, title, message) for a record that deserves an annotation, else None."""
    expect, verdict = record.get("expect"), record["verdict"]
    words = labels(lang)
    figures = f"claimed {claimed_text(record, lang)}, derived {derived_text(record, words)}"
    if expect and expect != verdict:
        return ("error", "pinned verdict not met",
                f"claim '{record['id']}': expected {expect}, got {verdict_label(record, words)}: "
                f"{figures}")
    if verdict != "inconsistent":
        return None
    causes = record.get("explanations") or []
    cause = f"; likely cause: {causes[0]['cause']}" if causes else ""
    level = "warning" if expect == "inconsistent" else "error"
    return (level, "inconsistent claim",
            f"claim '{record['id']}': {verdict_label(record, words)}: {figures}{cause}")


def pin_annotation(record: dict) -> str:
    """The `::error` line the pytest plugin prints for a failing claim item."""
    level, title, message = finding(record) or ("error", "pinned verdict not met", "")
    return command(level, message, record["file"], record["line"], f"claimaudit: {title}")


class GithubOutput:
    """Annotations written as record chunks arrive; findings kept (up to SUMMARY_ROWS) for
    the step summary; counts kept for the closing notice."""

    def __init__(self, stream, lang: str = "en"):
        self.stream, self.lang = stream, lang
        self.tally = Tally()
        self.findings: list[dict] = []
        self.found = 0

    def add(self, records: Iterable[dict]) -> None:
        records = list(records)
        self.tally.add(records)
        lines = []
        for record in records:
            found = finding(record, self.lang)
            if found is None:
                continue
            level, title, message = found
            lines.append(command(level, message, record["file"], record["line"],
                                 f"claimaudit: {title}") + "\n")
            self.found += 1
            if len(self.findings) < SUMMARY_ROWS:
                self.findings.append(record)
        if self.stream is not None:
            self.stream.writelines(lines)

    def close(self) -> None:
        self.stream.write(command("notice", self.tally.summary(self.lang), title="claimaudit")
                          + "\n")

    def step_summary(self) -> str:
        """Markdown for `$GITHUB_STEP_SUMMARY`: the counts, then the findings' table."""
        out = ["## claimaudit check", "", self.tally.summary(self.lang), ""]
        if self.findings:
            out.append(markdown_table(self.findings, self.lang).split("\n\n")[0])
            if self.found > len(self.findings):
                out += ["", f"... and {self.found - len(self.findings)} more findings "
                            "(run `claimaudit check` for all)"]
        else:
            out.append("No inconsistent claims and no failed pins.")
        return "\n".join(out) + "\n"
