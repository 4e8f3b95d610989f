"""The same batches through a real dask cluster give the same tables as a local run (issue 8).

The test starts a dask scheduler and two worker processes on 127.0.0.1 and stops them itself.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from polars.testing import assert_frame_equal

from tests.kernel_helpers import read_sorted, simulate

pytest.importorskip("distributed")
ROOT = Path(__file__).resolve().parent.parent
ARGS = (
    "-n",
    "200",
    "--seed",
    "3",
    "-s",
    "hold,random",
    "--batch-size",
    "40",
    "--crash-every",
    "29",
    "--allow-errors",
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def dask_cluster(tmp_path):
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    common = {"cwd": ROOT, "env": env, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    address = f"tcp://127.0.0.1:{port}"
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "distributed.cli.dask_scheduler",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--dashboard-address",
                "127.0.0.1:0",
                "--no-show",
            ],
            **common,
        )
    ]
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        for _ in range(2):
            procs.append(
                subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "distributed.cli.dask_worker",
                        address,
                        "--nthreads",
                        "1",
                        "--nworkers",
                        "1",
                        "--host",
                        "127.0.0.1",
                        "--dashboard-address",
                        "127.0.0.1:0",
                        "--no-nanny",
                    ],
                    **common,
                )
            )
        from distributed import Client

        with Client(address, timeout="30s") as client:
            client.wait_for_workers(2, timeout=60)
        yield address
    finally:
        for proc in reversed(procs):
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


def test_dask_cluster_gives_the_local_result(tmp_path, dask_cluster):
    assert simulate(tmp_path, "local", *ARGS, "--jobs", "1").exit_code == 0
    result = simulate(tmp_path, "dask", *ARGS, "--backend", "dask", "--scheduler", dask_cluster)
    assert result.exit_code == 0, result.output
    for table in ("games", "players", "events", "errors"):
        want = read_sorted(tmp_path / "local", table)
        assert_frame_equal(want, read_sorted(tmp_path / "dask", table).select(want.columns))


def test_unreachable_scheduler_is_one_line(tmp_path):
    result = simulate(
        tmp_path, "x", "-n", "5", "--backend", "dask", "--scheduler", f"tcp://127.0.0.1:{free_port()}"
    )
    assert result.exit_code == 2 and result.output.startswith("error: --scheduler tcp://127.0.0.1:")
    assert not (tmp_path / "x").exists(), "nothing may be written when the cluster cannot be reached"


def test_ray_local_cluster_gives_the_local_result(tmp_path):
    """ray.init starts a local ray instance on this machine; the run shuts it down again."""
    pytest.importorskip("ray")
    assert simulate(tmp_path, "local", *ARGS, "--jobs", "1").exit_code == 0
    result = simulate(tmp_path, "ray", *ARGS, "--backend", "ray", "--jobs", "2")
    assert result.exit_code == 0, result.output
    for table in ("games", "players", "events", "errors"):
        want = read_sorted(tmp_path / "local", table)
        assert_frame_equal(want, read_sorted(tmp_path / "ray", table).select(want.columns))
