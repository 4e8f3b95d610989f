"""Seed derivation. Every random draw of a game comes from generators derived from its game seed.

A game seed depends only on (run seed, game index) — never on worker, batch or time — so the same run
gives the same games on any machine and any number of workers (DESIGN: "A game is a pure function").
"""

from __future__ import annotations

import random
import zlib

import numpy as np

_MASK63 = (1 << 63) - 1


def _key(part: int | str) -> int:
    if isinstance(part, str):
        return zlib.crc32(part.encode("utf-8"))
    return int(part) & 0xFFFFFFFF


def derive_seed(root: int, *path: int | str) -> int:
    """A 63-bit seed derived from ``root`` and a path of ints/strings (numpy SeedSequence)."""
    ss = np.random.SeedSequence(entropy=int(root) & ((1 << 128) - 1), spawn_key=tuple(_key(p) for p in path))
    lo, hi = ss.generate_state(2, dtype=np.uint32)
    return ((int(hi) << 32) | int(lo)) & _MASK63


def game_seed(run_seed: int, game_index: int) -> int:
    """The seed of game ``game_index`` of a run."""
    return derive_seed(run_seed, "game", game_index)


def stream(seed: int, name: str | int, *more: str | int) -> random.Random:
    """An independent ``random.Random`` for one purpose within a game (e.g. ``stream(seed, "engine")``,
    ``stream(seed, "strategy", seat)``). Python's Mersenne Twister is fast for the many small draws
    engines make and its sequences are identical on every platform."""
    return random.Random(derive_seed(seed, name, *more))
