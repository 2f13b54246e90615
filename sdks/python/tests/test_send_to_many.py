"""The body of a send to many: its audience, and no recipient_id."""

import pytest

from herald import _bodies as bodies
from herald import _operations as ops

TARGET = {"channel": "issues", "topic": "comments", "event": "comment.created"}


def test_when_recipient_ids_are_given_then_the_body_names_them_and_the_excluded_ones_and_no_recipient_id() -> None:
    body = bodies.send_to_many(["a", "b"], None, ["b"], {"title": "x"}, None, TARGET).to_dict()
    assert body["recipient_ids"] == ["a", "b"]
    assert body["exclude_recipient_ids"] == ["b"]
    assert "recipient_id" not in body
    assert "list" not in body


def test_when_a_list_is_given_then_the_body_names_it() -> None:
    body = bodies.send_to_many(None, "watchers", None, {"title": "x"}, None, TARGET).to_dict()
    assert body["list"] == "watchers"
    assert "recipient_ids" not in body
    assert "recipient_id" not in body


def test_when_neither_is_given_then_the_call_is_refused_before_any_request() -> None:
    with pytest.raises(ValueError):
        ops.send_to_many(None, None, None, TARGET, {"title": "x"}, None, None, None)


def test_when_an_sms_is_given_then_the_body_carries_it_as_a_direct_send_would() -> None:
    body = bodies.send_to_many(
        None, "on-call", None, {"title": "x"}, None, TARGET, sms={"text": "Deploy failed"}
    ).to_dict()
    assert body["sms"] == {"text": "Deploy failed"}
    assert body["list"] == "on-call"
    without = bodies.send_to_many(None, "on-call", None, {"title": "x"}, None, TARGET).to_dict()
    assert "sms" not in without
