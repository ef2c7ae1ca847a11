from .loader import load
