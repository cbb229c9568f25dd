"""Celery's ``saferepr`` by :func:`repr` where both print the same text.

Celery turns values into text with :func:`celery.utils.saferepr.saferepr` on two hot
paths: the tracer, for every task that succeeds (its result, shown in Flower's Result
column and in the ``succeeded`` log line), and the publisher, for every task message
(the ``argsrepr``/``kwargsrepr`` headers). saferepr streams its output token by token so
that it can cut huge or recursive values short: a product task's result (a dict of a
few strings and a dict of timings) took ~58 µs on the worker's crawler thread (py-spy:
~2.8 % of a busy worker's GIL time) and a product task's arguments ~14 µs in the listing
spider, where :func:`repr` takes a few µs.

:func:`fast_saferepr` returns ``repr(value)`` when that is provably the text saferepr
would give, and calls saferepr otherwise, so no text changes:

* the value is made of dicts and lists, nested no deeper than saferepr expands
  (:data:`MAX_DEPTH`), whose keys are strings and whose leaves are ``str``, ``int``,
  ``float``, ``bool`` or ``None`` (exactly those types, no subclasses);
* every string is printable and holds no quote or backslash (saferepr quotes strings
  its own way, repr escapes them its own way: for these both give ``'text'``);
* the text is shorter than the limit (no truncation).

Anything else (exceptions, bytes, tuples, sets, long values) takes Celery's path.
:func:`install` (tasks/app.py) puts it in place of the tracer's ``saferepr``;
:mod:`tasks.speedups.task_messages` stamps message headers with it.

Fenced (:mod:`tasks.speedups`): replaces Celery 5.7's ``celery.app.trace.saferepr``; verified on the versions in
``SPEEDUPS['saferepr']``. On other versions, or with ``CELERY_SPEEDUPS=off``, the stock
behaviour is used instead: Celery's own saferepr.
"""
from __future__ import annotations

from typing import Any

from celery.app import trace
from celery.utils.saferepr import saferepr

#: Containers nested deeper than this go to saferepr (it prints the fourth level as
#: ``{...}``; three levels are fully expanded with its default ``maxlevels=3``).
MAX_DEPTH = 3

_SCALARS = (int, float, bool, type(None))


def _plain_str(text: str) -> bool:
    return text.isprintable() and "'" not in text and "\\" not in text


def _is_plain(value: Any, depth: int) -> bool:
    kind = type(value)
    if kind is str:
        return _plain_str(value)
    if kind in _SCALARS:
        return True
    if depth >= MAX_DEPTH:
        return False
    if kind is dict:
        return all(type(k) is str and _plain_str(k) and _is_plain(v, depth + 1)
                   for k, v in value.items())
    if kind is list:
        return all(_is_plain(v, depth + 1) for v in value)
    return False


def fast_saferepr(value: Any, maxlen: int | None = None, maxlevels: int = 3,
                seen: Any = None) -> str:
    """``saferepr(value, maxlen, maxlevels, seen)``, by ``repr`` where both agree."""
    # The depth bound also stops a value that contains itself (saferepr prints those).
    if maxlevels == MAX_DEPTH and seen is None and _is_plain(value, 0):
        text = repr(value)
        if maxlen is None or len(text) < maxlen:
            return text
    return saferepr(value, maxlen, maxlevels, seen)


def install() -> None:
    """Make Celery's tracer use :func:`fast_saferepr` for task results (idempotent)."""
    trace.saferepr = fast_saferepr
