"""``python -m pyramid_lab.viewer.cli``: the ``pyramid-lab`` command."""

import sys

from . import main

sys.exit(main())
