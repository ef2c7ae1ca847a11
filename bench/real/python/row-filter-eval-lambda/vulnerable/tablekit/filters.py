import re


def make_filter(expr):
    expr = expr.strip()
    return eval(f"lambda row: {expr}")


def apply(rows, expr):
    keep = make_filter(expr)
    return [r for r in rows if keep(r)]
