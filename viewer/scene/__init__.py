"""pyvista / VTK actors that draw the boards; they observe the session and view state."""
