"""Hostile trial, second round (issue 26), items 1 and 2: `docs build` deletes nothing it did
not write, and two builds into one folder take turns.

The site generator is replaced by a stand-in that writes a few pages (the real build is
`tests/test_docs.py`'s); what is tested is what happens to the folder around them.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from pontoon_rules.cli import cli
from pontoon_rules.cli.errors import run_with_errors
from pontoon_rules.docs.website import publish
from pontoon_rules.docs.website.site import BUILD_MARKER, DEFAULT_CONFIG, build_site
from pontoon_rules.errors import OutputError

PAGES = {"index.html": "home", "sheets/pagat-british.pdf": "pdf", "assets/site.css": "css"}


def fake_build(pages: dict[str, str], before: Callable[[], None] | None = None,
               fail: bool = False) -> Callable[[object], None]:
    """A stand-in for mkdocs' build: writes `pages` into the config's site_dir."""

    def build(config: object) -> None:
        out = Path(config.site_dir)  # type: ignore[attr-defined]
        if before is not None:
            before()
        for name, text in pages.items():
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            (out / name).write_text(text, encoding="utf-8")
        if fail:
            raise RuntimeError("the build failed")

    return build


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    """Set what the next build writes."""
    import mkdocs.commands.build

    def use(pages: dict[str, str], **kwargs: object) -> None:
        monkeypatch.setattr(mkdocs.commands.build, "build", fake_build(pages, **kwargs))

    use(PAGES)
    return use


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` (links as their target) with its bytes."""
    out = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        if path.is_symlink():
            out[rel] = b"-> " + os.fsencode(os.readlink(path))
        elif path.is_file():
            out[rel] = path.read_bytes()
    return out


def users_files(site: Path) -> None:
    """What a user adds to a built site: a gh-pages checkout, a CNAME, notes, a link."""
    (site / ".git" / "objects").mkdir(parents=True)
    (site / ".git" / "HEAD").write_text("ref: refs/heads/gh-pages\n")
    (site / ".git" / "objects" / "ab").write_bytes(b"\x00blob")
    (site / "CNAME").write_text("rules.example.org\n")
    (site / "sheets" / "my-notes.txt").write_text("notes beside our sheets")
    (site / "rules").mkdir()
    (site / "rules" / "house.yaml").write_text("id: house\n")
    (site / "elsewhere").symlink_to("/etc")


# --- item 1: a rebuild deletes nothing it did not write ---------------------------------


def test_a_rebuild_keeps_every_file_the_build_did_not_write(
        tmp_path: Path, builds: Callable[..., None]) -> None:
    site = build_site(DEFAULT_CONFIG, tmp_path / "site")
    users_files(site)
    before = {k: v for k, v in snapshot(site).items() if not k.startswith(("index", "assets"))
              and k != "sheets/pagat-british.pdf" and k != BUILD_MARKER}
    builds({"index.html": "home 2", "sheets/casino-ochko.pdf": "pdf 2"})
    build_site(DEFAULT_CONFIG, site)
    after = snapshot(site)
    assert {k: after[k] for k in before} == before  # the user's files, byte for byte
    assert after["index.html"] == b"home 2" and after["sheets/casino-ochko.pdf"] == b"pdf 2"
    # our files that the new build no longer writes are gone, and only those
    assert "assets/site.css" not in after and "sheets/pagat-british.pdf" not in after
    assert not (site / "assets").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_the_rulesets_folder_being_read_survives_the_rebuild(
        tmp_path: Path, builds: Callable[..., None], capsys: pytest.CaptureFixture[str]) -> None:
    site = build_site(DEFAULT_CONFIG, tmp_path / "site")
    (site / "rules").mkdir()
    (site / "rules" / "house.yaml").write_text(
        "id: house\nname: House\nkind: house\nextends: pagat-british\n")
    code = run_with_errors(cli, ["docs", "build", "-d", str(site), "--rulesets",
                                 str(site / "rules")])
    out, err = capsys.readouterr()
    assert code == 0 and err == "" and out.startswith(f"site: {site}/index.html")
    assert (site / "rules" / "house.yaml").read_text().startswith("id: house")


def test_siblings_with_names_like_ours_are_never_touched(
        tmp_path: Path, builds: Callable[..., None]) -> None:
    site = build_site(DEFAULT_CONFIG, tmp_path / "site")
    for name in (".site.old-backup-2024", ".site.building-mine", ".site.old-x"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "keep.txt").write_text(name)
    build_site(DEFAULT_CONFIG, site)
    for name in (".site.old-backup-2024", ".site.building-mine", ".site.old-x"):
        assert (tmp_path / name / "keep.txt").read_text() == name


def test_a_users_file_where_the_new_site_has_one_refuses_the_build(
        tmp_path: Path, builds: Callable[..., None], capsys: pytest.CaptureFixture[str]) -> None:
    site = build_site(DEFAULT_CONFIG, tmp_path / "site")
    builds({**PAGES, "404.html": "ours"})
    (site / "404.html").write_text("the user's own 404 page")
    before = snapshot(site)
    code = run_with_errors(cli, ["docs", "build", "-d", str(site)])
    _out, err = capsys.readouterr()
    assert code == 1 and err.count("\n") == 1
    assert err.startswith(f"error: {site}/404.html: the new site has a file there, and this "
                          "one was not written by docs build")
    assert snapshot(site) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_failed_build_leaves_the_folder_and_the_users_files(
        tmp_path: Path, builds: Callable[..., None]) -> None:
    site = build_site(DEFAULT_CONFIG, tmp_path / "site")
    users_files(site)
    before = snapshot(site)
    builds({"index.html": "half"}, fail=True)
    with pytest.raises(RuntimeError, match="the build failed"):
        build_site(DEFAULT_CONFIG, site)
    assert snapshot(site) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_without_an_atomic_exchange_the_two_step_swap_keeps_everything(
        tmp_path: Path, builds: Callable[..., None], monkeypatch: pytest.MonkeyPatch) -> None:
    site = build_site(DEFAULT_CONFIG, tmp_path / "site")
    users_files(site)
    monkeypatch.setattr(publish, "exchange", lambda _a, _b: False)
    builds({"index.html": "two-step"})
    build_site(DEFAULT_CONFIG, site)
    assert (site / "index.html").read_text() == "two-step"
    assert (site / ".git" / "HEAD").is_file() and (site / "CNAME").is_file()
    assert (site / "sheets" / "my-notes.txt").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


@pytest.mark.parametrize("dies", ["after the moves", "between the renames", "after the swap"])
def test_a_build_killed_while_swapping_is_finished_by_the_next(
        tmp_path: Path, builds: Callable[..., None], monkeypatch: pytest.MonkeyPatch,
        dies: str) -> None:
    site = build_site(DEFAULT_CONFIG, tmp_path / "site")
    users_files(site)
    users = {k: v for k, v in snapshot(site).items()
             if k.startswith((".git", "CNAME", "rules", "elsewhere", "sheets/my-notes"))}

    class Killed(BaseException):
        pass

    def die(*_args: object) -> bool:
        if dies == "between the renames":
            os.rename(site, next(tmp_path.glob(".site.building-*")) / "old")
        raise Killed

    real_exchange = publish.exchange
    if dies == "after the swap":
        monkeypatch.setattr(publish, "exchange",
                            lambda a, b: real_exchange(a, b) and _raise(Killed))
    else:
        monkeypatch.setattr(publish, "exchange", die)
    monkeypatch.setattr(publish, "finish_work", lambda _w, _t: True)  # killed: no cleanup
    builds({"index.html": "interrupted"})
    with pytest.raises(Killed):
        build_site(DEFAULT_CONFIG, site)
    monkeypatch.undo()
    builds({"index.html": "next"})
    build_site(DEFAULT_CONFIG, site)
    after = snapshot(site)
    assert {k: after[k] for k in users} == users
    assert after["index.html"] == b"next"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def _raise(error: type[BaseException]) -> bool:
    raise error


# --- item 2: two builds into one folder ---------------------------------------------------


def test_a_second_build_refuses_in_one_line_and_never_touches_the_first(
        tmp_path: Path, builds: Callable[..., None], capsys: pytest.CaptureFixture[str]) -> None:
    site = build_site(DEFAULT_CONFIG, tmp_path / "site")
    started, release = threading.Event(), threading.Event()
    builds({"index.html": "first", **{f"page{i}.html": "x" for i in range(100)}},
           before=lambda: (started.set(), release.wait(10)))
    first: list[object] = []
    thread = threading.Thread(target=lambda: first.append(build_site(DEFAULT_CONFIG, site)))
    thread.start()
    assert started.wait(10)
    work = publish.recorded_work_folders(site)
    assert len(work) == 1
    # a second build, valid or failing validation, with no patience
    code = run_with_errors(cli, ["docs", "build", "-d", str(site), "--wait", "0"])
    _out, err = capsys.readouterr()
    assert code == 1 and err.count("\n") == 1
    assert err.startswith(f"error: {site}: another docs build into this folder is running")
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "bad.yaml").write_text("id: bad\nname: Bad\nkind: house\nextends: nowhere\n")
    code = run_with_errors(cli, ["docs", "build", "-d", str(site), "--rulesets", str(bad)])
    assert code == 2
    capsys.readouterr()
    assert publish.recorded_work_folders(site) == work and work[0].is_dir()
    release.set()
    thread.join(10)
    assert first == [site]
    assert len(list(site.glob("page*.html"))) == 100 and (site / "index.html").read_text() == \
        "first"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad", "site"]


def test_a_second_build_waits_its_turn(tmp_path: Path, builds: Callable[..., None]) -> None:
    site = build_site(DEFAULT_CONFIG, tmp_path / "site")
    started, release = threading.Event(), threading.Event()
    builds({"index.html": "first"}, before=lambda: (started.set(), release.wait(10)))
    thread = threading.Thread(target=lambda: build_site(DEFAULT_CONFIG, site))
    thread.start()
    assert started.wait(10)
    told: list[str] = []
    builds({"index.html": "second"})  # the first build's stand-in is already running
    timer = threading.Timer(0.5, release.set)
    timer.start()
    build_site(DEFAULT_CONFIG, site, wait=10, notify=told.append)
    thread.join(10)
    assert told == [f"waiting for another docs build into {site} (pid {os.getpid()}) to "
                    "finish"]
    assert (site / "index.html").read_text() == "second"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_the_lock_is_released_and_leaves_no_file(tmp_path: Path,
                                                 builds: Callable[..., None]) -> None:
    build_site(DEFAULT_CONFIG, tmp_path / "site")
    with pytest.raises(RuntimeError):
        builds({"index.html": "x"}, fail=True)
        build_site(DEFAULT_CONFIG, tmp_path / "site")
    assert not publish.lock_path(tmp_path / "site").exists()
    builds(PAGES)
    build_site(DEFAULT_CONFIG, tmp_path / "site", wait=0)


# --- item 10: -d over a file, an over-long name ---------------------------------------------


@pytest.mark.parametrize(("where", "message"), [
    ("afile/sub", "{tmp}/afile/sub: {tmp}/afile is a file, not a folder; choose another "
     "--site-dir"),
    ("x" * 250, "{long}...: the folder name is too long (at most 237 bytes); choose a "
     "shorter --site-dir"),
])
def test_a_site_dir_that_cannot_be_a_folder_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str, message: str) -> None:
    (tmp_path / "afile").write_text("a file")
    code = run_with_errors(cli, ["docs", "build", "-d", str(tmp_path / where)])
    _out, err = capsys.readouterr()
    long = str(tmp_path / where)[:60]
    assert (code, err) == (1, "error: " + message.format(tmp=tmp_path, long=long) + "\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"]


def test_check_site_dir_is_the_library_error() -> None:
    with pytest.raises(OutputError):
        build_site(DEFAULT_CONFIG, Path("/dev/null/site"))


def test_a_users_folder_where_the_new_site_has_one_is_merged(
        tmp_path: Path, builds: Callable[..., None]) -> None:
    site = build_site(DEFAULT_CONFIG, tmp_path / "site")
    (site / "extra").mkdir()
    (site / "extra" / "mine.txt").write_text("mine")
    builds({**PAGES, "extra/page.html": "ours"})
    build_site(DEFAULT_CONFIG, site)
    assert (site / "extra" / "mine.txt").read_text() == "mine"
    assert (site / "extra" / "page.html").read_text() == "ours"
    builds(PAGES)
    build_site(DEFAULT_CONFIG, site)
    assert sorted(p.name for p in (site / "extra").iterdir()) == ["mine.txt"]


# --- item 8: --rulesets DIR never follows a link out, never quotes a file it refused ------

SECRET = "ghp_SECRET7f3a"
HOUSE = "id: house\nname: House\nkind: house\nextends: pagat-british\n"


@pytest.fixture
def rules(tmp_path: Path) -> Path:
    """A folder of the user's rulesets, one valid, beside secrets and another ruleset."""
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "house.yaml").write_text(HOUSE)
    (tmp_path / "elsewhere.yaml").write_text(HOUSE.replace("house", "elsewhere"))
    (tmp_path / ".git-credentials").write_text(f"https://ci-bot:{SECRET}@github.com\n")
    (tmp_path / ".env").write_text(f"API_TOKEN={SECRET}\nid: {SECRET}\n")
    return folder


def build_with(capsys: pytest.CaptureFixture[str], rules: Path) -> tuple[int, str]:
    code = run_with_errors(cli, ["docs", "build", "-d", str(rules.parent / "site"),
                                 "--rulesets", str(rules)])
    _out, err = capsys.readouterr()
    assert "Traceback" not in err and SECRET not in err
    assert not (rules.parent / "site").exists()
    return code, err


@pytest.mark.parametrize("target", ["elsewhere.yaml", ".git-credentials", ".env"])
def test_a_link_out_of_the_rulesets_folder_is_refused_unread(
        capsys: pytest.CaptureFixture[str], rules: Path, target: str) -> None:
    (rules / "linked.yaml").symlink_to(rules.parent / target)
    code, err = build_with(capsys, rules)
    assert (code, err) == (2, f"{rules}/linked.yaml: --rulesets: a link to a file outside the "
                              "folder; refused without reading it\n1 problem found\n")


@pytest.mark.parametrize("text", [f"https://ci-bot:{SECRET}@github.com\n",
                                  f"API_TOKEN: {SECRET}\n", f"- {SECRET}\n"])
def test_a_file_that_is_not_a_ruleset_is_refused_unquoted(
        capsys: pytest.CaptureFixture[str], rules: Path, text: str) -> None:
    (rules / "copied.yaml").write_text(text)
    code, err = build_with(capsys, rules)
    assert (code, err) == (2, f"{rules}/copied.yaml: --rulesets: not a ruleset file (a "
                              "ruleset is a YAML mapping with an id); refused without quoting "
                              "it\n1 problem found\n")


def test_an_id_that_is_a_generated_page_is_refused(
        capsys: pytest.CaptureFixture[str], rules: Path) -> None:
    (rules / "index.yaml").write_text(HOUSE.replace("id: house", "id: index"))
    code, err = build_with(capsys, rules)
    assert (code, err) == (2, f"{rules}/index.yaml: id: id 'index' is the name of a generated "
                              "page; give it another id\n1 problem found\n")


@pytest.mark.parametrize("ruleset_id", ["q--r", "pagat-british--q", "trailing-", "-lead"])
def test_ids_that_could_make_the_same_page_name_are_refused(
        capsys: pytest.CaptureFixture[str], rules: Path, ruleset_id: str) -> None:
    (rules / "pair.yaml").write_text(HOUSE.replace("id: house", f"id: {ruleset_id}"))
    code, err = build_with(capsys, rules)
    assert code == 2
    assert (f"pair.yaml:1:5: id: expected an id of lowercase letters, digits and single '-' "
            f"between them (like 'my-house-rules'), got '{ruleset_id}'") in err


# --- item 10: docs serve -------------------------------------------------------------------


@pytest.mark.parametrize(("address", "message"), [
    ("127.0.0.1:99999", "'127.0.0.1:99999': expected HOST:PORT, with a port from 1 to 65535 "
     "(an IPv6 host in brackets: [::1]:8000)"),
    ("localhost", "'localhost': expected a port from 1 to 65535 after the host"),
    ("http://localhost:8000", "'http://localhost:8000': expected HOST:PORT, without a scheme"),
])
def test_docs_serve_refuses_a_bad_address_before_starting(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        address: str, message: str) -> None:
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    code = run_with_errors(cli, ["docs", "serve", "-a", address])
    _out, err = capsys.readouterr()
    assert code == 2 and err.endswith(f"Error: Invalid value for '-a' / '--dev-addr': "
                                      f"{message}\n")
    assert list(tmp_path.iterdir()) == []


def test_docs_serve_stopped_by_sigterm_leaves_no_build_folder(tmp_path: Path) -> None:
    import signal
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Hello\n")
    (tmp_path / "mkdocs.yml").write_text("site_name: tiny\ndocs_dir: docs\n")
    (tmp_path / "tmp").mkdir()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "pontoon_rules", "docs", "serve", "-f",
         str(tmp_path / "mkdocs.yml"), "-a", f"127.0.0.1:{port}"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "TMPDIR": str(tmp_path / "tmp")})
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as page:
                    assert b"Hello" in page.read()
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "never served"
                time.sleep(0.3)
        assert list((tmp_path / "tmp").iterdir()) != []  # the build folder, while serving
        server.send_signal(signal.SIGTERM)
        _out, err = server.communicate(timeout=30)
        assert server.returncode == 0 and "Traceback" not in err
        assert list((tmp_path / "tmp").iterdir()) == []
    finally:
        if server.poll() is None:
            server.kill()


def test_a_rebuild_that_fails_keeps_the_old_site_served(
        capsys: pytest.CaptureFixture[str]) -> None:
    from pontoon_rules.docs.website import hook
    from pontoon_rules.errors import Problem, RulesetError

    class Server:
        def builder(self) -> None:
            raise RulesetError([Problem("rules/broken.yaml", 2, 7, "name", "expected \x1b[2J")])

    served = hook.on_serve(Server(), None, None)  # type: ignore[arg-type]
    served.builder()  # does not raise: the server marks the build done and serves the old site
    err = capsys.readouterr().err
    assert err == ("rules/broken.yaml:2:7: name: expected \\x1b[2J\nthe site was not rebuilt: "
                   "the last good build is still served (fix the file and save it again)\n")


def test_a_manifest_never_leads_the_build_out_of_its_folder(
        tmp_path: Path, builds: Callable[..., None]) -> None:
    import json

    site = build_site(DEFAULT_CONFIG, tmp_path / "site")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "x.html").write_text("not the site's")
    (tmp_path / "victim.txt").write_text("keep")
    manifest = json.loads((site / BUILD_MARKER).read_text())
    manifest["files"] += ["../victim.txt", str(tmp_path / "victim.txt"), "linked/x.html"]
    (site / BUILD_MARKER).write_text(json.dumps(manifest))
    (site / "linked").symlink_to(tmp_path / "elsewhere")
    build_site(DEFAULT_CONFIG, site)
    assert (tmp_path / "victim.txt").read_text() == "keep"
    assert (tmp_path / "elsewhere" / "x.html").read_text() == "not the site's"
    assert (site / "linked").is_symlink()
