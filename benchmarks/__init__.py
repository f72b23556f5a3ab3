"""The benchmarks, outside the library: `python -m benchmarks` regenerates BENCHMARKS.md, and the standalone studies
(`python -m benchmarks.<study>`) write benchmarks/results/*.md. Rooms, each importing only those above it:
published (quoted figures and their sources), runner (document sources, jobs, the Runner over
segcore.evaluation, the Bench context), markdown (cells and tables), tables_choi / tables_alemi / tables_models /
tables_real (the sections), report (registry, header, section merge, run_bench); compare lists the figures that
differ between two BENCHMARKS.md files."""
