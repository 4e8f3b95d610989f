"""Bundled card data: one folder per game. Importable only so installs carry the files along."""

from pathlib import Path

DECKLISTS_DIR = Path(__file__).resolve().parent


def game_dir(game_folder: str) -> Path:
    """The folder of one game's bundled card files, e.g. ``game_dir("four_souls")``."""
    return DECKLISTS_DIR / game_folder
