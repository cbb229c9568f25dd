"""Bearer-token authentication for the API (every route but ``/health``).

Tokens come from ``API_TOKENS`` (comma-separated, read by :mod:`productscraper.config`).
With none configured every protected route answers 401 saying so: an API that answers
anyone because a variable was forgotten is the failure this guards against.
"""
from __future__ import annotations

import hmac
from typing import Annotated

from fastapi import Depends, HTTPException, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

#: ``auto_error=False``: a missing header is our 401 (FastAPI's own would be 403 or a
#: bare "Not authenticated"); the scheme still appears in OpenAPI as ``bearerAuth``.
bearer = HTTPBearer(auto_error=False, scheme_name="bearerAuth",
                    description="a token listed in API_TOKENS")

NOT_CONFIGURED = "API_TOKENS is not configured: set it to one or more comma-separated tokens"
CHALLENGE = {"WWW-Authenticate": "Bearer"}


def parse_tokens(raw: str) -> tuple[str, ...]:
    """``API_TOKENS`` as a tuple of non-empty tokens (spaces around commas ignored)."""
    return tuple(t.strip() for t in raw.split(",") if t.strip())


def require_token(
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> str:
    """FastAPI dependency: the caller's token, or 401 with the reason."""
    tokens: tuple[str, ...] = request.app.state.api_tokens
    if not tokens:
        raise HTTPException(401, NOT_CONFIGURED, headers=CHALLENGE)
    if credentials is None or credentials.scheme.lower() != "bearer":
        raise HTTPException(401, "missing bearer token (Authorization: Bearer <token>)",
                            headers=CHALLENGE)
    given = credentials.credentials.encode()
    # Constant-time comparison against every token: no early exit that times the match.
    ok = False
    for token in tokens:
        ok |= hmac.compare_digest(given, token.encode())
    if not ok:
        raise HTTPException(401, "invalid bearer token", headers=CHALLENGE)
    return credentials.credentials
