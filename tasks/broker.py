"""kombu's Redis transport, minus a client object per command.

kombu 5.7's Redis channel builds a new ``redis.Redis`` client for every synchronous
operation it does (each ack, each event published, each QoS bookkeeping step). With
redis-py 8 building one costs ~0.2 ms of CPU, and a task does several: a py-spy profile of
a worker showed ~8 % of its CPU in ``Redis.__init__``. A client over a connection pool
holds no connection of its own and is thread-safe, so one per channel is reused instead.
Selected with Celery's ``broker_transport`` setting when the broker is Redis.
"""
from __future__ import annotations

from kombu.transport import redis as kombu_redis


class Channel(kombu_redis.Channel):
    """A Redis channel that reuses one synchronous client."""

    _sync_client = None

    def _create_client(self, asynchronous: bool = False):
        if asynchronous:
            return super()._create_client(asynchronous=True)
        if self._sync_client is None:
            self._sync_client = super()._create_client(asynchronous=False)
        return self._sync_client


class Transport(kombu_redis.Transport):
    """kombu's Redis transport with :class:`Channel`."""

    Channel = Channel
