"""A small lab of "hosts" for the multi-host tests: Linux network namespaces on a bridge.

Each host is a network namespace with one veth interface (``eth0``) on a bridge the lab
creates, addressed from 198.18.0.0/24 (RFC 2544's range for network tests). The root
namespace gets no address on that bridge and no namespace gets a default route, so
nothing in the lab can reach, or be reached from, any other network; processes in it
talk only over the lab's addresses. Cutting a host's link = its bridge port down.

Everything the lab makes is named ``psm<pid in base 36>-...``: :func:`clean_stale`
removes what a lab of a dead process left behind (a killed test run), and
:meth:`Lab.close` removes this lab's namespaces, links and processes, also on failure.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

SUBNET = "198.18.0"
PREFIX = "psm"
_NAME_RE = re.compile(rf"^{PREFIX}([0-9a-z]+)-")


def _b36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if not n:
            return out


def ip(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    """Run ``ip ARGS``; raise with its error output when ``check`` and it fails."""
    proc = subprocess.run(["ip", *args], capture_output=True, text=True, timeout=30)
    if check and proc.returncode != 0:
        raise RuntimeError(f"ip {' '.join(args)}: {proc.stderr.strip()}")
    return proc


def unavailable_reason() -> str | None:
    """Why namespaces cannot be made here (None when they can)."""
    if sys.platform != "linux":
        return "network namespaces need Linux"
    if not shutil.which("ip"):
        return "the `ip` command (iproute2) is not installed"
    if os.geteuid() != 0:
        return "creating network namespaces needs root"
    probe = f"{PREFIX}{_b36(os.getpid())}-probe"
    made = ip("netns", "add", probe, check=False)
    if made.returncode != 0:
        return f"cannot create a network namespace: {made.stderr.strip()}"
    ip("netns", "del", probe, check=False)
    return None


def _owner_alive(name: str) -> bool:
    match = _NAME_RE.match(name)
    if not match:
        return True  # not ours: never touched
    pid = int(match.group(1), 36)
    return pid == os.getpid() or Path(f"/proc/{pid}").exists()


def clean_stale() -> list[str]:
    """Delete namespaces and links of labs whose test process is gone; their names."""
    removed = []
    for line in ip("netns", "list", check=False).stdout.splitlines():
        name = line.split()[0] if line.split() else ""
        if name.startswith(PREFIX) and not _owner_alive(name):
            _kill_pids(ip("netns", "pids", name, check=False).stdout.split())
            ip("netns", "del", name, check=False)
            removed.append(name)
    for link in json.loads(ip("-j", "link", "show", check=False).stdout or "[]"):
        name = link.get("ifname", "")
        if name.startswith(PREFIX) and not _owner_alive(name):
            ip("link", "del", name, check=False)
            removed.append(name)
    return removed


def _kill_pids(pids) -> None:
    for pid in pids:
        try:
            os.kill(int(pid), signal.SIGKILL)
        except (ProcessLookupError, ValueError):
            pass


class Lab:
    """Hosts on one bridge: ``Lab({"store": 10, "control": 20})`` -> 198.18.0.10, .20."""

    def __init__(self, hosts: dict[str, int]) -> None:
        self.token = f"{PREFIX}{_b36(os.getpid())}"
        self.hosts = dict(hosts)
        self.bridge = f"{self.token}-br"
        self.procs: list[subprocess.Popen] = []
        self._made_ns: list[str] = []
        self._made_links: list[str] = []

    # -- names and addresses
    def ns(self, host: str) -> str:
        return f"{self.token}-{host}"

    def port_of(self, host: str) -> str:
        """The host's bridge port (root-namespace end of its veth), at most 15 characters."""
        return f"{self.token}-{host[:2]}{self.hosts[host] % 100:02d}"[:15]

    def addr(self, host: str) -> str:
        return f"{SUBNET}.{self.hosts[host]}"

    # -- building and tearing down
    def build(self) -> "Lab":
        clean_stale()
        ip("link", "add", self.bridge, "type", "bridge")
        self._made_links.append(self.bridge)
        ip("link", "set", self.bridge, "up")
        for host in self.hosts:
            ns, port = self.ns(host), self.port_of(host)
            ip("netns", "add", ns)
            self._made_ns.append(ns)
            ip("link", "add", port, "type", "veth", "peer", "name", "eth0", "netns", ns)
            self._made_links.append(port)
            ip("-n", ns, "addr", "add", f"{self.addr(host)}/24", "dev", "eth0")
            ip("-n", ns, "link", "set", "eth0", "up")
            ip("-n", ns, "link", "set", "lo", "up")
            ip("link", "set", port, "master", self.bridge)
            ip("link", "set", port, "up")
        return self

    def close(self) -> None:
        """Stop every process started in the lab, delete its namespaces and links."""
        for proc in self.procs:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        for proc in self.procs:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                pass
        for ns in self._made_ns:  # anything else that got into a namespace
            _kill_pids(ip("netns", "pids", ns, check=False).stdout.split())
        for ns in self._made_ns:
            ip("netns", "del", ns, check=False)
        for link in self._made_links:
            if ip("link", "show", link, check=False).returncode == 0:
                ip("link", "del", link, check=False)

    def leftovers(self) -> list[str]:
        """This lab's namespaces and links that still exist (empty after :meth:`close`)."""
        names = [line.split()[0] for line in ip("netns", "list").stdout.splitlines() if line.split()]
        links = [l.get("ifname", "") for l in json.loads(ip("-j", "link", "show").stdout or "[]")]
        return [n for n in names + links if n.startswith(self.token + "-")]

    # -- faults
    def cut(self, host: str) -> None:
        """The host's link down: its packets go nowhere (a silent partition, no RST)."""
        ip("link", "set", self.port_of(host), "down")

    def restore(self, host: str) -> None:
        ip("link", "set", self.port_of(host), "up")

    # -- processes
    def spawn(self, host: str, cmd: list[str], env: dict, log: Path, cwd: Path | None = None,
              prefix: list[str] = ()) -> subprocess.Popen:
        """Start ``cmd`` in ``host``'s namespace, in a session of its own (output in ``log``)."""
        with open(log, "ab") as fh:
            proc = subprocess.Popen(["ip", "netns", "exec", self.ns(host), *prefix, *cmd],
                                    env=env, cwd=cwd, stdout=fh, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL, start_new_session=True)
        self.procs.append(proc)
        return proc

    def run(self, host: str, cmd: list[str], env: dict, timeout: float = 120,
            cwd: Path | None = None) -> subprocess.CompletedProcess:
        """Run ``cmd`` to the end in ``host``'s namespace (output captured)."""
        return subprocess.run(["ip", "netns", "exec", self.ns(host), *cmd], env=env, cwd=cwd,
                              capture_output=True, text=True, timeout=timeout)

    def wait_listening(self, host: str, port: int, timeout: float = 20) -> bool:
        """True once ``host``'s address accepts TCP on ``port`` (checked from that host)."""
        probe = ("import socket,sys,time\nend=time.time()+float(sys.argv[3])\n"
                 "while time.time()<end:\n"
                 " try: socket.create_connection((sys.argv[1],int(sys.argv[2])),1).close(); sys.exit(0)\n"
                 " except OSError: time.sleep(0.1)\nsys.exit(1)")
        out = self.run(host, [sys.executable, "-c", probe, self.addr(host), str(port), str(timeout)],
                       env=dict(os.environ), timeout=timeout + 10)
        return out.returncode == 0
