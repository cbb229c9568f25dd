"""Celery task messages built once per kind of task and stamped for each URL.

``app.send_task`` rebuilds a whole message for every call: it looks up the task's options
and route, reads a dozen settings, builds the protocol-2 headers and re-binds the queue
for its declaration. That is ~0.3 ms of CPU per message, the largest part of the listing
spider's cost per URL (py-spy, zero-latency benchmark). The messages of a fan-out differ
only in their task id and arguments, so:

1. the first message of each kind (task name, queue, ``ignore_result``) is built by
   ``send_task`` itself, with a stand-in producer that records what Celery would have
   published instead of publishing it (:class:`_Recorder`);
2. every message of that kind is then a copy of the recording with its own id and
   arguments (:meth:`TaskTemplate.publish`), published through the same kombu producer
   with the same options: ~0.1 ms.

Per message, Celery's protocol-2 message carries the task id in the headers ``id`` and
``root_id`` and in the property ``correlation_id``, and the arguments in the body and in
the headers ``argsrepr``/``kwargsrepr``; everything else is the same for every task of a
kind published from one process. A template checks that on creation: it records a
second message and compares it with its own stamp of it. If a Celery release puts
something else in a message that differs per task, the check fails and :func:`template`
returns None, so callers fall back to ``send_task`` (logged once) instead of publishing
wrong messages.

Only for plain publishing: with ``task_send_sent_event`` on (``TASK_SENT_EVENTS``),
Celery also sends an event per message, so callers use ``send_task`` then.

Fenced (:mod:`tasks.speedups`): replaces Celery 5.7's ``send_task`` message building (kombu 5.7 producer); verified on the versions in
``SPEEDUPS['task_messages']``. On other versions, or with ``CELERY_SPEEDUPS=off``, the stock
behaviour is used instead: ``send_task`` for every message.
"""
from __future__ import annotations

import logging
import threading
from typing import Any

from celery.utils.saferepr import saferepr

from tasks.speedups import enabled
from tasks.speedups.saferepr import fast_saferepr

log = logging.getLogger(__name__)

#: The message fields that carry the task id (headers, then properties).
ID_HEADERS = ("id", "root_id")
ID_PROPERTIES = ("correlation_id",)


class TemplateMismatch(RuntimeError):
    """A stamped message differs from the one Celery builds: the fast path is off."""


class _Recorder:
    """Stands in for a kombu Producer during one ``send_task`` call; keeps what it was given."""

    def __init__(self, producer: Any) -> None:
        self.connection = producer.connection  # send_task wraps the call in its error mapping
        self.recorded: tuple[Any, dict] | None = None

    def publish(self, body: Any, **kwargs: Any) -> None:
        self.recorded = (body, kwargs)


def _record(app: Any, producer: Any, name: str, args: list, kwargs: dict, queue: str,
            task_id: str, ignore_result: bool) -> tuple[Any, dict]:
    recorder = _Recorder(producer)
    # add_to_parent=False: inside a worker task (reconcile, batch continuations) the
    # recording must not be attached to the running task as a child.
    app.send_task(name, args=args, kwargs=kwargs, queue=queue, task_id=task_id,
                  producer=recorder, ignore_result=ignore_result, add_to_parent=False)
    if recorder.recorded is None:
        raise TemplateMismatch(f"send_task published nothing for {name}")
    return recorder.recorded


class TaskTemplate:
    """One kind of task message (name, queue, ``ignore_result``), stamped per task."""

    def __init__(self, app: Any, body: Any, publish_kwargs: dict) -> None:
        self.maxlevels = app.conf.task_repr_maxlevels
        self.args_max = app.amqp.argsrepr_maxsize
        self.kwargs_max = app.amqp.kwargsrepr_maxsize
        self.embed = body[2]
        self.kwargs = publish_kwargs
        self.headers = publish_kwargs["headers"]
        # The queue is declared once per publishing connection by declare_on(), not per
        # message (kombu re-binds the entity on every declare, even a cached one).
        self.declare = list(publish_kwargs.get("declare") or ())
        # The argument headers as Celery's saferepr prints them (by repr where both agree,
        # unless that speed-up is off here).
        self.repr = fast_saferepr if enabled("saferepr") else saferepr

    def stamp(self, task_id: str, args: list, kwargs: dict) -> tuple[tuple, dict]:
        """``(body, publish kwargs)`` of this kind's message for one task."""
        headers = dict(self.headers)
        for key in ID_HEADERS:
            headers[key] = task_id
        headers["argsrepr"] = self.repr(args, self.args_max, maxlevels=self.maxlevels)
        headers["kwargsrepr"] = self.repr(kwargs, self.kwargs_max, maxlevels=self.maxlevels)
        options = dict(self.kwargs, headers=headers, declare=[])
        for key in ID_PROPERTIES:
            options[key] = task_id
        return (args, kwargs, self.embed), options

    def declare_on(self, producer: Any) -> None:
        """Declare this kind's queue on ``producer``'s connection (cached there by kombu)."""
        for entity in self.declare:
            producer.maybe_declare(entity, retry=self.kwargs.get("retry", False),
                                   **(self.kwargs.get("retry_policy") or {}))

    def publish(self, producer: Any, task_id: str, args: list, kwargs: dict) -> None:
        """Publish one task of this kind through ``producer`` (inside its batch, if any)."""
        body, options = self.stamp(task_id, args, kwargs)
        producer.publish(body, **options)

    @classmethod
    def build(cls, app: Any, producer: Any, name: str, queue: str, kwargs: dict,
              ignore_result: bool) -> "TaskTemplate":
        """Record two messages of this kind with ``send_task`` and check the stamp.

        Raises :class:`TemplateMismatch` when stamping the second from the first does not
        give what Celery built.
        """
        samples = [([f"http://template.invalid/{n}", f"template-run-{n}"], f"template-{n}")
                   for n in (1, 2)]
        recorded = [_record(app, producer, name, args, kwargs, queue, task_id, ignore_result)
                    for args, task_id in samples]
        template = cls(app, *recorded[0])
        (args, task_id), (want_body, want_kwargs) = samples[1], recorded[1]
        got_body, got_kwargs = template.stamp(task_id, args, kwargs)
        want_kwargs = dict(want_kwargs, declare=[])
        if (list(got_body), got_kwargs) != (list(want_body), want_kwargs):
            diff = sorted(k for k in set(got_kwargs) | set(want_kwargs)
                          if got_kwargs.get(k) != want_kwargs.get(k))
            raise TemplateMismatch(f"stamped {name} message differs from Celery's in {diff}")
        return template


_templates: dict[tuple, TaskTemplate | None] = {}
_lock = threading.Lock()


def template(app: Any, producer: Any, name: str, queue: str, kwargs: dict,
             ignore_result: bool) -> TaskTemplate | None:
    """This process's template for a kind of task, or None when ``send_task`` must be used.

    ``kwargs`` is a sample of the task's keyword arguments (their names make the kind;
    their values are stamped per task).
    """
    if app.conf.task_send_sent_event or not enabled("task_messages"):
        return None
    key = (id(app), name, queue, tuple(sorted(kwargs)), ignore_result)
    with _lock:
        if key not in _templates:
            try:
                _templates[key] = TaskTemplate.build(app, producer, name, queue, kwargs,
                                                     ignore_result)
            except TemplateMismatch as exc:
                log.warning("publishing %s tasks through send_task: %s", name, exc)
                _templates[key] = None
        return _templates[key]
