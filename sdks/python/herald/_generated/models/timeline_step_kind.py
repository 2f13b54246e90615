from typing import Literal

TimelineStepKind = Literal[
    "accepted", "attempt", "decided", "digest", "escalation", "outbound", "webhook"
]

TIMELINE_STEP_KIND_VALUES: set[TimelineStepKind] = {
    "accepted",
    "attempt",
    "decided",
    "digest",
    "escalation",
    "outbound",
    "webhook",
}


def check_timeline_step_kind(value: str) -> TimelineStepKind:
    if value in TIMELINE_STEP_KIND_VALUES:
        return value
    raise TypeError(
        f"Unexpected value {value!r}. Expected one of {TIMELINE_STEP_KIND_VALUES!r}"
    )
