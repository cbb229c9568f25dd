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


def test_books_scenario_is_skipped_with_a_message_without_the_corpus(monkeypatch, capsys):
    from bench import books

    monkeypatch.setattr(books, "available", lambda: False)
    monkeypatch.setattr(books, "BooksSite", lambda *a: (_ for _ in ()).throw(AssertionError("site started")))
    runner = bench_run.Runner(Params(books_repeats=4))
    runner.books(None, runner.p)
    assert runner.results == [] and runner.books_pairs == []
    assert "books: skipped, no corpus at" in capsys.readouterr().err


def test_books_pairs_alternate_and_only_the_first_becomes_table_rows(monkeypatch):
    from contextlib import nullcontext

    from bench import books

    calls: list[bool] = []

    def pair(lab, site, p, fanout_first=False):
        calls.append(fanout_first)
        return (Result("books: plain", "plain", 0.0, 996, stored=996, wall_s=9.9, products_per_min=100),
                Result("books: fan-out", "fanout", 0.0, 996, workers=2, stored=996, wall_s=9.0,
                       products_per_min=110))

    monkeypatch.setattr(books, "available", lambda: True)
    monkeypatch.setattr(books, "BooksSite", lambda *a: nullcontext(None))
    monkeypatch.setattr(books, "pair", pair)
    runner = bench_run.Runner(Params(books_repeats=2))
    runner.books(None, runner.p)
    assert calls == [False, True, False]
    assert len(runner.books_pairs) == 3 and [r.name for r in runner.results] == ["books: plain", "books: fan-out"]
