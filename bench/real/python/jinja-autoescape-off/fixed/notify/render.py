from jinja2 import Environment, PackageLoader, select_autoescape


def render_comment_email(comment, author):
    env = Environment(loader=PackageLoader("notify", "templates"), autoescape=select_autoescape())
    template = env.get_template("comment.html")
    return template.render(comment=comment, author=author)
