"""The README's Python snippets, run as written (in order, in one namespace) against the live stack,
with its base URL and a key of a fresh project in place of the placeholders."""

from __future__ import annotations

import contextlib
import io
import re
import threading
from pathlib import Path
from typing import Any

from herald import Herald

from .conftest import Receiver, make_project

README = Path(__file__).resolve().parent.parent / "README.md"


def snippets() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)


def run(code: str, namespace: dict[str, Any]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(README), "exec"), namespace)  # noqa: S102 (the README is ours)
    return out.getvalue()


def test_when_the_readme_snippets_run_in_order_then_each_works(
    admin: Herald, base_url: str, receiver: Receiver
) -> None:
    project = make_project(admin, "sdk-python-readme")
    blocks = [
        b.replace('"http://127.0.0.1:8080"', repr(base_url))
        .replace('os.environ["HERALD_KEY"]', repr(project.full_key))
        .replace('"nk_full_…"', repr(project.full_key))
        for b in snippets()
    ]
    assert len(blocks) == 8, "a snippet was added or removed: run it here too"
    tour, errors, retries, schedule, stream, webhooks, asyncio_block, generated = blocks
    ns: dict[str, Any] = {}

    out = run(tour, ns)
    assert re.match(r"\d+ enqueued\n(enqueued|delivered)\nalice Alice\n$", out), out
    assert run(errors, ns) == "404 recipient_not_found Recipient not found\n"
    run(retries, ns)
    assert run(schedule, ns) == "scheduled\ncanceled\n"

    # The stream snippet waits for a notification delivered after it connects: send until it has one.
    streamed: list[str] = []
    failure: list[BaseException] = []

    def follow() -> None:
        try:
            streamed.append(run(stream, ns))
        except BaseException as err:  # noqa: BLE001 (re-raised by the assertion below)
            failure.append(err)

    thread = threading.Thread(target=follow, daemon=True)
    thread.start()
    with Herald(base_url=base_url, api_key=project.full_key) as h:
        for i in range(60):
            thread.join(timeout=1)
            if not thread.is_alive():
                break
            h.notifications.send(recipient_id="alice", payload={"title": f"streamed {i}"})
    assert not failure and not thread.is_alive(), failure
    assert re.match(r"\{'title': 'streamed \d+'\} \d+ \d+\n$", streamed[0]), streamed

    url, received = receiver
    created = ns["h"].webhooks.create(url=url)
    ns["h"].webhooks.test(created.webhook.id)
    # The stream's sends may still be delivering: their events reach the new webhook too. Take the test event.
    body, headers = received.get(timeout=60)
    while b'"webhook.test"' not in body:
        body, headers = received.get(timeout=60)
    ns.update(body=body, headers=headers, secret=created.secret)
    assert run(webhooks, ns).startswith("webhook.test {")

    assert re.match(r"(enqueued|delivered)\nalice\n$", run(asyncio_block, {})), "asyncio snippet"
    run(generated, ns)
    assert ns["catalog"] is not None
