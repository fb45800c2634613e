"""A progress display for long compiles and runs (``meshc compile``, ``run``, ``estimate``).

On a terminal, once the work has lasted :data:`SHOW_AFTER` seconds, a transient rich display on
stderr (rank 0's of an MPI job started by ``meshc run --launch`` on a terminal) shows what is happening: the passes done out of the pipeline's and the one running, then,
for a run, the devices started and finished and the schedule steps the devices have reached. It
disappears when the work ends. Nothing is shown, and no thread is started, when the stream is not
a terminal (pipes, files, tests), when ``TERM=dumb``, or when ``MESHC_NO_PROGRESS`` is set
(:func:`wanted`).

The compiler and the runtime report through three calls, each cheap and safe from any thread:
:meth:`Progress.pass_started` / :meth:`Progress.pass_finished` (the pass manager's observer),
:meth:`Progress.devices` (devices started and finished) and ``progress(done, total)`` (schedule
steps, the runtime watcher's callback of :func:`meshc.api.run_compiled`). :meth:`Progress.render`
is the display's current content, which tests read with a forced console instead of waiting.
"""

from __future__ import annotations

import os
import threading
from typing import IO, Any, Mapping, Optional

SHOW_AFTER = 2.0
"""Seconds of work before the display appears (shorter work never shows one); read when a
:class:`Progress` is made, where ``MESHC_PROGRESS_AFTER`` (seconds, 0: at once) overrides it."""

_DEFAULT_AFTER = object()


TERMINAL_ENV = "MESHC_PROGRESS_TERMINAL"
"""Set by ``meshc run --launch`` for its MPI ranks when its own stdout and stderr are terminals:
mpiexec forwards a rank's output through pipes, so the rank cannot see the terminal itself. Rank 0
then draws on its stdout (:func:`display_stream`): mpiexec forwards stdout and stderr apart, and a
display on stderr could erase a line of stdout that overtook it."""


def on_terminal(stream: Any, environ: Optional[Mapping[str, str]] = None) -> bool:
    """Whether ``stream`` ends on a terminal: ``isatty()``, or :data:`TERMINAL_ENV` set in
    ``environ`` (default ``os.environ``) for stderr forwarded by mpiexec."""
    environ = os.environ if environ is None else environ
    isatty = getattr(stream, "isatty", None)
    try:
        tty = bool(isatty and isatty())
    except ValueError:  # a closed stream
        tty = False
    return tty or bool(environ.get(TERMINAL_ENV))


def display_stream(environ: Optional[Mapping[str, str]] = None) -> IO[str]:
    """Where a command draws its display: stderr, or stdout in an MPI rank (:data:`TERMINAL_ENV`)."""
    import sys

    environ = os.environ if environ is None else environ
    return sys.stdout if environ.get(TERMINAL_ENV) else sys.stderr


def wanted(stream: Any, environ: Optional[Mapping[str, str]] = None) -> bool:
    """Whether a progress display belongs on ``stream``: a terminal (:func:`on_terminal`), ``TERM``
    not ``dumb``, and ``MESHC_NO_PROGRESS`` unset or empty in ``environ`` (default ``os.environ``)."""
    environ = os.environ if environ is None else environ
    return on_terminal(stream, environ) and environ.get("TERM") != "dumb" and not environ.get("MESHC_NO_PROGRESS")


def _show_after(environ: Mapping[str, str]) -> float:
    """:data:`SHOW_AFTER`, or ``MESHC_PROGRESS_AFTER`` when it is a number of seconds >= 0 (anything
    else is ignored: a display is never worth an error)."""
    text = environ.get("MESHC_PROGRESS_AFTER", "")
    try:
        value = float(text)
    except ValueError:
        return SHOW_AFTER
    return value if value >= 0 else SHOW_AFTER


class Progress:
    """The display of one command's work (see the module docstring).

    ``stream``: where it draws (stderr); ``console``: a rich Console to draw on instead (tests
    force one); ``enabled``: override :func:`wanted`; ``after``: seconds before it appears (default
    :data:`SHOW_AFTER` or ``MESHC_PROGRESS_AFTER``; 0: at once; None: only when :meth:`show` is
    called). Use as a context manager, or call :meth:`close`.
    """

    def __init__(self, stream: Optional[IO[str]] = None, *, console: Any = None, enabled: Optional[bool] = None,
                 after: Any = _DEFAULT_AFTER):
        self.enabled = wanted(stream) if enabled is None else enabled
        self._stream, self._console = stream, console
        self._lock = threading.Lock()
        self._live: Any = None
        self._closed = False
        self.passes_done = 0
        self.passes_total = 0
        self.current_pass: Optional[str] = None
        self.devices_total = 0
        self.devices_started = 0
        self.devices_finished = 0
        self.steps_done = 0
        self.steps_total = 0
        self._timer: Optional[threading.Timer] = None
        if after is _DEFAULT_AFTER:
            after = _show_after(os.environ)
        if self.enabled and after == 0:
            self.show()
        elif self.enabled and after is not None:
            self._timer = threading.Timer(after, self.show)
            self._timer.daemon = True
            self._timer.start()

    # -- reports --------------------------------------------------------------------------------------
    def set_passes(self, total: int) -> None:
        """The pipeline has ``total`` passes."""
        self.passes_total = total
        self._refresh()

    def pass_started(self, label: str) -> None:
        """Pass ``label`` (the timing report's name) starts."""
        self.current_pass = label
        self._refresh()

    def pass_finished(self, label: str) -> None:
        """Pass ``label`` ended (a nested pass counts once per op it ran on)."""
        self.passes_done += 1
        self.passes_total = max(self.passes_total, self.passes_done)
        self.current_pass = None
        self._refresh()

    def devices(self, started: int, finished: int, total: int) -> None:
        """``started`` of ``total`` devices have begun their schedules, ``finished`` have ended them."""
        self.devices_started, self.devices_finished, self.devices_total = started, finished, total
        self._refresh()

    def __call__(self, done: int, total: int) -> None:
        """``done`` of ``total`` schedule steps reached (the runtime watcher's callback)."""
        self.steps_done, self.steps_total = done, total
        self._refresh()

    # -- display --------------------------------------------------------------------------------------
    def lines(self) -> list[str]:
        """The display's text lines, from what was reported so far."""
        out = []
        if self.passes_total or self.current_pass:
            running = f", running {self.current_pass}" if self.current_pass else ""
            out.append(f"compile: {self.passes_done}/{self.passes_total} passes done{running}")
        if self.devices_total:
            out.append(f"devices: {self.devices_started}/{self.devices_total} started, "
                       f"{self.devices_finished} finished")
        if self.steps_total:
            out.append(f"steps: {self.steps_done}/{self.steps_total} of the schedules")
        return out

    def render(self) -> Any:
        """The display's rich renderable: the :meth:`lines` and, for a run, a bar of the steps."""
        from rich.console import Group
        from rich.progress_bar import ProgressBar
        from rich.text import Text

        parts: list[Any] = [Text(line) for line in self.lines()]
        if self.steps_total:
            parts.append(ProgressBar(total=self.steps_total, completed=self.steps_done, width=40))
        elif self.passes_total:
            parts.append(ProgressBar(total=self.passes_total, completed=self.passes_done, width=40))
        return Group(*parts)

    def show(self) -> None:
        """Start drawing now (the timer calls it after ``after`` seconds); no-op when disabled or closed."""
        with self._lock:
            if not self.enabled or self._closed or self._live is not None:
                return
            from rich.console import Console
            from rich.live import Live

            console = self._console if self._console is not None else Console(
                file=self._stream, force_terminal=True if on_terminal(self._stream) else None)
            self._live = Live(self.render(), console=console, transient=True, refresh_per_second=4,
                              get_renderable=self.render)
            self._live.start()

    def _refresh(self) -> None:
        live = self._live
        if live is not None:
            live.refresh()

    def close(self) -> None:
        """Stop drawing and remove the display (idempotent)."""
        with self._lock:
            self._closed = True
            if self._timer is not None:
                self._timer.cancel()
            if self._live is not None:
                self._live.stop()
                self._live = None

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

