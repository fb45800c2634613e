"""Set-up shared by every test file.

* IREE's compiled modules (:func:`meshc.runtime.iree_backend.compile_module`, cached by module text,
  flags and IREE version) go to one cache per pytest run, shared by the pytest-xdist workers and the
  commands the tests start (``MESHC_IREE_CACHE``): a module compiled by one test is not compiled again
  by another, and never lands in the user's cache. A test of the cache itself sets its own.
* ``meshc_bin``: a directory with pre-forked ``meshc`` and ``meshc-opt`` (:mod:`tests.zygote`) for the
  lit RUN lines (tests/test_lit.py) and the doc pages' commands (tests/test_docs.py); the console
  scripts themselves are run by tests/test_startup.py, tests/test_opt_cli.py and tests/test_zygote.py.
* The tests of :data:`LONG_FIRST` are collected first, so that the pytest-xdist workers (``--dist load``,
  which hands out tests in collection order) start the long tests first and the short ones fill the end.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests import zygote

ROOT = Path(__file__).resolve().parent.parent

#: Node id prefixes of the long tests (the differential tester's budget, the doc pages' commands, the
#: IREE backend's compiles, the MPI runs), in the order they start.
LONG_FIRST = (
    "tests/test_difftest.py",
    "tests/test_docs.py::test_commands_shown_in_page",
    "tests/test_iree_backend.py",
    "tests/test_mpi_backends.py",
    "tests/test_mpi_programs.py",
    "tests/test_fuzz_parser.py",
)


def _rank(nodeid: str) -> int:
    return next((i for i, prefix in enumerate(LONG_FIRST) if nodeid.startswith(prefix)), len(LONG_FIRST))


def pytest_collection_modifyitems(session, config, items):
    items.sort(key=lambda item: _rank(item.nodeid))  # stable: the rest keep their order


@pytest.fixture(scope="session", autouse=True)
def _iree_module_cache(tmp_path_factory):
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base  # the run's, not the worker's
    old = os.environ.get("MESHC_IREE_CACHE")
    os.environ["MESHC_IREE_CACHE"] = str(shared / "iree-cache")
    yield
    if old is None:
        os.environ.pop("MESHC_IREE_CACHE", None)
    else:
        os.environ["MESHC_IREE_CACHE"] = old


#: Seconds to wait for the zygote's server (tests/zygote.py) to be up before the clients fall back
#: to the console scripts.
SERVER_START = 120.0


@pytest.fixture(scope="session")
def meshc_bin(tmp_path_factory):
    """A directory with the ``meshc`` and ``meshc-opt`` clients of :mod:`tests.zygote`, its server started
    (and stopped at the end of the session)."""
    folder = tmp_path_factory.mktemp("zygote")
    sock = folder / "sock"
    env = dict(os.environ, NO_COLOR="1")
    env.pop("MESHC_DEBUG", None)
    with open(folder / "server.log", "wb") as log:
        server = subprocess.Popen([sys.executable, "-m", "tests.zygote", "serve", str(sock)], cwd=ROOT, env=env,
                                  stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
    zygote.write_shims(folder, sock, Path(sys.executable).parent)
    deadline = time.monotonic() + SERVER_START
    while not sock.exists() and server.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    yield folder
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
