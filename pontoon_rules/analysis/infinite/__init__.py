"""The infinite-deck method: each card's chance constant, exact by recursion over the deal.

`round.RoundModel` values a round under best play (one `analysis.context.Context`
per banker's visible cards); `policy.ModelPolicy` plays its decisions through the
engine.
"""
