"""Reaching a Dask scheduler safely: the address checked first, a deadline on connecting.

`--scheduler` is someone's typing: `parse_address` accepts `tcp://HOST:PORT`,
`tls://HOST:PORT` or `HOST:PORT` (tcp) with a port from 1 to 65535, and refuses
anything else in one line before any connection is tried. Before the Dask client
speaks to a `tcp://` address, `probe` connects with a plain socket and waits for the
scheduler's greeting (a Dask server writes its handshake first): a port that accepts
and never replies (an HTTP server waits for a request) is refused after
`CONNECT_TIMEOUT` seconds, and one that replies with something that is not Dask's
framing (the client would read its first bytes as a length: "Unable to allocate
3.07 EiB") is refused at once. The client itself is then created under the same
deadline, and any failure becomes one `ClusterError` line.
"""

from __future__ import annotations

import ipaddress
import socket
import struct
import threading
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from pontoon_rules.errors import PontoonError

CONNECT_TIMEOUT = 10.0
"""Seconds to connect to a scheduler and hear its greeting (and again to set up the client)."""

SCHEMES = ("tcp", "tls")
"""The Dask transports `--scheduler` takes."""

_GREETING_MOST = 1 << 20
"""The largest first message a Dask scheduler's greeting is taken to be (it is ~1 KB)."""


class ClusterError(PontoonError):
    """The Dask scheduler cannot be reached, or distributed is not installed."""


@dataclass(frozen=True)
class Address:
    """A checked scheduler address."""

    scheme: str
    host: str
    port: int

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{host}:{self.port}"


def parse_address(text: str) -> Address:
    """The scheduler address `text` names.

    Raises:
        ClusterError: empty, an unknown scheme, no host, or no port from 1 to 65535.
    """
    from pontoon_rules.text import short

    shown = short(text, 60)
    if not text.strip():
        raise ClusterError(f"--scheduler {shown}: an empty address; give tcp://HOST:PORT (or "
                           "leave the option out to run here)")
    if any(c.isspace() for c in text):
        raise ClusterError(f"--scheduler {shown}: an address has no spaces; expected "
                           "tcp://HOST:PORT")
    try:
        split = urlsplit(text if "://" in text else f"tcp://{text}")
        host, port = split.hostname, split.port
    except ValueError:  # an unclosed '[', a port that is not a number or out of range
        raise ClusterError(f"--scheduler {shown}: expected tcp://HOST:PORT, with a port from "
                           "1 to 65535 (an IPv6 host in brackets: tcp://[::1]:8786)") from None
    if split.scheme not in SCHEMES:
        raise ClusterError(f"--scheduler {shown}: unknown transport {short(split.scheme, 20)}; "
                           f"expected one of {', '.join(s + '://' for s in SCHEMES)}")
    if not host or split.path not in ("", "/") or split.query or split.username:
        raise ClusterError(f"--scheduler {shown}: expected tcp://HOST:PORT, with a host and "
                           "nothing after the port")
    if port is None or not 1 <= port <= 65535:
        raise ClusterError(f"--scheduler {shown}: expected a port from 1 to 65535 after the "
                           "host (a Dask scheduler listens on 8786)")
    _check_host(host, shown)
    return Address(split.scheme, host, port)


def _check_host(host: str, shown: str) -> None:
    """Refuse a host that is neither an IP address nor a host name (letters, digits, '-')."""
    try:
        ipaddress.ip_address(host)
        return
    except ValueError:
        pass
    labels = host.rstrip(".").split(".")
    if not all(label and len(label) <= 63 and label.replace("-", "").isalnum()
               and label.isascii() for label in labels):
        raise ClusterError(f"--scheduler {shown}: not a host name or an IP address; expected "
                           "tcp://HOST:PORT")


def probe(address: Address, timeout: float | None = None) -> None:
    """Connect to a `tcp://` scheduler and wait for its greeting, within `timeout` seconds
    (`CONNECT_TIMEOUT` when None).

    Raises:
        ClusterError: nothing listens there, it does not reply, or its reply is not Dask's.
    """
    if address.scheme != "tcp":
        return
    timeout = CONNECT_TIMEOUT if timeout is None else timeout
    deadline = time.monotonic() + timeout
    try:
        with socket.create_connection((address.host, address.port), timeout=timeout) as sock:
            header = _receive(sock, 8, deadline)
    except TimeoutError:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: no reply within "
                           f"{timeout:g} s (is it a Dask scheduler?)") from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {reason}") from None
    if len(header) < 8:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: it closed the "
                           "connection without a greeting (is it a Dask scheduler?)")
    (length,) = struct.unpack("<Q", header)
    if not 0 < length <= _GREETING_MOST:
        raise ClusterError(f"{address} is not a Dask scheduler: it replied with something "
                           "that is not the Dask protocol")


def _receive(sock: socket.socket, count: int, deadline: float) -> bytes:
    data = b""
    while len(data) < count:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        sock.settimeout(left)
        chunk = sock.recv(count - len(data))
        if not chunk:
            break
        data += chunk
    return data


def connect(text: str, timeout: float | None = None) -> Any:
    """A Dask client of the scheduler at `text`, checked, probed and set up under a deadline
    (`CONNECT_TIMEOUT` seconds when None).

    Raises:
        ClusterError: a bad address, an unreachable or foreign server, or no distributed.
    """
    address = parse_address(text)
    timeout = CONNECT_TIMEOUT if timeout is None else timeout
    try:
        from distributed import Client
    except ImportError as e:  # pragma: no cover - the extra is installed by make test
        raise ClusterError("--scheduler needs the 'cluster' extra: "
                           "pip install 'pontoon-rules[cluster]'") from e
    probe(address, timeout)
    made: list[Any] = []
    failed: list[BaseException] = []

    def make() -> None:
        try:
            made.append(Client(str(address), timeout=f"{timeout:g}s"))  # type: ignore[no-untyped-call]
        except BaseException as error:  # noqa: BLE001 - reported as one line below
            failed.append(error)

    worker = threading.Thread(target=make, daemon=True, name="dask-connect")
    worker.start()
    worker.join(timeout * 2)
    if made:
        return made[0]
    reason = (f"{type(failed[0]).__name__}: {failed[0]}".split("\n", 1)[0][:200] if failed
              else f"no answer within {timeout * 2:g} s")
    raise ClusterError(f"cannot reach the Dask scheduler at {address}: {reason}")
