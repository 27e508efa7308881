"""The game screen: board, initiative row, status column, log, prompt and hand.

The scene only draws and turns clicks/keys into answers; the controller owns the game
flow. `result` is set to an option index when the human picks one, which ends the
nested loop started by `HumanAgent.choose`.
"""
from __future__ import annotations

import pygame

import adventures.app.glossary_view as glossary_view
from adventures.app import browse, card_view, die_view, intent_view, overlays, provenance, settings, why_view
from adventures.app import theme as T
from adventures.app.banner import BannerView, banner_for
from adventures.app.board_view import BoardView, Highlights
from adventures.app.combat_view import CombatView
from adventures.app.hand_view import LIFT, HandView
from adventures.app.hud import Hud
from adventures.app.layout import GameLayout
from adventures.app.log_panel import LogPanel, PrivateReader
from adventures.app.motion import Motion
from adventures.app.private import bot_pick, private_groups
from adventures.app.prompt import PromptBar, PromptModel, mark_cards
from adventures.app.widgets import Button
from adventures.rules.view import hands_hidden, may_see
from engine.decisions import TABLE
from engine.state import Card, Fighter

TOAST_MS = 2800
SUGGEST_MS = 9000        # a suggestion's line is read against the board: it stays longer
PULSE_MS = 4000          # legal choices pulse this long after the last input, then hold still
SOUNDS = {"reveal": "reveal", "damage": "hit", "threat": "threat", "objective": "objective"}
# What the whole table watches: after one of these, a hidden hand waits behind its curtain again.
TABLE_EVENTS = {"reveal", "combat", "round", "end_of_round", "initiative", "objective", "game_over", "hands"}


def init_card_lines(card) -> list[str]:
    """An initiative card's text, as the hover tooltip of the initiative row."""
    lines = [card.name]
    if card.move is not None:
        lines.append(f"Move {card.move}")
    if card.right_now:
        lines.append(f"RIGHT NOW: {card.right_now}")
    if card.end_of_round:
        lines.append(f"END OF ROUND: {card.end_of_round}")
    return lines


class GameScene:
    def __init__(self, app):
        self.app = app
        self.game = None
        self.ctl = None
        self.layout: GameLayout | None = None
        self.board_view: BoardView | None = None
        self.hud = Hud()
        self.hand = HandView()
        self.log = LogPanel()
        self.prompt_bar = PromptBar()
        self.combat = CombatView()
        self.model: PromptModel | None = None
        self.narrowed: list[int] | None = None
        self.result = None
        self.overlay = None
        self.hover_pos = (-1, -1)
        self.trail: tuple[int, ...] | None = None
        self.tab_side = None
        self.viewer_seat: int | None = None     # the seat that passed its curtain last (hot seat; see `viewer`)
        self.skip_turn = False
        self.waiting = False          # True while the controller paces an enemy/bot turn
        self._toast: tuple[str, int] | None = None
        self.top_buttons: list[Button] = []
        from adventures.app.suggest import Suggester
        self.suggester = Suggester()
        self.skip_button: Button | None = None
        self.status = ""
        self.turn_side = None                   # whose turn the prompt bar names (set by "turn" events)
        self.motion = Motion()                  # fighters sliding, damage rising
        self.banners = BannerView()
        self.banner_held = False                # the controller holds the game on a banner
        self.skip_wait = False                  # a click ends the current hold (Space: the turn)
        self.turn_intent: list = []             # an enemy's target, drawn before it moves
        self.intents: list = []                 # enemy intent shown on players' turns
        self._intent_key = None
        self.private_seat: int | None = None    # whose hidden hand the current question shows
        self.after_curtain: int | None = None   # open that hand once its owner passed the curtain
        self.decision_since = 0                 # when the question on screen was asked (ticks)
        self.curtain_seat: int | None = None    # whose curtain is up (hot seat)
        self.detail = None                      # the card detail shown last frame: (card, anchor, rect, source)
        self.guide = None                       # the guided first game's notes (app/guide.py)

    # ------------------------------------------------------------ wiring
    def prepare(self, controller) -> None:
        self.ctl = controller
        self.model = None
        self.narrowed = None
        self.overlay = None
        self.combat.dismiss()
        self.trail = None
        self.tab_side = None
        self.curtain_seat = None
        self.motion.clear()
        self.banners.dismiss()
        self.turn_intent = []

    def attach(self, game, controller) -> None:
        self.game = game
        self.ctl = controller
        from adventures.app import match_mode
        match = match_mode.is_match_game(game)
        self.hud = match_mode.MatchHud() if match else Hud()
        self.board_view = (match_mode.MatchBoardView if match else BoardView)(game.board)
        from adventures.app.guide import Guide, is_guided
        setup = getattr(controller, "setup", None)
        if not is_guided(game):
            self.guide = None
        elif self.guide is None or self.guide.setup is not setup:     # undo keeps the notes seen
            self.guide = Guide(setup)
        self.layout = None
        self.log.scroll = 0
        self.status = ""

    def layout_key(self, w: int, h: int) -> tuple:
        """What the layout is computed from: window, text size, players, a round's cards, and
        whether the hand shown needs a taller region to be read (tall_hand)."""
        players = sum(1 for s in self.game.sides if not s.is_enemy) if self.game is not None else 1
        adv = getattr(self.game, "adv", None)
        cards = len([c for c in adv.all_cards if not c.removed]) if adv is not None else players
        return (max(w, 960), max(h, 600)), T.SCALE, max(1, players), cards, self.tall_hand(w, h, players, cards)

    def _layout(self, w: int, h: int, players: int, cards: int, tall: bool) -> GameLayout:
        aspect = BoardView.content_aspect(self.game.board) if self.game is not None else 1.6
        return GameLayout.for_size(w, h, players, T.SCALE, aspect, cards, tall)

    def tall_hand(self, w: int, h: int, players: int, cards: int) -> bool:
        """The hand shown is read whole only in a taller region than usual (a long hand: the
        board gives way down to its least, layout.BAND_MIN), and is read whole there."""
        if self.game is None:
            return False
        side, hidden, _why, tabs = self.hand_state()
        if side is None or hidden or not all(card_view.visible(c) for c in side.hand):
            return False                # a hidden card is never measured (hand_view)
        return self.hand.needs_taller(self._layout(w, h, players, cards, False).hand,
                                      self._layout(w, h, players, cards, True).hand, side.hand, tabs, self._card_mark)

    def resize(self, w: int, h: int) -> None:
        size, scale, players, cards, tall = self.layout_key(w, h)
        self.layout = self._layout(w, h, players, cards, tall)
        self._layout_key = (size, scale, players, cards, tall)
        if self.board_view is not None:
            self.board_view.layout(self.layout.board)

    def toast(self, text: str, ms: int = TOAST_MS) -> None:
        self._toast = (text, pygame.time.get_ticks() + ms)

    @staticmethod
    def readable(text: str) -> str:
        """A message as shown: save files are named by what they hold, not by file name."""
        import re
        from pathlib import Path

        from adventures.app import userdata
        from adventures.app.overlays import save_title

        def title(m):
            try:
                path = Path(userdata.saves_dir()) / m.group(0)
            except userdata.HomeError:
                return m.group(0)
            return f"“{save_title(path)}”" if path.exists() else m.group(0)
        return re.sub(r"[\w.-]+\.json", title, text)

    def on_game_event(self, event: dict):
        """Update what is shown; returns the banner this event raised (or amended), if any."""
        now = pygame.time.get_ticks()
        self.combat.on_event(self.game, event)
        kind = event.get("kind")
        self.motion.on_event(self.game, event, now)
        current = None if self.banners.expired(now) else self.banners.banner
        # a replay (undo, load, Continue) rebuilds the game silently: its banners were seen already
        banner = None if self.game.replaying else banner_for(self.game, event, current)
        if banner is not None:
            self.banners.show(banner, now)
        if banner is not None or kind in TABLE_EVENTS or (kind == "turn" and event.get("side") != self.viewer_seat):
            self.show_table()
        if kind == "turn":
            self.turn_side = next((s for s in self.game.sides if s.index == event.get("side")), None)
        elif kind in ("round", "end_of_round", "game_over"):
            self.turn_side = None        # between turns nobody's turn is shown (not the last enemy's)
        if kind == "turn":
            side = next((s for s in self.game.sides if s.index == event.get("side")), None)
            self.turn_intent = intent_view.turn_intent(self.game, side) if side is not None and side.is_enemy else []
        elif kind in ("move", "action", "no_target", "round", "end_of_round"):
            self.turn_intent = []
        if kind == "move" and self.game is not None:
            ids = event.get("path") or []
            index = self.game.board.index
            self.trail = tuple(index[i] for i in ids if i in index) or None
        elif kind in ("turn", "round"):
            self.trail = None
            self.skip_turn = False
        if kind != "draw":
            self.status = str(event.get("text", ""))
        if self.guide is not None:
            self.guide.on_event(self.game, event)
        sound = SOUNDS.get(kind)
        if sound and not self.game.replaying and not (self.ctl is not None and self.ctl.fast_forward):
            self.app.sounds.play(sound)
        return banner

    def begin_decision(self, decision) -> None:
        if decision.seat != self.viewer_seat:
            self.show_table()                    # a players-choose question, or another seat's
        self.combat.sync(self.game)              # a finished fight's panel leaves with it
        self.decision_since = pygame.time.get_ticks()
        self.private_seat = self.after_curtain = None
        self.prompt_for(decision)
        if self.guide is not None:
            self.guide.on_decision(self.game, decision)
        self.prompt_bar.page = 0
        self.prompt_bar.buttons = []      # the last decision's buttons must not answer this one
        self.result = None
        self.tab_side = None

    def prompt_for(self, decision) -> None:
        """The prompt of `decision` as the one looking may read it (cards of hidden hands
        grouped by hand, see app/private.py)."""
        self.model = None
        self.model = PromptModel(self.game, decision, None, private_groups(decision, self.hand_hidden_for))
        self.model = PromptModel(self.game, decision, self.hand_state()[0], self.model.private)
        self.narrowed = None

    def end_decision(self) -> None:
        if self._toast is not None and self.suggester.said and self._toast[0] == self.suggester.said:
            self._toast = None                   # the suggestion leaves with its question
        self.suggester.cancel()
        self.model = None
        self.narrowed = None
        self.private_seat = self.after_curtain = None
        self.prompt_bar.buttons = []

    def show_curtain(self, seat: int) -> None:
        side = self.side_of_seat(seat)
        adv = getattr(self.game, "adv", None)        # a competitive game numbers seats in turn order
        seats = adv.seats if adv is not None else {s.index + 1: s for s in self.game.sides}
        number = next((n for n, s in seats.items() if s is side), None)
        self.overlay = overlays.CurtainOverlay(side, number, seat)
        self.viewer_seat = None
        self.curtain_seat = seat          # the hand area names whose curtain this is

    # ------------------------------------------------------------ who is looking
    def hot_seat(self) -> bool:
        """Hands hidden with two or more people at the screen: each waits behind a curtain."""
        ctl = self.ctl
        return ctl is not None and self.game is not None and hands_hidden(self.game) and len(ctl.human_seats) > 1

    @property
    def viewer(self) -> int:
        """Who the screen is shown to now: in hot seat the seat that passed its curtain last
        (until the table is shown anything), else the one person playing, else the table."""
        if self.viewer_seat is not None and self.hot_seat():
            return self.viewer_seat
        return self.before_any_curtain()

    def before_any_curtain(self) -> int:
        """Who looks when no curtain was passed: the one person playing, else the table."""
        humans = self.ctl.human_seats if self.ctl is not None else set()
        return next(iter(humans)) if len(humans) == 1 else TABLE

    def show_table(self) -> None:
        """The table is shown something (an enemy or bot turn, a players-choose question, a
        banner, a combat): whoever passed a curtain is no longer alone at the screen."""
        self.viewer_seat = None
        self.private_seat = None
        self.tab_side = None

    def answerer(self, decision) -> int:
        """Who reads the question on screen: its seat, or for the table's question whoever
        is looking when nobody passed a curtain."""
        return decision.seat if decision.seat != TABLE else self.before_any_curtain()

    # ------------------------------------------------------------ whose hand is shown
    def hand_hidden_for(self, side, decision) -> bool:
        """Whether `side`'s hand must stay hidden from whoever answers `decision`."""
        who = self.answerer(decision)
        return not all(may_see(self.game, who, c) for c in side.hand)

    def open_private(self, index: int) -> None:
        """A hidden hand's owner picks their card: a bot at once, a person behind the curtain."""
        model = self.model
        opts = model.private.get(index, []) if model is not None else []
        if not opts:
            return
        if index not in self.ctl.human_seats:
            self.result = bot_pick(model.decision, opts)
            return
        if self.hot_seat() and self.viewer_seat != index:
            self.show_curtain(index)
            self.after_curtain = index
        else:
            self.show_private(index)

    def show_private(self, index: int) -> None:
        self.private_seat = index
        self.model = PromptModel(self.game, self.model.decision, self.side_of_seat(index), self.model.private)
        self.narrowed = list(self.model.private[index])

    def side_of_seat(self, seat: int):
        return next((s for s in self.game.sides if s.index == seat and not s.is_enemy), None)

    def hand_state(self):
        """(side, hidden, why hidden, tabs) for the hand area."""
        game = self.game
        ctl = self.ctl
        players = [s for s in game.sides if not s.is_enemy]
        humans = ctl.human_seats if ctl is not None else set()
        open_hands = not hands_hidden(game)
        d = self.model.decision if self.model is not None else None
        if self.curtain_seat is not None:       # behind a player's curtain: their hand, face down
            side = self.side_of_seat(self.curtain_seat)
            return side, True, f"{side.name}'s hand: pass the device to {side.name}'s player", []
        if self.private_seat is not None and d is not None:      # its owner is picking a card in private
            side = self.side_of_seat(self.private_seat)
            return side, False, "", []
        side = self.tab_side if open_hands else None      # a hand the player chose to look at
        if side is None and d is not None and d.seat != TABLE:
            side = self.side_of_seat(d.seat)
        if side is None and game.current is not None and not game.current.is_enemy:
            side = game.current
        if side is None and self.viewer_seat is not None:
            side = self.side_of_seat(self.viewer_seat)
        if side is None:
            side = next((s for s in players if s.index in humans), players[0] if players else None)
        if side is None:
            return None, True, "", []
        hidden, why = False, ""
        if not all(may_see(game, self.viewer, c) for c in side.hand):       # the one rule (rules.view)
            hidden = True
            why = (f"{side.name} is a bot: hands are hidden" if side.index not in humans
                   else f"{side.name}'s hand is hidden until their decision")
        tabs = []
        if open_hands and len(players) > 1:
            tabs = [(s, s is side) for s in players]
        return side, hidden, why, tabs

    # ------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover_pos = event.pos
            return
        if self.overlay is not None:
            self._handle_overlay(event)
            return
        if self.layout is None and event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            return                     # a click on a screen that is gone (a new game, before its first frame)
        if self.guide is not None and self.guide.handle(event):
            return                     # the guided game's note: "Got it", "Skip the tips" (T)
        if event.type == pygame.KEYDOWN:
            self._handle_key(event)
        elif event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if self.log.handle_wheel(pos, event.y) or self.hud.handle_wheel(pos, event.y):
                return
            if self.layout and self.layout.prompt.collidepoint(pos):
                self.prompt_bar.page += 1 if event.y < 0 else -1
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.hover_pos = event.pos
            if self.banner_held or (self.waiting and self.combat.rect.collidepoint(event.pos)):
                self.skip_wait = True            # a click ends this hold; Space skips the turn
                self.banners.dismiss()
                return
            self._click(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 3 and self.narrowed is not None:
            self.unnarrow()

    def _handle_key(self, event) -> None:
        mods = event.mod if hasattr(event, "mod") else 0
        if event.key == pygame.K_z and mods & pygame.KMOD_CTRL:
            self.menu_action("undo")
        elif event.key == pygame.K_m:
            settings.toggle(self.app, "sound")
            self.toast("Sound on" if self.app.prefs["sound"] else "Sound muted")
        elif event.key == pygame.K_ESCAPE:
            if self.narrowed is not None:
                self.unnarrow()
            else:
                self.open_menu()
        elif event.key == pygame.K_SPACE and self.waiting and self.combat.holding:
            self.skip_wait = True                # Continue: the combat result has been seen
        elif event.key == pygame.K_SPACE and self.waiting:
            self.skip_turn = True
        elif event.key == pygame.K_s and self.model is not None:
            self.menu_action("suggest")
        elif self.model is not None:
            n = len(self.model.decision.options)
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.answer(self.narrowed[0] if self.narrowed else 0)
            elif pygame.K_1 <= event.key <= pygame.K_9 or pygame.K_KP1 <= event.key <= pygame.K_KP9:
                k = event.key - (pygame.K_1 if event.key <= pygame.K_9 else pygame.K_KP1)
                if k < n:
                    self.answer(k)

    def _click(self, pos) -> None:
        for b in self.top_buttons:
            if b.hit(pos):
                if b.value == "menu":
                    self.open_menu()
                else:
                    self.menu_action(b.value)
                return
        if self.skip_button is not None and self.skip_button.hit(pos):
            self.skip_turn = True
            return
        if self.model is not None:
            b = self.prompt_bar.button_at(pos)
            if b is not None:
                if b.value == "back":
                    self.unnarrow()
                elif isinstance(b.value, tuple) and b.value[0] == "private":
                    self.open_private(b.value[1])
                elif b.value == "more":
                    self.prompt_bar.page += 1
                else:
                    self.answer(b.value)
                return
        why = self.log.why_at(pos) if self.log.rect.collidepoint(pos) else None
        if why is not None:               # an enemy's line in the log: why it did that
            self.overlay = why_view.WhyOverlay([("", why)])
            return
        hit = self.hand.hits.at(pos) or self.hud.hits.at(pos)
        if hit is not None:
            self._click_hit(hit)
            return
        if self.combat.rect.collidepoint(pos):
            self.combat.dismiss()
            return
        if self.board_view is None or not self.layout.board.collidepoint(pos):
            return
        if self.model is not None and self.model.circle_opts:      # a Foot-circle question: the circle under the cursor
            k = self.board_view.circle_at(pos, list(self.model.circle_opts))
            if k is not None:
                self.pick(self.model.options_at_circle(k), "that Foot circle")
            return
        space = self.board_view.space_at(pos)
        if self.model is not None and space is not None and self.model.options_at_space(space):
            self.pick(self.model.options_at_space(space), f"space {self.game.board.ids[space]}")
            return
        item = self.board_intent_at(pos)      # a choice on the board comes first, then an enemy's intent
        if item is not None:
            shown = self.intents or self.turn_intent
            self.overlay = why_view.WhyOverlay(why_view.board_records(self.game.events, shown, item,
                                                                      under_way=not self.intents))
        elif self.model is not None and space is not None:
            self.pick([], f"space {self.game.board.ids[space]}")

    def board_intent_at(self, pos):
        """The enemy intent whose arrow, ring or tag on the board is under `pos`, if any."""
        if self.board_view is None or self.layout is None or not self.layout.board.collidepoint(pos):
            return None
        return intent_view.intent_at(self.board_view, self.intents or self.turn_intent, pos)

    def _click_hit(self, hit) -> None:
        kind = hit[0]
        if kind == "row":                  # a compact row of the status column: its pile, if any
            if hit[2] is None:
                return
            hit, kind = hit[2], hit[2][0]
        if kind == "card":
            if self.model is not None:
                self.pick(self.model.options_for_card(hit[1]), hit[1].name)
        elif kind == "pile":
            _kind, side, which = hit
            if which == "deck" and side.is_enemy:          # its composition is public (p.12)
                self.overlay = browse.EnemyDeckOverlay(side)
            elif which == "deck":
                self.overlay = overlays.PileOverlay(f"{side.name}: deck", [], hidden_count=len(side.deck))
            elif which == "tucked":
                self.overlay = overlays.PileOverlay(f"{side.name}: tucked under the hero card", side.tucked)
            else:
                self.overlay = overlays.PileOverlay(f"{side.name}: discard pile (newest first)", side.discard)
        elif kind == "tab":
            self.tab_side = hit[1]
            if self.model is not None:   # re-map card clicks to the newly shown hand
                self.model = PromptModel(self.game, self.model.decision, self.hand_state()[0])
        elif kind == "traps":
            self.overlay = browse.TrapOverlay(self.game)
        elif kind == "why":                # an enemy's intent: the record its targeting made
            records = why_view.intent_records([i for i in self.intents if i.side.index == hit[1]])
            if records:
                self.overlay = why_view.WhyOverlay(records)

    def pick(self, options: list[int], what: str) -> None:
        if self.narrowed is not None:
            options = [i for i in options if i in self.narrowed]
        if len(options) == 1:
            self.answer(options[0])
        elif len(options) > 1:
            self.narrowed = options
        else:
            self.toast(f"{what} is not one of the choices")

    def unnarrow(self) -> None:
        self.narrowed = None
        if self.private_seat is not None:       # a private hand goes back behind the curtain
            self.private_seat = None
            self.viewer_seat = None

    def answer(self, index: int) -> None:
        # a card in a hidden hand is only picked by its owner, from their own hand
        if self.model is not None and index in self.model.private_options() and (
                self.narrowed is None or index not in self.narrowed):
            return
        # one answer per decision: a double click must not answer the next question too
        if self.model is not None and self.result is None and 0 <= index < len(self.model.decision.options):
            self.result = index
            if self.model.decision.tag in ("action", "move_fighter") and not self.game.combat:
                self.combat.dismiss()      # the player moved on: the last fight has been seen

    # ------------------------------------------------------------ menu
    def open_menu(self) -> None:
        ctl = self.ctl
        can_undo = ctl is not None and self.model is not None and ctl.undo_refusal() is None
        hands = None
        if ctl is not None and self.game is not None and len(ctl.human_seats) > 1:
            hands = not hands_hidden(self.game)        # a choice only with two or more people playing
        self.overlay = overlays.menu_overlay(can_undo, self.app.speed_name, hands)

    def _handle_overlay(self, event) -> None:
        value = self.overlay.handle(event)
        if value is None:
            return
        if value == overlays.CLOSE:
            passed = self.overlay.seat if isinstance(self.overlay, overlays.CurtainOverlay) else None
            self.overlay = None
            if passed is not None:                   # the viewer becomes a seat only here
                self.curtain_seat = None
                self.viewer_seat = passed
            if self.after_curtain is not None and self.model is not None and passed == self.after_curtain:
                index, self.after_curtain = self.after_curtain, None
                self.show_private(index)
            return
        self.overlay = None
        self.menu_action(value)

    def menu_action(self, value) -> None:
        ctl = self.ctl
        if ctl is None:
            return
        if value == "suggest":
            if self.model is not None:
                self.toast(self.suggester.start(self.game, self.model.decision, self.viewer), SUGGEST_MS)
        elif value == "undo":
            if self.model is None:
                self.toast("Undo works while you are deciding.")
            else:
                self.toast(ctl.undo())       # raises Restart when it can undo
        elif value == "save":
            self.toast(ctl.save())
        elif value == "load":
            from adventures.app import userdata
            self.overlay = overlays.load_overlay(userdata.save_entries(), userdata.autosave_path())
        elif isinstance(value, tuple) and value[0] == "load":
            from adventures.app.keep import is_autosave
            if is_autosave(value[1]):
                self.toast(ctl.load(value[1]))
            else:                            # ask first: the game in progress is kept as a save
                from adventures.app.confirm import replace_game_overlay
                self.overlay = replace_game_overlay("Load this save", ("load_kept", value[1]))
        elif isinstance(value, tuple) and value[0] == "confirmed":
            self.menu_action(value[1])
        elif isinstance(value, tuple) and value[0] == "load_kept":
            self.toast(ctl.load(value[1]))   # raises Restart when the file is good
        elif value == "speed":
            self.app.cycle_speed()
            self.open_menu()
        elif value == "hands":                   # asked first: it changes what every seat may see
            self.overlay = overlays.hands_overlay(hidden_now=hands_hidden(self.game))
        elif isinstance(value, tuple) and value[0] == "hands_set":
            self.show_table()
            self.toast(ctl.set_open_hands(value[1]))
            if self.model is not None:               # the question on screen, read under the new rule
                decision = self.model.decision
                self.after_curtain = None
                self.prompt_for(decision)
                if self.hot_seat() and decision.seat in ctl.human_seats:
                    self.show_curtain(decision.seat)   # its player passes their curtain again
        elif value == "reference":
            players = [x for x in self.game.sides if not x.is_enemy] if self.game is not None else []
            if len(players) == 1:
                self.menu_action(("reference", players[0].hero_key))
            else:
                self.overlay = overlays.reference_chooser(players)
        elif isinstance(value, tuple) and value[0] == "reference":
            self.overlay = overlays.ReferenceOverlay(self.game.catalog.heroes[value[1]])
        elif value == "settings":
            self.overlay = settings.settings_overlay(self.app)
        elif isinstance(value, tuple) and value[0] == "setting":
            settings.toggle(self.app, value[1])      # a new text size lays out again (layout_key)
            self.overlay = settings.settings_overlay(self.app)
        elif value == "new":
            ctl.new_game()
        elif value == "quit":
            ctl.quit()

    # ------------------------------------------------------------ drawing
    def next_frame_in(self, now: int) -> int | None:
        """When the screen changes without input (the app's frame loop sleeps until then):
        0 while something moves, the toast's end, None when nothing would change."""
        if self.motion.slides or self.motion.floaters or self.suggester.steps is not None:
            return 0
        if self.banners.banner is not None and not self.banner_held:
            return 0                                  # fading out
        if self.model is not None and now - max(self.app.last_input, self.decision_since) < PULSE_MS:
            return 0                                  # the choices pulse a while, then stay lit
        if self._toast is not None:
            return max(0, self._toast[1] - now + 1)
        return None

    def draw(self, surf: pygame.Surface, now: int) -> None:
        """The screen, every card on it drawn for who is looking now (card_view.looking)."""
        card_view.looking(self.game, self.viewer if self.game is not None else TABLE)
        try:
            self._draw(surf, now)
        finally:
            card_view.looking(None, TABLE)        # other screens and views draw for nobody in particular

    def _draw(self, surf: pygame.Surface, now: int) -> None:
        w, h = surf.get_size()
        if self.layout is None or getattr(self, "_layout_key", None) != self.layout_key(w, h):
            self.resize(w, h)
        L = self.layout
        game = self.game
        surf.fill(T.BG)
        if game is None:
            return
        glossary_view.begin(surf, getattr(game, "catalog", None))     # the rules hints of this frame
        model = self.model
        narrowed = self.narrowed
        hl = model.highlights(narrowed) if model is not None else None
        hl = hl or Highlights()
        hl.trail = self.trail
        if model is not None and self.suggester.decision is model.decision:
            model.mark_suggested(hl, self.suggester.pick, self.suggester.spaces())   # what Suggest picked
        self.toast_avoids = [self.board_view.centers[s] for s in hl.suggested]        # the toast keeps off them
        if game.combat is not None:
            hl.focus = {game.combat.attacker.uid, game.combat.defender.uid}
        if model is not None:
            ctx = model.decision.context or {}
            for key in ("fighter", "attacker", "defender"):
                if isinstance(ctx.get(key), Fighter):
                    (hl.subject if key == "fighter" else hl.focus).add(ctx[key].uid)
        hover_button = self.prompt_bar.button_at(self.hover_pos) if model is not None else None
        if hover_button is not None and isinstance(hover_button.value, int):
            if hover_button.value in model.routes:
                hl.route = model.routes[hover_button.value]
        bv = self.board_view
        bv.hover_space = None
        if L.board.collidepoint(self.hover_pos) and self.overlay is None and not self.combat.rect.collidepoint(
                self.hover_pos):
            bv.hover_space = bv.space_at(self.hover_pos)
        if hover_button is not None and isinstance(hover_button.value, int) and hover_button.value in model.option_space:
            bv.hover_space = model.option_space[hover_button.value]
        if model is not None and model.circle_opts:
            over = bv.circle_at(self.hover_pos, list(model.circle_opts)) if L.board.collidepoint(
                self.hover_pos) else None
            if hover_button is not None and isinstance(hover_button.value, int):
                over = next((k for k, o in model.circle_opts.items() if hover_button.value in o), over)
            hl.hover_circle = over
            bv.hover_space = None
        clip = surf.get_clip()
        surf.set_clip(L.board)
        bv.moving = self.motion.positions(bv.centers, now)
        bv.draw(surf, game, hl, now)
        board_mark = provenance.of_board(game)
        badge_at = pygame.Rect((0, 0), provenance.badge_size(board_mark, 11))
        badge_at.bottomleft = (L.board.left + 8, L.board.bottom - 8)
        bv.draw_labels(surf, game, keep_clear=(badge_at.inflate(4, 4),) if board_mark else ())
        self.update_intents()
        over_intent = None          # an enemy's arrow under the mouse, not a choice: lit, a click says why
        if self.overlay is None and not (model is not None and bv.hover_space is not None
                                         and model.options_at_space(bv.hover_space)):
            over_intent = self.board_intent_at(self.hover_pos)
        intent_view.draw(surf, bv, self.intents or self.turn_intent, over_intent.side if over_intent else None)
        self.motion.draw_floaters(surf, bv, game, now)
        surf.set_clip(clip)
        # the combat panel and a die's faces share their own region beside the board
        pygame.draw.rect(surf, T.BG, L.aside)
        surf.set_clip(L.combat)
        faces_rect = None
        if model is not None:
            faces_rect = die_view.draw_faces(surf, L.combat, model.decision.context or {})
        combat_hover = None
        if faces_rect is None:
            with glossary_view.watching():
                combat_hover = self.combat.draw(surf, self.combat_area(L, model), self.hover_pos, self._card_mark)
        surf.set_clip(clip)
        self.log_shown = faces_rect is None and self.combat.snapshot is None

        # top bar with the menu and undo buttons on its right
        self.hud.hits.clear()
        side_end = self.hud.draw_side(surf, L.side, game, self.ctl.seat_kinds() if self.ctl else {},
                                      intent_view.summary(self.intents), self.hover_pos)
        if self.guide is not None:            # the guided game's note: the column's free part, by the prompt
            self.guide.draw(surf, L.side, side_end, self.hover_pos)
        self.hud.draw_top(surf, L.top, game, rows=L.init_rows, per_row=L.init_per_row)
        self.top_buttons = self._menu_buttons(L.buttons, model)
        for b in self.top_buttons:
            b.draw(surf, hover=b.rect.collidepoint(self.hover_pos))
        # the log has the place the combat panel takes while it is up, or what the panel leaves below it
        below = pygame.Rect(L.log.left, L.log.top, L.log.width, 0)
        if not self.log_shown:
            used = faces_rect if faces_rect is not None else self.combat.rect
            below = pygame.Rect(L.log.left, used.bottom + 6, L.log.width, L.log.bottom - used.bottom - 6)
        reader = PrivateReader(self.viewer, not hands_hidden(game))
        if self.log_shown:
            self.log.draw(surf, L.log, game.events, reader, self.hover_pos)
        elif below.height >= T.font(13).get_linesize() * 4 + 34:
            self.log.draw(surf, below, game.events, reader, self.hover_pos)
        else:
            self.log.rect = pygame.Rect(0, 0, 0, 0)

        # prompt bar (with a skip button while an enemy or bot turn plays out)
        reserved = 0
        self.skip_button = None
        if self.waiting and model is None:
            label = "Skip to my turn (Space)"
            bw = T.text_width(label, 14) + 28
            self.skip_button = Button(pygame.Rect(L.prompt.right - bw - 12, L.prompt.top + 10, bw, 34),
                                      label, value="skip", size=14, primary=True)
            reserved = bw + 22
        behind_curtain = isinstance(self.overlay, overlays.CurtainOverlay)    # its options wait for its player
        with glossary_view.watching():
            self.prompt_bar.draw(surf, L.prompt, game, None if behind_curtain else model, narrowed, self.hover_pos,
                                 self.status, reserved, turn_side=self.turn_side)

        side, hidden, why, tabs = self.hand_state()
        legal = model.legal_cards() if model is not None else set()
        if narrowed is not None and model is not None:
            legal = {uid for uid, opts in model.card_opts.items() if set(opts) & set(narrowed)}
        with glossary_view.watching():
            hover_card = self.hand.draw(surf, L.hand, side, hidden=hidden, legal=legal,
                                        choosing=model is not None and bool(model.card_opts), hover_pos=self.hover_pos,
                                        tabs=tabs, hidden_reason=why, mark_of=self._card_mark)
        if model is not None:
            mark_cards(surf, self.hand.card_rects, model.suggested_cards())     # the card Suggest picked
        badge = provenance.draw_badge(surf, badge_at.bottomleft, board_mark, 11, anchor="bottomleft")
        if badge is not None:
            self.hud.hits.add(badge.inflate(6, 6), ("prov", board_mark))

        # popups: card details, space details
        screen = surf.get_rect()
        kept, self.detail = self.kept_detail(), None
        if self.overlay is None:
            if hover_card is not None:
                r = next((r for r, c in self.hand.card_rects if c is hover_card), None)
                anchor = (r.centerx, r.top - 20) if r is not None else self.hover_pos
                self._detail(surf, hover_card, anchor, screen, r.move(0, -LIFT).union(r) if r is not None else None)
            elif combat_hover is not None:      # beside the panel, over the board: not over Continue or Skip
                r = next((r for r, c in self.combat.card_rects if c is combat_hover), None)
                self._detail(surf, combat_hover, (L.combat.left - 158, L.board.bottom - 4), screen, r)
            elif kept is not None:              # the mouse went onto the detail to read it (rules hints)
                self._detail(surf, kept[0], kept[1], screen, kept[3])
            elif hover_button is not None and isinstance(hover_button.value, int) and isinstance(
                    model.option_value(hover_button.value), Card):
                card = model.option_value(hover_button.value)
                self._detail(surf, card, (hover_button.rect.centerx, hover_button.rect.top - 8), screen,
                             hover_button.rect)
            elif (hit := self.hud.hits.at(self.hover_pos)) is not None and hit[0] == "prov":
                self._tooltip(surf, list(hit[1].lines), screen)
            elif hit is not None and hit[0] == "row":
                self._tooltip(surf, list(hit[1]), screen)
            elif over_intent is not None and over_intent.intent.why is not None:
                self._tooltip(surf, [over_intent.intent.why.get("headline", ""), "Click: why"], L.board)
            elif bv.hover_space is not None and L.board.collidepoint(self.hover_pos):
                self._tooltip(surf, self._space_lines(bv.hover_space), L.board)
            elif hit is not None and hit[0] == "init":
                mark = provenance.of_init_card(game, hit[1])
                self._tooltip(surf, init_card_lines(hit[1]) + ([mark.lines[0]] if mark else []), screen)
            elif hit is not None and hit[0] == "why":
                self._tooltip(surf, ["What it would do now", "Click: why"], screen)
            elif self.log.rect.collidepoint(self.hover_pos) and (why := self.log.why_at(self.hover_pos)):
                self._tooltip(surf, [why.get("headline", ""), "Click: why"], screen)
        if self.skip_button is not None:       # above any card popup: it must stay clickable
            self.skip_button.draw(surf, hover=self.skip_button.rect.collidepoint(self.hover_pos))
        self.banners.draw(surf, L.board, now, self.banner_held)
        if self.guide is not None and self.overlay is None:
            self.guide.draw_popup(surf, self.hover_pos)      # a folded note, whole, on hover
        if self.overlay is None and getattr(self.app, "scene", None) in (None, self):      # not under the end screen
            glossary_view.draw_tooltip(surf, self.hover_pos)      # a keyword under the mouse: its entry
        if self.overlay is not None:
            self.overlay.draw(surf, self.hover_pos)
        ready = self.suggester.poll()
        if ready is not None:
            self.toast(ready, SUGGEST_MS)
        self._draw_toast(surf)

    def _menu_buttons(self, area: pygame.Rect, model) -> list[Button]:
        """Suggest, Undo and Menu side by side, sharing the width of their row."""
        labels = [("Suggest", "suggest", model is not None),
                  ("Undo", "undo", model is not None and self.ctl is not None and not self.ctl.undo_refusal()),
                  ("Menu", "menu", True)]
        gap = 6
        w = (area.width - 16 - gap * (len(labels) - 1)) // len(labels)
        h = area.height - 10
        return [Button(pygame.Rect(area.left + 8 + k * (w + gap), area.top + 5, w, h), label, value=value, size=14,
                       enabled=enabled) for k, (label, value, enabled) in enumerate(labels)]

    def combat_area(self, L, model) -> pygame.Rect:
        """Where the combat panel may draw: its whole region, but while a question waits the
        log keeps the lower part (the question may be about what the log says)."""
        if model is None:
            return L.combat
        log_h = T.font(13).get_linesize() * 5 + 40
        # no shorter than its cards need to stay readable, which grows with the text size: in a
        # small window at a large text size the panel keeps its whole region, as before
        least = int(130 * T.SCALE * T.SCALE)
        return pygame.Rect(L.combat.left, L.combat.top, L.combat.width,
                           min(L.combat.height, max(least, L.combat.height - log_h)))

    def _detail(self, surf, card, anchor, bounds, source) -> None:
        """A card's detail view; its keywords explain themselves on hover (rules hints), so
        it stays while the mouse goes from the card onto it (`kept_detail`)."""
        before = glossary_view.count()
        with glossary_view.watching():
            rect = card_view.draw_detail(surf, card, anchor, bounds, note=self._card_note(card))
        if rect is not None:
            glossary_view.cover(rect, before)
            self.detail = (card, anchor, rect, source)

    def kept_detail(self):
        """The detail shown last frame, while the mouse is on it or on its way there from the
        card (the gap between them, when they are close); else None."""
        if self.detail is None:
            return None
        card, anchor, rect, source = self.detail
        if not card_view.visible(card):
            return None                        # a curtain or the table came in between: the card is face down now
        zone = rect
        if source is not None:
            gap = max(source.left - rect.right, rect.left - source.right, source.top - rect.bottom,
                      rect.top - source.bottom)
            zone = rect.union(source) if gap <= 40 else rect
        return self.detail if zone.collidepoint(self.hover_pos) else None

    def _card_mark(self, card):
        """The "yours" marker a card face shows in its corner (the owner's content). A card
        of our design wears no "≈": the mark is explained once, on the enemies' heading, and
        the card's detail view says it in words (`_card_note`)."""
        return provenance.yours_only(provenance.of_card(self.game, card)) if isinstance(card, Card) else None

    def _card_note(self, card) -> str:
        mark = provenance.of_card(self.game, card)
        return provenance.note(mark) if mark is not None else ""

    def update_intents(self) -> None:
        """On a player's turn, while the player decides: what each enemy would do now."""
        game = self.game
        cur = game.current
        show = self.model is not None and cur is not None and not cur.is_enemy and game.combat is None
        key = (len(game.events or ()), len(game.answers), show)
        if key != self._intent_key:
            self._intent_key = key
            self.intents = intent_view.enemy_intents(game) if show else []

    def _space_lines(self, space: int) -> list[str]:
        lines = self.board_view.describe_space(self.game, space)
        if self.model is not None:
            opts = self.model.options_at_space(space)
            if opts:
                lines.append("Click: " + " / ".join(self.model.label(i) for i in opts[:3]))
        return lines

    def _tooltip(self, surf, lines: list[str], bounds: pygame.Rect) -> None:
        lines = [line for raw in lines for line in T.wrap(raw, 13, 380)]
        w = max(T.text_width(line, 13) for line in lines) + 20
        h = len(lines) * 18 + 12
        x, y = self.hover_pos
        rect = pygame.Rect(x + 18, y + 12, w, h)
        rect.clamp_ip(bounds)
        pygame.draw.rect(surf, (12, 14, 20), rect, border_radius=6)
        pygame.draw.rect(surf, T.PANEL_EDGE, rect, 1, border_radius=6)
        for k, line in enumerate(lines):
            T.draw_text(surf, line, (rect.left + 10, rect.top + 6 + 18 * k), 13,
                        T.TEXT if k == 0 else (T.HIGHLIGHT if line.startswith("Click") else T.MUTED), bold=k == 0)

    def _draw_toast(self, surf) -> None:
        if self._toast is None:
            return
        text, until = self._toast
        if pygame.time.get_ticks() > until:
            self._toast = None
            return
        board = self.layout.board
        lines = T.wrap(self.readable(text), 15, board.width - 60, True)         # a long message wraps inside the board
        lh = T.font(15, True).get_linesize()
        w = max(T.text_width(line, 15, True) for line in lines) + 24
        rect = pygame.Rect(0, 0, w, lh * len(lines) + 12)
        rect.midtop = (board.centerx, board.top + 12)
        below = rect.copy()
        below.midbottom = (board.centerx, board.bottom - 12)
        r = self.board_view.r + 12 if self.board_view is not None else 0

        def covers(at):                     # marked spaces (what Suggest picked) it would hide
            return sum(at.inflate(2 * r, 2 * r).collidepoint(p) for p in getattr(self, "toast_avoids", ()))
        if covers(rect) > covers(below):
            rect = below
        pygame.draw.rect(surf, (20, 24, 34), rect, border_radius=8)
        pygame.draw.rect(surf, T.WARN, rect, 2, border_radius=8)
        for k, line in enumerate(lines):
            T.draw_text(surf, line, (rect.centerx, rect.top + 6 + k * lh), 15, T.TEXT, bold=True, anchor="midtop")
