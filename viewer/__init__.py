"""The Pyramid Lab desktop viewer and command line."""
