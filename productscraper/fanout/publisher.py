"""Fan-out: register detail URLs in the ledger, then publish one Celery task each.

The ledger write comes first: a URL whose publish fails (broker down) stays ``queued``
in MongoDB, where ``reconcile`` finds and re-publishes it, so no URL is lost.
"""
from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass

from pymongo.database import Database

from productscraper.config import get_config
from productscraper.storage import ledger
from productscraper.storage.ledger import Entry

log = logging.getLogger(__name__)


@dataclass
class FanOutResult:
    """How many entries were new, already known to the run, and failed to publish."""

    new: int = 0
    duplicates: int = 0
    publish_errors: int = 0
    last_error: str | None = None


def _celery():
    from tasks.app import BATCH_TASK, RENDER_TASK, SCRAPE_TASK, app, cfg

    return app, cfg, SCRAPE_TASK, RENDER_TASK, BATCH_TASK


def _messages(entries: list[Entry], per_task: int, names: tuple[str, str, str],
              queues: tuple[str, str]):
    """(task name, args, kwargs, queue, task id, entries) per message to send.

    One URL per task by default; with ``per_task`` > 1, plain-HTTP URLs of the same run and
    profile go in batches of that size (browser tasks always stay single).
    """
    scrape, render, batch = names
    product_queue, render_queue = queues
    singles = [e for e in entries if e.render or per_task <= 1]
    for e in singles:
        name, queue = (render, render_queue) if e.render else (scrape, product_queue)
        yield name, [e.url, e.run_id], {"profile": e.profile}, queue, e.id, [e]
    groups: dict[tuple, list[Entry]] = {}
    for e in entries:
        if not e.render and per_task > 1:
            groups.setdefault((e.run_id, e.profile), []).append(e)
    for (run_id, profile), group in groups.items():
        for i in range(0, len(group), per_task):
            chunk = group[i:i + per_task]
            yield (batch, [[e.url for e in chunk], run_id], {"profile": profile}, product_queue,
                   f"{chunk[0].id}:batch", chunk)


#: Messages per Redis pipeline (kombu's producer batch): one round trip each, and a
#: failed flush fails only its own chunk. Bounds the memory a large reconcile buffers.
PUBLISH_CHUNK = 500


def publish(entries: list[Entry]) -> FanOutResult:
    """Send the entries' tasks over one broker connection; errors are counted, not raised."""
    app, cfg, scrape, render, batch = _celery()
    result = FanOutResult()
    if not entries:
        return result
    messages = list(_messages(entries, cfg.products_per_task, (scrape, render, batch),
                              (cfg.product_queue, cfg.render_queue)))
    try:
        with app.producer_or_acquire() as producer:
            for i in range(0, len(messages), PUBLISH_CHUNK):
                _publish_chunk(app, producer, messages[i:i + PUBLISH_CHUNK], result,
                               ignore_result=not cfg.store_task_results)
    except Exception as exc:
        result.publish_errors = len(entries)
        result.last_error = f"{type(exc).__name__}: {exc}"
    if result.publish_errors:
        log.error("could not publish %d task(s) to the broker (%s); they stay queued in the "
                  "ledger and `python -m productscraper reconcile` re-publishes them",
                  result.publish_errors, result.last_error)
    return result


def _publish_chunk(app, producer, messages: list[tuple], result: FanOutResult, *,
                   ignore_result: bool) -> None:
    """Publish ``messages`` in one batch: on Redis, one pipeline sent when the block ends
    instead of one LPUSH round trip per message; other transports publish at once."""
    buffered = 0
    declared: set[int] = set()
    try:
        # max_size is above what the chunk buffers: the only flush is the one on exit.
        with producer.batch(max_size=4 * len(messages)):
            for name, args, kwargs, queue, task_id, sent in messages:
                try:
                    _send(app, producer, declared, name, args, kwargs, queue, task_id,
                          ignore_result)
                    buffered += len(sent)
                except Exception as exc:  # broker down: the entries stay queued in the ledger
                    result.publish_errors += len(sent)
                    result.last_error = f"{type(exc).__name__}: {exc}"
    except Exception as exc:  # the flush failed: delivery of the whole chunk is uncertain
        result.publish_errors += buffered
        result.last_error = f"{type(exc).__name__}: {exc}"


def _send(app, producer, declared: set[int], name: str, args: list, kwargs: dict, queue: str,
          task_id: str, ignore_result: bool) -> None:
    """One task message: stamped from its kind's template, or built by ``send_task``."""
    from tasks.speedups.task_messages import template  # imports Celery: listing side only

    kind = template(app, producer, name, queue, kwargs, ignore_result)
    if kind is None:
        # ignore_result: without it Celery subscribes to each task's result channel in
        # Redis (and unsubscribes when the AsyncResult is freed), two round trips per URL
        # for results nobody here waits for.
        app.send_task(name, args=args, kwargs=kwargs, queue=queue, task_id=task_id,
                      producer=producer, ignore_result=ignore_result)
        return
    if id(kind) not in declared:
        kind.declare_on(producer)
        declared.add(id(kind))
    kind.publish(producer, task_id, args, kwargs)


def fan_out(db: Database, entries: Iterable[Entry]) -> FanOutResult:
    """Register ``entries`` (de-duplicated per run) and publish the new ones."""
    entries = list(entries)
    new = ledger.register_many(db, entries)
    result = publish(new)
    result.new = len(new)
    result.duplicates = len(entries) - len(new)
    return result


def broker_reachable(timeout: float = 3.0) -> str | None:
    """None when the broker answers, else a readable error.

    A Redis broker is asked with a PING through redis-py, which the crawl has imported
    anyway: importing Celery for the question took ~0.1 s of the listing spider's start-up,
    before its first request. Other brokers are asked through Celery's connection.
    """
    url = get_config().broker_url
    try:
        if url.startswith(("redis://", "rediss://", "unix://")):
            import redis

            client = redis.Redis.from_url(url, socket_connect_timeout=timeout,
                                          socket_timeout=timeout)
            try:
                client.ping()
            finally:
                client.close()
            return None
        app, *_ = _celery()
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=timeout)
        return None
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"


def prepare_publisher() -> None:
    """Get Celery ready to publish product tasks: imported, configured, connected, and the
    template of a one-URL task built (:mod:`tasks.speedups.task_messages`).

    The listing spider runs this in a thread while its first listing pages download, so
    its first batch of URLs is published at once rather than after ~0.15 s of set-up.
    """
    from tasks.speedups.task_messages import template

    app, cfg, scrape, render, batch = _celery()
    # The message publish() sends for one plain-HTTP URL, so the template is that kind's.
    name, _, kwargs, queue, _, _ = next(_messages(
        [Entry("template-run", "http://template.invalid/")], 1, (scrape, render, batch),
        (cfg.product_queue, cfg.render_queue)))
    with app.producer_or_acquire() as producer:
        template(app, producer, name, queue, kwargs, not cfg.store_task_results)
