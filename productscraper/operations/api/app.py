"""The read-only HTTP API (FastAPI): products, runs, failures, change events, health.

``create_app(db)`` builds the application; without ``db`` it uses the database named in
``MONGO_URI`` (:func:`productscraper.storage.connection.get_db`). Handlers are plain
``def`` functions: pymongo blocks, so FastAPI runs them in its thread pool.
"""
from __future__ import annotations

import logging
import re
from datetime import datetime, timezone
from typing import Annotated, Literal

from fastapi import Depends, FastAPI, HTTPException, Path, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BeforeValidator
from pymongo.database import Database
from pymongo.errors import PyMongoError

from productscraper.operations.api import queries
from productscraper.operations.api.auth import parse_tokens, require_token
from productscraper.operations.api.models import (
    Availability, ChangePage, Error, FailurePage, Health, Product, ProductPage, RunDetail, RunList,
)
from productscraper.storage.changes import FIELDS as CHANGE_FIELDS
from productscraper.storage.clock import to_iso

log = logging.getLogger(__name__)

MAX_LIMIT = 200
#: Strings become MongoDB query values: bounded, and no NUL (MongoDB refuses it in a regex).
NO_NUL = r"^[^\x00]*$"
NOT_FOUND = {404: {"model": Error, "description": "unknown id"}}
UNAVAILABLE = {503: {"model": Error, "description": "MongoDB unreachable"}}
UNAUTHORIZED = {401: {"model": Error, "description": "no, or no valid, bearer token (API_TOKENS)"}}
#: Every route but /health: a bearer token from API_TOKENS (operations/api/auth.py).
AUTH = [Depends(require_token)]
PROTECTED = {"dependencies": AUTH, "responses": UNAUTHORIZED}
FOUND_OR_NOT = {**NOT_FOUND, **UNAUTHORIZED}

Limit = Annotated[int, Query(ge=1, le=MAX_LIMIT, description="page size (1..200)")]
Cursor = Annotated[str | None, Query(max_length=512, description="`next_cursor` of the previous page")]
Id = Annotated[str, Path(max_length=512)]
ChangeField = Literal[CHANGE_FIELDS]  # type: ignore[valid-type]


def _iso_time(value: object) -> object:
    # pydantic would also read a number as a Unix time; `since` is documented as ISO-8601.
    if isinstance(value, str) and not re.match(r"\d{4}-\d{2}-\d{2}", value):
        raise ValueError("an ISO-8601 time such as 2026-12-07T10:00:00Z")
    return value


Since = Annotated[datetime | None, BeforeValidator(_iso_time),
                  Query(description="ISO-8601 time (UTC when no zone is given): events after it")]


def _database(request: Request) -> Database:
    db = request.app.state.db
    if db is None:  # pymongo Database objects refuse truth tests
        from productscraper.storage.connection import get_db

        db = request.app.state.db = get_db()
    return db


DB = Annotated[Database, Depends(_database)]


def _invalid_cursor(_request: Request, exc: queries.InvalidCursor) -> JSONResponse:
    # Same shape as FastAPI's own 422 so clients handle one error format.
    return JSONResponse(status_code=422, content={"detail": [
        {"loc": ["query", "cursor"], "msg": str(exc), "type": "value_error"}]})


def _db_error(_request: Request, exc: PyMongoError) -> JSONResponse:
    log.warning("MongoDB error: %s", exc)
    return JSONResponse(status_code=503, content={"detail": "MongoDB unavailable"})


def create_app(db: Database | None = None, tokens: tuple[str, ...] | None = None) -> FastAPI:
    """The API application; ``db`` is a pymongo Database (tests pass their own).

    ``tokens``: the accepted bearer tokens; ``None`` reads ``API_TOKENS`` from the config.
    """
    if tokens is None:
        from productscraper.config import get_config

        tokens = parse_tokens(get_config().api_tokens)
    app = FastAPI(
        title="productscraper API",
        version="1",
        description="Read-only access to scraped products, runs and failures. "
                    "Lists use cursor pagination: pass `next_cursor` as `cursor`.",
        responses=UNAVAILABLE,
    )
    app.state.db = db
    app.state.api_tokens = tuple(tokens)
    app.add_exception_handler(queries.InvalidCursor, _invalid_cursor)
    app.add_exception_handler(PyMongoError, _db_error)

    @app.get("/products", response_model=ProductPage, tags=["products"], **PROTECTED)
    def list_products(
        db: DB,
        category: Annotated[str | None, Query(max_length=500, pattern=NO_NUL,
                                              description="exact category")] = None,
        min_price: Annotated[float | None, Query(ge=0, allow_inf_nan=False)] = None,
        max_price: Annotated[float | None, Query(ge=0, allow_inf_nan=False)] = None,
        availability: Annotated[list[Availability] | None,
                                Query(description="repeat for several values")] = None,
        q: Annotated[str | None, Query(min_length=1, max_length=200, pattern=NO_NUL,
                                       description="case-insensitive text in the title")] = None,
        run_id: Annotated[str | None, Query(max_length=500, pattern=NO_NUL,
                                            description="the run that last saw the product")] = None,
        limit: Limit = 50,
        cursor: Cursor = None,
    ) -> dict:
        """Products matching every given filter, ordered by id."""
        flt = queries.ProductFilter(category=category, min_price=min_price, max_price=max_price,
                                    availability=tuple(availability or ()), q=q, run_id=run_id)
        page = queries.find_products(db, flt, limit, cursor)
        return {"items": page.items, "next_cursor": page.next_cursor}

    @app.get("/products/{product_id}", response_model=Product, responses=FOUND_OR_NOT,
             tags=["products"], dependencies=AUTH)
    def get_product(db: DB, product_id: Id) -> dict:
        """One product by id (SHA-1 of its canonical URL)."""
        doc = queries.get_product(db, product_id)
        if doc is None:
            raise HTTPException(404, f"product {product_id!r} not found")
        return doc

    @app.get("/runs", response_model=RunList, tags=["runs"], **PROTECTED)
    def list_runs(db: DB, limit: Annotated[int, Query(ge=1, le=MAX_LIMIT)] = 20) -> dict:
        """Recent runs, newest first."""
        return {"items": queries.recent_runs(db, limit)}

    @app.get("/runs/{run_id}", response_model=RunDetail, responses=FOUND_OR_NOT,
             tags=["runs"], dependencies=AUTH)
    def get_run(db: DB, run_id: Id) -> dict:
        """The run document and its live summary (counts per state, speed, completeness)."""
        doc = queries.get_run(db, run_id)
        if doc is None:
            raise HTTPException(404, f"run {run_id!r} not found")
        return doc

    @app.get("/runs/{run_id}/failures", response_model=FailurePage, responses=FOUND_OR_NOT,
             tags=["runs"], dependencies=AUTH)
    def list_failures(db: DB, run_id: Id, limit: Limit = 50, cursor: Cursor = None) -> dict:
        """The run's failed URLs with their reasons, ordered by id."""
        if not queries.run_exists(db, run_id):
            raise HTTPException(404, f"run {run_id!r} not found")
        page = queries.run_failures(db, run_id, limit, cursor)
        return {"items": page.items, "next_cursor": page.next_cursor}

    @app.get("/changes", response_model=ChangePage, tags=["changes"], **PROTECTED)
    def list_changes(
        db: DB,
        since: Since = None,
        field: Annotated[ChangeField | None, Query(description="only this field")] = None,
        domain: Annotated[str | None, Query(max_length=253, pattern=NO_NUL,
                                            description="only products of this host")] = None,
        limit: Limit = 50,
        cursor: Cursor = None,
    ) -> dict:
        """Change events (price, currency, availability, title, new, gone), oldest first."""
        when = None
        if since is not None:
            # A time without a zone is UTC, like every time the project writes.
            when = to_iso(since if since.tzinfo else since.replace(tzinfo=timezone.utc))
        page = queries.find_changes(db, when, field, domain, limit, cursor)
        return {"items": page.items, "next_cursor": page.next_cursor}

    @app.get("/health", response_model=Health, tags=["ops"])
    def health(db: DB) -> JSONResponse:
        """200 when MongoDB answers a ping, else 503 (used by the compose healthcheck)."""
        if queries.ping(db):
            return JSONResponse({"status": "ok", "mongodb": "ok"})
        return JSONResponse({"status": "unavailable", "mongodb": "unreachable"}, status_code=503)

    return app

