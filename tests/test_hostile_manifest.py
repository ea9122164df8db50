"""Hostile trial, third round (issue 46), item 5: the site's manifest records each file's
size and SHA-256, and `docs build` deletes a listed file only while it is still what the
build wrote: never one under `.git`, out of the folder, through a link, changed since, or
listed by an edited or copied manifest. A manifest from before digests keeps working: its
files are replaced only where the new site writes its own.

The publishing steps are run directly on tiny folders (a real build takes minutes).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from test_hostile_site import snapshot

from pontoon_rules.docs.website import publish
from pontoon_rules.errors import OutputError

FIRST = {"index.html": "home", "sheets/old.pdf": "pdf", "assets/site.css": "css"}
SECOND = {"index.html": "home 2", "sheets/new.pdf": "pdf 2"}


def put(target: Path, pages: dict[str, str], said: list[str] | None = None) -> None:
    """Publish a build of `pages` over `target`, as `docs build` does (after mkdocs)."""
    work, build = publish.new_work_folder(target)
    try:
        for name, text in pages.items():
            (work / "site" / name).parent.mkdir(parents=True, exist_ok=True)
            (work / "site" / name).write_text(text, encoding="utf-8")
        publish.publish(work, build, target, (said if said is not None else []).append)
    finally:
        assert publish.finish_work(work, target)



def manifest(target: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads((target / publish.MANIFEST).read_text())
    return data


def edit_manifest(target: Path, files: list[str], digests: dict[str, object]) -> None:
    data = manifest(target)
    data["files"] = [*data["files"], *files]  # type: ignore[misc]
    data["digests"] = {**data["digests"], **digests}  # type: ignore[dict-item]
    (target / publish.MANIFEST).write_text(json.dumps(data))


def recorded(text: str) -> dict[str, object]:
    data = text.encode()
    return {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}


@pytest.fixture
def site(tmp_path: Path) -> Path:
    target = tmp_path / "site"
    put(target, FIRST)
    return target


def test_the_manifest_records_each_files_size_and_digest(site: Path) -> None:
    data = manifest(site)
    assert data["files"] == sorted(FIRST)
    assert data["digests"] == {name: recorded(text) for name, text in FIRST.items()}


def test_an_edited_manifest_deletes_nothing_the_build_did_not_write(
        tmp_path: Path, site: Path) -> None:
    (site / ".git").mkdir()
    (site / ".git" / "HEAD").write_text("ref: refs/heads/gh-pages\n")
    (site / ".git" / "config").write_text("[core]\n")
    (site / "CNAME").write_text("rules.example.org\n")
    (tmp_path / "outside").write_text("not the site's")
    (site / "assets" / "site.css").write_text("the user's own style")  # edited after the build
    # listed by hand: without digests, with wrong ones, and with the very bytes they hold
    edit_manifest(site, [".git/HEAD", ".git/config", "CNAME", "../outside",
                         str(tmp_path / "outside")],
                  {".git/HEAD": recorded("ref: refs/heads/gh-pages\n"),
                   "CNAME": recorded("another.example.org\n"),
                   "../outside": recorded("not the site's")})
    before = snapshot(site)
    said: list[str] = []
    put(site, SECOND, said)
    after = snapshot(site)
    for name in (".git/HEAD", ".git/config", "CNAME", "assets/site.css"):
        assert after[name] == before[name], name
    assert (tmp_path / "outside").read_text() == "not the site's"
    # what the first build wrote and the second does not is still deleted, and only that
    assert "sheets/old.pdf" not in after and after["index.html"] == b"home 2"
    assert len(said) == 1 and said[0].startswith("kept 2 file(s) the old site's manifest lists")


def test_a_copied_manifest_deletes_nothing_of_the_folder_it_lands_in(tmp_path: Path,
                                                                     site: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    for name in ("index.html", "assets/site.css", "CNAME"):
        (other / name).parent.mkdir(parents=True, exist_ok=True)
        (other / name).write_text(f"the user's {name}")
    (other / publish.MANIFEST).write_bytes((site / publish.MANIFEST).read_bytes())
    before = snapshot(other)
    with pytest.raises(OutputError, match="index.html: the new site has a file there, and "
                       "this one was not written by docs build, or was changed since"):
        put(other, SECOND)
    assert snapshot(other) == before  # nothing moved
    put(other, {"sheets/new.pdf": "pdf 2"})
    after = snapshot(other)
    assert {k: after[k] for k in ("index.html", "assets/site.css", "CNAME")} == \
        {k: before[k] for k in ("index.html", "assets/site.css", "CNAME")}


def test_a_file_edited_where_the_new_site_writes_refuses_the_build(site: Path) -> None:
    (site / "index.html").write_text("the user's own home page")
    before = snapshot(site)
    with pytest.raises(OutputError, match="or was changed since"):
        put(site, SECOND)
    assert snapshot(site) == before
    assert sorted(p.name for p in site.parent.iterdir()) == ["site"]


def test_a_listed_file_through_a_link_is_never_deleted(tmp_path: Path, site: Path) -> None:
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "x.html").write_text("not the site's")
    (site / "linked").symlink_to(tmp_path / "elsewhere")
    (site / "page.html").symlink_to(tmp_path / "elsewhere" / "x.html")
    edit_manifest(site, ["linked/x.html", "page.html"],
                  {"linked/x.html": recorded("not the site's"),
                   "page.html": recorded("not the site's")})
    put(site, SECOND)
    assert (tmp_path / "elsewhere" / "x.html").read_text() == "not the site's"
    assert (site / "linked").is_symlink() and (site / "page.html").is_symlink()


def test_an_old_manifest_without_digests_replaces_only_what_the_new_site_writes(
        tmp_path: Path) -> None:
    target = tmp_path / "site"
    for name, text in {**FIRST, "CNAME": "rules.example.org\n"}.items():
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        (target / name).write_text(text)
    (target / publish.MANIFEST).write_text(json.dumps(
        {"built_by": "pontoon-rules", "build": "0" * 32, "files": [*sorted(FIRST), "CNAME"]}))
    said: list[str] = []
    put(target, SECOND, said)
    after = snapshot(target)
    assert after["index.html"] == b"home 2" and after["sheets/new.pdf"] == b"pdf 2"
    # not verifiable, and not replaced: kept, and said so in one line
    assert after["sheets/old.pdf"] == b"pdf" and after["assets/site.css"] == b"css"
    assert after["CNAME"] == b"rules.example.org\n"
    assert said == ["kept 3 file(s) the old site's manifest lists that are not as docs build "
                    "wrote them, or that it lists without a size and digest (a manifest from "
                    "before digests): only the files the new site replaces are ever deleted"]
    # the new manifest has digests: the next build deletes what it no longer writes
    put(target, {"index.html": "home 3"})
    assert "sheets/new.pdf" not in snapshot(target)


def test_removing_ours_never_reaches_into_git_or_out_of_the_tree(tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    (tree / ".git").mkdir(parents=True)
    (tree / ".git" / "HEAD").write_text("ref")
    (tree / "sub" / ".git").mkdir(parents=True)
    (tree / "sub" / ".git" / "config").write_text("cfg")
    (tmp_path / "victim").write_text("keep")
    (tree / "page.html").write_text("ours")
    publish.remove_ours(tree, frozenset({".git/HEAD", "sub/.git/config", "../victim",
                                         str(tmp_path / "victim"), "page.html"}))
    assert (tree / ".git" / "HEAD").read_text() == "ref"
    assert (tree / "sub" / ".git" / "config").read_text() == "cfg"
    assert (tmp_path / "victim").read_text() == "keep"
    assert not (tree / "page.html").exists()
