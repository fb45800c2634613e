# lit configuration for meshc's FileCheck tests (tests/lit/**/*.mlir).
#
# RUN lines use `meshc`, `meshc-opt` and `filecheck` (also spelled `FileCheck`): both are
# resolved to the executables next to the Python running lit (the project's
# venv), and that directory is put first on PATH. `not` comes from lit's
# internal shell. Run with `lit -v tests/lit` or through tests/test_lit.py.
# `--param meshc_bin=DIR` (tests/test_lit.py passes it) takes `meshc`, `meshc-opt` and `filecheck` from DIR
# instead, put first on PATH too: the pre-forked clients of tests/zygote.py, which run the venv's
# console scripts' entry points (and exec the scripts themselves when their server is not up).
# `config` and `lit_config` are provided by lit.  # noqa: F821

import os
import sys

import lit.formats

config.name = "meshc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["Inputs", "Output"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))

bin_dir = os.path.dirname(os.path.abspath(sys.executable))
meshc_bin = lit_config.params.get("meshc_bin")
config.environment["PATH"] = os.pathsep.join(([meshc_bin] if meshc_bin else []) + [bin_dir, os.environ.get("PATH", "")])
for var in ("HOME", "XDG_CACHE_HOME", "TMPDIR", "MESHC_IREE_CACHE"):  # the grammar and IREE caches live there
    if var in os.environ:
        config.environment[var] = os.environ[var]
config.environment["NO_COLOR"] = "1"


def _tool(name, folder=bin_dir):
    path = os.path.join(folder, name)
    if not os.path.exists(path):
        lit_config.fatal(f"'{name}' not found next to {sys.executable}; run `pip install -e '.[test]'` first")
    return path


# A whole word only, so paths and words containing "meshc" are left alone.
config.substitutions.append((r"(?<![\w./-])meshc(?![\w./-])", _tool("meshc", meshc_bin or bin_dir)))
# meshc-opt (mlir-opt's command line, docs/meshc-opt.md): RUN lines written as upstream's. A venv
# installed before the console script existed runs the module instead (tests/test_opt_cli.py
# checks the console script itself).
_opt = os.path.join(meshc_bin or bin_dir, "meshc-opt")
config.substitutions.append((r"(?<![\w./-])meshc-opt(?![\w./-])",
                             _opt if os.path.exists(_opt) else f"{sys.executable} -m meshc.opt"))
config.substitutions.append((r"(?<![\w./-])(?:filecheck|FileCheck)(?![\w./-])",
                             _tool("filecheck", meshc_bin or bin_dir)))
