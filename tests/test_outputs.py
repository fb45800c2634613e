"""Output files (:mod:`meshc.output_files`): regular files are replaced atomically, character devices,
FIFOs and descriptor aliases are written in place (never renamed over), write errors exit 1 with a
message naming the path; outputs that name one file, or an input, are refused; usage errors of the
group exit 1; the messages of ``--input`` binding and the note on unmatched ``--expected`` arrays.

Devices and FIFOs are made in the test's tmp dir (``os.mknod``, ``os.mkfifo``), never in ``/dev``.
"""

from __future__ import annotations

import io
import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from meshc.cli import main
from meshc.ir.location import DiagnosticError
from meshc.output_files import descriptor_of, same_file, write_file, writes_in_place

PROGRAM = """mesh.mesh @m(shape = 2)
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %xs = mesh.shard %x to <@m, [[0]]> : tensor<4xf32>
  %y = arith.addf %xs, %xs : tensor<4xf32>
  return %y : tensor<4xf32>
}
"""

THREE = """func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>, %arg2: tensor<2xf32>) -> tensor<2xf32> {
  %s = arith.addf %arg0, %arg1 : tensor<2xf32>
  %t = arith.addf %s, %arg2 : tensor<2xf32>
  return %t : tensor<2xf32>
}
"""

NULL = os.makedev(1, 3)
FULL = os.makedev(1, 7)


def meshc(*args):
    return CliRunner().invoke(main, [*map(str, args)])


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".meshc-"))


@pytest.fixture
def files(tmp_path):
    (tmp_path / "p.mlir").write_text(PROGRAM)
    np.savez(tmp_path / "in.npz", x=np.arange(4, dtype=np.float32))
    os.mknod(tmp_path / "null", stat.S_IFCHR | 0o666, NULL)
    os.mknod(tmp_path / "full", stat.S_IFCHR | 0o666, FULL)
    os.mkfifo(tmp_path / "fifo")
    return tmp_path


def is_device(path: Path, device: int) -> bool:
    st = os.lstat(path)
    return stat.S_ISCHR(st.st_mode) and st.st_rdev == device


class FifoReader:
    """Reads a FIFO to its end in a thread (opening it blocks until the writer opens it)."""

    def __init__(self, path: Path):
        self.path = path
        self.data = b""
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        with open(self.path, "rb") as fh:
            self.data = fh.read()

    def result(self) -> bytes:
        self.thread.join(10)
        if self.thread.is_alive():  # the writer never opened the FIFO: unblock the reader, then fail
            os.close(os.open(self.path, os.O_WRONLY | os.O_NONBLOCK))
            self.thread.join(10)
            raise AssertionError(f"nothing was written to the FIFO {self.path}")
        return self.data


# ------------------------------------------------------------------ character devices
RUN = ["run", "p.mlir", "--inputs", "in.npz"]
# every command's output option, written to the path that follows it
OUTPUT_OPTIONS = [
    ["compile", "p.mlir", "-o"],
    ["annotate", "p.mlir", "--mesh", "n=2", "-o"],
    ["show", "p.mlir", "--svg"],
    [*RUN, "-o"],
    [*RUN, "--trace"],
]


@pytest.mark.parametrize("command", OUTPUT_OPTIONS)
def test_null_device_is_written_in_place_and_stays_a_device(files, command, monkeypatch):
    monkeypatch.chdir(files)
    r = meshc(*command, files / "null")
    assert r.exit_code == 0, r.output
    assert is_device(files / "null", NULL)
    assert leftovers(files) == []


@pytest.mark.parametrize("command", OUTPUT_OPTIONS)
def test_a_full_device_is_an_error_naming_the_path(files, command, monkeypatch):
    monkeypatch.chdir(files)
    r = meshc(*command, files / "full")
    assert r.exit_code == 1, r.output
    assert "Traceback" not in r.output
    what = "trace file" if command[-1] == "--trace" else "output file"
    assert f"error: could not write {what} '{files / 'full'}': No space left on device" in r.stderr
    assert is_device(files / "full", FULL)
    assert leftovers(files) == []


def test_a_symlink_to_a_device_is_written_through(files):
    link = files / "link"
    os.symlink(files / "null", link)
    r = meshc("compile", files / "p.mlir", "-o", link)
    assert r.exit_code == 0, r.output
    assert os.path.islink(link) and is_device(files / "null", NULL)
    os.symlink(files / "full", files / "full-link")
    r = meshc("compile", files / "p.mlir", "-o", files / "full-link")
    assert r.exit_code == 1 and f"could not write output file '{files / 'full-link'}': No space left" in r.stderr


def test_a_full_standard_output_exits_1(files):
    with open(files / "full", "wb") as out:
        for args in (["compile", "p.mlir"], ["passes"], ["layout", "--shape", "4x4"]):
            r = subprocess.run([sys.executable, "-m", "meshc", *args], stdout=out, stderr=subprocess.PIPE,
                               cwd=files, text=True, timeout=120)
            assert r.returncode == 1, (args, r.stderr)
            assert r.stderr.strip().splitlines()[-1] == \
                "error: could not write to standard output: No space left on device", (args, r.stderr)
            assert "Traceback" not in r.stderr
    assert is_device(files / "full", FULL)


# ------------------------------------------------------------------ FIFOs
def test_compile_into_a_fifo(files):
    expected = meshc("compile", files / "p.mlir")
    assert expected.exit_code == 0
    reader = FifoReader(files / "fifo")
    r = meshc("compile", files / "p.mlir", "-o", files / "fifo")
    assert r.exit_code == 0, r.output
    assert reader.result().decode() == expected.stdout
    assert stat.S_ISFIFO(os.lstat(files / "fifo").st_mode) and leftovers(files) == []


def test_run_outputs_and_trace_into_fifos(files):
    os.mkfifo(files / "trace-fifo")
    results, trace = FifoReader(files / "fifo"), FifoReader(files / "trace-fifo")
    r = meshc("run", files / "p.mlir", "--inputs", files / "in.npz", "-o", files / "fifo",
              "--trace", files / "trace-fifo")
    assert r.exit_code == 0, r.output
    saved = np.load(io.BytesIO(results.result()))
    assert saved.files == ["result0"] and saved["result0"].tolist() == [0.0, 2.0, 4.0, 6.0]
    events = json.loads(trace.result())["traceEvents"]
    assert {e["tid"] for e in events if e.get("ph") == "X"} == {0, 1}  # both devices' timelines
    for name in ("fifo", "trace-fifo"):
        assert stat.S_ISFIFO(os.lstat(files / name).st_mode)


def test_show_svg_and_annotate_into_a_fifo(files):
    reader = FifoReader(files / "fifo")
    r = meshc("show", files / "p.mlir", "--svg", files / "fifo")
    assert r.exit_code == 0, r.output
    assert b"<svg" in reader.result()
    reader = FifoReader(files / "fifo")
    r = meshc("annotate", files / "p.mlir", "--mesh", "n=4", "-o", files / "fifo")
    assert r.exit_code == 0, r.output
    assert "mesh.mesh @n(shape = 4)" in reader.result().decode()
    assert stat.S_ISFIFO(os.lstat(files / "fifo").st_mode)


def test_a_reader_that_goes_away_is_a_write_error(files):
    def open_and_close():
        os.close(os.open(files / "fifo", os.O_RDONLY))

    thread = threading.Thread(target=open_and_close, daemon=True)
    thread.start()
    with pytest.raises(DiagnosticError, match=rf"could not write output file '{files / 'fifo'}': the reader "
                                              r"closed the pipe before everything was written \(Broken pipe\)"):
        write_file(str(files / "fifo"), b"x" * (4 << 20))  # more than a pipe holds
    thread.join(10)
    assert stat.S_ISFIFO(os.lstat(files / "fifo").st_mode)


# ------------------------------------------------------------------ descriptors (/dev/stdout, /dev/fd/N)
def test_descriptor_aliases_are_written_through_the_descriptor(tmp_path):
    assert descriptor_of("/dev/stdout") == 1 and descriptor_of("/dev/fd/7") == 7
    assert descriptor_of("/proc/self/fd/5") == 5 and descriptor_of(str(tmp_path / "out")) is None
    os.symlink("/dev/stderr", tmp_path / "err")
    assert descriptor_of(str(tmp_path / "err")) == 2 and writes_in_place(str(tmp_path / "err"))
    os.symlink("/proc/self/fd", tmp_path / "fds")  # a directory link on the way
    assert descriptor_of(str(tmp_path / "fds" / "4")) == 4
    read, write = os.pipe()
    try:
        write_file(f"/dev/fd/{write}", "through the pipe\n")
        os.close(write)
        assert os.read(read, 100) == b"through the pipe\n"
    finally:
        os.close(read)
    # a file opened for appending (a shell's >>) keeps what it had: no reopening, no truncation
    log = tmp_path / "log"
    log.write_text("kept\n")
    fd = os.open(log, os.O_WRONLY | os.O_APPEND)
    try:
        write_file(f"/proc/self/fd/{fd}", "appended\n")
    finally:
        os.close(fd)
    assert log.read_text() == "kept\nappended\n"
    assert stat.S_ISREG(os.lstat(log).st_mode) and leftovers(tmp_path) == []


# ------------------------------------------------------------------ regular files: atomic
def test_regular_files_are_replaced_atomically_and_symlinks_kept(files):
    out = files / "out.mlir"
    out.write_text("// previous\n")
    os.chmod(out, 0o640)
    inode = os.stat(out).st_ino
    r = meshc("compile", files / "p.mlir", "-o", out)
    assert r.exit_code == 0, r.output
    assert "mesh.mesh @m(shape = 2)" in out.read_text()
    assert os.stat(out).st_ino != inode  # a new file renamed over the old one
    assert stat.S_IMODE(os.stat(out).st_mode) == 0o640 and leftovers(files) == []
    link = files / "alias.mlir"
    os.symlink(out, link)
    r = meshc("annotate", files / "p.mlir", "--mesh", "n=2", "-o", link)
    assert r.exit_code == 0, r.output
    assert os.path.islink(link) and "mesh.mesh @n(shape = 2)" in out.read_text()
    assert not writes_in_place(str(out)) and not writes_in_place(str(files / "new.npz"))


def test_a_failed_atomic_write_keeps_the_old_file(files):
    out = files / "out.txt"
    out.write_text("old\n")

    def half_then_fail(fh):
        fh.write("half")
        raise OSError(28, "No space left on device")

    with pytest.raises(DiagnosticError, match=rf"could not write output file '{out}': No space left on device"):
        write_file(str(out), half_then_fail)
    assert out.read_text() == "old\n" and leftovers(files) == []


def test_an_unwritable_directory_is_a_clear_error(files, monkeypatch):
    import tempfile

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    r = meshc("run", files / "p.mlir", "--inputs", files / "in.npz", "-o", files / "out.npz")
    assert r.exit_code == 1 and "Traceback" not in r.output
    assert f"error: could not write output file '{files / 'out.npz'}': Permission denied" in r.stderr
    assert not (files / "out.npz").exists()


# ------------------------------------------------------------------ outputs on one file, or on an input
def test_two_outputs_on_one_file_are_refused(files):
    r = meshc("run", files / "p.mlir", "--inputs", files / "in.npz", "-o", files / "same.npz",
              "--trace", files / "same.npz")
    assert r.exit_code == 1, r.output
    assert (f"error: -o and --trace name the same file '{files / 'same.npz'}': one output would overwrite the "
            "other (give each its own path)") in r.stderr
    assert not (files / "same.npz").exists()
    (files / "t.json").write_text("{}")
    os.symlink(files / "t.json", files / "t-link.json")
    r = meshc("run", files / "p.mlir", "--inputs", files / "in.npz", "-o", files / "t-link.json",
              "--trace", files / "t.json")
    assert r.exit_code == 1
    assert f"-o and --trace name the same file '{files / 't-link.json'}' and '{files / 't.json'}'" in r.stderr
    assert (files / "t.json").read_text() == "{}"
    assert not same_file(str(files / "a.npz"), str(files / "b.npz"))


def test_a_null_device_takes_two_outputs(files):
    r = meshc("run", files / "p.mlir", "--inputs", files / "in.npz", "-o", files / "null", "--trace", files / "null")
    assert r.exit_code == 0, r.output
    assert is_device(files / "null", NULL)


def test_an_output_on_any_input_is_refused(files):
    x = files / "x.npy"
    np.save(x, np.ones(4, np.float32))
    r = meshc("run", files / "p.mlir", "--input", f"x={x}", "-o", x)
    assert r.exit_code == 1 and f"refusing to overwrite the input file '{x}'" in r.stderr
    weights = files / "w.npz"
    np.savez(weights, w=np.ones(2, np.float32))
    r = meshc("run", files / "p.mlir", "--inputs", files / "in.npz", "--parameters", weights, "-o", weights)
    assert r.exit_code == 1 and f"refusing to overwrite the input file '{weights}'" in r.stderr
    assert np.load(weights)["w"].tolist() == [1.0, 1.0]
    shardings = files / "s.mlir"
    shardings.write_text("// shardings\n")
    r = meshc("annotate", files / "p.mlir", "--shardings-from", shardings, "-o", shardings)
    assert r.exit_code == 1 and f"refusing to overwrite the input file '{shardings}'" in r.stderr
    assert shardings.read_text() == "// shardings\n"


# ------------------------------------------------------------------ usage errors of the group
@pytest.mark.parametrize("args, message", [
    ([], "Commands:"),
    (["bogus"], "No such command 'bogus'"),
    (["--bogus"], "No such option '--bogus'"),
    (["layout"], "Missing option '--shape'"),
])
def test_usage_errors_exit_1(args, message):
    r = meshc(*args)
    assert r.exit_code == 1, r.output
    assert message in r.output


def test_help_and_version_exit_0():
    assert meshc("--help").exit_code == 0 and meshc("--version").exit_code == 0


# ------------------------------------------------------------------ --input binding messages
@pytest.fixture
def three(tmp_path):
    (tmp_path / "three.mlir").write_text(THREE)
    ones = np.ones(2, np.float32)
    np.savez(tmp_path / "pos.npz", ones, ones, ones)  # keys arr_0, arr_1, arr_2
    np.savez(tmp_path / "two.npz", ones, ones)
    np.save(tmp_path / "x.npy", ones)
    return tmp_path


def test_position_file_with_input_names_what_binds_where(three):
    r = meshc("run", three / "three.mlir", "--reference", "--inputs", three / "pos.npz",
              "--input", f"arg0={three / 'x.npy'}")
    assert r.exit_code == 1
    assert ("error: the input file's keys (arr_0, arr_1, arr_2) are not the argument names (%arg0, %arg1, "
            "%arg2), so its arrays bind by position to the 2 argument(s) that --input does not give (%arg1, "
            "%arg2); --input gives %arg0, and the file has 3 array(s), not 2 (it holds every argument: drop "
            "--input, or give the other arguments with --input as well)") in r.stderr
    r = meshc("run", three / "three.mlir", "--reference", "--inputs", three / "two.npz",
              "--input", f"arg0={three / 'x.npy'}")
    assert r.exit_code == 0, r.output
    assert "%arg1 <- key 'arr_0' (position 0)" in r.stdout and "%arg0 <- --input arg0" in r.stdout


def test_input_position_out_of_range_and_given_twice(three):
    r = meshc("run", three / "three.mlir", "--reference", "--input", f"7={three / 'x.npy'}")
    assert r.exit_code == 1
    assert ("error: --input 7: position 7 is out of range (3 argument(s): %arg0, %arg1, %arg2; "
            "positions 0 to 2)") in r.stderr
    r = meshc("run", three / "three.mlir", "--reference", "--input", f"arg1={three / 'x.npy'}",
              "--input", f"1={three / 'x.npy'}", "--input", f"0={three / 'x.npy'}")
    assert r.exit_code == 1
    assert "error: --input arg1 and --input 1 both give argument #1 (%arg1): give it once" in r.stderr


# ------------------------------------------------------------------ --expected arrays that match no result
def test_expected_arrays_matching_no_result_are_named(files):
    np.savez(files / "want.npz", result0=np.array([0, 2, 4, 6], np.float32), extra=np.zeros(1), result3=np.ones(2))
    r = meshc("run", files / "p.mlir", "--inputs", files / "in.npz", "--expected", files / "want.npz")
    assert r.exit_code == 0, r.output
    assert "result0: ok" in r.stdout
    assert (f"note: 2 array(s) of {files / 'want.npz'} match no result and are not compared: 'extra', 'result3' "
            "(results: result0)") in r.stderr
    np.savez(files / "only.npz", result0=np.array([0, 2, 4, 6], np.float32))
    r = meshc("run", files / "p.mlir", "--inputs", files / "in.npz", "--expected", files / "only.npz")
    assert r.exit_code == 0 and "match no result" not in r.output
