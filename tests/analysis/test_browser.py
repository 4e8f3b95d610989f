"""report.html in a real browser: it loads, every embedded image decodes (naturalWidth > 0), no errors.

Needs Debian's `chromium` (CI: `apt-get update && apt-get install -y chromium`);
skipped with the reason when it is absent. The report itself carries no script: the test appends a tiny
one to a copy that writes a marker into the DOM, which `--dump-dom` then prints.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from test_report_fixture import event, game, player, write_run

from cardlab.analysis import report
from cardlab.analysis.runs import Run

CHROMIUM = shutil.which("chromium")

_PROBE = """<script>
window.__errors = [];
window.addEventListener('error', e => window.__errors.push(String(e.message || e.type)), true);
window.addEventListener('load', () => {
  const imgs = Array.from(document.images);
  const broken = imgs.filter(i => !(i.complete && i.naturalWidth > 0)).length;
  const m = document.createElement('div');
  m.id = 'cardlab-check';
  m.textContent = `images=${imgs.length} broken=${broken} errors=${window.__errors.length}`;
  document.body.appendChild(m);
});
</script>"""


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install -y chromium)")
def test_report_html_renders_with_all_images_in_chromium(tmp_path):
    winners = [0, 1] * 20
    games = [game(g, [w], turns=4 + g % 5, first_seat=g % 2) for g, w in enumerate(winners)]
    players = [
        player(g, s, s == w, "AB"[(s + g) % 2], character="Isaac" if s == 0 else "Cain")
        for g, w in enumerate(winners)
        for s in (0, 1)
    ]
    events = [event(g, 0, 1 + g % 3, w, "soul_gained", "Mom!", amount=1) for g, w in enumerate(winners)]
    events += [event(g, 1, 2, g % 2, "item_gained", "Breakfast") for g in range(40)]
    run = write_run(
        tmp_path / "run", "four-souls", games, players, events, player_columns={"character": "str"}
    )
    built = report.build(Run.open(run))
    _, page = report.write(built)
    n_images = sum(1 for s in built.sections if s.image)

    probe = tmp_path / "probe.html"
    probe.write_text(page.read_text().replace("</body>", _PROBE + "</body>"))
    profile = tmp_path / "profile"
    done = subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            f"--user-data-dir={profile}",
            "--virtual-time-budget=5000",
            "--dump-dom",
            probe.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    marker = re.search(r'<div id="cardlab-check">([^<]*)</div>', done.stdout)
    assert marker, "the page did not finish loading: " + done.stderr[-2000:]
    assert marker.group(1) == f"images={n_images} broken=0 errors=0"
    assert n_images >= 8
    assert "Uncaught" not in done.stderr
    assert "<h1>cardlab report — run</h1>" in done.stdout
