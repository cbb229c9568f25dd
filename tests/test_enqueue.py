"""The enqueue pipeline and `enqueue` command against a real Redis broker (no workers)."""
import pytest
from pymongo import MongoClient

from tests.e2e import crawl, queue_length
from tests.services import cli, python_json


def ledger(cli_env):
    uri = cli_env["MONGO_URI"]
    return MongoClient(uri)[uri.rsplit("/", 1)[1]].urls


def test_listing_crawl_puts_one_task_per_product_on_the_broker_and_in_the_ledger(cli_env, demo_shop):
    shop = demo_shop(products=35, per_page=10)
    crawl(cli_env, shop.listing_url, "e1", "-a", "profile=demo")
    assert queue_length(cli_env) == 35
    assert ledger(cli_env).count_documents({"run_id": "e1", "state": "queued"}) == 35
    # Crawling again in the same run enqueues nothing new.
    crawl(cli_env, shop.listing_url, "e1", "-a", "profile=demo")
    assert queue_length(cli_env) == 35
    assert ledger(cli_env).count_documents({"run_id": "e1"}) == 35


def test_enqueue_command_fans_out_a_url_list_with_dedup(cli_env, demo_shop, tmp_path):
    shop = demo_shop(products=5)
    urls = [p["url"] for p in shop.truth()]
    f = tmp_path / "urls.txt"
    f.write_text("\n".join(urls + urls[:2] + ["# a comment", ""]))
    out = cli("enqueue", "--run", "q1", "--file", str(f), "--profile", "demo", env=cli_env).stdout
    assert "enqueued 5 URL(s), 2 already in the run" in out
    assert queue_length(cli_env) == 5


def test_enqueue_refuses_invalid_urls_and_enqueues_nothing(cli_env):
    proc = cli("enqueue", "--run", "q2", "http://127.0.0.1:1/ok", "ftp://nope/x", env=cli_env, check=False)
    assert proc.returncode == 2
    assert "unsupported scheme 'ftp'" in proc.stderr and "nothing enqueued" in proc.stderr
    assert queue_length(cli_env) == 0


def test_listing_crawl_with_an_invalid_start_url_exits_non_zero_and_enqueues_nothing(cli_env):
    proc = crawl(cli_env, "ftp://example.com/", "bad1", check=False)
    assert proc.returncode != 0
    assert "ERROR: listings: invalid start URL: unsupported scheme 'ftp'" in proc.stderr
    assert_one_line_error(proc.stderr)
    assert queue_length(cli_env) == 0


def test_listing_crawl_with_a_dead_broker_says_so_and_enqueues_nothing(cli_env, demo_shop):
    from productscraper.operations.netutil import free_port

    shop = demo_shop(products=5)
    dead = {**cli_env, "REDIS_URL": f"redis://127.0.0.1:{free_port()}/0"}
    proc = crawl(dead, shop.listing_url, "dead1", "-a", "profile=demo", check=False)
    assert proc.returncode != 0
    assert "ERROR: Celery broker unreachable (ConnectionError: " in proc.stderr
    assert "Connection refused.); nothing was enqueued" in proc.stderr
    assert_one_line_error(proc.stderr)
    assert ledger(cli_env).count_documents({"run_id": "dead1"}) == 0


@pytest.mark.parametrize("spider, consequence", [("listings", "nothing was enqueued"),
                                                ("catalog", "no page was crawled")])
def test_a_crawl_with_a_dead_mongodb_says_so_and_sends_nothing(
        cli_env, demo_shop, spider, consequence):
    from productscraper.operations.netutil import free_port

    shop = demo_shop(products=5)
    dead = {**cli_env, "MONGO_URI": f"mongodb://127.0.0.1:{free_port()}/x"}
    proc = cli("scrapy", "crawl", spider, "-a", f"start_url={shop.listing_url}", "-a",
               "run_id=nomongo1", "-a", "profile=demo", "-L", "WARNING", env=dead, check=False)
    assert proc.returncode != 0
    assert f"MongoDB unreachable (ServerSelectionTimeoutError: 127.0.0.1:" in proc.stderr
    assert f"Connection refused); {consequence}" in proc.stderr
    assert_one_line_error(proc.stderr)
    assert queue_length(cli_env, "products") == 0


def assert_one_line_error(stderr: str) -> None:
    """A crawl that refused to start says why in one error line: no traceback of Scrapy's
    internals, no second error from a stats extension, no asyncio 'never retrieved'."""
    errors = [line for line in stderr.splitlines() if " ERROR: " in line]
    assert len(errors) == 1, stderr
    for noise in ("Traceback", "AssertionError", "never retrieved"):
        assert noise not in stderr, stderr


def _command_calls(client, *commands: str) -> dict[str, int]:
    stats = client.info("commandstats")
    return {c: stats.get(f"cmdstat_{c}", {}).get("calls", 0) for c in commands}


def test_publishing_costs_one_redis_push_per_url_without_result_subscriptions_or_sent_events(cli_env, tmp_path):
    # Nobody waits for a product task's result, so the publisher must not subscribe to
    # result channels (Celery does unless ignore_result) nor publish task-sent events
    # (TASK_SENT_EVENTS, off by default): each would be extra Redis work per URL.
    import redis

    client = redis.Redis.from_url(cli_env["REDIS_URL"])
    f = tmp_path / "urls.txt"
    f.write_text("".join(f"http://127.0.0.1:1/p/{i}\n" for i in range(30)))
    client.config_resetstat()
    cli("enqueue", "--run", "pub1", "--file", str(f), env=cli_env)
    calls = _command_calls(client, "lpush", "subscribe", "unsubscribe", "publish")
    assert calls == {"lpush": 30, "subscribe": 0, "unsubscribe": 0, "publish": 0}
    assert queue_length(cli_env) == 30

    client.config_resetstat()
    cli("enqueue", "--run", "pub2", "--file", str(f), env={**cli_env, "TASK_SENT_EVENTS": "true"})
    assert _command_calls(client, "publish")["publish"] == 30


# publish() in a process of its own: tasks.app reads the broker URL once, at import.
_PUBLISH_SCRIPT = """
import json, sys
import redis.client
import redis.connection
from productscraper.fanout.publisher import publish
from productscraper.storage.ledger import Entry

sends = []
send = redis.connection.AbstractConnection.send_packed_command
def counting(self, *args, **kwargs):
    sends.append(1)
    return send(self, *args, **kwargs)
redis.connection.AbstractConnection.send_packed_command = counting

entries = [Entry("pub3", f"http://127.0.0.1:1/p/{i}") for i in range(31)]
publish(entries[:1])  # connection and queue declaration
sends.clear()
if sys.argv[1] in ("flush-fails", "second-flush-fails"):
    import productscraper.fanout.publisher
    productscraper.fanout.publisher.PUBLISH_CHUNK = 10
    execute, flushes = redis.client.Pipeline.execute, []
    def refuse(self, *args, **kwargs):
        flushes.append(1)
        if sys.argv[1] == "flush-fails" or len(flushes) == 2:
            raise redis.exceptions.ConnectionError("connection reset by peer")
        return execute(self, *args, **kwargs)
    redis.client.Pipeline.execute = refuse
result = publish(entries[1:])
print(json.dumps({"sends": len(sends), "errors": result.publish_errors,
                  "last_error": result.last_error}))
"""


def test_publishing_a_batch_of_urls_costs_one_round_trip_to_redis(cli_env):
    # 30 LPUSHes in one pipeline (kombu's producer batch), not 30 round trips.
    # (PUBLISH_CHUNK, 500, is above 30.)
    out = python_json(_PUBLISH_SCRIPT, "ok", env=cli_env)
    assert out["errors"] == 0
    assert queue_length(cli_env) == 31
    assert out["sends"] == 1


def test_a_failed_batch_flush_counts_every_url_of_the_batch_as_unpublished(cli_env):
    # Delivery of a batch whose pipeline failed is uncertain: all of its URLs are reported
    # (they stay queued in the ledger, where reconcile re-publishes them).
    out = python_json(_PUBLISH_SCRIPT, "flush-fails", env=cli_env)
    assert out["errors"] == 30
    assert "BatchPublishError" in out["last_error"]
    assert queue_length(cli_env) == 1


def test_urls_are_published_in_chunks_and_a_failed_flush_fails_only_its_chunk(cli_env):
    # PUBLISH_CHUNK = 10 in the script: 30 URLs are three pipelines; the second one fails.
    out = python_json(_PUBLISH_SCRIPT, "second-flush-fails", env=cli_env)
    assert out["errors"] == 10
    assert queue_length(cli_env) == 1 + 20



_BROKER_CHECK_SCRIPT = """
import json, sys
from productscraper.fanout.publisher import broker_reachable
print(json.dumps({"error": broker_reachable(timeout=2), "celery_imported": "celery" in sys.modules}))
"""


def test_a_redis_broker_is_checked_without_importing_celery(cli_env):
    # The listing spider checks the broker before its first request: Celery's import
    # (~0.1 s) is not needed to ask Redis, so it is left to the publisher's set-up.
    from productscraper.operations.netutil import free_port

    assert python_json(_BROKER_CHECK_SCRIPT, env=cli_env) == {"error": None, "celery_imported": False}
    dead = python_json(_BROKER_CHECK_SCRIPT,
                       env={**cli_env, "REDIS_URL": f"redis://127.0.0.1:{free_port()}/0"})
    assert dead["error"].startswith("ConnectionError: ") and "refused" in dead["error"]


# The listing spider in a process of its own, its publisher's set-up failing.
_SPIDER_SCRIPT = """
import json, logging, sys
from scrapy.crawler import CrawlerProcess
from scrapy.utils.project import get_project_settings
from productscraper.pipelines import enqueue
from productscraper.spiders.listings import ListingsSpider

def refuse():
    raise ConnectionError("broker went away")
enqueue.prepare_publisher = refuse
warnings = []
class Keep(logging.Handler):
    def emit(self, record):
        if record.levelno >= logging.WARNING:
            warnings.append(record.getMessage())
logging.getLogger().addHandler(Keep())
process = CrawlerProcess(get_project_settings(), install_root_handler=False)
crawler = process.create_crawler(ListingsSpider)
process.crawl(crawler, start_url=sys.argv[1], run_id="early1", profile="demo")
process.start()
print(json.dumps({"new": crawler.stats.get_value("enqueue/new"),
                  "publish_errors": crawler.stats.get_value("enqueue/publish_errors", 0),
                  "warnings": warnings}))
"""


def test_a_failed_publisher_set_up_is_logged_and_loses_no_url(cli_env, demo_shop):
    # The set-up only prepares: publishing itself connects again and reports its errors.
    shop = demo_shop(products=25, per_page=10)
    out = python_json(_SPIDER_SCRIPT, shop.listing_url, env=cli_env)
    assert any("preparing the task publisher failed: broker went away" in w
               for w in out["warnings"])
    assert out["new"] == 25 and out["publish_errors"] == 0
    assert queue_length(cli_env) == 25
