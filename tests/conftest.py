"""Set-up shared by every test file.

* IREE's compiled modules (:func:`meshc.runtime.iree_backend.compile_module`, cached by module text,
  flags and IREE version) go to one cache per pytest run, shared by the pytest-xdist workers and the
  commands the tests start (``MESHC_IREE_CACHE``): a module compiled by one test is not compiled again
  by another, and never lands in the user's cache. A test of the cache itself sets its own.
* The tests of :data:`LONG_FIRST` are collected first, so that the workers start the long tests first and
  the short ones fill the end of the run (``--dist loadgroup``, pyproject.toml, keeps collection order
  apart from putting the lit shards, tests/test_lit.py, ahead).
"""

from __future__ import annotations

import os

import pytest

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
