"""The benchmark harness: regenerates BENCHMARKS.md (`python -m benchmarks`), plus standalone studies
(`python -m benchmarks.<study>`) that write benchmarks/results/*.md."""
