# A small symbolic-math helper package: its functions parse the expressions their callers give, which is what
# they are for.
from sympy import diff, sympify, symbols


def derivative(expr, var="x"):
    return diff(sympify(expr), symbols(var))  # safe: code-injection a math library parses its caller's expression


def evaluate_at(expr, **values):
    return sympify(expr).subs(values)  # safe: code-injection a math library parses its caller's expression
