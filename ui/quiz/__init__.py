"""The drill runner shared by every drill page (see its modules)."""
