"""Invariants every hand keeps, checked after every action by the soak run and the tests.

``problems(hand, deck)`` lists what is wrong with a hand right now (an empty list when all is
well): every card in exactly one place, tricks well formed and chained, legal actions never
empty before the end, and, once the hand is over, the points its game's rules fix
(``final_points_problems``). ``soak(...)`` plays random hands across games, player counts and
options and collects the problems found.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator

from .engine import Hand, Option, iter_cards
from .games import GAMES, get_game


def card_problems(hand: Hand, deck: Counter) -> list[str]:
    """Every card of the deal in exactly one place: hands, stock, trick, tricks, set aside."""
    now = Counter(iter_cards(hand))
    if now == deck:
        return []
    missing = deck - now
    extra = now - deck
    found = []
    if missing:
        found.append("cards gone missing: " + " ".join(str(c) for c in missing.elements()))
    if extra:
        found.append("cards in two places: " + " ".join(str(c) for c in extra.elements()))
    return found


def trick_problems(hand: Hand) -> list[str]:
    """Each finished trick has one card from every seat, led by its leader, won by one of them;
    the winner of a trick leads the next."""
    found = []
    for previous, trick in zip([None, *hand.tricks], hand.tricks):
        seats = [seat for seat, _ in trick.cards]
        if sorted(seats) != list(range(hand.seats)):
            found.append(f"trick {trick.number} has cards from seats {seats}")
        if seats and seats[0] != trick.leader:
            found.append(f"trick {trick.number} was led by seat {seats[0]}, not its leader {trick.leader}")
        if trick.winner not in seats:
            found.append(f"trick {trick.number} is won by seat {trick.winner}, who played no card to it")
        if previous is not None and trick.leader != previous.winner:
            found.append(f"trick {trick.number} was led by seat {trick.leader}, "
                         f"but seat {previous.winner} won the trick before")
    if hand.trick and hand.trick[0][0] != hand.leader:
        found.append(f"the trick in play was led by seat {hand.trick[0][0]}, not the leader {hand.leader}")
    return found


def flow_problems(hand: Hand) -> list[str]:
    if hand.is_over:
        if hand.to_move is not None or hand.legal_actions():
            return ["the hand is over but a seat still has actions"]
        return []
    if hand.to_move is None:
        return ["the hand is not over but no seat is to move"]
    if not hand.legal_actions():
        return [f"seat {hand.to_move} is to move but has no legal action"]
    return []


# The points each game's rules fix for a whole hand (checked once it is over). --------------------

FinalCheck = Callable[[Hand], "list[str]"]
FINAL_CHECKS: dict[str, FinalCheck] = {}


def final_check(game: str) -> Callable[[FinalCheck], FinalCheck]:
    def register(check: FinalCheck) -> FinalCheck:
        FINAL_CHECKS[game] = check
        return check

    return register


@final_check("yukon")
def _yukon(hand: Hand) -> list[str]:
    # RULES.md §2.1: the pack holds 125 points (Gold-digger's listed values: 128).
    expected = 128 if hand.options.variant == "gold_digger" else 125
    total = sum(hand.score)
    return [] if total == expected else [f"Yukon hand points add up to {total}, not {expected}"]


@final_check("quinto")
def _quinto(hand: Hand) -> list[str]:
    # RULES.md §1.1: 13 tricks (the cachette included) at 5, 10 or 20 each; quints total at most
    # 25 + 3 * (20 + 15 + 10 + 5) = 175 (doubled with double_applies_to_quints).
    kinds = hand.points_by_kind()  # type: ignore[attr-defined]
    found = []
    tricks, quints = sum(kinds["tricks"]), sum(kinds["quints"])
    if hand.options.cachette_counts_as_trick and tricks != 13 * hand.trick_value:  # type: ignore[attr-defined]
        found.append(f"Quinto trick points add up to {tricks}, not 13 x {hand.trick_value}")  # type: ignore[attr-defined]
    most = 175 * (hand.multiplier if hand.options.double_applies_to_quints else 1)  # type: ignore[attr-defined]
    if quints > most:
        found.append(f"Quinto quint points add up to {quints}, more than {most}")
    if sum(hand.score) != tricks + quints:
        found.append(f"Quinto score {hand.score} is not trick points {tricks} + quints {quints}")
    return found


@final_check("pip_pip")
def _pip_pip(hand: Hand) -> list[str]:
    # RULES.md §3.1: 264 card points in the two packs (those among the dead cards score for
    # nobody), plus 50 for each Pip-Pip called.
    from .games.pip_pip import card_points

    in_tricks = sum(card_points(c) for t in hand.tricks for _, c in t.cards)
    dead = sum(card_points(c) for c in hand.set_aside())
    calls = len(hand.declarations)
    found = []
    if in_tricks + dead != 264:
        found.append(f"Pip-Pip! card points in tricks ({in_tricks}) and dead ({dead}) are not 264")
    if sum(hand.score) != in_tricks + 50 * calls:
        found.append(f"Pip-Pip! scores {hand.score} are not card points {in_tricks} + 50 x {calls} calls")
    return found


@final_check("guinote")
def _guinote(hand: Hand) -> list[str]:
    # RULES.md §4.1: 120 card points and 10 for the last trick, 130 a hand played out;
    # marriages add 20, or 40 in trumps.
    found = []
    marriages = [d for d in hand.declarations if d.action.name == "marriage"]
    if any(d.points not in (20, 40) for d in marriages):
        found.append(f"Guinote marriages scored {[d.points for d in marriages]}, not 20 or 40")
    declared = sum(d.points for d in hand.declarations)
    tricks = sum(t.points for t in hand.tricks)
    if sum(hand.score) != tricks + declared:
        found.append(f"Guinote score {hand.score} is not tricks {tricks} + declarations {declared}")
    if not any(hand.hands) and tricks != 130:
        found.append(f"Guinote hand played out for {tricks} trick points, not 130")
    return found


def pippins_reach_problems(hand: Hand) -> list[str]:
    """RULES.md §5.1: at most one reach card per suit, in rank order, never fewer of them."""
    reaches = hand.reaches  # type: ignore[attr-defined]
    found = []
    if len({c.suit for c in reaches}) != len(reaches):
        found.append(f"two reaches of one suit: {reaches}")
    if [c.rank for c in reaches] != sorted(c.rank for c in reaches):
        found.append(f"reaches out of rank order: {reaches}")
    before = len(hand.start_reaches)  # type: ignore[attr-defined]
    if len(reaches) < before:
        found.append("the reaches shrank")
    return found


@final_check("pippins_aplenty")
def _pippins(hand: Hand) -> list[str]:
    # RULES.md §5.1: every trick scores at least its 1 point for the side that wins it.
    found = pippins_reach_problems(hand)
    if sum(hand.score) != sum(t.points for t in hand.tricks):
        found.append(f"Pippins Aplenty score {hand.score} is not the sum of its tricks")
    if any(t.points < 1 for t in hand.tricks):
        found.append("a Pippins Aplenty trick scored less than its 1 point")
    return found


def final_points_problems(hand: Hand) -> list[str]:
    check = FINAL_CHECKS.get(hand.game.name)
    if check is None or not hand.is_over:
        return []
    return check(hand)


def problems(hand: Hand, deck: Counter) -> list[str]:
    """Everything wrong with the hand now (empty when all is well)."""
    found = card_problems(hand, deck) + trick_problems(hand) + flow_problems(hand)
    if hand.game.name == "pippins_aplenty":
        found += pippins_reach_problems(hand)
    return found + final_points_problems(hand)


# The soak run -------------------------------------------------------------------------------------


def option_variants(options: dict[str, Option]) -> Iterator[dict[str, object]]:
    """The defaults, then each option's other listed values one at a time."""
    yield {}
    for name, option in options.items():
        for value in option.choices:
            if value != option.default:
                yield {name: value}


@dataclass
class SoakReport:
    hands: int = 0
    actions: int = 0
    seconds: float = 0.0
    by_game: Counter = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        lines = [f"{self.hands} hands, {self.actions} actions checked in {self.seconds:.1f} s; "
                 f"{len(self.failures)} problem(s)"]
        lines += [f"  {game}: {count} hands" for game, count in sorted(self.by_game.items())]
        lines += [f"  PROBLEM {f}" for f in self.failures[:20]]
        return "\n".join(lines)


def soak(hands: int, seed: int = 0, games: Iterable[str] | None = None,
         check_every_action: bool = True) -> SoakReport:
    """Play ``hands`` random hands, spread over every game, player count and option variant,
    taking out-of-turn declarations at random too, and check the invariants after every action
    (or only at the end)."""
    names = list(games) if games is not None else list(GAMES)
    settings = {name: [(players, variant)
                       for players in get_game(name).player_counts
                       for variant in option_variants(get_game(name).options)]
                for name in names}
    report = SoakReport()
    rng = random.Random(seed)
    start = time.perf_counter()
    for number in range(hands):
        # The games in turn; within a game, its player counts and option variants in turn.
        name = names[number % len(names)]
        players, variant = settings[name][(number // len(names)) % len(settings[name])]
        deal_seed = rng.randrange(10**9)
        where = f"{name} players={players} {variant} seed={deal_seed}"
        try:
            hand = get_game(name).deal(deal_seed, players=players, **variant)
        except ValueError as error:
            report.failures.append(f"{where}: cannot deal: {error}")
            continue
        deck = Counter(iter_cards(hand))
        try:
            while not hand.is_over:
                if check_every_action:
                    found = problems(hand, deck)
                    if found:
                        report.failures.append(f"{where} after {len(hand.history)} actions: {found}")
                        break
                open_now = hand.open_actions_by_seat()
                if open_now and rng.random() < 0.3:     # out-of-turn calls and marriages too
                    seat = rng.choice(sorted(open_now))
                    hand.apply(rng.choice(open_now[seat]), seat)
                else:
                    hand.apply(rng.choice(hand.legal_actions()))
                report.actions += 1
            else:
                found = problems(hand, deck)
                if found:
                    report.failures.append(f"{where} at the end: {found}")
        except Exception as error:  # a crash is a finding, reported with where it happened
            report.failures.append(f"{where} after {len(hand.history)} actions raised "
                                   f"{type(error).__name__}: {error}")
        report.hands += 1
        report.by_game[name] += 1
    report.seconds = time.perf_counter() - start
    return report
