"""cardlab: the command line that wires engines, strategies and analysis together."""

__version__ = "0.1.0"
