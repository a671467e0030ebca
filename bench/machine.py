"""What a benchmark ran on, printed with its figures: the same code runs a third to a half
faster on a CPython built with profile-guided and link-time optimisation (a distribution's
python3.11) than on a plain source build, so figures mean little without it."""

from __future__ import annotations

import os
import platform
import sys


def interpreter() -> str:
    """``Python 3.11.2 (/usr/bin/python3.11)``: the version and the interpreter a venv is
    made from (``sys._base_executable``), which tells a distribution's build from pyenv's."""
    base = getattr(sys, "_base_executable", sys.executable)
    return f"{platform.python_implementation()} {platform.python_version()} ({base})"


def machine() -> str:
    """The interpreter, the CPU count and the load average now."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"{interpreter()}, {os.cpu_count()} CPUs, load average {load:.1f}"
