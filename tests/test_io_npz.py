"""Loading ``.npz`` inputs: uncompressed members are memory-mapped only where their data is aligned
for their dtype (numpy copies an unaligned array into an aligned buffer in every ufunc and BLAS
call that reads it); the others are read into memory once."""

from __future__ import annotations

import numpy as np

from meshc.runtime.io import load_npz


def test_npz_members_are_memory_mapped_only_where_aligned(tmp_path):
    x = np.arange(60, dtype=np.float64).reshape(6, 10) / 7
    mapped, read = [], []
    # the member's data offset in the zip moves by one byte per character of its name: names of
    # 1..8 characters cover every offset modulo float64's alignment (8) exactly once
    for n in range(1, 9):
        key = "k" * n
        path = tmp_path / f"{n}.npz"
        np.savez(path, **{key: x})
        got = load_npz(str(path))[key]
        np.testing.assert_array_equal(got, x)
        assert got.dtype == x.dtype and got.shape == x.shape
        assert np.asarray(got).flags.aligned
        (mapped if isinstance(got, np.memmap) else read).append(n)
    assert len(mapped) == 1 and len(read) == 7


def test_compressed_npz_members_are_read(tmp_path):
    x = np.arange(12, dtype=np.int32).reshape(3, 4)
    np.savez_compressed(tmp_path / "c.npz", x=x)
    got = load_npz(str(tmp_path / "c.npz"))["x"]
    assert not isinstance(got, np.memmap)
    np.testing.assert_array_equal(got, x)


def test_unaligned_members_mapped_on_request_are_copied_shard_by_shard(tmp_path):
    from meshc.runtime.backends import shard_view

    x = np.arange(48, dtype=np.float32).reshape(8, 6)
    for n in range(1, 5):  # one of 4 name lengths aligns float32; take an unaligned one
        np.savez(tmp_path / f"{n}.npz", **{"k" * n: x})
        got = load_npz(str(tmp_path / f"{n}.npz"), read_unaligned=False)["k" * n]
        assert isinstance(got, np.memmap)  # mapped whatever its offset
        if not got.flags.aligned:
            break
    assert not got.flags.aligned
    shard = shard_view(got, (2, 0), (3, 6))  # contiguous rows, but unaligned: an aligned copy
    assert shard.flags.aligned and not np.shares_memory(shard, got)
    np.testing.assert_array_equal(shard, x[2:5])
