"""Values and conditions written as short expressions in card files (vocabulary §1.6).

``"hand_size(you) >= 8"``, ``"max(0, cents(P) - cents(you))"``, ``"result"``, ``"event.amount"``.
They are parsed once with :mod:`ast` and evaluated on a whitelist of node types and words, never with
``eval``.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable
from typing import Any

from .state import EngineError

_BIN = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
}
_CMP = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
}
_cache: dict[str, Any] = {}


def compile_expr(text: str) -> ast.AST:
    node = _cache.get(text)
    if node is None:
        try:
            node = ast.parse(text.replace(" and ", " and ").strip(), mode="eval").body
        except SyntaxError:
            raise EngineError(f"cannot parse expression {text!r}") from None
        _check(node, text)
        _cache[text] = node
    return node


def _check(node: ast.AST, text: str) -> None:
    for sub in ast.walk(node):
        if isinstance(
            sub,
            (
                ast.BoolOp,
                ast.And,
                ast.Or,
                ast.BinOp,
                ast.UnaryOp,
                ast.USub,
                ast.Not,
                ast.Compare,
                ast.Call,
                ast.Name,
                ast.Load,
                ast.Attribute,
                ast.Constant,
                ast.Tuple,
                ast.List,
                *_BIN,
                *_CMP,
            ),
        ):
            continue
        raise EngineError(f"expression {text!r}: {type(sub).__name__} not allowed")


def evaluate(node: Any, name: Callable[[str], Any], call: Callable[[str, list], Any], attr: Callable) -> Any:
    """Evaluate a checked expression (``node``: any of the node types :func:`check` lets through); ``name``/``call``/``attr`` resolve words against the context."""
    t = type(node)
    if t is ast.Constant:
        return node.value
    if t is ast.Name:
        return name(node.id)
    if t is ast.BinOp:
        return _BIN[type(node.op)](
            evaluate(node.left, name, call, attr), evaluate(node.right, name, call, attr)
        )
    if t is ast.Compare:
        left = evaluate(node.left, name, call, attr)
        for op, comp in zip(node.ops, node.comparators, strict=True):
            right = evaluate(comp, name, call, attr)
            if not _CMP[type(op)](left, right):
                return False
            left = right
        return True
    if t is ast.BoolOp:
        if isinstance(node.op, ast.And):
            return all(evaluate(v, name, call, attr) for v in node.values)
        return any(evaluate(v, name, call, attr) for v in node.values)
    if t is ast.UnaryOp:
        v = evaluate(node.operand, name, call, attr)
        return -v if isinstance(node.op, ast.USub) else not v
    if t is ast.Call:
        if not isinstance(node.func, ast.Name):
            raise EngineError("only plain function calls are allowed in expressions")
        return call(node.func.id, node.args)
    if t is ast.Attribute:
        base = node.value.id if isinstance(node.value, ast.Name) else None
        return attr(base, node.attr)
    if t in (ast.Tuple, ast.List):
        return tuple(evaluate(e, name, call, attr) for e in node.elts)
    raise EngineError(f"cannot evaluate {ast.dump(node)}")


def words(text: str) -> set[str]:
    """Every bare name and function name used by an expression (for load-time checks)."""
    node = compile_expr(text)
    out: set[str] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name):
            out.add(sub.id)
    return out
