"""`python -m tests.pig_cli ARGS`: the cardlab CLI with the Pig fixture game registered (subprocess tests)."""

import tests.conftest  # noqa: F401  (registers the fixture game)
from cardlab.cli import main

if __name__ == "__main__":
    main()
