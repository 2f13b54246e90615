# Sourced by generate.sh and test.sh: makes .local/venv-sdk-python (at the repository root) hold
# exactly requirements.lock, creating or updating it when missing or stale, and puts it first on
# PATH. When Python or PyPI is missing, says what is missing and exits 77 ("skipped": the caller,
# scripts/lib/sdk-gen.mjs or sdk-tests.mjs, reports the step as skipped with this reason).
sdk_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo_root="$(cd "$sdk_dir/../.." && pwd)"
venv="$repo_root/.local/venv-sdk-python"
lock="$sdk_dir/requirements.lock"

skip() {
  echo "SKIP: $*" >&2
  exit 77
}

# The base interpreter (not a virtual environment's, which may be the one about to be replaced).
python_bin=""
for candidate in python3 python; do
  if command -v "$candidate" >/dev/null 2>&1 &&
    base="$("$candidate" -c 'import sys; assert sys.version_info >= (3, 11); print(sys._base_executable)' 2>/dev/null)" &&
    [ -x "$base" ]; then
    python_bin="$base"
    break
  fi
done

stamp="$venv/.requirements.lock"
if [ ! -x "$venv/bin/python" ] || ! cmp -s "$lock" "$stamp"; then
  [ -n "$python_bin" ] || skip "no Python 3.11 or newer on PATH (python3): install it (Debian: apt-get install python3 python3-venv) to generate and test the Python SDK"
  echo "installing the Python SDK's tools (requirements.lock) into ${venv#"$repo_root"/}" >&2
  rm -rf "$venv"
  if ! out="$("$python_bin" -m venv "$venv" 2>&1)"; then
    rm -rf "$venv"
    skip "$python_bin -m venv failed (Debian: apt-get install python3-venv): $(printf '%s' "$out" | tail -n 1)"
  fi
  if ! out="$("$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$lock" 2>&1)"; then
    rm -rf "$venv"
    skip "pip could not install sdks/python/requirements.lock (is PyPI reachable?): $(printf '%s' "$out" | tail -n 1)"
  fi
  cp "$lock" "$stamp"
fi
export PATH="$venv/bin:$PATH"
export PIP_DISABLE_PIP_VERSION_CHECK=1
