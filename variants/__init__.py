"""Built-in variant files, shipped as package data."""
