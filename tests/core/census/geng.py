"""nauty's geng for the tests that need it: skipped where it is not installed, but a
failure under CI (``CI`` set), which installs nauty: those tests must not go quiet there."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest


def geng_or_skip() -> str:
    """The geng executable (``geng`` or Debian's ``nauty-geng``)."""
    for name in ("geng", "nauty-geng"):
        path = shutil.which(name)
        if path:
            return path
    if os.environ.get("CI"):
        pytest.fail("nauty's geng is not installed; CI must install nauty (apt-get install nauty)")
    pytest.skip("nauty's geng is not installed (apt-get install nauty)")


def geng_lines(*args: str) -> bytes:
    """geng's graph6 output for `args`."""
    return subprocess.run([geng_or_skip(), "-q", *args], check=True, capture_output=True).stdout
