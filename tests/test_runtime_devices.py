"""Device memory pools (meshc.runtime.devices): sizes, accounting, errors."""

from __future__ import annotations

import pytest

from meshc.backend.schedule import BufferLayout
from meshc.runtime.devices import (DeviceMemory, MemoryFlagError, OutOfDeviceMemory, buffer_sizes, format_bytes,
                                   parse_bytes)


@pytest.mark.parametrize("text, value", [
    ("16GiB", 16 * 2 ** 30), ("512MiB", 512 * 2 ** 20), ("1.5KiB", 1536), ("8GB", 8 * 10 ** 9),
    ("4096", 4096), ("  2 kib ", 2048), (123, 123),
])
def test_parse_bytes(text, value):
    assert parse_bytes(text) == value


@pytest.mark.parametrize("text", ["lots", "16 GiBs", "-1", "1e9", -5])
def test_parse_bytes_rejects(text):
    with pytest.raises(MemoryFlagError):
        parse_bytes(text)


def test_format_bytes():
    assert [format_bytes(n) for n in (None, 512, 1536, 3 * 2 ** 30)] == ["unlimited", "512 B", "1.50 KiB", "3.00 GiB"]


def test_buffer_sizes_physical_and_logical():
    row = BufferLayout()
    assert buffer_sizes((3, 5), "f32", row) == (60, 60)  # 15 x 4 B
    assert buffer_sizes((), "index", row) == (8, 8)  # a scalar: one int64
    assert buffer_sizes((0, 7), "f32", row) == (0, 0)
    # 3x5 f32 in 32x32 tiles: one tile of 1024 x 4 B = 4096 B; 60 B of data
    assert buffer_sizes((3, 5), "f32", BufferLayout("tile")) == (4096, 60)
    # accounted as bfloat16: 2 B per element -> one tile of 2048 B; 30 B of data
    assert buffer_sizes((3, 5), "f32", BufferLayout("tile", dtype_override="bfloat16")) == (2048, 30)
    # an f8 type the layout engine does not list: numpy's itemsize (1 B)
    assert buffer_sizes((4,), "f8E4M3FN", row) == (4, 4)


def test_pool_tracks_current_and_peak():
    memory = DeviceMemory(2, capacity=100)
    pool = memory.pools[1]
    pool.allocate("a", 40, 30)
    pool.allocate("b", 50, 50)
    assert pool.free("a") == 40
    pool.allocate("c", 45, 45)
    # 40 + 50 = 90, then 50 + 45 = 95 -> peak 95; logical 30 + 50 = 80, then 95
    assert (pool.current, pool.peak, pool.logical_peak, pool.allocations, pool.allocated_bytes) == (95, 95, 95, 3, 135)
    assert pool.held() == {"b": 50, "c": 45}
    with pytest.raises(ValueError, match="allocated twice"):
        pool.allocate("b", 1, 1)


def test_out_of_memory_error_carries_the_table():
    memory = DeviceMemory(2, capacity=100)
    memory.pools[0].allocate("w", 70, 70)
    memory.pools[1].allocate("a", 60, 60)
    with pytest.raises(OutOfDeviceMemory) as info:
        memory.pools[1].allocate("big", 41, 41)
    err = info.value
    assert (err.device, err.buffer, err.requested, err.available) == (1, "big", 41, 40)
    rows = [r.split() for r in err.table.splitlines()[1:]]
    assert rows == [["0", "70", "70", "100", "1"], ["1", "60", "60", "100", "1"]]
    assert "device 1 is out of memory: buffer 'big' needs 41 bytes" in str(err)


def test_unlimited_pool_never_fails():
    pool = DeviceMemory(1).pools[0]
    pool.allocate("huge", 2 ** 50, 2 ** 50)
    assert pool.peak == 2 ** 50


def test_large_host_buffers_are_mapped_and_unmapped_on_glibc():
    """After map_large_host_buffers, a freed 8 MiB buffer leaves the process (its own mapping,
    unmapped on free) even after glibc would have raised its threshold; measured in a subprocess
    so that this process's allocator is not changed."""
    import platform
    import subprocess
    import sys

    if platform.libc_ver()[0] != "glibc":
        from meshc.runtime.devices import map_large_host_buffers

        assert map_large_host_buffers() is False
        return
    code = (
        "import numpy as np\n"
        "from meshc.runtime.devices import map_large_host_buffers\n"
        "def anon():\n"
        "    return next(int(l.split()[1]) for l in open('/proc/self/status') if l.startswith('RssAnon'))\n"
        "print(map_large_host_buffers())\n"
        "x = np.ones(2 << 20, np.float32); del x\n"  # glibc would raise its threshold to 8 MiB here
        "before = anon()\n"
        "y = np.ones(2 << 20, np.float32); during = anon(); del y\n"
        "print(during - before > 6000, anon() - before < 1000)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True", "True", "True"]
