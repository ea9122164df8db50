"""The slots of a streamed session's state and sums, which the C session kernel
(`native/sim_session.h`, `sim.kernels.native.Kernel.play_deals`) reads and writes: whole sessions
in the kernel, deal after deal from the physical pack, with the bank's rotation and sale
and Shoot Pontoon's kitty, as `engine.sessions.session` and `engine.sessions.session_auto` play
them (the automatic banker and table policy); `sim.sessions.tables` sets them up and reads them.

Nothing per deal is kept: each person's running sums (`P_*` columns of `person`, float64)
and the table's (`T_*` slots of `table`, int64) are all a session leaves, so memory is flat
whatever the number of deals. A person's result in a deal is the change in what they own:
their balance, plus the kitty while they hold the bank (the kitty is the banker's money).
Intervals use batch means over blocks of `BLOCK` deals (deals from one pack are not
independent). `native/sim.h` holds the same numbers, checked by the tests.
"""

from __future__ import annotations

BLOCK = 1000
(P_SUM, P_BLOCK, P_BSUM, P_BSQ, P_BANKED, P_BANK_SUM, P_BANK_SQ, P_SEAT_SUM, P_SEAT_SQ,
 N_PERSON) = range(10)
"""A person's sums: all deals, the current block, the blocks' sums and squares, deals
banked, as banker (sum, squares), seated (sum, squares)."""
(T_DEALS, T_BLOCKS, T_SHUFFLES, T_KITTIES, T_DRY, T_KITTY_SUM, T_KITTY_MAX, T_TOP_UPS,
 T_SALES, T_PONTOON_DEALS, T_ERROR, N_TABLE) = range(12)
"""The table's sums (T_ERROR: the pack ran out mid-deal, `layout.ERR_EMPTY`)."""
(S_BANKER, S_KITTY, S_DRY, S_PEOPLE, S_HOUSE, S_STAKE, S_KITTY_AMOUNT, S_BID, N_STATE) = range(9)
"""The table's state between deals: who banks, the kitty, whether it ran dry, the people
(seats and a rotating banker), whether the house banks, the policy's stake, kitty and bid."""
