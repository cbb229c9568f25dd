#!/usr/bin/env python3
"""Pages/min of JavaScript rendering: one reused browser vs a fresh driver per page.

Serves a small JavaScript page on 127.0.0.1 (the browser runs with
``--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1`` and can reach nothing else),
renders it ``--pages`` times with (a) one ``BrowserPool`` reused and (b) a new pool -
driver start, render, quit - per page, and prints a Markdown table and the ratio.

    .venv/bin/python bench/render_bench.py --pages 30
"""
from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout

from parsel import Selector  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support import expected_conditions as EC  # noqa: E402

from productscraper.browser import LOOPBACK_ONLY, BrowserPool  # noqa: E402

# A product-like page whose data only exists after its script runs.
PAGE = b"""<!doctype html><html><head><title>bench</title></head><body>
<div id="app">loading</div><script>
var items = [];
for (var i = 0; i < 50; i++) { items.push('<li class="product">Product ' + i + ' <b>' + (i * 1.5) + '</b></li>'); }
document.getElementById('app').innerHTML = '<ul>' + items.join('') + '</ul>';
</script></body></html>"""


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 (http.server API)
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)

    def log_message(self, *args: object) -> None:
        pass


def _render(pool: BrowserPool, url: str) -> float:
    result = pool.render(url, wait_time=10,
                         wait_until=EC.presence_of_element_located((By.CSS_SELECTOR, "li.product")))
    if len(Selector(result.html).css("li.product")) != 50:
        raise RuntimeError("the page did not render")
    return result.seconds


def bench_reused(url: str, pages: int) -> dict:
    """One pool for all pages; the driver start is part of the wall time."""
    pool = BrowserPool(extra_arguments=[LOOPBACK_ONLY], max_pages=0, max_memory_mb=0)
    started = time.monotonic()
    times = [_render(pool, f"{url}?p={i}") for i in range(pages)]
    wall = time.monotonic() - started
    memory = pool.memory_usage(pss=True)
    pool.quit()
    return {"wall": wall, "per_page": times[1:] or times, "start": pool.last_start_seconds,
            "first": times[0], "memory": memory}


def bench_fresh(url: str, pages: int) -> dict:
    """A new driver for every page: start, render, quit."""
    per_page, starts, renders, quits = [], [], [], []
    started = time.monotonic()
    for i in range(pages):
        t = time.monotonic()
        pool = BrowserPool(extra_arguments=[LOOPBACK_ONLY])
        renders.append(_render(pool, f"{url}?p={i}"))  # excludes the driver start
        t_quit = time.monotonic()
        pool.quit()
        quits.append(time.monotonic() - t_quit)
        per_page.append(time.monotonic() - t)
        starts.append(pool.last_start_seconds)
    return {"wall": time.monotonic() - started, "per_page": per_page, "starts": starts,
            "renders": renders, "quits": quits}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=30, help="pages per mode (default 30)")
    args = parser.parse_args(argv)
    if args.pages < 1:
        parser.error("--pages must be >= 1")

    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/product"
    try:
        reused = bench_reused(url, args.pages)
        fresh = bench_fresh(url, args.pages)
    finally:
        server.shutdown()

    def ppm(result: dict) -> float:
        return args.pages / result["wall"] * 60

    def ms(values: list[float]) -> str:
        return f"{statistics.median(values) * 1000:.0f}"

    print(f"{args.pages} renders of a local JavaScript page per mode\n")
    print("| mode | wall s | pages/min | median ms/page |")
    print("|---|---|---|---|")
    print(f"| one reused browser | {reused['wall']:.1f} | {ppm(reused):.0f} | {ms(reused['per_page'])} |")
    print(f"| fresh driver per page | {fresh['wall']:.1f} | {ppm(fresh):.0f} | {ms(fresh['per_page'])} |")
    print(f"\nratio reused/fresh: {ppm(reused) / ppm(fresh):.1f}x")
    mem = reused["memory"]
    print(f"fresh page = driver start {ms(fresh['starts'])} ms + first render {ms(fresh['renders'])} ms"
          f" + quit {ms(fresh['quits'])} ms (medians); reused browser's start "
          f"{reused['start'] * 1000:.0f} ms, its first render {reused['first'] * 1000:.0f} ms")
    print(f"one browser after {args.pages} renders: {mem['processes']:.0f} processes, "
          f"private RSS {mem['private_mb']:.0f} MB, PSS {mem['pss_mb']:.0f} MB, "
          f"summed RSS {mem['rss_mb']:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
