"""The IREE runtime backend: compile the mesh's module with IREE and run it on N local devices.

``meshc run --backend iree`` emits one IREE input module for the whole mesh
from the schedule (:mod:`meshc.backend.iree_emit`), compiles it with the
``iree.compiler`` Python API (llvm-cpu, the host CPU unless
``--iree-target-cpu`` says otherwise, ukernels on, data tiling on where IREE 3.13 can) and runs
its per-shard function through ``iree.runtime`` with one local device
(``local-task`` or ``local-sync``) per mesh device, in the module's device
order. The backend returns the same :class:`~meshc.runtime.executor.RunReport`
as the threaded and MPI backends, so ``meshc run`` gathers, prints, checks
(``--check``, ``--expected``) and reports ``--stats`` the same way; the
bytes moved per device are those of the module's transfers
(:class:`meshc.backend.iree_emit.Transfer`), peak memory is not measured.

Compiled modules are cached by the SHA-256 of the module text, the compiler
flags and the IREE version, in ``$MESHC_IREE_CACHE`` if set, else
``$XDG_CACHE_HOME/meshc/iree`` (``~/.cache/meshc/iree``).

IREE (``iree-base-compiler``, ``iree-base-runtime``) is the optional extra
``pip install -e '.[iree]'``; without it :class:`IreeUnavailable` says so.
Checked with IREE 3.13.0 (:data:`meshc.backend.iree_emit.IREE_VERSION`).

Runtime order (IREE's Python bindings): results, invokers, context, module,
HAL module and devices are released in that order (:meth:`IreeSession.close`);
another order can crash the interpreter at exit.
"""

from __future__ import annotations

import re

import hashlib
import os
import time
from pathlib import Path
from typing import Any, Optional, Sequence

from meshc.ir.location import DiagnosticError
from meshc.runtime.backends import Backend

__all__ = ["IREE_DEVICES", "IreeUnavailable", "IreeFailure", "require_iree", "cache_dir", "compiler_flags",
           "host_executable_target", "compile_module", "IreeSession", "IreeBackend"]

#: The ``--iree-device`` choices: IREE's local drivers (task: a thread pool; sync: inline).
IREE_DEVICES = ("local-task", "local-sync")

INSTALL_HINT = ("pip install 'iree-base-compiler>=3.13' 'iree-base-runtime>=3.13'   (meshc's iree extra, pip install "
                "-e '.[iree]' in a meshc checkout)")


class IreeUnavailable(DiagnosticError):
    """The ``iree`` extra is not installed (the message gives the install command)."""


def _scalar_value(a: Any) -> Any:
    """A scalar argument (``f32``, ``i64``, ``index``...) as the IREE function takes it: a numpy scalar of
    its dtype (a 0-d array would be passed as a buffer, which IREE refuses: "variant ... is not a value
    type")."""
    import numpy as np

    return np.asarray(a).item() if isinstance(a, (np.ndarray, np.generic)) else a


def _typed_scalar(value: Any, dtype: str) -> Any:
    """A 0-d result of the sharded function as a 0-d array of its element type ``dtype`` (IREE returns a
    scalar ``f32`` as a Python float, which numpy would make ``float64``); arrays of a shape as they are."""
    import numpy as np

    from meshc.kernels.dtypes import numpy_dtype

    if np.ndim(value) != 0 or not isinstance(value, (int, float, bool, np.generic, np.ndarray)):
        return value
    try:
        return np.asarray(value, dtype=numpy_dtype(dtype))
    except (KeyError, TypeError, ValueError):
        return value


class IreeFailure(DiagnosticError):
    """IREE refused the module or failed running it (the message holds IREE's own)."""


def require_iree() -> tuple[Any, Any]:
    """``(iree.compiler, iree.runtime)``.

    Raises:
        IreeUnavailable: either package is missing.
    """
    try:
        import iree.compiler as compiler
        import iree.runtime as runtime
    except ImportError as err:
        raise IreeUnavailable(f"the IREE backend needs IREE's Python packages ({err}): {INSTALL_HINT}") from None
    _quiet_leak_checker(runtime)
    return compiler, runtime


def _quiet_leak_checker(runtime: Any) -> None:
    """Turn off nanobind's leak report of IREE's runtime bindings: at interpreter exit it prints a few
    hundred lines ("nanobind: leaked 40 types! ...") on stderr after every run, burying the run's own
    messages, for objects the process frees with its exit (IREE's ``disable_leak_checker``, where the
    installed bindings have it)."""
    binding = getattr(runtime, "_binding", None)
    disable = getattr(binding, "disable_leak_checker", None)
    if disable is not None:
        disable()


def _iree_version() -> str:
    try:
        from importlib.metadata import version

        return version("iree-base-compiler")
    except Exception:  # noqa: BLE001 - a source build has no metadata
        return "unknown"


def cache_dir() -> Path:
    """Where compiled modules are kept: ``$MESHC_IREE_CACHE``, else ``$XDG_CACHE_HOME/meshc/iree``
    (``~/.cache/meshc/iree``)."""
    override = os.environ.get("MESHC_IREE_CACHE")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "meshc" / "iree"


#: The CPU encoding resolver of IREE's llvm-cpu host target: with it in the device targets, data tiling lays
#: matmul operands out in the CPU's tiles (``linalg.mmt4d`` and its ukernel).
ENCODING_RESOLVER = "iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, "



#: Bytes of the matmul operands one workgroup of a data-tiled matmul covers (``--iree-llvmcpu-matmul-tile-bytes``).
#: IREE 3.13's default gives a 2048^3 f32 matmul workgroups of one 16x16 tile, which read the whole RHS panel
#: for 16 rows; 8 MiB gives 4x8 tiles and cut the CPU time of the 4096^3 matmul on 8 devices from 3.5 s to
#: 2.5 s per call (docs/iree.md, "Performance"; 32 MiB: 2.9 s). Once the emitter blocks long reductions
#: (:data:`meshc.backend.iree_emit.REDUCTION_BLOCK`), 0.5 to 32 MiB measure the same.
MATMUL_TILE_BYTES = 8 << 20


def compiler_flags(target_cpu: str = "host", data_tiling: bool = True) -> list[str]:
    """The ``iree-compile`` flags of the backend: llvm-cpu for ``target_cpu``, every ukernel, f64 kept, data tiling on
    (IREE's ``--iree-opt-data-tiling``; the device targets carry the CPU encoding resolver,
    :data:`ENCODING_RESOLVER`) unless ``data_tiling`` is False (:func:`compile_module` falls back to that when
    IREE 3.13's data tiling fails on a multi-device module: docs/iree.md, "Data tiling")."""
    flags = ["--iree-hal-local-target-device-backends=llvm-cpu", f"--iree-llvmcpu-target-cpu={target_cpu}",
             f"--iree-opt-data-tiling={'true' if data_tiling else 'false'}", "--iree-llvmcpu-enable-ukernels=all",
             "--iree-input-demote-f64-to-f32=false"]  # f64 stays f64 (IREE's default demotes it, and the signature)
    if data_tiling:  # bigger workgroup tiles of the data-tiled matmuls: each reads its RHS panel for more rows
        flags.append(f"--iree-llvmcpu-matmul-tile-bytes={MATMUL_TILE_BYTES}")
    return flags


def _cached(key: str, suffix: str) -> Optional[bytes]:
    path = cache_dir() / f"{key}{suffix}"
    try:
        return path.read_bytes()
    except OSError:
        return None


def _store(key: str, suffix: str, data: bytes) -> None:
    folder = cache_dir()
    try:  # a cache that cannot be written only costs a recompile
        folder.mkdir(parents=True, exist_ok=True)
        tmp = folder / f".{key}{suffix}.{os.getpid()}"
        tmp.write_bytes(data)
        os.replace(tmp, folder / f"{key}{suffix}")
    except OSError:
        pass


def _digest(*parts: str) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode())
        h.update(b"\0")
    return h.hexdigest()


_PROBE = "func.func @probe(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %a : tensor<4xf32>\n}\n"


def host_executable_target(target_cpu: str = "host") -> str:
    """The ``#hal.executable.target<"llvm-cpu", ...>`` IREE chooses for ``target_cpu`` (``host``: this
    machine's CPU and features), asked of ``iree.compiler`` once and cached.

    Raises:
        IreeUnavailable: IREE is not installed.
        IreeFailure: IREE does not know the CPU.
    """
    compiler, _ = require_iree()
    key = _digest("target-v3", target_cpu, _iree_version(), _host_fingerprint() if target_cpu == "host" else "")
    hit = _cached(key, ".target")
    if hit:
        return hit.decode()
    flags = ["--iree-hal-target-device=local", *compiler_flags(target_cpu), "--compile-to=flow"]
    try:
        text = compiler.compile_str(_PROBE, extra_args=flags)
    except compiler.CompilerToolError as err:
        raise IreeFailure(f"iree-compile cannot target CPU '{target_cpu}': {_first_error(str(err))}") from None
    text = text.decode() if isinstance(text, bytes) else text
    start = text.find("#hal.executable.target<")
    if start < 0:
        raise IreeFailure("iree-compile printed no executable target for the probe module")
    depth, i = 0, start
    while i < len(text):
        if text[i] == "<":
            depth += 1
        elif text[i] == ">":
            depth -= 1
            if depth == 0:
                break
        elif text[i] == '"':
            i = text.index('"', i + 1)
        i += 1
    target = text[start:i + 1]
    _store(key, ".target", target.encode())
    return target


def _host_fingerprint() -> str:
    """This machine's CPU (model name and feature flags of /proc/cpuinfo, else the platform's words),
    so that a cache directory shared by two machines never hands one the other's host target."""
    import platform

    try:
        lines = Path("/proc/cpuinfo").read_text().splitlines()
    except OSError:
        lines = []
    picked = [next((ln for ln in lines if ln.startswith(key)), "") for key in ("model name", "flags")]
    return "|".join(picked + [platform.machine(), platform.processor()])


def _first_error(message: str) -> str:
    """What iree-compile said, for a message: its ``error:`` lines (at most 3), else the first lines of
    its diagnostics (``iree.compiler``'s CompilerToolError text: a header, ``Diagnostics:``, the
    tool's output, then ``Invoked with:`` and the command line, which are left out), each line cut at
    300 characters."""
    lines = [ln for ln in message.splitlines() if "error:" in ln]
    if not lines:
        body = message.split("Invoked with:", 1)[0]
        if "Diagnostics:" in body:
            body = body.split("Diagnostics:", 1)[1]
        lines = [ln.strip() for ln in body.splitlines() if ln.strip()
                 and not ln.startswith(("Error invoking IREE compiler tool", "Error code:"))]
    cut = [ln if len(ln) <= 300 else ln[:297] + "..." for ln in lines[:3]]
    return " / ".join(cut) if cut else "iree-compile failed and printed no diagnostic"


def _located(message: str, module: Any) -> tuple[str, Any]:
    """IREE's first error line as ``(message, location)``: a ``<stdin>:L:C`` position becomes the
    source location of the kernel printed on line L of ``module`` (an IreeModule) when known."""
    import re

    from meshc.ir.location import UNKNOWN_LOC, Location

    for ln in message.splitlines():
        m = re.match(r"^(.*?):(\d+):(\d+): error: (.*)$", ln.strip())
        if not m:
            continue
        where, line, col, what = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
        if where == "<stdin>" and module is not None:
            loc = module.source_location(line)
            if loc is not None:
                return what, loc
            return f"{what} (line {line} of the emitted module: meshc compile --emit=iree prints it)", UNKNOWN_LOC
        return what, Location(where, line, col)
    return _first_error(message), UNKNOWN_LOC


def compile_module(text: str, target_cpu: str = "host", module: Any = None) -> bytes:
    """The vmfb of module ``text`` (cached by content hash: module docstring); ``module``, the
    :class:`~meshc.backend.iree_emit.IreeModule` the text comes from, locates IREE's errors at the
    user's source. Compiled with data tiling (:func:`compiler_flags`); where iree-compile 3.13 fails on
    that, compiled again without it and without the encoding resolver in the text (docs/iree.md, "Data
    tiling"), whose error, if any, is the one raised.

    Raises:
        IreeUnavailable: IREE is not installed.
        IreeFailure: iree-compile rejected the module (its first errors quoted).
    """
    compiler, _ = require_iree()
    flags = compiler_flags(target_cpu)
    key = _digest("vmfb", text, " ".join(flags), _iree_version())
    hit = _cached(key, ".vmfb")
    if hit:
        return hit
    try:
        try:
            vmfb = compiler.compile_str(text, extra_args=flags)
        except compiler.CompilerToolError:  # IREE 3.13's data tiling fails on some multi-device modules ("exceeded
            # stack allocation limit", "'stream.tensor.sizeof' op illegal", "failed to determine resource
            # affinity"): compiled again without it; an error of that compile is the module's own
            vmfb = compiler.compile_str(text.replace(ENCODING_RESOLVER, ""),
                                        extra_args=compiler_flags(target_cpu, data_tiling=False))
    except compiler.CompilerToolError as err:
        message = str(err)
        if "Stack dump:" in message:  # iree-compile crashed: name the innermost pass of its backtrace
            passes = re.findall(r"mlir::iree_compiler::[\w:()]*?(\w+Pass)::runOnOperation", message)
            raise IreeFailure("iree-compile crashed on the emitted module" + (f" (in {passes[0]})" if passes else "")
                              + "; an IREE bug (meshc compile --emit=iree prints the module to report)") from None
        what, loc = _located(message, module)
        raise IreeFailure(f"iree-compile rejected the emitted module: {what}", loc) from None
    _store(key, ".vmfb", vmfb)
    return vmfb


class IreeSession:
    """A compiled module loaded on ``devices`` local IREE devices of driver ``device`` (``local-task`` or
    ``local-sync``): :meth:`call` runs one of its functions. Use it as a context manager, or call
    :meth:`close` (which releases IREE's objects in the order its bindings need).

    Raises:
        IreeUnavailable: IREE is not installed.
        IreeFailure: the runtime cannot load the module.
    """

    def __init__(self, vmfb: bytes, devices: int, device: str = "local-task"):
        _, rt = require_iree()
        if device not in IREE_DEVICES:
            raise IreeFailure(f"unknown IREE device '{device}' (known: {', '.join(IREE_DEVICES)})")
        self._rt = rt
        self._invokers: dict[str, Any] = {}
        try:
            self.instance = rt.VmInstance()
            driver = rt.get_driver(device)
            self.devices = [driver.create_default_device() for _ in range(devices)]
            self.hal = rt.create_hal_module(self.instance, devices=self.devices)
            self.module = rt.VmModule.copy_buffer(self.instance, vmfb)
            self.context = rt.VmContext(self.instance, modules=[self.hal, self.module])
        except RuntimeError as err:
            self.close()
            raise IreeFailure(f"the IREE runtime cannot load the module: {err}") from None

    def put(self, arrays: Sequence[Any], devices: Sequence[int]) -> list[Any]:
        """``arrays[i]`` (numpy; scalars pass through) copied once into a buffer of device ``devices[i]``
        (an ``iree.runtime.DeviceArray``), so that :meth:`call` on them copies nothing in.

        Raises:
            IreeFailure: IREE cannot make the buffer (its message).
        """
        import numpy as np

        out = []
        for a, k in zip(arrays, devices):
            if isinstance(a, np.ndarray):
                try:
                    a = self._rt.asdevicearray(self.devices[k], np.require(a, requirements="C"))
                except (RuntimeError, ValueError) as err:
                    raise IreeFailure(f"cannot place an input of shape {list(a.shape)} on IREE device {k}: "
                                      f"{err}") from None
            out.append(a)
        return out

    def call(self, function: str, args: Sequence[Any]) -> list[Any]:
        """Run ``function`` on ``args`` (numpy arrays, or :meth:`put`'s device arrays); returns its results as
        numpy arrays (host copies).

        Raises:
            IreeFailure: the function is missing or fails.
        """
        import numpy as np

        rt = self._rt
        inv = self._invokers.get(function)
        if inv is None:
            fn = self.module.lookup_function(function)
            if fn is None:
                raise IreeFailure(f"the module has no function @{function}")
            inv = self._invokers[function] = rt.FunctionInvoker(self.context, self.devices[0], fn)
        try:
            out = inv(*[np.require(a, requirements="C") if isinstance(a, np.ndarray) else a for a in args])
        except (RuntimeError, ValueError) as err:
            raise IreeFailure(f"@{function} failed on the IREE runtime: {err}") from None
        if not isinstance(out, (tuple, list)):
            out = (out,)
        values = []
        for o in out:
            values.append(np.array(o.to_host(), copy=True) if hasattr(o, "to_host") else np.asarray(o))
            del o
        del out
        return values

    def close(self) -> None:
        """Release invokers, context, module, HAL module, devices (in that order)."""
        self._invokers.clear()
        for name in ("context", "module", "hal", "devices", "instance"):
            if hasattr(self, name):
                delattr(self, name)

    def __enter__(self) -> "IreeSession":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _reads_parameters(schedule: Any) -> bool:
    """Whether ``schedule``'s module has a ``#stream.parameter.named`` global."""
    from meshc.frontends.parameters import parameter_ref

    module = getattr(schedule, "module", None)
    return module is not None and any(op.name == "util.global" and parameter_ref(op.initial_value) is not None
                                      for op in module.walk())


class IreeBackend(Backend):
    """``--backend iree`` (module docstring): ``device`` is the local driver, ``target_cpu`` the llvm-cpu CPU.

    Raises:
        IreeUnavailable: IREE is not installed (raised when built).
    """

    name = "iree"

    def __init__(self, device: str = "local-task", target_cpu: str = "host"):
        require_iree()
        if device not in IREE_DEVICES:
            raise IreeFailure(f"unknown IREE device '{device}' (known: {', '.join(IREE_DEVICES)})")
        self.device = device
        self.target_cpu = target_cpu
        self._program: Any = None
        self._loaded: Optional[tuple[Any, Any, Any]] = None  # (schedule, module, session)

    def shard_inputs(self, program: Any, arrays: Sequence[Any]) -> list[Any]:
        self._program = program  # the module's original-signature entry needs the shard map
        shards = [_scalar_value(a) if not slot.is_tensor else a
                  for slot, a in zip(program.args, super().shard_inputs(program, arrays))]
        if _reads_parameters(program.schedule):  # compiled at the first run, which has their data
            return shards
        _, session = self.load(program.schedule)  # compile before the calls are timed
        owner = {a.index: a.device for a in program.schedule.args}
        # each shard in a buffer of its device once (the calls then move nothing in from the host)
        return session.put(shards, [owner.get(slot.position, 0) for slot in program.args])

    def load(self, schedule: Any, parameters: Optional[dict] = None) -> tuple[Any, "IreeSession"]:
        """The emitted :class:`~meshc.backend.iree_emit.IreeModule` of ``schedule`` and its loaded session
        (compiled once per schedule); ``parameters`` (``{scope: {key: array}}``) are the data of its
        ``#stream.parameter.named`` globals, emitted as constants."""
        if self._loaded is not None and self._loaded[0] is schedule:
            return self._loaded[1], self._loaded[2]
        from meshc.backend.iree_emit import emit_iree_module

        program = self._program if self._program is not None and self._program.schedule is schedule else None
        if program is None:
            raise IreeFailure("the IREE backend needs the program's shard map: call shard_inputs first")
        module = emit_iree_module(program, host_executable_target(self.target_cpu), parameters)
        session = IreeSession(compile_module(module.text, self.target_cpu, module), module.devices, self.device)
        self.close()
        self._loaded = (schedule, module, session)
        import atexit

        atexit.register(self.close)  # before the interpreter tears IREE's objects down in any order
        return module, session

    def run(self, schedule: Any, args: Sequence[Any], options: Any = None) -> Any:
        from meshc.runtime.executor import RunReport
        from meshc.runtime.stats import DeviceStats, RunStats

        module, session = self.load(schedule, getattr(options, "parameters", None))
        t0 = time.perf_counter()
        outputs = session.call(module.sharded, args)
        wall = time.perf_counter() - t0
        outputs = [_typed_scalar(o, dtype) for o, dtype in zip(outputs, module.result_dtypes)]
        counted = len(module.scopes)  # the runs of the region blocks that move data, after the results
        counts = [int(c) for c in outputs[len(outputs) - counted:]] if counted else []
        outputs = outputs[:len(outputs) - counted]
        devices = []
        for k in range(module.devices):
            d = DeviceStats(k)
            d.kernels_by_op = dict(module.kernels[k])
            d.kernels = sum(d.kernels_by_op.values())
            d.steps = len(schedule.devices[k].steps)
            d.busy_seconds = wall
            devices.append(d)
        for t, runs in module.transfer_runs(counts):  # a transfer in a loop body: once per trip
            if not runs:
                continue
            d = devices[t.dst]
            nbytes = t.nbytes * runs
            field = {"peer_read": "peer_read_bytes", "copy": "copy_bytes"}.get(t.kind, "collective_bytes")
            setattr(d, field, getattr(d, field) + nbytes)
            d.record_transfer(t.src, nbytes, t.kind if t.kind in ("peer_read", "copy") else "collective")
        capacity = getattr(options, "device_memory", None) if options is not None else None
        return RunReport(outputs, RunStats(devices, wall, capacity))

    def close(self) -> None:
        """Release the loaded module's IREE session."""
        if self._loaded is not None:
            self._loaded[2].close()
            self._loaded = None
