"""The HTTP layer under the generated operations: credentials, typed errors and bounded retries.

Both `Herald` and `AsyncHerald` hand the generated code an httpx client built here, so every
operation, generated or hand-written, gets the same behaviour:

- an error answer raises a `HeraldError` subclass (a response hook, before the generated code
  parses anything);
- a 429 is retried after its Retry-After (refused before any work: safe for every method); a 503
  or a lost connection is retried only when repeating is safe: GET, HEAD, OPTIONS, PUT, DELETE,
  requests carrying an Idempotency-Key (sends get one per call), and cancels of a scheduled send or
  broadcast (a repeated cancel answers the same);
- retries are bounded (`RetryPolicy.max_retries`), and a Retry-After longer than
  `RetryPolicy.max_retry_after` is not waited for: the `RateLimitError` is raised at once.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

import httpx

from ._backoff import backoff
from ._errors import HeraldError, NetworkError, error_from_response, parse_retry_after
from ._generated.client import AuthenticatedClient
from ._generated.types import Response

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "PUT", "DELETE"})
CANCEL_PATH = re.compile(r"/(notifications|broadcasts)/[^/]+/cancel$")
"""POSTs that repeat safely: a repeated cancel answers the canceled send again (or the same 409)."""
USER_AGENT = "herald-client-python/0.1.0"

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how long to retry (see the module's docstring for what is retried)."""

    max_retries: int = 3
    """Attempts after the first; 0 turns retries off."""
    base_delay: float = 0.25
    """First backoff in seconds without a Retry-After; doubles each attempt, with jitter."""
    max_delay: float = 8.0
    """Longest backoff without a Retry-After."""
    max_retry_after: float = 30.0
    """A Retry-After longer than this is not waited for: the error is raised at once."""

    def backoff(self, attempt: int) -> float:
        return backoff(attempt, self.base_delay, self.max_delay)

    def delay(self, request: httpx.Request, attempt: int, response: httpx.Response | None) -> float | None:
        """Seconds to wait before retry number `attempt` (from 1); None: no retry.

        `response` is None when the request got no answer (a transport error).
        """
        if attempt > self.max_retries:
            return None
        repeatable = (
            request.method in SAFE_METHODS
            or "idempotency-key" in request.headers
            or (request.method == "POST" and CANCEL_PATH.search(request.url.path) is not None)
        )
        if response is None:
            return self.backoff(attempt) if repeatable else None
        if response.status_code == 429 or (response.status_code == 503 and repeatable):
            retry_after = parse_retry_after(response.headers.get("retry-after"))
            if retry_after is None:
                return self.backoff(attempt)
            return retry_after if retry_after <= self.max_retry_after else None
        return None


class RetryTransport(httpx.BaseTransport):
    """Wraps a transport with `RetryPolicy`; `sleep` is injectable (tests record the waits)."""

    def __init__(
        self, inner: httpx.BaseTransport, policy: RetryPolicy, sleep: Callable[[float], None] = time.sleep
    ) -> None:
        self._inner = inner
        self._policy = policy
        self._sleep = sleep

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        attempt = 0
        while True:
            attempt += 1
            try:
                response = self._inner.handle_request(request)
            except httpx.TransportError:
                wait = self._policy.delay(request, attempt, None)
                if wait is None:
                    raise
                self._sleep(wait)
                continue
            wait = self._policy.delay(request, attempt, response)
            if wait is None:
                return response
            response.close()
            self._sleep(wait)

    def close(self) -> None:
        self._inner.close()


class AsyncRetryTransport(httpx.AsyncBaseTransport):
    """The asyncio twin of `RetryTransport`."""

    def __init__(
        self,
        inner: httpx.AsyncBaseTransport,
        policy: RetryPolicy,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self._inner = inner
        self._policy = policy
        self._sleep = sleep

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        attempt = 0
        while True:
            attempt += 1
            try:
                response = await self._inner.handle_async_request(request)
            except httpx.TransportError:
                wait = self._policy.delay(request, attempt, None)
                if wait is None:
                    raise
                await self._sleep(wait)
                continue
            wait = self._policy.delay(request, attempt, response)
            if wait is None:
                return response
            await response.aclose()
            await self._sleep(wait)

    async def aclose(self) -> None:
        await self._inner.aclose()


def raise_for_error(response: httpx.Response) -> None:
    """httpx response hook: an error answer (after the retries) becomes a `HeraldError`."""
    if response.status_code >= 400:
        response.read()
        raise error_from_response(response.status_code, response.headers, response.content)


async def araise_for_error(response: httpx.Response) -> None:
    if response.status_code >= 400:
        await response.aread()
        raise error_from_response(response.status_code, response.headers, response.content)


def default_headers(api_key: str, headers: dict[str, str] | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {api_key}", "User-Agent": USER_AGENT, **(headers or {})}


REDACTED = "[redacted]"


class CredentialedClient(AuthenticatedClient):
    """The generated client, whose attrs repr would print its token (the API key): redacted."""

    def __repr__(self) -> str:
        return f"AuthenticatedClient(base_url={self._base_url!r}, token={REDACTED!r})"


def call(fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """Runs a generated operation; no answer at all becomes a `NetworkError`."""
    try:
        return fn(*args, **kwargs)
    except httpx.TransportError as err:
        raise NetworkError(f"{type(err).__name__}: {err}") from err


async def acall(fn: Callable[P, Awaitable[R]], *args: P.args, **kwargs: P.kwargs) -> R:
    try:
        return await fn(*args, **kwargs)
    except httpx.TransportError as err:
        raise NetworkError(f"{type(err).__name__}: {err}") from err


def parsed(response: Response[Any], kind: type[T]) -> T:
    """The success body of a generated operation's answer, as `kind`."""
    body = response.parsed
    if isinstance(body, kind):
        return body
    raise HeraldError(
        f"unexpected answer {int(response.status_code)}: {response.content[:200]!r}",
        status=int(response.status_code),
        code="unexpected_response",
    )
