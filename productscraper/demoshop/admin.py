"""The demo shop's admin API (``/_admin/``): ground truth, stats, reprices, throttling."""
from __future__ import annotations

import time

from aiohttp import web

from .state import _origin, _state



async def admin_truth(request: web.Request) -> web.Response:
    """GET /_admin/truth.json[?include_private=1]"""
    include_private = request.query.get("include_private", "") in ("1", "true", "yes")
    return web.json_response(_state(request).truth(_origin(request), include_private=include_private))


async def admin_stats(request: web.Request) -> web.Response:
    """GET /_admin/stats.json"""
    stats = _state(request).stats
    return web.json_response({"requests": sum(stats.values()), "by_path": dict(stats)})


def _query_number(request: web.Request, name: str, default: float) -> float:
    try:
        return float(request.query.get(name, default))
    except ValueError:
        raise web.HTTPBadRequest(text=f"{name} must be a number") from None


async def admin_reprice(request: web.Request) -> web.Response:
    """POST /_admin/reprice?share=0.05&seed=7"""
    share = _query_number(request, "share", 0.05)
    seed = int(_query_number(request, "seed", 7))
    try:
        changed = _state(request).catalog.reprice(share, seed)
    except ValueError as exc:
        raise web.HTTPBadRequest(text=str(exc)) from None
    return web.json_response({"changed": changed})


async def admin_throttle(request: web.Request) -> web.Response:
    """POST /_admin/throttle?status=429&retry_after=2&duration=10"""
    state = _state(request)
    state.throttle_status = int(_query_number(request, "status", 429))
    state.throttle_retry_after = int(_query_number(request, "retry_after", 2))
    state.throttle_until = time.time() + _query_number(request, "duration", 10)
    return web.json_response({"until": state.throttle_until})


async def admin_markup(request: web.Request) -> web.Response:
    """POST /_admin/markup?price=0: product pages lose (0) or regain (1) their price markup,
    like a template change between two runs. Kept across /_admin/reset, like reprices."""
    state = _state(request)
    state.price_markup = request.query.get("price", "1") not in ("0", "false", "no")
    return web.json_response({"price": state.price_markup})


async def admin_reset(request: web.Request) -> web.Response:
    """POST /_admin/reset: forget attempts, stats and any throttle (not reprices)."""
    state = _state(request)
    state.attempts.clear()
    state.stats.clear()
    state.throttle_until = 0.0
    return web.json_response({"ok": True})
