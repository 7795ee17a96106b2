#!/usr/bin/env bash
# CI for the Python package: on a machine with python3 (>= 3.9) and pip,
# build the wheel in a fresh virtual environment, install it, and run the
# pytest suites (API, the CLI's outputs, sudokit.dask on a 2-worker local
# cluster). The tests compare against the CLI built from this repository.
#
#   bash crates/sudokit-py/ci.sh
#
# PYTHON picks the interpreter (default python3). The test dependencies are
# pinned so a run today and a run next year install the same versions.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
python="${PYTHON:-python3}"
work="$root/target/python-ci"
venv="$work/venv"
wheels="$work/wheels"

echo "== python: $("$python" --version)"
rm -rf "$wheels"
"$python" -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check \
    "maturin==1.7.4" "pytest==8.3.3" "numpy==2.0.2" "dask[distributed]==2024.8.0"

echo "== the CLI the tests compare against"
(cd "$root" && cargo build --release --quiet -p sudokit-cli)

echo "== the wheel (abi3, Python >= 3.9)"
"$venv/bin/maturin" build --release --quiet -m "$here/Cargo.toml" -i "$venv/bin/python" -o "$wheels"
"$venv/bin/pip" install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheels"/sudokit-*.whl

echo "== pytest"
# From the tests' directory, so `import sudokit` is the installed wheel.
cd "$here/tests"
SUDOKIT_CLI="$root/target/release/sudokit" "$venv/bin/python" -m pytest -q -p no:cacheprovider .
