import ast
import operator

from flask import Flask, jsonify, request

_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv, ast.USub: operator.neg}


def _eval(node):
    if isinstance(node, ast.Expression):
        return _eval(node.body)
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        return _OPS[type(node.op)](_eval(node.left), _eval(node.right))
    if isinstance(node, ast.UnaryOp) and type(node.op) in _OPS:
        return _OPS[type(node.op)](_eval(node.operand))
    raise ValueError("unsupported expression")

app = Flask(__name__)


@app.get("/calc")
def calc():
    expr = request.args.get("expr", "0")
    try:
        value = _eval(ast.parse(expr, mode="eval"))
    except Exception as exc:
        return jsonify(error=str(exc)), 400
    return jsonify(value=value)
