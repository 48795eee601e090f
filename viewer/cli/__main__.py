"""``python -m viewer.cli``: the ``pyramid-lab`` command."""

import sys

from . import main

sys.exit(main())
