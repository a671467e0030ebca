"""Static files in production: hashed, compressed names, and Kitty's scripts importing each
other by those names.

The scripts in static/kitty are ES modules that import one another (``import { el } from
"./dom.js";``). A page loads ``table.<hash>.js``; were its imports left as written, the browser
would fetch the plain ``dom.js``, which whitenoise caches for a short time only, so for a while
after a deploy one page could run new and old modules together. Django can rewrite module
imports, but only for every ``*.js`` file at once, and some vendored scripts (htmx) hold text
that reads like an import and names no file: so the rewriting is limited to Kitty's own scripts.
"""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage

#: ``import … from "./name.js";`` in static/kitty, rewritten to the hashed name (Django's own
#: pattern for module imports, ``ManifestStaticFilesStorage``, limited to relative files).
KITTY_MODULE_IMPORTS = (
    "kitty/*.js",
    (
        (
            r"""(?P<matched>import(?s:(?P<import>[\s\{].*?))\s*from\s*["'](?P<url>\./[\w.-]+\.js)["']\s*;)""",
            """import%(import)s from "%(url)s";""",
        ),
    ),
)


class KittyStaticStorage(CompressedManifestStaticFilesStorage):
    """Whitenoise's storage, with Kitty's module imports hashed too."""

    patterns = (*CompressedManifestStaticFilesStorage.patterns, KITTY_MODULE_IMPORTS)
