"""A heartbeat file for container probes: no broadcast per probe.

``celery inspect ping`` as a probe publishes a broadcast that every worker of the cluster
receives and answers; at one probe per pod every few seconds that is O(pods²) messages.
Instead the worker's consumer touches ``WORKER_HEARTBEAT_FILE`` every
``WORKER_HEARTBEAT_INTERVAL`` seconds from its own event loop (its timer), once it is
consuming. The probe only compares the file's mtime with the clock (deploy/k8s):

- missing file: the worker has not started consuming yet (not ready);
- old file: the consumer's loop is stuck or disconnected from the broker.

Off unless ``WORKER_HEARTBEAT_FILE`` is set.
"""
from __future__ import annotations

import logging
import os
import time
from pathlib import Path

from celery import bootsteps

log = logging.getLogger(__name__)


def touch(path: str | os.PathLike) -> None:
    """Create ``path`` or set its mtime to now (errors are logged, never raised: a full
    disk must not stop the worker, the probe will say so)."""
    try:
        Path(path).touch()
    except OSError as exc:
        log.warning("could not touch the heartbeat file %s: %r", path, exc)


def age(path: str | os.PathLike, now: float | None = None) -> float:
    """Seconds since ``path`` was last touched; ``inf`` when it does not exist."""
    try:
        mtime = os.stat(path).st_mtime
    except FileNotFoundError:
        return float("inf")
    return (time.time() if now is None else now) - mtime


class Heartbeat(bootsteps.StartStopStep):
    """Consumer step: touch the heartbeat file now and then every interval."""

    # After the task consumer: the first touch means "taking tasks".
    requires = ("celery.worker.consumer.tasks:Tasks",)

    def __init__(self, parent, **kwargs) -> None:
        from productscraper.config import get_config

        cfg = get_config()
        self.path = cfg.worker_heartbeat_file
        self.interval = max(cfg.worker_heartbeat_s, 0.5)
        self.tref = None
        super().__init__(parent, **kwargs)

    def include_if(self, parent) -> bool:
        return bool(self.path)

    def start(self, parent) -> None:
        touch(self.path)
        self.tref = parent.timer.call_repeatedly(self.interval, touch, (self.path,))

    def stop(self, parent) -> None:
        # The file stays: its growing age is what tells the probe (a restarting consumer
        # is not yet a dead one; the liveness probe's threshold decides).
        if self.tref is not None:
            self.tref.cancel()
            self.tref = None

    shutdown = stop


def install(app) -> None:
    """Add the heartbeat step to ``app``'s consumer (it includes itself only when on)."""
    app.steps["consumer"].add(Heartbeat)


def main(argv: list[str] | None = None) -> int:
    """``python -m tasks.heartbeat MAX_AGE``: exit 0 when the file is younger (a probe for
    hosts without ``stat``; the Kubernetes manifests use a shell one-liner)."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    max_age = float(args[0]) if args else 60.0
    path = os.environ.get("WORKER_HEARTBEAT_FILE", "")
    return 0 if path and age(path) < max_age else 1


if __name__ == "__main__":
    raise SystemExit(main())
