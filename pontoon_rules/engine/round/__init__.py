"""The round: cards, hands and named hands, the rules flattened for the hot path, legal
actions, the state machine (OpenSpiel-style) and its flow, what each actor sees, giving up,
the bank during a deal, shoot bets, side bets, settlement and results, and simple automatic
policies. The lowest stage of the engine.

- `actions`: Player and banker actions, and the legal actions offered at a decision.
- `cards`: Cards as small integers, and their two-character codes (`AS`, `TD`/`10D`, `KH`).
- `hand`: Hands, their totals and classes, and how a player hand compares with the banker's.
- `named`: The named hands compiled for the engine's hot path, and which one a hand is.
- `rules`: A ruleset flattened into plain attributes the engine reads on its hot paths.
- `classic_view`: The classic view of a ruleset's hands, as `engine.round.rules.Rules` carries it
  for the analysis and the simulator: which classic hand each named hand is
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
"""
