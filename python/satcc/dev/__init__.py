"""Developer tools, apart from the user-facing modules:

- golden.py: proof that a refactor changes no result (`python -m satcc.dev.golden`);
- difftest.py: differential tests against ns-2 2.35 (`python -m satcc.difftest`);
- bench.py, ns3bench.py: `satcc bench`, against ns-2 and ns-3 in the same call.
"""
