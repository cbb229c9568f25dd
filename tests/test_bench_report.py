"""The benchmark report's headline (bench.report.summary): pure, no services."""
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
