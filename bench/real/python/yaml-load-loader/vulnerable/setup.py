from setuptools import setup, find_packages

setup(
    name="pipeline",
    version="2.1.0",
    packages=find_packages(),
    install_requires=["PyYAML>=6"],
)
