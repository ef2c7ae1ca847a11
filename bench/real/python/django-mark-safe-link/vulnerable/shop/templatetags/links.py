from django import template
from django.utils.safestring import mark_safe

register = template.Library()


@register.simple_tag
def product_link(product):
    url = product.get_absolute_url()
    return mark_safe(f'<a class="product" href="{url}">{product.name}</a>')
