"""The desktop window (Qt): the window, its composition root, the port, the stage and the
controllers that bind the docks and menus to the lab."""
