import ast


def evaluate(expression):
    return ast.literal_eval(expression)  # safe: code-injection literal_eval
