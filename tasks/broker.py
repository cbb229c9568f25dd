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

Selected with Celery's ``broker_transport`` setting when the broker is Redis.
"""
from __future__ import annotations

import logging
import threading
from time import time

from kombu.transport import redis as kombu_redis
from kombu.transport import virtual
from kombu.utils.json import dumps

log = logging.getLogger(__name__)

#: Seconds an acked message's removal from the unacked index may wait for a delivery.
ACK_FLUSH_INTERVAL = 0.1
#: Acks whose removals are written at once, whatever the interval.
ACK_BATCH_MAX = 64


class QoS(kombu_redis.QoS):
    """kombu's Redis QoS with the removals of acked messages written in batches."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._acked: list[str] = []
        self._acked_lock = threading.Lock()

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
        delivery = message.delivery_info
        with self.pipe_or_acquire() as pipe:
            acked = self._take_acked(pipe)
            pipe.zadd(self.unacked_index_key, {delivery_tag: time()}) \
                .hset(self.unacked_key, delivery_tag,
                      dumps([message._raw, delivery["exchange"], delivery["routing_key"]]))
            self._execute(pipe, acked)
            virtual.QoS.append(self, message, delivery_tag)

    def flush_acks(self) -> None:
        """Remove every acked message from the unacked index now (one transaction)."""
        with self.pipe_or_acquire() as pipe:
            acked = self._take_acked(pipe)
            if acked:
                self._execute(pipe, acked)

    def pending_acks(self) -> int:
        """Acked messages still in the unacked index."""
        return len(self._acked)

    def _take_acked(self, pipe) -> list[str]:
        with self._acked_lock:
            acked, self._acked = self._acked, []
        if acked:
            pipe.zrem(self.unacked_index_key, *acked).hdel(self.unacked_key, *acked)
        return acked

    def _execute(self, pipe, acked: list[str]) -> None:
        try:
            pipe.execute()
        except BaseException:
            with self._acked_lock:  # not written: they go with the next transaction
                self._acked[:0] = acked
            raise


class Channel(kombu_redis.Channel):
    """A Redis channel that reuses one synchronous client and batches ack removals."""

    QoS = QoS
    _sync_client = None

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
