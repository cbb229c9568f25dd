"""Celery's saferepr by repr where both print the same (task results, message headers)."""
import random

import pytest
from celery.app import trace
from celery.utils.saferepr import saferepr

from productscraper.worker.outcomes import Outcome
from tasks.speedups import saferepr as module
from tasks.speedups.saferepr import fast_saferepr

# Strings saferepr and repr quote alike, and strings they do not (quotes, backslashes,
# control characters), so both paths are compared.
ALPHABET = ["a", "Z", "7", " ", "é", "€", "日", "'", '"', "\\", "\n", "\t", "\x00", "{", ":"]


def random_value(rng: random.Random, depth: int = 0):
    kind = rng.choice(["str", "int", "float", "bool", "none", "dict", "list", "other"]
                      if depth < 5 else ["str", "int", "float"])
    if kind == "str":
        return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 12)))
    if kind == "int":
        return rng.choice([0, -3, 42, 10 ** 30])
    if kind == "float":
        return rng.choice([0.1, -2.5, 1e300, float("inf"), float("nan"), 84.2])
    if kind == "bool":
        return rng.choice([True, False])
    if kind == "none":
        return None
    if kind == "dict":
        return {random_value(rng, 5) if rng.random() < 0.1 else f"k{i}{rng.choice(ALPHABET)}":
                random_value(rng, depth + 1) for i in range(rng.randint(0, 4))}
    if kind == "list":
        return [random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return rng.choice([b"bytes", (1, 2), {1, 2}, frozenset(), ValueError("boom"), range(3)])


@pytest.mark.parametrize("maxlen", [None, 1024, 60, 12])
def test_fast_saferepr_prints_what_saferepr_prints_for_random_values(maxlen):
    rng = random.Random(maxlen or 7)
    for _ in range(3000):
        value = random_value(rng)
        assert fast_saferepr(value, maxlen) == saferepr(value, maxlen), repr(value)


def test_fast_saferepr_handles_a_value_that_contains_itself_like_saferepr():
    value: dict = {"state": "stored"}
    value["self"] = value
    nested: list = [[["deep", [1]]]]
    for v in (value, nested):
        assert fast_saferepr(v, 1024) == saferepr(v, 1024)


def test_a_product_task_result_is_printed_by_repr_without_saferepr(monkeypatch):
    def slow_path(*_args, **_kwargs):
        raise AssertionError("saferepr called")

    monkeypatch.setattr(module, "saferepr", slow_path)
    outcome = Outcome("stored", "http://127.0.0.1:8001/product/12/", product_id="demo:12",
                      change="created",
                      timings={"handover": 0.1, "fetch": 40.2, "extract": 2.1, "store": 36.3,
                               "total": 84.2})
    result = outcome.as_dict()
    assert fast_saferepr(result, 1024) == repr(result)


def test_long_or_unusual_results_take_saferepr(monkeypatch):
    calls = []
    monkeypatch.setattr(module, "saferepr", lambda *a, **k: calls.append(a) or "safe")
    assert fast_saferepr({"reason": "x" * 2000}, 1024) == "safe"  # would be truncated
    assert fast_saferepr({"reason": "it's"}, 1024) == "safe"  # quoted differently
    assert fast_saferepr(("a", 1), 1024) == "safe"  # not JSON-shaped
    assert len(calls) == 3


def test_the_celery_app_makes_the_tracer_use_fast_saferepr():
    import tasks.app  # noqa: F401 - installs it

    assert trace.saferepr is fast_saferepr
