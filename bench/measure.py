"""CPU and memory of process trees, read from /proc (Linux only, no psutil).

* :func:`tree_cpu` / :func:`tree_rss`: a process and all its live descendants, at one moment.
* :class:`Sampler`: a thread summing the RSS of named process groups every 0.2 s and
  keeping the peak (memory is the one figure that cannot be read after the fact).
* :class:`MeasuredProcess`: a subprocess in its own session whose exact CPU time is
  taken from ``wait4``'s rusage when it exits (a /proc sample would miss its last 0.2 s).
* :class:`ChunkLog`: CPU at every ``chunk`` completed tasks, for per-chunk means.
* :class:`CpuAccount`: CPU seconds of named process groups (the spider, the workers,
  redis-server, nx-27017, the site) between two moments, each group on its own.
"""
from __future__ import annotations

import os
import signal
import statistics
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

CLK_TCK = os.sysconf("SC_CLK_TCK")
PAGE_SIZE = os.sysconf("SC_PAGE_SIZE")
MB = 1024 * 1024


def _stat_fields(pid: int) -> list[str] | None:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            # The command name may contain spaces and ')': split after the last ')'.
            return fh.read().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def cpu_seconds(pid: int) -> float:
    """User+system CPU of ``pid`` plus that of the children it has already reaped."""
    f = _stat_fields(pid)
    if f is None:
        return 0.0
    # After ')': state ppid … utime(11) stime(12) cutime(13) cstime(14), 0-based.
    return sum(int(x) for x in f[11:15]) / CLK_TCK


def rss_bytes(pid: int) -> int:
    """Resident set size of ``pid`` (0 when it is gone or a zombie)."""
    try:
        with open(f"/proc/{pid}/statm") as fh:
            return int(fh.read().split()[1]) * PAGE_SIZE
    except (OSError, IndexError, ValueError):
        return 0


def children(pid: int) -> list[int]:
    """Direct children of ``pid`` (from every thread's ``children`` list)."""
    found: list[int] = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for tid in tasks:
        try:
            with open(f"/proc/{pid}/task/{tid}/children") as fh:
                found.extend(int(c) for c in fh.read().split())
        except OSError:
            continue
    return found


def tree(roots: list[int]) -> set[int]:
    """``roots`` and all their live descendants."""
    seen: set[int] = set()
    todo = list(roots)
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        todo.extend(children(pid))
    return seen


def tree_cpu(roots: list[int]) -> float:
    """CPU seconds of the process trees under ``roots`` (reaped children included)."""
    return sum(cpu_seconds(p) for p in tree(roots))


def tree_rss(roots: list[int]) -> int:
    """Summed RSS (bytes) of the process trees under ``roots``."""
    return sum(rss_bytes(p) for p in tree(roots))


@dataclass
class _Group:
    roots: list[int]
    system: bool  # counts towards the scenario's peak (False: servers, the site)
    peak: int = 0


class Sampler(threading.Thread):
    """Samples the RSS of named process groups every ``interval`` seconds.

    ``peak_system()`` is the highest *sum* over the groups marked ``system`` seen in one
    sample since :meth:`reset`, i.e. the memory the measured system needed at once.
    """

    def __init__(self, interval: float = 0.2) -> None:
        super().__init__(name="rss-sampler", daemon=True)
        self.interval = interval
        self._groups: dict[str, _Group] = {}
        self._lock = threading.Lock()
        self._stop_event = threading.Event()
        self._peak_system = 0

    def watch(self, name: str, roots: list[int], system: bool = True) -> None:
        """Start (or extend) sampling the group ``name``."""
        with self._lock:
            group = self._groups.setdefault(name, _Group([], system))
            group.roots.extend(r for r in roots if r not in group.roots)
        self.sample()  # a short-lived process is seen at least once

    def unwatch(self, name: str) -> None:
        """Stop sampling ``name`` (its peak is kept until :meth:`reset`)."""
        with self._lock:
            group = self._groups.get(name)
            if group:
                group.roots = []

    def reset(self) -> None:
        """Forget every group and peak (start of a scenario)."""
        with self._lock:
            self._groups.clear()
            self._peak_system = 0

    def sample(self) -> None:
        """Take one sample now."""
        with self._lock:
            total = 0
            for group in self._groups.values():
                rss = tree_rss(group.roots) if group.roots else 0
                group.peak = max(group.peak, rss)
                if group.system:
                    total += rss
            self._peak_system = max(self._peak_system, total)

    def peak_system(self) -> int:
        """Peak summed RSS (bytes) of the system groups."""
        with self._lock:
            return self._peak_system

    def peak(self, name: str) -> int:
        """Peak RSS (bytes) of one group."""
        with self._lock:
            group = self._groups.get(name)
            return group.peak if group else 0

    def run(self) -> None:
        while not self._stop_event.wait(self.interval):
            self.sample()

    def stop(self) -> None:
        """End the thread."""
        self._stop_event.set()


@dataclass
class Usage:
    """How a :class:`MeasuredProcess` ended."""

    returncode: int
    cpu_s: float
    maxrss_mb: float
    ended_at: float  # time.time() when it was seen exiting


class MeasuredProcess:
    """A subprocess in its own session (so its whole group can be stopped), output to a log."""

    def __init__(self, cmd: list[str], env: dict, log: Path, cwd: Path | None = None) -> None:
        self.cmd = cmd
        self.log = log
        log.parent.mkdir(parents=True, exist_ok=True)
        with open(log, "ab") as fh:
            self.proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=fh, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL, start_new_session=True)
        self.pid = self.proc.pid
        self.usage: Usage | None = None

    def poll(self) -> Usage | None:
        """The usage once the process has exited (reaped with ``wait4``), else None."""
        if self.usage is None:
            pid, status, ru = os.wait4(self.pid, os.WNOHANG)
            if pid == self.pid:
                self.proc.returncode = os.waitstatus_to_exitcode(status)
                self.usage = Usage(self.proc.returncode, ru.ru_utime + ru.ru_stime,
                                   ru.ru_maxrss / 1024, time.time())
        return self.usage

    def wait(self, timeout: float) -> Usage:
        """Block until exit; TimeoutError (after stopping it) when it runs too long."""
        deadline = time.monotonic() + timeout
        while self.poll() is None:
            if time.monotonic() > deadline:
                self.stop()
                raise TimeoutError(f"{self.cmd[:4]} still running after {timeout:.0f} s; see {self.log}")
            time.sleep(0.05)
        assert self.usage is not None
        return self.usage

    def stop(self) -> None:
        """SIGTERM the process group, SIGKILL it if it lingers; reap. Idempotent."""
        if self.poll() is not None:
            return
        for sig, grace in ((signal.SIGTERM, 10.0), (signal.SIGKILL, 5.0)):
            try:
                os.killpg(self.pid, sig)
            except ProcessLookupError:
                pass
            deadline = time.monotonic() + grace
            while self.poll() is None and time.monotonic() < deadline:
                time.sleep(0.05)
            if self.usage is not None:
                return

    def output(self) -> str:
        """The log written so far."""
        try:
            return self.log.read_text(errors="replace")
        except OSError:
            return ""

    def __enter__(self) -> "MeasuredProcess":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


@dataclass
class ChunkLog:
    """CPU seconds observed each time another ``chunk`` tasks have completed.

    Observations come from a poll loop, so a "chunk" is the work between two samples
    taken just after a multiple of ``chunk`` was crossed: means use the real counts.
    """

    chunk: int = 200
    samples: list[tuple[int, float]] = field(default_factory=lambda: [(0, 0.0)])

    def observe(self, done: int, cpu_s: float) -> None:
        """Record ``(done, cpu)`` when ``done`` reached the next multiple of ``chunk``."""
        if done // self.chunk > self.samples[-1][0] // self.chunk:
            self.samples.append((done, cpu_s))

    def means(self) -> list[float]:
        """CPU seconds per task of each completed chunk."""
        out = []
        for (d0, c0), (d1, c1) in zip(self.samples, self.samples[1:]):
            if d1 > d0:
                out.append((c1 - c0) / (d1 - d0))
        return out

    def median(self) -> float | None:
        """Median of :meth:`means`, None before the first full chunk."""
        means = self.means()
        return statistics.median(means) if means else None


class CpuAccount:
    """CPU seconds of named process groups over a window, group by group.

    Each group is a list of root pids, read with :func:`tree_cpu` (every live
    descendant, plus the children already reaped). A group added after :meth:`start`
    counts from zero (a process started inside the window); a group whose CPU is known
    exactly (a :class:`MeasuredProcess`'s ``wait4`` rusage) is given with :meth:`add`.
    """

    def __init__(self) -> None:
        self._roots: dict[str, list[int]] = {}
        self._start: dict[str, float] = {}
        self._fixed: dict[str, float] = {}

    def watch(self, name: str, roots: list[int]) -> None:
        """Account the trees under ``roots`` as group ``name`` (from now if started)."""
        self._roots.setdefault(name, []).extend(roots)
        if self._start and name not in self._start:
            self._start[name] = 0.0  # started inside the window: all of its CPU counts

    def start(self) -> None:
        """The window's start: every watched group's CPU so far."""
        self._start = {name: tree_cpu(roots) for name, roots in self._roots.items()}

    def add(self, name: str, cpu_s: float) -> None:
        """A group's CPU measured otherwise (e.g. from ``wait4`` at its exit)."""
        self._fixed[name] = self._fixed.get(name, 0.0) + cpu_s

    def stop(self) -> dict[str, float]:
        """CPU seconds of each group since :meth:`start` (``add``-ed groups as given)."""
        out = {name: tree_cpu(roots) - self._start.get(name, 0.0) for name, roots in self._roots.items()}
        for name, cpu_s in self._fixed.items():
            out[name] = out.get(name, 0.0) + cpu_s
        return out
