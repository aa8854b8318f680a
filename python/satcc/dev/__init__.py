"""Developer tools: the golden-run check of refactors (`python -m satcc.dev.golden`)."""
