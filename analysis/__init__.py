"""Reads Parquet only: DuckDB SQL + Polars, statistics, tables, matplotlib plots, reports.

Nothing here imports an engine: analysis knows the Parquet schema (DESIGN: Event log and results) only.
"""
