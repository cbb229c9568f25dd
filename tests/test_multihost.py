"""Beyond one machine: store, control and two worker hosts in network namespaces.

The "store" host runs Redis, the MongoDB-wire server and the books site; "control" runs
the listing spider and the CLI; "worker1"/"worker2" run one Celery worker each. They talk
only over 198.18.0.0/24 (tests/netns.py). Faults: a worker host's link cut for good, the
store unreachable from a worker host for 20 s, a worker host's clock 5 minutes ahead.
Timeouts are short (still layered); VISIBILITY_TIMEOUT is 20 s here against 300 s in
production (deploy/k8s, docs/deployment.md): a vanished worker's messages come back after
it, so a scenario must end within it + 60 s.
"""
from __future__ import annotations

import itertools
import json
import os
import shutil
import sys
import time

import pytest

from productscraper.operations.stack import DEFAULT_POOL, pool_env, worker_cmd
from productscraper.storage.clock import parse_iso
from tests import netns
from tests.conftest import CORPUS
from tests.services import ROOT, find_bin

pytestmark = [pytest.mark.multihost, pytest.mark.e2e]

HOSTS = {"store": 10, "control": 20, "worker1": 31, "worker2": 32}
REDIS_PORT, MONGO_PORT, SITE_PORT = 6379, 27017, 8000
VISIBILITY_S = 20
TIMEOUTS = {"DOWNLOAD_TIMEOUT": "2", "TASK_SOFT_TIME_LIMIT": "6", "TASK_TIME_LIMIT": "8",
            "VISIBILITY_TIMEOUT": str(VISIBILITY_S), "RETRY_BACKOFF_MAX": "2",
            "STORE_MAX_RETRIES": "30"}
BOOKS = CORPUS / "books"
_db = itertools.count(1)


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """The four hosts, with the store's servers running; everything removed afterwards."""
    reason = netns.unavailable_reason()
    if reason:
        pytest.skip(f"multi-host tests need network namespaces: {reason}")
    if not (BOOKS / "ground_truth_books.jsonl").exists():
        pytest.skip(f"books corpus not found at {BOOKS} (only present next to the workplace clone)")
    logs = tmp_path_factory.mktemp("multihost")
    lab = netns.Lab(HOSTS)
    try:
        lab.build()
        store = lab.addr("store")
        env = dict(os.environ)
        lab.spawn("store", [find_bin("redis-server"), "--bind", store, "--port", str(REDIS_PORT),
                            "--save", "", "--appendonly", "no", "--protected-mode", "no"],
                  env, logs / "redis.log")
        (logs / "mongo").mkdir()
        lab.spawn("store", [find_bin("nx-27017"), "--host", store, "-p", str(MONGO_PORT),
                            "--data-dir", str(logs / "mongo"), "--log-file", str(logs / "nx.log"),
                                # its own pid file: nx-27017 refuses to start while another
                                # instance holds the default one ("already running")
                                "--pid-file", str(logs / "nx.pid")],
                  env, logs / "mongo.log")
        lab.spawn("store", [sys.executable, "-m", "http.server", "--bind", store, "--directory",
                            str(BOOKS), str(SITE_PORT)], env, logs / "site.log")
        for port in (REDIS_PORT, MONGO_PORT, SITE_PORT):
            assert lab.wait_listening("store", port), f"store did not listen on {port}"
        lab.logs = logs
        yield lab
    finally:
        lab.close()
        assert lab.leftovers() == [], "the lab left namespaces or links behind"


class Run:
    """One crawl on the lab: its own Redis DB and MongoDB database, its own workers."""

    def __init__(self, lab: netns.Lab, run_id: str, **extra: str) -> None:
        self.lab, self.run_id = lab, run_id
        store = lab.addr("store")
        self.env = {**os.environ, "PYTHONPATH": str(ROOT), "SCRAPY_SETTINGS_MODULE": "productscraper.settings",
                    "REDIS_URL": f"redis://{store}:{REDIS_PORT}/{next(_db)}",
                    "MONGO_URI": f"mongodb://{store}:{MONGO_PORT}/mh_{run_id}",
                    "PRODUCTSCRAPER_RUN_DIR": str(lab.logs / run_id), "BROWSER_RENDERING": "off",
                    **TIMEOUTS, **extra}
        self.env.pop("CELERY_BROKER_URL", None)
        self.env.pop("CELERY_RESULT_BACKEND", None)
        (lab.logs / run_id).mkdir()
        self.workers: dict[str, object] = {}

    def start_worker(self, host: str, prefix: list[str] = (), **extra: str) -> None:
        name = f"{self.run_id}-{host}"
        self.workers[host] = self.lab.spawn(
            host, worker_cmd(name, "products", 8), {**self.env, **pool_env(DEFAULT_POOL), **extra},
            self.lab.logs / self.run_id / f"worker-{host}.log", cwd=ROOT, prefix=list(prefix))

    def cli(self, *args: str, timeout: float = 300) -> str:
        out = self.lab.run("control", [sys.executable, "-m", "productscraper", *args], self.env,
                           timeout=timeout, cwd=ROOT)
        assert out.returncode == 0, f"{args}: {out.returncode}\n{out.stdout[-2000:]}\n{out.stderr[-3000:]}"
        return out.stdout

    def crawl(self) -> None:
        out = self.lab.run("control", [find_bin("scrapy"), "crawl", "listings", "-a",
                                       f"start_url=http://{self.lab.addr('store')}:{SITE_PORT}/index.html",
                                       "-a", f"run_id={self.run_id}", "-a", "profile=books", "-L", "WARNING"],
                           self.env, timeout=300, cwd=ROOT)
        assert out.returncode == 0, out.stderr[-3000:]

    def facts(self) -> dict:
        """Counts from MongoDB, asked from the control host."""
        script = """
import json, os, sys
from pymongo import MongoClient
uri = os.environ["MONGO_URI"]; db = MongoClient(uri)[uri.rsplit("/", 1)[1]]; run = sys.argv[1]
print(json.dumps({"stored": db.urls.count_documents({"run_id": run, "state": "stored"}),
                  "ledger": db.urls.count_documents({"run_id": run}),
                  "products": db.products.count_documents({}),
                  "failed_ids": sorted(f["url"].rsplit("_", 1)[1].split("/")[0] for f in db.failures.find({"run_id": run})),
                  "times": [[d.get("created_at"), d.get("finished_at")] for d in db.urls.find({"run_id": run})]}))
"""
        out = self.lab.run("control", [sys.executable, "-c", script, self.run_id], self.env, cwd=ROOT)
        assert out.returncode == 0, out.stderr[-2000:]
        return json.loads(out.stdout.strip().splitlines()[-1])

    def crawl_until_stored(self, n: int, prefixes: dict[str, list[str]] | None = None) -> None:
        """A worker on each worker host (``prefixes``: a command before a host's worker), the
        listing crawl, then wait until ``n`` products are stored: the run is mid-way."""
        for host in ("worker1", "worker2"):
            self.start_worker(host, prefix=(prefixes or {}).get(host, ()))
        self.crawl()
        self.wait_stored(n)

    def wait_stored(self, n: int, timeout: float = 180) -> None:
        deadline = time.monotonic() + timeout
        while self.facts()["stored"] < n:
            assert time.monotonic() < deadline, f"fewer than {n} stored after {timeout} s"
            time.sleep(0.5)

    def finish(self, timeout: float) -> dict:
        """``wait`` then ``report --json`` from the control host."""
        self.cli("wait", "--run", self.run_id, "--timeout", str(timeout), "--interval", "0.5",
                 timeout=timeout + 60)
        return json.loads(self.cli("report", "--run", self.run_id, "--json"))

    def check_exactly_once(self, rep: dict) -> dict:
        assert rep["complete"], rep
        assert (rep["discovered"], rep["stored"], rep["failed"], rep["rejected"]) == (1000, 996, 4, 0), rep
        facts = self.facts()
        assert facts["ledger"] == 1000  # every URL once in the ledger, each terminal
        assert facts["products"] == 996  # none stored twice
        assert facts["failed_ids"] == ["459", "917", "937", "978"]  # the corpus' broken pages
        return facts

    def stop(self) -> None:
        for proc in self.workers.values():
            try:
                os.killpg(proc.pid, 9)
            except ProcessLookupError:
                pass


def test_a_worker_host_cut_off_for_good_mid_run_loses_nothing(lab):
    run = Run(lab, "cut")
    try:
        run.crawl_until_stored(150)
        lab.cut("worker1")  # for good: its held messages only come back by the timeout
        cut_at = time.monotonic()
        rep = run.finish(timeout=VISIBILITY_S + 60)
        took = time.monotonic() - cut_at
        run.check_exactly_once(rep)
        assert took < VISIBILITY_S + 60, f"{took:.0f} s after the cut"
    finally:
        run.stop()
        lab.restore("worker1")


def test_the_store_unreachable_from_a_worker_host_for_20_s_loses_nothing(lab):
    run = Run(lab, "outage")
    try:
        run.crawl_until_stored(150)
        lab.cut("worker2")
        time.sleep(20)
        lab.restore("worker2")
        run.check_exactly_once(run.finish(timeout=VISIBILITY_S + 90))
    finally:
        run.stop()
        lab.restore("worker2")


def _product_fetches(log_path, start: int) -> dict[str, int]:
    """Product page GETs the site logged after byte ``start`` of its log, by path."""
    counts: dict[str, int] = {}
    with open(log_path, "rb") as fh:
        fh.seek(start)
        for line in fh.read().decode("utf-8", "replace").splitlines():
            parts = line.split('"GET ')
            if len(parts) > 1 and "/catalogue/" in parts[1] and "/category/" not in parts[1]:
                path = parts[1].split(" ", 1)[0]
                counts[path] = counts.get(path, 0) + 1
    return counts


def test_a_worker_host_5_minutes_fast_keeps_leases_and_ledger_times_right(lab):
    if not shutil.which("faketime"):
        pytest.skip("faketime (Debian package faketime) is not installed")
    run = Run(lab, "clock")
    site_log = lab.logs / "site.log"
    log_start = site_log.stat().st_size
    started = time.time()
    try:
        run.crawl_until_stored(300, {"worker2": ["faketime", "-f", "+5m"]})  # its clock: 5 min fast
        # Before any fault: no page was handed out twice. On its own clock worker2 would
        # judge every lease of worker1 expired and put those messages back in the queue.
        before_cut = _product_fetches(site_log, log_start)
        twice = sorted(p for p, n in before_cut.items() if n > 1)
        assert twice == [], f"{len(twice)} product pages fetched twice: {twice[:5]}"
        # Then the fast host vanishes: its leases, stamped on the cluster's clock, expire
        # after the visibility timeout, not 5 minutes later.
        lab.cut("worker2")
        cut_at = time.monotonic()
        facts = run.check_exactly_once(run.finish(timeout=VISIBILITY_S + 60))
        assert time.monotonic() - cut_at < VISIBILITY_S + 60
        ended = time.time()
        # Every ledger time on the control host's (true) clock, none 5 minutes ahead.
        stamps = [t for pair in facts["times"] for t in pair if t]
        late = [t for t in stamps if not started - 5 <= _epoch(t) <= ended + 5]
        assert len(stamps) >= 2000 and late == [], late[:5]
    finally:
        run.stop()
        lab.restore("worker2")


def _epoch(stamp: str) -> float:
    return parse_iso(stamp).timestamp()
