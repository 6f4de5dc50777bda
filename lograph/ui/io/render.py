"""The old path of `lograph.ui.picture.render`, kept because ``lograph render``
(`lograph/cli/render_cmd.py`) imports it from here.

This module *is* `lograph.ui.picture.render` (the same module object, not a copy of its
names), so a test that replaces one of its functions replaces it for the CLI too. New code
imports `lograph.ui.picture.render`.
"""

import sys

from lograph.ui.picture import render

sys.modules[__name__] = render
