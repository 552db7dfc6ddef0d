"""Computer players: legal choices over whole hands of every game, seeded reproducibility,
per-seat views that hold no hidden card, and a search player that never reads hidden cards."""

from __future__ import annotations

import random

import pytest

import cardgames as cg
from cardgames.cards import Card, sort_cards
from cardgames import heuristics
from cardgames.players import (
    PLAYER_KINDS, Advice, RandomPlayer, RuleOfThumbPlayer, SearchPlayer, make_player, play_hand,
    step,
)
from cardgames.view import SeatView

GAMES = sorted(cg.GAMES)


def fast_player(kind: str, seed: int):
    if kind == "search":
        return make_player("search", seed, iterations=12, time_limit=None)
    return make_player(kind, seed)


class CheckingPlayer:
    """Wraps a player: checks every choice is legal and every view hides what it must."""

    def __init__(self, inner, hand_ref):
        self.inner = inner
        self.hand_ref = hand_ref
        self.name = inner.name
        self.choices = 0

    def _check_view(self, view):
        assert_no_leak(self.hand_ref[0], view)

    def choose(self, view):
        self._check_view(view)
        action = self.inner.choose(view)
        assert action in view.legal_actions()
        assert action in self.hand_ref[0].legal_actions()
        self.choices += 1
        return action

    def declare(self, view, actions):
        self._check_view(view)
        chosen = self.inner.declare(view, actions)
        assert chosen is None or chosen in actions
        return chosen

    def advise(self, view):
        return self.inner.advise(view)


def hidden_cards(hand, seat):
    """The cards (with multiplicity) that ``seat`` may not see: other hands' unexposed cards
    and the stock."""
    hidden = []
    for other, cards in enumerate(hand.hands):
        if hand.sees_hand_of(seat, other):
            continue
        shown = list(hand.exposed(other))
        for card in cards:
            if card in shown:
                shown.remove(card)
            else:
                hidden.append(card)
    hidden.extend(hand.stock)
    face_up = getattr(hand, "face_up", None)     # Guinote: the pinta lies face up under the stock
    if face_up is not None and face_up in hidden:
        hidden.remove(face_up)
    # Pippins Aplenty: discards chosen face down and not yet shown.
    pending = getattr(hand, "pending", None) or []
    hidden.extend(c for s, c in enumerate(pending) if c is not None and s != seat)
    return hidden


def visible_count(hand, seat, card):
    """How many copies of ``card`` are not hidden from the seat (played, its own, exposed,
    dead, shown at the deal): the deck's copies less the hidden ones."""
    deck = hand.deck(hand.players, hand.options, None)
    shown_at_deal = [v for v in hand.extra.values() if v is card]   # Pip-Pip!'s trump cut
    return (sum(1 for c in deck if c is card) - hidden_cards(hand, seat).count(card)
            + len(shown_at_deal))


def assert_no_leak(hand, view):
    """No card the seat may not see is in the view: the hidden places hold None, and every
    card object anywhere in the view is one the seat may legitimately see (a card of which one
    copy is hidden and another in sight, with two packs, passes)."""
    seat = view.seat
    for other, cards in enumerate(view.hands):
        if other == seat or hand.sees_hand_of(seat, other):
            assert list(cards) == list(hand.hands[other])
        else:
            shown = [c for c in cards if c is not None]
            assert all(c in hand.exposed(other) for c in shown), (other, shown)
    hidden = set(hidden_cards(hand, seat))
    leaked = {c for c in view.visible_cards() if c in hidden and visible_count(hand, seat, c) == 0}
    assert not leaked, f"seat {seat} sees hidden cards {leaked}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", ["random", "rule-of-thumb", "search"])
def test_every_player_plays_whole_hands_legally_and_sees_only_its_seat(game, kind):
    hands = 1 if kind == "search" else 3
    for seed in range(hands):
        hand = cg.deal(game, seed=seed)
        ref = [hand]
        players = {s: CheckingPlayer(fast_player(kind, seed * 10 + s), ref) for s in range(hand.seats)}
        play_hand(hand, players)
        assert hand.is_over
        assert sum(p.choices for p in players.values()) > 0


@pytest.mark.parametrize("game", GAMES)
def test_a_view_holds_no_hidden_card_at_any_point_of_a_hand(game):
    rng = random.Random(3)
    hand = cg.deal(game, seed=11)
    while not hand.is_over:
        for seat in range(hand.seats):
            view = hand.view(seat)
            assert_no_leak(hand, view)
            assert sort_cards(view.hand) == sort_cards(hand.hands[seat])
        hand.apply(rng.choice(hand.legal_actions()))


@pytest.mark.parametrize("game", GAMES)
def test_players_are_stepped_with_a_window_on_the_hand_and_advise_the_same_from_a_copy(game):
    # step() hands each player a SeatView (no copy of the hand); the rules of thumb give the
    # same action and the same words from it as from the full View copy, at every decision.
    seen = []

    class Recording(RuleOfThumbPlayer):
        def choose(self, view):
            assert isinstance(view, SeatView)
            seat = view.seat
            copy = self.hand_ref.view(seat)
            assert heuristics.advise(view) == heuristics.advise(copy)
            seen.append(seat)
            return super().choose(view)

        def declare(self, view, actions):
            assert isinstance(view, SeatView)
            assert heuristics.declare(view, actions) == heuristics.declare(self.hand_ref.view(view.seat), actions)
            return super().declare(view, actions)

    for seed in range(2):
        hand = cg.deal(game, seed=seed)
        players = []
        for s in range(hand.seats):
            player = Recording(s)
            player.hand_ref = hand
            players.append(player)
        play_hand(hand, players)
    assert seen


def test_the_random_player_is_seeded_and_reproducible():
    def record(seed):
        hand = cg.deal("yukon", seed=5)
        play_hand(hand, [RandomPlayer(seed + s) for s in range(hand.seats)])
        return [str(a) for _, a in hand.history]

    assert record(1) == record(1)
    assert record(1) != record(2)


def test_the_random_player_does_not_use_the_global_generator():
    hand_a, hand_b = cg.deal("yukon", seed=5), cg.deal("yukon", seed=5)
    players_a = [RandomPlayer(s) for s in range(4)]
    players_b = [RandomPlayer(s) for s in range(4)]
    while not hand_a.is_over:
        random.seed(random.random())       # disturb the global generator between steps
        step(hand_a, players_a)
        step(hand_b, players_b)
    assert hand_a.history == hand_b.history


def test_make_player_knows_the_three_kinds_and_passes_settings():
    assert {"random", "rule-of-thumb", "search"} <= set(PLAYER_KINDS)
    player = make_player("search", 1, iterations=7, time_limit=0.5)
    assert isinstance(player, SearchPlayer) and player.iterations == 7
    with pytest.raises(ValueError, match="unknown player"):
        make_player("oracle")


@pytest.mark.parametrize("game", GAMES)
def test_the_hint_names_a_rule_and_gives_a_reason_in_every_game(game):
    hand = cg.deal(game, seed=2)
    player = RuleOfThumbPlayer(0)
    rng = random.Random(0)
    for _ in range(30):
        if hand.is_over:
            break
        seat = hand.controller(hand.to_move)
        advice = player.advise(hand.view(seat))
        assert isinstance(advice, Advice)
        assert advice.action in hand.legal_actions()
        assert advice.rule and len(advice.reason) > 10
        hand.apply(rng.choice(hand.legal_actions()))


def test_every_game_has_an_ordered_list_of_named_rules():
    for game in GAMES:
        rules = heuristics.heuristics_for(game)
        assert rules[-1] is heuristics.ANYTHING
        assert all(r.name and r.reason for r in rules)


def test_yukon_keeps_the_grand_yukon_for_a_rich_trick():
    # Seat 0 leads the T♥ (10 points); seat 1 is void in hearts and must play a Yukon.
    hand = cg.deal("yukon", hands=["TH 2S", "JS JD", "3H 4S", "5H 6S"], stock=[])
    hand.apply("TH")
    advice = RuleOfThumbPlayer(0).advise(hand.view(1))
    assert str(advice.action) == "JS" and "Grand Yukon" in advice.rule


def test_yukon_plays_a_plain_yukon_on_a_trick_worth_little():
    hand = cg.deal("yukon", hands=["2H 2S", "JS JD", "3H 4S", "5H 6S"], stock=[])
    hand.apply("2H")
    advice = RuleOfThumbPlayer(0).advise(hand.view(1))
    assert str(advice.action) == "JD"


def _set_up_as_dealt(dealt, rng=None):
    """``dealt`` (a seeded deal) set up by hand, each hand's cards in the order dealt or, given
    ``rng``, in a shuffled order."""
    hands, stock = dealt.initial_deal
    if rng is not None:
        hands = [rng.sample(h, len(h)) for h in hands]
    needs = {"trump": dealt.trump} if dealt.game.name == "pip_pip" else {}   # (the cut card)
    return cg.deal(dealt.game.name, hands=hands, stock=stock, dealer=dealt.dealer, **needs)


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_of_thumb_advise_the_same_whatever_order_the_cards_are_held_in(game):
    # A teacher who types a deal's hands in another order must get the same hints: the rules
    # of thumb read the position, not the order of the cards (ties between equal cards or suits
    # fall the same way: "lead low from your longest suit", Yukon's "lead an Ace to catch a ten").
    player = RuleOfThumbPlayer(0)
    rng = random.Random(7)
    decisions = 0
    for seed in range(30):
        dealt = cg.deal(game, seed=seed)
        hand, reordered = _set_up_as_dealt(dealt), _set_up_as_dealt(dealt, rng)
        while not hand.is_over:
            seat = hand.controller(hand.to_move)
            advice = player.advise(SeatView(hand, seat))
            assert player.advise(SeatView(reordered, seat)) == advice, (seed, hand.history)
            hand.apply(advice.action)
            reordered.apply(advice.action)
            decisions += 1
    assert decisions > 1000


@pytest.mark.parametrize("win_weight", [0.0, 0.5, 1.0])
def test_the_search_player_never_reads_hidden_cards(win_weight):
    # Two deals that agree on everything seat 0 sees (its hand, the trick) but differ in the
    # hidden hands: with the same seed, the search player's choice must be the same, whether it
    # values points, hands won or both.
    mine = "AH TH 4C 9S QD"
    deal_a = cg.deal("yukon", hands=[mine, "JS 2H 3H 5H 6H", "7H 8H 9H KH 2C",
                                     "3C 5C 6C 7C 8C"], stock=[])
    deal_b = cg.deal("yukon", hands=[mine, "3C 5C 6C 7C 8C", "JS 2H 3H 5H 6H",
                                     "7H 8H 9H KH 2C"], stock=[])
    choices = []
    for hand in (deal_a, deal_b):
        player = SearchPlayer(seed=4, iterations=200, time_limit=None, win_weight=win_weight)
        choices.append((player.choose(hand.view(0)), dict(player.last_stats)))
    assert choices[0] == choices[1]


def test_the_search_player_finds_the_obvious_winner():
    # Seat 1 may take the 10♥ led with its A♥ (15 points) or duck with the 2♥ (none).
    hand = cg.deal("yukon", players=2, hands=["TH 3S", "AH 2H"], stock=[])
    hand.apply("TH")
    player = SearchPlayer(seed=1, iterations=100, time_limit=None)
    assert str(player.choose(hand.view(1))) == "AH"
    reason = player.advise(hand.view(1)).reason
    assert reason.startswith("searched 100 random deals")
    # With the A♥ seat 1 takes both tricks (all 20 points) in every deal: the hint says it
    # wins the hand, not only how many points it gains.
    assert "ending the hand ahead of them in 100% of those tries" in reason
    assert player.last_ahead[Card.parse("AH")] == 1.0
    assert player.last_ahead[Card.parse("2H")] == 0.0   # the 2♥ gives 10 to 5 away


def test_the_search_hint_with_one_legal_action_says_so():
    # Yukon (S1): "Others must follow suit if possible": seat 1's only heart must follow.
    hand = cg.deal("yukon", players=2, hands=["TH 3S", "AH 2S"], stock=[])
    hand.apply("TH")
    advice = SearchPlayer(seed=1, iterations=100, time_limit=None).advise(hand.view(1))
    assert str(advice.action) == "AH"
    assert advice.reason == "AH is the only legal action"


def test_revealed_voids_shape_the_deals_the_search_imagines():
    from cardgames.players import consistent_sample, revealed_voids

    # Pippins Aplenty after the discards: seat 1 plays a club to a spade lead, so it has no
    # spades left; every deal seat 0 imagines gives seat 1 no spade.
    hand = cg.deal("pippins", hands=["AS KS QS", "2C 3C 4C", "JS TS 9S", "8S 7S 6S"])
    hand.apply("AS")
    hand.apply("2C")
    view = hand.view(0)
    assert revealed_voids(view) == {1: {cg.Suit.SPADES}}
    rng = random.Random(1)
    for _ in range(20):
        sampled = consistent_sample(view, rng, revealed_voids(view))
        assert not any(c.suit is cg.Suit.SPADES for c in sampled.hands[1])


def test_no_void_is_read_from_a_quinto_joker():
    from cardgames.players import revealed_limits

    # Quinto (RULES §1): the Joker "may be played at any time", so playing it shows nothing.
    hand = cg.deal("quinto", hands=["AS KS", "JK 2C", "QS JS", "TS 9S"], stock=[])
    while hand.phase is not cg.Phase.PLAY:
        hand.apply("pass")
    hand.apply("AS")
    hand.apply("JK")
    assert revealed_limits(hand.view(0)) == {}


def test_a_yukon_void_holds_for_the_cards_held_not_for_the_cards_drawn_since():
    from cardgames.games.yukon import YUKONS
    from cardgames.players import consistent_sample, revealed_limits

    # Yukon (S1): "Others must follow suit if possible. If they cannot follow suit, they must
    # play a Yukon if they have one." Seat 1 answers the A♥ with the 2♣: it held no heart and
    # no Yukon. "The winner of the trick now draws one card from the stock, followed by other
    # players": after the trick it may have drawn one of either.
    hand = cg.deal("yukon", hands=["AH 3S 4S 5S 6S", "2C 3C 4C 5C 6C", "2H 3H 7S 8S 9S",
                                   "7C 8C 9C TC QC"],
                   stock=["JH", "TH", "KH", "QH", "JD", "JC", "KS", "QS"])
    hand.apply("AH")
    hand.apply("2C")
    view = hand.view(0)
    assert revealed_limits(view) == {1: {cg.Suit.HEARTS: 0, YUKONS: 0}}
    rng = random.Random(3)
    for _ in range(30):
        sampled = consistent_sample(view, rng, revealed_limits(view)).hands[1]
        assert not any(c.suit is cg.Suit.HEARTS or c.rank is cg.Rank.JACK for c in sampled)
    hand.apply("2H")
    hand.apply("7C")                       # seat 0 takes the trick; everyone draws one
    view = hand.view(0)
    assert revealed_limits(view)[1] == {cg.Suit.HEARTS: 1, YUKONS: 1}
    for _ in range(30):
        sampled = consistent_sample(view, rng, revealed_limits(view)).hands[1]
        assert sum(c.suit is cg.Suit.HEARTS and c.rank is not cg.Rank.JACK for c in sampled) <= 1
        assert sum(c.rank is cg.Rank.JACK for c in sampled) <= 1


def test_what_the_arrastre_obliges_shows_what_a_guinote_seat_lacks():
    from cardgames.games.guinote import CARD_STRENGTH, Above
    from cardgames.players import consistent_sample, revealed_limits

    # Guinote, the arrastre (S3): a player "must beat the card if you can" (an opponent's);
    # with none of the suit led, "must play a trump-suited card" over an opponent's card; over
    # the partner's winning card only the suit led must be followed. Spades are trumps.
    hand = cg.deal("guinote", hands=["6H 2C 4C", "7H 5C KS", "2D 3D 4D", "QH 4H 7S"], stock=[],
                   trump="S")
    hand.apply("6H")
    hand.apply("7H")     # seat 1 beats, as it must: that shows nothing
    hand.apply("2D")     # seat 2, under seat 1's 7♥: no heart, and no trump either
    hand.apply("4H")     # seat 3 follows under its partner's card: free to play low
    hand.apply("5C")     # seat 1 won and leads
    hand.apply("3D")     # seat 2: no club (and still no trump)
    hand.apply("QH")     # seat 3, over its partner's 5♣: no club, nothing more
    hand.apply("2C")     # seat 0 under the opponent's 5♣: no club above it
    five = CARD_STRENGTH[cg.Card.parse("5C").index]
    view = hand.view(1)
    assert revealed_limits(view) == {
        2: {cg.Suit.HEARTS: 0, cg.Suit.SPADES: 0, cg.Suit.CLUBS: 0},
        3: {cg.Suit.CLUBS: 0},
        0: {Above(cg.Suit.CLUBS, five): 0},
    }
    rng = random.Random(4)
    for _ in range(20):
        sampled = consistent_sample(view, rng, revealed_limits(view)).hands
        assert not any(c.suit in (cg.Suit.SPADES, cg.Suit.CLUBS) for c in sampled[2])
        assert not any(c.suit is cg.Suit.CLUBS and CARD_STRENGTH[c.index] > five
                       for c in sampled[0])


LIMIT_DEALS = [
    ("yukon", {}), ("yukon", {"players": 2}), ("yukon", {"players": 5}),
    ("yukon", {"yukon_follows_natural_suit": True}), ("yukon", {"yukon_lead_follow": "yukons"}),
    ("yukon", {"no_yukon_leads": True}), ("pip_pip", {}), ("pip_pip", {"players": 3}),
    ("pip_pip", {"call_window": "only_after_completing_draw"}), ("quinto", {}),
    ("quinto", {"joker_lead_next_card_sets_suit": True}), ("guinote", {}),
    ("guinote", {"players": 2}), ("guinote", {"must_undertrump": True}),
    ("guinote", {"arrastre_partner_exception": False}), ("pippins_aplenty", {}),
]


@pytest.mark.parametrize("game, options", LIMIT_DEALS)
def test_what_a_seat_has_shown_it_lacks_is_true_of_its_real_hand(game, options):
    # The inference must be sound: at every decision of whole random hands, no seat holds more
    # cards of a kind than another seat's view says it can.
    from cardgames.players import revealed_limits

    checked = 0
    # (Guinote's obligations, richer, bind only in the last tricks: more hands check them.)
    for seed in range(1, 41 if game == "guinote" else 9):
        hand = cg.deal(game, seed=seed, **options)
        rng = random.Random(seed)
        while hand.to_move is not None:
            for viewer in range(hand.seats):
                for seat, kinds in revealed_limits(SeatView(hand, viewer)).items():
                    for kind, most in kinds.items():
                        held = sum(hand.is_kind(hand.options, c, kind) for c in hand.hands[seat])
                        assert held <= most, (seed, len(hand.history), viewer, seat, kind)
                        checked += 1
            hand.apply(rng.choice(hand.legal_actions()))
    assert checked > 50


@pytest.mark.parametrize("game, options", LIMIT_DEALS)
def test_each_game_says_truly_when_its_seats_draw(game, options):
    # Hand.draws tells the inference above when a seat may have refilled a suit: Yukon's and
    # Guinote's whole table after a trick (Guinote's last drawer takes the face-up card at the
    # next lead, before anyone follows), Pip-Pip!'s player straight after his own card ("he
    # draws a card from the stock"), never in Quinto and Pippins Aplenty.
    from cardgames.engine import DRAWS_AFTER_PLAY, DRAWS_NEVER

    draws = cg.deal(game, seed=1, **options).draws
    seen = set()
    for seed in range(1, 6):
        hand = cg.deal(game, seed=seed, **options)
        rng = random.Random(seed)
        while hand.to_move is not None:
            before = [len(h) for h in hand.hands]
            mover = hand.to_move
            action = rng.choice(hand.legal_actions())
            hand.apply(action)
            played = isinstance(action, Card) and hand.phase is not cg.Phase.DISCARD
            given = [int(s == mover and isinstance(action, Card)) for s in range(hand.seats)]
            grew = [s for s in range(hand.seats) if len(hand.hands[s]) > before[s] - given[s]]
            if not grew:
                continue
            assert draws != DRAWS_NEVER, (seed, len(hand.history))
            if draws == DRAWS_AFTER_PLAY:
                assert played and grew == [mover], (seed, len(hand.history))
            else:
                assert played and len(hand.trick) <= 1, (seed, len(hand.history), grew)
            seen.add(draws)
    assert draws == DRAWS_NEVER or seen == {draws}


@pytest.mark.parametrize("rollout", ["rules", "random"])
def test_the_search_player_plays_out_guesses_not_the_hidden_cards(rollout):
    # The rules-of-thumb playouts read the cards of each sampled deal: two deals that differ
    # only in what seat 0 cannot see must still give the same choice and the same statistics.
    mine = "AH TH 4C 9S QD"
    deal_a = cg.deal("yukon", hands=[mine, "JS 2H 3H 5H 6H", "7H 8H 9H KH 2C",
                                     "3C 5C 6C 7C 8C"], stock=[])
    deal_b = cg.deal("yukon", hands=[mine, "7H 8H 9H KH 2C", "3C 5C 6C 7C 8C",
                                     "JS 2H 3H 5H 6H"], stock=[])
    found = []
    for hand in (deal_a, deal_b):
        player = SearchPlayer(seed=9, iterations=60, time_limit=None, rollout=rollout)
        found.append((player.choose(SeatView(hand, 0)), dict(player.last_stats)))
    assert found[0] == found[1]


def test_the_search_player_knows_its_rollouts():
    assert SearchPlayer(1).rollout == "rules"
    with pytest.raises(ValueError):
        SearchPlayer(1, rollout="solver")


def test_the_search_player_weighs_hands_won_between_none_and_all():
    assert SearchPlayer(1).win_weight is None          # the game's own
    assert make_player("search", 1, win_weight=0.0).win_weight == 0.0
    for wrong in (-0.1, 1.5):
        with pytest.raises(ValueError, match="win_weight"):
            SearchPlayer(1, win_weight=wrong)


@pytest.mark.parametrize("game, weight", [("pip_pip", 0.0), ("yukon", 0.5)])
def test_the_search_values_hands_won_as_the_game_says(game, weight):
    # WIN_WEIGHT: Pip-Pip!'s search (each for himself at six seats) values points alone; two
    # sides value hands won as much as points. Left unset, the player searches exactly as with
    # the game's weight given, and its hint still tells how often each action ended ahead.
    from cardgames.players import DEFAULT_WIN_WEIGHT, WIN_WEIGHT

    assert WIN_WEIGHT.get(game, DEFAULT_WIN_WEIGHT) == weight
    hand = cg.deal(game, seed=12)
    while len(hand.legal_actions()) < 2:
        hand.apply(hand.legal_actions()[0])
    found = []
    for win_weight in (None, weight, 1.0):
        player = SearchPlayer(seed=3, iterations=150, time_limit=None, win_weight=win_weight)
        player.choose(SeatView(hand, hand.to_move))
        found.append(player.last_stats)
        assert player.last_ahead and all(0.0 <= a <= 1.0 for a in player.last_ahead.values())
    assert found[0] == found[1] != found[2]


@pytest.mark.parametrize("game, rate", [("yukon", 0.0), ("guinote", 0.1)])
def test_the_search_playouts_use_the_games_own_rate_of_random_moves(game, rate):
    # PLAYOUT_EPSILON: the rules of thumb alone guide Yukon's playouts; elsewhere one move in
    # ten is random. Left unset, the player searches exactly as with the game's rate given.
    from cardgames.players import PLAYOUT_EPSILON, DEFAULT_PLAYOUT_EPSILON

    assert PLAYOUT_EPSILON.get(game, DEFAULT_PLAYOUT_EPSILON) == rate
    hand = cg.deal(game, seed=12)
    found = []
    for epsilon in (None, rate, 0.5):
        player = SearchPlayer(seed=3, iterations=150, time_limit=None, epsilon=epsilon)
        player.choose(SeatView(hand, hand.to_move))
        found.append(player.last_stats)
    assert found[0] == found[1]
    assert found[0] != found[2]


def test_a_search_rate_of_random_moves_outside_0_to_1_is_refused():
    with pytest.raises(ValueError, match="between 0 and 1"):
        SearchPlayer(epsilon=1.5)
