# A Flask calculator and a data explorer: formulas from the request handed to SymPy, numexpr and pandas, beside
# the same endpoints parsing numbers and choosing among fixed expressions.
import numexpr as ne
import pandas as pd
from flask import Flask, abort, request
from sympy import sympify, symbols

app = Flask(__name__)
x = symbols("x")
FORMULAS = {"square": "x**2", "cube": "x**3"}


@app.route("/simplify")
def simplify():
    return {"result": str(sympify(request.args["expr"]))}  # vuln: code-injection


@app.route("/formula")
def formula():
    name = request.args.get("name", "square")
    if name not in FORMULAS:
        abort(404)
    return str(sympify(FORMULAS[name]).subs(x, float(request.args.get("at", "1"))))  # safe: code-injection allow-list


@app.route("/vector")
def vector():
    a = [1.0, 2.0, 3.0]
    return {"result": ne.evaluate(request.args["expr"]).tolist()}  # vuln: code-injection


@app.route("/frame")
def frame():
    df = pd.DataFrame({"a": [1, 2], "b": [3, 4]})
    return {"result": str(pd.eval(request.args.get("expr", "df.a + df.b")))}  # vuln: code-injection


@app.route("/scaled")
def scaled():
    factor = float(request.args.get("factor", "1"))
    return str(ne.evaluate("a * factor", local_dict={"a": 2.0, "factor": factor}))  # safe: code-injection constant expression
