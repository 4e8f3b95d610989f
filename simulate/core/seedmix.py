"""numpy's ``SeedSequence`` seed derivation written out for the compiled build (issue 20).

``seeds.derive_seed`` is numpy's ``SeedSequence(entropy=root, spawn_key=keys).generate_state(2)`` read as a
63-bit number. A game derives about ten such seeds (its own and one per stream of chance); numpy takes
some 35 µs for each, about a third of a compiled Gosu X game. :func:`seed_words` is the same
arithmetic (the pool of four 32-bit words, its hash-mix and mix functions and their constants, as numpy
documents and implements them), compiled with mypyc to about a microsecond. ``seeds`` uses it only when it
is compiled (interpreted, it is slower than numpy); ``tests/test_seeds.py`` checks it against numpy over
random roots and paths, and the identity check (``python -m cardlab.compiled``) plays the compiled build
against the pure one, which derives with numpy.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

_M32: Final[i64] = 0xFFFFFFFF
_INIT_A: Final[i64] = 0x43B0D7E5
_MULT_A: Final[i64] = 0x931E8875
_INIT_B: Final[i64] = 0x8B51F9DD
_MULT_B: Final[i64] = 0x58F38DED
_MIX_L: Final[i64] = 0xCA01F9DD
_MIX_R: Final[i64] = 0x4973F715
_MASK63: Final = (1 << 63) - 1
_POOL: Final = 4  # numpy's default pool size, in 32-bit words


def _mul(a: i64, b: i64) -> i64:
    """``a * b`` modulo 2**32 for 32-bit ``a`` and ``b``, in two halves so no product leaves 64 bits."""
    return (a * (b & 0xFFFF) + (((a * (b >> 16)) & 0xFFFF) << 16)) & _M32


def _mix(x: i64, y: i64) -> i64:
    r = (_mul(_MIX_L, x) - _mul(_MIX_R, y)) & _M32
    return r ^ (r >> 16)


def seed_words(root: int, keys: list[int]) -> int:
    """``SeedSequence(entropy=root, spawn_key=keys).generate_state(2)`` as ``(hi << 32 | lo) & (2**63 - 1)``:
    ``root`` a non-negative int (any size), ``keys`` 32-bit words."""
    entropy: list[i64] = []
    n = root
    if n == 0:
        entropy.append(0)
    while n:  # the entropy's 32-bit words, lowest first
        entropy.append(i64(n & 0xFFFFFFFF))
        n >>= 32
    if keys:
        while len(entropy) < _POOL:  # padded to the pool's size, so spawn keys never pose as entropy
            entropy.append(0)
        for k in keys:
            entropy.append(i64(k))
    size = len(entropy)
    h: i64 = _INIT_A
    pool: list[i64] = [0, 0, 0, 0]
    for i in range(_POOL):  # hash-mix every word into the pool ...
        v: i64 = (entropy[i] if i < size else 0) ^ h
        h = _mul(h, _MULT_A)
        v = _mul(v, h)
        pool[i] = v ^ (v >> 16)
    for s in range(_POOL):  # ... mix each pool word into the others ...
        for d in range(_POOL):
            if s != d:
                v = pool[s] ^ h
                h = _mul(h, _MULT_A)
                v = _mul(v, h)
                pool[d] = _mix(pool[d], v ^ (v >> 16))
    for s in range(_POOL, size):  # ... and the words beyond the pool into every pool word
        for d in range(_POOL):
            v = entropy[s] ^ h
            h = _mul(h, _MULT_A)
            v = _mul(v, h)
            pool[d] = _mix(pool[d], v ^ (v >> 16))
    h = _INIT_B
    lo = pool[0] ^ h  # generate_state(2): the first two pool words, hashed
    h = _mul(h, _MULT_B)
    lo = _mul(lo, h)
    lo ^= lo >> 16
    hi = pool[1] ^ h
    h = _mul(h, _MULT_B)
    hi = _mul(hi, h)
    hi ^= hi >> 16
    return ((int(hi) << 32) | int(lo)) & _MASK63


def compiled() -> bool:
    """Is this module the compiled one (``seeds`` uses it only then)?"""
    return not __file__.endswith(".py")
