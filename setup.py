"""Packaging: one import name. The repository keeps its top-level folders; installed, they live under
``cardlab`` (``simulate/`` is ``cardlab.simulate``), so cardlab puts nothing else into site-packages.

`pip install .` also compiles the engine modules listed in ``cardlab/compiled.py`` with mypyc (issue 20);
the pure-Python sources stay installed beside them as the fallback (``CARDLAB_PURE=1``). Without mypyc or a
C compiler, or with ``CARDLAB_PURE=1`` at install time, the install is pure Python and says so in one
line. An editable install (`pip install -e .`) never compiles: a compiled module would shadow its edited
source."""

import os
import runpy
import shutil
import sys
from pathlib import Path

from setuptools import Extension, find_namespace_packages, setup
from setuptools.command.build_ext import build_ext

FOLDERS = ("simulate", "strategies", "analysis", "decklists")
ROOT = Path(__file__).resolve().parent

packages = find_namespace_packages(include=["cardlab", "cardlab.*"], exclude=["*__pycache__*"])
package_dir = {"cardlab": "cardlab"}
for folder in FOLDERS:
    package_dir[f"cardlab.{folder}"] = folder
    # namespace discovery: data folders (analysis/sql, decklists/<game>, strategies/<game>/data) have no __init__
    found = find_namespace_packages(include=[folder, f"{folder}.*"], exclude=["*__pycache__*"])
    packages += [f"cardlab.{name}" for name in found]


def _say(line: str) -> None:
    print(f"cardlab: {line}", file=sys.stderr)


def _compiled() -> dict:
    """cardlab/compiled.py's names, read without importing cardlab (not installed yet)."""
    return runpy.run_path(str(ROOT / "cardlab" / "compiled.py"))


def _mypyc_extensions(compiled: dict) -> list:
    """The compiled modules as extensions, built from a copy of the sources laid out as installed
    (``cardlab/simulate/...``): mypyc names a module after its path, and ``simulate/`` must compile as
    ``cardlab.simulate``. Returns [] (pure-Python install) when mypyc is missing."""
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say("mypyc is not available: installing the pure-Python build")
        return []
    stage = ROOT / "build" / "mypyc-src"
    shutil.rmtree(stage, ignore_errors=True)
    paths = compiled["stage"](ROOT, stage)
    here = os.getcwd()
    os.chdir(stage)
    try:
        exts = mypycify(
            [*compiled["MYPY_FLAGS"], *paths],
            opt_level="3",
            group_name="cardlab.simulate.compiled",
        )
    finally:
        os.chdir(here)
    for ext in exts:  # mypyc's paths are relative to the staging folder
        ext.sources = [str(stage / s) for s in ext.sources]
        ext.include_dirs = [d if os.path.isabs(d) else str(stage / d) for d in ext.include_dirs]
    return exts


class BuildCompiled(build_ext):
    """Compiles the engines when the build runs (never in an editable install; metadata steps, which
    finalize this command too, compile nothing) and falls back to the pure-Python build, with one line
    saying why, when that fails."""

    def run(self) -> None:
        compiled = _compiled()
        # read before the fallback below, which would turn its SystemExit (an odd value) into a pure build
        pure = compiled["install_pure"]()
        if getattr(self, "editable_mode", False) or self.inplace:
            _say("editable install: the pure-Python build (no compiled modules)")
            self.extensions = []
            return
        for suffix in ("*.so", "*.pyd"):  # a module left out since the last build must not ship stale
            for stale in Path(self.build_lib).glob(f"cardlab/**/{suffix}"):
                stale.unlink()
        if pure:
            _say("CARDLAB_PURE=1: installing the pure-Python build")
            self.extensions = []
            return
        try:
            self.distribution.ext_modules = _mypyc_extensions(compiled)
        except (Exception, SystemExit) as exc:  # mypyc stops on a type error
            _say(f"mypyc failed ({type(exc).__name__}: {exc}); installing the pure-Python build")
            self.extensions = []
            return
        real = build_ext(self.distribution)  # finalized afresh for the real extensions
        real.build_lib, real.build_temp, real.force = self.build_lib, self.build_temp, self.force
        try:
            real.ensure_finalized()
            self.extensions = real.extensions
            real.run()
        except Exception as exc:  # no C compiler, …: the sources are installed all the same
            for ext in real.extensions:
                Path(real.get_ext_fullpath(ext.name)).unlink(missing_ok=True)  # no module without its library
            self.extensions = []
            _say(
                f"compiling the engines failed ({type(exc).__name__}: {exc}); installing the pure-Python build"
            )

    def get_outputs(self) -> list:
        return [o for o in super().get_outputs() if os.path.exists(o)]


# one placeholder tells setuptools there is a build_ext step; BuildCompiled replaces it at build time
setup(
    packages=packages,
    package_dir=package_dir,
    ext_modules=[Extension("cardlab.simulate.compiled__placeholder", sources=[])],
    cmdclass={"build_ext": BuildCompiled},
)
