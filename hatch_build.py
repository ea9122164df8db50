"""The package's build step (hatchling's custom build hook): the C kernels compiled once.

A wheel (`pip wheel .`, `pip install .`, cibuildwheel) carries each kernel of
`pontoon_rules/native/kernels.py`'s one list, compiled here with portable flags, in
`pontoon_rules/native/_lib/`: the wheel is tagged `py3-none-<platform>` (the libraries
are loaded through ctypes, so one wheel serves every Python of a platform). An editable
install (`pip install -e .`, `make`) compiles them for this machine into the source
tree's ignored `_lib/`, where the package, run in place, reads them. Without a working C
compiler a wheel is not built (it would carry no kernels); an editable install says so
and goes on (the kernels are then built at first use, where a compiler appears).

The compiler is `CC`, else `cc`, `gcc` or `clang`; `ARCHFLAGS` (macOS: `-arch arm64
-arch x86_64`) is added to its flags, and names the wheel's architecture.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import sysconfig
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def _kernels(root: str) -> ModuleType:
    """`pontoon_rules/native/kernels.py` loaded by its path (the package is not importable
    while it is built: its dependencies are not installed)."""
    path = Path(root) / "pontoon_rules" / "native" / "kernels.py"
    spec = importlib.util.spec_from_file_location("_pontoon_rules_kernels", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _compiler() -> str | None:
    """The C compiler: `CC` (its first word, found on the PATH), else cc, gcc, clang."""
    wanted = os.environ.get("CC", "").split()
    for name in wanted[:1] + ["cc", "gcc", "clang"]:
        found = shutil.which(name)
        if found:
            return found
    return None


def _archflags() -> tuple[str, ...]:
    """`ARCHFLAGS`' words (set by cibuildwheel on macOS), for the compiler."""
    return tuple(os.environ.get("ARCHFLAGS", "").split())


def platform_tag() -> str:
    """The wheel's platform tag: the interpreter's platform (`_PYTHON_HOST_PLATFORM` where
    set), on macOS with `MACOSX_DEPLOYMENT_TARGET` and `ARCHFLAGS`' architectures."""
    plat = sysconfig.get_platform()
    if plat.startswith("macosx-"):
        _, version, arch = plat.split("-", 2)
        version = os.environ.get("MACOSX_DEPLOYMENT_TARGET", version)
        major, minor = (version.split(".") + ["0"])[:2]
        minor = "0" if int(major) >= 11 else minor
        archs = sorted(set(re.findall(r"-arch\s+(\S+)", " ".join(_archflags()))))
        arch = "universal2" if len(archs) > 1 else (archs[0] if archs else arch)
        plat = f"macosx-{major}.{minor}-{arch}"
    return re.sub(r"[^A-Za-z0-9]", "_", plat)


class KernelsHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compiles the C kernels into the wheel (or, editable, into the source tree)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        kernels = _kernels(self.root)
        cc = _compiler()
        if version == "editable":
            self._editable(kernels, cc)
            return
        if cc is None:
            raise RuntimeError("pontoon-rules: no C compiler found (set CC, or install gcc "
                               "or clang): a wheel without its C kernels is not built")
        self._temp = tempfile.mkdtemp(prefix="pontoon-rules-kernels-")
        built = kernels.prebuild(Path(self._temp), cc, portable=True, extra=_archflags())
        for path in built:
            build_data["force_include"][str(path)] = (
                f"pontoon_rules/native/{kernels.PREBUILT}/{path.name}")
        build_data["pure_python"] = False
        build_data["tag"] = f"py3-none-{platform_tag()}"
        self.app.display_info(f"pontoon-rules: compiled {len(built) // 2} C kernels with {cc}")

    def _editable(self, kernels: ModuleType, cc: str | None) -> None:
        """Compile the kernels for this machine into the source tree's `_lib/`."""
        if cc is None:
            self.app.display_warning("pontoon-rules: no C compiler found: the C kernels were "
                                     "not built (they are built at first use where one is)")
            return
        folder = Path(self.root) / "pontoon_rules" / "native" / kernels.PREBUILT
        try:
            kernels.prebuild(folder, cc, portable=False)
        except (OSError, RuntimeError) as e:
            self.app.display_warning(f"pontoon-rules: the C kernels were not built: {e}")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        temp = getattr(self, "_temp", None)
        if temp:
            shutil.rmtree(temp, ignore_errors=True)

