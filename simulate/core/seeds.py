"""Seed derivation. Every random draw of a game comes from generators derived from its game seed.

A game seed depends only on (run seed, game index) — never on worker, batch or time — so the same run
gives the same games on any machine and any number of workers (DESIGN: "A game is a pure function").
"""

from __future__ import annotations

import random
import zlib

import numpy as np

from .seedmix import compiled, seed_words

_MASK63 = (1 << 63) - 1
_MASK128 = (1 << 128) - 1
_NATIVE = compiled()


def _key(part: int | str) -> int:
    if isinstance(part, str):
        return zlib.crc32(part.encode("utf-8"))
    return int(part) & 0xFFFFFFFF


def derive_seed(root: int, *path: int | str) -> int:
    """A 63-bit seed derived from ``root`` and a path of ints/strings (numpy SeedSequence; in the compiled
    build the same arithmetic compiled, ``seedmix``: numpy's cost was about a third of a compiled Gosu X game)."""
    if _NATIVE:
        return seed_words(int(root) & _MASK128, [_key(p) for p in path])
    ss = np.random.SeedSequence(entropy=int(root) & _MASK128, spawn_key=tuple(_key(p) for p in path))
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


class Streams:
    """Every random source of one game, each its own stream of the game seed (common random numbers).

    ``streams("dice", seat)`` is seat ``seat``'s dice, ``streams("shuffle", "loot")`` the loot deck's
    reshuffles, ``streams("setup", "first player")`` a setup choice — the same generator as
    ``stream(seed, name, *more)``, made on first use and kept. Because no two sources share a stream, a
    change that alters how often one source draws (a monster with 1 more HP takes one more attack roll)
    leaves every other source's draws as they were: the paired run differs only where the change matters
    (``cardlab compare``, issue 21). ``fixed``: one generator answering for every source — for rule
    scenario tests that script the dice.
    """

    __slots__ = ("seed", "_made", "_kept", "fixed")

    def __init__(self, seed: int, fixed: random.Random | None = None) -> None:
        self.seed = int(seed)
        self._made: dict[tuple[str | int, ...], random.Random] = {}
        # a copy's streams not used yet, as the states they stand at: a search's copy of a position is
        # re-dealt (``reseed``) before most of them draw, so each is rebuilt only when first used
        self._kept: dict[tuple[str | int, ...], tuple] = {}
        self.fixed = fixed

    def __call__(self, name: str | int, *more: str | int) -> random.Random:
        if self.fixed is not None:
            return self.fixed
        key = (name, *more)
        made = self._made.get(key)
        if made is None:
            kept = self._kept.pop(key, None) if self._kept else None
            if kept is None:
                made = self._made[key] = stream(self.seed, name, *more)
            else:
                made = self._made[key] = _restored(kept)
        return made

    def reseed(self, seed: int) -> None:
        """Every stream starts afresh from ``seed`` (a determinized branch: future draws hidden too)."""
        self.seed = int(seed)
        self._made.clear()
        self._kept.clear()
        if self.fixed is not None:
            self.fixed.seed(seed)

    def getstate(self) -> tuple:
        """Where every stream stands (to put a position back exactly after looking ahead)."""
        made = tuple((k, r.getstate()) for k, r in self._made.items()) + tuple(self._kept.items())
        return (self.seed, made, self.fixed.getstate() if self.fixed is not None else None)

    def copy(self) -> Streams:
        """An independent copy, every stream where it stands (a search's copy of a position plays on with
        it: four_souls' ``statecopy.copy_state``, gosu_x's ``branching.copy_state``)."""
        fixed = None
        if self.fixed is not None:
            fixed = _restored(self.fixed.getstate())
        out = Streams(self.seed, fixed)
        out.setstate(self.getstate())
        return out

    def setstate(self, state: tuple) -> None:
        """Put every stream back where ``state`` says (each rebuilt when it is next used)."""
        seed, made, fixed = state
        self.seed = seed
        self._made = {}
        self._kept = dict(made)  # a generator's state is a tuple of numbers: shared, never written
        if fixed is not None and self.fixed is not None:
            self.fixed.setstate(fixed)


def _restored(state: tuple) -> random.Random:
    """A generator at ``state`` (seeded with 0 first: an unseeded one would read the OS's entropy first)."""
    out = random.Random(0)
    out.setstate(state)
    return out
