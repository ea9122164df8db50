"""Which fields of `Rules` a computation reads, so that rules equal in those fields can
share its result.

`costs` solves a ruleset's variants, one field changed in each. Many change something the
ruleset's own solve never reads (a buy's range where nobody may buy, what a hand the banker
cannot hold collects): such a variant makes the same reads, sees the same values, takes the
same branches and finds the same edge. `Recorded` wraps a `Rules` and notes every attribute
read through it with the value it gave (of a mapping such as the outcome table `cells`,
each key looked up, unless the whole mapping is read); `reads_equal` says whether other
rules give equal values for all of them. The compiled analysis's hand-state graphs are
shared the same way (`composition.compiled`); a graph reads the number of packs only as
far as a suited hand's suits can tell it apart, an entry of its own (`Coarse`).

This holds because the computation is a function of what it reads: it gets the rules only
through the wrapper, and whatever it keeps between calls is keyed by values it read (or by
the rules object itself, which the wrapper is not). A value that cannot be compared for
equality, or compares unequal however alike (a bound method, an object equal only to
itself), only makes the test fail: a variant is solved whenever in doubt.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, cast

from pontoon_rules.engine.round.rules import Rules

MISSING = object()
"""What a key a mapping does not hold reads as."""
Read = dict[Any, Any]
"""What was read: attribute name -> value, or (name, key) -> one entry of a mapping."""


class Recorded:
    """`rules` read through: every attribute read is noted in `read` with its value (the
    first read of a name records it and keeps the value on the wrapper, so that later
    reads cost what a plain attribute does; a dict comes back as `Entries`)."""

    def __init__(self, rules: Rules | Recorded) -> None:
        self.__dict__["_rules"] = rules
        self.__dict__["read"] = {}

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._rules, name)
        if isinstance(value, (dict, Entries)):  # a mapping read through another wrapper too
            value = Entries(name, value, self.read)
        else:
            self.read[name] = value
        self.__dict__[name] = value
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"rules are read-only (setting {name})")


def recording(rules: Rules) -> tuple[Rules, Read]:
    """`rules` read through `Recorded` (typed as the rules it stands for), and what it has
    read so far (filled in as it is read)."""
    seen = Recorded(rules)
    return cast(Rules, seen), seen.read


class Entries(Mapping[Any, Any]):
    """A dict field of `Recorded` rules: a key looked up (`[]`, `get`, `in`) is noted as
    `(name, key)`; anything else (iterating, its length) notes the whole dict."""

    def __init__(self, name: str, entries: Mapping[Any, Any], read: Read) -> None:
        self._name, self._entries, self._read = name, entries, read

    def __getitem__(self, key: Any) -> Any:
        self._read[(self._name, key)] = self._entries.get(key, MISSING)
        return self._entries[key]

    def get(self, key: Any, default: Any = None) -> Any:
        """`Mapping.get`, noted as `[]` is, without the `KeyError` it raises for a key the
        mapping lacks (a graph of hand states asks for a named hand state by state)."""
        found = self._read[(self._name, key)] = self._entries.get(key, MISSING)
        return default if found is MISSING else found

    def __iter__(self) -> Iterator[Any]:
        self._read[self._name] = self.plain()
        return iter(self._entries)

    def __len__(self) -> int:
        self._read[self._name] = self.plain()
        return len(self._entries)

    def plain(self) -> Mapping[Any, Any]:
        """The mapping under any number of wrappers (what a whole read notes)."""
        entries = self._entries
        while isinstance(entries, Entries):
            entries = entries._entries
        return entries

    def __contains__(self, key: object) -> bool:
        self._read[(self._name, key)] = self._entries.get(key, MISSING)
        return key in self._entries


@dataclass(frozen=True)
class Through:
    """A `Read` entry of rules derived from the recorded ones (an up-card group's rules,
    `upcards.UpCardModel`): `what` (None: the derived value itself) of `derive(rules)`.
    Noting these instead of the whole ruleset the derivation reads lets a variant whose
    derived rules read alike share the solve; `derive` returns `MISSING` (or a value
    that says why) where the variant has no such rules."""

    derive: Callable[[Rules], Any]
    what: Any = None

    @property
    def name(self) -> str | None:
        """The attribute of the derived rules read (None: the derived value itself)."""
        return None if self.what is None else read_name(self.what)


@dataclass(frozen=True)
class Coarse(Through):
    """A `Read` entry of one field read coarsely: `derive(rules)`, a value that tells apart
    only the values of `field` a computation can tell apart (the number of packs as far as
    the suits of a named hand read it, `named.suit_count`), so that rules that differ
    only beyond it share what was computed. Noted by `read_coarse`."""

    field: str = ""

    @property
    def name(self) -> str:
        """The field read coarsely."""
        return self.field


def read_coarse(rules: Rules | Recorded, entry: Coarse) -> Any:
    """`entry`'s value of `rules`, noted as such by every `Recorded` wrapper of them (none of
    them notes `entry.field` itself: `derive` reads the plain rules)."""
    value = entry.derive(unwrapped(rules))
    while isinstance(rules, Recorded):
        rules.read[entry] = value
        rules = rules._rules
    return value


def read_name(what: Any) -> Any:
    """The attribute of `Rules` a `Read` entry reads (of a derived rules' entry, theirs)."""
    if isinstance(what, Through):
        return what.name
    return what if isinstance(what, str) else what[0]


def value_read(rules: Rules | Recorded, what: Any) -> Any:
    """What `rules` give for one entry of a `Read` (reading it through any wrapper)."""
    if isinstance(what, Through):
        derived = what.derive(unwrapped(rules))
        if what.what is None or not isinstance(derived, Rules):
            return derived
        return value_read(derived, what.what)
    if isinstance(what, tuple):
        name, key = what
        entries = getattr(rules, name)
        return entries[key] if key in entries else MISSING
    return getattr(rules, what)


def reads_equal(read: Read, rules: Rules) -> bool:
    """Whether `rules` give an equal value for every entry of `read`."""
    return all(_equal(value, value_read(rules, what)) for what, value in read.items())


def replay(read: Read, rules: Rules | Recorded) -> None:
    """Reads every entry of `read` through `rules` (so that a wrapper notes them): a whole
    mapping read whole (a wrapper hands a mapping back unnoted until it is iterated, so a
    graph found again would leave its whole `named` unnoted, and a variant changing it
    would read alike)."""
    for what in read:
        if isinstance(what, Coarse):
            read_coarse(rules, what)
            continue
        value = value_read(rules, what)
        if isinstance(what, Through) and isinstance(rules, Recorded):
            rules.read[what] = value  # read past the wrapper: noted as it is
        elif isinstance(value, Entries):
            len(value)  # noted whole, as the read that made `read` noted it


def unwrapped(rules: Rules | Recorded) -> Rules:
    """The `Rules` under any number of `Recorded` wrappers."""
    while isinstance(rules, Recorded):
        rules = rules._rules
    return rules


def _equal(a: Any, b: Any) -> bool:
    """`a == b` where that is a plain True; anything else (an error, an array) is False."""
    if a is MISSING or b is MISSING:
        return a is b
    if type(a) is not type(b):
        return False
    try:
        same = a == b
    except Exception:  # noqa: BLE001 - a value that cannot be compared is not equal
        return False
    return same is True
