"""Upstream pass names in a parsed pipeline, turned into meshc's passes (for ``meshc-opt``).

:func:`expand` rewrites the specs of :func:`meshc.passes.pipeline.parse_pipeline`:

* a name of :data:`meshc.passes.registry.ALIASES` becomes the meshc pipeline the
  table gives, its options mapped as the table says (``traversal`` of upstream's
  ``sharding-propagation`` goes to meshc's; ``encoding-option=generic`` of IREE's
  set-encoding needs nothing); the new specs keep the alias's columns, so errors
  point at what the user wrote;
* a name that is neither a pass nor an alias is an error suggesting close names;
* a pass that meshc runs on the whole module (``reshard``, ``partition``...),
  written inside a function nest directly under the module (``func.func(...)``,
  ``util.func(...)``, ``any(...)``) as upstream's function passes are, is taken
  out of the nest and runs once on the module at that point: ``func.func(a,P,b)``
  becomes ``func.func(a),P,func.func(b)``.

The table itself lives in the registry (docs/meshc-opt.md describes it).
"""

from __future__ import annotations

import difflib
from meshc.passes.pipeline import Element, NestSpec, PassSpec, PipelineError, parse_pipeline
from meshc.passes.registry import ALIASES, PASSES, pass_class

MODULE_OP = "builtin.module"


def known_names() -> list[str]:
    """Every name ``meshc-opt`` accepts as a pass: meshc's passes and the upstream aliases, sorted."""
    return sorted(set(PASSES) | {n for n, a in ALIASES.items() if a.pipeline})


def suggest(name: str) -> str:
    """``"; did you mean 'x' or 'y'?"`` for the accepted names closest to ``name`` ('' when none is close)."""
    close = difflib.get_close_matches(name, known_names(), n=3, cutoff=0.6)
    if not close:
        return ""
    return "; did you mean " + " or ".join(f"'{c}'" for c in close) + "?"


def check_name(name: str, col: int = 1) -> None:
    """Raise unless ``name`` is a meshc pass or a supported upstream alias.

    Raises:
        PipelineError: an unknown name (with suggestions), or an alias meshc has
            no equivalent for (saying why).
    """
    alias = ALIASES.get(name)
    if alias is not None and not alias.pipeline:
        raise PipelineError(f"'{name}' ({alias.origin}) has no meshc equivalent: {alias.differences}", col)
    if alias is None and name not in PASSES:
        raise PipelineError(f"unknown pass '{name}'{suggest(name)} ('meshc-opt --help' lists the passes)", col)


def meshc_names(name: str) -> list[str]:
    """The meshc pass names an accepted name runs (itself for a meshc pass without alias entry).

    Raises:
        PipelineError: see :func:`check_name`.
    """
    check_name(name)
    alias = ALIASES.get(name)
    if alias is None:
        return [name]
    return [s.name for s in _walk(parse_pipeline(alias.pipeline))]


def _walk(items: list[Element]):
    for it in items:
        if isinstance(it, NestSpec):
            yield from _walk(it.items)
        else:
            yield it


def expand(items: list[Element]) -> list[Element]:
    """``items`` with upstream names replaced by meshc's passes and module passes taken out of
    function nests (see the module docstring). Option values are not checked here (the pass
    manager's build does, at the columns kept).

    Raises:
        PipelineError: an unknown pass, an alias without equivalent, an option the alias does not
            have or a value meshc cannot honour.
    """
    return _hoist([e for it in items for e in _expand(it)])


def _expand(item: Element) -> list[Element]:
    if isinstance(item, NestSpec):
        return [NestSpec(item.op_name, [e for it in item.items for e in _expand(it)], item.col)]
    check_name(item.name, item.col)
    alias = ALIASES.get(item.name)
    if alias is None:
        return [item]
    specs = parse_pipeline(alias.pipeline)
    flat = list(_walk(specs))
    for spec in flat:
        spec.col = item.col
        spec.option_cols = {k: item.col for k in spec.options}
    by_name = {o.name: o for o in alias.options}
    for key, value in item.options.items():
        col = item.option_cols.get(key, item.col)
        opt = by_name.get(key)
        if opt is None:
            known = ", ".join(o.name for o in alias.options)
            raise PipelineError(f"pass '{item.name}' has no option '{key}' in meshc"
                                + (f" (known: {known})" if known else " (it takes no options)"), col)
        if opt.target is None:
            if value not in opt.accepted:
                raise PipelineError(f"option '{key}' of '{item.name}': meshc supports only "
                                    + ", ".join(f"'{a}'" for a in opt.accepted) + f", got '{value}'", col)
            continue
        target_pass, _, target_option = opt.target.partition(".")
        spec = next(s for s in flat if s.name == target_pass)
        spec.options[target_option] = value
        spec.option_cols[target_option] = col
    return specs


def _module_only(spec: PassSpec) -> bool:
    names = pass_class(spec.name).op_names
    return names is not None and MODULE_OP in names


def _hoist(items: list[Element]) -> list[Element]:
    out: list[Element] = []
    for it in items:
        if not isinstance(it, NestSpec) or it.op_name == MODULE_OP:
            out.append(it)
            continue
        run: list[Element] = []
        for inner in it.items:
            if isinstance(inner, PassSpec) and _module_only(inner):
                if run:
                    out.append(NestSpec(it.op_name, run, it.col))
                    run = []
                out.append(inner)
            else:
                run.append(inner)
        if run or not it.items:
            out.append(NestSpec(it.op_name, run, it.col))
    return out

