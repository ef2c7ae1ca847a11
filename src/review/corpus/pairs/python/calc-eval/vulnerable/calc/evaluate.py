def evaluate(expression):
    return eval(expression)  # vuln: code-injection
