"""The GLSL the viewer injects at VTK's shader tags (``viewer/boards/impostors.py`` loads
them by name). A package only so that the ``.glsl`` files travel as package data in a
wheel; it holds no Python."""
