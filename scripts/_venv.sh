# Sourced by scripts/demo, scripts/test and .ci/run (not run on its own).
# kitty_venv [EXTRA]: make .venv with Python 3.11+ when missing, and install Kitty into it
# (editable, with the optional EXTRA such as "test"). pip runs only when pyproject.toml changed
# since the last install, so running a command again starts at once.

# kitty_python: the interpreter a new .venv is made with. $KITTY_PYTHON when set; else the
# distribution's /usr/bin/python3.11 when it can make a venv: Debian and Ubuntu build it with
# profile-guided and link-time optimisation, and Kitty's rules engine, scoresheet pages and
# tables run a third to a half faster on it than on a plain source build (pyenv's default);
# else python3.11 or python3 on PATH.
kitty_python() {
  if [ -n "${KITTY_PYTHON:-}" ]; then
    echo "$KITTY_PYTHON"
  elif [ -x /usr/bin/python3.11 ] && /usr/bin/python3.11 -c 'import ensurepip' 2>/dev/null; then
    echo /usr/bin/python3.11
  else
    command -v python3.11 || command -v python3
  fi
}

kitty_venv() {
  local extra=${1:-} spec=. hash py
  [ -z "$extra" ] || spec=".[$extra]"
  if [ ! -x .venv/bin/python ]; then
    py=$(kitty_python) || {
      echo "Kitty needs Python 3.11 (python3.11 or python3 on PATH)." >&2
      return 1
    }
    "$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))' || {
      echo "Kitty needs Python 3.11 or newer; $py is $("$py" --version 2>&1)." >&2
      return 1
    }
    "$py" -m venv .venv
  fi
  hash=$(.venv/bin/python -c 'import hashlib; print(hashlib.sha256(open("pyproject.toml", "rb").read()).hexdigest())')
  if ! grep -qxF "$hash $spec" .venv/kitty-installed 2>/dev/null; then
    # The log keeps pip's chatter (and its warnings) out of the way unless it fails.
    .venv/bin/python -m pip install --disable-pip-version-check -q -e "$spec" \
      >.venv/pip-install.log 2>&1 || {
      cat .venv/pip-install.log >&2
      echo "pip install -e '$spec' failed (log above)." >&2
      return 1
    }
    { echo "$hash $spec"; [ "$spec" = . ] || echo "$hash ."; } >.venv/kitty-installed
  fi
}
