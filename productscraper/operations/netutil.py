"""Small network helpers for the local stack."""
from __future__ import annotations

import socket
import time
from urllib.parse import urlsplit

LOOPBACK = {"127.0.0.1", "localhost", "::1"}


def host_port(url: str, default_port: int) -> tuple[str, int]:
    """(host, port) of a service URL such as ``redis://127.0.0.1:6379/0``."""
    parts = urlsplit(url)
    return parts.hostname or "127.0.0.1", parts.port or default_port


def is_loopback(host: str) -> bool:
    """True for this machine's loopback names and the 127/8 range."""
    return host in LOOPBACK or host.startswith("127.")


def listening(host: str, port: int, timeout: float = 0.5) -> bool:
    """True when something accepts TCP connections on host:port."""
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def wait_listening(host: str, port: int, timeout: float = 20.0) -> bool:
    """Poll until host:port accepts connections or ``timeout`` passes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if listening(host, port, 0.3):
            return True
        time.sleep(0.1)
    return False


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
