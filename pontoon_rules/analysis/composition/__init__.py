"""The finite-shoe method: exact composition-dependent play from the ruleset's own shoe.

`model.CompositionModel` defines the values by memoised recursion over the cards
out of the shoe; `banker` enumerates the banker's finished hands for any remaining
composition; `split` values splits exactly for the CDZ- post-split strategy;
`compiled` + `kernel` compute the same numbers bottom up in numba; `policy` plays
the method's decisions through the engine.
"""
