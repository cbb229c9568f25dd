"""Browser processes as /proc shows them: finding, measuring and killing them.

Every browser gets a private directory ``<tmp>/productscraper-chrome-<pid>-<start>-XXXX``
(``pid``/``start`` identify the owning process). It holds the profile
(``--user-data-dir``), the chromedriver log and Chromium's crash database, so every
process of the browser - chromedriver, chromium and its children, and the crashpad
handlers that re-parent themselves to init - names it on its command line. That is how
a pool finds its browser's processes and how :func:`reap_orphans` recognises the
leftovers of a dead owner (e.g. a SIGKILLed Celery pool child). Nothing here imports
Selenium: ``stack down`` and a starting worker reap browsers without loading it.
"""
from __future__ import annotations

import logging
import os
import re
import shutil
import signal
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

logger = logging.getLogger(__name__)

DIR_PREFIX = "productscraper-chrome-"
_DIR_RE = re.compile(re.escape(DIR_PREFIX) + r"[A-Za-z0-9_.-]+")
_OWNER_RE = re.compile(re.escape(DIR_PREFIX) + r"(\d+)-(\d+)-")


@dataclass(frozen=True)
class ProcInfo:
    """One process as read from /proc."""

    pid: int
    ppid: int
    state: str
    starttime: int
    cmdline: str


def _read_proc(pid: int) -> ProcInfo | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return None
    rest = stat[stat.rindex(")") + 2:].split()  # comm may contain spaces and parentheses
    return ProcInfo(pid, int(rest[1]), rest[0], int(rest[19]),
                    cmdline.replace(b"\0", b" ").decode("utf-8", "replace"))


def _processes() -> Iterator[ProcInfo]:
    for name in os.listdir("/proc"):
        if name.isdigit():
            info = _read_proc(int(name))
            if info is not None:
                yield info


def _running(info: ProcInfo | None) -> bool:
    return info is not None and info.state not in ("Z", "X")  # zombies cannot be killed


def _is_browser(info: ProcInfo) -> bool:
    """chromium, chromedriver or chrome_crashpad_handler (not, say, a ``tail -f`` of the log)."""
    return "chrom" in os.path.basename(info.cmdline.split(" ", 1)[0])


def browser_processes(marker: str = DIR_PREFIX) -> list[ProcInfo]:
    """Running (non-zombie) browser processes whose command line contains ``marker``.

    With the default marker: every browser process this module started, in any process.
    """
    return [p for p in _processes() if _running(p) and marker in p.cmdline and _is_browser(p)]


def process_tree(root: int) -> list[int] | None:
    """``root`` and its descendants via /proc/PID/task/TID/children; None if unsupported."""
    tree, todo = [], [root]
    while todo:
        pid = todo.pop()
        tree.append(pid)
        try:
            tasks = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue  # exited meanwhile
        for tid in tasks:
            try:
                todo.extend(int(c) for c in Path(f"/proc/{pid}/task/{tid}/children").read_text().split())
            except FileNotFoundError:
                if pid == root:
                    return None  # kernel without CONFIG_PROC_CHILDREN
            except OSError:
                pass
    return tree


def owner_tag(pid: int | None = None) -> str:
    """``productscraper-chrome-<pid>-<starttime>-``: who owns a browser directory."""
    pid = os.getpid() if pid is None else pid
    info = _read_proc(pid)
    return f"{DIR_PREFIX}{pid}-{info.starttime if info else 0}-"


def _owner_alive(tag: str) -> bool | None:
    """Whether the process named in a browser directory runs; None if unparseable."""
    match = _OWNER_RE.search(tag)
    if not match:
        return None
    info = _read_proc(int(match.group(1)))
    # The start time guards against a recycled pid.
    return _running(info) and info.starttime == int(match.group(2))


def kill_all(pids: Sequence[int], timeout: float = 5.0) -> int:
    """SIGKILL ``pids`` and wait (briefly) until they are gone; how many were signalled."""
    killed = 0
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
            killed += 1
        except (ProcessLookupError, PermissionError):
            pass
    deadline = time.monotonic() + timeout
    pending = list(pids)
    while pending and time.monotonic() < deadline:
        pending = [pid for pid in pending if _running(_read_proc(pid))]
        if pending:
            time.sleep(0.02)
    return killed


def reap_orphans(base_dir: str | None = None) -> int:
    """Kill browsers left behind by dead owners; return how many processes were killed.

    A browser is orphaned when the process named in its directory
    (``productscraper-chrome-<pid>-<start>-``) no longer runs - typically a worker child
    that was SIGKILLed, whose chromedriver then hangs under init. For a directory name
    without an owner, the browser is orphaned when none of its processes has a live
    parent outside the browser other than init. Leftover directories of dead owners
    under ``base_dir`` (default: the temp dir) are removed too. Browsers of running
    processes are never touched. Safe to call at any time, e.g. when a worker starts.
    Run it in the workers' own PID namespace (container): owner pids are read there.
    """
    table = {p.pid: p for p in _processes()}
    groups: dict[str, list[ProcInfo]] = defaultdict(list)
    for proc in table.values():
        match = _DIR_RE.search(proc.cmdline)
        if match and _running(proc) and _is_browser(proc):
            groups[match.group(0)].append(proc)

    victims: list[int] = []
    for tag, procs in groups.items():
        alive = _owner_alive(tag)
        if alive is None:
            members = {p.pid for p in procs}
            alive = any(p.ppid > 1 and p.ppid not in members and _running(table.get(p.ppid))
                        for p in procs)
        if not alive:
            logger.warning("reaping orphaned browser %s (%d processes)", tag, len(procs))
            victims.extend(p.pid for p in procs)
    killed = kill_all(victims)

    for path in Path(base_dir or tempfile.gettempdir()).glob(DIR_PREFIX + "*"):
        if path.is_dir() and _owner_alive(path.name) is False:
            shutil.rmtree(path, ignore_errors=True)
    return killed


def _status_kb(pid: int, keys: Sequence[str]) -> dict[str, int]:
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return {}
    out = {}
    for line in lines:
        key, _, value = line.partition(":")
        if key in keys:
            out[key] = int(value.split()[0])
    return out


def _pss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def tree_memory(pids: Sequence[int], pss: bool = False) -> dict[str, float]:
    """``processes``, ``rss_mb`` (plain sum), ``private_mb`` and, if asked, ``pss_mb`` of ``pids``.

    Private memory counts RssAnon + RssShmem from /proc/PID/status. Not the plain sum of
    RSS: that counts Chromium's shared executable once per process (~930 MB for one
    idle browser on this machine, vs ~230 MB private and ~380 MB PSS). PSS reads
    smaps_rollup (~30-50 ms for one browser), so it is opt-in.
    """
    totals: dict[str, float] = {"processes": 0, "rss_mb": 0.0, "private_mb": 0.0}
    if pss:
        totals["pss_mb"] = 0.0
    for pid in pids:
        status = _status_kb(pid, ("VmRSS", "RssAnon", "RssShmem"))
        if not status:
            continue
        totals["processes"] += 1
        totals["rss_mb"] += status.get("VmRSS", 0) / 1024
        totals["private_mb"] += (status.get("RssAnon", 0) + status.get("RssShmem", 0)) / 1024
        if pss:
            totals["pss_mb"] += _pss_kb(pid) / 1024
    return totals
