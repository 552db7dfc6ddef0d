"""cg.hand_diagram: a finished hand as a printable page, the deal round the table, the play
trick by trick, the result; every card the project's own SVG face with data-card."""

from __future__ import annotations

import re

import pytest

import cardgames as cg
from cardgames.players import RuleOfThumbPlayer, play_hand


def played(game: str, seed: int = 4, **deal) -> cg.Hand:
    hand = cg.deal(game, seed=seed, **deal)
    play_hand(hand, {s: RuleOfThumbPlayer(s) for s in range(hand.seats)})
    return hand


def section(page: str, css_class: str) -> str:
    start = page.index(f'class="{css_class}')
    end = page.index("<h2>", start) if "<h2>" in page[start:] else len(page)
    return page[start:end]


def cards_in(html: str) -> list[str]:
    return re.findall(r'<svg data-card="([^"]+)"', html)


def test_a_quinto_deal_shows_every_card_round_the_table_and_the_cachette():
    # Quinto (RULES.md 1.1): "The dealer deals 12 cards to each player" and sets 5 aside as
    # the cachette: 4 x 12 + 5 = the 53 cards of the pack, the Joker among them.
    hand = played("quinto")
    page = cg.hand_diagram(hand)
    deal = section(page, "cg-deal")
    shown = cards_in(deal)
    assert len(shown) == 53
    assert sorted(shown) == sorted(str(c) for c in cg.GAMES["quinto"].hand_class.deck(4, hand.options, None))
    assert "JK" in shown
    for name, place in zip(["North", "East", "South", "West"], ["n", "e", "s", "w"]):
        assert re.search(rf'class="cg-seat cg-pos-{place}" data-seat="\d"><h3>{name}', deal)
    assert "The cachette" in deal
    _, cachette = hand.initial_deal
    assert cards_in(section(page, "cg-middle")) == [str(c) for c in cachette]


def test_each_trick_shows_its_leader_its_cards_in_order_and_its_winner():
    hand = played("quinto")
    page = cg.hand_diagram(hand)
    rows = re.findall(r'<tr class="cg-trick" data-trick="(\d+)" data-leader="(\d)" '
                      r'data-winner="(\d)">(.*?)</tr>', page, re.DOTALL)
    names = ["North", "East", "South", "West"]
    # The twelve tricks, and "the winner of the last trick takes the cachette as an extra trick".
    assert len(rows) == 13
    for trick, (number, leader, winner, cells) in zip(hand.taken_tricks, rows):
        assert int(number) == trick.number
        assert (int(leader), int(winner)) == (trick.leader, trick.winner)
        assert cards_in(cells) == [str(c) for _, c in trick.cards]
        assert f"<td>{names[trick.leader]}</td>" in cells
        assert f"<td>{names[trick.winner]}</td>" in cells
        assert f"<td>{trick.points}</td>" in cells
    assert "the cachette" in rows[-1][3]


def test_the_result_gives_the_score_and_how_the_game_scores_it():
    # Quinto scores tricks (5 each, undoubled) and quints apart: the page splits them.
    hand = played("quinto")
    page = cg.hand_diagram(hand)
    result = page[page.index('class="cg-result-block"'):]
    assert "Points for tricks" in result and "Points for quints" in result
    totals = re.search(r"<th>Total</th>(.*?)</tr>", result).group(1)
    assert [int(x) for x in re.findall(r">(\d+)<", totals)] == hand.score
    assert "North–South" in result and "East–West" in result
    assert "scored most" in result or "tied" in result


def test_the_page_is_self_contained_and_prints():
    page = cg.hand_diagram(played("guinote", players=2))
    assert page.startswith("<!DOCTYPE html>")
    for outside in ("<script", "<img", "<link", "http://", "https://", "@import", "url("):
        assert outside not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "@media print" in page
    assert 'class="cg-seat cg-pos-n"' in page and 'class="cg-seat cg-pos-s"' in page


def test_more_seats_go_round_in_playing_order_and_discards_are_shown():
    pip = cg.hand_diagram(played("pip_pip", seed=5, players=12))
    assert "cg-ring" in pip and "Player 12" in pip
    # Pip-Pip! (RULES.md 3.1): "A call made before the first trick, with dealt cards" scores 50
    # at once; each call is said once, with its points.
    before = re.search(r'<p class="cg-before">(.*?)</p>', pip).group(1)
    assert before.count("Pip-Pip! in spades +50") == 1 and before.count("Pip-Pip!") == 2
    pippins = played("pippins_aplenty")
    page = cg.hand_diagram(pippins)
    # Pippins Aplenty (RULES.md 5.1): each player's discard is removed from play.
    aside = section(page, "cg-aside").split('<table class="cg-play"')[0]
    assert sorted(cards_in(aside)) == sorted(str(c) for c in pippins.set_aside())


def test_a_match_or_a_record_is_drawn_and_an_unfinished_hand_refused():
    hand = played("yukon", players=4)
    assert cg.hand_diagram(hand.to_json()) == cg.hand_diagram(hand)
    match = cg.match("yukon", seed=2, players=2)
    players = {s: RuleOfThumbPlayer(s) for s in range(2)}
    while not match.hands:
        seat = match.hand.to_move
        match.apply(players[seat].choose(match.hand.view(seat)))
    page = cg.hand_diagram(match, hand_number=1)
    assert page.hand.history == match.hands[0].history
    with pytest.raises(cg.ReviewError, match="not finished"):
        cg.hand_diagram(cg.deal("yukon", seed=1))


def test_the_diagram_displays_itself_and_saves(tmp_path):
    page = cg.hand_diagram(played("yukon", players=2), names=["Ann", "Bob"])
    assert "Ann" in page and "Bob" in page
    shown = page._repr_html_()
    assert shown.startswith('<div class="cg-hand-diagram">') and "<body>" not in shown
    path = tmp_path / "hand.html"
    page.save(path)
    assert path.read_text(encoding="utf-8") == str(page)
