"""Resources (HR-6) and damage to the boss (HR-3), including the lethal blow."""

from __future__ import annotations

from .state import MAX_RESOURCES, Game, GameOver, PlayerState


def gain_temp(g: Game, p: PlayerState, amount: int) -> None:
    """HR-6.1/HR-Q.2: temporary resources, never above 9 available in total."""
    add = min(amount, MAX_RESOURCES - p.pool)
    if add > 0:
        p.pool += add
        p.temp += add
        g.log.emit("resource_gained", p.seat, amount=add, detail="temporary")


def gain_crystal(g: Game, p: PlayerState, amount: int = 1) -> None:
    """HR-6.5: at most 9 crystals; a new crystal arrives filled (HR-Q.1), the pool stays ≤ 9 (HR-Q.2)."""
    add = min(amount, MAX_RESOURCES - p.crystals)
    if add > 0:
        p.crystals += add
        p.pool = min(MAX_RESOURCES, p.pool + add)
        g.log.emit("crystal_gained", p.seat, amount=add, value=p.crystals)


def pay(p: PlayerState, cost: int) -> None:
    """Spend resources, temporary ones first (they would vanish at end of turn anyway)."""
    from_temp = cost if cost < p.temp else p.temp
    p.temp -= from_temp
    p.pool -= cost


def end_turn_resources(g: Game) -> None:
    """HR-12.9: temporary resources end with the turn, for every player."""
    for p in g.players:
        if p.temp:
            p.pool -= p.temp
            p.temp = 0


def damage_boss(g: Game, seat: int, amount: int, card: str | None, income: bool = True) -> None:
    """One source controlled by ``seat`` damages the boss (HR-3.2, HR-3.4).

    ``income`` is False for the wound (HR-Q.3). The boss dying ends the game at once with ``seat`` as
    the winner of the lethal blow.
    """
    if amount <= 0:
        return
    p = g.players[seat]
    g.boss_hp -= amount
    p.boss_damage += amount
    g.log.emit("boss_damage", seat, card, "boss", amount, value=g.boss_hp)
    if income:
        gain_temp(g, p, 1)
    if g.boss_hp <= 0:
        lethal(g, (seat,), card)


def lethal(g: Game, seats: tuple[int, ...], card: str | None) -> None:
    """HR-3.2 / HR-Q.28: the lethal blow; damage from several players at one instant is a draw."""
    g.kill_turn = g.turn
    for s in seats:
        g.players[s].lethal = True
        g.log.emit("lethal_blow", s, card, "boss", g.boss_hp)
    raise GameOver(seats, "win" if len(seats) == 1 else "draw")
