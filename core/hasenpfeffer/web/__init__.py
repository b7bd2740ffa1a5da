"""``hasenpfeffer serve``: play, review and write house rules in the browser.

A small Starlette application (:func:`.app.create_app`) over the same Python functions the
commands use: the engine's legal actions and their explanations, ``analyze``'s review,
``validate``'s problems, ``show``, ``diagram``, ``simulate`` and ``compare``. The page is
plain ES modules and CSS shipped in ``static/``, served from the package; nothing is fetched
from elsewhere. See docs/web.md.
"""
