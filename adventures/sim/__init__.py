"""Headless simulation: many bot games per scenario, sweeps over parameters, benchmarks.

`runner` plays games (seeds, worker processes, Dask), `stats` summarises them, `plots`
draws sweep charts; `cli_simulate`, `cli_sweep` and `cli_bench` are `adventures` subcommands.
"""
