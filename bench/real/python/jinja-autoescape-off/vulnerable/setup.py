from setuptools import setup, find_packages

setup(
    name="notify",
    version="2.1.0",
    packages=find_packages(),
    install_requires=["Jinja2>=3"],
)
