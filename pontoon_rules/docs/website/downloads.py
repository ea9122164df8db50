"""Files the site offers for download: the conformance vectors as one zip archive.

Exporting every bundled ruleset's vectors takes longer than the rest of the site build,
so the archive is kept in the cache folder (`pontoon_rules.cache`), named by a hash of
everything it is made from: the package's source files and the bundled rulesets. A
changed engine or ruleset makes a new archive; an unchanged one is read back. The archive
is byte for byte reproducible (sorted names, fixed dates).
"""

from __future__ import annotations

import io
import re
import tempfile
import zipfile
from pathlib import Path

from pontoon_rules.cache import KEY, cache_folder
from pontoon_rules.errors import OutputError
from pontoon_rules.files import write_atomic
from pontoon_rules.ruleset.loading.registry import bundled_hash

ARCHIVE_ROOT = "conformance-vectors"
"""The folder every file of the archive lies in."""
_FIXED_DATE = (2020, 1, 1, 0, 0, 0)


def zip_folder(folder: Path) -> bytes:
    """Every file under `folder` in one zip, under `ARCHIVE_ROOT/`, reproducibly."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            info = zipfile.ZipInfo(f"{ARCHIVE_ROOT}/{path.relative_to(folder).as_posix()}",
                                   _FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def make_archive() -> bytes:
    """Export every bundled ruleset's vectors and zip them."""
    from pontoon_rules.conformance.vectors.export import export
    from pontoon_rules.ruleset.loading.registry import bundled_ids

    with tempfile.TemporaryDirectory(prefix="pontoon-vectors-") as folder:
        out = Path(folder) / "vectors"
        export(list(bundled_ids()), out)
        return zip_folder(out)


def vectors_archive() -> bytes | None:
    """The bundled rulesets' conformance vectors as a zip (from the cache when current);
    None without the conformance kit."""
    from pontoon_rules.docs.words.adapters import has_conformance_kit

    if not has_conformance_kit():
        return None
    cached = cache_folder() / f"{ARCHIVE_ROOT}-{bundled_hash()}.zip"
    if cached.is_file():
        return cached.read_bytes()
    data = make_archive()
    try:
        write_atomic(cached, data, make_parents=True)
    except (OSError, OutputError):
        return data  # a cache we cannot write only costs the next build the export again
    ours = re.compile(re.escape(ARCHIVE_ROOT) + "-" + KEY.pattern + r"\.zip")
    for old in cached.parent.iterdir():
        if old != cached and ours.fullmatch(old.name):  # an archive of older sources,
            old.unlink(missing_ok=True)  # named as only this module names them
    return data
