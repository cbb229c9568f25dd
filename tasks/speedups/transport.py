"""kombu's Redis transport, minus a client object per command and a transaction per ack.

1. kombu 5.7's Redis channel builds a new ``redis.Redis`` client for every synchronous
   operation it does (each ack, each event published, each QoS bookkeeping step). With
   redis-py 8 building one costs ~0.2 ms of CPU, and a task does several: a py-spy profile
   of a worker showed ~8 % of its CPU in ``Redis.__init__``. A client over a connection
   pool holds no connection of its own and is thread-safe, so one per channel is reused.
2. kombu keeps every delivered message in an "unacked" index in Redis until it is acked
   (that is how a dead worker's messages come back), and removes each acked message in a
   MULTI/EXEC transaction of its own: with the transaction that records the delivery, two
   per task, ~40 % of the consumer thread's CPU in a profile. Here an ack frees its
   prefetch slot at once (kombu's bookkeeping in memory), and its removal from Redis rides
   in the next delivery's transaction, or goes with the others every
   ``ACK_FLUSH_INTERVAL`` seconds, at ``ACK_BATCH_MAX`` acks, or when the channel closes.
   A worker killed within that window leaves those messages in the index: Redis hands
   them out again after the visibility timeout and they are scraped twice (storage is
   idempotent; delivery was at-least-once already). Nothing is lost either way.
3. kombu takes one message per ``BRPOP`` and then records it in the unacked index in a
   transaction of its own: two round trips per message, ~13 % of a busy worker's CPU in a
   profile, and a message popped but not yet recorded is lost if the worker dies between
   the two. Here, while the channel may take more messages, one Lua script pops as many
   as it may (at most ``BULK_GET_MAX``) and records each in the unacked index in the same
   atomic step, with the pending ack removals; ``BRPOP`` is only sent when the queue is
   empty, to wait for the next message. Queues with an expiry or a consumer without acks,
   a ``global_keyprefix``, and ``drain_events()`` without an event loop keep kombu's way.

4. Leases on the cluster's clock: a delivery's score in the unacked index, and the
   visibility check that hands a dead worker's messages out again, use Redis ``TIME``
   plus this host's measured offset (:mod:`productscraper.storage.clock_sync`), not the
   host's clock: a worker 5 minutes fast would otherwise put every other worker's
   in-flight messages back in the queue (seen in tests/test_multihost.py).

Selected with Celery's ``broker_transport`` setting when the broker is Redis.

Fenced (:mod:`tasks.speedups`): replaces kombu 5.7's Redis ``Transport``/``Channel``/``QoS`` (with redis-py 8); verified on the versions in
``SPEEDUPS['transport']``. On other versions, or with ``CELERY_SPEEDUPS=off``, the stock
behaviour is used instead: kombu's own Redis transport.
"""
from __future__ import annotations

import logging
import threading

from kombu.transport import redis as kombu_redis
from kombu.transport import virtual
from kombu.utils.encoding import bytes_to_str
from kombu.utils.json import dumps, loads

from productscraper.storage.clock import reference_time

log = logging.getLogger(__name__)

#: Seconds an acked message's removal from the unacked index may wait for a delivery.
ACK_FLUSH_INTERVAL = 0.1
#: Acks whose removals are written at once, whatever the interval.
ACK_BATCH_MAX = 64
#: Most messages one bulk get takes (the prefetch limit usually allows fewer).
BULK_GET_MAX = 32

# KEYS: unacked index, unacked hash, then the queue's lists in BRPOP's order.
# ARGV: most messages, the time for the index, count of acked tags, the acked tags.
# Returns {list, payload, recorded (1/0), ...}. A payload without a readable delivery tag
# is returned unrecorded: the caller records it (or fails on it) the way kombu would.
_BULK_GET = """
local most = tonumber(ARGV[1])
local nacked = tonumber(ARGV[3])
if nacked > 0 then
  local acked = {}
  for i = 1, nacked do acked[i] = ARGV[3 + i] end
  redis.call('ZREM', KEYS[1], unpack(acked))
  redis.call('HDEL', KEYS[2], unpack(acked))
end
local out = {}
local got = 0
for k = 3, #KEYS do
  while got < most do
    local payload = redis.call('RPOP', KEYS[k])
    if not payload then break end
    got = got + 1
    local ok, m = pcall(cjson.decode, payload)
    local props = ok and type(m) == 'table' and m['properties']
    local info = type(props) == 'table' and props['delivery_info']
    local tag = type(props) == 'table' and props['delivery_tag']
    if type(tag) == 'string' and type(info) == 'table' then
      redis.call('ZADD', KEYS[1], ARGV[2], tag)
      redis.call('HSET', KEYS[2], tag, '[' .. payload .. ',' .. cjson.encode(info['exchange'])
                 .. ',' .. cjson.encode(info['routing_key']) .. ']')
      out[#out + 1] = KEYS[k]; out[#out + 1] = payload; out[#out + 1] = 1
    else
      out[#out + 1] = KEYS[k]; out[#out + 1] = payload; out[#out + 1] = 0
    end
  end
end
return out
"""


class QoS(kombu_redis.QoS):
    """kombu's Redis QoS with the removals of acked messages written in batches."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._acked: list[str] = []
        self._acked_lock = threading.Lock()
        self.recorded_tag: str | None = None  # being delivered, recorded by the bulk get

    def ack(self, delivery_tag: str) -> None:
        """Free the prefetch slot now; remove the message from Redis with the next batch."""
        with self._acked_lock:
            self._acked.append(delivery_tag)
            full = len(self._acked) >= ACK_BATCH_MAX
        virtual.QoS.ack(self, delivery_tag)
        if full:
            self.flush_acks()

    def append(self, message, delivery_tag: str) -> None:
        """Record a delivery in the unacked index (kombu's ``append``), with pending acks."""
        if delivery_tag == self.recorded_tag:  # the bulk get recorded it already
            self.recorded_tag = None
            virtual.QoS.append(self, message, delivery_tag)
            return
        delivery = message.delivery_info
        with self.pipe_or_acquire() as pipe:
            acked = self._take_acked(pipe)
            pipe.zadd(self.unacked_index_key, {delivery_tag: reference_time()}) \
                .hset(self.unacked_key, delivery_tag,
                      dumps([message._raw, delivery["exchange"], delivery["routing_key"]]))
            self._execute(pipe, acked)
            virtual.QoS.append(self, message, delivery_tag)

    def restore_visible(self, start: int = 0, num: int = 10, interval: int = 10) -> None:
        """kombu's ``restore_visible`` on the cluster's clock: a delivery is stamped, and
        its visibility timeout judged, with :func:`reference_time` (Redis ``TIME`` plus
        the local clock's measured offset). On the host's own clock a worker 5 minutes
        fast would hand every other worker's in-flight messages out again, and a slow
        one's messages would come back minutes late after it died."""
        self._vrestore_count += 1
        if (self._vrestore_count - 1) % (interval or 1):
            return
        with self.channel.conn_or_acquire() as client:
            ceil = reference_time() - self.visibility_timeout
            try:
                with kombu_redis.Mutex(client, self.unacked_mutex_key, self.unacked_mutex_expire):
                    visible = client.zrange(self.unacked_index_key, ceil, 0, desc=True, byscore=True,
                                            offset=num and start, num=num, withscores=True)
                    for tag, _score in visible or []:
                        self.restore_by_tag(tag, client)
            except kombu_redis.MutexHeld:
                pass

    def flush_acks(self) -> None:
        """Remove every acked message from the unacked index now (one transaction)."""
        with self.pipe_or_acquire() as pipe:
            acked = self._take_acked(pipe)
            if acked:
                self._execute(pipe, acked)

    def pending_acks(self) -> int:
        """Acked messages still in the unacked index."""
        return len(self._acked)

    def _take_acked(self, pipe=None) -> list[str]:
        # The pending acks, now this caller's to write (queued on ``pipe`` when given).
        with self._acked_lock:
            acked, self._acked = self._acked, []
        if acked and pipe is not None:
            pipe.zrem(self.unacked_index_key, *acked).hdel(self.unacked_key, *acked)
        return acked

    def take(self, script, client, queue_keys: list[str], most: int) -> list:
        """Run the bulk-get script (:data:`_BULK_GET`) with the pending ack removals: pop
        and record up to ``most`` messages from ``queue_keys``; returns its reply."""
        acked = self._take_acked()
        return self._write(lambda: script(
            keys=[self.unacked_index_key, self.unacked_key, *queue_keys],
            args=[most, reference_time(), len(acked), *acked], client=client), acked)

    def _execute(self, pipe, acked: list[str]) -> None:
        self._write(pipe.execute, acked)

    def _write(self, command, acked: list[str]):
        # command(); if it raises, ``acked`` go back to the pending acks.
        try:
            return command()
        except BaseException:
            with self._acked_lock:  # not written: they go with the next transaction
                self._acked[:0] = acked
            raise


class Channel(kombu_redis.Channel):
    """A Redis channel that reuses one synchronous client, batches ack removals and takes
    several messages per round trip."""

    QoS = QoS
    _sync_client = None
    _bulk_get_script = None

    def __init__(self, *args, **kwargs) -> None:
        self._no_ack_queues: set[str] = set()
        super().__init__(*args, **kwargs)

    def basic_consume(self, queue, no_ack, *args, **kwargs):
        if no_ack:  # the bulk get records every message it takes: only for acked ones
            self._no_ack_queues.add(queue)
        return super().basic_consume(queue, no_ack, *args, **kwargs)

    def _brpop_start(self, timeout=None) -> None:
        # Take what the queue holds first; BRPOP only to wait on an empty queue.
        if self._bulk_get_allowed():
            credit = self.qos.can_consume_max_estimate()
            if credit is None or credit > 0:
                self._bulk_get(min(credit or BULK_GET_MAX, BULK_GET_MAX))
                if not self.qos.can_consume():
                    return  # the prefetch limit is reached: nothing to wait for now
        super()._brpop_start(timeout)

    def _bulk_get_allowed(self) -> bool:
        # Only under an event loop (a Celery worker): drain_events() returns once its poll
        # has delivered a message, and would not see the ones delivered here.
        queues = self.active_queues
        return (bool(queues) and not self.connection.cycle._in_protected_read
                and self.ack_emulation and not self.global_keyprefix
                and not any(q in self._no_ack_queues or q in self._expires for q in queues))

    def _bulk_get(self, most: int) -> int:
        """Pop and record up to ``most`` messages in one script and deliver them; returns
        how many it took."""
        queues = self._queue_cycle.consume(len(self.active_queues))
        keys = [self._q_for_pri(queue, pri) for pri in self.priority_steps for queue in queues]
        qos = self.qos
        client = self._create_client()
        if self._bulk_get_script is None:
            self._bulk_get_script = client.register_script(_BULK_GET)
        reply = qos.take(self._bulk_get_script, client, keys, most)
        for i in range(0, len(reply), 3):
            key, payload, recorded = reply[i:i + 3]
            queue = bytes_to_str(key).rsplit(self.sep, 1)[0]
            self._queue_cycle.rotate(queue)
            try:
                message = loads(bytes_to_str(payload))
            except ValueError:  # not a kombu message at all: nothing could ever run it
                log.error("dropped a message from %s that is not JSON: %r", queue, payload[:200])
                continue
            if recorded:
                qos.recorded_tag = message["properties"]["delivery_tag"]
            try:
                self.connection._deliver(message, queue)
            finally:
                qos.recorded_tag = None
        return len(reply) // 3

    def _create_client(self, asynchronous: bool = False):
        if asynchronous:
            return super()._create_client(asynchronous=True)
        if self._sync_client is None:
            self._sync_client = super()._create_client(asynchronous=False)
        return self._sync_client

    def flush_acks(self) -> None:
        """Write this channel's pending ack removals (errors are logged, acks kept)."""
        if self._qos is None or not self._qos.pending_acks():
            return
        try:
            self._qos.flush_acks()
        except Exception as exc:  # Redis away: the removals wait for the next try
            log.warning("could not write %d ack(s) to Redis: %r", self._qos.pending_acks(), exc)

    def close(self) -> None:
        # Before kombu restores the unacked messages of a closing channel: acked ones
        # must leave the index, or another worker would restore and run them again.
        self.flush_acks()
        super().close()


class Transport(kombu_redis.Transport):
    """kombu's Redis transport with :class:`Channel`."""

    Channel = Channel
    _ack_flush_tref = None

    def register_with_event_loop(self, connection, loop) -> None:
        super().register_with_event_loop(connection, loop)
        # Registered again on every reconnect: one timer, as kombu does with its own.
        if self._ack_flush_tref is not None:
            self._ack_flush_tref.cancel()
        self._ack_flush_tref = loop.call_repeatedly(ACK_FLUSH_INTERVAL, self._flush_acks)

    def _flush_acks(self) -> None:
        for channel in list(self.channels):
            channel.flush_acks()
