"""The engine: cards, hands, the round state machine, settlement and replay. Its stages,
lowest first (each opens with its own paragraph and one line per module):

- `engine.round`: one round (`RoundState`, OpenSpiel-style), its rules, flow and settlement;
- `engine.scripts`: round scripts, recorded rounds, golden transcripts;
- `engine.sessions`: many deals at a table, the pack between deals, banking.
"""
