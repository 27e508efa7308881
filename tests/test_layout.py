"""The table at every size (issue 28): every scene of the app drawn headless at the window
sizes of common laptop and desktop screens, at the smallest and largest text sizes, for
1 to 4 players, a duel and a free-for-all; no text cut, no panel over another or over the
board's spaces and tokens, nothing outside the window.

Covering set (not every combination, to stay fast): each game below is played once by bots
to a player's decision, then that moment and the moments built from it (a combat, an
enemy's turn, a hot-seat curtain, the menu and its dialogs, the end screen) are drawn at
every size x text size (85%, 100%, 115% and 130%). The new-game screen is drawn for 1
and 4 players and a free-for-all at every size x text size.
"""
from __future__ import annotations

import functools
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from adventures.app import overlays, settings  # noqa: E402
from adventures.app import theme as T  # noqa: E402
from adventures.app.combat_view import CombatSnapshot  # noqa: E402
from adventures.app.layout import GameLayout  # noqa: E402
from adventures.app.scenarios import find_scenario  # noqa: E402
from adventures.app.screenshot import shoot  # noqa: E402
from engine.content.schema import MatchDef  # noqa: E402
from engine.state import GameOver  # noqa: E402

SIZES = [(1152, 633), (1280, 720), (1366, 768), (1920, 1080)]
SCALES = [0.85, 1.0, 1.15, 1.3]
FFA = {"name": "Free-for-all", "mode": "ffa", "board": "new_york_city",
       "seats": [{"hero": "leonardo", "bot": "heuristic"}, {"hero": "raphael", "bot": "heuristic"},
                 {"hero": "donatello", "bot": "heuristic"}]}


@pytest.fixture(autouse=True)
def app_home(tmp_path, monkeypatch):
    monkeypatch.setenv("TMNT_ADVENTURES_HOME", str(tmp_path / "home"))
    yield
    T.set_scale(1.0)


def games():
    return {"shredder-1p": find_scenario("shredder-1p"), "krang-2p": find_scenario("krang-2p"),
            "shredder-3p-allies": find_scenario("shredder-3p-allies"), "shredder-4p": find_scenario("shredder-4p"),
            "krang-4p": find_scenario("krang-4p"), "duel": find_scenario("duel-leonardo-raphael"),
            "ffa": MatchDef.model_validate(FFA)}


# ---------------------------------------------------------------- what a picture must not have
def problems_in(surf: pygame.Surface, draw) -> list[str]:
    """Draw with the text register on; every cut string, every line of text outside the
    window (text under a scroll view's clip is that view's business), every line drawn
    over a good part of another (a heading over its value), every provenance badge over
    any part of a line (the end of a small card's name) and every line over part of a
    button (a hint over its label) is a problem."""
    T.reset_cuts(trace=surf)
    draw(surf)
    found = [f"cut: {full!r} drawn as {shown!r}" for full, shown in T.CUTS]
    screen = surf.get_rect()
    layers = [[]]
    for text, rect in T.TRACE or []:
        if rect is None:
            layers.append([])               # a dialog over what was drawn before
        elif text.strip():
            layers[-1].append((text, rect))
    for layer in layers:
        marks = [rect for text, rect in layer if text == T.MARK]
        buttons = [rect for text, rect in layer if text == T.BUTTON]
        layer = [(text, rect) for text, rect in layer if text not in (T.MARK, T.BUTTON)]
        for text, rect in layer:
            if not screen.contains(rect):
                found.append(f"outside the window: {text!r} at {tuple(rect)}")
        found += overlapping_text(layer)
        found += [f"badge {tuple(m)} over text {text!r} {tuple(rect)}" for m in marks for text, rect in layer
                  if m.colliderect(rect)]
        # a button's own label lies inside it; any other text over part of it covers it
        found += [f"text {text!r} {tuple(rect)} over part of a button {tuple(b)}" for b in buttons
                  for text, rect in layer if b.colliderect(rect) and not b.contains(rect)]
    T.reset_cuts()
    return found


def overlapping_text(lines) -> list[str]:
    """Lines of text (of one layer) that cover more than a quarter of another."""
    found = []
    for i, (ta, a) in enumerate(lines):
        for tb, b in lines[i + 1:]:
            c = a.clip(b)
            if ta != tb and c.width * c.height > 0.25 * min(a.width * a.height, b.width * b.height):
                found.append(f"text over text: {ta!r} {tuple(a)} and {tb!r} {tuple(b)}")
    return found


def layout_problems(scene) -> list[str]:
    """Regions disjoint and inside the window; the board's spaces and pieces inside the board;
    the combat panel inside its own region, so it covers neither."""
    L: GameLayout = scene.layout
    screen = pygame.Rect(0, 0, *L.size)
    found = []
    regions = L.regions()
    names = list(regions)
    for k, a in enumerate(names):
        if not screen.contains(regions[a]):
            found.append(f"region {a} {tuple(regions[a])} outside the window")
        for b in names[k + 1:]:
            if regions[a].colliderect(regions[b]):
                found.append(f"regions {a} and {b} overlap")
    bv = scene.board_view
    for i, (x, y) in enumerate(bv.centers):
        if not L.board.contains(pygame.Rect(x - bv.r, y - bv.r, 2 * bv.r, 2 * bv.r)):
            found.append(f"space {i} outside the board region")
    if scene.combat.snapshot is not None and not L.combat.contains(scene.combat.rect):
        found.append(f"combat panel {tuple(scene.combat.rect)} outside its region {tuple(L.combat)}")
    for b in scene.top_buttons + scene.prompt_bar.buttons:
        if not screen.contains(b.rect):
            found.append(f"button {b.label!r} outside the window")
    return found


def players_problems(scene, surf, may_scroll: bool = False) -> list[str]:
    """Issue 28 item 2: with 4 players at large text the players' column scrolled and the
    last player was below the fold. Every player's row must be drawn whole inside the
    status column, with the column at its top and scrolled to its end alike (a row that
    only scrolling brings into view is a problem), and the column must not need scrolling."""
    hud = scene.hud
    sides = [s for s in scene.game.sides if not s.is_enemy]
    found = []
    for scroll in (0, 10 ** 5):
        hud.scroll = scroll
        scene.draw(surf, 0)
        drawn = {id(side): r for side, r in hud.player_rects}
        for side in sides:
            r = drawn.get(id(side))
            if r is None:
                found.append(f"player {side.name} not drawn")
            elif not (hud.side_rect.contains(r) and surf.get_rect().contains(r)):
                found.append(f"player {side.name}'s row {tuple(r)} outside the column {tuple(hud.side_rect)}"
                             f" (scrolled {scroll})")
        if hud.scroll and not may_scroll:
            found.append(f"the status column scrolls (content {hud.content_h} px)")
    hud.scroll = 0
    return found


# ---------------------------------------------------------------- the moments of a game
def moments(app):
    """(name, prepare) pairs: each prepares the game scene for one moment of play."""
    scene = app.game_scene
    game = scene.game
    decision = scene.model.decision if scene.model is not None else None
    players = [s for s in game.sides if not s.is_enemy]

    def decision_moment():
        scene.overlay = None
        if decision is not None:
            scene.begin_decision(decision)

    def combat():
        decision_moment()
        other = next(s for s in game.sides if s is not players[0])
        a, d = players[0].fighters[0], other.fighters[0]
        # the defender's card from its own deck (an enemy's card: of our design, no badge on its face)
        snap = CombatSnapshot(a, d, (players[0].hand or players[0].discard or [None])[0],
                              (other.deck or other.discard or [None])[0])
        snap.att, snap.dfn, snap.damage = 4, 2, 2
        snap.steps = ["AFTER COMBAT: a long effect line that has to wrap inside the combat panel "
                      "rather than run past its edge", "Initiative: the next card"]
        scene.combat.snapshot = snap

    def enemy_turn():
        scene.combat.dismiss()
        scene.end_decision()
        scene.waiting = True
        enemies = [s for s in game.sides if s.is_enemy] or players[1:]
        scene.turn_side = enemies[0] if enemies else None
        scene.status = "It moves 3 spaces toward the nearest hero and attacks the one with the least health."

    def curtain():
        scene.waiting = False
        decision_moment()
        scene.show_curtain(players[-1].index)

    def menu():
        decision_moment()
        scene.open_menu()

    def settings_dialog():
        scene.overlay = settings.settings_overlay(app)

    def load_dialog():
        scene.ctl.save()
        scene.ctl.save()
        from adventures.app import userdata
        scene.overlay = overlays.load_overlay(userdata.save_entries(), userdata.autosave_path())

    def reference():
        scene.overlay = overlays.ReferenceOverlay(game.catalog.heroes[players[0].hero_key]) if hasattr(
            game, "catalog") else None

    def pile():
        side = players[0]
        scene.overlay = overlays.PileOverlay(f"{side.name}: discard pile", list(side.discard) + list(side.hand))

    def why_panel():
        """The "Why?" panel of the longest enemy record in the log (issue 40)."""
        from adventures.app.why_view import WhyOverlay
        records = [e["why"] for e in game.events or () if isinstance(e.get("why"), dict)]
        scene.overlay = WhyOverlay([("", max(records, key=lambda w: len(str(w))))]) if records else None

    return [("a decision", decision_moment), ("a combat", combat), ("an enemy turn", enemy_turn),
            ("a curtain", curtain), ("the menu", menu), ("settings", settings_dialog), ("load", load_dialog),
            ("a hero reference", reference), ("a pile", pile), ("a why panel", why_panel)]


@pytest.mark.parametrize("name", ["shredder-1p", "krang-2p", "shredder-3p-allies", "shredder-4p", "krang-4p", "duel",
                                  "ffa"])
def test_every_moment_of_play_fits_every_window_and_text_size(name):
    """Each moment at 1152x633 ... 1920x1080 and text sizes 85% / 130%: no text cut, no
    text outside the window, regions disjoint, the combat panel in its own region."""
    app = shoot(games()[name], 1, 6, SIZES[1])
    scene = app.game_scene
    found = []
    for label, prepare in moments(app):
        for scale in SCALES:
            T.set_scale(scale)
            for size in SIZES:
                prepare()
                surf = pygame.Surface(size)
                where = f"{name} {label} {size[0]}x{size[1]} at {int(scale * 100)}%"
                found += [f"{where}: {p}" for p in problems_in(surf, lambda s: scene.draw(s, 0))]
                if scene.overlay is None:
                    found += [f"{where}: {p}" for p in layout_problems(scene)]
                    found += [f"{where}: {p}" for p in players_problems(scene, surf)]
                if scene.overlay is not None and hasattr(scene.overlay, "buttons"):
                    found += [f"{where}: button {b.label!r} outside the window" for b in scene.overlay.buttons
                              if not surf.get_rect().contains(b.rect)]
    scene.overlay = None
    scene.waiting = False
    from adventures.app.end_scene import EndScene
    from adventures.app.match_mode import MatchEndScene
    setup = app.shot_controller.setup
    end = (MatchEndScene if setup.is_match else EndScene)(app, scene.game, setup,
                                                           GameOver("heroes" if not setup.is_match else
                                                                    scene.game.sides[0].name,
                                                                    "the villain was defeated in a long fight"))
    for scale in SCALES:
        T.set_scale(scale)
        for size in SIZES:
            surf = pygame.Surface(size)
            found += [f"{name} end {size}: {p}" for p in problems_in(surf, lambda s: end.draw(s, 0))]
            found += [f"{name} end {size}: button {b.label!r} outside" for b in end.buttons
                      if not surf.get_rect().contains(b.rect)]
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} problems)"


@pytest.mark.parametrize("setup", ["1 player", "4 players", "4 players hot seat", "free-for-all",
                                   "free-for-all hot seat"])
def test_the_new_game_screen_fits_and_its_start_button_is_always_in_view(setup):
    """Issue 28 item 1: with 4 players the Start button fell below the window. The form
    scrolls; Start (and Continue, Load, Settings) stay in a footer that is always shown."""
    from adventures.app.app import App
    from adventures.app.new_game_scene import NewGameScene
    from adventures.app.userdata import autosave_path
    app = App(SIZES[0], headless=True, fps=0, speed_ms=0)
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_text("{}")            # a game in progress: the footer has Continue too
    scene = NewGameScene(app)
    if setup.startswith("4 players"):
        scene.action(("players", 4))
        scene.heroes = ["leonardo", "raphael", "donatello", "michelangelo"]
        scene.action(("allies", True))
    elif setup.startswith("free-for-all"):
        scene.action(("mode", "match"))
        scene.match_form.action(("m_mode", "ffa"))
        scene.match_form.action(("m_players", 4))
    if setup.endswith("hot seat"):         # a second person: the Hands row and its notes (issue 39)
        scene.action(("m_control", 2, "human") if scene.mode == "match" else ("control", 1, "human"))
    found = []
    for scale in SCALES:
        T.set_scale(scale)
        for size in SIZES:
            surf = pygame.Surface(size)
            for scroll in (0, 10 ** 5):          # the top of the form, and scrolled to its end
                scene.scroll = scroll
                found += [f"{size} {scale} scroll {scroll}: {p}" for p in problems_in(surf, lambda s: scene.draw(s, 0))]
                start = next((b for b in scene.buttons if b.value == "start"), None)
                if start is None or not surf.get_rect().contains(start.rect):
                    found.append(f"{size} {scale}: the Start button is not in view")
                found += [f"{size} {scale}: button {b.label!r} outside the window" for b in scene.buttons
                          if not surf.get_rect().contains(b.rect)]
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} problems)"


def test_enter_on_the_new_game_screen_starts_the_game_set_up_there(tmp_path):
    """Issue 28 item 1: Enter started the old game instead of the one configured. Enter asks
    to start the configured game (the game in progress is kept as a save); C continues."""
    from adventures.app.app import App
    from adventures.app.new_game_scene import NewGameScene
    from adventures.app.userdata import autosave_path
    app = App(SIZES[0], headless=True, fps=0, speed_ms=0)
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_text("{}")                      # a game in progress
    scene = NewGameScene(app)
    seen = []
    scene.action = lambda value: seen.append(value)
    for key in (pygame.K_RETURN, pygame.K_c):
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    assert seen == ["start", "continue"]


def test_the_layout_gives_every_region_its_room_for_four_players():
    """At each size and text size, 4 players: the board keeps a quarter of the height and
    the width its shape needs there (or half the left part), the combat/log region at least
    230 pixels of width, the initiative row room for a round's 10 cards."""
    for scale in SCALES:
        for w, h in SIZES:
            L = GameLayout.for_size(w, h, 4, scale, 1.6, 10)
            assert L.board.height >= 0.25 * h, (w, h, scale, L)
            assert L.board.width >= min(0.5 * L.top.width, 1.6 * L.board.height), (w, h, scale, L)
            assert L.combat.width >= 230 * scale and L.combat.height >= 120, (w, h, scale, L)
            assert L.init_rows * L.init_per_row >= 10


def test_every_player_stays_in_view_when_even_the_tersest_column_is_too_tall():
    """Issue 28 item 2, the last resort: a column taller than the window even with its
    tersest rows (long plans at 130% on the smallest window) keeps the players whole at
    its bottom; only the enemies, threat and plan above them scroll."""
    app = shoot(games()["shredder-4p"], 1, 6, SIZES[1])
    scene = app.game_scene
    dict(moments(app))["a decision"]()
    scene.game.adv.data["fallen"] = ["Manhattan", "Brooklyn", "Bronx", "Staten Island"]
    scene.game.adv.data["last_roll"] = {"face": "3", "why": "a trap deep in the sewers, rolled for every hero "
                                                            "standing in a borough that has fallen to the Foot Clan"}
    scene.game.adv.data["trap_discard"] = ["a trap"]
    T.set_scale(1.3)
    surf = pygame.Surface((960, 600))
    found = problems_in(surf, lambda s: scene.draw(s, 0))
    found += players_problems(scene, surf, may_scroll=True)
    assert scene.hud.density == scene.hud.TERSE and scene.hud.content_h > scene.hud.status_h
    assert not found, found


def test_a_compact_player_row_tells_on_hover_what_it_leaves_out_and_opens_the_discard_pile():
    """The compact rows (130% on the smallest window) drop the piles and who plays a seat
    from the row: hovering the row shows them, a click opens that player's discard pile."""
    from adventures.app import overlays
    app = shoot(games()["shredder-4p"], 1, 6, SIZES[1])
    scene = app.game_scene
    dict(moments(app))["a decision"]()
    T.set_scale(1.3)
    surf = pygame.Surface(SIZES[0])
    scene.draw(surf, 0)
    assert scene.hud.density >= scene.hud.COMPACT_PLAYERS
    side, row = scene.hud.player_rects[1]
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=row.center, rel=(0, 0), buttons=(0, 0, 0)))
    T.reset_cuts(trace=surf)
    scene.draw(surf, 0)
    shown = [text for text, _r in T.TRACE]
    T.reset_cuts()
    assert f"deck {len(side.deck)}" in " ".join(shown) and "Click: discard pile" in shown
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=row.center, button=1))
    assert isinstance(scene.overlay, overlays.PileOverlay) and scene.overlay.cards == side.discard[::-1]


def draw_hand(hand, surf, rect, side, mark) -> None:
    hand.draw(surf, rect, side, hidden=False, legal=set(), choosing=False, hover_pos=(-1, -1),
              mark_of=lambda card: mark)


def test_a_hand_shares_one_name_size_the_largest_that_fits_every_name(monkeypatch):
    """Names in one hand were each shrunk on their own, so sizes varied from card to card.
    The hand's names share one size: every name fits its card whole at it, and one size
    larger at least one would not (it is the largest). With a badge on every card (the
    owner's content) the names keep clear of it (problems_in checks badge over text). A hand
    laid out to be read (hand_plan) names every card at the plan's one size."""
    from adventures.app import card_view, provenance
    from adventures.app.hand_view import HandView
    game = shoot(games()["shredder-4p"], 1, 0, SIZES[1]).game_scene.game
    yours = provenance.Mark(provenance.YOURS, ("yours",))
    drawn = []                               # (text, size) of every line drawn in a card's band (white)
    draw_text = T.draw_text

    def recording(surf, text, pos, size=15, color=T.TEXT, *args, **kw):
        if color == (255, 255, 255):
            drawn.append((text, size))
        return draw_text(surf, text, pos, size, color, *args, **kw)

    monkeypatch.setattr(T, "draw_text", recording)
    found = []
    for hero in [s for s in game.sides if not s.is_enemy]:
        every = {c.name: c for c in [*hero.hand, *hero.deck, *hero.discard]}
        names = sorted(every, key=len)
        cards = [every[n] for n in names[-3:] + names[:2]]          # the longest names and the shortest
        side = type("Side", (), {"name": hero.name, "index": hero.index, "is_enemy": False, "hand": cards,
                                 "deck": [], "discard": []})()
        for scale in SCALES:
            T.set_scale(scale)
            for size in SIZES:
                for mark in (None, yours):
                    hand = HandView()
                    rect = GameLayout.for_size(*size, 4, scale).hand
                    surf = pygame.Surface(size)
                    draw = functools.partial(draw_hand, hand, rect=rect, side=side, mark=mark)
                    found += [f"{hero} {size} {scale} {mark and 'badge'}: {p}" for p in problems_in(surf, draw)]
                    plan = hand.plan
                    if plan is not None:     # cards laid out to be read: the plan's one name size for all
                        rects = {id(c): r for r, c in hand.card_rects}
                        lines = {line for f, face in enumerate(plan.faces) if f not in plan.short
                                 for line in card_view.reading_face(
                                     cards[face[0]], rects[id(cards[face[0]])], plan.text_size, plan.band_lines, mark,
                                     plan.name_size, len(face)).name_lines}
                        drawn.clear()
                        draw(surf)
                        assert {size for text, size in drawn if text in lines} == {plan.name_size}, (hero.name, size)
                        continue
                    cw, ch = hand.card_rects[0][0].size
                    shared = hand.name_size
                    assert shared is not None, (hero, size, scale)
                    biggest, w, n = card_view.name_room((cw, ch))
                    assert all(card_view.name_lines_at(c.name, shared, w, n) for c in cards)
                    assert shared == biggest or not all(card_view.name_lines_at(c.name, shared + 1, w, n)
                                                        for c in cards)
                    # ...and every name is drawn at it
                    lines = {line for c in cards for line in card_view.name_lines_at(c.name, shared, w, n)}
                    drawn.clear()
                    draw(surf)
                    assert {size for text, size in drawn if text in lines} == {shared}, (hero.name, size, scale)
    assert not found, "\n".join(found[:20])


def test_the_text_function_shrinks_a_name_before_cutting_and_reports_any_cut():
    """One text function: a name shrinks (to 9 pixels) rather than being cut; text that
    still does not fit is cut with an ellipsis and the cut is written where tests read it."""
    pygame.font.init()
    surf = pygame.Surface((400, 100))
    T.reset_cuts()
    full = T.text_width("Bebop & Rocksteady", 15, True)
    T.draw_text(surf, "Bebop & Rocksteady", (0, 0), 15, bold=True, max_width=int(full * 0.75), name=True)
    assert T.CUTS == []
    T.draw_text(surf, "A long line of rules text that cannot fit", (0, 0), 15, max_width=60)
    assert len(T.CUTS) == 1 and T.CUTS[0][1].endswith("…")
    T.reset_cuts()
    assert T.wrap_name("Eat, Sleep, and Breathe Ninjutsu", 15, 110, True)[0][1:], "a long name wraps"


def test_the_board_scales_its_content_into_its_panel():
    """Issue 28 item 7: the Technodrome used half its panel's width (0.53 of it at 1280x720).
    The board region takes the shape of the board's content, and the spaces span most of it."""
    from adventures.app.board_view import BoardView
    from adventures.content.catalog import load_catalog
    from engine.board import compile_board
    catalog = load_catalog()
    for key in catalog.boards:
        board = compile_board(catalog.boards[key])
        for size in SIZES:
            bv = BoardView(board)
            bv.layout(GameLayout.for_size(*size, 4, 1.0, BoardView.content_aspect(board), 10).board)
            xs = [x for x, _y in bv.centers]
            assert (max(xs) - min(xs)) / bv.rect.width > 0.65, (key, size)


def test_the_log_wraps_anew_when_the_text_size_changes_mid_game():
    """Found under Xvfb: after Settings > text 130% the log kept its 100% lines, which ran past
    the panel's edge (the wrap cache did not know the text size)."""
    from adventures.app.log_panel import LogPanel
    events = [{"kind": "info", "text": "A patrolling Foot soldier is deployed on the Foot circle 18-21 (Bronx) "
                                       "(Foot Clan Ambush)."}] * 3
    pygame.font.init()
    panel = LogPanel()
    try:
        T.set_scale(1.0)
        panel._build(events, 400)
        T.set_scale(1.3)
        panel._build(events, 400)
        assert all(T.font(13, bold).size(line)[0] <= 400 - (12 if indent else 0)
                   for line, _, bold, indent in panel._lines)
    finally:
        T.set_scale(1.0)


def board_label_problems(scene, surf) -> list[str]:
    """Every label on the board (space numbers left in view, starting badges, the tokens'
    names, shapes and health, Foot soldiers and markers, the boroughs' and machines' names)
    drawn clear of every other: a health pill over a space's number, a starting badge under
    a borough's name, a name over a Foot soldier was each a problem at 130%."""
    from adventures.app.board_view import LEGIBLE_PX
    bv = scene.board_view
    T.reset_cuts(trace=surf)
    scene.draw(surf, 0)
    labels = list(bv.drawn_labels)
    known = {tuple(r) for _what, r in labels}
    def own_letter(rect) -> bool:          # a piece's or marker's letter (F, M) on it
        return any(r.collidepoint(rect.center) and rect.width * rect.height <= r.width * r.height
                   for what, r in bv.drawn_labels if not what.startswith(("space ", "start of ")))

    labels += [(text, rect) for text, rect in T.TRACE or [] if rect is not None and text not in (T.MARK, T.BUTTON)
               and text.strip() and scene.layout.board.contains(rect) and tuple(rect) not in known
               and not own_letter(rect)]
    T.reset_cuts()
    found = []
    for i, (wa, a) in enumerate(labels):
        for wb, b in labels[i + 1:]:
            if wa != wb and a.inflate(-2, -2).colliderect(b.inflate(-2, -2)):
                found.append(f"{wa!r} {tuple(a)} over {wb!r} {tuple(b)}")
    for what, size in (("space numbers", bv.number_px()), ("health", bv.health_px())):
        if size < LEGIBLE_PX:
            found.append(f"{what} at {size} px")
    return found


@pytest.mark.parametrize("name", ["shredder-4p", "krang-4p", "duel"])
def test_no_board_label_covers_another_at_any_size_and_130_percent(name):
    """Issue 40: at 130% the board shrank to about 430x200 px and its numbers and tokens ran
    into each other. The layout keeps the board's share of the height (the hand gives way),
    and the board's labels are sized by its spaces: at 100% and 130%, at every window size,
    no label of the board covers another and every number stays legible."""
    app = shoot(games()[name], 1, 6, SIZES[1])
    scene = app.game_scene
    dict(moments(app))["a decision"]()
    adv = getattr(scene.game, "adv", None)
    if adv is not None:                  # two kinds of markers on one space, a fighter on it
        crowded = next(f.space for f in scene.game.fighters if f.space is not None and not f.is_enemy)
        adv.tokens = {**adv.tokens, "mouser": {crowded}, "rat": {crowded}}
    found = []
    for scale in (1.0, 1.3):
        T.set_scale(scale)
        for size in SIZES:
            surf = pygame.Surface(size)
            found += [f"{size[0]}x{size[1]} at {int(scale * 100)}%: {p}" for p in board_label_problems(scene, surf)]
    assert not found, "\n".join(found[:30]) + f"\n({len(found)} problems)"


def test_the_board_keeps_its_band_at_130_percent():
    """The regions of text (the initiative row, the prompt) grow with the text size; the board
    kept only what was left (206 px of 633 at 130%). Its band keeps BAND_MIN x text size (the
    aside's buttons, a combat panel and four lines of log beside it) wherever the hand can
    give way (down to its smallest), at every window size and text size."""
    from adventures.app.layout import BAND_MIN, HAND_MIN
    for w, h in SIZES:
        for scale in SCALES:
            L = GameLayout.for_size(w, h, 4, scale, 1.54, 10)
            assert L.board.height >= int(BAND_MIN * scale) or L.hand.height <= HAND_MIN * min(scale, 1.1) + 1, (
                w, h, scale)
    assert GameLayout.for_size(1152, 633, 4, 1.3, 1.54, 10).board.height >= 240
