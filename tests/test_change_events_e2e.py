"""Acceptance of conditional re-crawls and change events on the books Travel category.

The 11 Travel books (their listing page and product pages, copied from the offline
books.toscrape.com corpus in ../shared/corpus/books; skipped without it) are served from a
temporary copy by Python's http.server, which sends
``Last-Modified`` and answers ``If-Modified-Since`` with 304. A local receiver takes the
webhook's POSTs and checks their signature.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import re
import shutil
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from productscraper.operations.netutil import free_port, wait_listening
from tests.conftest import make_env
from tests.e2e import crawl, one_worker_stack, stack_database, until, wait

pytestmark = [pytest.mark.e2e]

LISTING = "/catalogue/category/books/travel_2/index.html"
PRODUCT_LINK = re.compile(r'href="\.\./\.\./\.\./([^"/]+_\d+)/index\.html"')
BAZAAR = "/catalogue/the-great-railway-bazaar_446/index.html"
SECRET = "s3cret-for-tests"
PRODUCT_PATH = re.compile(r'"GET (/catalogue/(?!category/)[^ ]+_\d+/index\.html) HTTP/1\.\d" (\d{3})')


class Receiver:
    """A webhook receiver on 127.0.0.1: records each POST and whether its signature verifies;
    ``status`` is what it answers."""

    def __init__(self) -> None:
        self.posts: list[dict] = []
        self.status = 200
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - http.server's name
                body = self.rfile.read(int(self.headers["Content-Length"]))
                expected = "sha256=" + hmac.new(SECRET.encode(), body, hashlib.sha256).hexdigest()
                got = self.headers.get("X-Productscraper-Signature", "")
                receiver.posts.append({"events": json.loads(body), "status": receiver.status,
                                       "verified": hmac.compare_digest(expected, got)})
                self.send_response(receiver.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def receiver():
    r = Receiver()
    yield r
    r.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory, corpus):
    """A copy of the Travel pages served by http.server; its access log is on stderr."""
    books = corpus / "books"
    root = tmp_path_factory.mktemp("travel") / "books"
    listing = root / LISTING.lstrip("/")
    listing.parent.mkdir(parents=True)
    shutil.copy(books / LISTING.lstrip("/"), listing)
    slugs = set(PRODUCT_LINK.findall(listing.read_text(encoding="utf-8")))
    assert len(slugs) == 11, slugs
    for slug in slugs:
        (root / "catalogue" / slug).mkdir(parents=True)
        shutil.copy(books / "catalogue" / slug / "index.html", root / "catalogue" / slug / "index.html")
    log = root.parent / "access.log"
    port = free_port()
    with open(log, "w") as err:
        proc = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1",
                                 "-d", str(root), str(port)], stdout=subprocess.DEVNULL, stderr=err)
    assert wait_listening("127.0.0.1", port, 10)
    yield {"url": f"http://127.0.0.1:{port}", "root": root, "log": log}
    proc.terminate()
    proc.wait(10)


@pytest.fixture(scope="module")
def hook_stack(redis_srv, mongo_srv, tmp_path_factory, receiver):
    env = make_env(redis_srv.port, mongo_srv.port, tmp_path_factory.mktemp("run"),
                   WEBHOOK_URL=receiver.url, WEBHOOK_SECRET=SECRET, WEBHOOK_BATCH_DELAY="0.5",
                   WEBHOOK_MAX_RETRIES="2", WEBHOOK_BACKOFF_MAX="1")
    with one_worker_stack(env):
        yield env


@pytest.fixture(scope="module")
def hdb(hook_stack):
    with stack_database(hook_stack) as database:
        yield database


def product_answers(site, since_line: int) -> list[tuple[str, int]]:
    lines = site["log"].read_text().splitlines()[since_line:]
    return [(m[1], int(m[2])) for m in map(PRODUCT_PATH.search, lines) if m]


def log_length(site) -> int:
    return len(site["log"].read_text().splitlines())




def reprice(site, path: str, price: str) -> str:
    """Put ``price`` in the product's own price tag (the first one); returns the old text."""
    page = site["root"] / path.lstrip("/")
    html = page.read_text(encoding="utf-8")
    old = re.search(r'<p class="price_color">£([\d.]+)</p>', html)[1]
    page.write_text(html.replace(f'<p class="price_color">£{old}</p>',
                                 f'<p class="price_color">£{price}</p>', 1), encoding="utf-8")
    later = page.stat().st_mtime + 5  # Last-Modified has whole seconds: make it move
    import os

    os.utime(page, (later, later))
    return old


def run(env, site, run_id: str) -> dict:
    crawl(env, site["url"] + LISTING, run_id, "-a", "profile=books")
    return wait(env, run_id, timeout=180)


def test_unchanged_pages_end_unchanged_by_304_and_a_price_change_is_one_signed_event(
        hook_stack, hdb, site, receiver):
    first = run(hook_stack, site, "travel1")
    assert (first["discovered"], first["stored"], first["unchanged"]) == (11, 11, 0)
    assert hdb.changes.count_documents({"run_id": "travel1", "field": "new"}) == 11
    until(lambda: hdb.changes.count_documents({"delivery": "pending"}) == 0, what="run 1's events")

    mark = log_length(site)
    second = run(hook_stack, site, "travel2")
    answers = product_answers(site, mark)
    assert len(answers) >= 11
    assert sum(status == 304 for _, status in answers) / len(answers) >= 0.9, answers
    assert (second["stored"], second["unchanged"], second["failed"]) == (0, 11, 0)
    assert hdb.changes.count_documents({"run_id": "travel2"}) == 0
    seen = hdb.products.find_one({"url": site["url"] + BAZAAR})
    assert seen["run_id"] == "travel2"

    posts_before = len(receiver.posts)
    old = reprice(site, BAZAAR, "31.99")
    third = run(hook_stack, site, "travel3")
    assert (third["stored"], third["unchanged"]) == (1, 10)
    (change,) = list(hdb.changes.find({"run_id": "travel3"}))
    assert (change["field"], change["old"], change["new"]) == ("price", float(old), 31.99)
    assert change["url"] == site["url"] + BAZAAR
    until(lambda: hdb.changes.find_one({"_id": change["_id"], "delivery": "delivered"}),
          what="the price change's delivery")
    time.sleep(1.5)  # a second POST would have come by now (batch delay 0.5 s)
    posts = receiver.posts[posts_before:]
    assert len(posts) == 1 and posts[0]["verified"]
    assert [(e["field"], e["old"], e["new"], e["id"]) for e in posts[0]["events"]] == [
        ("price", float(old), 31.99, change["_id"])]


def test_a_webhook_that_keeps_failing_ends_in_dead_letters_and_never_holds_up_storing(
        hook_stack, hdb, site, receiver):
    tuscan = "/catalogue/under-the-tuscan-sun_504/index.html"
    if not hdb.products.find_one({"url": site["url"] + tuscan}):
        # Alone in its test process (xdist), nothing is stored yet: a first run to change from.
        run(hook_stack, site, "travel-dead-base")
    receiver.status = 500
    try:
        posts_before = len(receiver.posts)
        reprice(site, tuscan, "12.34")
        rep = run(hook_stack, site, "travel-dead")
        assert rep["complete"] and rep["failed"] == 0 and rep["stored"] >= 1
        (change,) = list(hdb.changes.find({"run_id": "travel-dead", "field": "price"}))
        until(lambda: hdb.changes.find_one({"_id": change["_id"], "delivery": "dead"}),
              timeout=60, what="the dead letter")
        letter = hdb.dead_letters.find_one({"change_ids": change["_id"]})
        assert letter["kind"] == "webhook" and letter["attempts"] == 3  # 1 + WEBHOOK_MAX_RETRIES
        assert letter["error"] == "HTTP 500"
        assert [e["id"] for e in letter["body"]] == letter["change_ids"]
        failed_posts = [p for p in receiver.posts[posts_before:]
                        if any(e["id"] == change["_id"] for e in p["events"])]
        assert len(failed_posts) == 3 and all(p["verified"] for p in failed_posts)
        # The same body each time: a receiver can tell a retry by its ids.
        assert len({json.dumps(p["events"]) for p in failed_posts}) == 1
    finally:
        receiver.status = 200


def test_demo_shop_etags_make_a_second_run_unchanged_and_changes_are_served_by_the_api(
        hook_stack, hdb, demo_shop):
    from fastapi.testclient import TestClient

    from productscraper.operations.api.app import create_app

    shop = demo_shop(products=12, per_page=20, etags=True)
    first = run_demo(hook_stack, shop, "shop1")
    assert (first["stored"], first["unchanged"]) == (12, 0)
    assert all(p.get("validators", {}).get("etag") for p in hdb.products.find({"run_id": "shop1"}))
    second = run_demo(hook_stack, shop, "shop2")
    assert (second["stored"], second["unchanged"]) == (0, 12)
    assert sum(line.endswith(" 304") for line in shop.access_log_lines()) == 12
    since = max(c["at"] for c in hdb.changes.find())
    repriced = shop.reprice(0.25)
    third = run_demo(hook_stack, shop, "shop3")
    assert (third["stored"], third["unchanged"]) == (len(repriced), 12 - len(repriced))

    api = TestClient(create_app(hdb, tokens=("tok",)))
    auth = {"Authorization": "Bearer tok"}
    got = api.get("/changes", params={"since": since, "field": "price", "domain": "127.0.0.1"},
                  headers=auth).json()["items"]
    assert sorted(urlpath(c["url"]) for c in got) == sorted(f"/product/{i}/" for i in repriced)
    assert all(c["run_id"] == "shop3" and c["old"] != c["new"] for c in got)
    assert api.get("/changes", params={"since": since, "field": "title"}, headers=auth).json()["items"] == []
    assert api.get("/changes", params={"since": "yesterday"}, headers=auth).status_code == 422
    assert api.get("/changes").status_code == 401


def urlpath(url: str) -> str:
    from urllib.parse import urlsplit

    return urlsplit(url).path


def run_demo(env, shop, run_id: str) -> dict:
    crawl(env, shop.listing_url, run_id)
    return wait(env, run_id, timeout=180)
