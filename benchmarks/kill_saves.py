"""Kill saves with SIGKILL at random moments and count what is lost or left behind.

    python benchmarks/kill_saves.py [--runs 60] [--size 300]

Each run starts `lograph generate rectangle SIZE SIZE -o board.json` (an atomic save of a
SIZE×SIZE board over an existing complete board), kills it with SIGKILL late in the run
(where the file is written), then checks that `board.json` is still a complete board (the
old one or the new one: never half-written) and counts the hidden temporary files left
beside it. A last ordinary save must remove every temporary file the killed processes left.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from lograph.core.errors import LographError
from lograph.core.files import read_board


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--size", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    lograph = [sys.executable, "-m", "lograph"]
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "board.json"
        command = [*lograph, "generate", "rectangle", str(args.size), str(args.size)]
        subprocess.run([*command, "-o", str(target)], check=True, capture_output=True)
        start = time.perf_counter()
        subprocess.run([*command, "-o", str(target)], check=True, capture_output=True)
        full = time.perf_counter() - start
        broken = left_max = 0
        for _ in range(args.runs):
            proc = subprocess.Popen([*command, "-o", str(target)], stderr=subprocess.DEVNULL)
            # most of a run builds the board; aim at its last part, where the file is written
            time.sleep(rng.uniform(0.5 * full, 1.05 * full))
            proc.send_signal(signal.SIGKILL)
            proc.wait()
            try:
                read_board(target)
            except LographError:
                broken += 1
            left_max = max(left_max, len([p for p in os.listdir(tmp) if p.endswith(".tmp")]))
        left_before = len([p for p in os.listdir(tmp) if p.endswith(".tmp")])
        subprocess.run([*command, "-o", str(target)], check=True, capture_output=True)
        left_after = len([p for p in os.listdir(tmp) if p.endswith(".tmp")])
    print(f"runs {args.runs}, one save {full:.2f} s, board.json broken {broken} times")
    print(f"temporary files left: up to {left_max} at once, {left_before} before the last")
    print(f"save, {left_after} after it")
    return 0 if broken == 0 and left_after == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
