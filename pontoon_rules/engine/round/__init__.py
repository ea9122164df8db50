"""The round: cards, hands and named hands, the rules flattened for the hot path, legal
actions, the state machine (OpenSpiel-style) and its flow, what each actor sees, giving up,
the bank during a deal, shoot bets, side bets, settlement and results, and simple automatic
policies. The lowest stage of the engine.

- `actions`: Player and banker actions, and the legal actions offered at a decision.
- `cards`: Cards as small integers, and their two-character codes (`AS`, `TD`/`10D`, `KH`).
- `hand`: Hands, their totals and classes, and how a player hand compares with the banker's.
- `named`: The named hands compiled for the engine's hot path, and which one a hand is.
- `rules`: A ruleset flattened into plain attributes the engine reads on its hot paths.
- `classic_view`: The classic view of a ruleset's hands, as `engine.round.rules.Rules`
  carries it for the analysis and the simulator: which classic hand each named hand is
  (`ruleset.resolving.classic`), what each pays and collects, and the outcome table keyed by
  `HandClass` (neutral values where the hands are not the classic four).
- `legal`: Which actions a player hand may take now, under the compiled rules.
- `flow`: How a round moves on: the deal, insurance, the players' turns, the banker's turn.
- `state`: One round as a state machine with an OpenSpiel-style API.
- `phase`: The round's phases and the special actors of the OpenSpiel-style API.
- `faces`: What lies face up, and what each actor sees: the round's information states.
- `giving_up`: Giving a hand up: surrender (before or after the banker's check for a
  pontoon) and the double-down rescue, with what each gives back.
- `hidden_bust`: A bust hidden (the Russian home Очко): "he is obliged to show his cards and
  pay the debt to the bank (the player pays doubly for concealing brute force)".
- `live_bank`: The bank as it stands during a deal (the Russian home Очко), and the entry
  into it.
- `opening`: The banker opening chosen players' hands before drawing on (`banker.opens`: Ban
  Luck).
- `calling_off`: A banker whose dealt cards make one of `banker.calls_off_at` calling the
  whole deal off before anyone plays, every stake back (Ban Luck's dealer's free hand;
  `call-off` or `decline`).
- `side_bets`: Side bets on the first two cards (`side_bets`): offered to each seat before
  the deal (`Phase.SIDE_BETS`: `pair N`, `match N` or `decline`), settled once the deal is
  done.
- `settle`: Settlement: what one finished player hand wins or loses against the banker.
- `results`: The settlement of a finished round: per hand, per seat, for the banker and the
  kitty.
- `shoot`: Shoot Pontoon inside a round: the kitty, shoot bets, and what they win or lose.
- `between_players`: Money between players: a hand held by one seat that moves money for the
  other seats.
- `example_hands`: Example hands: cards from a game's own pack that the engine classifies as
  a named hand (the sheets' payout table and the conformance vectors that deal a rare hand
  use them).
- `policies`: Simple named policies for automatic players and bankers.
- `rotation`: Who takes the bank after a round (`between_deals.rotation`): the one rule a
  session passes the bank by and a worked example tells.

In detail (moved from ARCHITECTURE.md):

- `cards` (ints 0–51)
- `rules.compile_rules` (flat hot-path view, with the classic view the analysis reads)
- `named` (hand definitions compiled; which one a hand is)
- `example_hands` (cards of the game's own pack that make a named hand: sheets, conformance)
- `hand`
- `legal`
- `flow` (deal → shoot → insurance and early surrender → peek → players → banker)
- `giving_up` (surrender, void on a banker's pontoon, the rescue, business: the latest buy
  bets given up)
- `opening` (the banker opening chosen players' hands before drawing on, `banker.opens`, and
  the automatic banker's choice)
- `side_bets` (before the deal, `Phase.SIDE_BETS`)
- `state.RoundState` (OpenSpiel-style)
- `faces` (face up/down, observations)
- `settle` (with what a banker's natural takes; `money` rounds as `settlement.odd_amounts`
  says: down, up, half up, half even, or exact, where `Rules.stake_unit` refuses stakes and
  amounts that are not multiples of the payouts' denominators, and an insurance or a side
  bet not a multiple of its own odds' denominators: `state.amount_unit`)
- `results`
- `shoot`
- `between_players` (a hand every other player pays too: Vingt-un's natural; one that makes
  the banker pay every other player: Spanish 21's Envy Bonus)
- `hidden_bust` (a bust its player hides, `hide`, paid at `settlement.hidden_bust_pays` when
  found)
- `live_bank` (the bank as it stands during a deal: each stake placed at its seat's turn,
  what busts paid in counting for the next; the entry into the bank)
- `policies`

The round's API (moved from ARCHITECTURE.md):

`RoundState(rules, stakes, kitty=None, bank=None)`: `current_player()` is a seat index (0 =
p1, the first to play: the banker's left, or right where `table.direction` says), `BANKER`
(a banker by choice), `CHANCE` (a card is due) or `TERMINAL`. Where the bank is an amount
(`table.bank.amount`), `bank` is what is left in it (default all of it) and `bank_left` caps
every stake, buy, double, split and insurance of the round. `legal_actions()` →
`LegalAction(kind, low, high)`; `apply_action(Action | card)`; `chance_outcomes()` → `(card,
probability)` from what the packs still hold; `result()` → `RoundResult`, `returns()` → each
seat's net. Money is integer minor units: banker net + kitty change + the seats' nets = 0. A
driver chooses the cards: a stacked shoe (`script.play`), a physical pack (`pack`,
`session`), or an exact analysis. `observation(actor)` / `information_state_string(actor)`
give what one actor sees (`engine.round.faces`, from the ruleset's `faces` section); a
banker by choice decides on that alone. Who beats whom is one table,
`ruleset.resolving.outcomes.outcome_table` (ranking + special rules + `settlement.outcomes`
exceptions), read by the engine, the analysis, the simulator and the sheets.

A hand's class is a hand id: the first named hand in `hands.ranking` whose conditions its
cards meet (`engine.round.named`), else `bust` or `total`. The engine and the exact analysis
read `Rules.cells` (the table by hand ids): the analysis classifies its abstract hands by
the same definitions (`analysis.named`), its hand state holding a small pattern of ranks
where a definition reads them, and a hand whose suits decide its id as a blend of ids with
their chances given its ranks (`outcomes.Blend`); it refuses by name
(`ruleset.resolving.features`, `ruleset.resolving.classic.not_analysed`) suited hands it
cannot blend and a peek for several naturals; BB+1 from a seat that splits is one stake in
all, added back to the split's sum over its hands (`analysis.seat_takes`). The compiled
simulator's general kernel classifies by the same definitions
(`sim.kernels.compiled.named_table`, one int64 row per definition; suits read from the cards
dealt) and settles by hand id from `Rules.cells` (`sim.kernels.compiled.cells_table`), with
what a banker's hand takes; only its one-seat fast kernel reads the classic view
(`Rules.outcomes` by `HandClass`), which `ruleset.resolving.classic` maps from the
definitions when they are the classic four (`sim.runs.fastpath.fast_problem` sends every
other ruleset to the general kernel).
"""
