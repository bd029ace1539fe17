#!/usr/bin/env python3
"""OpenCV peer for `vitrine bench`: times cv2.stackBlur, cv2.GaussianBlur and the bench's own
pipeline built from cv2 calls on the exact frame the bench blurs itself, and writes
cv2.GaussianBlur's and the pipeline's outputs back for the error columns.

The pipeline is what Vitrine's backdrop blur does, step for step, at the same parameters:
cv2.resize by 1/f with INTER_AREA (the area average), cv2.blur with each box width of the plan
in turn (BORDER_REPLICATE), cv2.resize back up with INTER_LINEAR (bilinear). Its effective σ is
the plan's, so it is the same work done by OpenCV.

Run by the bench, not by hand (but it works by hand):

    opencv_peer.py --frame FRAME.bgra --width 1920 --height 1080 --sigmas 8,20,40 \
                   --pipelines 8:2:9,9,11/20:4:9,9,9/40:8:9,9,9 --runs 21 --out DIR

FRAME.bgra is width*height*4 bytes, B,G,R,A per pixel (the bench's 0xAARRGGBB words as they
lie in memory). Output lines on stdout, one fact per line, split on tabs:

    opencv  <version>
    threads <cv2.getNumThreads() after setNumThreads(1)>
    row     <sigma> <peer> <ksize> <median_ms> <p99_ms>
    output  <sigma> <path of cv2.GaussianBlur's BGRA output>
    pipeline-output <sigma> <path of the cv2 pipeline's BGRA output>

(for the pipeline the ksize field is "f<factor>:<box widths>").

Uses the standard library, numpy and cv2 only.
"""

import argparse
import math
import os
import sys
import time

# numpy's OpenBLAS starts helper threads that spin (seen in a perf profile of the bench);
# nothing here uses BLAS, so keep them from competing with the timed thread.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import cv2  # noqa: E402
import numpy as np  # noqa: E402


def stack_blur_ksize(sigma):
    """StackBlur's kernel is a tent of radius r, variance r(r+2)/6; pick r so that equals
    sigma^2 (r = round(sqrt(6 sigma^2 + 1) - 1)), and ksize = 2r + 1 (odd, as cv2 requires)."""
    r = max(1, int(round(math.sqrt(6 * sigma * sigma + 1) - 1)))
    return 2 * r + 1


def gaussian_ksize(sigma):
    """What cv2.GaussianBlur picks itself for 8-bit images with ksize=(0, 0):
    round(sigma * 3 * 2 + 1) | 1 (opencv/modules/imgproc/src/smooth.dispatch.cpp)."""
    return int(round(sigma * 6 + 1)) | 1


def measure(runs, work):
    """One untimed call, then `runs` timed ones; nearest-rank median and p99 in ms."""
    work()
    samples = []
    for _ in range(runs):
        start = time.perf_counter_ns()
        work()
        samples.append((time.perf_counter_ns() - start) / 1e6)
    samples.sort()

    def rank(p):
        return samples[min(len(samples) - 1, max(0, math.ceil(p / 100 * len(samples)) - 1))]

    return rank(50), rank(99)


def pipeline(frame, output, factor, widths):
    """Vitrine's backdrop blur from cv2 calls: area average down by `factor`, the plan's box
    passes on the small image, bilinear back up into `output`."""
    height, width = frame.shape[:2]
    small_size = (max(1, -(-width // factor)), max(1, -(-height // factor)))
    small = cv2.resize(frame, small_size, interpolation=cv2.INTER_AREA)
    for box in widths:
        small = cv2.blur(small, (box, box), borderType=cv2.BORDER_REPLICATE)
    cv2.resize(small, (width, height), dst=output, interpolation=cv2.INTER_LINEAR)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--frame", required=True)
    parser.add_argument("--width", type=int, required=True)
    parser.add_argument("--height", type=int, required=True)
    parser.add_argument("--sigmas", required=True, help="comma-separated, e.g. 8,20,40")
    parser.add_argument("--pipelines", default="",
                        help="sigma:factor:width,width,... per sigma, separated by /, e.g. 20:4:9,9,9")
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--out", required=True, help="folder for cv2.GaussianBlur's outputs")
    args = parser.parse_args()

    # One thread, like the Swift side: the targets compare single-core times.
    cv2.setNumThreads(1)
    print(f"opencv\t{cv2.__version__}")
    print(f"threads\t{cv2.getNumThreads()}")

    frame = np.fromfile(args.frame, dtype=np.uint8)
    expected = args.width * args.height * 4
    if frame.size != expected:
        sys.exit(f"opencv_peer: {args.frame} has {frame.size} bytes, expected {expected}")
    frame = frame.reshape(args.height, args.width, 4)
    output = np.empty_like(frame)

    pipelines = {}
    for entry in filter(None, args.pipelines.split("/")):
        label, factor, widths = entry.split(":")
        pipelines[label.strip()] = (int(factor), [int(w) for w in widths.split(",")])

    for text in args.sigmas.split(","):
        sigma = float(text)
        label = text.strip()
        ksize = stack_blur_ksize(sigma)
        median, p99 = measure(args.runs, lambda: cv2.stackBlur(frame, (ksize, ksize), dst=output))
        print(f"row\t{label}\tcv2.stackBlur\t{ksize}\t{median:.4f}\t{p99:.4f}")

        gksize = gaussian_ksize(sigma)
        median, p99 = measure(
            args.runs,
            lambda: cv2.GaussianBlur(frame, (0, 0), sigmaX=sigma, sigmaY=sigma, dst=output,
                                     borderType=cv2.BORDER_REFLECT_101))
        print(f"row\t{label}\tcv2.GaussianBlur\t{gksize}\t{median:.4f}\t{p99:.4f}")
        path = os.path.join(args.out, f"gaussian-sigma{label}.bgra")
        output.tofile(path)
        print(f"output\t{label}\t{path}")
        sys.stdout.flush()

        if label in pipelines:
            factor, widths = pipelines[label]
            median, p99 = measure(args.runs, lambda: pipeline(frame, output, factor, widths))
            print(f"row\t{label}\tcv2 pipeline\tf{factor}:{','.join(map(str, widths))}\t{median:.4f}\t{p99:.4f}")
            path = os.path.join(args.out, f"pipeline-sigma{label}.bgra")
            output.tofile(path)
            print(f"pipeline-output\t{label}\t{path}")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
