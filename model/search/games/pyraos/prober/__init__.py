"""Pyraos's whole-game tables read (a table opened, checked, probed; the shipped opening),
apart from the builder (:mod:`..builder`): nothing here imports it (docs/engines.md)."""
