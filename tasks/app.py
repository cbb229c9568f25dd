"""The Celery application (``celery -A tasks worker``).

Configuration comes from :mod:`productscraper.config`. Nothing here imports Twisted or
Scrapy: the worker parent must not touch the reactor before it forks (NOTES.md).
"""
from __future__ import annotations

from celery import Celery
from kombu import Exchange, Queue

from productscraper.config import CUSTOM_POOLS, get_config
from productscraper.storage.clock import now_utc
from tasks import speedups

SCRAPE_TASK = "productscraper.scrape_product"
RENDER_TASK = "productscraper.render_product"
BATCH_TASK = "productscraper.scrape_products"
WEBHOOK_TASK = "productscraper.deliver_changes"
FIRE_TASK = "productscraper.fire_schedule"

cfg = get_config()


def _own_exchange(name: str) -> Queue:
    """Queue ``name`` on the direct exchange ``name`` with routing key ``name``."""
    return Queue(name, Exchange(name, type="direct"), routing_key=name)

#: WORKER_POOL, unless it names a speed-up that is off here (tasks/speedups/).
POOL = speedups.effective_pool(cfg.worker_pool, cfg)

class ProductscraperCelery(Celery):
    """Celery whose ``now()`` is the cluster's clock (storage/clock_sync.py): ETAs and
    expiries computed from a countdown are then right even from a host whose clock is off."""

    def now(self):
        return now_utc().astimezone(self.timezone)


app = ProductscraperCelery("productscraper", broker=cfg.broker_url, backend=cfg.result_backend,
             include=["tasks.product", "tasks.webhook", "tasks.schedules", "tasks.worker_hooks"])

app.conf.update(
    task_serializer="json",
    result_serializer="json",
    accept_content=["json"],
    # At-least-once delivery: ack after the task ran, re-queue if its process died.
    task_acks_late=True,
    task_reject_on_worker_lost=True,
    worker_prefetch_multiplier=1,
    # Events for Flower: workers report received/started/succeeded/failed/retried.
    # "task-sent" events from the publisher are off by default (Celery's default too):
    # each costs the listing spider a second Redis publish per URL (~0.2 ms of CPU,
    # measured) and Flower shows queued work on its Broker page anyway.
    worker_send_task_events=True,
    task_send_sent_event=cfg.task_sent_events,
    # (...published in batches on a timer by the consumer speed-up, tasks/speedups/consumer.py.)
    # No STARTED state: it would cost a result-backend write per task (Flower shows
    # started tasks from events anyway).
    task_track_started=False,
    # One long-lived crawler per worker process, fed by threads (NOTES.md: ~3x faster
    # than a crawler per task, and concurrency stays inside each process). Celery treats
    # `--pool prefork` on the command line as "the default" once this is set, so the
    # pool is chosen with WORKER_POOL.
    worker_pool=CUSTOM_POOLS.get(POOL, POOL),
    worker_concurrency=cfg.worker_concurrency,
    task_default_queue=cfg.product_queue,
    # Every queue on a direct exchange of its own, keyed by its name. A Queue declared
    # without one is bound by Celery to the default exchange with the default key, the
    # same as `products`: a message sent to any of them was copied into all of them.
    # Webhook deliveries (tasks/webhook.py) and schedule firings have queues of their own
    # so a slow webhook or a discovery never holds product tasks up.
    task_queues=tuple(_own_exchange(name) for name in (
        cfg.product_queue, cfg.render_queue, cfg.webhook_queue, cfg.schedule_queue)),
    task_routes={SCRAPE_TASK: {"queue": cfg.product_queue},
                 BATCH_TASK: {"queue": cfg.product_queue},
                 RENDER_TASK: {"queue": cfg.render_queue},
                 FIRE_TASK: {"queue": cfg.schedule_queue}},
    task_soft_time_limit=cfg.task_soft_time_limit,
    task_time_limit=cfg.task_time_limit,
    result_expires=24 * 3600,
    # The URL ledger in MongoDB is the record of every product task's outcome (and
    # Flower shows results from events), so storing them in Redis too is off by default:
    # one round trip less per task. STORE_TASK_RESULTS=true turns it on.
    task_ignore_result=not cfg.store_task_results,
    broker_connection_retry_on_startup=True,
    # Redis: a message a dead worker held comes back after visibility_timeout; kombu
    # only looks every interval*throttle seconds, so both are lowered (NOTES.md).
    broker_transport_options={
        "visibility_timeout": cfg.visibility_timeout,
        "unacked_restore_interval": 5,
        "unacked_restore_throttle": 1,
    },
    result_backend_transport_options={"visibility_timeout": cfg.visibility_timeout},
    task_publish_retry=True,
    task_publish_retry_policy={"max_retries": 3, "interval_start": 0.2,
                               "interval_step": 0.5, "interval_max": 2},
    worker_hijack_root_logger=True,
    # Schedules (productscraper/scheduling/): `celery -A tasks beat` keeps them in Redis
    # (RedBeat), and its lock there lets one beat of several send firings.
    beat_scheduler="redbeat.RedBeatScheduler",
    beat_max_loop_interval=cfg.beat_max_interval,
    redbeat_redis_url=cfg.redis_url,
    # Set (even empty) so RedBeat does not borrow broker_transport_options for its client.
    redbeat_redis_options={},
    redbeat_key_prefix="redbeat:",
    redbeat_lock_timeout=int(cfg.redbeat_lock_timeout),
)
# The fenced Celery/kombu speed-ups (tasks/speedups/: a Redis transport with bulk gets and
# batched acks, events batched on a timer, saferepr by repr): each falls back to stock
# Celery on versions it was not verified on; CELERY_SPEEDUPS=off turns them all off.
SPEEDUPS = speedups.configure(app, cfg)
# Probes and scale-down (deploy/k8s): a heartbeat file instead of a broadcast ping per probe,
# and a drain on SIGTERM bounded by WORKER_DRAIN_S (tasks/heartbeat.py, tasks/drain.py).
from tasks import drain, heartbeat  # noqa: E402  (after the app they extend)

heartbeat.install(app)
drain.install(app)
