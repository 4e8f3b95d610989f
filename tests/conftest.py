"""Shared fixtures: the Pig fixture game registered under the name 'pig' for kernel and CLI tests."""

from __future__ import annotations

import pytest

from cardlab.simulate import games
from cardlab.strategies import registry
from tests import toygame

games.register(toygame.GAME)
registry.register("pig", toygame.STRATEGIES)


@pytest.fixture
def cli_runner():
    from click.testing import CliRunner

    return CliRunner()
