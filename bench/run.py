"""``python -m bench.run`` (``make bench``): every scenario of issue 7 in one go.

Starts its own redis-server and nx-27017 on free loopback ports and the demo shop as a
subprocess, runs the selected scenarios one after the other on this machine, writes
``results.md``, ``results.json`` and ``benchmark.png`` into ``--out`` and prints the table.
See docs/benchmarks/README.md for what each scenario and column means.
"""
from __future__ import annotations

import argparse
import shlex
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from bench import books, report
from bench.measure import Sampler
from bench.scenarios import (Lab, Params, Result, run_enqueue, run_fanout, run_plain, run_sequential,
                             run_soak)
from productscraper.demoshop.testing import DemoShopProcess

BATCH = 10  # PRODUCTS_PER_TASK of the "batch" scenario
SCENARIOS = ("sequential", "plain", "fanout", "batch", "threads", "zero", "books", "scaling", "soak")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__.split("\n")[0])
    ap.add_argument("--products", type=int, default=1000, help="products in the demo shop (default 1000)")
    ap.add_argument("--per-page", type=int, default=20, help="products per listing page (default 20)")
    ap.add_argument("--latency-ms", type=float, default=100, help="latency of every page (default 100)")
    ap.add_argument("--concurrency", type=int, default=16,
                    help="concurrent requests per process: worker threads and the plain crawl (default 16)")
    ap.add_argument("--workers", default="1,2,4", help="fan-out worker processes to try (default 1,2,4)")
    ap.add_argument("--scaling-concurrency", type=int, default=4,
                    help="threads per worker in the enqueue scaling scenario (default 4)")
    ap.add_argument("--scaling-urls", type=int, default=1000, help="URLs enqueued for scaling (default 1000)")
    ap.add_argument("--soak", type=int, default=0, help="tasks for the one-worker soak (default 0 = off)")
    ap.add_argument("--zero-repeats", type=int, default=0,
                    help="extra interleaved pairs of the zero-latency plain crawl and 2-worker fan-out, "
                         "for a median ratio (default 0 = off)")
    ap.add_argument("--books-repeats", type=int, default=0,
                    help="extra back-to-back pairs of the books scenario (plain peer, 2-worker fan-out) "
                         "for a median ratio (default 0)")
    ap.add_argument("--sequential-sample", type=int, default=100,
                    help="products the sequential baseline scrapes before extrapolating (0 = all)")
    ap.add_argument("--timeout", type=float, default=900, help="seconds per scenario (default 900)")
    ap.add_argument("--out", default="docs/benchmarks", help="output directory (default docs/benchmarks)")
    ap.add_argument("--only", default="", help=f"comma-separated subset of: {','.join(SCENARIOS)}")
    ap.add_argument("--keep-workdir", action="store_true", help="keep logs and data of the run")
    args = ap.parse_args(argv)
    args.only = [s.strip() for s in args.only.split(",") if s.strip()] or list(SCENARIOS)
    unknown = set(args.only) - set(SCENARIOS)
    if unknown:
        ap.error(f"unknown scenario(s) {', '.join(sorted(unknown))}; choose from {', '.join(SCENARIOS)}")
    try:
        args.workers = tuple(int(w) for w in args.workers.split(",") if w.strip())
    except ValueError:
        ap.error("--workers takes numbers, e.g. 1,2,4")
    if not args.workers or min(args.workers) < 1 or args.products < 1:
        ap.error("--workers and --products must be positive")
    return args


class Runner:
    """Runs scenarios one by one; a failing scenario becomes an error row, not an abort."""

    def __init__(self, p: Params) -> None:
        self.p = p
        self.results: list[Result] = []
        #: (plain, fan-out) pairs of the zero-latency repeats; not rows of the table.
        self.repeats: list[tuple[Result, Result]] = []
        #: (plain, fan-out) pairs of the books scenario, the table's first.
        self.books_pairs: list[tuple[Result, Result]] = []

    def step(self, name: str, kind: str, latency: float, fn: Callable[[], Result]) -> None:
        print(f"▶ {name} …", file=sys.stderr, flush=True)
        started = time.monotonic()
        try:
            result = fn()
        except Exception as exc:  # noqa: BLE001 - recorded in the report, the next one runs
            traceback.print_exc()
            result = Result(name, kind, latency, self.p.products, error=f"{type(exc).__name__}: {exc}")
        self.results.append(result)
        if result.error:
            print(f"  failed: {result.error}", file=sys.stderr, flush=True)
        else:
            print(f"  {result.stored} stored, wall {result.wall_s:.1f} s, "
                  f"{result.products_per_min:,.0f} products/min, CPU {result.cpu_s:.1f} s "
                  f"(took {time.monotonic() - started:.0f} s)", file=sys.stderr, flush=True)

    def repeat_zero(self, lab: Lab, shop, i: int) -> None:
        """One more plain crawl and 2-worker fan-out at zero latency, back to back.

        Odd repeats run the fan-out first: on a shared machine whose speed drifts within a
        run, a fixed order would favour whichever crawl runs on the faster side of the drift.
        """
        print(f"▶ zero-latency repeat {i + 1}/{self.p.zero_repeats} …", file=sys.stderr, flush=True)
        try:
            if i % 2:
                fan = run_fanout(lab, shop, self.p, 0.0, 2)
                pair = (run_plain(lab, shop, self.p, 0.0), fan)
            else:
                pair = (run_plain(lab, shop, self.p, 0.0), run_fanout(lab, shop, self.p, 0.0, 2))
        except Exception:  # noqa: BLE001 - a lost repeat only shortens the median
            traceback.print_exc()
            return
        self.repeats.append(pair)
        plain, fan = pair
        if plain.products_per_min and fan.products_per_min:
            print(f"  plain {plain.wall_s:.1f} s, fan-out {fan.wall_s:.1f} s: "
                  f"{fan.products_per_min / plain.products_per_min:.2f}×", file=sys.stderr, flush=True)

    def books(self, lab: Lab, p: Params) -> None:
        """The books corpus at zero latency: 1 + ``books_repeats`` back-to-back pairs.

        The first pair becomes two rows of the table; every pair gives a ratio. Every
        second pair runs the fan-out first (as :meth:`repeat_zero`).
        """
        if not books.available():
            print(books.skipped_message(), file=sys.stderr)
            return
        with books.BooksSite(0.0) as site:
            for i in range(1 + p.books_repeats):
                print(f"▶ books pair {i + 1}/{1 + p.books_repeats} …", file=sys.stderr, flush=True)
                try:
                    plain, fan = books.pair(lab, site, p, fanout_first=bool(i % 2))
                except Exception as exc:  # noqa: BLE001 - the first is an error row, a repeat is lost
                    traceback.print_exc()
                    if i == 0:
                        self.results.append(Result("books: plain Scrapy / fan-out (0 ms)", "plain", 0.0,
                                                   books.STORED, error=f"{type(exc).__name__}: {exc}"))
                        return
                    continue
                if i == 0:
                    self.results += [plain, fan]
                self.books_pairs.append((plain, fan))
                if plain.products_per_min and fan.products_per_min:
                    print(f"  plain {plain.wall_s:.1f} s, fan-out {fan.wall_s:.1f} s: "
                          f"{fan.products_per_min / plain.products_per_min:.2f}×", file=sys.stderr, flush=True)

    @property
    def failed(self) -> bool:
        return any(r.error for r in self.results)


def _shop(p: Params, latency_ms: float, products: int | None = None) -> DemoShopProcess:
    return DemoShopProcess(products=products or p.products, per_page=p.per_page, latency_ms=latency_ms)


def run_all(lab: Lab, p: Params, only: list[str], runner: Runner) -> None:
    """The selected scenarios, each group against its own demo shop."""
    groups = [(p.latency_ms, [s for s in ("sequential", "plain", "fanout") if s in only], p.workers)]
    if "zero" in only:
        if p.latency_ms == 0:
            print("zero: skipped, --latency-ms is already 0", file=sys.stderr)
        else:
            groups.append((0.0, ["sequential", "plain", "fanout"], (2,)))
    for latency, kinds, workers in groups:
        if not kinds:
            continue
        with _shop(p, latency) as shop:
            if "sequential" in kinds:
                runner.step(f"sequential ({latency:g} ms)", "sequential", latency,
                            lambda: run_sequential(lab, shop, p, latency))
            if "plain" in kinds:
                runner.step(f"plain Scrapy, 1 process ({latency:g} ms)", "plain", latency,
                            lambda: run_plain(lab, shop, p, latency))
            if "fanout" in kinds:
                for w in workers:
                    runner.step(f"fan-out {w}×{p.concurrency} ({latency:g} ms)", "fanout", latency,
                                lambda w=w: run_fanout(lab, shop, p, latency, w))
            if "batch" in only and (latency == p.latency_ms or "zero" in only):
                # The PRODUCTS_PER_TASK trade-off: fewer messages/events per product.
                runner.step(f"fan-out 2×{p.concurrency}, {BATCH} per task ({latency:g} ms)", "fanout",
                            latency, lambda: run_fanout(lab, shop, p, latency, 2, per_task=BATCH))
            if "threads" in only and latency == 0 and "fanout" in kinds:
                # Celery's thread pool, the alternative to the default reactor pool.
                runner.step(f"fan-out 2×{p.concurrency}, threads pool ({latency:g} ms)", "fanout",
                            latency, lambda: run_fanout(lab, shop, p, latency, 2, pool="threads"))
    if p.zero_repeats:
        # The zero-latency ratio moves by ±15 % between runs on a shared machine: pairs
        # run back to back, so both sides of each ratio saw the same machine.
        with _shop(p, 0.0) as shop:
            for i in range(p.zero_repeats):
                runner.repeat_zero(lab, shop, i)
    if "books" in only:
        runner.books(lab, p)
    if "scaling" in only:
        with _shop(p, p.scaling_latency_ms, p.scaling_urls) as shop:
            urls = [t["url"] for t in shop.truth()][: p.scaling_urls]
            for w in p.workers:
                runner.step(f"enqueue {w}×{p.scaling_concurrency} ({p.scaling_latency_ms:g} ms)", "enqueue",
                            p.scaling_latency_ms, lambda w=w: run_enqueue(lab, shop, p, w, urls))
    if "soak" in only and p.soak:
        with _shop(p, p.latency_ms) as shop:
            urls = [t["url"] for t in shop.truth()]
            runner.step(f"soak 1×{p.concurrency}, {p.soak} tasks ({p.latency_ms:g} ms)", "soak", p.latency_ms,
                        lambda: run_soak(lab, shop, p, urls))


def main(argv: list[str] | None = None) -> int:
    """Entry point; exit 1 when a scenario failed (its row says why), 130 on Ctrl-C."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    p = Params(products=args.products, per_page=args.per_page, latency_ms=args.latency_ms,
               concurrency=args.concurrency, workers=args.workers,
               scaling_concurrency=args.scaling_concurrency, scaling_urls=args.scaling_urls,
               soak=args.soak, zero_repeats=args.zero_repeats, books_repeats=args.books_repeats,
               sequential_sample=args.sequential_sample, timeout=args.timeout)
    command = "python -m bench.run " + shlex.join(sys.argv[1:] if argv is None else argv)
    runner = Runner(p)
    machine = report.machine()  # before the run: the load average says how busy it was
    workdir = Path(tempfile.mkdtemp(prefix="productscraper-bench-"))
    sampler = Sampler(0.2)
    sampler.start()
    try:
        with Lab(workdir, sampler) as lab:
            run_all(lab, p, args.only, runner)
    except KeyboardInterrupt:
        print("\ninterrupted: every process the benchmark started was stopped", file=sys.stderr)
        return 130
    finally:
        sampler.stop()
        if args.keep_workdir or runner.failed:
            print(f"logs and data kept in {workdir}", file=sys.stderr)
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    table = report.write(Path(args.out), runner.results, p, command, machine, runner.repeats,
                         runner.books_pairs)
    print(table)
    return 1 if runner.failed else 0


if __name__ == "__main__":
    sys.exit(main())
