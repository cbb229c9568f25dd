"""``python -m productscraper.demoshop``: run the demo shop (see cli.py for the options)."""

import sys

from .cli import main

sys.exit(main())
