#!/bin/sh
# The full strength run in four parts of 50 seeds (each kept as it finishes), then merged.
cd "$(dirname "$0")/.." || exit 1
for first in 10000 10050 10100 10150; do
    PYTHONPATH=.:benchmarks /work/main/.venv/bin/python benchmarks/karnak_strength.py \
        --seeds 50 --first-seed $first --workers 2 --json "karnak_strength_$first.json"
done
PYTHONPATH=.:benchmarks /work/main/.venv/bin/python benchmarks/karnak_strength.py \
    --merge karnak_strength_10000.json karnak_strength_10050.json \
    karnak_strength_10100.json karnak_strength_10150.json --json karnak_strength.json
