"""Schedules as RedBeat entries in Redis: add, list, remove.

An entry's task is ``productscraper.fire_schedule`` with the crawl's arguments as kwargs;
beat (``celery -A tasks beat``, RedBeat's scheduler) reads the entries from Redis at every
tick, so a schedule added or removed here is seen by the running beat without a restart.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from celery.schedules import crontab, schedule as every_schedule

from productscraper.profiles import DISCOVERY_MODES, get_profile
from productscraper.urls import InvalidURL, validate_url

NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


class ScheduleError(ValueError):
    """A schedule could not be added or found (message for the user)."""


@dataclass(frozen=True)
class Schedule:
    """A schedule as ``schedule list`` shows it."""

    name: str
    start_url: str
    profile: str | None
    discovery: str | None
    spec: str
    next_run: datetime | None
    last_due: datetime | None


def _app():
    from redbeat.schedulers import ensure_conf
    from tasks.app import app  # the Celery app carries RedBeat's configuration

    ensure_conf(app)
    return app


def parse_spec(every: float | None, cron: str | None):
    """A Celery schedule from ``--every SECONDS`` or ``--cron "m h dom mon dow"``."""
    if (every is None) == (cron is None):
        raise ScheduleError("give exactly one of --every SECONDS or --cron EXPR")
    if every is not None:
        if every <= 0:
            raise ScheduleError(f"--every must be > 0 seconds, not {every}")
        return every_schedule(run_every=timedelta(seconds=every))
    fields = cron.split()
    if len(fields) != 5:
        raise ScheduleError(f"--cron needs 5 fields (minute hour day-of-month month day-of-week), got {cron!r}")
    try:
        minute, hour, day_of_month, month_of_year, day_of_week = fields
        spec = crontab(minute=minute, hour=hour, day_of_month=day_of_month,
                       month_of_year=month_of_year, day_of_week=day_of_week)
        spec.remaining_estimate(datetime.now(spec.tz))  # an impossible date fails here, not in beat
        return spec
    except Exception as exc:  # celery's parser raises ValueError and friends
        raise ScheduleError(f"--cron {cron!r}: {exc}") from None


def describe(spec) -> str:
    """``every 10 s`` or ``cron 0 3 * * *`` (UTC)."""
    if isinstance(spec, crontab):
        return "cron " + " ".join(str(getattr(spec, f"_orig_{f}")) for f in
                                  ("minute", "hour", "day_of_month", "month_of_year", "day_of_week"))
    return f"every {spec.run_every.total_seconds():g} s"


def _entry_class():
    from redbeat import RedBeatSchedulerEntry

    return RedBeatSchedulerEntry


def _key(name: str) -> str:
    return _entry_class().generate_key(_app(), name)


def _load(name: str):
    try:
        return _entry_class().from_key(_key(name), app=_app())
    except KeyError:
        return None


def add(name: str, start_url: str, *, every: float | None = None, cron: str | None = None,
        profile: str | None = None, discovery: str | None = None, replace: bool = False) -> Schedule:
    """Store the schedule in Redis (beat picks it up at its next tick).

    An ``--every`` schedule fires at once, then every interval; a ``--cron`` one first at
    its next matching minute (UTC).
    """
    from tasks.app import FIRE_TASK, cfg

    if not NAME_RE.match(name):
        raise ScheduleError(f"schedule name {name!r}: letters, digits, '.', '_', '-' (it starts each run id)")
    try:
        start_url = validate_url(start_url)
    except InvalidURL as exc:
        raise ScheduleError(f"invalid start URL: {exc}") from None
    if profile:
        try:
            get_profile(profile)
        except Exception as exc:  # UnknownProfile names the known ones
            raise ScheduleError(str(exc)) from None
    if discovery is not None and discovery not in DISCOVERY_MODES:
        raise ScheduleError(f"discovery must be one of {', '.join(DISCOVERY_MODES)}, not {discovery!r}")
    spec = parse_spec(every, cron)
    if not replace and _load(name) is not None:
        raise ScheduleError(f"schedule {name!r} exists (remove it first, or add --replace)")
    # A firing not taken within its interval is dropped rather than run late (a later one comes).
    expires = every if every is not None else 60.0
    entry = _entry_class()(name, FIRE_TASK, spec, app=_app(),
                           kwargs={"name": name, "start_url": start_url, "profile": profile,
                                   "discovery": discovery},
                           options={"queue": cfg.schedule_queue, "expires": expires})
    # Celery's entry starts with last run = now. RedBeat takes "never run" (None) as due
    # now: an interval schedule fires at once; a cron schedule waits for its time.
    entry.last_run_at = _app().now() if cron is not None else None
    if replace:
        entry.delete()
    entry.save()
    return _as_schedule(entry)


def remove(name: str) -> bool:
    """Delete the schedule; False when there was none. Beat sends no more firings of it."""
    entry = _load(name)
    if entry is None:
        return False
    entry.delete()
    return True


def get(name: str) -> Schedule | None:
    """The schedule, or None."""
    entry = _load(name)
    return _as_schedule(entry) if entry is not None else None


def all_schedules() -> list[Schedule]:
    """Every schedule of ours in Redis, by name."""
    from redbeat.schedulers import get_redis
    from tasks.app import FIRE_TASK

    app = _app()
    cls = _entry_class()
    keys = get_redis(app).zrange(app.redbeat_conf.schedule_key, 0, -1)
    found = []
    for key in keys:
        try:
            entry = cls.from_key(key, app=app)
        except KeyError:
            continue
        if entry.task == FIRE_TASK:
            found.append(_as_schedule(entry))
    return sorted(found, key=lambda s: s.name)


def next_run(entry) -> datetime | None:
    """When beat fires the entry next: now + the time remaining. (RedBeat's own ``due_at``
    adds that remainder to the last run instead of to now: early by the time since.)"""
    now = _app().now()
    if entry.last_run_at is None:
        return now
    remaining = entry.schedule.remaining_estimate(entry.last_run_at)
    if remaining is None:
        return None
    when = now + max(remaining, timedelta(0))
    # To the second: crontab's estimate drops the last run's microseconds.
    return when.replace(microsecond=0) + timedelta(seconds=when.microsecond >= 500_000)


def _as_schedule(entry) -> Schedule:
    kw = entry.kwargs or {}
    return Schedule(name=entry.name, start_url=kw.get("start_url", ""), profile=kw.get("profile"),
                    discovery=kw.get("discovery"), spec=describe(entry.schedule),
                    next_run=next_run(entry), last_due=entry.last_run_at)
