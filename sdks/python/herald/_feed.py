"""A recipient's live feed (`GET /recipients/{id}/notifications/stream`, Server-Sent Events).

The stream is read with httpx-sse. When the connection drops (a gateway restart, an idle
connection: no event nor heartbeat for `idle_timeout` seconds), it reconnects with
`Last-Event-ID`, and the gateway replays what was missed (or sends `reset` when it cannot: refetch
the feed then). Errors that no retry can fix (400, 401, 403, 404) end the iteration by raising.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncGenerator, Awaitable, Callable, Generator
from dataclasses import dataclass
from typing import Any, Self
from urllib.parse import quote

import httpx
from httpx_sse import ServerSentEvent, SSEError, aconnect_sse, connect_sse

from ._backoff import backoff
from ._errors import HeraldError, NetworkError, ServerError
from ._generated.models.notification import Notification

IDLE_TIMEOUT = 45.0
"""Seconds without any byte (the gateway sends a heartbeat every 15 s) before reconnecting."""
MAX_RECONNECT_DELAY = 30.0


@dataclass(frozen=True)
class FeedEvent:
    """One event of the stream.

    `event` is `notification` (newly delivered), `notification.updated` (read, opened, seen or
    archived changed), `unread_count` (on connect and after changes) or `reset` (more was missed than
    the gateway replays: refetch the feed). `notification`, `unread_count` and `unseen_count` are read
    from `data` when present.
    """

    event: str
    id: str | None
    data: Any
    notification: Notification | None
    unread_count: int | None
    unseen_count: int | None = None

    @classmethod
    def from_sse(cls, sse: ServerSentEvent) -> FeedEvent:
        try:
            data: Any = json.loads(sse.data)
        except ValueError:
            data = sse.data
        fields: dict[str, Any] = data if isinstance(data, dict) else {}
        raw = fields.get("notification")
        count = fields.get("unread_count")
        unseen = fields.get("unseen_count")
        return cls(
            event=sse.event,
            id=sse.id or None,
            data=data,
            notification=Notification.from_dict(raw) if isinstance(raw, dict) else None,
            unread_count=count if isinstance(count, int) else None,
            unseen_count=unseen if isinstance(unseen, int) else None,
        )


def stream_path(recipient_id: str) -> str:
    return f"/recipients/{quote(recipient_id, safe='')}/notifications/stream"


class _Reconnects:
    """State shared by the sync and async streams: the resume point and the backoff."""

    def __init__(self, token: str | None, last_event_id: str | None, reconnect: bool, idle_timeout: float) -> None:
        self.token = token
        self.last_event_id = last_event_id
        self.reconnect = reconnect
        self.timeout = httpx.Timeout(10.0, read=idle_timeout)
        self.failures = 0
        self.retry_ms = 1000

    def headers(self) -> dict[str, str]:
        headers: dict[str, str] = {}
        if self.token is not None:
            headers["Authorization"] = f"Bearer {self.token}"
        if self.last_event_id:
            headers["Last-Event-ID"] = self.last_event_id
        return headers

    def receive(self, sse: ServerSentEvent) -> FeedEvent | None:
        """The event to hand out, or None for a control message (`retry:` alone)."""
        self.failures = 0
        if sse.retry is not None:
            self.retry_ms = sse.retry
        if sse.id:
            self.last_event_id = sse.id
        if sse.event == "message" and not sse.data:
            return None
        return FeedEvent.from_sse(sse)

    def after_failure(self, err: Exception | None) -> float:
        """Seconds to wait before reconnecting, or raises when this stream should end with `err`."""
        if isinstance(err, SSEError):
            raise HeraldError(str(err), status=200, code="not_an_event_stream") from err
        if isinstance(err, httpx.TransportError):
            if not self.reconnect:
                raise NetworkError(f"{type(err).__name__}: {err}") from err
        elif isinstance(err, HeraldError) and not isinstance(err, ServerError):
            raise err  # 4xx (after the transport's 429 retries): no reconnect can fix it
        elif err is not None and not self.reconnect:
            raise err
        self.failures += 1
        return backoff(self.failures, self.retry_ms / 1000, MAX_RECONNECT_DELAY)


class FeedStream:
    """Iterator of `FeedEvent`s; `last_event_id` is where a later stream can resume.

    Use it in a `for` loop (break to stop) or as a context manager; `close()` ends it.
    """

    def __init__(
        self,
        http: httpx.Client,
        recipient_id: str,
        *,
        token: str | None = None,
        last_event_id: str | None = None,
        reconnect: bool = True,
        idle_timeout: float = IDLE_TIMEOUT,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self._http = http
        self._path = stream_path(recipient_id)
        self._state = _Reconnects(token, last_event_id, reconnect, idle_timeout)
        self._sleep = sleep
        self._events = self._run()

    @property
    def last_event_id(self) -> str | None:
        return self._state.last_event_id

    def _run(self) -> Generator[FeedEvent, None, None]:
        state = self._state
        while True:
            failure: Exception | None = None
            try:
                with connect_sse(
                    self._http, "GET", self._path, headers=state.headers(), timeout=state.timeout
                ) as source:
                    for sse in source.iter_sse():
                        event = state.receive(sse)
                        if event is not None:
                            yield event
            except (httpx.TransportError, HeraldError, SSEError) as err:
                failure = err
            if not state.reconnect and failure is None:
                return
            self._sleep(state.after_failure(failure))

    def __iter__(self) -> FeedStream:
        return self

    def __next__(self) -> FeedEvent:
        return next(self._events)

    def close(self) -> None:
        self._events.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class AsyncFeedStream:
    """The asyncio twin of `FeedStream`: `async for event in stream`."""

    def __init__(
        self,
        http: httpx.AsyncClient,
        recipient_id: str,
        *,
        token: str | None = None,
        last_event_id: str | None = None,
        reconnect: bool = True,
        idle_timeout: float = IDLE_TIMEOUT,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self._http = http
        self._path = stream_path(recipient_id)
        self._state = _Reconnects(token, last_event_id, reconnect, idle_timeout)
        self._sleep = sleep
        self._events = self._run()

    @property
    def last_event_id(self) -> str | None:
        return self._state.last_event_id

    async def _run(self) -> AsyncGenerator[FeedEvent, None]:
        state = self._state
        while True:
            failure: Exception | None = None
            try:
                async with aconnect_sse(
                    self._http, "GET", self._path, headers=state.headers(), timeout=state.timeout
                ) as source:
                    async for sse in source.aiter_sse():
                        event = state.receive(sse)
                        if event is not None:
                            yield event
            except (httpx.TransportError, HeraldError, SSEError) as err:
                failure = err
            if not state.reconnect and failure is None:
                return
            await self._sleep(state.after_failure(failure))

    def __aiter__(self) -> AsyncFeedStream:
        return self

    async def __anext__(self) -> FeedEvent:
        return await self._events.__anext__()

    async def aclose(self) -> None:
        await self._events.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
