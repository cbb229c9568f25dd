"""MongoDB client per process.

pymongo clients are thread-safe but not fork-safe, so the cache is keyed on the
process id: a prefork child never reuses its parent's sockets.
"""
from __future__ import annotations

import os
import threading

from pymongo import MongoClient
from pymongo.database import Database

from productscraper.config import Config, get_config

_lock = threading.Lock()
_clients: dict[tuple[int, str], MongoClient] = {}

#: Fail fast (seconds) when MongoDB is down, so the task retries with back-off
#: instead of hanging for pymongo's default 30 s.
SERVER_SELECTION_TIMEOUT_MS = 5000


def get_client(uri: str) -> MongoClient:
    """A shared client for ``uri`` in this process."""
    key = (os.getpid(), uri)
    with _lock:
        client = _clients.get(key)
        if client is None:
            client = MongoClient(
                uri,
                serverSelectionTimeoutMS=SERVER_SELECTION_TIMEOUT_MS,
                connectTimeoutMS=SERVER_SELECTION_TIMEOUT_MS,
                tz_aware=True,
            )
            _clients[key] = client
        return client


def get_db(config: Config | None = None) -> Database:
    """The database named in ``MONGO_URI``."""
    config = config or get_config()
    return get_client(config.mongo_uri)[config.mongo_db_name]


def ping(uri: str, timeout_ms: int = 1000) -> bool:
    """True when a MongoDB-wire server answers ``ping`` at ``uri``."""
    client = MongoClient(uri, serverSelectionTimeoutMS=timeout_ms, connectTimeoutMS=timeout_ms)
    try:
        client.admin.command("ping")
        return True
    except Exception:
        return False
    finally:
        client.close()
