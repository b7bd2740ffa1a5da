"""The figures of ``simulate``, ``compare`` and ``sweep``: as text, JSON and CSV, and their pictures."""
