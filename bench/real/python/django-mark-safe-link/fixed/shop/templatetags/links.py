from django import template
from django.utils.html import format_html

register = template.Library()


@register.simple_tag
def product_link(product):
    url = product.get_absolute_url()
    return format_html('<a class="product" href="{}">{}</a>', url, product.name)
