"""Group commit: items that reach a pipeline while a write is out share the next write.

A worker stores each product with a few MongoDB round trips (read the stored version,
upsert it, mark the ledger). Done one item at a time, those round trips cost more CPU
in the client and in the server than the write itself. :class:`GroupCommit` writes an
item at once when nothing is being written; items that arrive while a write is out
wait for it and then go together in the next one (at most ``max_size``, and a full
group goes at once). So an item never waits for a timer: an idle pipeline writes each
item alone, and a busy one writes in groups that grow with the load.

An item leaves the pipeline (and its task is acknowledged) only once its write has
succeeded. A write that raises fails every item of its group (each one's task is then
retried); ``write_many`` may instead return an exception in an item's place to fail that
item alone.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from scrapy.utils.defer import maybe_deferred_to_future
from twisted.internet.defer import Deferred, DeferredList
from twisted.internet.threads import deferToThread
from twisted.python.failure import Failure

T = TypeVar("T")
R = TypeVar("R")


class GroupCommit(Generic[T, R]):
    """Batches :meth:`submit` calls made on the reactor thread into ``write_many`` calls.

    ``write_many(objs)`` runs in the reactor's thread pool and returns one result per
    object, in order; an :class:`Exception` as a result fails that object's submit.
    """

    def __init__(self, write_many: Callable[[list[T]], Sequence[R | Exception]], *,
                 max_size: int = 50) -> None:
        self.write_many = write_many
        self.max_size = max(1, max_size)
        self._pending: list[tuple[T, Deferred]] = []
        self._writes: set[Deferred] = set()

    async def submit(self, obj: T) -> R:
        """Write ``obj`` now or with the next group; return its result or raise its group's error."""
        done: Deferred = Deferred()
        self._pending.append((obj, done))
        if not self._writes or len(self._pending) >= self.max_size:
            self.flush()
        return await maybe_deferred_to_future(done)

    def flush(self) -> None:
        """Start writing what is pending now (a no-op when nothing is)."""
        group, self._pending = self._pending[:self.max_size], self._pending[self.max_size:]
        if not group:
            return
        write = deferToThread(self.write_many, [obj for obj, _ in group])
        self._writes.add(write)

        def settle(result: Sequence[R | Exception] | Failure) -> None:
            self._writes.discard(write)
            if not isinstance(result, Failure) and len(result) != len(group):
                result = Failure(RuntimeError(
                    f"write_many returned {len(result)} results for {len(group)} objects"))
            for i, (_, done) in enumerate(group):
                if isinstance(result, Failure):
                    done.errback(result)
                elif isinstance(result[i], Exception):
                    done.errback(Failure(result[i]))
                else:
                    done.callback(result[i])
            if not self._writes:
                self.flush()  # what arrived meanwhile

        write.addBoth(settle)

    async def drain(self) -> None:
        """Wait until every item submitted so far has been written (or has failed)."""
        while self._writes or self._pending:
            if not self._writes:
                self.flush()
            await maybe_deferred_to_future(DeferredList(list(self._writes), consumeErrors=True))

    @property
    def pending(self) -> int:
        """Objects waiting for a write to finish before theirs can start."""
        return len(self._pending)
