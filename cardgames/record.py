"""Game records: hands and matches to and from JSON, replayed through the rules on loading.

A record holds the game, the player count, every option, the deal (its seed and the cards it
gave, or the cards set up by hand) and every action in order. ``load`` rebuilds the deal,
checks it, and replays each action through the rules, so a record with an illegal action, a
deal that does not match its seed, or a wrong format is refused with an error that says where.
A ``checksum`` guards a saved record against later edits; a record written by hand may leave it
out.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .cards import Card, NotationError, Suit
from .engine import Action, Hand, IllegalAction, Match, Move, SetupError, parse_action
from .limits import MAX_RECORD_CHARS, MAX_RECORD_DEPTH, quote, shorten, too_long
from .view import View

FORMAT = "cardgames-record"
VERSION = 1


class RecordError(ValueError):
    """A record that cannot be loaded: what is wrong, and where, in plain words.

    ``detail`` keeps the technical cause when there is one (the JSON parser's message and
    position, for a tooltip), else it is the message itself."""

    def __init__(self, message: str, detail: str | None = None):
        super().__init__(message)
        self.detail = detail if detail is not None else message


def _json_error(text: "str | bytes", error: json.JSONDecodeError) -> RecordError:
    """Damaged JSON in plain words: cut short (the error is at the end of the text, or in a
    string never closed), or broken near a line; the parser's own words in ``detail``."""
    detail = f"JSON: {error.msg}: line {error.lineno} column {error.colno} (char {error.pos})"
    document = error.doc if isinstance(error.doc, str) else ""
    rest = document[error.pos:].strip()
    if not document.strip():
        return RecordError("The record is empty: paste the whole record, from { to }.", detail)
    if not rest or error.msg.startswith("Unterminated string"):
        return RecordError(f"This record is cut short near line {error.lineno}: copy the whole "
                           "record again, from its first { to its last }.", detail)
    return RecordError(f"This record is not valid JSON near line {error.lineno}, column {error.colno} "
                       f"(at {quote(rest[:20], 20)}): copy the whole record again, or mend "
                       "that place if you edited it by hand.", detail)


def _depth(value: Any, limit: int) -> int:
    """How deep ``value`` nests (lists and objects), counting no further than ``limit + 1``;
    without recursion, so that a record nested 100,000 deep cannot exhaust the stack."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, depth)
            if deepest > limit:
                return deepest
            todo.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))
    return deepest


def _text(value: Any) -> Any:
    """Options and deal details as plain JSON values."""
    if isinstance(value, (Card, Action, Suit)):
        return str(value)
    if isinstance(value, (list, tuple)):
        return [_text(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _text(v) for k, v in value.items()}
    return value


def _deal(hand: Hand) -> dict[str, Any]:
    hands, stock = hand.initial_deal
    deal: dict[str, Any] = {"dealer": hand.dealer}
    if hand.seed is not None and not hand.set_up_by_hand:
        deal["seed"] = hand.seed
    deal["hands"] = [[str(c) for c in h] for h in hands]
    deal["stock"] = [str(c) for c in stock]
    deal_args = getattr(hand, "deal_args", None)
    if deal_args:
        deal["deal_args"] = _text(deal_args)
    return deal


def _actions(history: list[tuple[int, Move]]) -> list[list[Any]]:
    return [[seat, str(move)] for seat, move in history]


def hand_record(hand: Hand) -> dict[str, Any]:
    return {
        "format": FORMAT, "version": VERSION, "kind": "hand", "game": hand.game.name,
        "players": hand.players, "options": _text(dict(hand.options)),
        "deal": _deal(hand), "actions": _actions(hand.history),
    }


def match_record(match: Match) -> dict[str, Any]:
    hands = match.hands + ([] if match.hand in match.hands else [match.hand])
    later = [{"hand": index + 1, "hands": [[str(c) for c in h] for h in dealt],
              "stock": [str(c) for c in stock], **({"deal_args": _text(given)} if given else {})}
             for index, (dealt, stock, given) in match.later_set_ups().items()]
    return {
        "format": FORMAT, "version": VERSION, "kind": "match", "game": match.game.name,
        "players": match.players, "options": _text(dict(match.options)), "seed": match.seed,
        "target": match.target, "scores": list(match.start_scores),
        **({"match_args": _text(match.match_args)} if match.match_args else {}),
        "hands": [{"deal": _deal(h), "actions": _actions(h.history)} for h in hands],
        # Hands set up by hand that play has not reached (undone back before them): their
        # cards, dealt when play comes to them, the dealer and carried points as the rules say.
        **({"later_hands": later} if later else {}),
    }


def view_record(view: "View") -> dict[str, Any]:
    """What one seat saw of a hand, and nothing it did not: its own cards, the cards face up, the
    tricks, the public actions (a hidden choice shows as null). It cannot be replayed."""
    state = view._state
    hands = state["hands"]
    return {
        "format": FORMAT, "version": VERSION, "kind": "view", "game": view.hand_class.game.name,
        "players": state["players"], "options": _text(dict(state["options"])), "seat": view.seat,
        "dealer": state["dealer"],     # no seed: it would deal every hidden card again
        "hand": [str(c) for c in hands[view.seat]],
        "others": [[str(c) if c is not None else None for c in h] for h in hands],
        "stock_size": len(state["_stock"]),
        "trick": [[seat, str(card)] for seat, card in state["trick"]],
        "tricks": [{"leader": t.leader, "cards": [[seat, str(c)] for seat, c in t.cards],
                    "winner": t.winner, "points": t.points} for t in state["tricks"]],
        "declarations": [{"seat": d.seat, "action": str(d.action), "points": d.points,
                          "cards": [str(c) for c in d.cards]} for d in state["declarations"]],
        "actions": [[seat, None if move is None else str(move)] for seat, move in state["history"]],
        "score": list(state["score"]),
    }


def _checksum(record: dict[str, Any]) -> str:
    body = {k: v for k, v in record.items() if k != "checksum"}
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def dumps(record: dict[str, Any], indent: int | None = 1) -> str:
    record = dict(record)
    record["checksum"] = _checksum(record)
    return json.dumps(record, ensure_ascii=False, indent=indent)


def load(text: "str | bytes | dict[str, Any]") -> "Hand | Match":
    """A hand or match from its record, every action replayed through the rules."""
    if isinstance(text, dict):
        record = text
    elif not isinstance(text, (str, bytes, bytearray)):
        raise RecordError(f"a record is JSON text (or a dict), not {type(text).__name__}")
    else:
        message = too_long("The record", text, MAX_RECORD_CHARS)
        if message:
            raise RecordError(message + ": is it a cardgames record?")
        try:
            record = json.loads(text)
        except json.JSONDecodeError as error:
            raise _json_error(text, error) from None
        except UnicodeDecodeError as error:
            raise RecordError("The record is not text (its bytes are not UTF-8): copy the "
                              "record's text again.", f"{error}") from None
        except RecursionError:
            raise RecordError(f"The record nests lists or objects too deeply (a record nests "
                              f"at most {MAX_RECORD_DEPTH} levels): is it a cardgames record?",
                              "RecursionError while parsing the JSON") from None
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object with format, version, kind, game, ...")
    if _depth(record, MAX_RECORD_DEPTH) > MAX_RECORD_DEPTH:
        raise RecordError(f"The record nests lists or objects more than {MAX_RECORD_DEPTH} "
                          "levels deep: is it a cardgames record?")
    if record.get("format") != FORMAT:
        raise RecordError(f"not a cardgames record: 'format' must be {FORMAT!r}, "
                          f"found {quote(record.get('format'))}")
    if record.get("version") != VERSION:
        raise RecordError(f"record version {quote(record.get('version'))} is not supported; "
                          f"this cardgames reads version {VERSION}")
    if "checksum" in record and record["checksum"] != _checksum(record):
        raise RecordError("the record was changed after it was saved (its checksum does not "
                          "match); remove the 'checksum' field to load a record edited by hand")
    from .games import get_game

    try:
        game = get_game(_field(record, "game", str))
    except SetupError as error:
        raise RecordError(f"record field 'game': {shorten(error)}") from None
    kind = record.get("kind")
    players = _field(record, "players", int)
    options = _field(record, "options", dict)
    try:
        if kind == "hand":
            return _load_hand(game, players, options, _field(record, "deal", dict),
                              _field(record, "actions", list))
        if kind == "match":
            return _load_match(game, players, options, record)
    except SetupError as error:
        raise RecordError(f"the record's setup is refused: {shorten(error)}") from None
    if kind == "view":
        raise RecordError("this record is one seat's view of a hand (what that seat could see), "
                          "not a hand or match that can be replayed: it lacks the hidden cards")
    raise RecordError(f"record field 'kind' must be 'hand' or 'match', not {quote(kind)}")


def _field(record: dict[str, Any], name: str, kind: type, where: str = "record") -> Any:
    if name not in record:
        raise RecordError(f"{where} has no {name!r} field")
    value = record[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"{where} field {name!r} must be {kind.__name__}, not {quote(value)}")
    return value


def _dealt(game, players: int, options: dict[str, Any], deal: dict[str, Any], where: str) -> Hand:
    dealer = deal.get("dealer")
    hands = _field(deal, "hands", list, where)
    stock = _field(deal, "stock", list, where)
    deal_args = deal.get("deal_args", {})
    if not isinstance(deal_args, dict):
        raise RecordError(f"{where} field 'deal_args' must be an object, not {quote(deal_args)}")
    if "seed" in deal:
        hand = game.deal(_field(deal, "seed", int, where), players=players, dealer=dealer,
                         **options, **deal_args)
        hands_now, stock_now = hand.initial_deal
        if [[str(c) for c in h] for h in hands_now] != hands or [str(c) for c in stock_now] != stock:
            raise RecordError(f"{where}: the cards do not match the deal of seed {deal['seed']}")
        return hand
    return game.deal(hands=hands, stock=stock, players=players, dealer=dealer, **options, **deal_args)


def _replay(hand: Hand, actions: list[Any], where: str, apply) -> None:
    for number, item in enumerate(actions, 1):
        if (not isinstance(item, list) or len(item) != 2 or not isinstance(item[1], str)
                or isinstance(item[0], bool) or not isinstance(item[0], int)):
            raise RecordError(f"{where}, action {number}: expected [seat, action], found {quote(item)}")
        seat, text = item
        try:
            move = parse_action(text)
            apply(move, seat if seat != hand.to_move else None)
        except (IllegalAction, NotationError) as error:
            raise RecordError(f"{where}, action {number} (seat {seat}: {quote(text)}) is refused: "
                              f"{shorten(error)}") from None


def _load_hand(game, players: int, options: dict[str, Any], deal: dict[str, Any],
               actions: list[Any]) -> Hand:
    hand = _dealt(game, players, options, deal, "the deal")
    _replay(hand, actions, "the hand", hand.apply)
    return hand


def _load_match(game, players: int, options: dict[str, Any], record: dict[str, Any]) -> Match:
    scores = record.get("scores")
    target = record.get("target")
    if "target" in game.options:        # the game's own option carries the target
        options = dict(options)
        target = options.pop("target", target)
    match_args = record.get("match_args", {})
    if not isinstance(match_args, dict) or set(match_args) - set(game.match_class.match_keywords):
        raise RecordError(f"record field 'match_args' must be an object with at most "
                          f"{', '.join(game.match_class.match_keywords) or 'no fields'}")
    match = game.match(_field(record, "seed", int), players=players, target=target,
                       scores=scores, **options, **match_args)
    for number, entry in enumerate(_field(record, "hands", list), 1):
        where = f"hand {number}"
        if match.is_over:
            raise RecordError(f"{where}: the match was already over")
        if len(match.hands) != number - 1:
            raise RecordError(f"{where}: the previous hand did not end where the record says")
        if not isinstance(entry, dict):
            raise RecordError(f"{where} must be an object with 'deal' and 'actions'")
        deal = _field(entry, "deal", dict, where)
        if "seed" not in deal:
            # A hand set up by hand (the first of a match, or set_up_next between hands).
            deal_args = deal.get("deal_args", {})
            if not isinstance(deal_args, dict):
                raise RecordError(f"{where} field 'deal_args' must be an object, not {deal_args!r}")
            try:
                match.set_up_hand(_field(deal, "hands", list, where),
                                  _field(deal, "stock", list, where), deal.get("dealer"), deal_args)
            except SetupError as error:
                raise RecordError(f"{where}: the hand set up by hand is refused: {error}") from None
        hands_now, stock_now = match.hand.initial_deal
        if [[str(c) for c in h] for h in hands_now] != deal.get("hands") or \
                [str(c) for c in stock_now] != deal.get("stock"):
            raise RecordError(f"{where}: the cards do not match the match's deal for this hand")
        _replay(match.hand, _field(entry, "actions", list, where), where, match.apply)
    for entry in record.get("later_hands", []) if isinstance(record.get("later_hands", []), list) \
            else [None]:
        if not isinstance(entry, dict):
            raise RecordError("record field 'later_hands' must be a list of objects with "
                              "'hand', 'hands' and 'stock'")
        number = _field(entry, "hand", int, "a later hand")
        where = f"later hand {number}"
        try:
            match.keep_set_up(number - 1, _field(entry, "hands", list, where),
                              _field(entry, "stock", list, where), entry.get("deal_args", {}))
        except SetupError as error:
            raise RecordError(f"{where}: the hand set up by hand is refused: {shorten(error)}") \
                from None
    return match
