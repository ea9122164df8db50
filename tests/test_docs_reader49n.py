"""Issue 49 (g49n): the last reader points of the other games' sheets, read from the printed
sheet: Xì dách's frame and double bust, Sette e mezzo's bank given up or sold, Siebzehn und
Vier's „Ich passe“, Ban Luck's called-off deal, Australian Pontoon's bonuses on a split
hand (played through the engine)."""

from __future__ import annotations

from engine_helpers import nets, run
from sheet_text import sheet

from pontoon_rules.ruleset.loading.registry import load_bundled


def line_of(text: str, start: str) -> str:
    """The one rule of the sheet that opens with `start`."""
    found = [x for x in text.splitlines() if x.startswith(f"- {start}")]
    assert len(found) == 1, (start, found)
    return found[0]


def test_siebzehn_und_vier_stands_with_its_sources_word_and_says_it_is_no_fold() -> None:
    """The source's word for standing is «passe» (“passe” sagt, casinospiegel.net); a German
    reader may take „passen“ for folding: the usual „Ich bleibe“ leads, the source's word
    after it (r50c, r49zy; f49f)."""
    quote = load_bundled("siebzehn-und-vier").provenance["player.stick_minimum"].quote
    assert "“passe”" in quote
    rule = line_of(sheet("siebzehn-und-vier", "de"), "„Ich bleibe“")
    assert rule.startswith("- „Ich bleibe“ (auch „Ich passe“): keine Karte mehr kaufen"), rule


def test_ban_lucks_called_off_deal_shows_the_bankers_cards_as_the_sheet_says() -> None:
    """Whether a banker who calls the deal off (at 15) shows the cards: the source is silent;
    the engine shows every hand when a deal ends, the called-off deal too, and the sheet says
    so, with a word to agree on it."""
    from pontoon_rules.engine.round.actions import CALL_OFF, Action
    from pontoon_rules.engine.round.cards import parse_cards
    from pontoon_rules.engine.round.faces import observation
    from pontoon_rules.engine.round.rules import compile_rules
    from pontoon_rules.engine.round.state import RoundState

    state = RoundState(compile_rules(load_bundled("ban-luck")), [10])
    for card in parse_cards("7S AH 8C 9S".split()):  # the banker's 7 and 8 make 15
        state.apply_action(card)
    assert observation(state, 0)["banker"]["cards"] == [None, None]
    state.apply_action(Action(CALL_OFF))
    assert state.is_terminal()
    assert observation(state, 0)["banker"]["cards"] == ["7S", "8C"]
    rule = line_of(sheet("ban-luck", "en"), "A banker whose dealt cards make 15")
    assert ("Whether the banker then shows those cards the rules do not say: we play that the "
            "banker does, as every hand is shown when a deal ends; agree on it before you "
            "play.") in rule


def test_xi_dachs_box_names_ban_luck_never_an_original_game() -> None:
    """Xì dách is a game of its own: its box, its marks and the rules it does not play name
    Ban Luck, never «luật gốc» (the original rules) nor 'the base ruleset'."""
    vi, en = sheet("xi-dach", "vi"), sheet("xi-dach", "en")
    assert "gốc" not in vi and "base ruleset" not in en
    ban_luck = "Ban Luck (xì dách kiểu Singapore, Malaysia)"
    dropped = [x for x in vi.splitlines() if x.startswith("> - ")]
    assert len(dropped) == 1  # its free hand is in its 'Not in this game' line (r49h)
    assert all(x.startswith(f"> - {ban_luck} có, trò này không chơi: ") for x in dropped)
    assert f"◆ Luật riêng của trò này, khác với {ban_luck}." in vi
    assert "◆ A rule of this game that differs from Ban Luck (Chinese Blackjack)." in en


def test_a_variations_box_names_its_base_too() -> None:
    """A variation names its base in its marks as a game of its own does (g49t: 'the base
    ruleset' read as a program's words)."""
    text = sheet("pagat-stick-16", "en")
    assert "◆ A rule of this game that differs from British Pontoon (pagat rules)." in text
    assert "base ruleset" not in text


def test_xi_dachs_double_bust_is_said_with_the_tie_to_agree() -> None:
    """Many Xì dách tables play a bust against the dealer's bust as a tie (hòa): the ruleset
    keeps Ban Luck's loss (`settlement.player_bust_loses_at_once`), our open reading of a
    Vietnamese page; the sheet says the choice, the tie as the other, and † (agree on it)."""
    from pontoon_rules.ruleset.resolving.outcomes import BUST, LOSE, outcome_table

    ruleset = load_bundled("xi-dach")
    found = ruleset.provenance["settlement.player_bust_loses_at_once"]
    assert found.source == "duongbo" and found.open and "21 điểm" in found.quote
    assert outcome_table(ruleset)[(BUST, BUST)].result is LOSE
    rule = line_of(sheet("xi-dach", "vi"), "Nếu bạn bị quắc")
    assert "dù nhà cái cũng quắc" in rule and rule.endswith(" †")
    assert "cũng quắc là hòa (tiền cược được trả lại): hãy thỏa thuận" in rule


def test_the_tie_is_named_only_where_the_double_bust_is_open_and_would_tie() -> None:
    """Siebzehn und Vier's reading is open but its ties go to the banker; Belarus's too:
    a bust against a bust loses either way, and their sheets name no tie."""
    assert "tie instead" in sheet("ban-luck", "en")
    for ruleset_id in ("siebzehn-und-vier", "belarus-ponton", "pagat-british"):
        assert "tie instead" not in sheet(ruleset_id, "en")


def test_xi_dach_names_its_special_hands_by_their_names() -> None:
    """«tổ hợp đặc biệt» was nobody's word at a table: the sheet names xì bàng and xì dách."""
    text = sheet("xi-dach", "vi")
    assert "tổ hợp" not in text
    assert "- Ai có một trong các bài xì bàng hoặc xì dách thì báo và lật cả hai lá lên." in text
    assert "- Xì bàng: hai con xì, ngay khi chia, bài đặc biệt." in text


def test_sette_e_mezzo_leaves_giving_up_or_selling_the_bank_to_the_table() -> None:
    """Treccani passes the bank only to a two-card sette e mezzo; «cedere» or «vendere il
    banco» it does not name: no sale is played (`between_deals.bank_sale: false`, open) and
    the sheet leaves a blank; pagat's sale, stated, is said as a rule."""
    ruleset = load_bundled("sette-e-mezzo")
    assert not ruleset.between_deals.bank_sale
    assert ruleset.provenance["between_deals.bank_sale"].open
    rule = line_of(sheet("sette-e-mezzo", "it"), "Ognuno pesca una carta")
    assert ("Altrimenti il banco resta allo stesso giocatore. Se il mazziere possa cedere il "
            "banco o venderlo le regole non lo dicono: lo decide il tavolo prima di giocare: "
            "____.") in rule
    assert rule.endswith("† ‡")
    british = sheet("pagat-british", "en")
    assert "only sell it between deals at an agreed price" in british
    assert "give up the bank or sell" not in british


def test_australian_bonuses_say_they_pay_on_a_split_hand_as_the_engine_does() -> None:
    """The pontoon is 'not on a split hand'; the 6-7-8, 7-7-7 and five-card 21 the engine
    pays on a split hand too (a pair of sevens, sixes, twos split), and the sheet says so."""
    for shoe, twists, hand in (("7S 5D 7H 7D 7C KH 9C KC", 1, "sevens"),
                               ("6S 5D 6H 7D 8C KH 9C KC", 1, "six-seven-eight"),
                               ("2S 5D 2H 3D 4C 5C 7D KH 9C KC", 3, "five-card-21")):
        played = run("australian-pontoon", [100], shoe,
                     ", ".join(["p1 split", *["p1 twist"] * twists, "p1 stick"]))
        assert played.result.seats[0].hands[0].hand_class == hand
        assert nets(played) == [250, -250]  # 3:2 on the bonus, 1:1 on the other hand
    text = sheet("australian-pontoon", "en")
    assert "not on a split hand" in line_of(text, "Pontoon: ")
    for start in ("7-7-7: ", "6-7-8: ", "Five-card 21: "):
        assert "also on a split hand" in line_of(text, start)
