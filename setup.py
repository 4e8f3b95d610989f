"""Packaging: one import name. The repository keeps its top-level folders; installed, they live under
``cardlab`` (``simulate/`` is ``cardlab.simulate``), so cardlab puts nothing else into site-packages."""

from setuptools import find_namespace_packages, setup

FOLDERS = ("simulate", "strategies", "analysis", "decklists")

packages = find_namespace_packages(include=["cardlab", "cardlab.*"], exclude=["*__pycache__*"])
package_dir = {"cardlab": "cardlab"}
for folder in FOLDERS:
    package_dir[f"cardlab.{folder}"] = folder
    # namespace discovery: data folders (analysis/sql, decklists/<game>, strategies/<game>/data) have no __init__
    found = find_namespace_packages(include=[folder, f"{folder}.*"], exclude=["*__pycache__*"])
    packages += [f"cardlab.{name}" for name in found]

setup(packages=packages, package_dir=package_dir)
