"""sudokit.dask on a local Dask cluster of 2 worker processes: the CLI's
bytes for generate, rate, canon and dedup; resuming from a work directory;
a worker or a client killed mid-run costs nothing in the output."""

import io
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from distributed import Client, LocalCluster

from conftest import DATA
from sudokit import dask as sd


@pytest.fixture(scope="module")
def client():
    cluster = LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
        env={"RAYON_NUM_THREADS": "1"},
    )
    c = Client(cluster)
    yield c
    c.close()
    cluster.close()


@pytest.fixture(scope="module")
def mixed_input(tmp_path_factory):
    """A one-puzzle-a-line file with comments, blank lines, comments after
    puzzles, a duplicate under a transformation, and bad lines."""
    text = (DATA / "se-rated-random.txt").read_text()
    lines = text.splitlines()
    extra = [
        "",
        "12x",
        "11" + "." * 79,
        "# a comment",
        lines[5].split()[0],
        ".........",
    ]
    path = tmp_path_factory.mktemp("input") / "mixed.txt"
    # 250 lines: enough for dozens of shards, quick to rate.
    path.write_text("\n".join(lines[:120] + extra + lines[120:250]) + "\n")
    return path


def run(fn, *args, **kwargs):
    out = io.BytesIO()
    result = fn(*args, out, **kwargs)
    return out.getvalue(), result


def test_generate_200_seed_9_is_the_cli_file(client, cli):
    expected, _, _ = cli("generate", "-n", 200, "--seed", 9)
    got, result = run(sd.generate, client, 200, 9, shard_size=17)
    assert got == expected
    assert result.status == 0 and result.shards_run == 12


def test_generate_rated_and_with_solution(client, cli):
    expected, _, _ = cli("generate", "-n", 8, "--seed", 5, "--difficulty", "medium", "--with-solution")
    got, _ = run(sd.generate, client, 8, 5, difficulty="medium", with_solution=True, shard_size=3)
    assert got == expected


def test_generate_dedups_across_shards(client, cli):
    # 4x4 full grids repeat (there are 288): the first 100 new ones span
    # more than 100 indices, so shards beyond the first n indices are needed.
    expected, _, _ = cli("generate", "-n", 100, "--seed", 1, "--size", 4, "--filled")
    got, result = run(sd.generate, client, 100, 1, size=4, filled=True, shard_size=7)
    assert got == expected
    assert result.shards_run > -(-100 // 7)
    expected, _, _ = cli("generate", "-n", 30, "--seed", 2, "--size", 4, "--distinct")
    got, _ = run(sd.generate, client, 30, 2, size=4, distinct=True, shard_size=5)
    assert got == expected


@pytest.mark.parametrize(
    "flags, options, rules_lines",
    [
        # Killer lines below one '# rules:' line.
        (["--variant", "killer"], {"variant": "killer"}, 1),
        (["--variant", "killer", "--killer-givens"], {"variant": "killer", "killer_givens": True}, 1),
        # A '# rules:' line before each item: drawn thermometers, random regions.
        (["--variant", "x,thermo"], {"variant": "x,thermo"}, 7),
        (["--rules", "9+jigsaw"], {"rules": "9+jigsaw"}, 7),
        # One '# rules:' line: every item has the same rules.
        (["--rules", "9+x", "--difficulty", "easy"], {"rules": "9+x", "difficulty": "easy"}, 1),
    ],
)
def test_generate_variants_are_the_cli_file(client, cli, flags, options, rules_lines):
    expected, _, status = cli("generate", "-n", 7, "--seed", 4, "--with-solution", *flags)
    assert status == 0
    lines = expected.decode().splitlines()
    assert sum(line.startswith("# rules: ") for line in lines) == rules_lines
    assert len(lines) == 7 + rules_lines
    got, result = run(sd.generate, client, 7, 4, with_solution=True, shard_size=3, **options)
    assert got == expected
    assert result.status == 0 and result.shards_run == 3


def test_generate_variants_from_the_command_line(cli):
    expected, _, _ = cli("generate", "-n", 4, "--seed", 2, "--variant", "killer")
    p = subprocess.run(
        [sys.executable, "-m", "sudokit.dask", "generate", "-n", "4", "--seed", "2", "--variant", "killer", "--workers", "1"],
        capture_output=True,
        timeout=600,
    )
    assert p.returncode == 0, p.stderr.decode()
    assert p.stdout == expected


def test_rate_is_the_cli_output(client, cli, mixed_input):
    expected, err, status = cli("rate", mixed_input)
    got, result = run(sd.rate, client, str(mixed_input), shard_lines=53)
    assert got == expected
    assert result.status == status
    assert b"error:" in got


def test_canon_and_dedup_are_the_cli_output(client, cli, mixed_input):
    for flags in ([], ["--automorphisms"]):
        expected, _, status = cli("canon", mixed_input, *flags)
        got, result = run(sd.canon, client, str(mixed_input), automorphisms=bool(flags), shard_lines=61)
        assert got == expected and result.status == status
    expected, _, status = cli("dedup", mixed_input)
    got, result = run(sd.dedup, client, str(mixed_input), shard_lines=61)
    assert got == expected and result.status == status
    assert got.count(b"\n") < expected.count(b"\n") + 1  # the duplicate is gone in both


def test_non_line_input_is_one_shard(client, cli, tmp_path):
    import sudokit

    grids = "\n".join(sudokit.Board(p).to_text("grid") for p in ["." * 81, (DATA / "top1465.txt").read_text().splitlines()[2]])
    path = tmp_path / "grids.txt"
    path.write_text(grids)
    expected, _, _ = cli("canon", path)
    got, result = run(sd.canon, client, str(path))
    assert got == expected and result.shards_run == 1


def test_a_rerun_takes_finished_shards_from_the_workdir(client, cli, tmp_path):
    expected, _, _ = cli("generate", "-n", 100, "--seed", 4)
    got, first = run(sd.generate, client, 100, 4, shard_size=10, workdir=str(tmp_path))
    assert got == expected and first.shards_run == 10
    # Lose three shards, as a run killed before saving them would.
    job = next(p for p in tmp_path.iterdir() if p.is_dir())
    shards = sorted(job.glob("shard-*.pickle"))
    for p in shards[3:6]:
        p.unlink()
    got, second = run(sd.generate, client, 100, 4, shard_size=10, workdir=str(tmp_path))
    assert got == expected
    assert (second.shards_run, second.shards_skipped) == (3, 7)


def test_a_worker_killed_mid_run_loses_nothing(client, cli, mixed_input, tmp_path):
    expected, _, _ = cli("rate", mixed_input)
    pids = client.run(os.getpid)
    victim = next(iter(pids.values()))
    job_dir = tmp_path / "work"
    killed = threading.Event()

    def kill_when_started():
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if len(list(job_dir.glob("*/shard-*.pickle"))) >= 2:
                os.kill(victim, signal.SIGKILL)
                killed.set()
                return
            time.sleep(0.01)

    t = threading.Thread(target=kill_when_started)
    t.start()
    got, result = run(sd.rate, client, str(mixed_input), shard_lines=20, workdir=str(job_dir))
    t.join()
    assert killed.is_set(), "the worker was killed while the job ran"
    assert got == expected
    assert result.shards_skipped == 0
    client.wait_for_workers(2, timeout=60)


def test_a_client_killed_mid_run_resumes(cli, mixed_input, tmp_path):
    expected, _, _ = cli("rate", mixed_input)
    workdir = tmp_path / "work"
    cmd = [
        sys.executable, "-m", "sudokit.dask", "rate", str(mixed_input),
        "--workers", "2", "--shard-size", "10", "--workdir", str(workdir),
    ]
    env = dict(os.environ, RAYON_NUM_THREADS="1")
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True, env=env)
    deadline = time.monotonic() + 120
    while len(list(workdir.glob("*/shard-*.pickle"))) < 3:
        assert proc.poll() is None, "the run ended before it could be killed"
        assert time.monotonic() < deadline
        time.sleep(0.01)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    saved = len(list(workdir.glob("*/shard-*.pickle")))
    total = -(-sum(1 for _ in open(mixed_input, "rb")) // 10)
    assert 3 <= saved < total
    done = subprocess.run(cmd, capture_output=True, env=env, timeout=600)
    assert done.stdout == expected
    assert f"taken from {workdir}" in done.stderr.decode()
    run_now, taken = [int(w) for w in done.stderr.decode().split() if w.isdigit()][-2:]
    assert taken == saved and run_now + taken == total


def test_the_command_line_writes_the_cli_bytes(cli):
    expected, _, _ = cli("generate", "-n", 200, "--seed", 9)
    p = subprocess.run(
        [sys.executable, "-m", "sudokit.dask", "generate", "-n", "200", "--seed", "9", "--workers", "2"],
        capture_output=True,
        timeout=600,
    )
    assert p.returncode == 0, p.stderr.decode()
    assert p.stdout == expected


def test_bad_options_fail_before_any_shard(client):
    with pytest.raises(ValueError, match="symmetry"):
        run(sd.generate, client, 5, 1, symmetry="spiral")
    with pytest.raises(ValueError, match="variant"):
        run(sd.generate, client, 5, 1, variant="sudoku-x")
    with pytest.raises(ValueError, match="killer_givens"):
        run(sd.generate, client, 5, 1, killer_givens=True)
    with pytest.raises(TypeError, match="colour"):
        run(sd.generate, client, 5, 1, colour="red")
