"""The engine: cards, hands, the round state machine, settlement and replay."""
