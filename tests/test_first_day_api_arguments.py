"""The library's functions given what the command line cannot give: a sweep with no vary played one run
and called it a sweep; derive_four_souls_horizon(players=3) was an AttributeError; cards_check(5) said
"5: no such file or folder". Each is one UserError naming the argument."""

from __future__ import annotations

import pytest

import cardlab.api as cl


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda tmp: cl.sweep("gosu-x", [], games=2, out=tmp),
            "sweep: give at least one vary (e.g. --vary '",
        ),
        (
            lambda tmp: cl.derive_four_souls_horizon(5, 1, players=3, out=tmp / "h.json"),
            "players must be a text, got 3",
        ),
        (lambda tmp: cl.cards_check(5), "path must be a path (text or pathlib.Path), got 5"),
        (lambda tmp: cl.cards_check("decklists/gosu_x", 2), "game_name must be a text or None, got 2"),
    ],
)
def test_a_python_callers_odd_argument_is_one_user_error(tmp_path, call, message):
    with pytest.raises(cl.UserError) as caught:
        call(tmp_path)
    assert str(caught.value).startswith(message), caught.value
    assert not any(tmp_path.iterdir())  # nothing written
