from setuptools import setup, find_packages

setup(
    name="kb",
    version="2.1.0",
    packages=find_packages(),
    install_requires=["PyYAML"],
)
