"""The benchmark (``python -m bench.run``) end to end on a tiny shop, and the ``catalog`` spider."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from tests.e2e import mismatches, queue_length
from tests.services import ROOT, cli

MARK = "PRODUCTSCRAPER_BENCH_SMOKE"


def _marked(token: str, tmpdir: Path) -> list[int]:
    """Live processes started by the benchmark run tagged ``token``.

    Children inherit ``MARK=token`` in their environment; redis-server overwrites its
    environment (process title) but runs in its ``--dir``, under the run's TMPDIR.
    """
    needle = f"{MARK}={token}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            ours = needle in (entry / "environ").read_bytes().split(b"\0") or \
                os.readlink(entry / "cwd").startswith(str(tmpdir))
            if ours and (entry / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z":
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def _kill(pids: list[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


@pytest.mark.e2e
def test_bench_smoke_writes_results_and_leaves_no_process_behind(tmp_path):
    token = uuid.uuid4().hex
    out = tmp_path / "out"
    tmpdir = tmp_path / "tmp"  # the benchmark's work directory goes here
    tmpdir.mkdir()
    env = {**os.environ, MARK: token, "TMPDIR": str(tmpdir), "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "bench.run", "--products", "40", "--per-page", "10", "--latency-ms", "0",
           "--workers", "1", "--only", "plain,fanout", "--out", str(out)]
    # Own session: on a timeout the whole group is stopped, then anything still marked.
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, start_new_session=True)
    try:
        output, _ = proc.communicate(timeout=120)
        assert proc.returncode == 0, output[-4000:]
        # `stack down` waits for its process groups, but give the kernel a moment to reap.
        deadline = time.monotonic() + 10
        while _marked(token, tmpdir) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _marked(token, tmpdir) == [], "the benchmark left processes behind"
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        _kill(_marked(token, tmpdir))

    table = (out / "results.md").read_text()
    assert "plain Scrapy, 1 process (0 ms)" in table and "fan-out 1×16 (0 ms)" in table
    assert "same shared machine" in table
    assert "| fan-out 1×16 (0 ms) |" in output  # the table is printed at the end
    assert (out / "benchmark.png").read_bytes().startswith(b"\x89PNG")
    data = json.loads((out / "results.json").read_text())
    rows = {r["kind"]: r for r in data["results"]}
    assert set(rows) == {"plain", "fanout"}
    for row in rows.values():
        assert row["error"] is None and row["stored"] == 40
        assert row["wall_s"] > 0 and row["cpu_s"] > 0 and row["peak_rss_mb"] > 0
        assert row["service_cpu_s"] is not None
    assert rows["fanout"]["worker_cpu_s"] > 0 and "overhead_mean_ms" in rows["fanout"]
    # The workers' own account of their 40 tasks, read back after they stopped.
    timing = rows["fanout"]["extra"]["time_per_product_ms"]
    assert timing["total"] >= timing["fetch"] > 0
    assert "## Where a task's time went" in table and "| fan-out 1×16 (0 ms) | " in table.split(
        "## Where a task's time went")[1]


@pytest.mark.e2e
def test_catalog_spider_scrapes_listings_and_products_in_one_process(stack_env, db, demo_shop):
    shop = demo_shop(products=20, per_page=7)
    cli("scrapy", "crawl", "catalog", "-a", f"start_url={shop.listing_url}", "-a", "profile=demo",
        "-a", "run_id=catalog1", "-s", "CONCURRENT_REQUESTS=4", "-s", "CONCURRENT_REQUESTS_PER_DOMAIN=4",
        "-L", "WARNING", env=stack_env)
    stored = {d["url"]: d for d in db.products.find({"run_id": "catalog1"})}
    assert len(stored) == 20
    assert mismatches(shop.truth(), stored) == []
    # Nothing went through the fan-out: no ledger entries, no Celery tasks.
    assert db.urls.count_documents({"run_id": "catalog1"}) == 0
    assert queue_length(stack_env) == 0
