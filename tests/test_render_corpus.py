"""The books corpus as a JavaScript shop, through the default local stack.

Every product page of the served copy is built by a script (its raw HTML holds no product
data; the books profile has no ``wait_for``), and starts with a ``<script src>`` on a host
that accepts and never answers. The Mystery category (32 books) must be stored exactly,
well inside one render budget a page, and leave no browser behind.
"""
from __future__ import annotations

import json
import shutil
import tempfile
import time

import pytest

from bench.corpus_server import serve
from productscraper.browser import LOOPBACK_ONLY, browser_processes
from productscraper.demoshop.testing import HangingServer
from tests.books_truth import expected
from tests.conftest import make_env
from tests.e2e import crawl, wait
from tests.services import cli

pytestmark = [pytest.mark.e2e, pytest.mark.browser, pytest.mark.corpus]

MYSTERY = "catalogue/category/books/mystery_3/index.html"

if not (shutil.which("chromium") and shutil.which("chromedriver")):
    pytest.skip("Debian's chromium and chromium-driver are not installed (make setup installs them)",
                allow_module_level=True)


def test_script_built_books_with_a_hanging_third_party_tag_are_stored_exactly(
        redis_srv, mongo_srv, tmp_path, corpus):
    books = corpus / "books"
    truth = [json.loads(line) for line in (books / "ground_truth_books.jsonl").read_text().split("\n")
             if line.strip()]
    mystery = {r["path"]: r for r in truth if r["category"] == "Mystery"}
    assert len(mystery) == 32
    # The stack's browsers live under its own TMPDIR, so other tests' browsers are not
    # counted; a short one: Chromium puts a Unix socket there (108-byte path limit).
    env = make_env(redis_srv.port, mongo_srv.port, tmp_path, BROWSER_EXTRA_ARGS=LOOPBACK_ONLY,
                   TMPDIR=tempfile.mkdtemp(prefix="pst-", dir="/tmp"))
    with HangingServer("127.0.0.2") as hang:
        server = serve(books, 0, js_products=True, head_script=f"{hang.url}/tag.js")
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        cli("stack", "up", "--no-schedules", "--workers", "1", "--no-flower", env=env)  # the default render worker
        try:
            started = time.monotonic()
            crawl(env, base + MYSTERY, "mystery", "-a", "profile=books")
            rep = wait(env, "mystery", timeout=300)
            elapsed = time.monotonic() - started
        finally:
            cli("stack", "down", env=env, check=False)
            server.shutdown()
        assert hang.connections == 0
    assert browser_processes(env["TMPDIR"]) == []
    assert (rep["discovered"], rep["stored"], rep["failed"], rep["rejected"]) == (32, 32, 0, 0)
    from pymongo import MongoClient

    uri = env["MONGO_URI"]
    db = MongoClient(uri)[uri.rsplit("/", 1)[1]]
    stored = {d["url"][len(base):]: d for d in db.products.find({"run_id": "mystery"})}
    assert set(stored) == set(mystery)
    for path, record in mystery.items():
        want = expected(record)
        doc = stored[path]
        assert doc["rendered"] is True
        assert (doc["title"], doc["sku"]) == (want["title"], want["sku"]), path
        assert abs(doc["price"] - want["price"]) < 0.005, path
    print(f"32 script-built books stored in {elapsed:.1f} s")
    assert elapsed < 120, elapsed
