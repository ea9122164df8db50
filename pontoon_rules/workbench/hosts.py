"""The names the workbench answers to, and whether a request's origin is its own page.

A DNS rebinding attack points a name the attacker owns at this machine: the browser
then sends the attacker's name as the Host. So the server answers only to the
loopback names, the address it serves, this machine's own names and the addresses
they resolve to (on a wildcard bind), names given with --allow-host, and the local
address a request arrived at (`app.Guard`); and a request that names an Origin is
taken only when the Origin is the Host's own page, scheme, name and port.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]

LOOPBACK = ("127.0.0.1", "localhost", "::1")
WILDCARD = ("0.0.0.0", "::", "")


def allowed_hosts(host: str, extra: tuple[str, ...] = ()) -> frozenset[str]:
    """The Host names the server answers to: the loopback names, `host` itself, and
    `extra` (--allow-host); on a wildcard `host`, this machine's own names and addresses
    (`machine_names`). The local address a request arrived at is also accepted
    (`app.Guard`): a name re-pointed at this machine never is."""
    names = {*LOOPBACK, *(host_name(e) for e in extra if e.strip())}
    if host in WILDCARD:
        names |= machine_names()
    else:
        names.add(host.strip("[]").lower())
    return frozenset(names)


def machine_names() -> set[str]:
    """This machine's host name (short and as given) and the addresses it resolves to."""
    import socket

    names: set[str] = set()
    try:
        hostname = socket.gethostname().lower()
    except OSError:
        return names
    if hostname:
        names |= {hostname, hostname.split(".", 1)[0]}
        try:
            found = socket.getaddrinfo(hostname, None, proto=socket.IPPROTO_TCP)
        except (OSError, UnicodeError):
            found = []
        names |= {str(info[4][0]).split("%", 1)[0].lower() for info in found}
    return names


def host_name(value: str) -> str:
    """The name part of a Host header ('127.0.0.1:8765' -> '127.0.0.1', '[::1]:1' -> '::1')."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:].split("]", 1)[0]
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def same_origin(origin: str, host: str, scope: Scope) -> bool:
    """Whether a request's Origin is the page this Host serves: scheme, name and port."""
    scheme = str(scope.get("scheme", "http"))
    default = "443" if scheme == "https" else "80"
    found = origin.strip().lower()
    if not found.startswith(f"{scheme}://"):
        return False
    return _with_port(found.split("://", 1)[1], default) == _with_port(host.lower(), default)


def _with_port(value: str, default: str) -> tuple[str, str]:
    """A Host (or an origin's host part) as (name, port), the scheme's port when none."""
    value = value.strip().rstrip("/")
    if value.startswith("["):
        name, _, rest = value[1:].partition("]")
        return name, rest[1:] if rest.startswith(":") and rest[1:] else default
    if value.count(":") == 1:
        name, port = value.split(":")
        return name, port or default
    return value, default
