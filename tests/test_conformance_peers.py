"""Issue 16, item 1: the kit on two real implementations nobody here wrote.

OpenSpiel's blackjack (package `open-spiel`) and Gymnasium's Blackjack-v1 (package
`gymnasium`, both modes) through their example harnesses: export the ruleset that
describes each, `run` it (every `must` vector passes), fuzz 2,000 rounds (no `must`
difference), and check that the kit does see a difference when the implementation
and the ruleset do not match. The packages come from the `peers` extra, which
`make test` installs.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_conformance_runner import PYTHON, ROOT, cli

from pontoon_rules.conformance.vectors.check import check_suite

EXAMPLES = ROOT / "examples"
PEERS = {
    "openspiel": ("pyspiel", ["openspiel-blackjack.yaml"]),
    "gymnasium": ("gymnasium", ["gymnasium-blackjack-sab.yaml",
                                "gymnasium-blackjack-natural.yaml"]),
}


def harness(name: str) -> str:
    return f"{PYTHON} {EXAMPLES / f'harness-{name}' / 'harness.py'}"


@pytest.mark.parametrize("name", sorted(PEERS))
def test_the_harness_passes_every_must_vector_and_2000_fuzzed_rounds(name: str,
                                                                   tmp_path: Path) -> None:
    module, rulesets = PEERS[name]
    pytest.importorskip(module, reason="install the peers extra: pip install -e '.[peers]'")
    folder = EXAMPLES / f"harness-{name}"
    files = [str(folder / r) for r in rulesets]
    out = tmp_path / "vectors"
    assert cli("export", *files, "-o", str(out)).returncode == 0
    assert check_suite(out)[1] == []
    report = tmp_path / "report.json"
    done = cli("run", str(out), "--impl", harness(name), "--json", str(report), "--strict")
    assert done.returncode == 0, done.stdout + done.stderr
    results = json.loads(report.read_text())["results"]
    assert len(results) >= 15 * len(rulesets)
    assert all(r["status"] == "pass" for r in results if r["level"] == "must")
    assert {r["status"] for r in results} == {"pass"}
    features = {t for p in out.rglob("*.json") if not p.name.startswith(("_", "vector."))
                for t in json.loads(p.read_text())["features"]}
    assert {"pontoon-drew", "drew-on-21", "did:twist", "did:stick", "class:bust"} <= features
    for ruleset in files:
        fuzzed = cli("fuzz", ruleset, "--impl", harness(name), "--rounds", "2000",
                     "--keep-going", "--shrink-budget", "50")
        assert fuzzed.returncode == 0, fuzzed.stdout + fuzzed.stderr
        assert re.search(r"2000 rounds.*2000 sent", fuzzed.stdout), fuzzed.stdout
        assert "must " not in fuzzed.stdout


def test_the_kit_sees_a_mode_that_does_not_match_its_ruleset(tmp_path: Path) -> None:
    pytest.importorskip("gymnasium", reason="install the peers extra")
    swapped = tmp_path / "swapped.py"
    swapped.write_text(
        "import runpy, sys\n"
        f"sys.path.insert(0, {str(EXAMPLES / 'harness-gymnasium')!r})\n"
        "import harness\n"
        "harness.MODES['gymnasium-blackjack-natural'] = {'sab': True}\n"
        "harness.serve(harness.play, harness.metadata())\n")
    ruleset = EXAMPLES / "harness-gymnasium" / "gymnasium-blackjack-natural.yaml"
    done = cli("fuzz", str(ruleset), "--impl", f"{PYTHON} {swapped}", "--rounds", "2000")
    assert done.returncode == 1
    assert "must fail final" in done.stdout


@pytest.mark.parametrize("name", sorted(PEERS))
def test_the_readme_lists_each_known_difference_with_a_reproducing_case(name: str,
                                                                        tmp_path: Path) -> None:
    readme = (EXAMPLES / f"harness-{name}" / "README.md").read_text()
    assert "## Known differences" in readme
    section = readme.split("## Known differences", 1)[1]
    cases = re.findall(r"`(vs-[a-z0-9-]+|vs:[a-z-]+:[a-z-]+|pontoon-drew|drew-on-21)`", section)
    assert len(cases) >= 5, section
    folder = EXAMPLES / f"harness-{name}"
    assert cli("export", *(str(folder / r) for r in PEERS[name][1]), "-o",
               str(tmp_path)).returncode == 0
    vectors = [json.loads(p.read_text()) for p in tmp_path.rglob("*.json")
               if not p.name.startswith(("_", "vector."))]
    names = {v["slug"].split("/", 1)[1] for v in vectors}
    tags = {t for v in vectors for t in v["features"]}
    for case in cases:
        assert case in names or case in tags, f"{case} is in no vector of the export"


@pytest.mark.parametrize("name", sorted(PEERS))
def test_the_examples_need_nothing_of_pontoon_rules(name: str, tmp_path: Path) -> None:
    module, rulesets = PEERS[name]
    pytest.importorskip(module, reason="install the peers extra")
    import subprocess

    script = EXAMPLES / f"harness-{name}" / "harness.py"
    assert "pontoon_rules" not in script.read_text()
    out = tmp_path / "v"
    assert cli("export", str(EXAMPLES / f"harness-{name}" / rulesets[0]), "-o",
               str(out)).returncode == 0
    vector = json.loads(next(p for p in out.rglob("*.json")
                             if not p.name.startswith(("_", "vector."))).read_text())
    from pontoon_rules.conformance.vectors.build import strip

    blocked = ("import runpy, sys\n"
               "sys.modules['pontoon_rules'] = None  # any import of it fails\n"
               f"sys.argv = [{str(script)!r}]\n"
               f"runpy.run_path({str(script)!r}, run_name='__main__')\n")
    requests = "\n".join(json.dumps(r) for r in (
        {"cmd": "start", "version": 1}, {"cmd": "run", "seq": 1, "vector": strip(vector)},
        {"cmd": "stop"})) + "\n"
    done = subprocess.run([PYTHON, "-c", blocked], input=requests, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    start, reply = (json.loads(line) for line in done.stdout.splitlines())
    assert start["rulesets"] and reply["seq"] == 1 and "trace" in reply
