"""The wheel's packages: every package of the project, found (a new one needs no line here),
and the map's browser files (``static/map/``, where Streamlit serves them) as the package
``ui.static.map`` (pyproject.toml maps its folder and its data)."""

from setuptools import find_packages, setup

PROJECT = ["engine*", "geodata*", "messages*", "store*", "ui*", "widgets*", "worksheets*"]

setup(packages=[*find_packages(include=PROJECT), "ui.static.map"])
