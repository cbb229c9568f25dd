"""Fixtures: real Redis and MongoDB-wire servers, the local stack, the demo shop."""
from __future__ import annotations

import itertools
import os
import uuid
from pathlib import Path

import pytest
from pymongo import MongoClient

from productscraper.operations.netutil import free_port
from tests.services import ROOT, cli, mongo_server, redis_server

CORPUS = ROOT.parent / "shared" / "corpus"
_redis_db = itertools.count(1)


@pytest.fixture(scope="session")
def redis_srv():
    """A redis-server of the tests' own (a fresh machine may have none running)."""
    server = redis_server()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def mongo_srv(tmp_path_factory):
    """An nx-27017 MongoDB-wire server of the tests' own."""
    server = mongo_server(tmp_path_factory.mktemp("mongo") / "data")
    yield server
    server.stop()


@pytest.fixture
def fresh_db(mongo_srv):
    """A database of the test's own on the tests' nx-27017, with the project's indexes."""
    from productscraper.storage.indexes import ensure_indexes

    client = MongoClient(f"mongodb://127.0.0.1:{mongo_srv.port}", tz_aware=True)
    database = client[f"t{uuid.uuid4().hex[:10]}"]
    ensure_indexes(database)
    yield database
    client.close()


def make_env(redis_port: int, mongo_port: int, run_dir: Path, **extra: str) -> dict:
    """Environment for the CLI, the spider and the workers of one test stack."""
    name = f"t{uuid.uuid4().hex[:8]}"
    env = {
        **os.environ,
        "REDIS_URL": f"redis://127.0.0.1:{redis_port}/{next(_redis_db) % 16}",
        "MONGO_URI": f"mongodb://127.0.0.1:{mongo_port}/{name}",
        "PRODUCTSCRAPER_RUN_DIR": str(run_dir),
        "FLOWER_PORT": str(free_port()),
        "PYTHONPATH": str(ROOT),
        "SCRAPY_SETTINGS_MODULE": "productscraper.settings",
    }
    env.pop("CELERY_BROKER_URL", None)
    env.pop("CELERY_RESULT_BACKEND", None)
    env.update(extra)
    return env


@pytest.fixture
def cli_env(redis_srv, mongo_srv, tmp_path):
    """``make_env`` for one test on the tests' own servers; its Redis DB is emptied after."""
    env = make_env(redis_srv.port, mongo_srv.port, tmp_path)
    yield env
    import redis

    redis.Redis.from_url(env["REDIS_URL"]).flushdb()


@pytest.fixture
def redis_url(redis_srv) -> str:
    """The tests' own Redis (DB 0), for in-process tests of Redis-backed components."""
    return f"redis://127.0.0.1:{redis_srv.port}/0"


@pytest.fixture
def prefix(redis_url):
    """A key namespace of the test's own in ``redis_url``, deleted afterwards."""
    import redis

    prefix = f"pstest:{uuid.uuid4().hex[:10]}:"
    yield prefix
    client = redis.Redis.from_url(redis_url)
    keys = list(client.scan_iter(match=f"{prefix}*", count=1000))
    if keys:
        client.delete(*keys)
    client.close()


@pytest.fixture(scope="module")
def stack_env(redis_srv, mongo_srv, tmp_path_factory):
    """An environment with its own Redis DB and MongoDB database (no stack started)."""
    return make_env(redis_srv.port, mongo_srv.port, tmp_path_factory.mktemp("run"))


@pytest.fixture(scope="module")
def stack(stack_env):
    """``stack up --workers 2`` (real Celery worker processes, no browser worker: these
    stacks serve plain pages; no beat, tests/test_schedules.py starts its own); ``stack down`` after."""
    cli("stack", "up", "--workers", "2", "--concurrency", "8", "--render-workers", "0", "--no-flower",
        "--no-schedules", env=stack_env)
    yield stack_env
    cli("stack", "down", env=stack_env, check=False)


@pytest.fixture(scope="session", autouse=True)
def no_early_resume_in_any_worker(tmp_path_factory):
    """After the run: no worker any test started saw a green task resumed before its own
    wake-up (the default reactor pool logs that instead of ending the task's wait)."""
    yield
    assert_no_early_resume(tmp_path_factory.getbasetemp())


def assert_no_early_resume(root: Path) -> None:
    """Fail on the reactor pool's early-resume warning in any worker log under ``root``."""
    for log in sorted(root.rglob("worker*.log")) + sorted(root.rglob("render*.log")):
        assert "resumed before its wake-up" not in log.read_text(errors="replace"), log


@pytest.fixture(scope="module")
def db(stack_env):
    """The test stack's MongoDB database (pymongo over TCP)."""
    uri = stack_env["MONGO_URI"]
    client = MongoClient(uri, serverSelectionTimeoutMS=5000, tz_aware=True)
    yield client[uri.rsplit("/", 1)[1]]
    client.close()


@pytest.fixture
def demo_shop():
    """Factory: ``demo_shop(products=50, ...)`` starts a demo shop subprocess."""
    from productscraper.demoshop.testing import DemoShopProcess

    shops = []

    def start(**options):
        shop = DemoShopProcess(**options)
        shop.__enter__()
        shops.append(shop)
        return shop

    yield start
    for shop in shops:
        shop.close()


@pytest.fixture(scope="session")
def corpus():
    """../shared/corpus, or skip with the reason."""
    if not (CORPUS / "books" / "ground_truth_books.jsonl").exists():
        pytest.skip(f"offline corpus not found at {CORPUS} (only present next to the workplace clone)")
    return CORPUS


#: Modules whose tests start Chromium and then check that no browser is left anywhere on the
#: machine: under pytest-xdist they run one after another on one worker (``--dist loadgroup``).
BROWSER_MODULES = {"test_browser", "test_render_budget", "test_render_corpus", "test_render_e2e",
                   "test_selenium_middleware", "test_listing_spider", "test_operations", "test_demoshop",
                   "test_drain"}


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.module.__name__.rsplit(".", 1)[-1] in BROWSER_MODULES or item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.xdist_group("browser"))
        elif item.get_closest_marker("multihost"):
            # One network lab (namespaces with fixed names) per module: one process runs them.
            item.add_marker(pytest.mark.xdist_group("multihost"))
