import re

_SIMPLE = re.compile(r"row\['(\w+)'\]\s*(==|!=|<=|>=|<|>)\s*(-?\d+(?:\.\d+)?|'[^'\\]*')")


def make_filter(expr):
    expr = expr.strip()
    if not _SIMPLE.fullmatch(expr):
        raise ValueError("unsupported filter: %r" % expr)
    return eval(f"lambda row: {expr}")


def apply(rows, expr):
    keep = make_filter(expr)
    return [r for r in rows if keep(r)]
