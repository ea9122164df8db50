"""The sentences `docs.words.settlement` writes, for the catalog (`python_messages`): every
who-beats-whom, payout, tie, bust, peek and exception message, in one list."""

from __future__ import annotations

from pontoon_rules.docs.words.i18n import mark as _
from pontoon_rules.ruleset.format.common import OutcomeResult, TieRule, odds_fraction
from pontoon_rules.ruleset.format.fields import provenance_for
from pontoon_rules.ruleset.format.model import Ruleset
from pontoon_rules.ruleset.resolving.outcomes import BUST, BY_TOTAL, LOSE, PUSH, WIN, tie_rule

ORDINARY = _("any other total")
"""How an ordinary total is named in who-beats-whom sentences."""
PLAIN_TOTAL = _("ordinary total")
"""An ordinary total as one side of a pair ('the banker's ordinary total')."""

ONE_SIDE = {
    ("banker", "never"): _("The banker's cards never count as %(hands)s: the same cards rank "
                           "as the next name they fit, or by their total."),
    ("banker", "total"): _("The banker's cards never count as %(hands)s: the same cards "
                           "count as an ordinary total."),
    ("banker", "only"): _("Of these names the banker's cards count only as %(hands)s; any "
                          "other cards of the banker rank by their total."),
    ("banker", "none"): _("The banker's cards count by their total alone."),
    ("player", "never"): _("A player's cards never count as %(hands)s: the same cards rank "
                           "as the next name they fit, or by their total."),
    ("player", "total"): _("A player's cards never count as %(hands)s: the same cards "
                           "count as an ordinary total."),
    ("player", "only"): _("Of these names a player's cards count only as %(hands)s; any "
                          "other cards of a player rank by their total."),
    ("player", "none"): _("A player's cards count by their total alone."),
}
"""The ranking's words for the named hands one side cannot hold (`banker_can_hold`,
`player_can_hold`), naming the shorter list (those it never holds, or the only ones it
does): a chain of names read alone would rank the other side's same cards. `total`: the
hands it never holds have no lower name it holds that their cards could fit
(`ranking_sides.next_name`), so the same cards are a plain total."""

NATURAL_AT_ONCE = {
    ("later", False): _("A banker's pontoon is not checked before the players play; it shows "
                        "when the banker plays."),
    ("later", True): _("A banker's %(natural)s is not checked before the players play; it "
                       "shows when the banker plays."),
    ("rate", False): _("If the banker holds a pontoon, it is shown at once and the deal ends: "
                       "the banker collects %(odds)s from every player."),
    ("rate", True): _("If the banker holds a %(natural)s, it is shown at once and the deal "
                      "ends: the banker collects %(odds)s from every player."),
    ("collects", False): _("If the banker holds a pontoon, it is shown at once and the deal "
                           "ends: the banker collects from every player."),
    ("collects", True): _("If the banker holds a %(natural)s, it is shown at once and the deal "
                          "ends: the banker collects from every player."),
    ("settled", False): _("If the banker holds a pontoon, it is shown at once and the deal "
                          "ends: each player's hand is settled against it as dealt."),
    ("settled", True): _("If the banker holds a %(natural)s, it is shown at once and the deal "
                         "ends: each player's hand is settled against it as dealt."),
}
"""A banker's natural in the deal, by (what happens, whether the game renames its natural):
checked only when the banker plays; shown at once, every player paying the one rate the
outcome table gives (said), or rates that differ; or each hand settled against it."""

NATURAL_CHECKED = {
    ("rate", False): _("If the banker holds a pontoon, it is shown when the banker checks for "
                       "it and the deal ends: the banker collects %(odds)s from every player."),
    ("rate", True): _("If the banker holds a %(natural)s, it is shown when the banker checks "
                      "for it and the deal ends: the banker collects %(odds)s from every "
                      "player."),
    ("collects", False): _("If the banker holds a pontoon, it is shown when the banker checks "
                           "for it and the deal ends: the banker collects from every player."),
    ("collects", True): _("If the banker holds a %(natural)s, it is shown when the banker "
                          "checks for it and the deal ends: the banker collects from every "
                          "player."),
    ("settled", False): _("If the banker holds a pontoon, it is shown when the banker checks "
                          "for it and the deal ends: each player's hand is settled against it "
                          "as dealt."),
    ("settled", True): _("If the banker holds a %(natural)s, it is shown when the banker "
                         "checks for it and the deal ends: each player's hand is settled "
                         "against it as dealt."),
}
"""`NATURAL_AT_ONCE` where an early surrender (Ban Luck's free hand) comes between the deal
and the banker's check (`player.surrender.timing` early): "shown at once" read as before
it (r49zo); the engine checks after the surrenders (`engine.round.flow`)."""

EXCEPTIONS_TO = {
    "both": _("Exceptions to the ranking and the payouts above:"),
    "ranking": _("Exceptions to the ranking above:"),
    "payouts": _("Exceptions to the payouts above:"),
}
"""The exceptions' heading, by what they depart from (`settlement._departs`)."""

PAIRS: dict[tuple[str, bool], str] = {
    ("win", False): _("A player's %(p)s against the banker's %(b)s wins."),
    ("win", True): _("A player's %(p)s against the banker's %(b)s wins, paid %(pays)s."),
    ("lose", False): _("A player's %(p)s against the banker's %(b)s loses."),
    ("lose", True): _("A player's %(p)s against the banker's %(b)s loses, paying the banker "
                      "%(pays)s."),
    ("push", False): _("A player's %(p)s against the banker's %(b)s is a stand-off."),
    ("by-total", False): _("A player's %(p)s against the banker's %(b)s: the higher total "
                           "wins, equal totals go to the banker."),
    ("by-total", True): _("A player's %(p)s against the banker's %(b)s: the higher total "
                          "wins, equal totals are a stand-off."),
}
"""One pair of hands in words, by its result and a flag: for win and lose, that the
sentence gives the odds (`%(pays)s`); for by-total, that equal totals are a stand-off.
The sheet's exceptions (`settlement`) and a rules page's `settlement.outcomes`
(`docs.sheet.views.outcomes_text`) both say a pair so."""

TIE_ITEMS: dict[tuple[OutcomeResult, bool | None], str] = {
    (LOSE, None): _("with %(pairs)s, the banker wins"),
    (PUSH, None): _("with %(pairs)s, it is a stand-off and the stake comes back"),
    (WIN, None): _("with %(pairs)s, the player wins"),
    (BY_TOTAL, False): _("with %(pairs)s, the higher total wins and equal totals go to the banker"),
    (BY_TOTAL, True): _("with %(pairs)s, the higher total wins and equal totals are a stand-off"),
}


LOWER_ITEMS: dict[bool, str] = {
    False: _("with %(pairs)s, the lower total wins and equal totals go to the banker"),
    True: _("with %(pairs)s, the lower total wins and equal totals are a stand-off"),
}
"""Two hands whose definition compares by `lower-total` (Xi dach's five-card hands)."""

BANKER_BUST = {
    (False, False): _("If the banker busts, every hand still standing wins, paid what its "
                      "hand pays."),
    (False, True): _("If the banker busts, every hand still standing wins, paid %(odds)s."),
    (True, False): _("If the banker busts, the player wins, paid what their hand pays."),
    (True, True): _("If the banker busts, the player wins, paid %(odds)s."),
}
"""The banker's bust, by (one player with one hand, at fixed odds): at a table of players,
or where the banker meets one player with one hand (the banker plays only a player who
has not bust); paid what each hand pays, or the same odds for all."""

BANKER_BUST_HIDDEN = {
    False: _("If the banker busts, every hand that has not bust wins, paid what its hand "
             "pays."),
    True: _("If the banker busts, every hand that has not bust wins, paid %(odds)s."),
}
"""`BANKER_BUST` at a table of players whose bust hands stay face down (`faces.bust_shown`
off): a hidden bust lies there like a hand still standing, and a reader took it to win
(r49zh); the engine settles it as lost (`settlement.player_bust_loses_at_once` or not)."""

BANKER_BUST_OPENED = {
    False: _("If the banker busts, every hand not yet settled that has not bust wins, paid "
             "what its hand pays."),
    True: _("If the banker busts, every hand not yet settled that has not bust wins, paid "
            "%(odds)s."),
}
"""`BANKER_BUST_HIDDEN` where the banker may open hands before drawing on (`banker.opens`):
a hand opened and settled against the banker's total stays settled when the banker then
busts (r49zo: "every hand that has not bust" read to take in a hand already lost)."""

def banker_bust_words(r: Ruleset, alone: bool) -> dict[bool, str]:
    """The banker's bust's words, by whether it pays fixed odds: where a bust lies face down
    or may be kept hidden (`settlement.hidden_bust_pays`),
    `BANKER_BUST_OPENED` if the banker may open hands first, else `BANKER_BUST_HIDDEN`; else
    `BANKER_BUST` (`alone`: one player with one hand)."""
    hidden = not r.faces.bust_shown or r.settlement.hidden_bust_pays is not None
    if hidden and not alone:  # a bust a player may keep hidden lies there too (r49zp)
        return BANKER_BUST_OPENED if r.banker.opens.allowed else BANKER_BUST_HIDDEN
    return {fixed: BANKER_BUST[(alone, fixed)] for fixed in (False, True)}


def natural_shown_words(r: Ruleset) -> dict[tuple[str, bool], str]:
    """A banker's natural shown in the deal: when the banker checks for it, where an early
    surrender is decided first (`NATURAL_CHECKED`), else at once (`NATURAL_AT_ONCE`)."""
    s = r.player.surrender
    return NATURAL_CHECKED if s.allowed and s.timing.value == "early" else NATURAL_AT_ONCE


LOSES_AT_ONCE = _("If you bust, you lose your stake at once, even if the banker busts later.")
LOSES_SHOWN = _("If you bust and show it, you lose your stake at once, even if the banker busts "
                "later.")
"""`LOSES_AT_ONCE` where a bust may be kept hidden instead (`settlement.hidden_bust_pays`),
settled when opened at its own odds: "at once" holds only for a bust shown (r49zk)."""
STAKE_ONLY = _("If you bust, you lose only your stake, at once, whatever the banker then does.")
"""A bust's loss at once where a banker's hand collects more than 1:1 (British Pontoon's
five-card trick, 2:1): the engine settles a bust at its stake before the banker plays
(r49k: a reader took the banker's 2:1 to reach a bust too)."""
STAKE_ONLY_ALONE = _("If you bust, you lose only your stake, at once.")
"""`STAKE_ONLY` where the banker meets one player, who does not play on after a bust
(`banker.draws_when_no_live_hands` off): there is nothing the banker "then does" (r49zg)."""
STAKE_ONLY_OTHERS = _("If you bust, you pay the banker only your stake, at once, whatever the "
                      "banker then holds, even a hand that takes more from the hands still "
                      "standing; what a bust pays another player's hand is said with that hand.")
"""`STAKE_ONLY` where a hand is paid by the other players too (Vingt-un's natural, 2:1 from
a player who has bust as well): the banker's 2:1 (vingt-un) still reaches only the hands
that stand (r49ad: a reader could not tell whether a bust pays the banker's 2:1)."""
LOSES_WHEN_OPENED = _("If you bust, you lose your stake when your hand is opened, even if the "
                      "banker busts too.")
STAKE_ONLY_WHEN_OPENED = _("If you bust, you lose only your stake when your hand is opened, "
                           "whatever the banker holds, even if the banker busts too.")
"""A hidden bust's loss where a banker's hand collects more than 1:1 (Ban Luck's five cards,
2:1): the engine settles a bust at its stake whatever the banker's hand (r49r: a reader
took «проигравший платит … за комбинацию банкира» to reach a bust opened against five
cards)."""
LOSES_AFTER = _("If you bust, you lose your stake, even if the banker busts too.")


HIDDEN_BUST = _("You may keep a bust hidden rather than show it at once: it then stands face "
                "down like any other hand until the settlement, where it is found and you pay "
                "the banker %(odds)s on your stake, %(amount)s in all on a stake of "
                "%(stake)s, whatever the banker holds, even if the banker busts.")
"""As the engine settles it (`engine.round.hidden_bust.net`): the player pays the odds on the
stake, whatever the banker's hand, a bust of the banker's included (r49t: "pays 2:1 on your
stake" read as what the player receives, and 200 or 300 on 100)."""


def hidden_paid(hidden: str, said: str) -> dict[str, object]:
    """HIDDEN_BUST's figures: the odds as `said` and what they take on a stake (2:1 on 100:
    200 in all), as `engine.round.hidden_bust.net` takes them from the player."""
    stake = 100 if (100 * (odd := odds_fraction(hidden))).denominator == 1 else odd.denominator
    return {"odds": said, "stake": stake, "amount": int(stake * odd)}


BUST_STAKE_ONLY = _("A bust pays only its stake.")
"""After "a losing one pays the odds of the banker's hand", where a bust facing a banker's
hand that collects more pays only its stake."""
HIDDEN_EXCEPTION = _("A bust kept hidden pays %(odds)s (see below).")
"""After a blanket rate for every losing hand, where a bust kept hidden pays other odds."""
HIDDEN_CAUSE = _("a hidden bust pays %(odds)s, whatever the banker holds")
"""A worked round's cause for a bust its player hid (`losing_words.hidden_cause`)."""
HIDDEN_HELD = _("Until then its stake stays held in the bank: it is not free for the players "
                "after you.")
"""Said where the bank caps each stake as it stands (`table.bank.cap`): a hidden bust is not
settled during the deal (`engine.round.live_bank.hand_settled`), so its stake stays held."""
HIDDEN_DEBT = _("If you cannot pay all of it, you owe that deal's banker the rest.")
"""A payment goes to its deal's banker by name (`engine.sessions.session.Session.pay`):
r50a asked whom a debt is owed once the bank has passed."""
"""Said where a hidden bust pays more than its stake: the engine takes the whole amount from
the player's balance (`engine.sessions.session`: balances may go below zero, a debt), the
same as any loss; no stake covers the part above the stake."""


BOTH_BUST_OPEN = _("Some tables play a bust against the banker's bust as a tie instead (the "
                   "stake comes back): agree which before you play.")
"""The other reading of a bust against the banker's bust, said where the ruleset's reading is
open (`settlement.player_bust_loses_at_once` with `open: true`) and the other would be a tie
(equal hands push): Xì dách's tables often play both bust as «hòa»."""


def both_bust_open(ruleset: Ruleset) -> bool:
    """Whether the sheet names the other reading of a bust against the banker's bust
    (`BOTH_BUST_OPEN`): the player loses it by the ruleset, its provenance is open, and
    under `player_bust_loses_at_once: false` it would be a tie."""
    found = provenance_for(ruleset, "settlement.player_bust_loses_at_once")
    return (ruleset.settlement.player_bust_loses_at_once and found is not None and found.open
            and tie_rule(ruleset, BUST) is TieRule.PUSH)


def bust_loses(at_once: bool, shown: bool, more: bool = False, others: bool = False,
               alone: bool = False, keepable: bool = False) -> str:
    """A bust's loss in words: at once where the hand is thrown in (only its stake, where a
    banker's hand collects `more` than 1:1: `STAKE_ONLY`, `STAKE_ONLY_OTHERS` where other
    players pay a hand too, `STAKE_ONLY_WHEN_OPENED` where it is kept face down), when opened
    where its player keeps it face down (`faces.bust_shown`: Ban Luck's hidden bust, found
    when the banker opens the hand), else whatever the banker does
    (`settlement.player_bust_loses_at_once`); a shown bust's where it may be kept hidden
    instead (`keepable`: `LOSES_SHOWN`)."""
    if not at_once:
        return LOSES_AFTER
    if not shown:
        return STAKE_ONLY_WHEN_OPENED if more and not others else LOSES_WHEN_OPENED
    if more and not others and alone:  # the banker does not play on (`alone`)
        return STAKE_ONLY_ALONE
    if more:
        return STAKE_ONLY_OTHERS if others else STAKE_ONLY
    return LOSES_SHOWN if keepable else LOSES_AT_ONCE


MESSAGES = (
    ORDINARY,
    PLAIN_TOTAL,
    _("%(best)s beats %(next)s"),
    _(", which beats %(next)s"),
    _("%(chain)s (of two totals the higher wins). A player's hand beats a lower banker's "
      "hand and loses to a higher one."),
    _("Between any other hands, %(chain)s (of two totals the higher wins): a player's hand "
      "beats a lower banker's hand and loses to a higher one."),
    _("a player's %(p)s wins whatever the banker holds"),
    _("A hand that fits several of these names counts as the highest of them."),
    _("%(outright)s. The banker's %(top)s beats every hand of a player except %(hands)s; of "
      "two totals the higher wins."),
    _("Where cards fit several named hands, only the highest of them counts, in this order: "
      "%(names)s."),
    _("every named hand of a player wins whatever the banker holds"),
    _("every named hand of a player but %(top)s wins whatever the banker holds"),
    _("these hands of a player win whatever the banker holds: %(hands)s"),
    _("That holds even against the banker's %(hands)s."),
    _("Hands rank by total alone: the higher total wins."),
    _("Ties: %(items)s."),
    _("%(hand)s against %(hand)s"),
    _("two ordinary totals"),
    _("with %(pairs)s, the banker wins"),
    _("with %(pairs)s, it is a stand-off and the stake comes back"),
    _("with %(pairs)s, the player wins"),
    _("with %(pairs)s, the higher total wins and equal totals go to the banker"),
    _("with %(pairs)s, the higher total wins and equal totals are a stand-off"),
    _("with %(pairs)s, the lower total wins and equal totals go to the banker"),
    _("with %(pairs)s, the lower total wins and equal totals are a stand-off"),
    _("A winning hand is paid the odds of its hand, a losing one pays the odds of the "
      "banker's hand (2:1 is twice the stake). Any other total wins %(pays)s and, as the "
      "banker's, collects %(collects)s."),
    _("Every winning hand is paid %(pays)s; every losing hand pays the banker %(collects)s."),
    _("A winning hand is paid the odds of its hand (%(example)s), any other total "
      "%(pays)s; every losing hand pays the banker %(collects)s."),
    _("A winning hand is paid the odds of its hand, a losing one pays the odds of the "
      "banker's hand (%(example)s). Any other total wins %(pays)s; the banker's other total "
      "collects %(collects)s."),
    _("%(odds)s on %(stake)s is %(amount)s"),
    *BANKER_BUST.values(), *BANKER_BUST_HIDDEN.values(), *BANKER_BUST_OPENED.values(),
    LOSES_AT_ONCE, LOSES_SHOWN, LOSES_WHEN_OPENED, STAKE_ONLY, STAKE_ONLY_ALONE, STAKE_ONLY_OTHERS,
    STAKE_ONLY_WHEN_OPENED,
    HIDDEN_BUST, HIDDEN_HELD, HIDDEN_DEBT, BUST_STAKE_ONLY, HIDDEN_EXCEPTION, HIDDEN_CAUSE,
    LOSES_AFTER, BOTH_BUST_OPEN,
    _("If you bust, your stake waits for the banker: when the banker busts too, it is "
      "returned."),
    *NATURAL_AT_ONCE.values(), *NATURAL_CHECKED.values(),
    *EXCEPTIONS_TO.values(),
    _("A player's %(p)s wins whatever the banker holds."),
    _("Each of these hands of a player wins whatever the banker holds: %(hands)s."),
    _("Every named hand of a player (each hand the ranking names above any other total) "
      "wins whatever the banker holds."),
    _("A player's %(p)s wins whatever the banker holds, paid %(pays)s."),
    *PAIRS.values(),
    *ONE_SIDE.values(),
)
