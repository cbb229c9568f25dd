"""The benchmark's runner (bench.run.Runner): pure, no services."""
from bench import run as bench_run
from bench.scenarios import Params, Result


def test_zero_latency_repeats_alternate_which_crawl_runs_first(monkeypatch):
    order: list[str] = []

    def plain(lab, shop, p, latency):
        order.append("plain")
        return Result("plain Scrapy, 1 process (0 ms)", "plain", latency, 10, stored=10,
                      wall_s=1.0, products_per_min=100)

    def fanout(lab, shop, p, latency, workers):
        order.append("fan-out")
        return Result("fan-out 2×16 (0 ms)", "fanout", latency, 10, workers=workers, stored=10,
                      wall_s=1.1, products_per_min=90)

    monkeypatch.setattr(bench_run, "run_plain", plain)
    monkeypatch.setattr(bench_run, "run_fanout", fanout)
    runner = bench_run.Runner(Params(zero_repeats=4))
    for i in range(4):
        runner.repeat_zero(None, None, i)
    assert order == ["plain", "fan-out", "fan-out", "plain", "plain", "fan-out", "fan-out", "plain"]
    assert [(a.kind, b.kind) for a, b in runner.repeats] == [("plain", "fanout")] * 4
