"""The benchmark report's headline (bench.report.summary): pure, no services."""
import pytest

from bench.report import summary
from bench.scenarios import Params, Result


def test_zero_latency_headline_states_target_3_for_each_two_worker_fan_out():
    results = [
        Result("plain Scrapy, 1 process (0 ms)", "plain", 0.0, 1000, stored=1000, wall_s=4.0,
               products_per_min=15000, cpu_s=4.0),
        Result("fan-out 2×16 (0 ms)", "fanout", 0.0, 1000, workers=2, stored=1000, wall_s=5.0,
               products_per_min=12000, cpu_s=7.0),
        Result("fan-out 2×16, 10 per task (0 ms)", "fanout", 0.0, 1000, workers=2, stored=1000,
               wall_s=3.75, products_per_min=16000, cpu_s=4.0),
    ]
    lines = {row["what"]: row for row in summary(results, Params())}
    single = lines["fan-out 2×16 (0 ms): products/min ÷ plain crawl's"]
    batched = lines["fan-out 2×16, 10 per task (0 ms): products/min ÷ plain crawl's"]
    assert (round(single["value"], 2), single["met"]) == (0.8, False)
    assert (round(batched["value"], 3), batched["met"]) == (1.067, True)
    assert single["target"] == batched["target"] == "≥ 1"


def test_latency_bound_runs_get_no_cpu_bound_target_line():
    results = [
        Result("plain Scrapy, 1 process (100 ms)", "plain", 100.0, 1000, stored=1000, wall_s=9.0,
               products_per_min=6667, cpu_s=7.0),
        Result("fan-out 2×16 (100 ms)", "fanout", 100.0, 1000, workers=2, stored=1000, wall_s=7.5,
               products_per_min=8000, cpu_s=9.0, physical_limit_s=5.0),
    ]
    assert not [row for row in summary(results, Params()) if "products/min ÷ plain" in row["what"]]


def _pair(plain_per_min: float, fan_per_min: float, error: str | None = None) -> tuple[Result, Result]:
    return (Result("plain Scrapy, 1 process (0 ms)", "plain", 0.0, 1000, stored=1000,
                   products_per_min=plain_per_min),
            Result("fan-out 2×16 (0 ms)", "fanout", 0.0, 1000, workers=2, stored=1000,
                   products_per_min=fan_per_min, error=error))


def test_zero_latency_repeats_give_target_3_as_the_median_of_back_to_back_pairs():
    table = list(_pair(10000, 9000))  # the table's own pair: 0.9
    repeats = [_pair(10000, 11000), _pair(12000, 12600), _pair(10000, 5000, error="boom")]
    lines = [row for row in summary(table, Params(), repeats) if "median" in row["what"]]
    assert len(lines) == 1
    # 0.9, 1.1 and 1.05 (the failed repeat is left out): median 1.05, range 0.90–1.10.
    assert "3 back-to-back pairs (range 0.90–1.10)" in lines[0]["what"]
    assert (round(lines[0]["value"], 2), lines[0]["met"], lines[0]["target"]) == (1.05, True, "≥ 1")


def test_without_repeats_there_is_no_median_line():
    assert not [row for row in summary(list(_pair(10000, 9000)), Params()) if "median" in row["what"]]


def test_the_timings_table_shows_each_phase_and_a_threads_time_per_task():
    from dataclasses import asdict

    from bench.report import timings_table

    timed = Result("enqueue 1×4 (100 ms)", "enqueue", 100.0, 1000, workers=1, concurrency=4,
                   stored=1000, wall_s=31.0, extra={"time_per_product_ms": {
                       "handover": 0.2, "fetch": 105.6, "extract": 2.2, "store": 8.6, "return": 0.4,
                       "site": 100.9, "total": 117.0}})
    untimed = Result("plain Scrapy, 1 process (100 ms)", "plain", 100.0, 1000, stored=1000, wall_s=9.0)
    table = timings_table([asdict(timed), asdict(untimed)]).splitlines()
    assert table[0] == ("| scenario | handover | fetch | extract | store | return | of which the site "
                        "| task | thread time per task |")
    # 31 s × 4 threads ÷ 1,000 tasks: 124 ms per task, 7 ms of it between tasks.
    assert table[2] == "| enqueue 1×4 (100 ms) | 0.2 | 105.6 | 2.2 | 8.6 | 0.4 | 100.9 | 117.0 | 124.0 |"
    assert len(table) == 3  # the plain crawl has no tasks to time
    assert timings_table([asdict(untimed)]) == ""


def test_a_batch_scenarios_thread_time_is_per_task_not_per_product():
    from dataclasses import asdict

    from bench.report import timings_table

    batch = Result("fan-out 2×16, 10 per task (0 ms)", "fanout", 0.0, 1000, workers=2, concurrency=16,
                   stored=1000, wall_s=3.0, extra={"products_per_task": 10, "time_per_product_ms": {
                       "handover": 50.0, "fetch": 400.0, "extract": 2.0, "store": 170.0,
                       "return": 30.0, "total": 652.0}})
    # 3 s × 32 threads ÷ 100 tasks of 10 products.
    assert timings_table([asdict(batch)]).splitlines()[2].endswith("| 652.0 | 960.0 |")


def test_the_table_gives_every_processes_cpu_per_product_and_the_cores_kept_busy():
    from bench.report import compare, markdown_table

    fan = Result("fan-out 2×16 (0 ms)", "fanout", 0.0, 1000, workers=2, stored=990, failed=10,
                 wall_s=5.0, products_per_min=12000, cpu_s=4.0, service_cpu_s=1.0, site_cpu_s=0.5)
    sampled = Result("sequential (0 ms)", "sequential", 0.0, 1000, stored=100, wall_s=11.0,
                     products_per_min=5455, cpu_s=8.0, service_cpu_s=2.0, site_cpu_s=1.0,
                     extrapolated_from=100)  # figures already scaled to the catalogue
    rows = {row["name"]: row for row in compare([fan, sampled])}
    # (4.0 + 1.0 + 0.5) CPU-s over 1,000 tasks, and over 5 s of wall time.
    assert rows[fan.name]["all_cpu_per_product_ms"] == pytest.approx(5.5)
    assert rows[fan.name]["cores_busy"] == pytest.approx(1.1)
    assert rows[sampled.name]["all_cpu_per_product_ms"] == pytest.approx(11.0)  # per catalogue product
    assert "| 5.50 | 1.10 |" in markdown_table([rows[fan.name]])


def test_the_zero_latency_headline_estimates_the_ratio_with_every_core_busy():
    plain = Result("plain Scrapy, 1 process (0 ms)", "plain", 0.0, 1000, stored=1000, wall_s=2.4,
                   products_per_min=25000, cpu_s=2.0, service_cpu_s=0.3, site_cpu_s=0.2)
    fan = Result("fan-out 2×16 (0 ms)", "fanout", 0.0, 1000, workers=2, stored=1000, wall_s=2.6,
                 products_per_min=23077, cpu_s=2.5, service_cpu_s=0.5, site_cpu_s=0.2)
    lines = [row for row in summary([plain, fan], Params(), cores=2) if "every core busy" in row["what"]]
    assert len(lines) == 1
    # 2 cores / 3.2 ms of all the fan-out's processes against 1 core / the plain crawl's own 2.0 ms.
    assert lines[0]["value"] == pytest.approx(2 * 2.0 / 3.2)
    assert "2 cores ÷ 3.20 ms of all processes' CPU" in lines[0]["what"]
    assert "own 2.00 ms" in lines[0]["what"]
    assert lines[0]["target"] is None


def test_a_headline_ratio_that_two_decimals_would_round_onto_its_target_gets_three():
    from bench.report import summary_lines

    table = list(_pair(10000, 9980))  # 0.998: "1.00 — NOT met" would contradict itself
    repeats = [_pair(10000, 10020), _pair(10000, 9950)]
    text = summary_lines(summary(table, Params(), repeats))
    assert "products/min ÷ plain crawl's: **0.998** (target ≥ 1) — NOT met" in text
    # the median of 0.998, 1.002 and 0.995
    assert "range 0.99–1.00): **0.998** (target ≥ 1) — NOT met" in text


def test_a_headline_ratio_clear_of_its_target_keeps_two_decimals():
    from bench.report import summary_lines

    text = summary_lines(summary(list(_pair(10000, 9300)), Params()))
    assert "products/min ÷ plain crawl's: **0.93** (target ≥ 1) — NOT met" in text
    text = summary_lines(summary(list(_pair(10000, 10000)), Params()))
    assert "products/min ÷ plain crawl's: **1.00** (target ≥ 1) — met" in text


def test_a_books_fan_out_is_compared_with_the_books_peer_not_the_demo_shops():
    from bench.report import compare

    demo_plain = Result("plain Scrapy, 1 process (0 ms)", "plain", 0.0, 1000, stored=1000, wall_s=3.0,
                        products_per_min=20000, cpu_s=3.0, cpu_per_product_s=0.0025)
    books_plain = Result("books: plain", "plain", 0.0, 996, stored=996, wall_s=12.0, products_per_min=4980,
                         cpu_s=8.0, cpu_per_product_s=0.007, extra={"corpus": "books"})
    books_fan = Result("books: fan-out", "fanout", 0.0, 996, workers=2, stored=996, wall_s=11.0,
                       products_per_min=5433, cpu_s=10.0, worker_cpu_s=7.968, extra={"corpus": "books"})
    row = compare([demo_plain, books_plain, books_fan])[2]
    assert round(row["overhead_mean_ms"], 1) == 1.0  # 8.0 ms per task against the books peer's 7.0
    assert not [s for s in summary([demo_plain, books_plain, books_fan], Params())
                if "books" in s["what"] and "plain crawl's" in s["what"]]
