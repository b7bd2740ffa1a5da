"""The generated JSON Schema, shipped as package data."""
