from setuptools import setup, find_packages

setup(
    name="sniff",
    version="0.3.1",
    py_modules=["sniff"],
    install_requires=[],
)
