"""Writing the files a command outputs: every output path goes through :func:`write_file`.

What is at the path decides how it is written:

* a regular file, or a path that does not exist yet: atomically, through a temporary file
  (``.meshc-*.tmp``) in the same directory renamed over it once complete, so a failed or
  interrupted write leaves the previous file as it was. A symbolic link is kept: the file it
  points to is replaced. An existing file the user may not write is refused, as a shell
  redirection would refuse it;
* anything else is written in place, never renamed over: a character device (``/dev/null``,
  ``/dev/full``, a terminal), a FIFO (``mkfifo``: opening it waits for a reader, as a shell
  redirection does), a socket or block device, and the descriptors of the process named as
  ``/dev/stdout``, ``/dev/stderr``, ``/dev/fd/N`` or ``/proc/self/fd/N`` (written through the
  descriptor itself, so a ``>>`` redirection of the shell still appends); symbolic links to
  any of these too;
* ``-`` is standard output, where the caller allows it.

A failed write (no space left, a reader that went away, no permission...) is a
:class:`meshc.ir.location.DiagnosticError` naming the path (exit code 1 in the commands),
never a traceback. A standard output or error whose reader goes away (``meshc run ... | head -1``)
is no error: :func:`tolerate_closed_pipes` drops the rest of what is written to it and the command
goes on, exiting as it would have (0, or 1 for its own errors). Standard library only; the error class is imported when needed.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import re
import stat
import sys
from typing import IO, Any, Callable, Iterator, Optional, Union

Content = Union[str, bytes, Callable[[IO[Any]], None]]
"""What :func:`write_file` writes: text (UTF-8), bytes, or a function that writes to the open file."""

TEMP_PREFIX = ".meshc-"
"""Name prefix of the temporary files of atomic writes (removed on failure)."""

_FD_ALIAS = re.compile(r"/(?:dev/(?P<std>stdin|stdout|stderr)|dev/fd/(?P<fd>\d+)|"
                       r"proc/(?P<pid>self|thread-self|\d+)/fd/(?P<pfd>\d+))")
_STD_FDS = {"stdin": 0, "stdout": 1, "stderr": 2}
_MAX_LINKS = 40  # symbolic links followed before giving up (the kernel's own limit)


def descriptor_of(path: str) -> Optional[int]:
    """The descriptor of this process that ``path`` names (``/dev/stdout`` -> 1, ``/dev/fd/3``,
    ``/proc/self/fd/3``, or a symbolic link to one of them), else None. Other processes'
    ``/proc/PID/fd`` entries are not this process's descriptors (None)."""
    current = os.path.abspath(path)
    for _ in range(_MAX_LINKS):
        m = _FD_ALIAS.fullmatch(current)
        if not m:  # the directories resolved (a link to /proc/self/fd), the last name as it is
            current = os.path.join(os.path.realpath(os.path.dirname(current)), os.path.basename(current))
            m = _FD_ALIAS.fullmatch(current)
        if m:
            if m.group("std"):
                return _STD_FDS[m.group("std")]
            if m.group("fd"):
                return int(m.group("fd"))
            pid = m.group("pid")
            if pid in ("self", "thread-self") or int(pid) == os.getpid():
                return int(m.group("pfd"))
            return None
        if not os.path.islink(current):
            return None
        try:
            link = os.readlink(current)
        except OSError:
            return None
        current = os.path.normpath(os.path.join(os.path.dirname(current), link))
    return None


def writes_in_place(path: str) -> bool:
    """True when :func:`write_file` writes ``path`` in place (a descriptor alias, or an existing
    path that is not a regular file: device, FIFO, socket), False when atomically (a regular
    file or a new path)."""
    if descriptor_of(path) is not None:
        return True
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode)


def is_character_device(path: str) -> bool:
    """True when ``path`` exists and is (or links to) a character device (``/dev/null``, a terminal)."""
    try:
        return stat.S_ISCHR(os.stat(path).st_mode)
    except OSError:
        return False


def names_standard_output(path: str) -> bool:
    """True when writing ``path`` writes this process's standard output: ``/dev/stdout``,
    ``/dev/fd/1``, ``/proc/self/fd/1`` (or a link to one), or the very file or pipe that descriptor 1
    is open on (``-o out.npz > out.npz``). A character device is never matched by identity alone
    (``-o /dev/null > /dev/null`` loses nothing). A command whose binary output goes there prints its
    report on standard error instead, so that the output stays whole."""
    if descriptor_of(path) == 1:
        return True
    try:
        mine, out = os.stat(path), os.fstat(1)
    except (OSError, ValueError):
        return False
    return not stat.S_ISCHR(mine.st_mode) and (mine.st_dev, mine.st_ino) == (out.st_dev, out.st_ino)


def is_standard_input(path: str) -> bool:
    """True when ``path`` names the regular file this process's standard input is open on
    (``meshc compile - -o k.mlir < k.mlir``): the same device and inode as ``fstat(0)``. A standard
    input that is no regular file (a terminal, a pipe, ``/dev/null``) never matches: writing it
    loses nothing that was read."""
    try:
        given, mine = os.fstat(0), os.stat(path)
    except (OSError, ValueError):
        return False
    return stat.S_ISREG(given.st_mode) and (given.st_dev, given.st_ino) == (mine.st_dev, mine.st_ino)


def same_file(a: str, b: str) -> bool:
    """True when paths ``a`` and ``b`` name one file: the same file when both exist (through links,
    hard links included), else the same path once symbolic links are resolved (two new paths)."""
    try:
        if os.path.exists(a) and os.path.exists(b):
            return os.path.samefile(a, b)
    except OSError:
        pass
    return os.path.normcase(os.path.realpath(a)) == os.path.normcase(os.path.realpath(b))


def write_file(path: str, content: Content, *, binary: Optional[bool] = None, what: str = "output file",
               dash_is_stdout: bool = True) -> None:
    """Write ``content`` to ``path`` (see the module docstring for how each kind of path is written).

    ``content``: ``str`` (written as UTF-8), ``bytes``, or a function given the open file (text mode
    unless ``binary``; ``binary`` defaults to ``isinstance(content, bytes)``). ``what`` names the
    file in error messages (``could not write output file 'OUT': ...``). ``dash_is_stdout``: ``-``
    means standard output (else it is a file named ``-``).

    Raises:
        DiagnosticError: the file cannot be written (the message names ``path`` and the reason).
        OSError: EPIPE while writing ``-`` outside :func:`tolerate_closed_pipes` (inside it, as in
            every command, a standard output whose reader went away, ``| head``, takes the rest
            quietly; so does ``/dev/stdout``).
        Any exception ``content`` raises, after the temporary file is removed.
    """
    if binary is None:
        binary = isinstance(content, (bytes, bytearray))
    writer = _writer(content)
    if path == "-" and dash_is_stdout:
        _write_stdout(writer, binary)
        return
    try:
        fd = descriptor_of(path)
        if fd is not None:
            try:
                _write_descriptor(fd, writer, binary)
            except OSError as err:
                if err.errno != errno.EPIPE or not reader_gone(fd):
                    raise
        elif writes_in_place(path):
            with _open_in_place(path, binary) as fh:
                writer(_Stream(fh) if binary else fh)
        else:
            _write_atomic(path, writer, binary)
    except OSError as err:
        raise _write_error(path, err, what) from None


class ClosedStream(io.TextIOBase):
    """The stand-in for a standard stream the shell closed (``>&-``, ``<&-``), where Python leaves
    ``sys.stdout`` / ``sys.stdin`` None: every read or write raises ``OSError(EBADF)``, so the commands'
    own error paths say "could not write to standard output" / "could not read standard input" and
    exit 1; flushing does nothing (the interpreter flushes at exit). Installed by
    :func:`guard_standard_streams`."""

    def __init__(self, name: str):
        super().__init__()
        self.name = name

    def _closed(self, *args: Any, **kwargs: Any) -> Any:
        raise OSError(errno.EBADF, f"{os.strerror(errno.EBADF)} ({self.name} is closed)")

    write = read = readline = readlines = fileno = _closed

    def flush(self) -> None:
        return None

    def writable(self) -> bool:
        return True

    def readable(self) -> bool:
        return True

    @property
    def buffer(self) -> "ClosedStream":
        return self


def guard_standard_streams() -> None:
    """Give every closed standard stream a stand-in at start-up (meshc's and meshc-opt's entry
    points): :class:`ClosedStream` for standard input and output; a closed standard error is sent to
    ``os.devnull`` (nothing is left to report on, the exit code still tells)."""
    if sys.stdin is None:
        sys.stdin = ClosedStream("standard input")
    if sys.stdout is None:
        sys.stdout = ClosedStream("standard output")
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")


class PipeTolerantStream:
    """A standard stream (text, or its binary ``buffer``) whose reader may go away: the first write or
    flush that fails with ``EPIPE`` (``meshc run ... | head -1``: the reader closed the pipe) points the
    descriptor at the null device and every later write succeeds without output, so the command goes on
    (its output files are still written, its checks still decide the exit code) and ends as it would
    have, without a traceback or an error about the pipe: a reader that stopped reading is no error of
    the user's. Every other error (``ENOSPC`` of ``> /dev/full``...) is raised as it is. Attributes other
    than ``write``, ``writelines``, ``flush`` and ``buffer`` are the wrapped stream's. Installed by
    :func:`tolerate_closed_pipes`."""

    def __init__(self, stream: Any, state: Optional[dict] = None):
        self._stream = stream
        self._state = state if state is not None else {"closed": False}

    @property
    def reader_gone(self) -> bool:
        """True once a write failed with ``EPIPE`` (output is dropped from then on)."""
        return self._state["closed"]

    def mark_reader_gone(self) -> None:
        """Drop every later write: the descriptor is pointed at the null device (when it has one), so
        that what is still buffered, and Python's flush at exit, go nowhere without an error."""
        self._state["closed"] = True
        try:
            fd = self._stream.fileno()
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, fd)
            os.close(null)
        except (OSError, ValueError, io.UnsupportedOperation):
            pass

    def _guarded(self, call: Callable[[], Any], default: Any, drain: bool = False) -> Any:
        if self._state["closed"]:
            if drain:  # a flush: what was buffered goes to the null device now
                try:
                    call()
                except (OSError, ValueError):
                    pass
            return default
        try:
            return call()
        except OSError as err:
            if err.errno != errno.EPIPE:
                raise
            self.mark_reader_gone()
            return default

    def write(self, data: Any) -> int:
        return self._guarded(lambda: self._stream.write(data), len(data))

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        self._guarded(self._stream.flush, None, drain=True)

    @property
    def buffer(self) -> "PipeTolerantStream":
        return PipeTolerantStream(self._stream.buffer, self._state)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextlib.contextmanager
def tolerate_closed_pipes() -> Iterator[None]:
    """While the block runs, standard output and standard error are :class:`PipeTolerantStream` objects
    (the entry points of ``meshc`` and ``meshc-opt`` run every command inside it); restored after."""
    saved = sys.stdout, sys.stderr
    if sys.stdout is not None and not isinstance(sys.stdout, (PipeTolerantStream, ClosedStream)):
        sys.stdout = PipeTolerantStream(sys.stdout)
    if sys.stderr is not None and not isinstance(sys.stderr, PipeTolerantStream):
        sys.stderr = PipeTolerantStream(sys.stderr)
    try:
        yield
    finally:
        for stream in (sys.stdout, sys.stderr):
            if isinstance(stream, PipeTolerantStream):
                stream.flush()
        sys.stdout, sys.stderr = saved


_SET_ASIDE: list[Any] = []  # standard output while :func:`report_on_stderr` has the report on stderr


@contextlib.contextmanager
def report_on_stderr() -> Iterator[None]:
    """Within this block what a command prints on standard output goes to standard error (its
    results go to standard output itself: :func:`names_standard_output`); the standard output set
    aside is still found by :func:`reader_gone`."""
    saved = sys.stdout
    _SET_ASIDE.append(saved)
    sys.stdout = sys.stderr
    try:
        yield
    finally:
        sys.stdout = saved
        _SET_ASIDE.remove(saved)


#: Set (to ``1``) by ``meshc run --launch N`` for its ranks when its own results go to standard output
#: (:func:`names_standard_output`): the ranks put their report on standard error too, since their
#: standard output is the launcher's pipe, which it relays to its standard output
REPORT_ON_STDERR_ENV = "MESHC_REPORT_ON_STDERR"


def standard_output() -> Any:
    """The process's standard output stream, also while :func:`report_on_stderr` has ``sys.stdout``
    pointing at standard error (what a command relays as its results: ``meshc run --launch N -o
    /dev/stdout`` copies the ranks' output here, not into the report)."""
    return _SET_ASIDE[0] if _SET_ASIDE else sys.stdout


def reader_gone(fd: int) -> bool:
    """After ``EPIPE`` writing descriptor ``fd``: when it is standard output's or standard error's
    (``-o /dev/stdout`` into ``| head``), that stream is marked as having lost its reader (see
    :class:`PipeTolerantStream`) and True is returned (nothing to report); else False."""
    for stream in (sys.stdout, sys.stderr, *_SET_ASIDE):
        if isinstance(stream, PipeTolerantStream):
            try:
                if stream.fileno() == fd:
                    stream.mark_reader_gone()
                    return True
            except (OSError, ValueError, io.UnsupportedOperation):
                continue
    return False


def _writer(content: Content) -> Callable[[IO[Any]], None]:
    if callable(content):
        return content
    return lambda fh: fh.write(content)


def _open_in_place(path: str, binary: bool) -> IO[Any]:
    return open(path, "wb") if binary else open(path, "w", encoding="utf-8")


def _write_stdout(writer: Callable[[IO[Any]], None], binary: bool) -> None:
    try:
        if binary:
            sys.stdout.flush()
            writer(sys.stdout.buffer)
            sys.stdout.buffer.flush()
        else:
            writer(sys.stdout)
            sys.stdout.flush()
    except OSError as err:
        if err.errno == errno.EPIPE:
            raise
        from meshc.ir.location import DiagnosticError

        raise DiagnosticError(f"could not write to standard output: {_reason(err)}") from None


def _write_descriptor(fd: int, writer: Callable[[IO[Any]], None], binary: bool) -> None:
    """Write through a duplicate of descriptor ``fd`` (no reopening: no truncation of a ``>>`` file)."""
    for stream in (sys.stdout, sys.stderr):  # what the command printed comes first
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    dup = os.dup(fd)
    with (os.fdopen(dup, "wb") if binary else os.fdopen(dup, "w", encoding="utf-8")) as fh:
        writer(_Stream(fh) if binary else fh)


class _Stream:
    """A binary file written in place, seen as a stream: ``write`` and ``flush`` only, no ``seek`` or
    ``tell`` (a device's position means nothing, a FIFO has none), so that ``zipfile`` (``np.savez``)
    writes the archive sequentially."""

    def __init__(self, fh: IO[bytes]):
        self._fh = fh

    def write(self, data: bytes) -> int:
        return self._fh.write(data)

    def flush(self) -> None:
        self._fh.flush()

    def seekable(self) -> bool:
        return False

    def read(self, *args: Any) -> bytes:  # present so that numpy takes this for a file, never called
        raise io.UnsupportedOperation("an output stream is not readable")

    def tell(self) -> int:
        raise io.UnsupportedOperation("a stream has no position")

    def seek(self, *args: Any) -> int:
        raise io.UnsupportedOperation("a stream has no position")


def _write_atomic(path: str, writer: Callable[[IO[Any]], None], binary: bool) -> None:
    if os.path.islink(path):  # a loop of links is refused (ELOOP), as a shell redirection refuses it
        try:
            os.stat(path)
        except OSError as err:
            if err.errno == errno.ELOOP:
                raise
    target = os.path.realpath(path)  # a symbolic link stays: the file it points to is replaced
    exists = os.path.exists(target)
    if exists and not os.access(target, os.W_OK):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), path)
    import tempfile  # here: shutil, random and the compressors behind it are no start-up cost

    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=".tmp", dir=os.path.dirname(target))
    try:
        with (os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8")) as fh:
            writer(fh)
        if exists:
            os.chmod(tmp, os.stat(target).st_mode & 0o7777)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, target)
        tmp = None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _reason(err: OSError) -> str:
    if err.errno == errno.EPIPE:
        return "the reader closed the pipe before everything was written (Broken pipe)"
    return err.strerror or str(err)


def _write_error(path: str, err: OSError, what: str):
    from meshc.ir.location import DiagnosticError

    return DiagnosticError(f"could not write {what} '{path}': {_reason(err)}")
