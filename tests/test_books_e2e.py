"""Acceptance on the offline books.toscrape.com copy (skipped without ../shared/corpus)."""
import subprocess
import sys
from urllib.parse import urlsplit

import pytest

from productscraper.operations.netutil import free_port, wait_listening
from tests.books_truth import agreement
from tests.e2e import crawl, wait

pytestmark = [pytest.mark.e2e, pytest.mark.corpus]


@pytest.fixture(scope="module")
def books_site(corpus):
    port = free_port()
    proc = subprocess.Popen([sys.executable, str(corpus / "serve.py"), str(corpus / "books"), str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    assert wait_listening("127.0.0.1", port, 10)
    yield f"http://127.0.0.1:{port}"
    proc.terminate()
    proc.wait(10)


def test_books_catalogue_run_matches_the_ground_truth(stack, db, books_site, corpus):
    crawl(stack, f"{books_site}/index.html", "books1", "-a", "profile=books")
    rep = wait(stack, "books1", timeout=600)
    assert (rep["discovered"], rep["stored"], rep["failed"], rep["rejected"]) == (1000, 996, 4, 0)
    failures = list(db.failures.find({"run_id": "books1"}))
    assert sorted(f["url"].rsplit("_", 1)[1].split("/")[0] for f in failures) == ["459", "917", "937", "978"]
    assert {f["status"] for f in failures} == {404}
    stored = {urlsplit(d["url"]).path.lstrip("/"): d for d in db.products.find({"run_id": "books1"})}
    share, missing = agreement(corpus / "books" / "ground_truth_books.jsonl", stored)
    assert missing == []
    assert min(share.values()) >= 0.995, share

    # Acceptance 4: the same crawl with a new run id upserts, no duplicates. (The server sends
    # Last-Modified, so the unchanged pages now answer 304: `unchanged`, not re-extracted.)
    crawl(stack, f"{books_site}/index.html", "books2", "-a", "profile=books")
    again = wait(stack, "books2", timeout=600)
    assert again["stored"] + again["unchanged"] == 996 and again["unchanged"] > 0
    assert db.products.count_documents({"url": {"$regex": f"^{books_site}"}}) == 996
