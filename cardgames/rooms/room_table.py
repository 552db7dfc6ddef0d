"""One kernel's seat at a room: :class:`RoomTable`, headless (no widget import).

Each pupil's page has its own kernel and its own ``RoomTable``; they meet in the store. A table
never keeps the hand as the truth: it rebuilds it by replaying the room's stored actions
through the engine (``cg.deal`` or ``cg.match``, then ``apply``: every action re-checked by
the rules), and it adds an action only by "append action number k", which fails if another
action came first. So two kernels racing for one turn cannot both play, a kernel restarted
finds the seat, the hand and the trick where they were, and the computer's moves for the free
seats are applied once, by whichever kernel gets there first.

    table = RoomTable(store)
    table.join("maths-4b", 0, holder, game="yukon", seed=7)   # the first to open sets the deal
    table.view()                   # what this seat may see: hand.view(seat)
    table.play("7H", seq=table.count)   # seq: the number of actions the page had seen
    table.computer_moves()         # the free (or abandoned) seats' moves, if it is their turn
    table.poll(version)            # what changed (cheap while nothing did)
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Any

from ..cards import Card, NotationError
from ..engine import Action, Hand, IllegalAction, Match, Move, Phase, parse_action
from ..games import get_game
from ..packs import pack_for
from ..record import _text
from ..table_words import name_seats, seat_names
from .room import (
    COMPUTER_KINDS, DEFAULT_TIMEOUT, WATCH, NotYourTurn, Paused, RaceLost, Room, RoomError, RoomGone,
    Seat, SeatTaken, check_holder, check_name, check_pupil_name, new_token, short,
)
from .store import RoomStore, open_store

PUPIL_NAME_LENGTH = 30     # characters of a pupil's name (room.check_pupil_name)


def heartbeat(timeout: float) -> float:
    """How often a page's kernel says it is still there: often enough that a pupil present is
    never taken for absent (a sixth of the timeout, at most every 10 s)."""
    return min(10.0, timeout / 6)


@dataclass
class Joined:
    """The answer to a join: where the page sits and what the room plays."""

    room: str
    seat: int | None              # None: watching
    seat_name: str
    game: str
    players: int
    opened: bool                  # this join opened the room (and set its game and deal)
    took_over: bool = False       # the same pupil's other page held the seat: this one has it now
    free: list[str] = field(default_factory=list)   # seats nobody holds now


@dataclass
class Polled:
    """What :meth:`RoomTable.poll` found."""

    version: int
    changed: bool                 # the room changed since the version asked about
    count: int                    # actions in the room
    to_move: str | None           # the seat whose turn it is, by name (None once over)
    your_turn: bool
    holds_seat: bool              # False once another page (or the teacher) took the seat
    message: str = ""


class WatchView:
    """What a projector (``seat=watch``) may show: every hand as the other players see it
    (face down but for cards face up for all), unless the teacher opened the hands; the trick,
    the tricks, the scores and the public state. No seat's secrets: it is built from the
    public state only."""

    def __init__(self, hand: Hand, open_hands: bool):
        self.open_hands = open_hands
        self.seats = hand.seats
        self.to_move = hand.to_move
        self.phase = hand.phase
        self.trump = hand.trump
        self.trick = list(hand.trick)
        self.tricks = list(hand.tricks)
        self.score = list(hand.score)
        self.declarations = list(hand.declarations)
        self.is_over = hand.is_over
        self.end_reason = hand.end_reason
        self.stock_size = len(hand.stock)
        self.public_info = hand.public_info()
        self.hands: list[list[Card | None]] = [
            list(hand.hands[s]) if open_hands else hand.as_others_see(s) for s in range(hand.seats)]

    def visible_cards(self) -> list[Card]:
        """Every card this view names (for checks that nothing hidden leaks)."""
        found = [c for h in self.hands for c in h if c is not None]
        found += [c for _, c in self.trick]
        for trick in self.tricks:
            found += [c for _, c in trick.cards]
        for declaration in self.declarations:
            found += list(declaration.cards)
        return found

    def __repr__(self) -> str:
        return (f"<WatchView: {self.seats} seats, hands {'open' if self.open_hands else 'hidden'}, "
                f"trick {[str(c) for _, c in self.trick]}>")


def _seed_for(*parts: Any) -> int:
    """A seed for a computer player, the same in every kernel for the same decision."""
    return int.from_bytes(hashlib.sha256(repr(parts).encode()).digest()[:6], "big")


def new_room(name: str, game: str, *, seed: int | None = None, hands: Any = None,
             stock: Any = None, dealer: int | None = None, players: int | None = None,
             match: bool = False, target: int | None = None, computer: str = COMPUTER_KINDS[0],
             timeout: float = DEFAULT_TIMEOUT, faces: str | None = None,
             **options: Any) -> Room:
    """A room's settings, checked by dealing it once: a bad game, option, player count or typed
    deal is refused here (``cg.SetupError``) before anything is stored."""
    name = check_name(name)
    game_ = get_game(game)
    pack = pack_for(faces, game_.name, game_.title)      # the French pack, or Guinote's Spanish
    if computer not in COMPUTER_KINDS:
        raise RoomError(f"computer players {short(computer)}: choose one of "
                        f"{', '.join(COMPUTER_KINDS)}")
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 5 <= timeout <= 3600:
        raise RoomError(f"timeout {short(timeout)}: the seconds before an absent pupil's seat "
                        "goes to the computer, 5 to 3600")
    typed = hands is not None or stock is not None
    if typed and (seed is not None or match):
        raise RoomError("give a seed or typed hands, not both; a match is dealt from a seed")
    if not typed and seed is None:
        seed = secrets.randbelow(10**9)
    if match:
        given = dict(options)
        if "target" in game_.options and target is not None:
            given["target"] = target
            target = None
        built: Hand | Match = game_.match(seed, players=players, target=target, **given)
        hand = built.hand
        deal: dict[str, Any] = {"seed": seed}
        target = built.target if "target" not in game_.options else None
    elif typed:
        hand = game_.deal(hands=hands, stock=stock or [], players=players, dealer=dealer, **options)
        dealt_hands, dealt_stock = hand.initial_deal
        deal = {"hands": [[str(c) for c in h] for h in dealt_hands],
                "stock": [str(c) for c in dealt_stock], "dealer": hand.dealer}
    else:
        hand = game_.deal(seed, players=players, dealer=dealer, **options)
        deal = {"seed": seed, "dealer": hand.dealer}
    return Room(name=name, game=game_.name, players=hand.players,
                options=_text(dict(hand.options)), deal=deal, match=match, target=target,
                seats=[Seat() for _ in range(hand.seats)], computer=computer,
                timeout=float(timeout), faces=pack.key)


def build(room: Room) -> Hand | Match:
    """The room's deal (or match) before any action."""
    game = get_game(room.game)
    options = dict(room.options)
    if room.match:
        target = room.target
        if "target" in game.options:
            target = options.pop("target", target)
        return game.match(room.deal["seed"], players=room.players, target=target, **options)
    if "seed" in room.deal:
        return game.deal(room.deal["seed"], players=room.players, dealer=room.deal.get("dealer"),
                         **options)
    return game.deal(hands=room.deal["hands"], stock=room.deal["stock"], players=room.players,
                     dealer=room.deal.get("dealer"), **options)


def apply_stored(target: Hand | Match, entry: list[Any], number: int, room: str) -> None:
    """Apply one stored action (``[seat, action]``, in a match ``[hand, seat, action]``),
    checked by the rules; a refused one is a broken room, said with where."""
    try:
        if isinstance(target, Match):
            index, seat, text = entry
            if index != len(target.hands):
                raise IllegalAction(f"it belongs to hand {index + 1}, not {len(target.hands) + 1}")
            hand = target.hand
        else:
            seat, text = entry
            hand = target
        move = parse_action(text)
        target.apply(move, seat if seat != hand.to_move else None)
    except (IllegalAction, NotationError, ValueError, TypeError) as error:
        raise RoomError(f"room {room!r}: stored action {number + 1} ({short(entry, 30)}) is "
                        f"refused by the rules: {error}") from None


class RoomTable:
    """A kernel's place at a room: join a seat (or watch), see what the seat may see, play,
    let the computer play the free seats, poll for what the others did.

    ``store``: a :class:`RoomStore` (default: :func:`open_store`, from ``$CARDGAMES_ROOMS``).
    """

    def __init__(self, store: RoomStore | None = None):
        self.store = store if store is not None else open_store()
        self.name: str | None = None
        self.seat: int | None = None
        self.holder: str | None = None
        self.page = new_token()
        self.room: Room | None = None
        self._target: Hand | Match | None = None
        self._id: str | None = None
        self._version = 0
        self._generation = -1
        self._count = 0
        self._touched = float("-inf")
        self._players: dict[tuple[int, str], Any] = {}

    def __repr__(self) -> str:
        if self.name is None:
            return "<RoomTable: not in a room>"
        where = "watching" if self.seat is None else f"at {self.seat_name(self.seat)}"
        return f"<RoomTable {self.name!r} {where}, {self._count} actions, version {self._version}>"

    # -- joining ---------------------------------------------------------------------------

    def join(self, room: str, seat: int | str, holder: str | None = None, *,
             game: str | None = None, pupil: str | None = None, **settings: Any) -> Joined:
        """Join ``room`` at ``seat`` (a number, or ``"watch"``) as ``holder`` (the token the
        pupil's page keeps; not needed to watch).

        The first to open a room sets it up from ``game`` and ``settings`` (``seed`` or typed
        ``hands``/``stock``, ``players``, ``match``, ``computer``, ``timeout``, the game's
        options); later joins take everything from the store and ignore them. A seat held by
        another pupil whose page is still there is refused (:class:`SeatTaken`, saying which
        seat and which are free); a second page of the same pupil takes the seat over from the
        first. ``pupil`` is a name to show the others (optional).
        """
        name = check_name(room)
        watching = isinstance(seat, str) and seat.strip().lower() == WATCH
        if not watching:
            if isinstance(seat, str) and seat.strip().isdigit():
                seat = int(seat)
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise RoomError(f"seat {short(seat)}: a seat number, or 'watch' to watch the room")
            holder = check_holder(holder)
        if pupil is not None:
            pupil = check_pupil_name(pupil)
        stored = self.store.get(name)
        opened = False
        if stored is None:
            if game is None:
                raise RoomGone(f"there is no room {name!r} (yet): the first to open it says "
                               "which game it plays")
            stored, opened = self.store.create(new_room(name, game, **settings))
        self._enter(stored)
        if watching:
            self.seat, self.holder = None, None
            return Joined(name, None, "watch", stored.game, stored.players, opened,
                          free=self._free_names(stored))
        took_over = False

        def take(current: Room) -> None:
            nonlocal took_over
            hand = self.hand()
            names = self.seat_names()
            if not 0 <= seat < len(current.seats):
                raise RoomError(f"seat {seat}: room {name!r} has seats 0 to "
                                f"{len(current.seats) - 1} ({', '.join(names)})")
            if hand.controller(seat) != seat:
                raise RoomError(f"{names[seat]} is played by {names[hand.controller(seat)]} this "
                                f"hand; free seats: {', '.join(self._free_names(current)) or 'none'}")
            held = current.seats[seat]
            now = self.store.clock()
            # A seat is its pupil's until the teacher frees it: while he is away the computer
            # plays it, and nobody else may take it (nor see his cards).
            if held.holder not in (None, holder):
                by = f" by {held.pupil}" if held.pupil else " by another pupil"
                away = "" if current.live(seat, now) else (
                    " (away: the computer plays it until the teacher frees it)")
                free = self._free_names(current)
                raise SeatTaken(f"{names[seat]} is taken{by}{away}; free seats: "
                                f"{', '.join(free) if free else 'none (watch with seat=watch)'}")
            # One seat per pupil's browser: a second seat would show a second hand.
            other = next((s for s, sat in enumerate(current.seats)
                          if s != seat and sat.holder == holder), None)
            if other is not None:
                raise SeatTaken(f"this browser already sits at {names[other]} in room {name}: "
                                "one seat per pupil (the teacher can free it)")
            if pupil is not None and any(
                    s != seat and sat.holder is not None and sat.pupil is not None
                    and sat.pupil.casefold() == pupil.casefold()
                    for s, sat in enumerate(current.seats)):
                raise SeatTaken(f"the name {pupil!r} is already at this table: add a letter "
                                "of your surname")
            took_over = held.holder == holder and held.page is not None
            current.seats[seat] = Seat(holder=holder, page=self.page, pupil=pupil)
            current.seen[seat] = now

        changed = self.store.update(name, take)
        if changed is None:
            raise RoomGone(f"room {name!r} was closed while joining")
        self.seat, self.holder = seat, holder
        self._touched = self.store.clock()
        self._sync(force=True)
        return Joined(name, seat, self.seat_name(seat), changed.game, changed.players, opened,
                      took_over, self._free_names(self.room))

    def leave(self) -> None:
        """Give the seat back (the computer plays it from now on)."""
        if self.seat is None or self.name is None:
            return
        seat, holder, page = self.seat, self.holder, self.page

        def release(current: Room) -> None:
            if current.seats[seat].holder == holder and current.seats[seat].page == page:
                current.seats[seat] = Seat()

        self.store.update(self.name, release)
        self.seat = None

    def _enter(self, stored: Room) -> None:
        self.name = stored.name
        self.seat = self.holder = None   # until the seat is granted
        self._id = None                  # rebuild from the store at the next sync
        self._sync(force=True)

    # -- the hand, rebuilt from the store --------------------------------------------------

    def _sync(self, force: bool = False, found: tuple[str, int] | None = None) -> bool:
        """Catch up with the store (``found``: its id and version if just read); True if
        anything changed. Raises RoomGone."""
        name = self._require_room()
        if found is None:
            found = self.store.version(name)
        if found is None:
            raise RoomGone(f"room {name!r} was closed by the teacher (or expired)")
        if not force and found == (self._id, self._version):
            return False
        same = found[0] == self._id
        room = self.store.get(name, start=self._count if same else 0)
        if room is None:
            raise RoomGone(f"room {name!r} was closed by the teacher (or expired)")
        if not same or room.generation != self._generation:
            if room.action_start:
                room = self.store.get(name)
                if room is None:
                    raise RoomGone(f"room {name!r} was closed by the teacher (or expired)")
            target = build(room)
            start = 0
        else:
            target = self._target
            start = self._count
        try:
            for number, entry in enumerate(room.actions, room.action_start):
                if number >= start:
                    apply_stored(target, entry, number, name)
        except RoomError:
            self._generation = -1          # half applied: rebuild from the start next time
            raise
        self._target, self.room = target, room
        self._id, self._version, self._generation = room.id, room.version, room.generation
        self._count = room.count
        return True

    def _require_room(self) -> str:
        if self.name is None:
            raise RoomError("join a room first: table.join(room, seat, holder)")
        return self.name

    @property
    def count(self) -> int:
        """How many actions the room holds (what a page sends back as ``seq`` with a click)."""
        return self._count

    @property
    def version(self) -> int:
        return self._version

    @property
    def target(self) -> Hand | Match:
        """The hand, or the match of a match room, as replayed from the store."""
        self._require_room()
        return self._target

    def hand(self) -> Hand:
        """The hand in play, rebuilt from the stored actions (the kernel's copy: never sent to
        a page as it is; see :meth:`view`)."""
        target = self.target
        return target.hand if isinstance(target, Match) else target

    def match(self) -> Match | None:
        target = self.target
        return target if isinstance(target, Match) else None

    def seat_names(self) -> list[str]:
        return seat_names(self.hand())

    def seat_name(self, seat: int | None) -> str:
        return "the watchers" if seat is None else self.seat_names()[seat]

    def view(self):
        """What this page may see: ``hand.view(seat)`` for a pupil; for ``seat=watch`` a
        :class:`WatchView` (every hand face down unless the teacher opened them)."""
        hand = self.hand()
        if self.seat is None:
            return WatchView(hand, self.room.open_hands)
        return hand.view(self.seat)

    def seats(self) -> list[dict[str, Any]]:
        """Who sits where: each seat's name, whether a pupil holds it and is there, its pupil's
        name if given, and whether it is this page's."""
        now = self.store.clock()
        room = self.room
        return [{"seat": s, "name": n, "held": room.seats[s].holder is not None,
                 "present": room.live(s, now), "pupil": room.seats[s].pupil,
                 "yours": s == self.seat and self.holds_seat()}
                for s, n in enumerate(self.seat_names())]

    def holds_seat(self) -> bool:
        """Does this page still hold its seat (not taken over by another page, nor freed)?"""
        if self.seat is None or self.room is None:
            return False
        held = self.room.seats[self.seat]
        return held.holder == self.holder and held.page == self.page

    def _free_names(self, room: Room) -> list[str]:
        hand = self.hand()
        names = seat_names(hand)
        return [names[s] for s in range(len(room.seats))
                if hand.controller(s) == s and room.seats[s].holder is None]

    # -- playing ---------------------------------------------------------------------------

    def _summary(self) -> dict[str, Any]:
        target = self._target
        hand = self.hand()
        summary: dict[str, Any] = {
            "score": list(hand.score), "over": hand.is_over,
            "to_move": None if hand.to_move is None else hand.controller(hand.to_move)}
        if isinstance(target, Match):
            summary.update(scores=list(target.scores), hand=len(target.hands) + 1,
                           match_over=target.is_over)
        return summary

    def _append(self, acting: int | None, move: Move) -> bool:
        """Apply ``move`` locally (checked by the rules) and append it as action number
        ``count``; False (and the local copy rebuilt) if another action came first."""
        target, hand = self._target, self.hand()
        index = len(target.hands) if isinstance(target, Match) else None
        target.apply(move, acting)
        seat, done = hand.history[-1]
        entry = [seat, str(done)] if index is None else [index, seat, str(done)]
        version = self.store.append(self.name, self._id, self._generation, self._count, entry,
                                    self._summary())
        if version is None:
            self._generation = -1            # the local copy went ahead alone: rebuild it
            self._sync(force=True)
            return False
        self._count += 1
        self._version = version
        self.room.last_play = self.store.clock()
        return True

    def _since(self, count: int) -> str:
        """The actions since ``count``, as this page may see them ("South played 7♥")."""
        hand = self.hand()
        if self.seat is not None:
            history = hand.view(self.seat).history
        else:                 # a watcher sees no choice made face down (Pippins' discards)
            hidden = hand.phase is Phase.DISCARD
            history = [(s, None if hidden else m) for s, m in hand.history]
        before_hand = self._count - len(history)      # a match's earlier hands
        names = self.seat_names()
        words = []
        for seat, move in history[max(0, count - before_hand):][-4:]:
            if move is None:
                words.append(f"{names[seat]} chose a card")
            elif isinstance(move, Card):
                words.append(f"{names[seat]} played {move.label}")
            else:
                words.append(f"{names[seat]}: {move.label}")
        return "; ".join(words) or "the room changed"

    def play(self, action: Move | str, seq: int | None = None) -> None:
        """Play ``action`` for this page's seat. ``seq`` is the number of actions the page had
        seen when the pupil clicked: if the room has moved on since, nothing is played and
        :class:`RaceLost` says what came first. Out of turn, :class:`NotYourTurn` says whose
        turn it is; a card the rules forbid, ``cg.IllegalAction`` says why."""
        self._require_room()
        if self.seat is None:
            raise NotYourTurn("you are watching this room: join a seat to play")
        self._sync()
        self._heartbeat()
        if not self.holds_seat():
            raise NotYourTurn(self._lost_seat())
        if self.room.paused:
            raise Paused("the teacher paused the game: wait until it goes on; nothing changed")
        if seq is not None and seq != self._count:
            if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
                raise RoomError(f"seq {short(seq)}: the number of actions the page had seen, "
                                "a whole number from 0")
            if seq > self._count:
                raise RaceLost("the teacher took back actions before your click: nothing of "
                               "yours was played; look again")
            raise RaceLost(f"the table moved on before your click ({self._since(seq)}): "
                           "nothing of yours was played; look again")
        try:
            move = parse_action(action)
        except NotationError as error:
            raise IllegalAction(str(error), action, self.seat) from None
        names = self.seat_names()
        hand = self.hand()
        mover = hand.to_move
        if hand.is_over:
            raise NotYourTurn(name_seats(hand.why_illegal(move, self.seat) or "the hand is over",
                                         names))
        if mover is not None and hand.controller(mover) == self.seat and move in hand.legal_actions():
            acting = None
        elif isinstance(move, Action) and move in hand.open_actions(self.seat):
            acting = self.seat
        elif mover is None or hand.controller(mover) != self.seat:
            turn = "nobody's" if mover is None else f"{names[hand.controller(mover)]}'s"
            raise NotYourTurn(f"it is {turn} turn, not yours ({names[self.seat]}): nothing changed")
        else:
            raise IllegalAction(name_seats(hand.why_illegal(move, mover) or "not allowed now", names),
                                move, self.seat)
        before = self._count
        if not self._append(acting, move):
            raise RaceLost(f"another action reached the table first ({self._since(before)}): "
                           "yours was not played; look again")

    def _lost_seat(self) -> str:
        held = self.room.seats[self.seat]
        name = self.seat_name(self.seat)
        if held.holder == self.holder:
            return f"{name} was taken over by another page of yours: play there"
        if held.holder is None:
            return f"{name} was freed by the teacher: join again to play"
        return f"{name} was freed by the teacher and taken by another pupil: ask your teacher"

    # -- the computer, for the free seats ----------------------------------------------------

    def is_computer(self, seat: int) -> bool:
        """Does the computer play ``seat`` now (nobody holds it, or its pupil has been away
        longer than the timeout)? Read fresh from the store when the cached times say so."""
        room = self.room
        if room.seats[seat].holder is None:      # (a change of holder bumps the version)
            return True
        now = self.store.clock()
        if room.live(seat, now):
            return False
        fresh = self.store.get(self.name, start=1 << 30)
        if fresh is None:
            raise RoomGone(f"room {self.name!r} was closed by the teacher (or expired)")
        self.room.seen = fresh.seen
        return not fresh.live(seat, now) if fresh.id == self._id else True

    def _player(self, seat: int):
        from ..players import make_player

        key = (seat, self.room.computer)
        player = self._players.get(key)
        if player is None:
            player = self._players[key] = make_player(self.room.computer,
                                                      _seed_for(self._id, seat))
        return player

    def _computer_step(self) -> tuple[int | None, Move] | None:
        from ..view import SeatView

        hand = self.hand()
        target = self._target
        if hand.phase is Phase.OVER or (isinstance(target, Match) and target.is_over):
            return None
        if hand.has_open_actions:
            for seat, actions in hand.open_actions_by_seat().items():
                if self.is_computer(seat):
                    chosen = self._player(seat).declare(SeatView(hand, seat), actions)
                    if chosen is not None:
                        return seat, chosen
        mover = hand.to_move
        if mover is None:
            return None
        decider = hand.controller(mover)
        if not self.is_computer(decider):
            return None
        player = self._player(decider)
        if hasattr(player, "rng"):
            player.rng.seed(_seed_for(self._id, self._generation, self._count))
        return None, player.choose(SeatView(hand, decider))

    def computer_moves(self, limit: int | None = None) -> int:
        """Let the computer act for the seats nobody plays (free, or whose pupil has been away
        longer than the timeout), while it is their turn: each move appended with the same
        check as a pupil's, so of several kernels doing this at once each move is applied
        once. At most ``limit`` moves (None: until a pupil must decide); how many this kernel
        applied."""
        applied = 0
        tries = 0
        while limit is None or applied < limit:
            self._sync()
            if self.room.paused:
                break
            step = self._computer_step()
            if step is None:
                break
            if self._append(*step):
                applied += 1
            else:
                tries += 1
                if tries > 100:
                    break
        return applied

    # -- polling ---------------------------------------------------------------------------

    def _heartbeat(self) -> None:
        if self.seat is None or not self.holds_seat():
            return
        now = self.store.clock()
        if now - self._touched >= heartbeat(self.room.timeout):
            self.store.touch(self.name, self.seat)
            self._touched = now
            self.room.seen[self.seat] = now

    def poll(self, since_version: int | None = None, timeout: float = 0.0,
             present: bool = True) -> Polled:
        """What changed since ``since_version`` (default: since this table last looked),
        waiting up to ``timeout`` seconds for a change (Redis wakes the wait at once; SQLite
        reads the version every 50 ms). Also says this page is still there, unless
        ``present`` is False (its kernel runs on, but the pupil's browser has gone quiet)."""
        name = self._require_room()
        since = self._version if since_version is None else since_version
        waits = timeout > 0 and since == self._version      # (else there is news already)
        found = self.store.wait(name, (self._id, since), timeout) if waits else None
        if waits and found is None:
            raise RoomGone(f"room {name!r} was closed by the teacher (or expired)")
        self._sync(found=found)
        if present:
            self._heartbeat()
        hand = self.hand()
        mover = None if hand.to_move is None else hand.controller(hand.to_move)
        holds = self.holds_seat()
        names = self.seat_names()
        return Polled(
            version=self._version, changed=self._version != since, count=self._count,
            to_move=None if mover is None else names[mover],
            your_turn=holds and mover == self.seat,
            holds_seat=holds, message="" if holds or self.seat is None else self._lost_seat())
