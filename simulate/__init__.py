"""Game engines and everything that runs games."""
