"""The compiled simulator: rounds and whole sessions at scale on the C kernels (see
ARCHITECTURE.md): `simulate` and `session --summary`, with the engine (`sim.runs.engine`) as the
reference path that plays every rule.
"""
