"""The one error hierarchy of pontoon_rules.

    PontoonError
    ├── RulesetError(ValueError)      a ruleset file is invalid; carries every problem
    ├── ScriptError(ValueError)       a round script is malformed (card, ruleset, JSON)
    ├── ShoeError                     a stacked shoe ran out or holds impossible cards
    ├── IllegalActionError            an action that is not legal in the current state
    ├── AnalysisError(ValueError)     a question the analysis cannot answer (a banker policy or
    │                                 deck it does not know, a finite shoe of an infinite deck)
    └── OutputError                   an output file could not be written (disk full, no folder)

The CLI maps each class to one exit code in one place (`pontoon_rules.cli.errors`).
"""

from __future__ import annotations

from dataclasses import dataclass


class PontoonError(Exception):
    """Base class of every error this package raises on purpose."""


@dataclass(frozen=True)
class Problem:
    """One problem found in a ruleset file, with its position when known."""

    file: str
    line: int | None
    column: int | None
    path: str
    message: str

    def __str__(self) -> str:
        where = self.file
        if self.line is not None:
            where += f":{self.line}:{self.column or 1}"
        path = f" {self.path}:" if self.path else ""
        return f"{where}:{path} {self.message}"


class RulesetError(PontoonError, ValueError):
    """A ruleset could not be loaded; `problems` lists every problem found."""

    def __init__(self, problems: list[Problem], hints: list[str] | None = None) -> None:
        self.problems = list(problems)
        self.hints = list(hints or [])
        """What to do about the problems as a whole (a file of an earlier format: the
        command that rewrites it), printed after them."""
        super().__init__("\n".join(str(p) for p in self.problems))


class ScriptError(PontoonError, ValueError):
    """A round script is malformed (unknown card, unknown ruleset, bad JSON)."""


class AnalysisError(PontoonError, ValueError):
    """A request the analysis cannot answer (unknown policy, unsupported deal)."""


class ShoeError(PontoonError):
    """A stacked shoe ran out, or holds more copies of a card than the packs do."""


class IllegalActionError(PontoonError):
    """An action was applied that is not legal; names the action and the legal ones.

    `code` is one of the conformance vocabulary: `illegal_action`, `wrong_actor`,
    `bad_amount`.
    """

    def __init__(
        self, action: str, actor: str, legal: list[str], reason: str = "",
        code: str = "illegal_action",
    ) -> None:
        self.code = code
        self.action = action
        self.actor = actor
        self.legal = legal
        self.reason = reason
        why = f" ({reason})" if reason else ""
        super().__init__(
            f"illegal action {action!r} for {actor}{why}; legal: {', '.join(legal) or 'none'}"
        )


class OutputError(PontoonError):
    """An output file could not be written (full disk, missing folder, no permission)."""


class NativeUnavailableError(PontoonError):
    """A C kernel (the analysis's recursion, the simulator's rounds and sessions) is not
    built here and cannot be: no C compiler, or compiling switched off. The machine's
    state, not the input: exit 1, one line that says to install a wheel built for this
    platform or a C compiler."""
