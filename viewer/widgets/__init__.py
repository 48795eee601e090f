"""Qt docks and dialogs of the main window."""
