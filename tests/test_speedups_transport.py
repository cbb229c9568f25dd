"""tasks/speedups/transport.py, the workers' Redis transport, against a real Redis server."""
from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator

import pytest
import redis
from kombu import Connection, Queue
from kombu.asynchronous import Hub

from tasks.speedups import transport as broker

QUEUE = Queue("broker-test")


@pytest.fixture
def url(redis_url) -> Iterator[str]:
    # Empty before too: these tests count kombu's global "unacked" keys, and an earlier test
    # of the same xdist worker may have left a delivery of its own there.
    redis.Redis.from_url(redis_url).flushdb()
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
    return _calls(client, "multi")


def _calls(client: redis.Redis, command: str) -> int:
    return client.info("commandstats").get(f"cmdstat_{command}", {}).get("calls", 0)


class HubConsumer:
    """Consumes ``QUEUE`` on a kombu event loop, as a Celery worker does (the bulk get
    only runs there), without acking: the test acks."""

    def __init__(self, conn: Connection, prefetch: int, no_ack: bool = False) -> None:
        self.conn, self.hub, self.messages = conn, Hub(), []
        self.consumer = conn.Consumer(QUEUE, callbacks=[lambda body, m: self.messages.append(m)],
                                      accept=["json"], prefetch_count=prefetch, no_ack=no_ack)

    def __enter__(self) -> "HubConsumer":
        self.consumer.consume()
        self.conn.transport.register_with_event_loop(self.conn.connection, self.hub)
        self.loop = self.hub.create_loop()
        return self

    def __exit__(self, *exc) -> None:
        self.consumer.cancel()
        self.hub.close()

    def until(self, n: int, timeout: float = 5.0) -> list:
        """Run the loop until ``n`` messages in all have been delivered."""
        deadline = time.monotonic() + timeout
        while len(self.messages) < n:
            assert time.monotonic() < deadline, f"{len(self.messages)} of {n} delivered"
            next(self.loop)
        return self.messages


def _unacked(client: redis.Redis) -> tuple[int, int]:
    return client.hlen("unacked"), client.zcard("unacked_index")


def test_acks_ride_in_the_next_delivery_transaction_instead_of_one_each(url):
    client = redis.Redis.from_url(url)
    used = {}
    for transport in ("redis", "tasks.speedups.transport:Transport"):  # kombu's own, then ours
        with Connection(url, transport=transport) as conn:
            _publish(conn, 20)
            client.config_resetstat()
            _consume(conn, 20)
            used[transport] = _transactions(client)
        assert _unacked(client) == (0, 0)  # ours: the last ack is written on closing
    # kombu: a transaction to record each delivery and one to remove each acked message.
    assert used["redis"] - used["tasks.speedups.transport:Transport"] >= 19


def test_pending_acks_are_removed_from_redis_by_a_flush_and_by_closing_the_channel(url):
    client = redis.Redis.from_url(url)
    with Connection(url, transport="tasks.speedups.transport:Transport") as conn:
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
        with Connection(url, transport="tasks.speedups.transport:Transport") as conn:
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
    with Connection(url, transport="tasks.speedups.transport:Transport") as conn:
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
    with Connection(url, transport="tasks.speedups.transport:Transport") as conn:
        _publish(conn, 3)
        messages = _consume(conn, 3, ack=False)
        messages[0].ack()
        assert _unacked(client) == (3, 3)
        messages[1].ack()  # the second ack fills the batch
        assert _unacked(client) == (1, 1)
        messages[2].ack()
    assert _unacked(client) == (0, 0)


@pytest.fixture
def bulk_gets(monkeypatch) -> list[int]:
    """How many messages each bulk get took (a spy on the channel)."""
    taken: list[int] = []
    bulk_get = broker.Channel._bulk_get

    def spy(self, most):
        taken.append(bulk_get(self, most))
        return taken[-1]

    monkeypatch.setattr(broker.Channel, "_bulk_get", spy)
    return taken


def test_a_worker_takes_queued_messages_several_per_round_trip_each_recorded_until_acked(
        url, bulk_gets):
    client = redis.Redis.from_url(url)
    with Connection(url, transport="tasks.speedups.transport:Transport") as conn:
        _publish(conn, 20)
        client.config_resetstat()
        with HubConsumer(conn, prefetch=8) as worker:
            first = list(worker.until(8))
            # One script took the prefetch limit's worth and recorded each: no BRPOP and no
            # transaction per message (kombu: a BRPOP and a MULTI/EXEC for each; the one
            # transaction here is kombu's restore check when the event loop starts).
            assert bulk_gets == [8]
            assert _calls(client, "brpop") == 0 and _transactions(client) <= 1
            tags = {m.delivery_tag for m in first}
            assert {t.decode() for t in client.hkeys("unacked")} == tags
            assert {t.decode() for t in client.zrange("unacked_index", 0, -1)} == tags
            for message in first:
                message.ack()
            second = worker.until(16)[8:]
            # The acked ones were removed (by the next script, or by one flush of the ack
            # timer if it came first) and the new ones recorded.
            assert bulk_gets == [8, 8] and _transactions(client) <= 2
            assert {t.decode() for t in client.hkeys("unacked")} == {m.delivery_tag for m in second}
            assert [m.payload["n"] for m in first + second] == list(range(16))  # in order
            assert client.llen(QUEUE.name) == 4


def test_messages_taken_in_bulk_come_back_when_the_channel_closes_unacked(url):
    client = redis.Redis.from_url(url)
    with Connection(url, transport="tasks.speedups.transport:Transport") as conn:
        _publish(conn, 5)
        with HubConsumer(conn, prefetch=5) as worker:
            worker.until(5)
    # kombu restored them from what the script wrote in the unacked hash.
    assert _unacked(client) == (0, 0)
    restored = [json.loads(m) for m in client.lrange(QUEUE.name, 0, -1)]
    assert len(restored) == 5 and all(m["headers"]["redelivered"] for m in restored)
    with Connection(url, transport="tasks.speedups.transport:Transport") as conn:
        assert sorted(m.payload["n"] for m in _consume(conn, 5)) == list(range(5))


def test_messages_of_a_worker_that_died_holding_them_return_after_the_visibility_timeout(url):
    client = redis.Redis.from_url(url)
    options = {"visibility_timeout": 1}
    dead = Connection(url, transport="tasks.speedups.transport:Transport", transport_options=options)
    _publish(dead, 3)
    worker = HubConsumer(dead, prefetch=3).__enter__()
    try:
        worker.until(3)  # taken, never acked: the worker "dies" here (nothing is closed)
        assert client.llen(QUEUE.name) == 0 and _unacked(client) == (3, 3)
        time.sleep(1.2)
        with Connection(url, transport="tasks.speedups.transport:Transport", transport_options=options) as other:
            other.default_channel.qos.restore_visible(num=10)
            assert _unacked(client) == (0, 0)
            assert sorted(m.payload["n"] for m in _consume(other, 3)) == [0, 1, 2]
    finally:  # closing restores nothing more: the index no longer holds them
        worker.__exit__()
        dead.release()
    assert client.llen(QUEUE.name) == 0


def test_a_message_that_is_not_json_is_logged_and_the_others_are_delivered(url, caplog):
    client = redis.Redis.from_url(url)
    with Connection(url, transport="tasks.speedups.transport:Transport") as conn:
        _publish(conn, 1)
        client.lpush(QUEUE.name, b"\x00garbage")  # behind the first message
        _publish(conn, 1)
        with caplog.at_level(logging.ERROR, logger="tasks.speedups.transport"), \
                HubConsumer(conn, prefetch=4) as worker:
            delivered = worker.until(2)
            for message in delivered:
                message.ack()
    assert [m.payload["n"] for m in delivered] == [0, 0]
    assert "dropped a message from broker-test that is not JSON" in caplog.text
    assert client.llen(QUEUE.name) == 0 and _unacked(client) == (0, 0)


@pytest.mark.parametrize("options", [{"no_ack": True}, {"global_keyprefix": "ps:"}],
                         ids=["consumer-without-acks", "key-prefix"])
def test_without_acks_or_with_a_key_prefix_messages_are_taken_the_kombu_way(url, options, bulk_gets):
    client = redis.Redis.from_url(url)
    prefix = {"global_keyprefix": options["global_keyprefix"]} if "global_keyprefix" in options else {}
    with Connection(url, transport="tasks.speedups.transport:Transport", transport_options=prefix) as conn:
        _publish(conn, 3)
        client.config_resetstat()
        with HubConsumer(conn, prefetch=3, no_ack=options.get("no_ack", False)) as worker:
            for message in worker.until(3):
                if not message.acknowledged:
                    message.ack()
        assert bulk_gets == [] and _calls(client, "brpop") >= 3
