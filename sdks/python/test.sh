#!/usr/bin/env bash
# The Python SDK's checks, run by npm test against a live Herald (scripts/lib/sdk-tests.mjs starts
# it and sets HERALD_URL, HERALD_ADMIN_TOKEN, HERALD_SDK_RESULTS): ruff and mypy --strict on the
# package and its tests, then pytest (unit tests and the live suite). Exit 77 when Python is missing.
#   node scripts/lib/sdk-tests.mjs python   runs it with a stack of its own
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh" || exit $?
cd "$sdk_dir"
if [ -z "${HERALD_URL:-}" ] || [ -z "${HERALD_ADMIN_TOKEN:-}" ]; then
  echo "HERALD_URL and HERALD_ADMIN_TOKEN must point at a running Herald: run node scripts/lib/sdk-tests.mjs python" >&2
  exit 1
fi
export MYPY_CACHE_DIR="$repo_root/.local/mypy-cache-sdk-python"
status=0
echo "ruff (lint, format) on herald/ and tests/ (herald/_generated excluded: generated)"
ruff check --no-cache . && ruff format --no-cache --check . || status=1
echo "mypy --strict on herald/ (generated code included) and tests/"
mypy || status=1
echo "pytest"
python -m pytest -p no:cacheprovider -q -rfEs || status=1
exit $status
