"""A new user's first day: what they type after the README, and what they then trip on.

Every command's --help ends with an example whose options exist; a card file copied out of decklists/ is
checked without --game; a broken one says its YAML line; a resume with other options names them; a
file that cannot be written names the file asked for; a pipe closed early is no error."""

from __future__ import annotations

import gc
import shlex
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import cardlab.api as cl
from cardlab.cli import cli
from cardlab.help_examples import example
from tests.kernel_helpers import simulate
from tests.terminal import on_a_terminal

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["four-souls", "gosu-x", "hidden-reason"]


def _commands(group: click.Group = cli, path: str = "") -> list[tuple[str, str | None]]:
    """Every command path, and each game command of the groups made per game."""
    found: list[tuple[str, str | None]] = [(path, None)]
    for name, command in group.commands.items():
        sub = f"{path} {name}".strip()
        if isinstance(command, click.Group) and not command.commands:  # one subcommand per game
            found += [(sub, None)] + [(sub, game) for game in GAMES]
        elif isinstance(command, click.Group):
            found += _commands(command, sub)
        else:
            found.append((sub, None))
    return found


@pytest.mark.parametrize(("path", "game"), _commands())
def test_every_help_ends_with_an_example_whose_options_exist(path, game):
    words = [*path.split(), *([game] if game else [])]
    shown = CliRunner().invoke(cli, [*words, "--help"])
    text = example(path, game)
    assert shown.exit_code == 0 and "Example:" in shown.output and text in shown.output, shown.output
    typed = shlex.split(text.split(" && ")[0])[1:]  # without "cardlab"
    # with --help last every option is parsed (an unknown one is exit 2), nothing runs
    parsed = CliRunner().invoke(cli, [*typed, "--help"])
    assert parsed.exit_code == 0, f"{text}: {parsed.output}"


@pytest.mark.parametrize(
    "source",
    [
        "gosu_x/xian.yaml",
        "four_souls/loot.yaml",
        "four_souls/ratios/official.yaml",
        "hidden_reason/cards/synth.yaml",
        "hidden_reason/decks/synth_swarm.yaml",
    ],
)
def test_a_copied_card_file_is_checked_without_naming_its_game(tmp_path, source):
    copy = tmp_path / "mine.yaml"
    copy.write_bytes((ROOT / "decklists" / source).read_bytes())
    result = CliRunner().invoke(cli, ["cards", "check", str(copy)])
    assert result.exit_code == 0, result.output


def test_a_broken_copied_card_file_says_its_yaml_line_not_which_game(tmp_path):
    copy = tmp_path / "mine.yaml"
    copy.write_text("clan: Xian\ncards:\n  - {name: X, level: [1\n")
    result = CliRunner().invoke(cli, ["cards", "check", str(copy)])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"error: {copy}:4: YAML syntax error: did not find expected ',' or ']'"
    ]


def test_a_file_of_no_game_still_asks_for_game(tmp_path):
    other = tmp_path / "notes.yaml"
    other.write_text("hello: world\n")
    result = CliRunner().invoke(cli, ["cards", "check", str(other)])
    assert result.exit_code == 2 and "cannot tell which game" in result.output


def test_a_resume_with_other_options_names_them_not_the_config_hash(tmp_path):
    assert simulate(tmp_path, "r", "-n", "4", "-j", "1").exit_code == 0
    result = simulate(tmp_path, "r", "-n", "4", "-j", "1", "-p", "3", "--target", "20", "--resume")
    assert result.exit_code == 2
    line = result.output.strip()
    assert "n_players: the run has 2, this command gives 3" in line and "target: the run has 30" in line, line
    assert "config_hash" not in line


def test_an_unwritable_replay_page_names_the_file_asked_for(tmp_path):
    assert simulate(tmp_path, "r", "-n", "2", "-j", "1").exit_code == 0
    page = tmp_path / "no-such-folder" / "game.html"
    result = CliRunner().invoke(cli, ["replay", str(tmp_path / "r"), "--game", "0", "--html", str(page)])
    assert result.exit_code == 2
    assert result.output.strip().splitlines()[-1] == f"error: {page}: No such file or directory"


def test_a_pipe_closed_early_is_no_error(monkeypatch):
    """`cardlab games | head -1`: the reader left, so writing raises BrokenPipeError; click ends quietly
    (exit 1), with no 'error: Broken pipe' line."""
    echo = click.echo

    def closed_pipe(message=None, file=None, nl=True, err=False, color=None):
        if not err:
            raise BrokenPipeError(32, "Broken pipe")
        echo(message, file=file, nl=nl, err=err, color=color)

    monkeypatch.setattr(click, "echo", closed_pipe)
    result = CliRunner().invoke(cli, ["games"])
    assert result.exit_code == 1 and "error" not in result.output, result.output


def test_every_function_a_command_calls_is_in_the_api_doc():
    """Every command is a thin shell over a public function, and docs/api.md shows both."""
    import re

    called = set(re.findall(r"\bapi\.([a-z]\w*)\(", (ROOT / "cardlab" / "cli.py").read_text()))
    listed = (ROOT / "docs" / "api.md").read_text()
    assert called and not [name for name in sorted(called) if f"`{name}(" not in listed]


@pytest.mark.parametrize(
    ("seed", "message"), [(-1, "got -1"), (2**200, "got 1606938044258990275541962092341")]
)
def test_a_replay_seed_out_of_range_is_one_line(tmp_path, seed, message):
    assert simulate(tmp_path, "r", "-n", "2", "-j", "1").exit_code == 0
    result = CliRunner().invoke(cli, ["replay", str(tmp_path / "r"), "--seed", str(seed)])
    assert result.exit_code == 2
    assert (
        result.output.strip().startswith("error: --seed must be between 0 and 2**128-1, ")
        and message in result.output
    )


def test_a_replay_seed_beyond_any_game_seed_plays_live(tmp_path):
    assert simulate(tmp_path, "r", "-n", "2", "-j", "1").exit_code == 0
    result = CliRunner().invoke(cli, ["replay", str(tmp_path / "r"), "--seed", str(2**127 + 5)])
    assert result.exit_code == 0 and "played live" in result.output, result.output


@pytest.mark.parametrize("cut", ["lost", "torn"])
def test_a_complete_run_missing_batch_records_is_damaged_not_reported(tmp_path, cut):
    """A complete run whose batches.jsonl was lost (or cut mid-line) kept its parts but not their
    records: verify exits 1 naming the batches, report refuses it, --resume replays them."""
    assert simulate(tmp_path, "r", "-n", "4", "-j", "1", "--batch-size", "2").exit_code == 0
    records = tmp_path / "r" / "batches.jsonl"
    if cut == "lost":
        records.unlink()
    else:
        records.write_bytes(records.read_bytes()[:-10])  # the last line torn: batch 1 unrecorded
    shown = CliRunner().invoke(cli, ["verify", str(tmp_path / "r")])
    assert (
        shown.exit_code == 1
        and "batch 1: not recorded in batches.jsonl, though the run is complete" in shown.output
    )
    report = CliRunner().invoke(cli, ["report", str(tmp_path / "r")])
    assert report.exit_code == 2 and "damaged batch" in report.output, report.output
    assert simulate(tmp_path, "r", "-n", "4", "-j", "1", "--batch-size", "2", "--resume").exit_code == 0
    assert CliRunner().invoke(cli, ["verify", str(tmp_path / "r")]).exit_code == 0


def test_a_run_name_with_a_newline_is_refused(tmp_path):
    result = simulate(tmp_path, "a\nb", "-n", "2", "-j", "1")
    assert result.exit_code == 2 and "a run name must be printable" in result.output
    assert not any(tmp_path.iterdir())


def test_checking_a_device_says_what_it_is(tmp_path):
    result = CliRunner().invoke(cli, ["cards", "check", "/dev/zero"])
    assert result.exit_code == 2 and "not a regular file" in result.output, result.output


def test_verify_of_a_folder_of_runs_checks_each_run(tmp_path):
    """`cardlab report` reads a sweep (any folder of runs); `cardlab verify` said it was no run folder."""
    sweep = ["sweep", "pig", "--vary", "target=20,30", "-n", "2", "-j", "1", "-q", "--out", str(tmp_path)]
    assert CliRunner().invoke(cli, [*sweep, "--name", "sw"]).exit_code == 0
    shown = CliRunner().invoke(cli, ["verify", str(tmp_path / "sw")])
    assert shown.exit_code == 0 and shown.output.startswith(
        f"{tmp_path / 'sw'}: a folder of 2 runs, 0 damaged"
    )
    (tmp_path / "sw" / "p001-target=30" / "batches.jsonl").unlink()
    shown = CliRunner().invoke(cli, ["verify", str(tmp_path / "sw")])
    assert shown.exit_code == 1 and "a folder of 2 runs, 1 damaged" in shown.output, shown.output


@pytest.mark.parametrize("path", ["", "simulate", "sweep", "cards", "derive", "ladder", "tune"])
def test_a_bare_command_shows_its_help(path):
    """`cardlab` alone — a new user's first command — and a group without its subcommand show the help as
    `--help` does, never as one escaped error line ("error: Usage: cardlab …\\n\\n  Monte Carlo…"), exit 2."""
    result = CliRunner().invoke(cli, path.split())
    assert result.exit_code == 0, result.output
    assert result.output == CliRunner().invoke(cli, [*path.split(), "--help"]).output


def test_a_folder_of_several_games_runs_reports_each_game_apart(tmp_path):
    """`cardlab report results/` over runs of two games gives each game its own part, never a Gosu X run
    beside a Pig run in one win-rate table (or one first-player or length table)."""
    assert simulate(tmp_path, "pg", "-n", "4", "-j", "1").exit_code == 0
    gosu = ["simulate", "gosu-x", "-n", "2", "-j", "1", "-q", "--out", str(tmp_path), "--name", "gx"]
    assert CliRunner().invoke(cli, gosu).exit_code == 0
    result = CliRunner().invoke(cli, ["report", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "games: gosu-x (1 run), pig (1 run)" in result.output
    report = cl.report(tmp_path, write=False)
    other = {"gosu-x": "pg", "pig": "gx"}
    assert {s.title.split(":")[0] for s in report.sections} == {"gosu-x", "pig"}
    for section in report.sections:
        cells = {str(c) for row in section.frame.iter_rows() for c in row} | set(section.frame.columns)
        assert other[section.title.split(":")[0]] not in cells, section.title
    pngs = sorted(p.name for p in tmp_path.glob("*.png"))
    assert pngs and all(name.startswith(("gosu-x_", "pig_")) for name in pngs), pngs


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def test_a_report_stopped_part_way_leaves_the_older_report_whole(tmp_path, monkeypatch):
    """A report stopped part-way (Ctrl-C, a kill) must not have rewritten plots and tables beside the older
    report.md: they wait in a staging folder and move in with the new report.md."""
    from cardlab.analysis import report as reports

    assert simulate(tmp_path, "r", "-n", "40", "-j", "1").exit_code == 0
    run = tmp_path / "r"
    assert CliRunner().invoke(cli, ["report", str(run)]).exit_code == 0
    before = _files(run)

    def stop(*args, **kwargs):
        raise KeyboardInterrupt  # after the win-rate, seat and length plots were made

    monkeypatch.setattr(reports, "end_reason_section", stop)
    result = CliRunner().invoke(cli, ["report", str(run), "--level", "0.8"])
    assert result.exit_code == 130, result.output  # stopped by Ctrl-C
    assert _files(run) == before
    assert not [p.name for p in run.iterdir() if p.name.startswith(".report-")]


def test_a_killed_reports_leftovers_go_and_an_unwritten_report_writes_nothing(tmp_path):
    """A report killed outright leaves its staging folder; the next report written of the folder removes
    it. A report built with write=False writes nothing into the folder (it wrote every plot and table);
    nor removes anything from it (it may be read-only)."""
    assert simulate(tmp_path, "r", "-n", "20", "-j", "1").exit_code == 0
    run = tmp_path / "r"
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    left = run / f".report-{gone.pid}-killed"
    left.mkdir()
    (left / "seats.png").write_bytes(b"half a plot")
    before = sorted(p.name for p in run.iterdir())
    report = cl.report(run, write=False)
    assert "Win rate" in str(report) and sorted(p.name for p in run.iterdir()) == before
    assert CliRunner().invoke(cli, ["report", str(run)]).exit_code == 0 and not left.exists()
    before = sorted(p.name for p in run.iterdir())
    report = cl.report(run, write=False)
    del report
    gc.collect()
    assert sorted(p.name for p in run.iterdir()) == before


def test_a_column_given_twice_to_by_is_one_table(tmp_path):
    """`--by strategy --by strategy` prints the table (and draws its plot) once."""
    assert simulate(tmp_path, "r", "-n", "4", "-j", "1").exit_code == 0
    result = CliRunner().invoke(cli, ["report", str(tmp_path / "r"), "--by", "strategy", "--by", "strategy"])
    assert result.exit_code == 0 and result.output.splitlines().count("Win rate by strategy") == 1


def test_an_empty_character_name_is_one_line(tmp_path):
    """`--characters ,Isaac` (seat 0 random, seat 1 Isaac, as typed) is one line: dropping the empty name
    would sit Isaac in seat 0."""
    args = ["simulate", "four-souls", "-p", "2", "-n", "2", "-j", "1", "-q", "--out", str(tmp_path)]
    result = CliRunner().invoke(cli, [*args, "--characters", ",Isaac"])
    assert result.exit_code == 2 and result.output.strip().splitlines() == [
        "error: four-souls: --characters ',Isaac': an empty name; name the seats in order from seat 0 "
        "(the seats after the last name get random characters)"
    ]
    assert not any(tmp_path.iterdir())


def test_a_character_name_holding_a_comma_is_one_line(tmp_path):
    """A character named 'Blue, Baby' in a copied card file fails `cards check`: `--characters` (names
    separated by commas) could never choose it."""
    copy = tmp_path / "mine.yaml"
    text = (ROOT / "decklists" / "four_souls" / "characters.yaml").read_text()
    copy.write_text(text.replace('name: "Blue Baby"', 'name: "Blue, Baby"'))
    line = next(i for i, row in enumerate(copy.read_text().splitlines(), 1) if "Blue, Baby" in row)
    result = CliRunner().invoke(cli, ["cards", "check", str(copy)])
    assert result.exit_code == 2
    assert f"{copy}:{line} 'Blue, Baby': field 'name': a character's name cannot hold ','" in result.output


def test_comparing_a_run_with_itself_is_one_line(tmp_path):
    """`compare results/base results/base` (a slip for the changed run) is one line, not a whole comparison
    whose every B − A is 0, exit 0."""
    assert simulate(tmp_path, "r", "-n", "4", "-j", "1").exit_code == 0
    run = tmp_path / "r"
    result = CliRunner().invoke(cli, ["compare", str(run), str(tmp_path / "." / "r")])
    assert result.exit_code == 2 and result.output.strip().splitlines() == [
        f"error: {run} and {tmp_path / '.' / 'r'} are the same run: compare it with a run made with the "
        "change (same --seed)"
    ]


def test_a_folder_of_one_run_varies_nothing(tmp_path):
    """A folder holding one run does not say it 'varies: more than one setting'."""
    assert simulate(tmp_path, "r", "-n", "4", "-j", "1").exit_code == 0
    result = CliRunner().invoke(cli, ["report", str(tmp_path)])
    assert result.exit_code == 0 and "varies: nothing (one run)" in result.output, result.output


@pytest.mark.parametrize("game", GAMES)
def test_a_search_of_unknown_decision_kinds_is_one_line(tmp_path, game):
    """`search:decisions=foo+bar` (kinds the game never asks) and `decisions=action+` (an empty kind) are
    one line: the first would play games in which the search searches nothing, the second action only."""
    for decisions, kind in (("foo+bar", "foo"), ("action+", "")):
        args = ["simulate", game, "-p", "2", "-n", "2", "-j", "1", "-q", "--out", str(tmp_path)]
        result = CliRunner().invoke(cli, [*args, "-s", f"search:decisions={decisions},sensible"])
        lines = result.output.strip().splitlines()
        assert result.exit_code == 2 and len(lines) == 1, result.output
        assert f"search: decisions={decisions}: {kind!r} is not a decision kind of this game" in lines[0]
        assert " action, " in lines[0]  # the game's kinds are listed
        assert not any(tmp_path.iterdir())


def test_a_read_only_run_is_reported_without_writing(tmp_path, monkeypatch):
    """`cardlab.api.report(RUN, write=False)` of a run folder the user cannot write to works: nothing is to
    be written, so it stages in the system's temporary folder, never inside the run."""
    import tempfile

    assert simulate(tmp_path, "r", "-n", "20", "-j", "1").exit_code == 0
    run = tmp_path / "r"
    made = tempfile.mkdtemp

    def read_only(*args, dir=None, **kwargs):  # the run folder refuses new entries, even to root
        if dir is not None and Path(dir).resolve() == run.resolve():
            raise PermissionError(13, "Permission denied", str(dir))
        return made(*args, dir=dir, **kwargs)

    monkeypatch.setattr(tempfile, "mkdtemp", read_only)
    before, stamp = sorted(p.name for p in run.iterdir()), run.stat().st_mtime_ns
    report = cl.report(run, write=False)
    images = [s.image for s in report.sections if s.image is not None]
    assert "Win rate" in str(report) and images and all(p.is_file() for p in images)
    assert sorted(p.name for p in run.iterdir()) == before and run.stat().st_mtime_ns == stamp
    result = CliRunner().invoke(cli, ["report", str(run)])  # writing it is refused in one line
    assert result.exit_code == 2 and result.output.strip().splitlines()[-1].startswith("error: "), (
        result.output
    )
    assert "Permission denied" in result.output.strip().splitlines()[-1]
    del report
    gc.collect()
    assert not any(p.parent == Path(made()).parent and p.exists() for p in images)


def test_a_report_shows_its_steps_on_a_terminal_unless_quiet(tmp_path):
    """`cardlab report` of a large run shows it is working before its tables are ready. Like
    `cardlab simulate`'s bar of games, a bar on stderr names each step (gone when done) when stderr is a
    terminal; --quiet, a captured stderr and a library call show none; the printed report is the same."""
    assert simulate(tmp_path, "r", "-n", "20", "-j", "1").exit_code == 0
    run = tmp_path / "r"
    shown, bar = on_a_terminal(tmp_path, "report", str(run), "--level", "0.9")
    quiet, none = on_a_terminal(tmp_path, "report", str(run), "--level", "0.9", "-q")
    assert "report r:" in bar and "win rates" in bar and "step" in bar, bar
    assert none == "" and shown == quiet
    captured = CliRunner().invoke(cli, ["report", str(run), "--level", "0.9"])
    assert captured.exit_code == 0 and captured.stderr == "" and captured.stdout == quiet
    library = subprocess.run(
        [sys.executable, "-c", f"import cardlab.api as cl; cl.report({str(run)!r}, write=False)"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    assert library.stderr == ""


def test_a_folder_header_quotes_run_names_holding_commas(tmp_path):
    """A folder report's header joins run names with ', ', so runs 'a, b' and 'c' would read as
    'runs: 2: a, b, c'. Run names may hold ',' and '+' (a sweep's point names hold ',' by design: nothing
    parses them back), so the header quotes a name holding anything but letters, digits and . _ = + -."""
    for name in ("a, b", "c", "a+b"):
        assert simulate(tmp_path, name, "-n", "2", "-j", "1").exit_code == 0
    result = CliRunner().invoke(cli, ["report", str(tmp_path), "-q"])
    assert result.exit_code == 0, result.output
    assert "runs: 3: a+b, 'a, b', c" in result.output
    assert "games: a+b 2, 'a, b' 2, c 2" in result.output
    assert "coincide: a+b, 'a, b', c played identical games" in result.output


@pytest.mark.parametrize(
    ("game", "option"),
    [
        ("four-souls", "--characters"),
        ("four-souls", "--ratio"),
        ("four-souls", "--sets"),
        ("four-souls", "--cards"),
        ("gosu-x", "--clans"),
        ("gosu-x", "--cards"),
        ("gosu-x", "--combat-values"),
        ("hidden-reason", "--decks"),
        ("hidden-reason", "--cards"),
    ],
)
def test_a_game_text_option_typed_empty_is_one_line(tmp_path, game, option):
    """`--characters "$SEATS"` with SEATS unset is one line, as `--out ''` is: read as the option left out,
    it would play random characters (`--cards ''` the bundled cards, `--sets ''` Base V2), exit 0."""
    args = ["simulate", game, "-p", "2", "-n", "2", "-j", "1", "-q", "--out", str(tmp_path)]
    result = CliRunner().invoke(cli, [*args, option, ""])
    assert result.exit_code == 2 and result.output.strip().splitlines() == [
        f"error: Invalid value for '{option}': is empty (an unset shell variable?); leave the option out "
        f"for its default (see 'cli simulate {game} --help')"
    ]
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        (
            {"name": ""},
            "--name '': an empty run name (an unset shell variable?); leave --name out for GAME-<time>",
        ),
        ({"sprt": ""}, "--sprt '': expected A,B,DELTA (e.g. sensible,random,0.1)"),
        (
            {"scheduler": "", "backend": "dask"},
            "--scheduler '': empty (an unset shell variable?); leave it out for a local cluster",
        ),
    ],
)
def test_an_empty_name_sprt_or_scheduler_is_refused(tmp_path, setting, message):
    """`--name ''`, `--sprt ''` and `--scheduler ''` are refused: an unset shell variable read as the option
    left out would run under GAME-<time>, with no stop rule, on a local cluster. The API refuses them alike."""
    with pytest.raises(cl.UserError) as refused:
        cl.simulate("pig", games=2, jobs=1, out=tmp_path, **{"name": "r", **setting})
    assert str(refused.value) == message
    flags = [f"--{key}" if value == "" else f"--{key}={value}" for key, value in setting.items()]
    args = [arg for flag in flags for arg in ([flag, ""] if "=" not in flag else [flag])]
    result = CliRunner().invoke(
        cli, ["simulate", "pig", "-n", "2", "-j", "1", "-q", "--out", str(tmp_path), *args]
    )
    assert result.exit_code == 2 and result.output.strip().splitlines() == [f"error: {message}"]
    assert not any(tmp_path.iterdir())


def test_a_ladder_header_quotes_policies_holding_commas(tmp_path):
    """A ladder's header joins its policies with ', ', and a policy's parameters are joined by ',' too, so
    unquoted, 'policies: sensible, search:budget=1,decisions=discard, random' would read as four policies."""
    ladder = ["ladder", "pig", "-s", "hold:at=10", "-s", "hold:at=20", "-s", "random", "-n", "4", "-j", "1"]
    result = CliRunner().invoke(cli, [*ladder, "-q", "--out", str(tmp_path), "--name", "lad"])
    assert result.exit_code == 0, result.output
    assert "policies: 'hold:at=10', 'hold:at=20', random" in result.output


@pytest.mark.parametrize(
    ("game", "command", "values"),
    [("gosu-x", "gosu-x-draft", "clans"), ("four-souls", "draft-table", "characters")],
)
def test_deriving_the_shipped_draft_values_from_a_few_games_is_one_line(tmp_path, game, command, values):
    """`cardlab derive gosu-x-draft RUN` of a 2-game run must not overwrite the draft values the Gosu X
    players ship with (its default --out): every later run's drafts would change on noise. The shipped file
    needs 30 games of each value; --out FILE writes any run's."""
    from cardlab.strategies.four_souls.drafts import DEFAULT_TABLE
    from cardlab.strategies.gosu_x.drafting import VALUES_FILE

    shipped = {p: p.read_bytes() for p in (VALUES_FILE, DEFAULT_TABLE)}
    args = ["simulate", game, "-p", "2", "-n", "2", "-j", "1", "-q", "--out", str(tmp_path), "--name", "r"]
    assert CliRunner().invoke(cli, args).exit_code == 0
    result = CliRunner().invoke(cli, ["derive", command, str(tmp_path / "r")])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
    assert f"{values} have fewer than 30 games" in result.output and "give --out FILE" in result.output
    assert {p: p.read_bytes() for p in shipped} == shipped
    elsewhere = tmp_path / "mine.json"
    result = CliRunner().invoke(cli, ["derive", command, str(tmp_path / "r"), "--out", str(elsewhere)])
    assert result.exit_code == 0 and elsewhere.is_file(), result.output


def test_an_empty_meta_field_is_one_line(tmp_path):
    """`cardlab meta RUN --field "$FIELD"` with FIELD unset is one line, not read as the even field."""
    args = ["simulate", "gosu-x", "-n", "4", "-j", "1", "-q", "--out", str(tmp_path), "--name", "r"]
    assert CliRunner().invoke(cli, args).exit_code == 0
    result = CliRunner().invoke(cli, ["meta", str(tmp_path / "r"), "--field", ""])
    assert result.exit_code == 2 and result.output.strip().splitlines() == [
        "error: --field '': empty (an unset shell variable?); leave it out or give 'even'"
    ]
    with pytest.raises(cl.UserError):
        cl.meta(tmp_path / "r", field=" ")


def test_a_draft_table_of_an_empty_policy_names_it_quoted(tmp_path):
    """`derive draft-table RUN --policy ''` quotes the empty name ("--policy '': …"), which unquoted is
    invisible ("--policy : not in the run")."""
    args = ["simulate", "four-souls", "-p", "2", "-n", "2", "-j", "1", "-q", "--out", str(tmp_path)]
    assert CliRunner().invoke(cli, [*args, "--name", "r"]).exit_code == 0
    derive = ["derive", "draft-table", str(tmp_path / "r"), "--policy", "", "--out", str(tmp_path / "t.json")]
    result = CliRunner().invoke(cli, derive)
    assert result.exit_code == 2 and result.output.strip().splitlines() == [
        "error: --policy '': not in the run (it has sensible)"
    ]
