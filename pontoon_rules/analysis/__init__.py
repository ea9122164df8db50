"""Analysis: exact house edge, best strategy, rule costs and simulation."""
