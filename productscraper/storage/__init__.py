"""MongoDB access: one module per collection, one connection module (scrapy-redis style split)."""
from __future__ import annotations

from pymongo.errors import BulkWriteError

#: MongoDB's error code for a duplicate key (an insert the unique ``_id`` already holds).
DUPLICATE_KEY = 11000


def duplicate_key_indexes(exc: BulkWriteError) -> set[int]:
    """Indexes of the writes that ``exc`` refused as duplicate keys.

    Re-raises ``exc`` when any write failed for another reason: only duplicates mean
    "already there" (a URL the run knows, a change a twin task recorded).
    """
    errors = exc.details.get("writeErrors", [])
    if any(err.get("code") != DUPLICATE_KEY for err in errors):
        raise exc
    return {err["index"] for err in errors}
