#!/usr/bin/env bash
# Runs the Go SDK's tests (go vet, then go test ./...): the unit tests, and the live tests against
# the Herald at HERALD_URL, whose ADMIN_TOKEN is HERALD_ADMIN_TOKEN (scripts/lib/sdk-tests.mjs
# starts a stack and sets both; the tests create their own projects). The stack must allow
# webhooks to loopback (WEBHOOK_ALLOW_PRIVATE=1, as npm start does) for the live webhook test.
#
# Exit codes: 0 passed, 1 failed, 2 misused (no HERALD_URL), 77 skipped (no Go, or its modules
# cannot be fetched), with the reason printed. The last line counts the tests:
#   Go SDK tests: N passed, N failed, N skipped
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if ! command -v go >/dev/null 2>&1; then
  echo "skipped: no 'go' command on PATH; install Go 1.26 or later (https://go.dev/dl/) to test the Go SDK"
  exit 77
fi
if [ -z "${HERALD_URL:-}" ] || [ -z "${HERALD_ADMIN_TOKEN:-}" ]; then
  echo "HERALD_URL and HERALD_ADMIN_TOKEN must name a running Herald and its admin token" >&2
  exit 2
fi
cd "$here"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

if ! go mod download >"$log" 2>&1; then
  echo "skipped: cannot fetch the Go SDK's modules (is the Go module proxy reachable? GOPROXY=$(go env GOPROXY 2>/dev/null)):"
  tail -n 3 "$log"
  exit 77
fi
if ! go vet ./...; then
  echo "Go SDK tests: 0 passed, 1 failed, 0 skipped (go vet)"
  exit 1
fi
go test -count=1 -v -timeout 10m ./... 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
count() { grep -cE "^ *--- $1:" "$log"; }
echo "Go SDK tests: $(count PASS) passed, $(count FAIL) failed, $(count SKIP) skipped"
exit "$status"
