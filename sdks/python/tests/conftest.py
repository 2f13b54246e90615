"""Fixtures of the live suite: the stack scripts/lib/sdk-tests.mjs started (HERALD_URL,
HERALD_ADMIN_TOKEN), a project of this run per test module, unique ids. Also writes the run's
counts to HERALD_SDK_RESULTS for npm test's final line."""

from __future__ import annotations

import json
import os
import queue
import threading
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from herald import Herald

RUN = uuid.uuid4().hex[:8]


def unique(prefix: str) -> str:
    return f"{prefix}-{RUN}-{uuid.uuid4().hex[:8]}"


@dataclass(frozen=True)
class Project:
    id: int
    full_key: str
    recipient_key: str


def _env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        pytest.skip(f"{name} is not set: the live suite runs with node scripts/lib/sdk-tests.mjs python")
    return value


@pytest.fixture(scope="session")
def base_url() -> str:
    return _env("HERALD_URL")


@pytest.fixture(scope="session")
def admin(base_url: str) -> Iterator[Herald]:
    with Herald(base_url=base_url, api_key=_env("HERALD_ADMIN_TOKEN")) as client:
        yield client


def make_project(admin: Herald, name: str, settings: dict[str, Any] | None = None) -> Project:
    created = admin.admin.create_project(name=unique(name), settings=settings)
    keys = {k.scope: k.key for k in created.keys}
    return Project(id=created.project.id, full_key=keys["full"], recipient_key=keys["recipient"])


@pytest.fixture(scope="module")
def project(admin: Herald) -> Project:
    return make_project(admin, "sdk-python")


@pytest.fixture
def h(base_url: str, project: Project) -> Iterator[Herald]:
    with Herald(base_url=base_url, api_key=project.full_key) as client:
        yield client


Receiver = tuple[str, "queue.Queue[tuple[bytes, dict[str, str]]]"]
"""A webhook receiver on 127.0.0.1: its URL and the (body, headers) of each request it got."""


class _Receiver(BaseHTTPRequestHandler):
    received: queue.Queue[tuple[bytes, dict[str, str]]]

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("content-length", "0")))
        self.received.put((body, dict(self.headers.items())))
        self.send_response(204)
        self.end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    received: queue.Queue[tuple[bytes, dict[str, str]]] = queue.Queue()
    handler = type("Receiver", (_Receiver,), {"received": received})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/hook", received
    finally:
        server.shutdown()
        server.server_close()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    target = os.environ.get("HERALD_SDK_RESULTS")
    if not target:
        return
    stats = terminalreporter.stats
    counts = {
        "passed": len(stats.get("passed", [])),
        "failed": len(stats.get("failed", [])) + len(stats.get("error", [])),
        "skipped": len(stats.get("skipped", [])) + len(stats.get("xfailed", [])),
    }
    with open(target, "w", encoding="utf-8") as f:
        json.dump(counts, f)
