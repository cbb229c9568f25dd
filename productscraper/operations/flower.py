"""Flower, with every worker in its worker list: ``python -m productscraper.operations.flower ARGS``.

Why: Flower 2's ``/api/workers`` (and its Workers page) answers from a cache that an
``inspect`` broadcast fills once, when Flower starts, and again only on ``?refresh=1``. A
worker that came online after Flower (``stack up`` starts them side by side; a new pod)
is missing until someone refreshes: right after a run it answered ``{}``. And the
broadcast waits 1 s for answers, which a worker busy with 16 pages, or still starting,
misses.

What: the worker's own events fix it without a broadcast per poll. Flower already
receives every worker's ``worker-online`` and ``worker-heartbeat`` (every 2 s); when one
comes from a worker its cache does not hold, that one worker is inspected (at most once
per :data:`RETRY_S` while it does not answer). Inspect answers get
:data:`INSPECT_TIMEOUT_MS` unless ``--inspect_timeout`` is given.

Fenced: verified on Flower 2.2 (``Flower.start``, ``Events.on_event``, ``Inspector``); on
another major.minor, or with ``FLOWER_WATCH_WORKERS=false``, it runs plain Flower (one
warning). Everything after the module name goes to ``celery -A tasks flower``.
"""
from __future__ import annotations

import logging
import sys
import time
from importlib.metadata import PackageNotFoundError, version

log = logging.getLogger(__name__)

#: The Flower series this was verified on.
VERIFIED = "2.2"
#: Inspect timeout (ms) this launcher gives Flower unless told otherwise (Flower's: 1000).
INSPECT_TIMEOUT_MS = 5000
#: Seconds between two inspections of a worker that has not answered yet.
RETRY_S = 10.0


def flower_verified() -> bool:
    """True when the installed Flower is the series this was verified on."""
    try:
        installed = version("flower")
    except PackageNotFoundError:
        return False
    return installed == VERIFIED or installed.startswith(VERIFIED + ".")


class WorkerWatch:
    """Decides, per worker event, whether Flower should inspect that worker now."""

    def __init__(self, known, retry_s: float = RETRY_S, clock=time.monotonic) -> None:
        self._known = known  # () -> the worker names Flower's cache holds
        self._retry_s, self._clock = retry_s, clock
        self._asked: dict[str, float] = {}

    def should_inspect(self, event: dict) -> str | None:
        """The worker to inspect for ``event``, or None."""
        if event.get("type") not in ("worker-online", "worker-heartbeat"):
            return None
        name = event.get("hostname")
        if not name or name in self._known():
            return None
        now = self._clock()
        if now - self._asked.get(name, float("-inf")) < self._retry_s:
            return None
        self._asked[name] = now
        return name


def install() -> bool:
    """Patch Flower so that workers it has not inspected are inspected when they show up."""
    from flower.app import Flower

    original_start = Flower.start

    def start(self) -> None:
        watch = WorkerWatch(lambda: self.inspector.workers)
        receive = self.events.on_event  # runs on the event receiver's thread

        def on_event(event: dict) -> None:
            receive(event)
            name = watch.should_inspect(event)
            if name:
                self.io_loop.add_callback(self.update_workers, name)

        self.events.on_event = on_event  # looked up when the receiver starts
        original_start(self)

    Flower.start = start
    return True


def argv(args: list[str]) -> list[str]:
    """``celery -A tasks flower`` with ``args``, and our inspect timeout unless given."""
    extra = [] if any(a.startswith("--inspect_timeout") for a in args) else [
        f"--inspect_timeout={INSPECT_TIMEOUT_MS}"]
    return ["celery", "-A", "tasks", "flower", *args, *extra]


def main(args: list[str] | None = None) -> None:
    """Run Flower (patched where verified) with ``args``."""
    from celery.bin.celery import main as celery_main

    from productscraper.config import get_config

    watch = get_config().flower_watch_workers
    if watch and flower_verified():
        install()
    elif watch:
        log.warning("Flower %s is not the verified %s series: plain Flower (workers that come "
                    "online later show up on ?refresh=1)", version("flower"), VERIFIED)
    sys.argv = argv(list(sys.argv[1:] if args is None else args))
    celery_main()


if __name__ == "__main__":
    main()
