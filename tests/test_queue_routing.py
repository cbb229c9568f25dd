"""Each Celery queue receives the messages sent to it and no copy of any other's (real Redis)."""
from __future__ import annotations

import redis

from tasks.app import FIRE_TASK, RENDER_TASK, SCRAPE_TASK, WEBHOOK_TASK, app, cfg

QUEUES = (cfg.product_queue, cfg.render_queue, cfg.webhook_queue, cfg.schedule_queue)
TASKS = {cfg.product_queue: SCRAPE_TASK, cfg.render_queue: RENDER_TASK,
         cfg.webhook_queue: WEBHOOK_TASK, cfg.schedule_queue: FIRE_TASK}


def _lengths_after(url: str, send) -> dict[str, int]:
    client = redis.Redis.from_url(url)
    client.flushdb()
    with app.connection_for_write(url) as conn:
        for queue in QUEUES:  # every queue declared (bound), as the workers do
            app.amqp.queues[queue].bind(conn.default_channel).declare()
        with conn.Producer() as producer:
            for queue in QUEUES:
                send(producer, queue)
    lengths = {q: client.llen(q) for q in QUEUES}
    client.flushdb()
    return lengths


def test_a_task_sent_to_a_queue_lands_in_that_queue_only(redis_srv):
    def send(producer, queue):
        app.send_task(TASKS[queue], args=["http://127.0.0.1:9/p", "r1"], queue=queue,
                      producer=producer, ignore_result=True)

    lengths = _lengths_after(f"redis://127.0.0.1:{redis_srv.port}/7", send)
    assert lengths == {q: 1 for q in QUEUES}


def test_a_message_routed_by_a_queues_binding_reaches_no_other_queue(redis_srv):
    # What beat, another client or an AMQP tool does: publish to the queue's exchange with
    # its routing key. Queues declared without an exchange of their own were all bound to
    # the default exchange with the default key, and each got a copy of such a message.
    def send(producer, queue):
        q = app.amqp.queues[queue]
        producer.publish({"queue": queue}, exchange=q.exchange, routing_key=q.routing_key,
                         serializer="json")

    lengths = _lengths_after(f"redis://127.0.0.1:{redis_srv.port}/7", send)
    assert lengths == {q: 1 for q in QUEUES}
