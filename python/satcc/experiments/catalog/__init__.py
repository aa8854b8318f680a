"""Built-in experiments, one module per paper (and one for the baselines)."""
