"""The same pipeline with RabbitMQ as the Celery broker (skipped when none listens on 5672)."""
import os

import pytest

from productscraper.operations.netutil import listening
from tests.conftest import make_env
from tests.e2e import crawl, mismatches, wait
from tests.services import cli

pytestmark = pytest.mark.e2e
AMQP = os.environ.get("TEST_AMQP_URL", "amqp://guest:guest@127.0.0.1:5672//")


@pytest.fixture(scope="module")
def amqp_stack(redis_srv, mongo_srv, tmp_path_factory):
    if not listening("127.0.0.1", 5672):
        pytest.skip("no RabbitMQ on 127.0.0.1:5672 (.ci/run starts it where it is installed)")
    env = make_env(redis_srv.port, mongo_srv.port, tmp_path_factory.mktemp("amqp"),
                   CELERY_BROKER_URL=AMQP, PRODUCT_QUEUE="products-amqp-test")
    env["CELERY_RESULT_BACKEND"] = env["REDIS_URL"]
    cli("stack", "up", "--no-schedules", "--workers", "1", "--concurrency", "4", "--no-flower", "--render-workers", "0", env=env)
    yield env
    cli("stack", "down", env=env, check=False)


def test_rabbitmq_broker_runs_the_whole_pipeline(amqp_stack, demo_shop):
    from pymongo import MongoClient

    shop = demo_shop(products=15, per_page=5)
    crawl(amqp_stack, shop.listing_url, "amqp1", "-a", "profile=demo")
    rep = wait(amqp_stack, "amqp1")
    assert (rep["discovered"], rep["stored"]) == (15, 15)
    uri = amqp_stack["MONGO_URI"]
    db = MongoClient(uri)[uri.rsplit("/", 1)[1]]
    stored = {d["url"]: d for d in db.products.find({"run_id": "amqp1"})}
    assert mismatches(shop.truth(), stored) == []
