"""Starting Ray for `--backend ray`: a local instance that dies while starting is started once more; a
second failure, or a cluster that cannot be reached, is one line (runner._ray_start). No Ray needed: a
stand-in records the calls."""

from __future__ import annotations

import pytest

from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.runner import _ray_start


class RayletDied(RuntimeError):
    pass


class FakeRay:
    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.inits: list[dict] = []
        self.shutdowns = 0

    def init(self, **kwargs):
        self.inits.append(kwargs)
        if len(self.inits) <= self.failures:
            raise RayletDied("the raylet died\nwith a long traceback below")

    def shutdown(self) -> None:
        self.shutdowns += 1


def test_a_local_instance_that_dies_starting_is_started_once_more():
    ray = FakeRay(failures=1)
    _ray_start(ray, None, 2)
    assert len(ray.inits) == 2 and ray.shutdowns == 1
    assert ray.inits[-1]["num_cpus"] == 2 and ray.inits[-1]["address"] is None


def test_a_local_instance_that_dies_twice_is_one_line():
    ray = FakeRay(failures=2)
    with pytest.raises(UserError) as err:
        _ray_start(ray, None, 2)
    assert str(err.value) == (
        "--backend ray (a local instance): Ray did not start after 2 tries (RayletDied: the raylet died)"
    )
    assert len(ray.inits) == 2 and ray.shutdowns == 2


def test_a_cluster_that_cannot_be_reached_is_not_retried():
    ray = FakeRay(failures=1)
    with pytest.raises(UserError) as err:
        _ray_start(ray, "ray://10.0.0.1:10001", None)
    assert (
        str(err.value) == "--scheduler ray://10.0.0.1:10001: Ray did not start (RayletDied: the raylet died)"
    )
    assert len(ray.inits) == 1 and ray.inits[0]["num_cpus"] is None


def test_a_start_that_works_is_one_call():
    ray = FakeRay(failures=0)
    _ray_start(ray, None, 3)
    assert len(ray.inits) == 1 and ray.shutdowns == 0
