import importlib
import os

PLUGIN_DIR = os.path.join(os.path.dirname(__file__), "plugins")


def _plugin_names():
    return sorted(f[:-3] for f in os.listdir(PLUGIN_DIR) if f.endswith(".py") and not f.startswith("_"))


def load_plugins():
    plugins = []
    for name in _plugin_names():
        plugins.append(importlib.import_module("myapp.plugins." + name))
    return plugins


def read_plugin_doc(name):
    if name not in _plugin_names():
        raise KeyError(name)
    with open(os.path.join(PLUGIN_DIR, name + ".py")) as f:  # safe: path-traversal allow-listed name
        return f.readline()
