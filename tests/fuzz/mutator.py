"""Token-level mutations of MLIR text (the inputs a user mistypes, truncates or corrupts).

:func:`mutate` applies 1-3 mutations drawn from :data:`MUTATIONS` to a seed
and returns bytes (some mutations make invalid UTF-8). Tokens are split by a
regex that knows MLIR's lexical forms (strings, ``%``/``@``/``#``/``!``/``^``
names, numbers, words, ``->``, ``::`` and single punctuation), so deleting
or swapping a token keeps the rest lexically intact.

Sizes are bounded: deep nesting reaches at most ~5000 levels, long lines at
most ~1 MB, so one input stays far below the 1 GiB a bounded run may use.
"""

from __future__ import annotations

import random
import re
from typing import Callable

_TOKEN = re.compile(
    r'"(?:[^"\\\n]|\\.)*"'           # string
    r"|//[^\n]*"                       # comment
    r"|[%@#!^][\w$.\-]+(?:#\d+)?"      # named things
    r"|0x[0-9A-Fa-f]+"                 # hex
    r"|\d+\.\d*(?:[eE][-+]?\d+)?|\d+"  # numbers
    r"|[A-Za-z_][\w$.]*"               # words, op names, types
    r"|->|::|<\{|\}>"                  # two-char punctuation
    r"|\s+"                            # whitespace
    r"|.", re.S)

#: replacement numbers: 64-bit edges, beyond 64 bits, beyond float range, huge digit strings
HUGE_NUMBERS = (
    "0", "-1", "1", "2147483648", "4294967296", "9223372036854775807", "9223372036854775808",
    "18446744073709551616", "99999999999999999999", "-99999999999999999999", "1" + "0" * 40,
    "9" * 400, "9" * 5000, "1.0e309", "-1.0e309", "1e-400", "3.4e39", "0x" + "F" * 40, "0xFFFFFFFFFFFFFFFF",
    "65536", "65537", "100000",
)

#: tokens a mutation may insert: keywords, op names, types, punctuation of the grammar
DICTIONARY = (
    "func.func", "func.return", "return", "arith.constant", "arith.addf", "arith.muli", "tensor.empty",
    "tensor.extract_slice", "linalg.generic", "linalg.matmul", "linalg.fill", "scf.for", "scf.yield",
    "mesh.mesh", "mesh.shard", "mesh.all_gather", "mesh.all_reduce", "iree_encoding.set_encoding",
    "util.global", "flow.dispatch", "module", "ins", "outs", "to", "into", "on", "attributes", "dense",
    "dense<", "array<i64: ", "affine_map<(d0) -> (d0)>", "tensor<", "tensor<*x", "vector<4x", "complex<",
    "f32", "f16", "bf16", "i1", "i32", "i64", "index", "none", "unit", "true", "false", "floordiv", "mod",
    "ceildiv", "partial", "halo_sizes", "sharded_dims_offsets", "inner", "->", "::", ":", ",", "=", "(", ")",
    "[", "]", "{", "}", "<", ">", "<{", "}>", "%0", "%arg0", "%0#1", "%x:2", "@f", "@m", "#map", "!t",
    "^bb0", "^bb1(%a: f32):", '"x.op"', '"0x0102"', "loc(unknown)", "#mesh.sharding<@m, [[0]]>",
    "#iree_encoding.encoding<", "?", "*", "x", "-", "+", "...", "\\", "\"", "'", "\t", "\r\n", "\x00",
)

#: bytes that are not valid UTF-8 in the place they are put
BAD_BYTES = (b"\xff", b"\xfe", b"\xc3", b"\x80", b"\xe2\x82", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xc0\xaf")

#: openers/closers for deep nesting, around one token or as a prefix/suffix pair
NESTINGS = (
    ("[", "]"), ("{a = ", "}"), ("(", ")"), ("complex<", ">"), ("tensor<2x", ">"), ("tensor<", ">"),
    ("vector<2x", ">"), ("dense<[", "]>"), ("(() -> ", ")"), ('"x.r"() ({\n', '\n}) : () -> ()'),
    ("scf.execute_region {\n", "\n}"), ("- ", ""), ("#a.b<", ">"), ("!a.b<", ">"), ("<{a = ", "}>"),
)


def tokenize(text: str) -> list[str]:
    """Split MLIR text into tokens; ``"".join(tokenize(t)) == t``."""
    return _TOKEN.findall(text)


def _pick_token(rng: random.Random, toks: list[str], pred: Callable[[str], bool] | None = None) -> int:
    idx = [i for i, t in enumerate(toks) if not t.isspace() and (pred is None or pred(t))]
    if not idx:
        return rng.randrange(len(toks)) if toks else -1
    return rng.choice(idx)


def _join(toks: list[str]) -> bytes:
    return "".join(toks).encode("utf-8", "surrogatepass")


# ------------------------------------------------------------------ mutations (bytes -> bytes)
def m_delete(rng, data: bytes, seeds) -> bytes:
    toks = tokenize(data.decode("utf-8", "replace"))
    if not toks:
        return data
    i = _pick_token(rng, toks)
    n = rng.choice((1, 1, 1, 2, 3, 8))
    del toks[i:i + n]
    return _join(toks)


def m_duplicate(rng, data: bytes, seeds) -> bytes:
    toks = tokenize(data.decode("utf-8", "replace"))
    if not toks:
        return data
    i = _pick_token(rng, toks)
    n = rng.choice((1, 1, 2, 5, 20))
    span = toks[i:i + n]
    times = rng.choice((1, 1, 2, 10))
    toks[i:i] = span * times
    return _join(toks)


def m_swap(rng, data: bytes, seeds) -> bytes:
    toks = tokenize(data.decode("utf-8", "replace"))
    if len(toks) < 2:
        return data
    i, j = _pick_token(rng, toks), _pick_token(rng, toks)
    toks[i], toks[j] = toks[j], toks[i]
    return _join(toks)


def m_truncate(rng, data: bytes, seeds) -> bytes:
    if not data:
        return data
    return data[:rng.randrange(len(data))]


def m_random_bytes(rng, data: bytes, seeds) -> bytes:
    pos = rng.randrange(len(data) + 1)
    junk = bytes(rng.randrange(256) for _ in range(rng.choice((1, 2, 4, 16))))
    return data[:pos] + junk + data[pos:]


def m_non_utf8(rng, data: bytes, seeds) -> bytes:
    pos = rng.randrange(len(data) + 1)
    return data[:pos] + rng.choice(BAD_BYTES) + data[pos:]


def m_huge_number(rng, data: bytes, seeds) -> bytes:
    toks = tokenize(data.decode("utf-8", "replace"))
    i = _pick_token(rng, toks, lambda t: t[0].isdigit() or ("x" in t and t[0] != "%"))
    if i < 0:
        return data
    t = toks[i]
    big = rng.choice(HUGE_NUMBERS)
    if t.startswith("tensor<") or re.fullmatch(r"\d+x.*", t):
        toks[i] = re.sub(r"\d+", big.lstrip("-").split(".")[0].split("e")[0], t, count=1)
    elif t[0].isdigit():
        toks[i] = big
    else:
        toks.insert(i, big + "x")
    return _join(toks)


def m_shape_blowup(rng, data: bytes, seeds) -> bytes:
    """Make a tensor type's dims huge (element-count overflow, huge splats)."""
    text = data.decode("utf-8", "replace")
    spots = [m.start() for m in re.finditer(r"tensor<", text)]
    if not spots:
        return data
    at = rng.choice(spots) + len("tensor<")
    dims = rng.choice(("100000x100000x100000x", "4294967296x4294967296x", "99999999999999999999x",
                       "65536x65536x", "0x99999999999999999999x", "1x" * 70, "3037000500x3037000500x"))
    return (text[:at] + dims + text[at:]).encode("utf-8", "surrogatepass")


def m_deep_nesting(rng, data: bytes, seeds) -> bytes:
    toks = tokenize(data.decode("utf-8", "replace"))
    opener, closer = rng.choice(NESTINGS)
    depth = rng.choice((50, 150, 199, 201, 300, 1000, 5000))
    i = _pick_token(rng, toks)
    if i < 0:
        return (opener * depth + closer * depth).encode()
    toks[i] = opener * depth + toks[i] + closer * depth
    return _join(toks)


def m_long_line(rng, data: bytes, seeds) -> bytes:
    choice = rng.randrange(4)
    if choice == 0:  # every line joined into one
        return data.replace(b"\n", b" ")
    toks = tokenize(data.decode("utf-8", "replace"))
    i = _pick_token(rng, toks)
    if i < 0:
        return b"a" * 100000
    if choice == 1:  # one token repeated with separators
        toks[i] = ", ".join([toks[i]] * rng.choice((1000, 20000)))
    elif choice == 2:  # a very long string or name
        toks[i] = rng.choice(('"', "%v", "@f", "#a", "x", "// ")) + "a" * rng.choice((10000, 1000000))
    else:  # a long run of spaces
        toks[i] = " " * 200000 + toks[i]
    return _join(toks)


def m_dictionary(rng, data: bytes, seeds) -> bytes:
    toks = tokenize(data.decode("utf-8", "replace"))
    word = rng.choice(DICTIONARY)
    if not toks:
        return word.encode()
    i = _pick_token(rng, toks)
    if rng.random() < 0.5:
        toks[i] = word
    else:
        toks.insert(i, word + " ")
    return _join(toks)


def m_splice(rng, data: bytes, seeds) -> bytes:
    """Tokens of another seed put in place of a span of this one."""
    other = tokenize(rng.choice(seeds).decode("utf-8", "replace")) if seeds else []
    toks = tokenize(data.decode("utf-8", "replace"))
    if not other or not toks:
        return data
    i, j = rng.randrange(len(toks)), rng.randrange(len(other))
    n, m = rng.choice((1, 3, 10, 50)), rng.choice((1, 3, 10, 50))
    toks[i:i + n] = other[j:j + m]
    return _join(toks)


def m_empty(rng, data: bytes, seeds) -> bytes:
    return rng.choice((b"", b" ", b"\n", b"\n\n\t ", b"// only a comment\n", b"\xef\xbb\xbf", b"\x00", b"{", b"}"))


#: every mutation with its weight (how often it is drawn)
MUTATIONS: tuple[tuple[Callable, int], ...] = (
    (m_delete, 10), (m_duplicate, 6), (m_swap, 6), (m_truncate, 5), (m_random_bytes, 3), (m_non_utf8, 2),
    (m_huge_number, 6), (m_shape_blowup, 3), (m_deep_nesting, 3), (m_long_line, 1), (m_dictionary, 8),
    (m_splice, 4), (m_empty, 1),
)


def mutate(rng: random.Random, seed: bytes, seeds: list[bytes] = ()) -> tuple[bytes, list[str]]:
    """``(mutated bytes, names of the mutations applied)``; 1-3 mutations,
    each drawn by weight from :data:`MUTATIONS`. ``seeds`` feed ``m_splice``."""
    funcs = [f for f, _ in MUTATIONS]
    weights = [w for _, w in MUTATIONS]
    data = seed
    applied = []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        f = rng.choices(funcs, weights)[0]
        data = f(rng, data, list(seeds))
        applied.append(f.__name__[2:])
    return data, applied
