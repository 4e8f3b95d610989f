"""cardlab: the command line that wires engines, strategies and analysis together."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("cardlab")  # pyproject.toml is the one source of truth
except PackageNotFoundError:
    __version__ = "unknown (not installed)"
