"""``meshc passes``: every registered pass with its summary and options, and
the default pipeline (what ``meshc compile`` runs without ``-p``)."""

from __future__ import annotations

import click

from meshc.commands._common import MeshcCommand


def describe_passes() -> str:
    """The listing ``meshc passes`` prints (plain text)."""
    from meshc.passes.base import format_value
    from meshc.passes.registry import default_pipeline_text, known_passes, pass_class

    lines = ["Passes:"]
    for name in known_passes():
        cls = pass_class(name)
        where = "" if cls.op_names is None else f" [runs on {', '.join(cls.op_names)}]"
        lines.append(f"  {name:<23} {cls.summary}{where}")
        for o in cls.options:
            lines.append(f"      {o.name}: {o.type_name} = {format_value(o.default)}")
            lines.append(f"          {o.help}")
    lines.append("")
    lines.append(f"Default pipeline: {default_pipeline_text()}")
    lines.append("Pipeline syntax: -p 'a,b{opt=1 other=x}' or -p 'builtin.module(func.func(a),b)'")
    return "\n".join(lines) + "\n"


@click.command(name="passes", cls=MeshcCommand)
def command() -> None:
    """List every pass, its options and the default pipeline."""
    click.echo(describe_passes(), nl=False)
