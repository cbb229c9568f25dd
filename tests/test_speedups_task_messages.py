"""Stamped task messages (tasks/speedups/task_messages.py) against a real Redis broker.

Each check runs in a fresh interpreter: tasks.app reads the broker URL once, at import.
"""
import pytest

from tests.services import python_json


# For every kind of task the fan-out sends (single, browser, batch; results ignored or
# stored), publish the same task once through Celery's send_task and once stamped from
# the kind's template, and compare what lands in Redis.
_COMPARE_SCRIPT = """
import json, sys
import redis
from tasks.speedups import task_messages as tm
from tasks.app import BATCH_TASK, RENDER_TASK, SCRAPE_TASK, app, cfg

if sys.argv[1] == "forgetful-stamp":
    tm.ID_HEADERS = ("id",)  # a stamp that misses a per-task header (root_id)

client = redis.Redis.from_url(cfg.broker_url)
# Start from empty queues: an earlier test of the same worker may have left a message there,
# and RPOP would then compare that one.
client.delete(cfg.product_queue, cfg.render_queue)
url = "http://127.0.0.1:1/p/caf%C3%A9?q='1'"
kinds = [
    (SCRAPE_TASK, cfg.product_queue, [url, "run-a"], {"profile": None}),
    # No quote in it: stamped by repr rather than saferepr (tasks/speedups/saferepr.py).
    (SCRAPE_TASK, cfg.product_queue, ["http://127.0.0.1:1/p/plain-1", "run-f"], {"profile": "demo"}),
    (SCRAPE_TASK, cfg.product_queue, [url + "#long" + "x" * 3000, "run-b"], {"profile": "demo"}),
    (RENDER_TASK, cfg.render_queue, [url, "run-c"], {"profile": "demo_js"}),
    (BATCH_TASK, cfg.product_queue, [[url, url + "2"], "run-d"], {"profile": "demo"}),
]
out = {}
with app.producer_or_acquire() as producer:
    for n, (name, queue, args, kwargs) in enumerate(kinds):
        for ignore_result in (True, False):
            task_id = f"task-{n}-{ignore_result}"
            app.send_task(name, args=args, kwargs=kwargs, queue=queue, task_id=task_id,
                          producer=producer, ignore_result=ignore_result)
            celery_message = json.loads(client.rpop(queue))
            kind = tm.template(app, producer, name, queue, kwargs, ignore_result)
            if kind is None:
                out[task_id] = None
                continue
            kind.declare_on(producer)
            kind.publish(producer, task_id, args, kwargs)
            stamped = json.loads(client.rpop(queue))
            for message in (celery_message, stamped):
                message["properties"].pop("delivery_tag")  # kombu's own, random per message
            diff = sorted(f"{part}.{k}" for part in ("headers", "properties")
                          for k in set(stamped[part]) | set(celery_message[part])
                          if stamped[part].get(k) != celery_message[part].get(k))
            diff += [k for k in ("body", "content-type", "content-encoding") if stamped.get(k) != celery_message.get(k)]
            out[task_id] = {"same": stamped == celery_message, "diff": diff,
                            "id": stamped["headers"]["id"],
                            "argsrepr": stamped["headers"]["argsrepr"][:40]}
left = {q: client.llen(q) for q in (cfg.product_queue, cfg.render_queue)}

from productscraper.fanout.publisher import publish
from productscraper.storage.ledger import Entry
result = publish([Entry("run-e", f"http://127.0.0.1:1/p/{i}") for i in range(3)])
published = [json.loads(m)["headers"] for m in client.lrange(cfg.product_queue, 0, -1)]
print(json.dumps({"kinds": out, "left": left, "errors": result.publish_errors,
                  "published": sorted((h["id"], h["argsrepr"]) for h in published)}))
"""


def test_a_stamped_task_message_is_the_message_celery_builds_for_every_kind_of_task(cli_env):
    out = python_json(_COMPARE_SCRIPT, "celery", env=cli_env)
    assert len(out["kinds"]) == 10
    for task_id, seen in out["kinds"].items():
        assert seen is not None, f"{task_id}: no template (fell back to send_task)"
        assert seen["same"], f"{task_id}: stamped message differs from Celery's in {seen['diff']}"
        assert seen["id"] == task_id
    assert out["kinds"]["task-0-True"]["argsrepr"].startswith("['http://127.0.0.1:1/p/caf%C3%A9")
    assert out["kinds"]["task-1-True"]["argsrepr"] == "['http://127.0.0.1:1/p/plain-1', 'run-f']"[:40]
    assert out["left"] == {"products": 0, "render": 0}
    assert out["errors"] == 0
    _assert_published_run_e(out["published"])


def test_a_template_whose_stamp_differs_from_celery_falls_back_to_send_task(cli_env):
    # A Celery release could put another per-task value in its messages: the template's
    # own check must notice and publishing must go on through send_task, not send
    # messages that differ from Celery's.
    out = python_json(_COMPARE_SCRIPT, "forgetful-stamp", env=cli_env)
    assert set(out["kinds"].values()) == {None}
    assert out["errors"] == 0
    _assert_published_run_e(out["published"])


def _assert_published_run_e(published: list[list[str]]) -> None:
    """publish() sent run-e's three URLs, each under its ledger id."""
    from productscraper.storage.ledger import ledger_id

    urls = [f"http://127.0.0.1:1/p/{i}" for i in range(3)]
    assert sorted(published) == sorted([ledger_id("run-e", u), f"['{u}', 'run-e']"] for u in urls)
