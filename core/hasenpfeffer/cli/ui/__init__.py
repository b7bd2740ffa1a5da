"""The terminal UI of ``hasenpfeffer play``: rendering, reading a person's input, the play table."""
