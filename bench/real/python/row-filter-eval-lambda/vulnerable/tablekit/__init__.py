from .filters import make_filter
