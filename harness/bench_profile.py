#!/usr/bin/env python3
"""bench_profile.py DIR STOCK_VMLINUX PATCHED_VMLINUX: the benchmark's figures
broken down into functions, stock beside patched.

DIR holds, for KERNEL in stock and patched, console-profile-KERNEL.log (the
benchmark's lines, each in-kernel figure ending with span=K, and the bench
suite's benchloop figures, op=NAME ops=K) and spans-KERNEL.txt
(harness/qemu-profile.c: "S span instructions marker" then "B address
instructions" for each translation block run in that span; marker 0 is the
in-kernel benchmark's bench_cycles(), 1 the personality(2) that benchloop
calls before and after its loop, so that its i-th loop is the (2i-1)-th
span of marker 1).  For every figure on both consoles it prints the
figure, the span's own count per entry or operation (which must agree with
the figure within 2%: else the span is not the figure's, and the script
fails), and the functions whose instructions per entry differ most between
the kernels.  Exits 1 on a missing figure, span or disagreement.
"""
import bisect
import collections
import math
import re
import subprocess
import sys

FIG = re.compile(r'pseudofs_bench: fs=(\S+) (?:n=(\d+) phase=(\S+)|op=(\S+)) '
                 r'cycles_per_(?:entry|op)=(\d+) span=(\d+)')
LOOP = re.compile(r'pseudofs_bench: fs=user op=(\S+) ops=(\d+) cycles_per_op=(\d+)')
KERNELS = ('stock', 'patched')
TOP = int(__import__("os").environ.get("PROFILE_TOP", 12))
OPENS = 10000   # lib/test_pseudofs_bench.c: BENCH_OPENS


def figures(path):
    """{(fs, n, phase): (value, span, divisor)} of one console; a benchloop
    figure's span is its rank among them, to be made a span number."""
    out, loops = {}, 0
    with open(path, errors='replace') as f:
        for ln in f:
            m = FIG.search(ln)
            if m:
                fs, n, phase, op, v, span = m.groups()
                n = int(n or 0)
                out[(fs, n, phase or op)] = (int(v), int(span), divisor(n, phase or op))
                continue
            m = LOOP.search(ln)
            if m:
                loops += 1
                out[('user', 0, m.group(1))] = (int(m.group(3)), -loops, int(m.group(2)))
    return out


def spans(path, figs):
    """{span: (instructions, Counter(block address: instructions))} of the
    spans of @figs, whose benchloop ranks become span numbers."""
    out, cur, user = {}, None, []
    wanted = {sp for _, sp, _ in figs.values()}
    with open(path) as f:
        for ln in f:
            p = ln.split()
            if p[0] == 'S':
                span = int(p[1])
                if p[3] == '1':
                    user.append(span)
                    # the i-th loop: the (2i-1)-th span of benchloop's marker
                    if len(user) % 2:
                        wanted.add(span)
                        rank = -(len(user) + 1) // 2
                        for key, (v, sp, div) in figs.items():
                            if sp == rank:
                                figs[key] = (v, span, div)
                cur = None
                if span in wanted:
                    cur = out[span] = (int(p[2]), collections.Counter())
            elif cur is not None:
                cur[1][int(p[1], 16)] += int(p[2])
    return out


def symbols(vmlinux):
    """Sorted text symbol addresses and their names."""
    nm = subprocess.run(['nm', '-n', vmlinux], capture_output=True, text=True,
                        check=True).stdout
    addrs, names = [], []
    for ln in nm.splitlines():
        p = ln.split()
        if len(p) == 3 and p[1] in 'tTwW':
            addrs.append(int(p[0], 16))
            names.append(p[2])
    return addrs, names


def per_function(blocks, syms):
    addrs, names = syms
    out = collections.Counter()
    for addr, k in blocks.items():
        i = bisect.bisect_right(addrs, addr) - 1
        out[names[i] if i >= 0 else '?'] += k
    return out


def divisor(n, phase):
    """What a figure of the in-kernel benchmark is per."""
    if n == 0:
        return OPENS
    if phase.endswith('_tree'):
        return math.isqrt(n) ** 2
    return n


def main():
    d, vmlinux = sys.argv[1], dict(zip(KERNELS, sys.argv[2:4]))
    figs = {k: figures(f'{d}/console-profile-{k}.log') for k in KERNELS}
    keys = [key for key in figs['patched'] if key in figs['stock']]
    bad = [f'{k}: no figures' for k in KERNELS if not figs[k]]
    bad += [f'stock lacks {key}' for key in figs['patched']
            if key not in figs['stock'] and not key[0].startswith('pseudofs_')]
    prof = {}
    for k in KERNELS:
        prof[k] = (spans(f'{d}/spans-{k}.txt', figs[k]), symbols(vmlinux[k]))
    print('instructions per entry (per op for open/read) in the round each figure is; '
          'the functions whose count differs most')
    for key in keys:
        fs, n, phase = key
        per = {}
        head = f'{fs} {phase}' + (f' n={n}' if n else '')
        for k in KERNELS:
            v, span, div = figs[k][key]
            sp = prof[k][0].get(span)
            if sp is None:
                bad.append(f'{head}: {k} has no span {span}')
                break
            own = sp[0] / div
            if abs(own - v) > 0.02 * v:
                bad.append(f'{head}: {k} span {span} counts {own:.0f}, the figure {v}')
            per[k] = (v, own, per_function(sp[1], prof[k][1]))
        if len(per) < 2:
            continue
        (sv, sown, sf), (pv, pown, pf) = per['stock'], per['patched']
        print(f'\n{head}: stock {sv}, patched {pv} ({pv / sv:.2f}); '
              f'spans {sown:.0f} and {pown:.0f}, difference {pown - sown:+.0f}')
        rows = sorted(set(sf) | set(pf), key=lambda f: -abs(pf[f] - sf[f]))
        for f in rows[:TOP]:
            delta = (pf[f] - sf[f]) / div
            if abs(delta) < 0.5:
                break
            print(f'  {f:44s} {sf[f] / div:9.1f} {pf[f] / div:9.1f} {delta:+8.1f}')
    for b in bad:
        print(f'error: {b}')
    print(f'\n{len(keys)} figures profiled, {len(bad)} errors')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
