"""tasks/broker.py, the workers' Redis transport, against a real Redis server."""
from __future__ import annotations

from collections.abc import Iterator

import pytest
import redis
from kombu import Connection, Queue
from kombu.asynchronous import Hub

from tasks import broker

QUEUE = Queue("broker-test")


@pytest.fixture
def url(redis_url) -> Iterator[str]:
    yield redis_url
    redis.Redis.from_url(redis_url).flushdb()


def _publish(conn: Connection, n: int) -> None:
    with conn.Producer() as producer:
        for i in range(n):
            producer.publish({"n": i}, routing_key=QUEUE.name, declare=[QUEUE], serializer="json")


def _consume(conn: Connection, n: int, *, ack: bool = True) -> list:
    """Take ``n`` messages, acking each in its callback unless ``ack`` is False."""
    messages: list = []

    def on_message(body, message):
        messages.append(message)
        if ack:
            message.ack()

    # Unacked messages hold their prefetch slots: without acks, room for all of them.
    prefetch = 4 if ack else n
    with conn.Consumer(QUEUE, callbacks=[on_message], accept=["json"], prefetch_count=prefetch):
        while len(messages) < n:
            conn.drain_events(timeout=5)
    return messages


def _transactions(client: redis.Redis) -> int:
    return client.info("commandstats").get("cmdstat_multi", {}).get("calls", 0)


def _unacked(client: redis.Redis) -> tuple[int, int]:
    return client.hlen("unacked"), client.zcard("unacked_index")


def test_acks_ride_in_the_next_delivery_transaction_instead_of_one_each(url):
    client = redis.Redis.from_url(url)
    used = {}
    for transport in ("redis", "tasks.broker:Transport"):  # kombu's own, then ours
        with Connection(url, transport=transport) as conn:
            _publish(conn, 20)
            client.config_resetstat()
            _consume(conn, 20)
            used[transport] = _transactions(client)
        assert _unacked(client) == (0, 0)  # ours: the last ack is written on closing
    # kombu: a transaction to record each delivery and one to remove each acked message.
    assert used["redis"] - used["tasks.broker:Transport"] >= 19


def test_pending_acks_are_removed_from_redis_by_a_flush_and_by_closing_the_channel(url):
    client = redis.Redis.from_url(url)
    with Connection(url, transport="tasks.broker:Transport") as conn:
        _publish(conn, 6)
        messages = _consume(conn, 6, ack=False)
        for message in messages[:3]:
            message.ack()
        channel = conn.default_channel
        assert channel.qos.pending_acks() == 3
        assert _unacked(client) == (6, 6)  # acked, not yet written
        channel.flush_acks()
        assert _unacked(client) == (3, 3)
        for message in messages[3:]:
            message.ack()
        assert _unacked(client) == (3, 3)
    # Closing the connection closes the channel: its acks are written before kombu
    # restores what is still unacked, so nothing acked comes back.
    assert _unacked(client) == (0, 0)
    assert client.llen(QUEUE.name) == 0


def test_the_event_loop_writes_pending_acks_on_a_timer_registered_once(url):
    client = redis.Redis.from_url(url)
    hub = Hub()
    try:
        with Connection(url, transport="tasks.broker:Transport") as conn:
            _publish(conn, 2)
            for message in _consume(conn, 2):
                assert message.acknowledged
            transport = conn.transport
            transport.register_with_event_loop(conn.connection, hub)
            first = transport._ack_flush_tref
            assert first is not None
            assert _unacked(client) == (1, 1)  # the last ack had no delivery to ride in
            first()  # the timer fires
            assert _unacked(client) == (0, 0)
            transport.register_with_event_loop(conn.connection, hub)  # a reconnect
            assert first.canceled and not transport._ack_flush_tref.canceled
    finally:
        hub.close()


def test_a_failed_ack_write_keeps_the_acks_for_the_next_one(url, monkeypatch, caplog):
    client = redis.Redis.from_url(url)
    with Connection(url, transport="tasks.broker:Transport") as conn:
        _publish(conn, 3)
        for message in _consume(conn, 3, ack=False):
            message.ack()
        execute = redis.client.Pipeline.execute
        calls = []

        def fail_once(self, *args, **kwargs):
            calls.append(1)
            if len(calls) == 1:
                raise redis.ConnectionError("connection reset by peer")
            return execute(self, *args, **kwargs)

        monkeypatch.setattr(redis.client.Pipeline, "execute", fail_once)
        channel = conn.default_channel
        channel.flush_acks()
        assert "could not write 3 ack(s) to Redis" in caplog.text
        assert channel.qos.pending_acks() == 3 and _unacked(client) == (3, 3)
        channel.flush_acks()
        assert channel.qos.pending_acks() == 0 and _unacked(client) == (0, 0)


def test_acks_are_written_at_once_when_the_batch_is_full(url, monkeypatch):
    monkeypatch.setattr(broker, "ACK_BATCH_MAX", 2)
    client = redis.Redis.from_url(url)
    with Connection(url, transport="tasks.broker:Transport") as conn:
        _publish(conn, 3)
        messages = _consume(conn, 3, ack=False)
        messages[0].ack()
        assert _unacked(client) == (3, 3)
        messages[1].ack()  # the second ack fills the batch
        assert _unacked(client) == (1, 1)
        messages[2].ack()
    assert _unacked(client) == (0, 0)
