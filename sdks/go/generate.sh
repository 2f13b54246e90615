#!/usr/bin/env bash
# Regenerates the Go SDK's generated part, sdks/go/api/api.gen.go, from libs/client/openapi.json:
#   1. internal/openapiprep rewrites the document into an equivalent one oapi-codegen maps to plain
#      Go types (an anyOf of one-value string enums becomes one enum; see its doc comment);
#   2. oapi-codegen v2.8.2 (pinned; fetched through the Go module proxy on first use) generates the
#      models and the client with api/oapi-codegen.yaml.
# api.gen.go is never edited by hand: change the gateway's schemas, then run this script.
#
# Usage: sdks/go/generate.sh [--check]
#   --check  regenerate into a temporary directory and fail (exit 1) when the committed file differs.
# Exit codes: 0 done (or current), 1 stale or failed, 77 skipped (no Go, or oapi-codegen cannot be
# fetched) with a `SKIP: <reason>` line (scripts/lib/sdk-gen.mjs runs it: npm run gen:client, npm test).
set -euo pipefail

GENERATOR=github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen@v2.8.2
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
document="$here/../../libs/client/openapi.json"
check=0
case "${1:-}" in
  --check) check=1 ;;
  "") ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

if ! command -v go >/dev/null 2>&1; then
  echo "SKIP: no 'go' command on PATH; install Go 1.26 or later (https://go.dev/dl/) to generate the Go SDK"
  exit 77
fi
cd "$here"
# In this module the go command needs Go 1.26 (go.mod): an older one fetches it (GOTOOLCHAIN=auto) or says why not.
if ! probe="$(go list -m 2>&1)"; then
  echo "$probe"
  echo "SKIP: this Go cannot build the Go SDK, which needs Go 1.26 or later (go.mod); install it or allow GOTOOLCHAIN=auto to fetch it"
  exit 77
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Fetch and build the pinned generator first, so a missing module proxy reads as such.
if ! go run "$GENERATOR" -version >"$work/version.log" 2>&1; then
  tail -n 3 "$work/version.log"
  echo "SKIP: cannot build $GENERATOR (is the Go module proxy reachable? GOPROXY=$(go env GOPROXY))"
  exit 77
fi

go run ./internal/openapiprep "$document" "$work/openapi.json"
go run "$GENERATOR" -config api/oapi-codegen.yaml -o "$work/api.gen.go" "$work/openapi.json"

if [ "$check" = 1 ]; then
  if ! diff -u api/api.gen.go "$work/api.gen.go" >"$work/diff.txt"; then
    echo "sdks/go/api/api.gen.go is not what libs/client/openapi.json generates; run sdks/go/generate.sh and commit the result. Difference:"
    head -n 60 "$work/diff.txt"
    exit 1
  fi
  echo "sdks/go/api/api.gen.go is current"
  exit 0
fi
cp "$work/api.gen.go" api/api.gen.go
echo "wrote sdks/go/api/api.gen.go from libs/client/openapi.json"
