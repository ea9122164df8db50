"""The finite-shoe method: exact composition-dependent play from the ruleset's own shoe.

Read in this order: `outlook.ShoeOutlook` (the shoe, and the banker's finished
hands for any remaining composition from `banker`'s trees), `hands.HandValues`
(one hand played best for every composition it meets, memoised recursion),
`model.CompositionModel` (the deal and the round: splits, the peek, side bets),
`split` (exact splits for the CDZ- post-split strategy), `post_split` (the other
splits, every visible tuple at once). `compiled` (its graph of hand states as tables:
`states`) + `native` compute the same numbers bottom up in C (`native/analysis.c`);
`policy` plays the method's decisions through the engine.
"""
