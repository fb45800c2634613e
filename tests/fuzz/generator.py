"""Grammar-aware generator of meshc modules (grammar/core.lark plus a few custom forms).

:func:`generate` walks the productions of the core grammar — top-level
attribute and type aliases, operations in generic form with properties,
regions, labelled blocks and attribute dictionaries, every type form
(integers, floats, index, none, ranked/unranked tensors with encodings,
vectors, complex, function and dialect types) and every attribute form
(integers, floats, hex, strings with escapes, booleans, unit, arrays,
dictionaries, typed scalars, ``dense<...>``, ``array<...>``, affine maps,
symbol references, dialect attributes, mesh shardings, type attributes) —
plus the custom forms of func, arith, tensor, linalg, scf and mesh ops.

SSA values are tracked per scope with their types, so most generated modules
parse and verify and exercise the printer and the round trip; with
probability ``error_rate`` a production is replaced by a plausible mistake
(an undefined value, a type mismatch, an out-of-range integer) so the
diagnostics paths run too. ``max_depth`` bounds the nesting of regions,
attributes and types (a recursion budget shared by all of them).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

INT_TYPES = ("i1", "i8", "i16", "i32", "i64", "si8", "ui8", "si32", "ui32", "i3", "i128")
FLOAT_TYPES = ("f16", "bf16", "f32", "f64", "f8E4M3FN", "f8E5M2", "tf32")
DENSE_SCALARS = ("i1", "i8", "i16", "i32", "i64", "ui8", "si32", "f16", "bf16", "f32", "f64", "index")
WORDS = ("a", "b", "x", "foo", "value", "sym_name", "operandSegmentSizes", "static_sizes", "f.g", "_k", "x$y")


@dataclass
class _Scope:
    values: list[tuple[str, str]] = field(default_factory=list)  # (name with %, type text)


class Generator:
    """One random module per :meth:`module` call (see the module docstring).

    ``rng`` drives every choice; ``max_depth`` (>= 1) bounds nesting;
    ``error_rate`` in [0, 1] is the chance of an injected mistake per op.
    """

    def __init__(self, rng: random.Random, max_depth: int = 6, error_rate: float = 0.1):
        self.rng = rng
        self.max_depth = max_depth
        self.error_rate = error_rate
        self.counter = 0
        self.attr_aliases: list[str] = []
        self.type_aliases: list[tuple[str, str]] = []
        self.scopes: list[_Scope] = []
        self.symbols: list[str] = []

    # ------------------------------------------------------------ helpers
    def fresh(self, prefix: str = "v") -> str:
        self.counter += 1
        return f"%{prefix}{self.counter}" if self.rng.random() < 0.7 else f"%{self.counter}"

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def visible(self) -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        for s in self.scopes:
            out.extend(s.values)
        return out

    def define(self, name: str, ty: str) -> None:
        self.scopes[-1].values.append((name, ty))

    # ------------------------------------------------------------ types
    def scalar_type(self) -> str:
        r = self.rng.random()
        if r < 0.45:
            return self.rng.choice(INT_TYPES)
        if r < 0.9:
            return self.rng.choice(FLOAT_TYPES)
        return "index"

    def shape(self, rank: int | None = None, dynamic: bool = True) -> list[str]:
        rank = self.rng.choice((0, 1, 1, 2, 2, 3, 4)) if rank is None else rank
        dims = []
        for _ in range(rank):
            if dynamic and self.chance(0.1):
                dims.append("?")
            else:
                dims.append(str(self.rng.choice((0, 1, 1, 2, 3, 4, 8, 16, 64, 1024))))
        return dims

    def tensor_type(self, elem: str | None = None, dims: list[str] | None = None, depth: int = 0) -> str:
        dims = self.shape() if dims is None else dims
        elem = elem or self.scalar_type()
        enc = ""
        if depth < self.max_depth and self.chance(0.1):
            enc = ", " + self.attr(depth + 1)
        return "tensor<" + "".join(d + "x" for d in dims) + elem + enc + ">"

    def type(self, depth: int = 0, in_attr: bool = False) -> str:
        """A type; ``in_attr``: in attribute position, where a type alias is not accepted."""
        if depth >= self.max_depth:
            return self.scalar_type()
        r = self.rng.random()
        if r < 0.4:
            return self.scalar_type()
        if r < 0.65:
            return self.tensor_type(depth=depth)
        if r < 0.7:
            return f"tensor<*x{self.scalar_type()}>"
        if r < 0.75:
            return "vector<" + "".join(f"{self.rng.choice((1, 2, 4, 8))}x" for _ in range(self.rng.randint(1, 3))) \
                + self.scalar_type() + ">"
        if r < 0.8:
            return f"complex<{self.rng.choice(('f32', 'f64', 'f16', self.type(depth + 1)))}>"
        if r < 0.86:
            ins = ", ".join(self.type(depth + 1) for _ in range(self.rng.randint(0, 2)))
            outs = [self.type(depth + 1) for _ in range(self.rng.randint(0, 2))]
            res = outs[0] if len(outs) == 1 and not outs[0].startswith("(") else "(" + ", ".join(outs) + ")"
            return f"({ins}) -> {res}"
        if r < 0.9:
            return self.rng.choice(("!mesh.sharding", "!shard.sharding", "!util.buffer", "!a.b<1, [2]>",
                                    '!x.y<"s">', "!d.t<<f32>>", "!d.t<(i32) -> f32>"))
        if r < 0.94 and self.type_aliases and not in_attr:
            return self.rng.choice(self.type_aliases)[0]
        return "none" if self.chance(0.5) else self.scalar_type()

    # ------------------------------------------------------------ attributes
    def int_literal(self) -> str:
        return str(self.rng.choice((0, 1, -1, 7, 42, 127, -128, 255, 65535, 2 ** 31 - 1, -2 ** 31, 2 ** 63 - 1,
                                    -2 ** 63, 2 ** 64 - 1)))

    def float_literal(self) -> str:
        return self.rng.choice(("0.0", "1.0", "-2.5", "3.14159", "1.0e-10", "6.5e+04", "1e3", "0.1",
                                "1.000000e+00", "-0.0", "2.", "123456789.125"))

    def string_literal(self) -> str:
        return self.rng.choice(('""', '"abc"', '"with space"', '"q\\"uote"', '"back\\\\slash"', '"tab\\09x"',
                                '"nl\\n"', '"\\t"', '"ünïcödé"', '"0x0102"', '"a::b"'))

    def typed_int(self) -> str:
        ty = self.rng.choice(("i1", "i8", "i32", "i64", "ui8", "si16", "index"))
        if ty == "i1":
            return self.rng.choice(("true", "false", "1 : i1", "0 : i1"))
        bits = 64 if ty == "index" else int(ty.lstrip("su")[1:])
        lo = 0 if ty.startswith("u") else -(1 << (bits - 1))
        hi = (1 << bits) - 1 if ty[0] in "ui" and ty != "index" else (1 << (bits - 1)) - 1
        if ty.startswith("si"):
            hi = (1 << (bits - 1)) - 1
        v = self.rng.choice((lo, hi, 0, 1, self.rng.randint(lo, hi)))
        if self.chance(self.error_rate):
            v = hi + 1  # out of range
        return f"{v} : {ty}"

    def dense(self, depth: int) -> str:
        elem = self.rng.choice(DENSE_SCALARS)
        dims = [int(d) for d in self.shape(dynamic=False)]
        ty = "tensor<" + "".join(f"{d}x" for d in dims) + elem + ">"
        n = 1
        for d in dims:
            n *= d
        extent = 1
        for d in dims:
            extent *= max(d, 1)  # the size of the nested list text
        r = self.rng.random()
        if r < 0.4 or extent > 64:
            body = self.dense_scalar(elem)
        elif r < 0.8:
            body = self.dense_list(elem, dims)
        else:
            width = {"i1": 1, "i8": 1, "ui8": 1, "i16": 2, "i32": 4, "si32": 4, "f32": 4, "f16": 2, "bf16": 2,
                     "i64": 8, "f64": 8, "index": 8}[elem]
            count = self.rng.choice((1, n))
            body = '"0x' + "".join(f"{self.rng.randrange(256):02X}" for _ in range(width * count)) + '"'
            if elem == "i1":
                body = '"0x' + "".join(self.rng.choice(("00", "01")) for _ in range(count)) + '"'
        if n == 0:
            body = ""
        return f"dense<{body}> : {ty}"

    def dense_scalar(self, elem: str) -> str:
        if elem == "i1":
            return self.rng.choice(("true", "false"))
        if elem[0] == "f" or elem == "bf16":
            return self.rng.choice(("0.0", "1.5", "-2.25", "1.000000e+00", "0x7FC00000" if elem == "f32" else "3.0"))
        bits = 64 if elem == "index" else int(elem.lstrip("su")[1:])
        if elem.startswith("u"):
            return str(self.rng.randint(0, (1 << bits) - 1))
        return str(self.rng.randint(-(1 << (bits - 1)), (1 << (bits - 1)) - 1))

    def dense_list(self, elem: str, dims: list[int]) -> str:
        if not dims:
            return self.dense_scalar(elem)
        return "[" + ", ".join(self.dense_list(elem, dims[1:]) for _ in range(dims[0])) + "]"

    def affine_expr(self, dims: list[str], syms: list[str], depth: int) -> str:
        ids = dims + syms
        if depth >= self.max_depth or self.chance(0.4) or not ids:
            return self.rng.choice(ids) if ids and self.chance(0.8) else str(self.rng.randint(-3, 16))
        a = self.affine_expr(dims, syms, depth + 1)
        r = self.rng.random()
        if r < 0.3:
            return f"{a} + {self.affine_expr(dims, syms, depth + 1)}"
        if r < 0.45:
            return f"{a} - {self.affine_expr(dims, syms, depth + 1)}"
        if r < 0.6:
            return f"{a} * {self.rng.randint(-4, 8)}"
        if r < 0.8:
            return f"{a} {self.rng.choice(('floordiv', 'ceildiv', 'mod'))} {self.rng.randint(1, 8)}"
        if r < 0.9:
            return f"({a})"
        return f"-{a}" if not a.startswith("-") else f"-({a})"

    def affine_map(self, depth: int) -> str:
        dims = [f"d{i}" for i in range(self.rng.randint(0, 3))]
        syms = [f"s{i}" for i in range(self.rng.randint(0, 2))] if self.chance(0.3) else []
        results = ", ".join(self.affine_expr(dims, syms, depth) for _ in range(self.rng.randint(0, 3)))
        sym_text = f"[{', '.join(syms)}]" if syms or self.chance(0.1) else ""
        return f"affine_map<({', '.join(dims)}){sym_text} -> ({results})>"

    def sharding(self) -> str:
        axes = ", ".join("[" + ", ".join(str(a) for a in self.rng.sample(range(3), self.rng.randint(0, 2))) + "]"
                         for _ in range(self.rng.randint(0, 3)))
        opts = ""
        if self.chance(0.2):
            opts += f", partial = {self.rng.choice(('sum', 'max', 'min', 'generic'))}[{self.rng.randint(0, 2)}]"
        if self.chance(0.1):
            opts += ", halo_sizes = [1, 2]"
        return f"<@m, [{axes}]{opts}>"

    def attr(self, depth: int = 0) -> str:
        if depth >= self.max_depth:
            return self.rng.choice((self.int_literal(), self.string_literal(), "unit", "true"))
        r = self.rng.random()
        if r < 0.12:
            return self.int_literal()
        if r < 0.18:
            return self.float_literal()
        if r < 0.22:
            return self.rng.choice(("0x1F", "-0x10", "0xFFFFFFFF"))
        if r < 0.3:
            return self.string_literal()
        if r < 0.34:
            return self.rng.choice(("true", "false", "unit"))
        if r < 0.42:
            return "[" + ", ".join(self.attr(depth + 1) for _ in range(self.rng.randint(0, 4))) + "]"
        if r < 0.48:
            return "{" + self.dict_entries(depth + 1) + "}"
        if r < 0.56:
            if self.chance(0.6):
                return self.typed_int()
            return f"{self.rng.choice(('0.5', '-2.0', '1.000000e+00', '3.0e-2'))} : {self.rng.choice(FLOAT_TYPES)}"
        if r < 0.64:
            return self.dense(depth)
        if r < 0.7:
            ty = self.rng.choice(("i8", "i32", "i64", "f32", "f64", "i1"))
            vals = [self.dense_scalar(ty) for _ in range(self.rng.randint(0, 4))]
            return f"array<{ty}" + (": " + ", ".join(vals) if vals else "") + ">"
        if r < 0.76:
            return self.affine_map(depth)
        if r < 0.8:
            return self.rng.choice(("@f", "@m", '@"quoted sym"', "@a::@b", "@a::@b::@c"))
        if r < 0.84 and self.attr_aliases:
            return self.rng.choice(self.attr_aliases)
        if r < 0.88:
            items = ", ".join(self.rng.choice((self.attr(depth + 1), "kw", f"k = {self.attr(depth + 1)}",
                                               "kw[1, 2]", '"a" :: "b"'))
                              for _ in range(self.rng.randint(0, 3)))
            name = self.rng.choice(("#foo.bar", "#a.b.c", "#x.y"))
            return f"{name}<{items}>" if items or self.chance(0.5) else name
        if r < 0.92:
            return self.sharding()
        return self.type(depth + 1, in_attr=True)

    def dict_entries(self, depth: int) -> str:
        keys = self.rng.sample(WORDS, self.rng.randint(0, 4))
        parts = []
        for k in keys:
            if self.chance(0.15):
                parts.append(k)  # unit
            else:
                key = k if self.chance(0.85) else f'"{k} q"'
                parts.append(f"{key} = {self.attr(depth)}")
        return ", ".join(parts)

    # ------------------------------------------------------------ operations
    def value_of(self, ty: str | None = None) -> tuple[str, str] | None:
        vals = [v for v in self.visible() if ty is None or v[1] == ty]
        if not vals:
            return None
        return self.rng.choice(vals)

    def generic_op(self, depth: int) -> str:
        name = self.rng.choice(('"x.op"', '"test.op"', '"d.nested.name"', '"x.r"', '"a$b.c"'))
        operands = [self.value_of() for _ in range(self.rng.randint(0, 3))]
        operands = [o for o in operands if o is not None]
        results = [self.type(depth + 1) for _ in range(self.rng.choice((0, 1, 1, 2)))]
        text = f"{name}({', '.join(o[0] for o in operands)})"
        if self.chance(0.2):
            text += " <{" + self.dict_entries(depth + 1) + "}>"
        if depth < self.max_depth and self.chance(0.25):
            regions = [self.region(depth + 1) for _ in range(self.rng.randint(1, 2))]
            text += " (" + ", ".join(regions) + ")"
        if self.chance(0.4):
            text += " {" + self.dict_entries(depth + 1) + "}"
        outs = ", ".join(results)
        text += f" : ({', '.join(o[1] for o in operands)}) -> ({outs})"
        return self.bind(text, results)

    def bind(self, text: str, results: list[str]) -> str:
        if not results:
            return text
        if len(results) > 1 and self.chance(0.5):
            name = self.fresh("g")
            for k, ty in enumerate(results):
                self.define(f"{name}#{k}", ty)
            return f"{name}:{len(results)} = {text}"
        names = [self.fresh() for _ in results]
        for n, ty in zip(names, results):
            self.define(n, ty)
        return f"{', '.join(names)} = {text}"

    def region(self, depth: int) -> str:
        self.scopes.append(_Scope())
        lines = []
        if self.chance(0.3):
            args = [(self.fresh("a"), self.type(depth + 1)) for _ in range(self.rng.randint(0, 2))]
            for n, t in args:
                self.define(n, t)
            head = "^bb0" + (f"({', '.join(f'{n}: {t}' for n, t in args)})" if args else "") + ":"
            lines.append(head)
        for _ in range(self.rng.randint(0, 3)):
            lines.append(self.op(depth))
        if self.chance(0.15):
            lines.append(f"^bb{self.rng.randint(1, 3)}:")
            lines.append(self.op(depth))
        self.scopes.pop()
        return "{\n" + "\n".join(lines) + "\n}"

    def custom_op(self, depth: int) -> str:
        r = self.rng.random()
        if r < 0.25:
            ty = self.rng.choice(("f32", "f64", "i32", "i64", "index", "f16"))
            if ty[0] == "f":
                value = f"{self.float_literal()} : {ty}"
            else:
                value = f"{self.rng.randint(-100, 100)} : {ty}"
            if self.chance(0.15):
                elem = self.rng.choice(("f32", "i32"))
                d = self.tensor_type(elem, self.shape(dynamic=False))
                value = f"dense<{'1.5' if elem == 'f32' else '7'}> : {d}"
                ty = d
            return self.bind(f"arith.constant {value}", [ty])
        if r < 0.5:
            v = self.value_of()
            if v is None or v[1] not in ("f32", "f64", "f16", "i32", "i64", "index"):
                return self.custom_op_fallback(depth)
            other = self.value_of(v[1])
            opname = self.rng.choice(("addf", "mulf", "subf", "maximumf")) if v[1][0] == "f" else \
                self.rng.choice(("addi", "muli", "subi", "maxsi"))
            return self.bind(f"arith.{opname} {v[0]}, {other[0]} : {v[1]}", [v[1]])
        if r < 0.65:
            ty = self.tensor_type(self.rng.choice(("f32", "i32")), self.shape(dynamic=False))
            return self.bind(f"tensor.empty() : {ty}", [ty])
        if r < 0.8 and depth < self.max_depth:
            idx = [v for v in self.visible() if v[1] == "index"]
            if len(idx) < 1:
                return self.bind(f"arith.constant {self.rng.randint(0, 4)} : index", ["index"])
            lb, ub, st = (self.rng.choice(idx)[0] for _ in range(3))
            self.scopes.append(_Scope())
            iv = self.fresh("i")
            self.define(iv, "index")
            body = [self.op(depth + 1) for _ in range(self.rng.randint(0, 2))]
            self.scopes.pop()
            return f"scf.for {iv} = {lb} to {ub} step {st} {{\n" + "\n".join(body) + "\n}"
        return self.custom_op_fallback(depth)

    def custom_op_fallback(self, depth: int) -> str:
        ty = self.tensor_type("f32", self.shape(dynamic=False))
        return self.bind(f"tensor.empty() : {ty}", [ty])

    def op(self, depth: int) -> str:
        if self.chance(self.error_rate):
            return self.mistake()
        if self.chance(0.55):
            return self.generic_op(depth)
        return self.custom_op(depth)

    def mistake(self) -> str:
        r = self.rng.random()
        if r < 0.3:
            return f'"x.use"(%undefined{self.counter}) : (f32) -> ()'
        if r < 0.5:
            v = self.value_of()
            if v is not None:
                return f'"x.use"({v[0]}) : ({"f64" if v[1] != "f64" else "i32"}) -> ()'
        if r < 0.7:
            return f'"x.a"() {{v = {self.rng.choice(("300 : i8", "-1 : ui8", "2 : i1", "1.5 : i32"))}}} : () -> ()'
        if r < 0.85:
            return f'"x.a"() {{v = dense<[1, 2, 3]> : tensor<2xi32>}} : () -> ()'
        return "%dup = arith.constant 1 : i32\n%dup = arith.constant 2 : i32"

    def function(self) -> str:
        name = f"@f{self.counter}"
        self.counter += 1
        self.scopes = [_Scope()]
        args = [(self.fresh("arg"), self.rng.choice((self.type(1), "index", "f32")))
                for _ in range(self.rng.randint(0, 4))]
        for n, t in args:
            self.define(n, t)
        body = [self.op(1) for _ in range(self.rng.randint(0, 8))]
        ret = self.value_of()
        if ret is not None and self.chance(0.7):
            sig_res = f" -> {ret[1]}" if not ret[1].startswith("(") else f" -> ({ret[1]})"
            body.append(f"return {ret[0]} : {ret[1]}")
        else:
            sig_res = ""
            body.append("return")
        arg_text = ", ".join(f"{n}: {t}" for n, t in args)
        return f"func.func {name}({arg_text}){sig_res} {{\n" + "\n".join(body) + "\n}"

    def module(self) -> str:
        """A module: aliases, an optional mesh, functions and top-level generic ops."""
        self.counter = 0
        self.attr_aliases, self.type_aliases = [], []
        aliases, parts = [], []
        self.scopes = [_Scope()]
        for i in range(self.rng.randint(0, 2)):
            name = f"#al{i}"
            aliases.append(f"{name} = {self.attr(1)}")
            self.attr_aliases.append(name)
        for i in range(self.rng.randint(0, 1)):
            name, ty = f"!ty{i}", self.type(1)
            aliases.append(f"{name} = {ty}")
            self.type_aliases.append((name, ty))
        if self.chance(0.3):
            parts.append(f"mesh.mesh @m(shape = {self.rng.choice(('2', '2x4', '?', '4x?'))})")
        for _ in range(self.rng.randint(0, 3)):
            if self.chance(0.8):
                parts.append(self.function())
            else:
                self.scopes = [_Scope()]
                parts.append(self.generic_op(0))
        text = "\n".join(parts) + "\n"
        if self.chance(0.2):
            text = "module {\n" + text + "}\n"
        return "".join(a + "\n" for a in aliases) + text


def generate(rng: random.Random, max_depth: int = 6, error_rate: float = 0.1) -> str:
    """One generated module text (see :class:`Generator`)."""
    return Generator(rng, max_depth, error_rate).module()
