"""``python -m hasenpfeffer``: the ``hasenpfeffer`` command."""

from hasenpfeffer.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
