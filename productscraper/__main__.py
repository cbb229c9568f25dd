"""``python -m productscraper``: the command line."""
import sys

from productscraper.operations.cli import main

if __name__ == "__main__":
    sys.exit(main())
