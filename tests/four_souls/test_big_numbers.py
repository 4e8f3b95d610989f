"""Large card numbers play like any others (issue 16: `--set Gurdy.hp=400` once ended in a RecursionError)."""

from __future__ import annotations

import duckdb
from click.testing import CliRunner

from cardlab.cli import cli


def test_a_400_hp_monster_is_fought_without_error(tmp_path):
    # random play attacks whatever is there; sensible rightly leaves a 400-HP monster alone
    args = ["simulate", "four-souls", "--set", "Gurdy.hp=400", "-n", "12", "-j", "1", "-q", "-s", "random"]
    result = CliRunner().invoke(cli, [*args, "--out", str(tmp_path), "--name", "g"])
    assert result.exit_code == 0, result.output
    assert "0 failed" in result.output
    events = str(tmp_path / "g" / "events" / "*.parquet")
    attacked = duckdb.sql(
        f"SELECT count(*) FROM read_parquet('{events}') WHERE card = 'Gurdy' AND kind = 'attack_target'"
    ).fetchall()[0][0]
    assert attacked >= 1  # the seeds do put the 400-HP Gurdy in front of the players
