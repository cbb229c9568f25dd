"""Real services for the tests: a Redis server and a MongoDB-wire server (nx-27017)
started on free loopback ports, and the project's own CLI run as a user would."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pymongo import monitoring

from productscraper.operations.netutil import free_port, wait_listening
from productscraper.operations.stack import find_executable

ROOT = Path(__file__).resolve().parent.parent


find_bin = find_executable  # venv first, else PATH; a clear error naming `make setup`


@dataclass
class Server:
    """A server process the tests started."""

    name: str
    port: int
    cmd: list[str]
    proc: subprocess.Popen | None = None

    def start(self, timeout: float = 20.0) -> "Server":
        self.proc = subprocess.Popen(self.cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True)
        if not wait_listening("127.0.0.1", self.port, timeout):
            self.stop()
            raise RuntimeError(f"{self.name} did not start on port {self.port}: {self.cmd}")
        return self

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)

    def restart(self, down_for: float = 0.0) -> None:
        self.stop()
        time.sleep(down_for)
        self.start()


def redis_server(port: int | None = None) -> Server:
    """A throw-away redis-server on a free port (nothing on disk)."""
    port = port or free_port()
    return Server("redis", port, [find_bin("redis-server"), "--port", str(port), "--bind", "127.0.0.1",
                                  "--save", "", "--appendonly", "no"]).start()


def mongo_server(data_dir: Path, port: int | None = None) -> Server:
    """nx-27017 (MongoDB wire protocol on SQLite) on a free port.

    ``--data-dir`` gives each database its own file: without it every database name
    shares one set of collections, and tests would see each other's documents.
    """
    port = port or free_port()
    data_dir.mkdir(parents=True, exist_ok=True)
    return Server("mongo", port, [find_bin("nx-27017"), "--host", "127.0.0.1", "-p", str(port),
                                  "--data-dir", str(data_dir), "--pid-file", str(data_dir / "nx.pid"),
                                  "--log-file", str(data_dir / "nx.log")]).start()


def cli(*args: str, env: dict, timeout: float = 120.0, check: bool = True) -> subprocess.CompletedProcess:
    """Run ``python -m productscraper ARGS`` (or ``scrapy``) like a user; output captured."""
    cmd = [sys.executable, "-m", "productscraper", *args]
    if args and args[0] == "scrapy":
        cmd = [find_bin("scrapy"), *args[1:]]
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    if check and proc.returncode != 0:
        raise AssertionError(f"{cmd} exited {proc.returncode}\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr[-4000:]}")
    return proc


def python_json(script: str, *args: str, env: dict | None = None, stdin: str | None = None,
                timeout: float = 60.0) -> Any:
    """Run ``python -c SCRIPT ARGS`` in a fresh process; the JSON its last line printed.

    For checks that need a clean interpreter (what gets imported) or configuration read
    once at import (the broker URL of ``tasks.app``).
    """
    cmd = [sys.executable, "-c", script, *args]
    proc = subprocess.run(cmd, cwd=ROOT, env=env, input=stdin, capture_output=True, text=True,
                          timeout=timeout)
    if proc.returncode != 0:
        raise AssertionError(f"python -c exited {proc.returncode}\nstderr:\n{proc.stderr[-4000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


class MongoCommands(monitoring.CommandListener):
    """A pymongo listener that records the names of the commands a client sends.

    Connection housekeeping (handshakes, pings, session ends) is left out: ``names`` holds
    the round trips the code under test asked for.
    """

    HOUSEKEEPING = frozenset({"ping", "hello", "isMaster", "ismaster", "endSessions"})

    def __init__(self) -> None:
        self.names: list[str] = []

    def started(self, event) -> None:
        if event.command_name not in self.HOUSEKEEPING:
            self.names.append(event.command_name)

    def succeeded(self, event) -> None:
        pass

    def failed(self, event) -> None:
        pass
