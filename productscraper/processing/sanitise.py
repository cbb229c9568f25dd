"""Making arbitrary extracted data safe to store in MongoDB."""
from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

MAX_STRING = 100_000  # characters; keeps one odd value from bloating a 16 MB document
MAX_DEPTH = 90  # BSON allows 100 levels of nesting
# Full-width look-alikes keep keys readable while MongoDB stops treating them as operators/paths.
_KEY_REWRITES = str.maketrans({".": "\uff0e", "\x00": "\u2400"})


def mongo_key(key: Any) -> str:
    """A dict key MongoDB accepts: no leading "$", no ".", no NUL ("$x"->"＄x", "a.b"->"a．b")."""
    text = key if isinstance(key, str) else str(key)
    text = text.translate(_KEY_REWRITES)
    if text.startswith("$"):
        text = "\uff04" + text[1:]
    return text or "\u2400"  # "" is legal but awkward to query; mark it


def mongo_safe(value: Any, *, max_string: int = MAX_STRING, _depth: int = 0) -> Any:
    """A new, recursively sanitised copy of ``value`` for MongoDB.

    Dict keys are rewritten by :func:`mongo_key`, strings longer than ``max_string`` are
    truncated, tuples/sets become lists, Decimals become floats, and anything nested
    deeper than BSON allows is stored as its (truncated) ``repr``.
    """
    if _depth > MAX_DEPTH:
        return repr(value)[:max_string]
    if isinstance(value, str):
        return value[:max_string] if len(value) > max_string else value
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        for key, item in value.items():
            out[mongo_key(key)] = mongo_safe(item, max_string=max_string, _depth=_depth + 1)
        return out
    if isinstance(value, (list, tuple, set, frozenset)):
        return [mongo_safe(v, max_string=max_string, _depth=_depth + 1) for v in value]
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, bytes):
        return value[:max_string]
    return value
