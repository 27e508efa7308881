"""Enemy turns at the edges (Adventures p.9-10): no target, blocked routes, a full board,
empty supplies and decks, and games that end in the middle of a combat."""
from __future__ import annotations

import pytest
from fixtures import seat_heroes

from adventures.content.catalog import load_catalog
from adventures.rules.enemy import enemy_turn, take_top
from adventures.rules.invariants import CheckingAgent, check_invariants
from adventures.rules.runner import play_adventure
from adventures.rules.setup import new_adventure
from engine.combat import fight
from engine.content.schema import ScenarioDef
from engine.decisions import FirstOptionAgent, ScriptedAgent
from engine.effects.resolve import Ctx, run_ops
from engine.state import MINION, Card, Effect, Fighter, GameOver, Side

MOVE = 3      # the enemies' usual move value (p.10)


class Refuse:
    """An agent for decisions that must not be asked."""

    def choose(self, game, decision) -> int:
        raise AssertionError(f"unexpected decision: {decision.tag} {decision.prompt}")


def new_game(players: int = 1, villain: str = "shredder", minions=(), seed: int = 1, table=None, agents=None):
    scenario = ScenarioDef.model_validate({"name": "enemy AI", "villain": villain,
                                           "seats": [{"hero": h} for h in seat_heroes(players)], "minions": list(minions)})
    first = FirstOptionAgent()
    game = new_adventure(scenario, load_catalog(), seed, {i: first for i in range(players)}, first)
    game.agents = agents or {i: first for i in range(players)}
    game.table_agent = table or Refuse()
    return game


def heroes(game) -> list[Fighter]:
    return [s.fighters[0] for s in game.sides if not s.is_enemy]


def villain(game) -> Fighter:
    return game.adv.villain.fighters[0]


def arrange(game, where: dict[Fighter, int]) -> None:
    """Take every fighter off the board, then put the given ones on the given spaces."""
    for f in list(game.fighters):
        game.lift(f)
    for f, s in where.items():
        game.put(f, s)


def lone_hero(game, hero: Fighter) -> None:
    """Defeat the hero's sidekicks (Leonardo's Splinter), so the hero is the player's last
    fighter: a player is eliminated only when all their fighters are (p.7)."""
    for f in hero.side.fighters:
        if f is not hero and f.alive:
            game.damage(f, f.health)


def reveals(game) -> int:
    return sum(1 for e in game.events if e["kind"] == "reveal")


def no_defense(game, hero: Fighter) -> None:
    """Put every card the hero could defend with out of the game (same side: still counted)."""
    side = hero.side
    for pile in (side.hand, side.deck):
        keep = [c for c in pile if not c.can_defend]
        side.removed.extend(c for c in pile if c.can_defend)
        pile[:] = keep


def filler_side(game) -> Side:
    """An extra enemy side whose fighters only occupy spaces (they never take turns)."""
    side = Side(index=90, name="Crowd", team=1, is_enemy=True)
    game.sides.append(side)
    return side


def fill(game, side: Side, spaces) -> None:
    for s in spaces:
        f = Fighter(game.next_uid(), f"Crowd {len(side.fighters) + 1}", MINION, side, 1, 1)
        side.fighters.append(f)
        game.put(f, s)


def counterstrike(game, side: Side, damage: int, timing: str = "after_combat") -> Card:
    """A defense card that hurts the attacker (our own test card)."""
    card = Card(game.next_uid(), "Counterstrike", "defense", 0, 0, "any",
                (Effect(timing, "Deal damage to the attacker.", ({"damage": {"amount": damage, "to": "opponent"}},)),),
                side)
    side.hand.append(card)
    return card


def pick_card(name: str):
    def rule(decision):
        if decision.tag == "defense_card":
            return next(i for i, c in enumerate(decision.options) if c is not None and c.name == name)
        return None
    return rule


def spaces_at(game, frm: int, d: int) -> list[int]:
    return [s for s in range(game.board.n) if game.board.dist[frm][s] == d]


# ---------------------------------------------------------------- determining a target
def test_an_enemy_that_cannot_reach_any_target_advances_the_threat_and_stays():
    """Adventures p.9 step 3: no target within the move value: no move, no attack, threat +1."""
    game = new_game()
    v, leo = villain(game), heroes(game)[0]
    vs = game.board.start[5]
    arrange(game, {v: vs, leo: spaces_at(game, vs, MOVE + 2)[0]})
    check_invariants(game)
    threat, deck = game.adv.threat, len(game.adv.villain.deck)
    enemy_turn(game, game.adv.villain, MOVE)
    assert game.adv.threat == threat + 1
    assert v.space == vs and len(game.adv.villain.deck) == deck and reveals(game) == 0
    assert check_invariants(game) == []


def test_an_enemy_with_move_0_attacks_only_an_adjacent_target():
    """Adventures p.10: the move value is the most it may move to attack."""
    game = new_game()
    v, leo = villain(game), heroes(game)[0]
    vs = game.board.start[5]
    arrange(game, {v: vs, leo: spaces_at(game, vs, 2)[0]})
    enemy_turn(game, game.adv.villain, 0)
    assert v.space == vs and reveals(game) == 0 and game.adv.threat == 1


def test_an_adjacent_enemy_attacks_once_without_moving():
    """Adventures p.9: an adjacent target is attacked; an enemy never attacks twice in a turn."""
    game = new_game()
    v, leo = villain(game), heroes(game)[0]
    vs = game.board.start[5]
    arrange(game, {v: vs, leo: game.board.adj[vs][0]})
    enemy_turn(game, game.adv.villain, MOVE)
    assert v.space == vs and reveals(game) == 1 and game.adv.threat == 0
    assert check_invariants(game) == []


def test_an_enemy_moves_by_a_shortest_route_next_to_the_closest_target():
    """Adventures p.9 step 2 and p.10: shortest route, ends adjacent, then attacks."""
    game = new_game(table=FirstOptionAgent())
    v, leo = villain(game), heroes(game)[0]
    vs = game.board.start[5]
    target = spaces_at(game, vs, MOVE + 1)[0]
    arrange(game, {v: vs, leo: target})
    enemy_turn(game, game.adv.villain, MOVE)
    assert v.space in game.board.adj[target]
    assert game.board.dist[vs][v.space] == MOVE
    assert reveals(game) == 1


def test_small_fighters_are_never_targeted():
    """Adventures p.13: enemies ignore small fighters when determining a target."""
    game = new_game()
    v, leo = villain(game), heroes(game)[0]
    vs = game.board.start[5]
    arrange(game, {v: vs, leo: game.board.adj[vs][0]})
    leo.small = True
    enemy_turn(game, game.adv.villain, MOVE)
    assert reveals(game) == 0 and game.adv.threat == 1


def test_players_choose_between_several_adjacent_targets():
    """Adventures p.9 step 1: adjacent to more than one player fighter, players choose."""
    asked = []

    def second(decision):
        if decision.tag == "enemy_target":
            asked.append(decision)
            return 1
        return None

    game = new_game(players=2, table=ScriptedAgent(second, fallback=Refuse()))
    v = villain(game)
    a, b = heroes(game)
    vs = game.board.start[5]
    arrange(game, {v: vs, a: game.board.adj[vs][0], b: game.board.adj[vs][1]})
    enemy_turn(game, game.adv.villain, MOVE)
    assert len(asked) == 1 and set(asked[0].options) == {a, b}
    attacked = next(e for e in game.events if e["kind"] == "reveal")["defender"]
    assert attacked == asked[0].options[1].uid


def test_players_choose_between_equally_close_targets():
    """Adventures p.9 step 2: several closest fighters, players choose which is attacked."""
    game = new_game(players=2, table=FirstOptionAgent())
    v = villain(game)
    a, b = heroes(game)
    vs = game.board.start[5]
    far = spaces_at(game, vs, 3)
    pair = next((x, y) for x in far for y in far if x != y and game.board.dist[x][y] > 2)
    arrange(game, {v: vs, a: pair[0], b: pair[1]})
    tags = []
    inner = FirstOptionAgent()

    class Spy:
        def choose(self, g, d):
            tags.append((d.tag, list(d.options)))
            return inner.choose(g, d)

    game.table_agent = Spy()
    enemy_turn(game, game.adv.villain, MOVE)
    target_asks = [opts for tag, opts in tags if tag == "enemy_target"]
    assert target_asks and set(target_asks[0]) == {a, b}


def test_eliminated_players_are_not_targeted():
    """Adventures p.7: eliminated players are not affected by enemies."""
    game = new_game(players=2)
    v = villain(game)
    a, b = heroes(game)
    vs = game.board.start[5]
    arrange(game, {v: vs, a: game.board.adj[vs][0], b: game.board.adj[vs][1]})
    lone_hero(game, b)
    game.damage(b, b.health)
    assert b.side.eliminated and not game.over
    enemy_turn(game, game.adv.villain, MOVE)       # only one candidate left: no table decision
    assert next(e for e in game.events if e["kind"] == "reveal")["defender"] == a.uid


# ---------------------------------------------------------------- blocked routes and a full board
def blocked_layout(game):
    """Villain start, a target space and a blocker space such that the target is reachable
    within the move value only through the blocker's space."""
    board = game.board
    vs = board.start[5]
    for t in range(board.n):
        if t == vs or t in board.adj[vs]:
            continue
        for b in range(board.n):
            if b in (vs, t):
                continue
            free = board.distances_from(vs, {t})
            cut = board.distances_from(vs, {t, b})
            ends_free = [free[s] for s in board.adj[t] if s != b]
            ends_cut = [cut[s] for s in board.adj[t] if s != b]
            if ends_free and min(ends_free) <= MOVE and min(ends_cut) > MOVE:
                return vs, t, b
    pytest.skip("this board has no chokepoint within the move value")


def test_enemies_do_not_move_through_player_fighters():
    """Adventures p.10: enemies move through enemies but not opposing fighters; with the
    only short route blocked by a (small, untargetable) player fighter, there is no target."""
    game = new_game(players=2)
    v = villain(game)
    target, blocker = heroes(game)
    vs, t, b = blocked_layout(game)
    arrange(game, {v: vs, target: t, blocker: b})
    blocker.small = True
    enemy_turn(game, game.adv.villain, MOVE)
    assert v.space == vs and reveals(game) == 0 and game.adv.threat == 1


def test_enemies_move_through_other_enemies():
    """Adventures p.10: the same route through an enemy fighter is fine."""
    game = new_game(players=1, table=FirstOptionAgent())
    v, leo = villain(game), heroes(game)[0]
    vs, t, b = blocked_layout(game)
    arrange(game, {v: vs, leo: t})
    fill(game, filler_side(game), [b])
    enemy_turn(game, game.adv.villain, MOVE)
    assert v.space in game.board.adj[t] and reveals(game) == 1


def test_every_space_next_to_the_target_occupied_means_no_target():
    """Adventures p.10: an enemy must finish its move in an empty space."""
    game = new_game()
    v, leo = villain(game), heroes(game)[0]
    vs = game.board.start[5]
    lt = spaces_at(game, vs, 3)[0]
    arrange(game, {v: vs, leo: lt})
    fill(game, filler_side(game), game.board.adj[lt])
    enemy_turn(game, game.adv.villain, MOVE)
    assert v.space == vs and reveals(game) == 0 and game.adv.threat == 1
    assert check_invariants(game) == []


def test_a_completely_full_board_does_not_break_an_enemy_turn():
    game = new_game(players=2)
    v = villain(game)
    a, b = heroes(game)
    vs = game.board.start[5]
    arrange(game, {v: vs, a: spaces_at(game, vs, 2)[0], b: game.board.adj[vs][0]})
    fill(game, filler_side(game), game.empty_spaces())
    assert not game.empty_spaces()
    enemy_turn(game, game.adv.villain, MOVE)          # b is adjacent: attacked, nobody moves
    assert v.space == vs and reveals(game) == 1
    game.damage(b, b.health)
    enemy_turn(game, game.adv.villain, MOVE)          # a cannot be reached: threat
    assert v.space == vs and reveals(game) == 1 and game.adv.threat == 1
    assert check_invariants(game) == []


# ---------------------------------------------------------------- supplies and decks
def test_an_empty_token_supply_places_nothing_and_asks_nothing():
    """Adventures p.11: no token left in the supply, nothing happens."""
    game = new_game()
    adv = game.adv
    adv.supply["mouser"] = 0
    adv.supply_total["mouser"] = 0
    ctx = Ctx(game, adv.villain, villain(game))
    run_ops(ctx, [{"place_token": {"kind": "mouser", "count": 3}}])
    assert not adv.tokens.get("mouser")
    assert check_invariants(game) == []


def test_a_duplicate_token_on_a_space_is_not_placed():
    """Adventures p.11: one ability token of each type per space."""
    game = new_game()
    adv = game.adv
    adv.supply["rat"] = adv.supply_total["rat"] = 3
    assert adv.place_token("rat", 4)
    assert not adv.place_token("rat", 4)
    assert adv.supply["rat"] == 2 and adv.tokens["rat"] == {4}


def test_an_empty_foot_soldier_supply_deploys_nothing():
    """Adventures p.11 and p.15: Shredder cannot deploy from an empty supply."""
    game = new_game()
    adv = game.adv
    before = dict(adv.data.get("foot", {}))
    adv.supply["foot"] = 0
    run_ops(Ctx(game, adv.villain, villain(game)), [{"deploy_foot": {"count": 3}}])
    assert adv.data.get("foot", {}) == before and adv.supply["foot"] == 0


def test_an_enemy_deck_running_out_reshuffles_its_discard():
    """Adventures p.13: enemies are never exhausted; an empty deck reshuffles the discard."""
    game = new_game()
    side = game.adv.villain
    v, leo = villain(game), heroes(game)[0]
    vs = game.board.start[5]
    arrange(game, {v: vs, leo: game.board.adj[vs][0]})
    check_invariants(game)
    side.discard.extend(side.deck)
    side.deck.clear()
    health = v.health
    enemy_turn(game, side, MOVE)
    assert reveals(game) == 1 and v.health == health
    assert len(side.deck) + len(side.discard) == len(side.all_cards()) - len(side.removed)
    assert check_invariants(game) == []


def test_drawing_from_an_empty_enemy_deck_never_exhausts():
    """Adventures p.13: an enemy cannot be exhausted (no 2-damage penalty)."""
    game = new_game()
    side = game.adv.villain
    side.discard.extend(side.deck)
    side.deck.clear()
    health = villain(game).health
    game.draw(side, 10)
    assert villain(game).health == health and not side.hand


def test_an_enemy_with_no_cards_at_all_neither_attacks_nor_crashes():
    """A defensive edge: every card out of the game (nothing to reshuffle)."""
    game = new_game(agents={0: FirstOptionAgent()})
    side = game.adv.villain
    v, leo = villain(game), heroes(game)[0]
    vs = game.board.start[5]
    arrange(game, {v: vs, leo: game.board.adj[vs][0]})
    side.removed.extend(side.deck + side.discard)
    side.deck.clear()
    side.discard.clear()
    assert take_top(game, side) is None
    enemy_turn(game, side, MOVE)                       # nothing to attack with
    attack = next(c for c in leo.side.hand + leo.side.deck if c.can_attack)
    (leo.side.hand if attack in leo.side.hand else leo.side.deck).remove(attack)
    combat = fight(game, leo, v, attack)               # the enemy defends with no card
    assert combat.def_card is None and combat.resolved


# ---------------------------------------------------------------- games ending mid-combat
def stay_put(decision):
    """Player choices that keep Leonardo where he is: maneuver without moving."""
    if decision.tag == "action":
        return decision.options.index("maneuver")
    if decision.tag == "move_fighter":
        return len(decision.options) - 1             # "done moving"
    if decision.tag in ("boost", "defense_card"):
        return 0                                     # no boost, no defense card
    return None


def test_the_last_player_fighter_defeated_mid_combat_loses_the_game():
    """Adventures p.7: all players eliminated, the players lose at once; nothing is asked after."""
    game = new_game(table=FirstOptionAgent())
    checker = CheckingAgent(ScriptedAgent(stay_put))
    game.agents = {0: checker}
    game.table_agent = CheckingAgent(FirstOptionAgent())
    v, leo = villain(game), heroes(game)[0]
    vs = game.board.start[5]
    arrange(game, {v: vs, leo: game.board.adj[vs][0]})
    lone_hero(game, leo)
    leo.health = 1
    no_defense(game, leo)
    v.health = v.max_health = 99
    result = play_adventure(game)
    assert (result.winner, result.reason) == ("villain", "all players were eliminated")
    assert result.rounds == 1 and not leo.alive and leo.side.eliminated
    assert check_invariants(game) == []


def test_the_last_player_fighter_defeated_in_an_enemy_turn_raises_game_over_once():
    game = new_game()
    v, leo = villain(game), heroes(game)[0]
    vs = game.board.start[5]
    arrange(game, {v: vs, leo: game.board.adj[vs][0]})
    lone_hero(game, leo)
    leo.health = 1
    no_defense(game, leo)
    with pytest.raises(GameOver) as info:
        enemy_turn(game, game.adv.villain, MOVE)
    assert info.value.winner == "villain" and game.over is info.value
    assert game.combat is None and not game.combat_stack    # the combat was unwound
    assert check_invariants(game) == []


@pytest.mark.parametrize("timing", ["after_combat", "during_combat", "immediately"])
def test_the_villain_defeated_mid_combat_by_a_defenders_effect_wins_the_game(timing):
    """Adventures p.7: the villain at 0 health, the players win at once, even inside a combat
    the villain started."""
    game = new_game(agents={0: ScriptedAgent(pick_card("Counterstrike"))})
    v, leo = villain(game), heroes(game)[0]
    vs = game.board.start[5]
    arrange(game, {v: vs, leo: game.board.adj[vs][0]})
    counterstrike(game, leo.side, 5, timing)
    v.health = 2
    with pytest.raises(GameOver) as info:
        enemy_turn(game, game.adv.villain, MOVE)
    assert info.value.winner == "heroes" and not v.alive and v.space is None
    assert check_invariants(game) == []


def test_a_minion_defeated_mid_combat_loses_its_cards_and_initiative():
    """Adventures p.10: a defeated enemy's cards and initiative card leave the game."""
    catalog = load_catalog()
    minion_key = sorted(k for k, e in catalog.enemies.items() if e.role == "minion")[0]
    game = new_game(minions=[minion_key], table=FirstOptionAgent())
    mside = game.adv.minions[0]
    m, leo = mside.fighters[0], heroes(game)[0]
    game.agents = {0: ScriptedAgent(pick_card("Counterstrike"))}
    ms = game.board.start[5]
    arrange(game, {villain(game): game.board.start[4], m: ms, leo: game.board.adj[ms][0]})
    counterstrike(game, leo.side, 20)
    check_invariants(game)
    enemy_turn(game, mside, MOVE)
    assert not m.alive and m.space is None and mside.eliminated and game.over is None
    assert all(c.removed for c in game.adv.all_cards if c.side is mside)
    assert not mside.deck and not mside.discard and game.adv.row == [c for c in game.adv.row if c.side is not mside]
    assert check_invariants(game) == []
    threat = game.adv.threat
    enemy_turn(game, mside, MOVE)                      # a defeated enemy has no turn
    assert game.adv.threat == threat
