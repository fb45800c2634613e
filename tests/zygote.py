"""A pre-forked ``meshc`` / ``meshc-opt`` (and ``filecheck``) for the lit run (tests/test_lit.py): the RUN lines' commands
start in milliseconds instead of paying the interpreter's and meshc's imports (0.3-0.5 s each).

Test-only machinery, never installed: the real console scripts are what ``tests/test_startup.py``, the
CLI tests and the doc-tests run.

* The server (``python -m tests.zygote serve SOCKET``) imports meshc (every module of the package but the
  MPI and IREE backends, whose imports start MPI and IREE) and builds the IR parser once, then listens on
  the unix socket ``SOCKET``.
* The client (:data:`CLIENT`, written as ``meshc``, ``meshc-opt`` and ``filecheck`` into a directory by
  :func:`write_shims`) connects and sends its standard input, output and error as file descriptors
  (``SCM_RIGHTS``) with its argv, working directory and whole environment. The server forks a handler,
  the handler forks the command's process, which puts those descriptors on 0, 1 and 2, takes the argv,
  directory and environment, rebuilds ``sys.stdin/stdout/stderr`` as the interpreter would for them
  (buffering of a terminal or not, ``PYTHONUNBUFFERED``) and runs the console script's entry point the way
  the script does (:func:`run_entry`). The handler sends the exit status back; the client exits with it (a signal's death is
  re-raised on the client).
* Never a hang: a client that cannot connect or send within :data:`CONNECT_TIMEOUT` seconds, or whose
  standard descriptors are not all open, runs the real console script instead (``exec``). A client that
  goes away (killed by lit's timeout) gets its command's process group killed. The server exits when
  the process that started it is gone or after :data:`IDLE_EXIT` seconds without a request.
"""

from __future__ import annotations

import array
import importlib
import io
import json
import os
import select
import signal
import socket
import struct
import sys
import time
import types
from pathlib import Path

#: Console script name -> entry point (pyproject.toml's [project.scripts]; filecheck's, which every RUN
#: line pipes into).
ENTRY = {"meshc": "meshc.cli:main", "meshc-opt": "meshc.opt:main", "filecheck": "filecheck.main:main"}
#: Modules not imported ahead: importing them starts MPI or loads IREE's native libraries.
NOT_PRELOADED = ("meshc.runtime.mpi", "meshc.runtime.mpi_rank", "meshc.runtime.iree_backend")
CONNECT_TIMEOUT = 5.0
IDLE_EXIT = 3600.0

# The client: stdlib only, started with -S -E (no site, no PYTHON* variables) so it costs ~15 ms. It
# execs REAL (the venv's console script) whenever the server cannot take the command.
CLIENT = r'''#!{python} -SE
import array, json, os, socket, struct, sys
REAL, SOCK, TIMEOUT = {real!r}, {sock!r}, {timeout!r}
def fallback():
    os.execv(REAL, [REAL] + sys.argv[1:])
try:
    for fd in (0, 1, 2):
        os.fstat(fd)
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(TIMEOUT)
    s.connect(SOCK)
    body = json.dumps({{"tool": {tool!r}, "argv": [REAL] + sys.argv[1:], "cwd": os.getcwd(),
                       "env": dict(os.environ)}}).encode()
    s.sendmsg([struct.pack("!Q", len(body)) + body], [(socket.SOL_SOCKET, socket.SCM_RIGHTS,
                                                        array.array("i", [0, 1, 2]))])
    ack = s.recv(1)
except Exception:
    fallback()
if ack != b"+":
    fallback()
s.settimeout(None)
data = b""
while len(data) < 4:
    chunk = s.recv(4 - len(data))
    if not chunk:
        sys.stderr.write("meshc zygote: the command's handler went away\n")
        os._exit(125)
    data += chunk
code = struct.unpack("!i", data)[0]
if code < 0:
    import signal
    signal.signal(-code, signal.SIG_DFL)
    os.kill(os.getpid(), -code)
os._exit(code)
'''


def write_shims(directory: Path, sock: Path, bin_dir: Path) -> dict[str, Path]:
    """Write the client as each tool of :data:`ENTRY` in ``directory``, each falling back to the console
    script of the same name in ``bin_dir``; returns name -> path."""
    shims = {}
    for tool in ENTRY:
        path = directory / tool
        path.write_text(CLIENT.format(python=sys.executable, real=str(bin_dir / tool), sock=str(sock), tool=tool,
                                      timeout=CONNECT_TIMEOUT))
        path.chmod(0o755)
        shims[tool] = path
    return shims


def preload(root: Path) -> None:
    """Import meshc's modules (all but :data:`NOT_PRELOADED`), build the parser and parse the programs of
    ``root``/samples once (the parser compiles each terminal's regular expression when first met)."""
    import pkgutil

    import meshc
    from meshc.ir.location import DiagnosticError

    for info in pkgutil.walk_packages(meshc.__path__, "meshc."):
        if not info.name.startswith(NOT_PRELOADED):
            importlib.import_module(info.name)
    importlib.import_module("filecheck.main")
    from meshc import parser

    for sample in sorted((root / "samples").glob("*.mlir")):
        try:
            parser.parse(sample.read_text(encoding="utf-8"), str(sample))
        except DiagnosticError:
            pass


def _recv_request(conn: socket.socket) -> tuple[dict, list[int]]:
    fds = array.array("i")
    data, anc, _, _ = conn.recvmsg(1 << 16, socket.CMSG_LEN(3 * fds.itemsize))
    for level, kind, payload in anc:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.frombytes(payload[:len(payload) - len(payload) % fds.itemsize])
    if len(data) < 8:
        raise OSError("short request")
    size = struct.unpack("!Q", data[:8])[0]
    body = data[8:]
    while len(body) < size:
        chunk = conn.recv(size - len(body))
        if not chunk:
            raise OSError("truncated request")
        body += chunk
    return json.loads(body), list(fds)


def _std_streams(env: dict) -> None:
    """``sys.stdin/stdout/stderr`` for descriptors 0-2 as the interpreter makes them at start-up."""
    unbuffered = bool(env.get("PYTHONUNBUFFERED"))
    encoding, errors = sys.stdout.encoding, sys.stdout.errors

    def writer(fd: int, errs: str, line: bool) -> io.TextIOWrapper:
        raw = io.FileIO(fd, "wb", closefd=False)
        buf = raw if unbuffered else io.BufferedWriter(raw)
        return io.TextIOWrapper(buf, encoding=encoding, errors=errs, line_buffering=line, write_through=unbuffered)

    sys.stdin = sys.__stdin__ = io.TextIOWrapper(io.BufferedReader(io.FileIO(0, "rb", closefd=False)),
                                                 encoding=sys.stdin.encoding, errors=sys.stdin.errors)
    sys.stdout = sys.__stdout__ = writer(1, errors, os.isatty(1))
    sys.stderr = sys.__stderr__ = writer(2, "backslashreplace", True)


def _become_command(request: dict, fds: list[int]) -> str:
    """In the command's process: take the client's descriptors, directory, environment and argv."""
    os.setpgid(0, 0)
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
    for fd in fds:
        if fd > 2:
            os.close(fd)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    sys.argv = list(request["argv"])
    sys.path[0] = os.path.dirname(sys.argv[0])  # the console script's directory, as for the script itself
    script = types.ModuleType("__main__")  # a script's __main__ (click names the program after it)
    script.__file__, script.__package__, script.__spec__ = sys.argv[0], None, None
    sys.modules["__main__"] = script
    _std_streams(request["env"])
    return ENTRY[request["tool"]]


def _handle(conn: socket.socket, request: dict, fds: list[int]):
    """In the handler: fork the command; send its exit status (negative: killed by that signal).
    Returns the entry point in the command's process, None in the handler once done."""
    pid = os.fork()
    if pid == 0:
        conn.close()
        return _become_command(request, fds)
    for fd in fds:
        os.close(fd)
    try:
        os.setpgid(pid, pid)
    except OSError:
        pass
    watch = [conn]
    pidfd = None
    if hasattr(os, "pidfd_open"):
        try:
            pidfd = os.pidfd_open(pid)
            watch.append(pidfd)
        except OSError:
            pidfd = None
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        ready, _, _ = select.select(watch, [], [], None if pidfd is not None else 0.005)
        if conn in ready and not conn.recv(1, socket.MSG_PEEK):  # the client went away
            try:
                os.killpg(pid, signal.SIGKILL)
            except OSError:
                pass
            os.waitpid(pid, 0)
            return None
    code = os.waitstatus_to_exitcode(status)
    try:
        conn.sendall(struct.pack("!i", code))
    except OSError:
        pass
    return None


def serve(sock_path: str):
    """Preload, listen on ``sock_path`` and fork a handler per request. Returns the entry point to run
    in a command's process; exits (``os._exit``) in a handler and when done serving."""
    parent = os.getppid()
    preload(Path(__file__).resolve().parent.parent)
    sys.stdout.flush()
    sys.stderr.flush()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    tmp = f"{sock_path}.{os.getpid()}"
    listener.bind(tmp)
    listener.listen(64)
    import gc

    gc.collect()
    gc.freeze()  # the collector of a command's process leaves the preloaded objects (and their pages) alone
    os.replace(tmp, sock_path)  # the socket appears ready
    last = time.monotonic()
    while True:
        while True:  # reap finished handlers
            try:
                pid, _ = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
        if os.getppid() != parent or time.monotonic() - last > IDLE_EXIT:
            listener.close()
            try:
                os.unlink(sock_path)
            except OSError:
                pass
            os._exit(0)
        ready, _, _ = select.select([listener], [], [], 1.0)
        if not ready:
            continue
        conn, _ = listener.accept()
        last = time.monotonic()
        try:
            conn.settimeout(CONNECT_TIMEOUT)
            request, fds = _recv_request(conn)
            if len(fds) != 3 or request.get("tool") not in ENTRY:
                raise OSError("bad request")
            conn.settimeout(None)
            conn.sendall(b"+")
        except (OSError, ValueError):
            conn.close()
            continue
        if os.fork() == 0:  # the handler
            listener.close()
            entry = _handle(conn, request, fds)
            if entry is not None:
                return entry
            os._exit(0)
        conn.close()
        for fd in fds:
            os.close(fd)


def run_entry(entry: str) -> int:
    """Run ``entry`` as the console script does (``sys.exit(main())``) and end the process as the
    interpreter would, without tearing down the modules (a fork of a loaded interpreter spends most of
    its time there): the exit status of ``SystemExit`` (None 0, an int itself, else printed and 1), an
    uncaught exception printed by ``sys.excepthook`` and 1; then non-daemon threads joined, atexit
    functions run, standard output and error flushed (120 when that fails, as Python does)."""
    import atexit
    import threading

    module, _, name = entry.partition(":")
    try:
        main_fn = getattr(importlib.import_module(module), name)
        sys.exit(main_fn())
    except SystemExit as stop:
        code = stop.code
        if code is None:
            status = 0
        elif isinstance(code, int):
            status = code
        else:
            print(code, file=sys.stderr)
            status = 1
    except BaseException:  # noqa: BLE001 - what the interpreter does with an uncaught exception
        sys.excepthook(*sys.exc_info())
        status = 1
    threading._shutdown()
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            status = 120
    return status & 0xFF


def main(argv: list[str]) -> None:
    if len(argv) != 2 or argv[0] != "serve":
        sys.exit("usage: python -m tests.zygote serve SOCKET")
    entry = serve(argv[1])
    os._exit(run_entry(entry))


if __name__ == "__main__":
    main(sys.argv[1:])
