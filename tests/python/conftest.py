"""Shared helpers of the Python module's tests: the module itself (from build/python, which
ctest puts on PYTHONPATH) and the command line it is compared with (VERFLIXT_BINARY, or
build/bin/verflixt next to the module)."""
import json
import os
import pathlib
import subprocess
import threading
import time

import pytest

import verflixt  # a missing module fails the suite: no skip


def binary():
    path = os.environ.get("VERFLIXT_BINARY")
    if path:
        return path
    return str(pathlib.Path(verflixt.__file__).resolve().parent.parent / "bin" / "verflixt")


def cli(*args):
    """`verflixt ARGS` as a subprocess: (exit code, stdout, stderr)."""
    p = subprocess.run([binary(), *map(str, args)], capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def cli_json(*args):
    """The command line's JSON answer to `verflixt ARGS --format json`, its timing masked."""
    code, out, err = cli(*args, "--format", "json")
    assert code == 0, err
    return masked(json.loads(out))


def masked(doc):
    """A JSON answer without its timings (seconds, games_per_second: the only figures two equal
    runs differ in)."""
    return {k: v for k, v in doc.items() if "second" not in k}


@pytest.fixture(scope="session")
def vf():
    return verflixt


def python_runs_during(work):
    """Whether a pure-Python counter kept counting while work() ran, which it can only do if the
    module released the GIL (or the work took under 50 ms, too short to tell)."""
    counted = []
    stop = threading.Event()

    def count():
        n = 0
        while not stop.is_set():
            n += 1
            if n % 1000 == 0:
                counted.append(time.monotonic())
    t = threading.Thread(target=count)
    t.start()
    time.sleep(0.05)
    try:
        start = time.monotonic()
        work()
        end = time.monotonic()
    finally:
        stop.set()
        t.join()
    during = [c for c in counted if start < c < end]
    return end - start < 0.05 or len(during) > 10
