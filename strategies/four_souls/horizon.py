"""The search's evaluation at the horizon: a win-share model fitted on seeded games, not pasted weights.

A truncated rollout (``search:horizon=N``) is scored by each seat's estimated chance to win the game from
the position where it was cut. This module fits that estimate: it plays seeded ``sensible`` games, records
every seat's public features at the start of every turn (souls, one soul from winning, cents, loot cards,
items by worth, item count, HP, curses, whose turn it is) and fits a conditional logit over the seats —
P(seat s wins) = exp(w·x_s) / Σ_j exp(w·x_j) — by Newton's method with a small ridge. That is the softmax
the search already scores with (``strategies.search._Cut``), with weights measured on games rather than the
evaluator player's hand-set ones (souls 8, cents 0.3, …), which last session's search followed away from
sensible's plans. The fit holds out the last fifth of its games and reports the held-out log-likelihood
of the fitted weights and of the evaluator's, so the file says whether it is the better judge.

``cardlab derive four-souls-horizon --games N --seed S`` writes ``data/horizon.json`` with its provenance
(command, seed, games, player counts, card data); the search reads it (``load``). ``--features board`` fits
the same model on those features and the board a seat faces (its attack, its roll's bonus, its fights
against the slot monsters: ``board_features``) into ``data/horizon_board.json``: ``search:evaluation=board``.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from cardlab.simulate.core.datafiles import load_json
from cardlab.simulate.core.errors import UserError

from . import reading as rd
from . import valuing as vl

KIND = "four-souls horizon evaluation"
DEFAULT_FILE = Path(__file__).parent / "data" / "horizon.json"
FEATURES = ("souls", "near_win", "cents", "loot", "items", "item_count", "hp", "curses", "to_act")
BOARD_FEATURES = FEATURES + ("atk", "roll_bonus", "reach", "reach_to_act", "best_fight", "two_from_win")
BOARD_FILE = Path(__file__).parent / "data" / "horizon_board.json"
RIDGE = 1.0  # a weak prior toward 0: keeps rare features (curses) from running off on a small sample


def features(view: Any, seat: int, reader: rd.Reader) -> list[float]:
    """One seat's public features (what every player sees, FS-3.3): the model's inputs."""
    items = view.items_of(seat)
    souls = view.souls(seat)
    return [
        float(souls),
        1.0 if view.souls_to_win - souls <= 1 else 0.0,
        float(view.cents_of(seat)),
        float(view.hand_size(seat)),
        sum(reader.item_value(i.ref.printed) for i in items),
        float(len(items)),
        float(view.hp_of(seat)),
        float(len(view.curses_of(seat))),
        1.0 if view.active == seat else 0.0,
    ]


def board_features(view: Any, seat: int, reader: rd.Reader) -> list[float]:
    """``features`` and the board the seat faces (public, FS-3.3), which souls and cents alone do not show:
    its attack (FS-5.2) and next roll's bonus (FS-9.4); ``reach``, the souls within reach — over the slot
    monsters, its chance to win a plain fight against each (``reading.fight_chance``: FS-10.7 to FS-10.9)
    times the souls the monster gives; the same for the seat whose turn it is alone (it can attack now,
    FS-10.2); its best single fight; and two souls from the goal."""
    fights = [(rd.fight_chance(view, m, seat=seat), m.soul) for m in view.slot_tops if m is not None]
    reach = sum(chance * soul for chance, soul in fights)
    return features(view, seat, reader) + [
        float(view.atk_of(seat)),
        float(view.attack_roll_bonus_of(seat)),
        reach,
        reach if view.active == seat else 0.0,
        max((chance for chance, _ in fights), default=0.0),
        1.0 if view.souls_to_win - view.souls(seat) == 2 else 0.0,
    ]


Reading = Callable[[Any, int, rd.Reader], list[float]]


@dataclass(frozen=True, slots=True)
class Model:
    """A feature set, how a seat's features are read, and the file its fitted weights live in: what the
    search's ``evaluation=`` names and ``--features`` derives."""

    names: tuple[str, ...]
    read: Reading
    file: Path


MODELS = {
    "fitted": Model(FEATURES, features, DEFAULT_FILE),
    "board": Model(BOARD_FEATURES, board_features, BOARD_FILE),
}


class Evaluation:
    """``(view, seat) -> w·x``: the fitted score of one seat (a softmax over the seats is its win
    share). One per branch: its card reader lives no longer than the game it reads."""

    __slots__ = ("w", "reader", "read")

    def __init__(self, weights: tuple[float, ...], read: Reading = features) -> None:
        self.w, self.read = weights, read
        self.reader = rd.Reader(vl.item_value)

    def __call__(self, view: Any, seat: int) -> float:
        return sum(w * x for w, x in zip(self.w, self.read(view, seat, self.reader), strict=True))


def evaluation(model: str = "fitted") -> Evaluation:
    """``model``'s fitted evaluation: its weights read with its own features (``MODELS``), so a file and a
    feature reader are never paired wrong."""
    return Evaluation(load(model=model), MODELS[model].read)


# ---------------------------------------------------------------------------------------- the data


class _Recorder:
    """Shared by every seat's ``_Watch``: each seat's features at the first decision of every turn."""

    def __init__(self, read: Reading) -> None:
        self.turn = -1
        self.rows: list[list[list[float]]] = []
        self.reader = rd.Reader(vl.item_value)
        self.read = read

    def see(self, view: Any) -> None:
        if view.turn != self.turn:
            self.turn = view.turn
            self.rows.append([self.read(view, s, self.reader) for s in range(view.n_players)])


class _Watch:
    """A seat's player that lets the recorder look before it answers (it changes no answer)."""

    __slots__ = ("player", "recorder", "declines")

    def __init__(self, player: Any, recorder: _Recorder) -> None:
        self.player, self.recorder = player, recorder
        declines = getattr(player, "declines", None)
        if declines is not None:
            self.declines = declines

    def choose(self, decision: Any) -> Any:
        self.recorder.see(decision.view)
        return self.player.choose(decision)


def positions(
    games: int, seed: int, players: tuple[int, ...] = (2, 3, 4), read: Reading = features
) -> list[tuple[np.ndarray, int, int]]:
    """``(features of every seat, winning seat, game index)`` at every turn start of ``games`` seeded
    ``sensible`` games, the player counts taken in turn; games without a single winner are left out."""
    from cardlab.simulate import games as registry_of_games
    from cardlab.simulate.core import Players
    from cardlab.simulate.core.game import play_seated
    from cardlab.simulate.core.seeds import game_seed, stream

    from .sensible import SensiblePlayer

    spec = registry_of_games.get("four-souls")
    configs = {n: spec.make_config(n_players=n, max_turns=spec.default_max_turns) for n in players}
    out: list[tuple[np.ndarray, int, int]] = []
    for i in range(games):
        n = players[i % len(players)]
        s = game_seed(seed, i)
        rec = _Recorder(read)
        seated = Players([_Watch(SensiblePlayer(k, stream(s, "strategy", k)), rec) for k in range(n)])
        result = play_seated(spec, configs[n], s, seated, log_events=False)
        if result.end_reason != "win" or len(result.winners) != 1:
            continue
        out += [(np.array(row), result.winners[0], i) for row in rec.rows]
    return out


# ---------------------------------------------------------------------------------------- the fit


def _groups(data: list[tuple[np.ndarray, int, int]]) -> list[tuple[np.ndarray, np.ndarray]]:
    """The positions stacked by player count: (positions × seats × features, winning seats)."""
    by: dict[int, list[tuple[np.ndarray, int, int]]] = {}
    for d in data:
        by.setdefault(len(d[0]), []).append(d)
    return [
        (np.stack([x for x, _, _ in rows]), np.array([w for _, w, _ in rows]))
        for _, rows in sorted(by.items())
    ]


def _log_likelihood(data: list[tuple[np.ndarray, int, int]], w: np.ndarray) -> float:
    total = 0.0
    for x, win in _groups(data):
        z = x @ w
        z -= z.max(axis=1, keepdims=True)
        total += float((z[np.arange(len(win)), win] - np.log(np.exp(z).sum(axis=1))).sum())
    return total


def fit(data: list[tuple[np.ndarray, int, int]], ridge: float = RIDGE, steps: int = 50) -> np.ndarray:
    """Conditional logit weights by Newton's method (the log-likelihood is concave: it converges)."""
    if not data:
        raise UserError("four-souls horizon: no finished game to fit on (play more games)")
    k = len(data[0][0][0])
    groups = _groups(data)
    w = np.zeros(k)
    for _ in range(steps):
        g = -ridge * w
        h = -ridge * np.eye(k)
        for x, win in groups:
            z = x @ w
            p = np.exp(z - z.max(axis=1, keepdims=True))
            p /= p.sum(axis=1, keepdims=True)
            mean = np.einsum("ps,psk->pk", p, x)
            g += (x[np.arange(len(win)), win] - mean).sum(axis=0)
            h -= np.einsum("ps,psk,psl->kl", p, x, x) - mean.T @ mean
        step = np.linalg.solve(h, g)
        w = w - step
        if float(np.abs(step).max()) < 1e-9:
            break
    return w


def evaluator_weights(names: tuple[str, ...] = FEATURES) -> np.ndarray:
    """The evaluator player's hand-set evaluation in this model's terms (its weights over its one-soul
    scale of 8, as the search used it before): the baseline the fit is judged against."""
    from .evaluator import EvaluatorPlayer

    w = EvaluatorPlayer(0, random.Random(0)).w
    by = {"souls": w["souls"], "cents": w["cents"], "loot": w["loot"], "items": w["items"], "hp": w["hp"]}
    return np.array([by.get(f, 0.0) / 8.0 for f in names])


def derive(
    games: int, seed: int, players: tuple[int, ...] = (2, 3, 4), model: str = "fitted"
) -> dict[str, Any]:
    """Play, fit on the first four fifths of the games, judge on the rest, then refit on all: the
    weights of ``model``'s features with their provenance and the held-out comparison with the
    evaluator's weights."""
    if model not in MODELS:
        raise UserError(f"four-souls horizon: --features must be {' or '.join(MODELS)}, got {model!r}")
    names = MODELS[model].names
    if isinstance(games, bool) or not isinstance(games, int) or games < 5:
        raise UserError(f"four-souls horizon: --games must be a whole number ≥ 5, got {games!r}")
    if not players or any(n not in (2, 3, 4) for n in players):
        given = ",".join(map(str, players)) or "none"  # as typed ("2,5"), not the tuple it was read into
        raise UserError(f"four-souls horizon: --players must be among 2, 3, 4, got {given}")
    data = positions(games, seed, players, MODELS[model].read)
    cut = games - games // 5
    train = [d for d in data if d[2] < cut]
    held = [d for d in data if d[2] >= cut]
    w_train = fit(train)
    n_held = len(held)
    judged = {
        "positions": n_held,
        "fitted_mean_log_likelihood": round(_log_likelihood(held, w_train) / max(1, n_held), 4),
        "evaluator_mean_log_likelihood": round(
            _log_likelihood(held, evaluator_weights(names)) / max(1, n_held), 4
        ),
        "uniform_mean_log_likelihood": round(-sum(math.log(len(x)) for x, _, _ in held) / max(1, n_held), 4),
    }
    w = fit(data)
    from cardlab.simulate import games as registry_of_games

    spec = registry_of_games.get("four-souls")
    config = spec.make_config(n_players=players[0], max_turns=spec.default_max_turns)
    counts = ",".join(map(str, players))
    chosen = "" if model == "fitted" else f" --features {model}"
    return {
        "kind": KIND,
        "provenance": {
            "command": (
                f"cardlab derive four-souls-horizon --games {games} --seed {seed} --players {counts}{chosen}"
            ),
            "policy": "sensible",
            "seed": seed,
            "games": games,
            "players": list(players),
            "finished_games": len({d[2] for d in data}),
            "positions": len(data),
            "ridge": RIDGE,
            "card_data_hash": spec.card_data_hash(config),
        },
        "held_out": {"games": games - cut, **judged},
        "weights": {f: round(float(v), 5) for f, v in zip(names, w, strict=True)},
    }


def load(path: str | Path | None = None, model: str = "fitted") -> tuple[float, ...]:
    """The weights of ``model`` (its file unless ``path``) in its features' order; a bad file is one line
    naming the file and field (exit 2). Read again as soon as the file changes."""
    m = MODELS[model]
    parse = functools.partial(_weights, names=m.names)
    return load_json(m.file if path is None else path, KIND, "horizon evaluation", parse)


def _weights(p: Path, data: dict, names: tuple[str, ...] = FEATURES) -> tuple[float, ...]:
    weights = data.get("weights")
    if not isinstance(weights, dict):
        raise UserError(f"{p}: field 'weights' must map the features {', '.join(names)} to numbers")
    out = []
    for f in names:
        v = weights.get(f)
        if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
            raise UserError(f"{p}: field 'weights.{f}' must be a number, got {v!r}")
        out.append(float(v))
    return tuple(out)
