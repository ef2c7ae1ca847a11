from setuptools import setup, find_packages

setup(
    name="theme-importer",
    version="2.1.0",
    packages=find_packages(),
    install_requires=[],
)
