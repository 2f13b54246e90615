"""The SDK's one backoff, shared by the request retries and the live feed's reconnects."""

from __future__ import annotations

import random


def backoff(attempt: int, base: float, cap: float) -> float:
    """Seconds before retry `attempt` (from 1): `base` doubling each time up to `cap`, with equal
    jitter (between half of that and all of it)."""
    ceiling = min(cap, base * 2.0 ** (attempt - 1))
    return ceiling / 2 + random.random() * ceiling / 2
