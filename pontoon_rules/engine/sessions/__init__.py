"""Sessions and banking: many deals at one table with balances and a ledger, the physical pack
between deals, who banks and the bank's passing and sale, automatic sessions and session
scripts. Reads `engine.round` and `engine.scripts`.

- `session`: A session: many deals at one table under one ruleset, with balances and a
  ledger.
- `session_auto`: Automatic sessions: named player policies, plain staking, and an automatic
  banker.
- `session_script`: Session scripts: a session of deals replayed from a file (`pontoon-rules
  session --script`).
- `banking`: The table between deals: who banks first, the order of play, a bank that is an
  amount and when it passes on.
- `pack`: The physical pack (or shoe) of a session: its order, and its handling between
  deals.

In detail (moved from ARCHITECTURE.md):

- `pack`
- `session*` (many deals, rotation, sale, kitty)
- `banking` (the first banker on a stream of its own, re-cuts bounded then seat order, seat
  order, a bank that is an amount: sitting out, passing when broken or after N deals, the
  sale to the highest bidder)
"""
