#!/usr/bin/env bash
# Runs the Go SDK's tests (go vet, then go test ./...): the unit tests, and the live tests against
# the Herald at HERALD_URL, whose ADMIN_TOKEN is HERALD_ADMIN_TOKEN. scripts/lib/sdk-tests.mjs
# starts a stack and sets both (the tests create their own projects), and HERALD_SDK_RESULTS, the
# file this script writes its counts to: {"passed": N, "failed": N, "skipped": N}. The stack must
# allow webhooks to loopback (WEBHOOK_ALLOW_PRIVATE=1, as npm start does) for the webhook test.
#   node scripts/lib/sdk-tests.mjs go   runs it with a stack of its own
#
# Exit codes: 0 passed, 1 failed, 2 misused (no HERALD_URL), 77 skipped (no Go, or its modules
# cannot be fetched) with a `SKIP: <reason>` line. The last line counts the tests (subtests
# counted, their parents not): Go SDK: N passed, N failed, N skipped (not shaped like the run's closing line)
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if ! command -v go >/dev/null 2>&1; then
  echo "SKIP: no 'go' command on PATH; install Go 1.26 or later (https://go.dev/dl/) to test the Go SDK"
  exit 77
fi
if [ -z "${HERALD_URL:-}" ] || [ -z "${HERALD_ADMIN_TOKEN:-}" ]; then
  echo "HERALD_URL and HERALD_ADMIN_TOKEN must name a running Herald and its admin token: run node scripts/lib/sdk-tests.mjs go" >&2
  exit 2
fi
cd "$here"
# In this module the go command needs Go 1.26 (go.mod): an older one fetches it (GOTOOLCHAIN=auto) or says why not.
if ! probe="$(go list -m 2>&1)"; then
  echo "$probe"
  echo "SKIP: this Go cannot build the Go SDK, which needs Go 1.26 or later (go.mod); install it or allow GOTOOLCHAIN=auto to fetch it"
  exit 77
fi
log="$(mktemp)"
trap 'rm -f "$log"' EXIT

report() { # passed failed skipped
  echo "Go SDK: $1 passed, $2 failed, $3 skipped"
  if [ -n "${HERALD_SDK_RESULTS:-}" ]; then
    printf '{"passed": %d, "failed": %d, "skipped": %d}\n' "$1" "$2" "$3" >"$HERALD_SDK_RESULTS"
  fi
}

if ! go mod download >"$log" 2>&1; then
  tail -n 3 "$log"
  echo "SKIP: cannot fetch the Go SDK's modules (is the Go module proxy reachable? GOPROXY=$(go env GOPROXY 2>/dev/null))"
  exit 77
fi
echo "go vet ./..."
if ! go vet ./...; then
  report 0 1 0
  exit 1
fi
echo "go test ./... (unit tests, and live tests against $HERALD_URL)"
go test -count=1 -v -timeout 10m ./... 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
# Leaf tests only: a test whose name prefixes a subtest's ("TestX" of "TestX/case") is not counted.
count() {
  grep -E "^ *--- (PASS|FAIL|SKIP): " "$log" | sed -E 's/^ *--- ([A-Z]+): ([^ ]+) .*/\2 \1/' | LC_ALL=C sort |
    awk -v want="$1" '{ name[NR] = $1; result[NR] = $2 }
      END { n = 0; for (i = 1; i <= NR; i++) if (result[i] == want && !(i < NR && index(name[i+1], name[i] "/") == 1)) n++; print n }'
}
passed=$(count PASS)
failed=$(count FAIL)
skipped=$(count SKIP)
# A failure outside any test (a package that does not build, a panic) counts as one.
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
report "$passed" "$failed" "$skipped"
exit "$status"
