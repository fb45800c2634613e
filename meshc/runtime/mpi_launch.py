"""Launching meshc on MPI and the job-wide services every rank shares (docs/pipeline.md stage 7).

Launch
------
``mpiexec -n 4 meshc run prog.mlir --backend mpi ...`` starts one process
(rank) per device; :func:`relaunch` does it for ``meshc run --backend mpi
--launch 4 ...``: it finds ``mpiexec`` (next to the running Python first,
where the ``mpich`` wheel installs it, then on ``PATH``), drops ``--launch``
from the command line and runs ``mpiexec -n 4 <python> -m meshc run ...``.
Open MPI refuses more ranks than cores unless told ``--oversubscribe``;
MPICH's Hydra accepts them as they are (CI runs 4 ranks on 2 cores).

The job (:class:`MpiJob`, one per communicator, created collectively)
---------------------------------------------------------------------
* ``node_of[r]``: the node of each rank (the lowest world rank sharing memory
  with it, from ``Comm.Split_type(COMM_TYPE_SHARED)``), which decides where
  peer groups can share memory windows;
* a progress board: where every rank is (step index and state), in an MPI
  shared-memory window when all ranks are on one node, so that a collective
  that times out can name the devices that never reached it, as the threaded
  runtime does (without one node the error names the group instead);
* sub-communicators per mesh-axis group (``Comm.Split`` with the coordinates
  outside the axes as colour), created once and cached;
* failure: :meth:`MpiJob.fail` prints a diagnostic ONCE for the whole job,
  then calls ``Comm.Abort`` (exit code 1 for user errors, 2 for internal ones)
  so that no rank waits forever. :func:`guard` wraps a whole command in that
  behaviour. See "Reporting a failure once" below for who prints.

Reporting a failure once
------------------------
Nothing in the rule needs any rank's MPI progress (a rank that fails may be
the one that stopped making progress, and a loaded machine can starve any
rank for seconds). The job has a report directory, chosen collectively when
the job is built:

1. under ``meshc run --launch N`` the launching process creates a private
   temporary directory and names it to the ranks in ``MESHC_MPI_REPORT_DIR``
   (used when every rank sees it);
2. else, when every rank is on one node, rank 0 creates one
   (``tempfile.mkdtemp``) and broadcasts its path;
3. else (ranks on several nodes, ``mpiexec`` run directly) there is none.

A failing rank renders its diagnostic (with a note naming the rank) into its
own file there (``rank-R.report``, written aside and renamed, so a reader
never sees half of one) and then takes part in an election that is one
atomic file creation (``os.open(O_CREAT | O_EXCL)`` of ``reporter``): the one
rank that creates it waits until no rank on the progress board is still
running (at most ``_SETTLE_SECONDS``), so that ranks failing at about the
same time have all written their reports, and picks ONE report: a root
cause before a consequence (a timeout waiting for another rank is a
consequence), the lowest rank among equals. In case 1 the reporter just
aborts and the launching process prints the chosen report after
``mpiexec`` has ended (no text can be lost in the tear-down); in case 2 the
reporter prints it, removes the directory and aborts. The other failing
ranks print nothing and wait for the abort. In case 3 the failing ranks
elect the reporter with an atomic compare-and-swap on a one-integer RMA
window of rank 0 (which needs rank 0's progress; after
``_ELECTION_SECONDS`` a rank reports on its own) and the reporter prints
its own error.

Whatever ends the job, MPICH's own ``Abort(N) on node R ...`` line is not
printed (:meth:`MpiJob.abort`): the job's one report says what happened.

Interrupts
----------
Ctrl-C (``SIGINT``) or ``SIGTERM`` ends the job with exit code 130 (143),
one line ``interrupted`` (``terminated``), no rank left, and an existing
``-o`` file kept. On a rank, inside :func:`guard`, the first of these
signals raises (later ones are ignored), the block's clean-ups run (a partly
written output removed), then :meth:`MpiJob.interrupt` aborts the job
without any collective call (other ranks may be blocked in MPI calls that
never return to Python, so a barrier or ``MPI_Finalize`` at exit could wait
forever). Under ``meshc run --launch N`` the launcher, interrupted too (a
terminal's Ctrl-C reaches the launcher and mpiexec), sends mpiexec
``SIGTERM`` (Hydra forwards it to the ranks; a second ``SIGINT`` would be
Hydra's forced clean-up), waits at most ``_INTERRUPT_GRACE_SECONDS``, then
kills every process of the job still there (each rank runs in its own
session: they are found by the report directory in their environment) and
their process groups, and prints the one ``interrupted`` line itself.

``python -m meshc.runtime.mpi_launch SCHEDULE.json --args ARGS.npz -o OUT.npz``
runs a saved schedule (JSON schema v1) under ``mpiexec``: ``ARGS.npz`` holds
the per-shard arguments ``arg0, arg1, ...`` in the schedule's argument order
(memory-mapped; each rank reads only its own), rank 0 writes the results
``result0, ...`` in the schedule's result order and ``--stats FILE.json``.
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from typing import Any, Iterator, NoReturn, Optional, Sequence

import numpy as np

from meshc.ir.location import DiagnosticError, note

__all__ = ["INSTALL_HINT", "REPORT_DIR_ENV", "MpiUnavailable", "require_mpi", "find_mpiexec", "mpiexec_command",
           "strip_launch_option", "relaunch", "MpiJob", "job", "guard", "chosen_report", "RUNNING", "FINISHED",
           "STOPPED", "FAILED", "main"]

INSTALL_HINT = ("pip install 'mpi4py>=4' mpich   (meshc's mpi extra, pip install -e '.[mpi]' in a meshc checkout; "
                "the mpich wheel brings mpiexec)")
"""How to install what ``--backend mpi`` needs: the packages themselves, so that the hint works however meshc
was installed (``pip install 'meshc[mpi]'`` would ask the package index for a package named meshc)."""

#: States on the progress board.
RUNNING, FINISHED, STOPPED, FAILED = 0, 1, 2, 3

#: The environment variable through which ``meshc run --launch`` names its report directory to the ranks.
REPORT_DIR_ENV = "MESHC_MPI_REPORT_DIR"

#: How long a rank that lost the election to report a failure waits for the reporter's Abort.
_LOSER_WAIT_SECONDS = 20.0
#: Without a report directory (ranks on several nodes): how long the RMA election may take before a
#: rank reports on its own (a stalled RMA target; the flag lives on rank 0, whose progress it needs).
_ELECTION_SECONDS = 15.0
#: How long the elected reporter waits for the ranks still running to fail or stop too, so that it
#: chooses among all the reports of failures that happen at about the same time.
_SETTLE_SECONDS = 2.0
#: The file whose atomic creation elects the reporter, and how a rank's report file is named.
_REPORTER_FILE = "reporter"
#: The file whose atomic creation elects the rank that says "interrupted" (ranks not launched by meshc).
_INTERRUPTED_FILE = "interrupted"
#: How long an interrupted launcher waits for the job to end by itself before killing what is left.
_INTERRUPT_GRACE_SECONDS = 6.0
#: How long the launcher waits for mpiexec after killing the job.
_KILL_WAIT_SECONDS = 5.0
_REPORT_SUFFIX = ".report"


class MpiUnavailable(DiagnosticError):
    """``--backend mpi`` without mpi4py (or without an MPI library, or
    without ``mpiexec``): the message says how to install them."""


def require_mpi() -> Any:
    """The ``mpi4py.MPI`` module (importing it initialises MPI).

    Raises:
        MpiUnavailable: mpi4py is missing, older than 4, or cannot load an
            MPI library.
    """
    try:
        import mpi4py
    except ImportError:
        raise MpiUnavailable(f"the mpi backend needs mpi4py and an MPI library; install them with: "
                             f"{INSTALL_HINT}") from None
    major = int(str(getattr(mpi4py, "__version__", "0")).split(".")[0] or 0)
    if major < 4:
        raise MpiUnavailable(f"the mpi backend needs mpi4py >= 4, found {mpi4py.__version__}; upgrade with: "
                             f"{INSTALL_HINT}")
    try:
        from mpi4py import MPI
    except (ImportError, RuntimeError, OSError) as err:
        raise MpiUnavailable(f"mpi4py cannot load an MPI library ({err}); install one with: {INSTALL_HINT}") from None
    return MPI


# -- launching --------------------------------------------------------------------------------


def find_mpiexec() -> str:
    """Path of ``mpiexec``: beside ``sys.executable`` (a virtual
    environment's ``bin``, where the mpich wheel puts it), else on ``PATH``.

    Raises:
        MpiUnavailable: none is found.
    """
    here = os.path.join(os.path.dirname(sys.executable), "mpiexec")
    if os.access(here, os.X_OK):
        return here
    found = shutil.which("mpiexec")
    if found is None:
        raise MpiUnavailable(f"no mpiexec beside {sys.executable} or on PATH; install one with: {INSTALL_HINT}")
    return found


def _is_open_mpi(mpiexec: str) -> bool:
    try:
        out = subprocess.run([mpiexec, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    return "Open MPI" in out or "OpenRTE" in out


def mpiexec_command(n: int, argv: Sequence[str], *, module: str = "meshc", mpiexec: Optional[str] = None,
                    python: Optional[str] = None) -> list[str]:
    """``[mpiexec, -n, N, (--oversubscribe for Open MPI), python, -m, module, *argv]``.

    Raises:
        ValueError: ``n`` < 1.
        MpiUnavailable: no mpiexec.
    """
    if n < 1:
        raise ValueError(f"the number of MPI ranks must be >= 1, got {n}")
    exe = mpiexec or find_mpiexec()
    cmd = [exe, "-n", str(n)]
    if _is_open_mpi(exe):
        cmd.append("--oversubscribe")
    return cmd + [python or sys.executable, "-m", module] + list(argv)


def strip_launch_option(argv: Sequence[str]) -> list[str]:
    """``argv`` without ``--launch N`` / ``--launch=N`` (every occurrence)."""
    out: list[str] = []
    skip = False
    for a in argv:
        if skip:
            skip = False
        elif a == "--launch":
            skip = True
        elif not a.startswith("--launch="):
            out.append(a)
    return out


def relaunch(n: int, argv: Sequence[str], *, env: Optional[dict] = None, timeout: Optional[float] = None,
             blas_threads: Optional[int] = None) -> int:
    """Run ``meshc ARGV`` (``--launch`` removed) on ``n`` MPI ranks and return
    mpiexec's exit code (124 when ``timeout`` seconds pass first, after
    killing the job). ``argv`` is the command line after ``meshc`` (for
    ``meshc run``: ``["run", "prog.mlir", ...]``). Each rank's BLAS starts
    with ``blas_threads`` threads (default: the CPUs // ``n``, at least 1;
    0: as the environment says) through ``OPENBLAS_NUM_THREADS``,
    ``OMP_NUM_THREADS`` and ``MKL_NUM_THREADS`` (without ``blas_threads``,
    only where ``env``, default this process's environment, does not set
    them); the ranks also limit it while they run
    (:mod:`meshc.runtime.blas`).

    Raises:
        MpiUnavailable: no mpiexec.
    """
    from meshc.runtime.blas import resolve_blas_threads

    cmd = mpiexec_command(n, strip_launch_option(argv))
    threads = resolve_blas_threads(blas_threads, n)
    if threads is not None:
        env = dict(os.environ if env is None else env)
        for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            if blas_threads is not None:  # asked for: wins over the environment
                env[var] = str(threads)
            else:
                env.setdefault(var, str(threads))
    from meshc.output_files import REPORT_ON_STDERR_ENV, standard_output

    stdout = standard_output()  # sys.stdout is standard error while -o /dev/stdout holds the results
    forward = not _is_terminal(stdout)
    if forward:
        stdout.flush()
    with tempfile.TemporaryDirectory(prefix="meshc-mpi-") as reports:  # the ranks' failure reports
        env = dict(os.environ if env is None else env)
        env[REPORT_DIR_ENV] = reports
        if stdout is not sys.stdout:  # the results go to standard output: so must the ranks' reports not
            env[REPORT_ON_STDERR_ENV] = "1"
        if not forward and _is_terminal(sys.stderr):  # rank 0 draws the progress display (meshc.progress)
            from meshc.progress import TERMINAL_ENV

            env[TERMINAL_ENV] = "1"
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE if forward else None)
        pump = _StdoutPump(proc.stdout, stdout) if forward else None
        try:
            code = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            _end_job(proc, reports, grace=0.0)
            code = 124
        except KeyboardInterrupt:
            import signal

            previous = [(s, signal.signal(s, signal.SIG_IGN)) for s in (signal.SIGINT, signal.SIGTERM)]
            try:  # a second Ctrl-C cannot cut the bounded shutdown short and leave ranks behind
                _end_job(proc, reports, grace=_INTERRUPT_GRACE_SECONDS)
            finally:
                for s, handler in previous:
                    signal.signal(s, handler)
            raise
        finally:
            if pump is not None:
                pump.join(timeout=_KILL_WAIT_SECONDS)
        chosen = chosen_report(reports)
    if chosen is not None:  # the one failure the job reports (module docstring)
        sys.stderr.write(chosen[1])
        sys.stderr.flush()
    if pump is not None and pump.error is not None:
        raise DiagnosticError(f"could not write to standard output: {pump.error.strerror or pump.error}")
    return code


def _end_job(proc: subprocess.Popen, marker: str, grace: float) -> None:
    """Stop a launched job whose launcher was interrupted (or timed out), in bounded time, leaving no
    rank behind. mpiexec gets ``SIGTERM``, which MPICH's Hydra forwards to the ranks (a second
    ``SIGINT`` would be its forced clean-up instead; a Ctrl-C at the terminal has already given it
    the first): each rank then ends as :meth:`MpiJob.interrupt` says (its output files cleaned up,
    then the job aborted). After ``grace`` seconds every process of the job still there (mpiexec, its
    proxies, the ranks, each in its own session: found by ``marker``, the report directory named in
    their environment) and its process group gets ``SIGKILL``; mpiexec is then waited for at most
    :data:`_KILL_WAIT_SECONDS`."""
    import signal

    if grace > 0 and proc.poll() is None:
        try:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=grace)
        except (subprocess.TimeoutExpired, OSError):  # still running / already gone
            pass
    for pid in ([proc.pid] if proc.poll() is None else []) + _job_processes(marker):
        _kill_process_and_group(pid)
    try:
        proc.wait(timeout=_KILL_WAIT_SECONDS)
    except subprocess.TimeoutExpired:
        pass


def _job_processes(marker: str) -> list[int]:
    """Process ids (Linux ``/proc``; elsewhere none) of this user's processes whose environment has
    ``MESHC_MPI_REPORT_DIR=marker``: the processes of one launched job, wherever they were reparented."""
    entry = f"{REPORT_DIR_ENV}={marker}".encode() + b"\0"
    found = []
    try:
        names = os.listdir("/proc")
    except OSError:
        return found
    for name in names:
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as fh:
                if entry in b"\0" + fh.read():
                    found.append(int(name))
        except OSError:  # gone, or another user's
            continue
    return found


def _kill_process_and_group(pid: int) -> None:
    """``SIGKILL`` to ``pid`` and, when it leads a process group (Hydra starts each rank in its own
    session), to that group."""
    import signal

    try:
        if os.getpgid(pid) == pid:
            os.killpg(pid, signal.SIGKILL)
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass


def _is_terminal(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (OSError, ValueError, AttributeError):
        return False


class _StdoutPump:
    """Copies the job's standard output (mpiexec's, a pipe) to this process's standard output in a
    thread, for a standard output that is not a terminal: a reader that goes away (``| head -1``) then
    meets this process's :class:`meshc.output_files.PipeTolerantStream`, which drops the rest, instead
    of mpiexec, which would die of it and take the ranks (and the output file rank 0 writes) with it.
    Another write error (``> /dev/full``) is kept in ``error`` and the rest drained. ``target``: the
    stream written (:func:`meshc.output_files.standard_output`)."""

    def __init__(self, source: Any, target: Any):
        self.error: Optional[OSError] = None
        self._source = source
        self._target = target
        self._thread = threading.Thread(target=self._copy, name="mpiexec-stdout", daemon=True)
        self._thread.start()

    def _copy(self) -> None:
        out = getattr(self._target, "buffer", self._target)
        for chunk in iter(lambda: self._source.read1(1 << 16), b""):
            if self.error is not None:
                continue
            try:
                out.write(chunk)
                out.flush()
            except OSError as err:
                self.error = err
        self._source.close()

    def join(self, timeout: Optional[float] = None) -> None:
        self._thread.join(timeout)


# -- the job ----------------------------------------------------------------------------------


class MpiJob:
    """Services shared by the ranks of ``comm`` (module docstring). Build it
    on every rank at the same point (:func:`job`): the constructor is
    collective.

    Attributes: ``rank``, ``size``, ``host``, ``node_of`` (list, per rank),
    ``node_comm`` (ranks sharing memory with this one), ``p2p`` (a duplicate
    of ``comm`` for point-to-point traffic), ``board`` (``(size, 2)`` int64
    array of ``(step, state)`` per rank, or None), ``report_dir`` (where the
    failing ranks leave their reports, or None: module docstring).
    """

    def _choose_report_dir(self) -> tuple[Optional[str], bool]:
        """``(directory, collected by the launching process)`` (collective; module docstring)."""
        MPI = self.MPI
        given = os.environ.get(REPORT_DIR_ENV) or ""
        if self.comm.allreduce(bool(given) and os.path.isdir(given), op=MPI.LAND):
            return given, True
        if self.node_comm.Get_size() != self.size:
            return None, False
        made = None
        if self.rank == 0:
            try:
                made = tempfile.mkdtemp(prefix="meshc-mpi-")
            except OSError:
                made = None
        made = self.comm.bcast(made, root=0)
        if made is None:
            return None, False
        if not self.comm.allreduce(os.path.isdir(made), op=MPI.LAND):  # one node, but not one file system
            if self.rank == 0:
                shutil.rmtree(made, ignore_errors=True)
            return None, False
        return made, False

    def __init__(self, comm: Any = None):
        MPI = require_mpi()
        self.MPI = MPI
        self.comm = comm if comm is not None else MPI.COMM_WORLD
        self.rank, self.size = self.comm.Get_rank(), self.comm.Get_size()
        self.host = MPI.Get_processor_name()
        self.node_comm = self.comm.Split_type(MPI.COMM_TYPE_SHARED, key=self.rank)
        leader = self.node_comm.bcast(self.rank, root=0)
        self.node_of: list[int] = self.comm.allgather(leader)
        self.p2p = self.comm.Dup()
        self.report_dir, self._collected = self._choose_report_dir()
        self._flag = None
        if self.report_dir is None:  # the RMA election (module docstring, case 3)
            self._flag = MPI.Win.Allocate(8 if self.rank == 0 else 0, 8, comm=self.comm)
            if self.rank == 0:
                np.frombuffer(self._flag.tomemory(), np.int64)[0] = -1
        self._board_win = None
        self.board: Optional[np.ndarray] = None
        if self.node_comm.Get_size() == self.size:
            first = self.node_comm.Get_rank() == 0
            self._board_win = MPI.Win.Allocate_shared(16 * self.size if first else 0, 8, comm=self.node_comm)
            buf, _ = self._board_win.Shared_query(0)
            self.board = np.ndarray((self.size, 2), np.int64, buffer=buf)
            self.board[self.rank] = (0, RUNNING)
        self._comms: dict[tuple, Any] = {}
        self._closed = False
        self._failing = False
        self.comm.Barrier()

    # -- progress -------------------------------------------------------------------------
    def set_progress(self, step: int, state: int = RUNNING) -> None:
        """Publish this rank's step index and state on the board (if any)."""
        if self.board is not None:
            self.board[self.rank, 0] = step
            self.board[self.rank, 1] = state

    def progress_of(self, rank: int) -> Optional[tuple[int, int]]:
        """``(step, state)`` of ``rank``, None without a board."""
        if self.board is None:
            return None
        return int(self.board[rank, 0]), int(self.board[rank, 1])

    def same_node(self, a: int, b: int) -> bool:
        """Whether ranks ``a`` and ``b`` can share memory."""
        return self.node_of[a] == self.node_of[b]

    # -- sub-communicators --------------------------------------------------------------------
    def group_comm(self, mesh: Any, axes: Sequence[int]) -> Any:
        """The communicator of this rank's device group over mesh ``axes``
        (``Mesh.axis_groups``; rank order = group order), created with
        ``Comm.Split`` the first time (collective: every rank asks for the
        same keys in the same order) and cached."""
        key = (tuple(mesh.shape), tuple(axes))
        comm = self._comms.get(key)
        if comm is None:
            groups = mesh.axis_groups(tuple(axes))
            color = next(i for i, g in enumerate(groups) if self.rank in g)
            comm = self.comm.Split(color, groups[color].index(self.rank))
            self._comms[key] = comm
        return comm

    # -- failure ------------------------------------------------------------------------------
    def _claim(self) -> bool:
        """True for the first rank of the job to ask (the one that reports; RMA election)."""
        MPI = self.MPI
        mine, unset, got = np.array([self.rank], np.int64), np.array([-1], np.int64), np.empty(1, np.int64)
        self._flag.Lock(0, MPI.LOCK_SHARED)
        self._flag.Compare_and_swap(mine, unset, got, 0, 0)
        self._flag.Unlock(0)
        return int(got[0]) == -1

    def fail(self, err: BaseException, sources: Any = None) -> NoReturn:
        """Report ``err`` once for the whole job and abort every rank (never
        returns; who prints is the module docstring's rule). A
        :class:`DiagnosticError` prints as a located diagnostic with a note
        naming the rank and exits 1, a command's usage error as click prints
        it and exits 1 too; anything else prints as an internal error and
        exits 2."""
        code = 1 if isinstance(err, DiagnosticError) or _usage_error(err) else 2
        self.set_progress(-1 if self.board is None else int(self.board[self.rank, 0]), FAILED)
        if self._failing:  # a failure while reporting one
            self.abort(code)
        self._failing = True
        text = _render_failure(err, self.rank, self.size, self.host, sources)
        if self.report_dir is not None:
            self._fail_by_files(text, _priority(err), code)
        reported = threading.Event()

        def report() -> None:
            if reported.is_set():
                return
            reported.set()
            _write_stderr(text)
            time.sleep(0.2)  # let mpiexec forward the text before the job is torn down
            self.abort(code)

        watchdog = threading.Timer(_ELECTION_SECONDS, report)
        watchdog.daemon = True
        watchdog.start()
        won = self._claim()
        watchdog.cancel()
        if won:
            report()
        reported.set()
        time.sleep(_LOSER_WAIT_SECONDS)  # the reporter's Abort ends this process
        self.abort(code)

    def _fail_by_files(self, text: str, priority: int, code: int) -> None:
        """The report-directory path of :meth:`fail` (never returns)."""
        directory = self.report_dir
        assert directory is not None
        try:
            _write_report(directory, self.rank, priority, code, text)
            fd = os.open(os.path.join(directory, _REPORTER_FILE), os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        except FileExistsError:  # another rank reports
            time.sleep(_LOSER_WAIT_SECONDS)  # the reporter's Abort ends this process
            self.abort(code)
        except OSError:  # the directory is gone: the reporter removed it just before its Abort
            time.sleep(_LOSER_WAIT_SECONDS)
            _write_stderr(text)  # still alive: the directory went away otherwise; never fail silently
            self.abort(code)
        os.close(fd)
        self._settle()
        chosen = chosen_report(directory)
        code, text = chosen if chosen is not None else (code, text)
        if not self._collected:
            _write_stderr(text)
            try:  # renamed first, so that a rank failing now finds no directory (and stays silent)
                gone = f"{directory}.done"
                os.rename(directory, gone)
                shutil.rmtree(gone, ignore_errors=True)
            except OSError:
                pass
            time.sleep(0.2)  # let mpiexec forward the text before the job is torn down
        self.abort(code)

    def abort(self, code: int) -> NoReturn:
        """End the whole job with exit code ``code`` (never returns). MPICH's ``MPI_Abort`` returns
        to the caller and mpiexec kills the ranks a moment later (later still on a loaded machine):
        until then this rank does nothing, so that it cannot go on to fail (and report) again.
        MPICH's ``MPID_Abort`` also prints ``Abort(N) on node R (rank R in comm 0): ...`` on the
        rank's standard error (whatever ``MPIR_CVAR_SUPPRESS_ABORT_MESSAGE`` says): the job's one
        report is out already (or printed by the launcher), so this rank's standard error goes to
        ``/dev/null`` first."""
        _silence_stderr()
        self.comm.Abort(code)
        time.sleep(_LOSER_WAIT_SECONDS)
        os._exit(code)

    def interrupt(self, err: KeyboardInterrupt) -> NoReturn:
        """End the job after an interrupt reached this rank (``SIGINT``, or ``SIGTERM`` as
        :class:`meshc.commands._common.Terminated`), once the block's clean-ups have run (a partly
        written output removed); never returns. No collective call: the other ranks may be anywhere,
        some blocked in MPI calls that never return to Python, so leaving through ``atexit`` (a
        barrier, ``MPI_Finalize``) could hang the job. Further signals are ignored; the rank marks
        itself stopped, waits (at most ``_SETTLE_SECONDS``) for the others to stop or finish, so that
        rank 0 removes its partial output, and aborts the job with exit code 130 (143 for ``SIGTERM``).
        One line ``interrupted`` (``terminated``) is printed for the whole job: by the launcher under
        ``meshc run --launch``, else by the first interrupted rank (an ``O_EXCL`` file in the report
        directory; rank 0 without one)."""
        import signal

        from meshc.commands._common import EXIT_INTERRUPTED, EXIT_TERMINATED, Terminated

        for s in (signal.SIGINT, signal.SIGTERM):
            try:
                signal.signal(s, signal.SIG_IGN)
            except ValueError:  # not the main thread
                pass
        terminated = isinstance(err, Terminated)
        code = EXIT_TERMINATED if terminated else EXIT_INTERRUPTED
        self.set_progress(-1 if self.board is None else int(self.board[self.rank, 0]), STOPPED)
        speak = False
        if not self._collected:
            speak = self.rank == 0
            if self.report_dir is not None:
                try:
                    os.close(os.open(os.path.join(self.report_dir, _INTERRUPTED_FILE),
                                     os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
                    speak = True
                except OSError:
                    speak = False
        if speak:
            _write_stderr("terminated\n" if terminated else "interrupted\n")
        self._settle(reports=False)
        if speak and self.report_dir is not None:
            time.sleep(0.2)  # let mpiexec forward the line before the job is torn down
        self.abort(code)

    def _settle(self, reports: bool = True) -> None:
        """Wait (at most ``_SETTLE_SECONDS``, no MPI calls) until every rank on the board has
        stopped, finished, or failed and (with ``reports``) left its report; without a board a fixed
        part of that time."""
        if self.board is None:
            time.sleep(_SETTLE_SECONDS / 4)
            return
        deadline = time.monotonic() + _SETTLE_SECONDS
        waiting = set(range(self.size))
        while waiting and time.monotonic() < deadline:
            for r in sorted(waiting):
                state = int(self.board[r, 1])
                if state in (STOPPED, FINISHED) or (state == FAILED and (not reports or os.path.exists(
                        os.path.join(self.report_dir, f"rank-{r}{_REPORT_SUFFIX}")))):  # type: ignore[arg-type]
                    waiting.discard(r)
            if waiting:
                time.sleep(0.01)

    def close(self) -> None:
        """Free the job's windows and remove its report directory (collective; at normal exit)."""
        if self._closed:
            return
        self._closed = True
        if self._board_win is not None:
            self.board = None
            self._board_win.Free()
        if self._flag is not None:
            self._flag.Free()
        if self.report_dir is not None and not self._collected:
            self.comm.Barrier()  # no rank can fail after this point
            if self.rank == 0:
                shutil.rmtree(self.report_dir, ignore_errors=True)


def _priority(err: BaseException) -> int:
    """0 for a root cause, 1 for a consequence (a timeout waiting for another rank)."""
    return 1 if getattr(err, "reason", None) == "timeout" else 0


def _write_report(directory: str, rank: int, priority: int, code: int, text: str) -> None:
    """``directory/rank-R.report``: a header line ``PRIORITY CODE`` and the text, written aside and renamed."""
    final = os.path.join(directory, f"rank-{rank}{_REPORT_SUFFIX}")
    aside = final + ".part"
    with open(aside, "w", encoding="utf-8") as fh:
        fh.write(f"{priority} {code}\n{text}")
    os.replace(aside, final)


def chosen_report(directory: str) -> Optional[tuple[int, str]]:
    """The report a job prints from its report ``directory`` (module docstring): ``(exit code,
    text)`` of the root cause with the lowest rank, else of the consequence with the lowest rank;
    None when no rank left one (or the directory is unreadable)."""
    found = []
    try:
        names = os.listdir(directory)
    except OSError:
        return None
    for name in names:
        if not (name.startswith("rank-") and name.endswith(_REPORT_SUFFIX)):
            continue
        try:
            rank = int(name[len("rank-"):-len(_REPORT_SUFFIX)])
            with open(os.path.join(directory, name), encoding="utf-8") as fh:
                head, _, text = fh.read().partition("\n")
            priority, code = (int(x) for x in head.split())
        except (OSError, ValueError):
            continue
        found.append((priority, rank, code, text))
    if not found:
        return None
    _, _, code, text = min(found)
    return code, text


def _write_stderr(text: str) -> None:
    sys.stderr.write(text)
    sys.stderr.flush()


def _silence_stderr() -> None:
    """Flush this process's standard streams, then point file descriptor 2 at ``/dev/null``."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass
    try:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, 2)
        os.close(fd)
    except OSError:
        pass


def _usage_error(err: BaseException) -> bool:
    """Whether ``err`` is a usage error of a command (``click.UsageError``, raised on every rank of a
    launched ``meshc run``): a user error, exit 1 as meshc's commands exit (EXIT_USER_ERROR)."""
    click = sys.modules.get("click")
    return click is not None and isinstance(err, click.UsageError)


def _render_failure(err: BaseException, rank: int, size: int, host: str, sources: Any) -> str:
    """The text a failure prints: a located diagnostic with a note naming the rank, or an internal error."""
    where = f"on MPI rank {rank} of {size} (host {host})"
    if _usage_error(err):  # as click prints it (usage line, hint, error), once for the job
        import io

        buf = io.StringIO()
        err.show(buf)  # type: ignore[attr-defined]
        return buf.getvalue()
    if isinstance(err, DiagnosticError):
        import io

        from meshc.diagnostics import DiagnosticPrinter, SourceManager

        diags = list(err.diagnostics)
        first = diags[0]
        diags[0] = type(first)(first.severity, first.message, first.location, list(first.notes) + [note(where)])
        buf = io.StringIO()
        DiagnosticPrinter(sources if sources is not None else SourceManager(), buf, color=False).emit_all(diags)
        return buf.getvalue()
    return (f"internal error {where}: {type(err).__name__}: {err}\n"
            "note: this is a bug in meshc; please report it with the input and the command line\n")


_JOBS: dict[int, MpiJob] = {}


def job(comm: Any = None) -> MpiJob:
    """The :class:`MpiJob` of ``comm`` (default ``COMM_WORLD``), created on
    first use (collective) and freed at normal exit.

    Raises:
        MpiUnavailable: mpi4py is missing.
    """
    MPI = require_mpi()
    comm = comm if comm is not None else MPI.COMM_WORLD
    key = MPI.Comm.py2f(comm)
    found = _JOBS.get(key)
    if found is None:
        found = _JOBS[key] = MpiJob(comm)
        atexit.register(found.close)
    return found


@contextmanager
def guard(comm: Any = None, sources: Any = None) -> Iterator[MpiJob]:
    """Run a block on every rank so that an exception on any rank is printed
    once and aborts the job (:meth:`MpiJob.fail`) instead of leaving the other
    ranks waiting; ``SystemExit`` and ``KeyboardInterrupt`` pass through.

    Raises:
        MpiUnavailable: mpi4py is missing (before the block runs).
    """
    j = job(comm)
    with _signals_once():
        try:
            yield j
        except SystemExit:
            raise
        except KeyboardInterrupt as err:
            if j.size == 1:
                raise
            j.interrupt(err)
        except BaseException as err:  # noqa: BLE001 - any failure must end the whole job
            if os.environ.get("MESHC_DEBUG"):
                import traceback

                traceback.print_exc()
            j.fail(err, sources)


@contextmanager
def _signals_once() -> Iterator[None]:
    """While the block runs (main thread only), the first ``SIGINT`` raises ``KeyboardInterrupt``
    and the first ``SIGTERM`` :class:`meshc.commands._common.Terminated`; any later one is ignored,
    so that a forwarded second signal cannot cut short the clean-up of the first. The previous
    handlers are restored after the block."""
    import signal

    from meshc.commands._common import Terminated

    fired: list[int] = []

    def handler(signum: int, frame: Any) -> None:
        if fired:
            return
        fired.append(signum)
        raise Terminated() if signum == signal.SIGTERM else KeyboardInterrupt()

    previous = []
    try:
        for s in (signal.SIGINT, signal.SIGTERM):
            previous.append((s, signal.signal(s, handler)))
    except ValueError:  # not the main thread
        pass
    try:
        yield
    finally:
        for s, old in previous:
            signal.signal(s, old)


# -- running a saved schedule --------------------------------------------------------------------


def _parse(argv: Optional[Sequence[str]]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m meshc.runtime.mpi_launch",
                                description="Run a meshc schedule (JSON schema v1) with one MPI rank per device.")
    p.add_argument("schedule", help="schedule file (JSON)")
    p.add_argument("--args", dest="args_path", help="per-shard arguments arg0, arg1, ... (.npz)")
    p.add_argument("-o", "--output", help="rank 0 writes result0, result1, ... here (.npz)")
    p.add_argument("--stats", dest="stats_path", help="rank 0 writes the per-device stats here (.json)")
    p.add_argument("--trace", dest="trace_path", help="rank 0 writes a Chrome trace here (.json)")
    p.add_argument("--collective-timeout", type=float, default=60.0, help="seconds a wait may last")
    p.add_argument("--device-memory", default=None, help="bytes per device (16GiB, 512MiB, ...)")
    p.add_argument("--shared-memory", choices=("auto", "off"), default="auto",
                   help="peer reads through MPI shared-memory windows (auto) or always by messages (off)")
    p.add_argument("--test-hooks", default=None, help=argparse.SUPPRESS)  # tests only (JSON)
    return p.parse_args(argv)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Entry of ``python -m meshc.runtime.mpi_launch`` (module docstring)."""
    import json

    opts = _parse(argv)
    with guard():
        from meshc.backend.schedule import Schedule
        from meshc.kernels.dtypes import numpy_dtype
        from meshc.runtime.devices import parse_bytes
        from meshc.runtime.executor import RunOptions, TestHooks
        from meshc.runtime.io import load_npz, write_outputs
        from meshc.runtime.mpi import run_schedule_mpi

        from meshc.commands._common import check_distinct_outputs, check_output_path

        check_distinct_outputs([("-o", opts.output), ("--stats", opts.stats_path), ("--trace", opts.trace_path)])
        for option, out in (("-o", opts.output), ("--stats", opts.stats_path), ("--trace", opts.trace_path)):
            for read in (opts.schedule, opts.args_path):
                if out and read:
                    check_output_path(out, read, option)
        if opts.output:  # .npz or .npy, before the job runs
            from meshc.runtime.io import output_format

            output_format(opts.output)
        try:
            with open(opts.schedule, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as err:
            raise DiagnosticError(f"cannot read schedule file '{opts.schedule}': {err.strerror or err}") from None
        schedule = Schedule.from_json_text(text)
        arrays = load_npz(opts.args_path, read_unaligned=False) if opts.args_path else {}  # mapped, not read
        args = [arrays[f"arg{i}"] for i in range(len(arrays))]
        rank = require_mpi().COMM_WORLD.Get_rank()
        for b in schedule.args:  # this rank's arguments only: an unaligned one copied once (not per kernel)
            if b.device == rank and b.index < len(args):
                args[b.index] = np.require(args[b.index], requirements="A")
        for b in schedule.args:  # .npz keeps bf16/f8 (ml_dtypes) as raw void items: view them as the binding's type
            if b.index < len(args) and args[b.index].dtype.kind == "V":
                want = numpy_dtype(b.dtype)
                if want.itemsize == args[b.index].dtype.itemsize:
                    args[b.index] = args[b.index].view(want)
        hooks = None
        if opts.test_hooks:
            raw = json.loads(opts.test_hooks)
            hooks = TestHooks({tuple(x) for x in raw.get("skip_collective", ())},
                              {tuple(x) for x in raw.get("fail_kernel", ())})
        memory = parse_bytes(opts.device_memory) if opts.device_memory else None
        options = RunOptions(memory, opts.collective_timeout, trace=bool(opts.trace_path), hooks=hooks)
        report = run_schedule_mpi(schedule, args, options, shared_memory=opts.shared_memory)
        if report.root:
            if opts.output:
                write_outputs(opts.output, report.outputs)
            if opts.stats_path:
                from meshc.output_files import write_file

                write_file(opts.stats_path, lambda fh: json.dump(report.stats.to_json(), fh, indent=1),
                           what="stats file", dash_is_stdout=False)
            if opts.trace_path:
                report.stats.write_chrome_trace(opts.trace_path)
    return 0


if __name__ == "__main__":
    # run as ``python -m``, this file is ``__main__``; the runtime imports it again as
    # meshc.runtime.mpi_launch: use that module's main, so that one table of jobs serves both
    from meshc.runtime import mpi_launch as _module

    sys.exit(_module.main())
