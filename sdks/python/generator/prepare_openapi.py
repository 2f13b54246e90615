"""Writes the OpenAPI document as openapi-python-client reads it, with every shape unchanged.

The gateway's document (libs/client/openapi.json) carries JSON Schema constraints that describe
which combinations of fields are valid, not which fields exist; openapi-python-client turns some of
them into broken models (a top-level `anyOf` of `required` lists becomes a union of two half-made
classes). The server enforces those rules and answers a clear 400, so the client does not need
them. This step removes only validation-only keywords, the same way wherever they appear:

- `if` / `then` / `else` (conditional validation), and an `allOf` left empty by that;
- on an object schema with `properties`, an `anyOf` / `oneOf` whose every branch only lists
  `required` names or narrows properties the object already declares ("at least one of");
- an `anyOf` of single-value string enums becomes one string enum (one type, not ten);
- a `text/event-stream` answer whose schema is one event (a `$ref` to an object) loses its schema: the
  generator would parse the stream's text as one JSON object (a type error), and a
  request/response client cannot read a stream anyway (its event models are still generated).

Usage: prepare_openapi.py <in.json> <out.json>. Deterministic: same input, same output.
"""

from __future__ import annotations

import json
import sys
from typing import Any

CONDITIONAL = ("if", "then", "else")


def _is_constraint(branch: Any, declared: dict[str, Any]) -> bool:
    """True when a branch only says which declared properties are required or how they narrow (a title names it)."""
    if not isinstance(branch, dict) or not set(branch) <= {"title", "required", "properties"}:
        return False
    props = branch.get("properties", {})
    names = set(branch.get("required", [])) | set(props)
    return isinstance(props, dict) and names <= set(declared)


def _single_string_enum(branch: Any) -> bool:
    return (
        isinstance(branch, dict)
        and set(branch) <= {"type", "enum", "description"}
        and branch.get("type") == "string"
        and isinstance(branch.get("enum"), list)
        and len(branch["enum"]) == 1
    )


def simplify(node: Any) -> Any:
    if isinstance(node, list):
        return [simplify(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: simplify(value) for key, value in node.items() if key not in CONDITIONAL}
    if "allOf" in out:
        kept = [branch for branch in out["allOf"] if branch != {}]
        if kept:
            out["allOf"] = kept
        else:
            del out["allOf"]
    declared = out.get("properties")
    if isinstance(declared, dict):
        for key in ("anyOf", "oneOf"):
            branches = out.get(key)
            if isinstance(branches, list) and all(_is_constraint(b, declared) for b in branches):
                del out[key]
    branches = out.get("anyOf")
    if isinstance(branches, list) and len(branches) > 1 and all(_single_string_enum(b) for b in branches):
        del out["anyOf"]
        out["type"] = "string"
        out["enum"] = [b["enum"][0] for b in branches]
    return out


def without_single_event_streams(document: Any) -> Any:
    """Drops the schema of each `text/event-stream` answer that is a single event (a `$ref` to an object; a union of events stays)."""
    schemas = document.get("components", {}).get("schemas", {})

    def single_event(schema: Any) -> bool:
        ref = schema.get("$ref", "") if isinstance(schema, dict) and set(schema) == {"$ref"} else ""
        return schemas.get(ref.rsplit("/", 1)[-1], {}).get("type") == "object"

    for operations in document.get("paths", {}).values():
        for operation in operations.values():
            if not isinstance(operation, dict):
                continue
            for response in operation.get("responses", {}).values():
                stream = response.get("content", {}).get("text/event-stream")
                if isinstance(stream, dict) and single_event(stream.get("schema")):
                    del stream["schema"]
    return document


def main() -> None:
    source, target = sys.argv[1], sys.argv[2]
    with open(source, encoding="utf-8") as f:
        document = json.load(f)
    with open(target, "w", encoding="utf-8") as f:
        json.dump(without_single_event_streams(simplify(document)), f, indent=2, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
