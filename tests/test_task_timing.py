"""Where a product task's time goes: phases from the marks along its path."""
from productscraper.worker.outcomes import Outcome
from productscraper.worker.task_timing import PHASES, mark, phases

# A task as a worker sees it (seconds): 1 ms to the reactor, a 100 ms page that reached
# the spider 104 ms after injection, 2 ms of extraction, an 8 ms group write, 1 ms back.
MARKS = {"task": 10.000, "injected": 10.001, "response": 10.105, "download_latency": 0.100,
         "store": 10.107, "stored": 10.115}


def test_phases_are_the_spans_between_the_marks_and_add_up_to_the_total():
    got = phases(MARKS, end=10.116)
    assert got == {"handover": 1.0, "fetch": 104.0, "site": 100.0, "extract": 2.0,
                   "store": 8.0, "return": 1.0, "total": 116.0}
    assert abs(sum(got[p] for p in PHASES) - got["total"]) < 1e-6


def test_a_task_that_skipped_a_point_has_no_phase_through_it():
    rendered = {k: v for k, v in MARKS.items() if k != "download_latency"}  # a browser page
    assert "site" not in phases(rendered, end=10.116)
    unstored = {k: MARKS[k] for k in ("task", "injected", "response")}
    assert phases(unstored, end=10.2) == {"handover": 1.0, "fetch": 104.0, "total": 200.0}


def test_mark_records_the_time_only_on_a_task_that_carries_marks():
    marks: dict = {}
    mark(marks, "store")
    assert set(marks) == {"store"} and marks["store"] > 0
    mark(None, "store")  # an item outside a task (the plain catalog crawl): nothing to do


def test_a_tasks_result_shows_its_timings_but_not_its_raw_marks():
    out = Outcome("stored", "http://a.test/1", marks=dict(MARKS),
                  timings=phases(MARKS, end=10.116)).as_dict()
    assert out["timings"]["total"] == 116.0 and "marks" not in out
    assert "timings" not in Outcome("failed", "http://a.test/2").as_dict()
