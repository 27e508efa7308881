"""Setting up an Adventures game from a scenario (Adventures p.4)."""
from __future__ import annotations

from adventures.rules import difficulty, tags
from adventures.rules.allies import setup_allies
from adventures.rules.enemy import build_enemy_side
from adventures.rules.plugin import PLUGINS, EnemyPlugin
from adventures.rules.rules import AdventureRules
from adventures.rules.state import ENEMY, PLAYER, SPECIAL, AdvState, InitCard
from engine.board import compile_board
from engine.decisions import SPACE, TABLE
from engine.game import Game
from engine.setup import build_player_side, place_team

MINION_HEALTH = 10
ENEMY_INDEX = 10          # enemy sides get indices from here so seats 0-3 stay players


def load_plugins() -> None:
    import adventures.minions  # noqa: F401  (registers minion plugins)
    import adventures.villains  # noqa: F401  (registers villain plugins)


def resample(levels: list[int], length: int) -> list[int]:
    """Stretch or shrink a threat track to `length` spaces, keeping its shape."""
    return [levels[min(len(levels) - 1, i * len(levels) // length)] for i in range(length)]


def find_hero(catalog, name: str):
    """A hero by the catalog's one name normalisation (the same `validate` uses)."""
    hero = catalog.hero(name) if hasattr(catalog, "hero") else catalog.heroes.get(name)
    if hero is None:
        raise KeyError(f"unknown hero {name!r}")
    return hero


def pick_heroes(game: Game, scenario, catalog) -> list:
    """The seats' heroes; "random" draws among the co-op heroes only. The add-on's Shredder and
    Krang hero decks (`coop: false`) are competitive decks of the co-op game's own villains:
    the box's one Die of Ultimate Destruction and its Doomsday Machine and Foot soldier tokens
    belong to the villains (Adventures p.3 contents, p.13 "Feeling competitive?")."""
    chosen = []
    names = [s.hero for s in scenario.seats]
    for n in names:
        if n != "random" and not find_hero(catalog, n).coop:
            raise ValueError(f"{find_hero(catalog, n).name} is a competitive hero deck and does not play the co-op mode")
    fixed = {find_hero(catalog, n).key for n in names if n != "random"}
    pool = sorted(k for k, h in catalog.heroes.items() if k not in fixed and h.coop)
    for n in names:
        if n == "random":
            key = pool.pop(game.rng.randrange(len(pool)))
            chosen.append(catalog.heroes[key])
        else:
            chosen.append(find_hero(catalog, n))
    return chosen


def minion_count(scenario, catalog) -> int:
    """How many minions pick_minions will set up (known before it draws them)."""
    if scenario.minions == "random":
        return min(scenario.players, sum(1 for e in catalog.enemies.values() if e.role == "minion"))
    return len(scenario.minions)


def pick_minions(game: Game, scenario, catalog) -> list:
    minions = sorted(k for k, e in catalog.enemies.items() if e.role == "minion")
    n = scenario.players
    if scenario.minions == "random":
        return [catalog.enemies[k] for k in game.rng.sample(minions, min(n, len(minions)))]
    found = [catalog.enemy(k, "minion") if hasattr(catalog, "enemy") else catalog.enemies.get(k)
             for k in scenario.minions]
    for name, minion in zip(scenario.minions, found):
        if minion is None:
            raise KeyError(f"unknown minion {name!r}")
    return found


def init_card(defn, side, owner: str, move_override: int | None = None) -> InitCard:
    move = defn.move if move_override is None or defn.move is None else move_override
    return InitCard(defn.key, defn.name, owner, side, move, defn.right_now, tuple(defn.right_now_ops),
                    defn.end_of_round, tuple(defn.end_of_round_ops))


def new_adventure(scenario, catalog, seed: int, agents: dict | None = None, table_agent=None,
                  log: bool = True, replay: list[int] | None = None, hidden_hands: bool = False) -> Game:
    """Build and set up a game. Agents must answer setup decisions (placements).

    `replay`: recorded answers fed back before any agent is asked (restoring a save).
    `hidden_hands`: the players keep their hands hidden from each other (hot seat; open is
    co-op's default, Adventures p.3), a rule of the game from its first decision on."""
    load_plugins()
    scenario = difficulty.pinned(scenario, catalog)     # recorded with the game (saves, replays)
    card_steps = difficulty.enemy_card_steps(scenario)
    villain_def = catalog.enemies[scenario.villain]
    board = catalog.compiled_board(villain_def.board) if hasattr(catalog, "compiled_board") \
        else compile_board(catalog.boards[villain_def.board])
    game = Game(board, seed, AdventureRules(), log=log)
    game.hidden_hands = hidden_hands        # what each seat may see (adventures.rules.view)
    game.scenario = scenario
    game.catalog = catalog
    game.agents = dict(agents or {})
    game.table_agent = table_agent
    # Search bots replay from the last quiet point: keep a copy there (adventures.rules.clone).
    game.keep_checkpoints = any(getattr(a, "wants_checkpoints", False) for a in (*game.agents.values(), table_agent))
    game.replay_queue.extend(replay or ())   # setup asks decisions too: queue before it runs
    ov = scenario.overrides
    players = scenario.players

    # 1. villain
    health = ov.villain_health or villain_def.health_for(players)
    decks = 1 + minion_count(scenario, catalog)         # the dial's steps are dealt over every enemy deck
    villain = build_enemy_side(game, villain_def, ENEMY_INDEX, health, difficulty.deck_steps(card_steps, 0, decks))
    levels = list(villain_def.threat_track.levels)
    if ov.threat_track_length:
        levels = resample(levels, ov.threat_track_length)
    game.adv = AdvState(players=players, villain=villain, minions=[], threat_levels=levels,
                        threat_numbered=villain_def.threat_track.numbered)
    adv = game.adv
    adv.data["overrides"] = ov
    if ov.starting_threat:
        adv.threat = min(ov.starting_threat, len(levels) - 2)
    game.put(villain.fighters[0], board.start[5])
    villain.start_space = board.start[5]     # its starting space (Black Widow's missions)
    if game.events is not None:   # the log says each step of the setup as it happens (no text in batch runs)
        game.log("setup", f"{villain.name} starts on space {board.ids[board.start[5]]}, the villain's starting "
                 f"space, with {health} health for {players} player{'s' if players > 1 else ''}.", side=villain.index)
    for token, count in villain_def.supply.items():
        adv.supply[token] = adv.supply_total[token] = count
    cards: list[InitCard] = []
    for d in villain_def.initiative:
        owner = ENEMY if d.move is not None else SPECIAL
        cards.append(init_card(d, villain, owner, ov.villain_move))
    vplug = make_plugin(villain_def, villain)
    adv.add_plugin(vplug)

    # 2. minions: one per player, on empty spaces adjacent to the villain
    for k, mdef in enumerate(pick_minions(game, scenario, catalog)):
        mside = build_enemy_side(game, mdef, ENEMY_INDEX + 1 + k, ov.minion_health or MINION_HEALTH,
                                 difficulty.deck_steps(card_steps, 1 + k, decks))
        adv.minions.append(mside)
        for token, count in mdef.supply.items():
            adv.supply[token] = adv.supply.get(token, 0) + count
            adv.supply_total[token] = adv.supply_total.get(token, 0) + count
        for d in mdef.initiative:
            owner = ENEMY if d.move is not None else SPECIAL
            cards.append(init_card(d, mside, owner, ov.minion_move))
        adv.add_plugin(make_plugin(mdef, mside))
        place_near_villain(game, mside.fighters[0])

    # 3-4. heroes on empty starting spaces; the space number is the player order
    for seat, hero in enumerate(pick_heroes(game, scenario, catalog)):
        side = build_player_side(game, hero, seat, 0, ov.hero_health_bonus or 0)
        starts = sorted(n for n in (1, 2, 3, 4) if game.occ[board.start[n]] is None and n not in adv.seats)
        number = game.decide(seat, SPACE, f"{hero.name}: choose a starting space", starts,
                             [f"starting space {n}" for n in starts], tag=tags.START_SPACE)
        adv.seats[number] = side
        place_team(game, side, board.start[number])
        log_sidekicks(game, side)
        cards.append(InitCard(f"player_{number}", f"Player {number} ({hero.name})", PLAYER, side))
    for side in game.sides:
        if side.ability is not None and not side.is_enemy:
            side.ability.game_start(game)

    # 5. the initiative deck, then each module's extra setup (boroughs, machines...)
    adv.all_cards = cards
    for plugin in adv.plugins:
        plugin.setup(game)
    if scenario.allies:
        setup_allies(game)      # allies & henchmen, advanced play (p.19)
    if game.events is not None:
        minions = names([m.name for m in adv.minions])
        heroes = names([s.name for s in game.sides if not s.is_enemy])
        game.log("setup", f"Setup done: {villain.name}" + (f" and {minions}" if minions else "") +
                 f" against {heroes}.")
    return game


def names(items: list[str]) -> str:
    """'A', 'A and B', 'A, B and C'."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def log_sidekicks(game: Game, side) -> None:
    """Where each sidekick was placed (the hero's own line is the engine's)."""
    if game.events is None:
        return
    hero = side.fighters[0]
    zone = set(game.board.spaces_in_zone_of(hero.space)) if hero.space is not None else set()
    for sk in side.fighters[1:]:
        if sk.space is None:
            continue
        where = f"in {hero.name}'s zone" if sk.space in zone else "the nearest free space"
        game.log("setup", f"{sk.name} starts on space {game.board.ids[sk.space]}, {where}.", side=side.index)


def make_plugin(defn, side) -> EnemyPlugin:
    if defn.rules is None:
        return EnemyPlugin(side, defn)
    if defn.rules not in PLUGINS:
        raise KeyError(f"{defn.key}: unknown rules plugin {defn.rules!r}")
    return PLUGINS[defn.rules](side, defn)


def place_near_villain(game: Game, fighter) -> None:
    villain = game.adv.villain.fighters[0]
    # The heroes' starting spaces stay free for them (they are placed next, p.4).
    reserved = {game.board.start[n] for n in (1, 2, 3, 4) if n in game.board.start}
    pool = [s for s in game.board.adj[villain.space] if game.occ[s] is None and s not in reserved]
    if not pool:   # every adjacent space is full: the nearest empty space instead
        empty = [s for s in game.empty_spaces() if s not in reserved] or game.empty_spaces()
        pool = sorted(empty, key=lambda s: game.board.dist[villain.space][s])[:3]
    pool.sort(key=lambda s: game.board.ids[s])
    s = game.decide(TABLE, SPACE, f"Players choose where {fighter.name} starts (next to the villain)", pool,
                    [f"space {game.board.ids[s]}" for s in pool], tag=tags.PLACE_MINION)
    game.put(fighter, s)
    if game.events is not None:
        where = f"next to {villain.name}" if s in game.board.adj[villain.space] else "as near the villain as room allows"
        game.log("setup", f"{fighter.name} starts on space {game.board.ids[s]}, {where}.", side=fighter.side.index)
