"""The sub-commands of ``hasenpfeffer``, one module each: ``add_arguments(parser)`` and ``run(args)``."""
