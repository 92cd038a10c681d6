"""`cmake --install` puts the module where the interpreter finds it: installed into a fresh
prefix, it imports from that prefix's site directory and answers."""
import os
import pathlib
import subprocess
import sys

import verflixt


def test_cmake_install_puts_the_module_where_python_finds_it(tmp_path):
    build = os.environ.get("VERFLIXT_BUILD_DIR") or str(pathlib.Path(verflixt.__file__).resolve().parent.parent)
    cmake = os.environ.get("VERFLIXT_CMAKE", "cmake")
    done = subprocess.run([cmake, "--install", build, "--prefix", str(tmp_path)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    found = sorted(tmp_path.rglob("verflixt.cpython-*.so"))
    assert len(found) == 1, found
    site = found[0].parent
    assert (site / "verflixt.pyi").is_file()
    # The site directory is where this interpreter looks under that prefix (Debian:
    # lib/python3.X/dist-packages for /usr/local, the default prefix).
    assert site.relative_to(tmp_path).parts[0] == "lib"
    code = "import verflixt; print(verflixt.__file__); print(verflixt.game('pig', set={'goal': 20}).solve().first_player_win)"
    env = dict(os.environ, PYTHONPATH=str(site))
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         cwd=tmp_path, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0].startswith(str(site))
