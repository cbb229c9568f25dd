"""Data quality end to end: rejects with reasons, price history between runs, coverage."""
import pytest

from tests.e2e import crawl, wait

pytestmark = pytest.mark.e2e


def test_invalid_products_are_rejected_exactly_with_field_level_reasons(stack, db, demo_shop):
    shop = demo_shop(products=50, faults={"invalid": 0.1}, seed=11)
    crawl(stack, shop.listing_url, "dq1", "-a", "profile=demo")
    rep = wait(stack, "dq1")
    invalid = {p["url"]: p["fault_detail"] for p in shop.truth() if p["fault"] == "invalid"}
    assert len(invalid) == 5
    assert (rep["stored"], rep["rejected"], rep["failed"]) == (45, 5, 0)
    rejects = {r["url"]: r for r in db.rejects.find({"run_id": "dq1"})}
    assert set(rejects) == set(invalid)
    for url, detail in invalid.items():
        fields = {r["field"] for r in rejects[url]["reasons"]}
        assert ("title" if detail == "no_title" else "price") in fields, rejects[url]["reasons"]
        assert db.urls.find_one({"run_id": "dq1", "url": url})["state"] == "rejected"
    assert db.products.count_documents({"url": {"$in": list(invalid)}}) == 0
    assert rep["field_coverage"]["title"] == 1.0


def test_a_price_change_between_two_runs_is_recorded_once_per_changed_product(stack, db, demo_shop):
    shop = demo_shop(products=60, seed=21)
    crawl(stack, shop.listing_url, "hist1", "-a", "profile=demo")
    assert wait(stack, "hist1")["stored"] == 60
    changed_ids = set(shop.reprice(0.05, seed=3))
    assert len(changed_ids) == 3
    crawl(stack, shop.listing_url, "hist2", "-a", "profile=demo")
    rep = wait(stack, "hist2")
    assert rep["changes"] == {"created": 0, "changed": 3, "unchanged": 57}
    truth = {p["id"]: p for p in shop.truth()}
    changed_urls = {truth[i]["url"] for i in changed_ids}
    history = list(db.price_history.find({"run_id": "hist2"}))
    assert {h["url"] for h in history} == changed_urls
    for h in history:
        product = next(p for p in truth.values() if p["url"] == h["url"])
        assert h["new_price"] == pytest.approx(product["price"]) and h["old_price"] != h["new_price"]
    # Unchanged products only had last_seen touched: their changed_at predates the second run.
    hist2_start = db.runs.find_one({"_id": "hist2"})["started_at"]
    unchanged = db.products.find({"url": {"$in": [p["url"] for p in truth.values()
                                                  if p["url"] not in changed_urls]}})
    assert all(d["changed_at"] < hist2_start <= d["last_seen"] for d in unchanged)
