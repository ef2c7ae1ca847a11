# A mail-merge helper package on Jinja2: rendering the caller's own template text is its purpose; a template
# it assembles from a caller's value, or an expression it evaluates, is a flaw it adds.
from jinja2 import Environment, Template

_env = Environment(autoescape=True)


def render_text(source, **values):
    return _env.from_string(source).render(**values)  # safe: code-injection the caller's own template compiled as given


def render_file_text(text, values):
    template = Template(text)  # safe: code-injection the caller's own template compiled as given
    return template.render(values)


def greeting(name):
    return Template("Hello " + name + "!").render()  # vuln: code-injection


def total(expression, prices):
    return eval(expression, {"__builtins__": {}}, prices)  # vuln: code-injection
