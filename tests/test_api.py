"""The Python API (cardlab.api) and the command line give identical results: the same Parquet content
for simulate and sweep, the same text for report, compare and replay (issue 17, item 1); a run opens
as Polars frames and SQL; bad input raises one UserError whose message is the CLI's line."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest
from click.testing import CliRunner

import cardlab.api as cl
from cardlab.analysis.compare import compare
from cardlab.cli import cli
from cardlab.simulate.core.runformat import TABLES, Manifest
from tests.kernel_helpers import read_sorted

GX = ("gosu-x", "-n", "40", "--seed", "3", "-j", "1", "-q")


def _cli(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def content_hash(run: Path) -> str:
    """The Parquet content of a run (every table, canonical order, wall-clock columns dropped)."""
    digest = hashlib.sha256()
    for table in TABLES:
        digest.update(read_sorted(run, table).write_json().encode())
    return digest.hexdigest()[:16]


@pytest.fixture(scope="module")
def pair(tmp_path_factory):
    """One Gosu X run made by the CLI and the same made by the API."""
    tmp = tmp_path_factory.mktemp("api")
    _cli("simulate", *GX, "--out", str(tmp / "cli"), "--name", "gx")
    run = cl.simulate("gosu-x", games=40, seed=3, jobs=1, out=tmp / "api", name="gx")
    return tmp / "cli" / "gx", run


def test_simulate_writes_the_same_games_as_the_cli(pair):
    cli_run, run = pair
    assert content_hash(run.path) == content_hash(cli_run)
    assert run.manifest.config_hash == cl.open_run(cli_run).manifest.config_hash


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        (("four-souls", "-p", "2", "--set", "Gurdy.hp=8"), {"players": 2, "set": ["Gurdy.hp=8"]}),
        (("hidden-reason", "--boss-hp-per-player", "25"), {"boss_hp_per_player": 25}),
    ],
)
def test_game_options_reach_the_game_as_from_the_cli(tmp_path, args, kwargs):
    _cli("simulate", *args, "-n", "20", "--seed", "5", "-j", "1", "-q", "--out", str(tmp_path), "--name", "c")
    run = cl.simulate(args[0], games=20, seed=5, jobs=1, out=tmp_path, name="a", **kwargs)
    assert content_hash(run.path) == content_hash(tmp_path / "c")
    assert run.manifest.options == cl.open_run(tmp_path / "c").manifest.options


def test_report_text_is_the_cli_text(pair):
    cli_run, run = pair
    printed = _cli("report", str(cli_run))
    built = cl.report(run.path)
    assert printed.startswith(str(built)) and printed[len(str(built)) :].startswith("\nwrote ")
    assert built.files == (run.path / "report.md", run.path / "report.html")
    assert str(cl.report(run, write=False)) == str(built)


def test_compare_text_is_the_cli_text(pair):
    cli_run, run = pair
    assert cl.compare(cli_run, run.path, "clans") == _cli(
        "compare", str(cli_run), str(run.path), "--by", "clans"
    )
    figures = compare(run, cl.open_run(cli_run), "clans")
    assert figures.differences == []  # the same games: nothing differs


def test_replay_text_is_the_cli_text(pair):
    cli_run, run = pair
    logged = cl.replay(run, 7)
    assert logged.text == _cli("replay", str(cli_run), "--game", "7") and logged.exit_code == 0
    live = cl.replay(run.path, seed=12345)
    assert live.text == _cli("replay", str(cli_run), "--seed", "12345")
    assert live.lines[0] == "seed 12345 (not a game of this run; seating of game 0), played live"


def test_sweep_matches_the_cli(tmp_path):
    vary = "boss-hp-per-player=20..30:10"
    common = ["-n", "20", "-s", "sensible,racer", "-j", "1", "-q", "--name", "sw"]
    printed = _cli("sweep", "hidden-reason", "--vary", vary, *common, "--out", str(tmp_path / "cli"))
    made = cl.sweep(
        "hidden-reason", vary, games=20, strategy="sensible,racer", jobs=1, out=tmp_path / "api", name="sw"
    )
    assert [p.name for p in made.runs] == ["p000-boss-hp-per-player=20", "p001-boss-hp-per-player=30"]
    for point in made.runs:
        assert content_hash(point) == content_hash(tmp_path / "cli" / "sw" / point.name)
    report = str(made.report)
    assert report in printed and report.replace(str(tmp_path / "api"), "") == report  # no paths inside
    assert (made.path / "sweep.json").read_text() == (tmp_path / "cli" / "sw" / "sweep.json").read_text()


def test_a_run_opens_as_frames_sql_and_a_typed_manifest(pair):
    _, run = pair
    assert isinstance(run.manifest, Manifest) and run.manifest.game == "gosu-x"
    games = run.games.collect()
    assert games.height == run.totals["games"] == 40
    assert run.players.collect().height == 40 * run.manifest.n_players
    assert isinstance(run.events, pl.LazyFrame)
    assert run.events.select(pl.len()).collect().item() == run.totals["events"]
    wins = run.sql("SELECT strategy, sum(win_share) AS wins FROM players GROUP BY strategy")
    assert wins["wins"].sum() == pytest.approx(40 - games["draw"].sum())  # one win per decided game
    assert run.sql("SELECT count(*) AS n FROM games WHERE turns > ?", [0])["n"].item() == 40
    assert "gosu-x, 40 of 40 games" in repr(run)


@pytest.mark.parametrize(
    ("call", "cli_args"),
    [
        (lambda tmp: cl.simulate("nope", out=tmp), ["simulate", "nope"]),
        (lambda tmp: cl.simulate("gosu-x", players=5, out=tmp), ["simulate", "gosu-x", "-p", "5"]),
        (lambda tmp: cl.simulate("gosu-x", jobs=0, out=tmp), ["simulate", "gosu-x", "-j", "0"]),
        (lambda tmp: cl.simulate("gosu-x", name="a/b", out=tmp), ["simulate", "gosu-x", "--name", "a/b"]),
        (
            lambda tmp: cl.simulate("gosu-x", until_ci=0.1, sprt="a,b,0.1", out=tmp),
            ["simulate", "gosu-x", "--until-ci", "0.1", "--sprt", "a,b,0.1"],
        ),
        (lambda tmp: cl.report(tmp / "missing"), ["report", "{tmp}/missing"]),
        (lambda tmp: cl.report(tmp, level=0.2), ["report", "{tmp}", "--level", "0.2"]),
        (lambda tmp: cl.open_run(tmp), ["verify", "{tmp}"]),
        (lambda tmp: cl.cards_check(tmp / "x.yaml"), ["cards", "check", "{tmp}/x.yaml"]),
        (lambda tmp: cl.bench("gosu-x", games_per=0), ["bench", "gosu-x", "--games-per", "0"]),
    ],
)
def test_bad_input_raises_the_line_the_cli_prints(tmp_path, call, cli_args):
    with pytest.raises(cl.UserError) as caught:
        call(tmp_path)
    result = CliRunner().invoke(cli, [a.replace("{tmp}", str(tmp_path)) for a in cli_args])
    assert result.exit_code == 2
    assert result.output.strip().splitlines()[-1] == f"error: {caught.value}"
    assert not (tmp_path / "latest").exists()


def test_an_unknown_game_option_is_one_line(tmp_path):
    with pytest.raises(cl.UserError, match=r"gosu-x: no option 'clanz' \(options: "):
        cl.simulate("gosu-x", clanz=3, out=tmp_path)
    with pytest.raises(cl.UserError, match=r"--variant: 'nope' is not one of standard"):
        cl.simulate("four-souls", variant="nope", out=tmp_path)


MIRROR = "mirror must be True or False, got 'no'"
ECHO = "echo must be a function of one text, such as print or cl.say, got "


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda tmp: cl.simulate("gosu-x", games="20", out=tmp), "games must be a whole number, got '20'"),
        (lambda tmp: cl.simulate("gosu-x", games=20.5, out=tmp), "games must be a whole number, got 20.5"),
        (lambda tmp: cl.simulate("gosu-x", seed=None, out=tmp), "seed must be a whole number, got None"),
        (
            lambda tmp: cl.simulate("gosu-x", players="2", out=tmp),
            "players must be a whole number or None, got '2'",
        ),
        # a flag given as text was true whatever it said; events="no" wrote a manifest no command could read
        (lambda tmp: cl.simulate("gosu-x", events="no", out=tmp), "events must be True or False, got 'no'"),
        (
            lambda tmp: cl.simulate("gosu-x", with_unimplemented="no", out=tmp),
            "with_unimplemented must be True or False, got 'no'",
        ),
        (
            lambda tmp: cl.simulate("hidden-reason", boss_hp_per_player="30", out=tmp),
            "boss_hp_per_player must be a whole number, got '30'",
        ),
        (
            lambda tmp: cl.simulate("gosu-x", until_ci="0.1", out=tmp),
            "until_ci must be a number or None, got '0.1'",
        ),
        (lambda tmp: cl.report(tmp, level="0.9"), "level must be a number, got '0.9'"),
        (lambda tmp: cl.replay(tmp, "0"), "game must be a whole number or None, got '0'"),
        (lambda tmp: cl.bench("gosu-x", games_per="5"), "games_per must be a whole number, got '5'"),
        (
            lambda tmp: cl.simulate("gosu-x", strategy=3, out=tmp),
            "strategy must be a text or a list of texts, got 3",
        ),
        (lambda tmp: cl.open_run(None), "path must be a path (text or pathlib.Path), got None"),
        # a game's text option, a name, a path or a rule of the wrong type: one line, not a TypeError
        (lambda tmp: cl.simulate("gosu-x", combat_values=5, out=tmp), "combat_values must be a text, got 5"),
        (lambda tmp: cl.simulate("gosu-x", cards=5, out=tmp), "cards must be a text, got 5"),
        (lambda tmp: cl.simulate("four-souls", characters=5, out=tmp), "characters must be a text, got 5"),
        (lambda tmp: cl.simulate("hidden-reason", decks=5, out=tmp), "decks must be a text, got 5"),
        (lambda tmp: cl.simulate("gosu-x", name=5, out=tmp), "name must be a text or None, got 5"),
        (lambda tmp: cl.simulate("gosu-x", out=5), "out must be a path (text or pathlib.Path), got 5"),
        (lambda tmp: cl.simulate("gosu-x", sprt=5, out=tmp), "sprt must be a text or None, got 5"),
        (lambda tmp: cl.report(5), "path must be a path (text or pathlib.Path), got 5"),
        (lambda tmp: cl.compare(5, tmp), "run_a must be a path (text or pathlib.Path), got 5"),
        (lambda tmp: cl.verify(5), "path must be a path (text or pathlib.Path), got 5"),
        (lambda tmp: cl.meta(tmp, field=5), "field must be a text or None, got 5"),
        (lambda tmp: cl.duel_report(5), "folders must be a text or a list of texts, got 5"),
        (lambda tmp: cl.derive_gosu_x_draft(5), "run must be a path (text or pathlib.Path), got 5"),
        (lambda tmp: cl.replay(tmp, 0, events="no"), "events must be True or False, got 'no'"),
        # mirror="no": refused, not a ladder played mirrored, nor simulate's half-written run folder
        (
            lambda tmp: cl.simulate("gosu-x", strategy="sensible,random", mirror="no", out=tmp),
            "mirror must be True or False, got 'no'",
        ),
        (lambda tmp: cl.sweep("gosu-x", "combat-values=2,3,5/1,3,5", mirror="no", out=tmp), MIRROR),
        (lambda tmp: cl.ladder("gosu-x", "sensible,random", games=2, mirror="no", out=tmp), MIRROR),
        (lambda tmp: cl.robust("gosu-x", "sensible,random", mirror="no", out=tmp), MIRROR),
        # an echo that is no function was a TypeError after the games were played
        (lambda tmp: cl.simulate("gosu-x", games=2, echo=3, out=tmp), ECHO + "3"),
        (lambda tmp: cl.duel("gosu-x", "sensible,random", games=2, echo="x", out=tmp), ECHO + "'x'"),
        (
            lambda tmp: cl.soak("gosu-x", players="2", out=tmp),
            "players must be a whole number or a list of them, got '2'",
        ),
        (
            lambda tmp: cl.soak("gosu-x", players=[2, "3"], out=tmp),
            "players[1] must be a whole number, got '3'",
        ),
        (lambda tmp: cl.soak("gosu-x", strategy=3, out=tmp), "strategy must be a text, got 3"),
        # the file a derive writes: a TypeError after the table was computed
        (
            lambda tmp: cl.derive_gosu_x_draft(tmp, out=5),
            "out must be a path (text or pathlib.Path) or None, got 5",
        ),
        (
            lambda tmp: cl.derive_draft_table(tmp, out=5),
            "out must be a path (text or pathlib.Path) or None, got 5",
        ),
        # games="5" was "--games must be a whole number ≥ 5, got '5'"; seed=-1 played games of some seed
        (
            lambda tmp: cl.derive_four_souls_horizon("5", 1, out=tmp / "h.json"),
            "games must be a whole number, got '5'",
        ),
        (
            lambda tmp: cl.derive_four_souls_horizon(5, -1, out=tmp / "h.json"),
            "--seed must be between 0 and 2**128-1, got -1",
        ),
        (
            lambda tmp: cl.derive_four_souls_horizon(5, "1", out=tmp / "h.json"),
            "seed must be a whole number, got '1'",
        ),
    ],
)
def test_a_python_value_of_the_wrong_type_is_one_line(tmp_path, call, message):
    """One line each, never a TypeError from deep inside the runner, stopping rules or report."""
    with pytest.raises(cl.UserError) as caught:
        call(tmp_path)
    assert str(caught.value) == message
    assert not any(tmp_path.iterdir())


def test_every_function_that_reads_a_run_takes_the_run_it_was_given(pair, tmp_path):
    """A notebook holds the ``Run`` that ``simulate`` returned: ``report``, ``compare`` and ``replay`` took
    it, but ``verify``, ``meta`` and the derives refused it ("path must be a path …, got <Run …>"), and a
    run name given as a ``pathlib.Path`` was a TypeError. Each gives what it gives for the folder."""
    _, run = pair
    assert cl.verify(run).lines() == cl.verify(run.path).lines()
    assert cl.meta(run) == cl.meta(str(run.path))
    _, by_run = cl.derive_gosu_x_draft(run, out=tmp_path / "a.json")
    _, by_path = cl.derive_gosu_x_draft(run.path, out=tmp_path / "b.json")
    assert by_run == by_path
    named = cl.simulate("gosu-x", games=2, jobs=1, out=tmp_path, name=Path("named"))
    assert named.path == tmp_path / "named" and named.manifest.n_games == 2


def test_numpy_numbers_play_the_games_their_python_numbers_play(tmp_path):
    """The checks take NumPy's integers as whole numbers (``for seed in np.arange(3)``), but
    ``games=np.int64(2)`` then failed writing the manifest ("Object of type int64 is not JSON
    serializable"): they reach the run as Python numbers, and play the same games."""
    import numpy as np

    plain = cl.simulate("hidden-reason", games=4, seed=7, players=2, jobs=1, out=tmp_path, name="plain",
                        boss_hp_per_player=30)  # fmt: skip
    numpy = cl.simulate("hidden-reason", games=np.int64(4), seed=np.uint64(7), players=np.int32(2), jobs=1,
                        out=tmp_path, name="numpy", boss_hp_per_player=np.int64(30))  # fmt: skip
    assert content_hash(numpy.path) == content_hash(plain.path)
    assert numpy.manifest.config_hash == plain.manifest.config_hash
    assert cl.replay(numpy, np.int64(1)).lines[1:] == cl.replay(plain, 1).lines[1:]  # the first names the run
    with pytest.raises(cl.UserError, match=r"^run must be a path \(text or pathlib.Path\), got 3$"):
        cl.replay(3, 0)  # was a TypeError


def test_runs_started_within_one_second_get_names_of_their_own(tmp_path, monkeypatch):
    """``for seed in range(3): cl.simulate("gosu-x", seed=seed)`` named each run GAME-<second>: the second
    run of the same second was refused ("a run already exists there"). Later ones get -2, -3 …"""
    import datetime
    import types

    class Frozen(datetime.datetime):
        @classmethod
        def now(cls, tz=None):
            return cls(2026, 11, 29, 12, 0, 0)

    monkeypatch.setattr(cl, "dt", types.SimpleNamespace(datetime=Frozen))
    runs = [cl.simulate("gosu-x", games=2, seed=seed, jobs=1, out=tmp_path) for seed in range(3)]
    assert [run.path.name for run in runs] == [
        "gosu-x-20261129-120000",
        "gosu-x-20261129-120000-2",
        "gosu-x-20261129-120000-3",
    ]
    assert [run.manifest.run_seed for run in runs] == [0, 1, 2]
    assert (tmp_path / "latest").resolve() == runs[-1].path.resolve()


def test_a_seed_out_of_range_is_one_message_wherever_it_is_typed(tmp_path):
    """Three checks said it three ways ("0 or more", "between 0 and 2**128-1"), and `derive
    four-souls-horizon --seed -1` checked nothing: one line, exit 2, nothing written."""
    message = "error: --seed must be between 0 and 2**128-1, got -1\n"
    out = tmp_path / "h.json"
    for args in (
        ["simulate", "gosu-x", "-n", "2", "--seed", "-1", "--out", str(tmp_path)],
        [
            "duel",
            "gosu-x",
            "-s",
            "sensible",
            "-s",
            "random",
            "-n",
            "2",
            "--seed",
            "-1",
            "--out",
            str(tmp_path),
        ],
        ["derive", "four-souls-horizon", "--games", "5", "--seed", "-1", "--out", str(out)],
    ):
        result = CliRunner().invoke(cli, args)
        assert (result.exit_code, result.output) == (2, message), args
    assert not any(tmp_path.iterdir())


def test_replay_needs_exactly_one_of_game_and_seed(pair):
    _, run = pair
    with pytest.raises(cl.UserError, match="exactly one of --game N or --seed S"):
        cl.replay(run)
    with pytest.raises(cl.UserError, match=r"--game 40: the run has games 0\.\.39"):
        cl.replay(run, 40)


def test_import_cardlab_stays_light():
    code = (
        "import sys, cardlab; assert 'cardlab.api' not in sys.modules and 'polars' not in sys.modules; "
        "assert cardlab.open_run is cardlab.api.open_run and cardlab.Run.__name__ == 'Run'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
