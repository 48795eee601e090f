"""``python -m pyramid_lab``: the ``pyramid-lab`` command line."""

from pyramid_lab.viewer.cli import main

raise SystemExit(main())
