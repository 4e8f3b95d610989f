"""Players: one folder per game, one readable module per policy, a registry by name."""
