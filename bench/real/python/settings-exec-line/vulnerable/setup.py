from setuptools import setup, find_packages

setup(
    name="confparse",
    version="0.7.0",
    packages=find_packages(),
    install_requires=[],
)
