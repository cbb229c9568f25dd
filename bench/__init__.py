"""The benchmark of issue 7: `python -m bench.run` (see docs/benchmarks/README.md)."""
