"""A notebook passes ``echo=print``; print has no ``err`` keyword, so passing it one made the first note
(a failed game, a sweep's coinciding points) a TypeError after the games were played. Any function of one
text gets every line; one with an ``err`` keyword still gets ``err=True`` for the notes."""

from __future__ import annotations

import cardlab.api as cl


def test_print_as_echo_gets_the_failed_games_line(tmp_path, capsys):
    run = cl.simulate("pig", games=30, seed=4, jobs=1, crash_every=13, out=tmp_path, name="p", echo=print)
    out = capsys.readouterr().out
    assert run.path.name == "p"
    assert " failed: see " in out.splitlines()[-1], out


def test_a_list_append_as_echo_gets_a_sweep_note(tmp_path):
    lines: list[str] = []
    cl.sweep(
        "four-souls",
        "ratio-count=curse={5..6}",
        games=2,
        players=2,
        jobs=1,
        ratio="official",
        fill="smaller",
        out=tmp_path,
        name="s",
        echo=lines.append,
    )
    assert any("build the same decks: they will play identical games" in line for line in lines), lines


def test_an_echo_with_err_still_gets_err_for_the_notes(tmp_path):
    seen: list[tuple[str, bool]] = []
    cl.simulate(
        "pig",
        games=30,
        seed=4,
        jobs=1,
        crash_every=13,
        out=tmp_path,
        name="p",
        echo=lambda text, err=False: seen.append((text, err)),
    )
    assert [err for text, err in seen if " failed: see " in text] == [True]
    assert not any(err for text, err in seen if " failed: see " not in text)
