"""Celery's worker consumer, publishing task events in batches on a timer.

A worker with events on (Flower needs them) buffers each task's events (received,
started, succeeded...) and Celery flushes the buffer on the next turn of the event
loop: under load that is one Redis PUBLISH of one to three events per task, measured at
~9 % of a busy HTTP worker's CPU in a py-spy profile. Flushing every
``EVENT_FLUSH_INTERVAL`` seconds (config) instead sends the same events, in the same
order, that much later at most, in far fewer messages. Celery's dispatcher also flushes
at once when 24 events are waiting, which under load is every 8 tasks (~25 messages a
second per busy worker); that limit is raised to ``EVENT_BUFFER_LIMIT`` (config, 1,000),
so the timer sends them: ~5x fewer messages for Redis and Flower, though the worker CPU
saved was below the benchmark machine's noise.
Selected with Celery's ``worker_consumer`` setting (tasks/app.py).

Fenced (:mod:`tasks.speedups`): replaces Celery 5.7's worker ``Consumer`` (its ``event_dispatcher`` and event flushing); verified on the versions in
``SPEEDUPS['consumer']``. On other versions, or with ``CELERY_SPEEDUPS=off``, the stock
behaviour is used instead: Celery's own consumer (one event message per loop turn).
"""
from __future__ import annotations

from celery.worker.consumer import Consumer as CeleryConsumer

from productscraper.config import get_config


class Consumer(CeleryConsumer):
    """Flushes buffered task events every ``EVENT_FLUSH_INTERVAL`` seconds."""

    _flush_timer = None
    _flush_requested = False
    _event_dispatcher = None

    @property
    def event_dispatcher(self):
        """Celery's task-event dispatcher (the ``Events`` step makes a new one per connection)."""
        return self._event_dispatcher

    @event_dispatcher.setter
    def event_dispatcher(self, dispatcher) -> None:
        # Set before the step uses it: the limit holds from the first event on.
        if dispatcher is not None:
            dispatcher.buffer_limit = get_config().event_buffer_limit
        self._event_dispatcher = dispatcher

    def on_send_event_buffered(self) -> None:
        # Called from the pool's threads: only ask the event loop's thread, once, to
        # start the periodic flush (the hub's timer is not thread-safe; call_soon is
        # what Celery itself uses from here).
        if self.hub and not self._flush_requested:
            self._flush_requested = True
            self.hub.call_soon(self._start_flush_timer)

    def _start_flush_timer(self) -> None:
        if self._flush_timer is None and self.hub:
            self._flush_timer = self.hub.call_repeatedly(get_config().event_flush_interval,
                                                         self._flush_events)

    def shutdown(self) -> None:
        # Nothing buffered may be lost when the worker stops (Celery's dispatcher does not
        # flush when it is closed).
        try:
            self._flush_events()
        finally:
            super().shutdown()
