from .templates import render
