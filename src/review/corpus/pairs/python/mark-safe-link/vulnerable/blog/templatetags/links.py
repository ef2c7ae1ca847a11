from django import template
from django.utils.safestring import mark_safe

register = template.Library()


@register.simple_tag
def author_link(user):
    return mark_safe('<a href="/u/%s">%s</a>' % (user.username, user.get_full_name()))  # vuln: xss
