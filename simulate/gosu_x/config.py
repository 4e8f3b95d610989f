"""Gosu X run configuration: a frozen, picklable dataclass validated from command-line options."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardlab.simulate.core.errors import UserError
from cardlab.simulate.core.overrides import check_cards_path

from .cards import DEFAULT_CARDS, MAX_COMBAT, cards_with, load_cards


def _clan_keys(clans) -> dict[str, str]:
    """How ``--clans`` may spell each clan of the card files (case-free, ``goan_sul`` for "Goan Sul")."""
    return {c.lower().replace(" ", "_"): c for c in clans} | {c.lower(): c for c in clans}


@dataclass(frozen=True, slots=True)
class GXConfig:
    """``clans`` forces alliances by draft position: (first drafter's clans, second drafter's clans); an empty
    tuple for a side leaves that side to draft (GX-2.5)."""

    n_players: int = 2
    max_turns: int = 400
    combat_values: tuple[int, int, int] = (2, 3, 5)
    clans: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    cards: str = (
        ""  # "" = the built-in decklists/gosu_x (kept relative so config hashes match across machines)
    )
    with_unimplemented: bool = False
    overrides: tuple[str, ...] = ()  # --set 'CARD.FIELD=VALUE', in order

    @property
    def cards_path(self) -> Path:
        return Path(self.cards) if self.cards else DEFAULT_CARDS


def parse_clans(text: str, known=None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``"themis+golem+phoenix/xian+tomorrow+goan_sul"`` → two alliances (one side may be left empty);
    ``known``: the clans of the card files (default: the built-in ones)."""
    clan_keys = _clan_keys(load_cards(DEFAULT_CARDS) if known is None else known)
    if not text:
        return ((), ())
    sides = text.split("/")
    if len(sides) > 2:
        raise UserError(f"--clans '{text}': at most two alliances separated by '/'")
    out: list[tuple[str, ...]] = []
    for side in sides:
        names = [n.strip() for n in side.split("+")] if side.strip() else []  # a side left out drafts
        if "" in names:
            raise UserError(f"--clans {text!r}: an empty clan name in {side.strip()!r}")
        clans = []
        for n in names:
            key = n.lower().replace("'", "").replace("-", "_")
            if key not in clan_keys:
                raise UserError(
                    f"--clans: unknown clan '{n}' (clans: {', '.join(dict.fromkeys(clan_keys.values()))})"
                )
            clans.append(clan_keys[key])
        if names and len(set(clans)) != 3:
            raise UserError(f"--clans '{side}': an alliance is exactly 3 different clans")
        out.append(tuple(clans))
    while len(out) < 2:
        out.append(())
    if out == [(), ()]:  # '/', ' / ': two unset shell variables, read as no --clans
        raise UserError(
            f"--clans {text!r}: names no clan; leave the option out for a normal draft on both sides"
        )
    if set(out[0]) & set(out[1]):
        raise UserError(f"--clans '{text}': the two alliances share a clan")
    return (out[0], out[1])


def make_config(
    n_players: int = 2,
    max_turns: int = 400,
    combat_values: str | tuple[int, int, int] = "2,3,5",
    clans: str = "",
    cards: str = "",
    with_unimplemented: bool = False,
    set: tuple[str, ...] | str = (),  # noqa: A002 — the option's name (--set)
) -> GXConfig:
    """Validate options; a bad value raises UserError with one clear line."""
    if n_players != 2:
        raise UserError(f"Gosu X is a two-player game (got {n_players} players)")
    if max_turns < 1:
        raise UserError(f"--max-turns must be at least 1, got {max_turns}")
    if isinstance(combat_values, str):
        try:
            values = tuple(int(v) for v in combat_values.split(","))
        except ValueError:
            raise UserError(
                f"--combat-values '{combat_values}': expected three whole numbers like 2,3,5"
            ) from None
    else:
        values = tuple(combat_values)
    if len(values) != 3 or any(not 0 <= v <= MAX_COMBAT for v in values):  # a card's combat is at most that
        raise UserError(
            f"--combat-values {combat_values!r}: expected three whole numbers 0–{MAX_COMBAT} like 2,3,5"
        )
    path = check_cards_path("gosu-x", cards) if cards else DEFAULT_CARDS
    overrides = tuple(
        o.strip() for o in ((set,) if isinstance(set, str) and set else () if isinstance(set, str) else set)
    )
    defs = cards_with(path, overrides)  # CardDataError (a UserError) on a bad file; one line on a bad --set
    forced = parse_clans(clans, defs) if isinstance(clans, str) else clans
    for side in forced:
        for clan in side:
            if clan not in defs:
                raise UserError(f"--clans: clan '{clan}' has no cards in {path}")
    if len(defs) < 6:
        raise UserError(f"--cards {path}: the draft needs at least 6 clans, found {len(defs)}")
    return GXConfig(
        n_players, max_turns, values, forced, str(cards or ""), bool(with_unimplemented), overrides
    )  # type: ignore[arg-type]
