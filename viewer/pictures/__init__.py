"""Pictures and files drawn without a window (pyvista off screen): the `render` command's
picture, File > Export's and `pyramid-lab export`'s files, the GIF stream."""
