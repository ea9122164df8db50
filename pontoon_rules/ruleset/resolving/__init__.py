"""Resolving: what a loaded ruleset means for the rest of the tool: the outcome table (who
beats whom), the classic view of the named hands, the canonical behaviour (vector ids, cost
keys), the registry of features each part handles, which rules are part of the game, and
values in words. Reads the two stages below.

- `outcomes`: Who beats whom: the ranking, the named hands and the exceptions, as one table.
- `classic`: The named hands seen as the classic four: pontoon, five-card trick, 21, three
  of a kind.
- `canonical`: A ruleset's behaviour as canonical data: what conformance vector ids are made
  from.
- `features`: Which rules of the family each part of the tool handles: the one place that
  decides.
- `family_features`: The rules of the family's second round (issue 48) in the registry of
  `ruleset.resolving.features`: aces counted by the hand's cards, conditions of named
  hands, the lower total winning, the banker's minimum and opening, fractional values,
  another bust limit, wild cards.
- `relevance`: Which rules are part of a game at all: a rule whose switch is off is "not in
  this game".
- `present`: Rulesets in words: values as a card player reads them, grouped by topic.
"""
