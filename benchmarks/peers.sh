#!/usr/bin/env bash
# Measure pakka beside RLCard and OpenSpiel in a separate environment (.venv-peers), so
# the peers never become dependencies of pakka itself.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv-peers/bin/python ]; then
  python3 -m venv .venv-peers
  .venv-peers/bin/pip install --quiet --upgrade pip
  .venv-peers/bin/pip install --quiet -e . rlcard open_spiel
fi
exec .venv-peers/bin/python benchmarks/throughput.py "$@"
