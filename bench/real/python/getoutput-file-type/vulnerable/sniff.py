"""Guess what a file is, the way `file` does."""
import subprocess

__all__ = ["describe", "is_text"]


def describe(path):
    return subprocess.getoutput("file -b " + path).strip()


def is_text(path):
    return "text" in describe(path)
