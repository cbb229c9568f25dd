"""The task beat sends at each due time of a schedule (productscraper/scheduling/).

Acknowledged on receipt, unlike product tasks: it waits for a listing crawl longer than
the broker's visibility timeout, and a redelivered firing would be a second run. A firing
lost with its worker is followed by the schedule's next one.
"""
from __future__ import annotations

from tasks.app import FIRE_TASK, app, cfg

#: The crawl's own timeout plus room to record its end; enforced only by the prefork pool
#: (the stack runs the schedules worker with threads).
_LIMIT = cfg.schedule_crawl_timeout + 90


@app.task(name=FIRE_TASK, acks_late=False, ignore_result=True, soft_time_limit=_LIMIT,
          time_limit=_LIMIT + 30)
def fire_schedule(name: str, start_url: str, profile: str | None = None,
                  discovery: str | None = None, **_ignored) -> dict:
    """Start the schedule's next run, or record why this firing is skipped."""
    from productscraper.scheduling.fire import fire

    return fire(name, start_url, profile, discovery)
