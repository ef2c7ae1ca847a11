from django import template
from django.utils.html import format_html

register = template.Library()


@register.simple_tag
def author_link(user):
    return format_html('<a href="/u/{}">{}</a>', user.username, user.get_full_name())  # safe: xss format_html
