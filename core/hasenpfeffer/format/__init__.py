"""The variant format: models, YAML reading, loading with ``extends``, checks, schema, errors.

The bottom layer: it imports nothing else of the package.
"""
