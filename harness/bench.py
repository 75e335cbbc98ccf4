#!/usr/bin/env python3
"""bench.py BENCH_DIR OUT_DIR: the benchmark's table and plot.

Reads every BENCH_DIR/console-bench-{stock,patched}-ROUND.log for the lines
    pseudofs_bench: fs=debugfs n=1000 phase=create_flat cycles_per_entry=1234
    pseudofs_bench: fs=user op=instance_mkdir_rmdir cycles_per_op=5678
    pseudofs_bench: fs=user op=slab_after_boot kb=12345
(the first from lib/test_pseudofs_bench.c, the others from the bench guest suite)
and writes OUT_DIR/bench.txt: one row per figure, the median over the rounds
of stock and of ours and the ratio ours/stock (times in TSC cycles: the
guests' TSC is the host's, their ktime only ticks every 4 ms), and for
debugfs and tracefs create and remove of N files in one directory the ratio
ours/floor: ours over fs=floor (the least a pseudo-fs can do: bare dentries
and inodes on a superblock of the benchmark's own) measured in the same
patched boots; and OUT_DIR/bench.png: cost per entry against N, log-log,
stock dashed, ours solid, the floor (patched boots) dotted.  Exits 1 if a
figure is missing on either kernel, the floor's create_flat and remove_flat
at every N of the run included.
"""
import glob
import os
import re
import statistics
import sys

LINE = re.compile(r'pseudofs_bench: (fs=\S+ (?:\S+=\S+ )*\S+=-?\d+)\s*$')
KERNELS = ('stock', 'patched')
UNIT = {'cycles_per_entry': 'cyc/entry', 'ns_per_entry': 'ns/entry',
        'bytes_per_entry': 'B/entry', 'cycles_per_op': 'cyc/op',
        'us_per_op': 'us/op', 'bytes_per_instance': 'B/instance', 'kb': 'KB'}
# fs=floor's figures: the least a pseudo-fs can do, per N
FLOOR_PHASES = ('create_flat', 'remove_flat')
# figures of libpseudofs alone, which the stock kernel cannot have
PATCHED_ONLY = ('pseudofs_proxy', 'pseudofs_bare')
# the table's names of the open_read_close files that are not said in full
OP_LABEL = {'debugfs': 'debugfs (full proxy)', 'debugfs_short': 'debugfs (short proxy)'}


def parse(path):
    """{figure key: value} of one boot; key = (fs, n, phase, unit)."""
    out = {}
    with open(path, errors='replace') as f:
        for ln in f:
            m = LINE.search(ln.replace('\r', ''))
            if not m:
                continue
            kv = dict(w.split('=', 1) for w in m.group(1).split())
            unit = next((u for u in UNIT if u in kv), None)
            if unit is None:
                continue
            fs = kv['fs']
            n = int(kv.get('n', 0))
            phase = kv.get('phase') or kv.get('op')
            out[(fs, n, phase, unit)] = int(kv[unit])
    # derived: create + remove of N files in one directory
    for (fs, n, phase, unit), v in list(out.items()):
        if phase == 'create_flat' and (fs, n, 'remove_flat', unit) in out:
            out[(fs, n, 'create+remove_flat', unit)] = v + out[(fs, n, 'remove_flat', unit)]
    return out


def div(a, b):
    """a / b as shown in the table; n/a when either is absent."""
    if a is None or b is None:
        return 'n/a'
    if b > 0:
        return f'{a / b:.2f}'
    return '1.00' if a <= 0 else 'inf'


def host_tsc_mhz():
    try:
        with open('/proc/cpuinfo') as f:
            for ln in f:
                if ln.startswith('cpu MHz'):
                    return float(ln.split(':')[1])
    except (OSError, ValueError):
        pass
    return None


def main():
    bdir, odir = sys.argv[1], sys.argv[2]
    runs = {k: [] for k in KERNELS}
    for k in KERNELS:
        for p in sorted(glob.glob(os.path.join(bdir, f'console-bench-{k}-*.log'))):
            runs[k].append(parse(p))
    order = ('create_flat', 'lookup', 'remove_flat', 'create+remove_flat',
             'create_tree', 'remove_tree', 'slab')
    fss = ('debugfs', 'tracefs', 'floor')
    keys = set().union(*[set(r) for k in KERNELS for r in runs[k]])
    # The floor at every N of the run, so that a boot without it fails.
    for n in {n for (fs, n, p, u) in keys if fs in fss and n}:
        for ph in FLOOR_PHASES:
            keys.add(('floor', n, ph, 'cycles_per_entry'))
    # the figures per N first, those of one file system together, then
    # open_read_close (no N) of every file, then the guest suite's
    keys = sorted(keys, key=lambda x: (fss.index(x[0]) if x[0] in fss and x[1] else
                                       8 if x[2] in ('open_read_close', 'read') else 9, x[0], x[1],
                                       order.index(x[2]) if x[2] in order else 99, x[2]))
    med = {}
    vals = {}
    missing = 0
    for key in keys:
        vals[key] = {k: [r[key] for r in runs[k] if key in r] for k in KERNELS}
        med[key] = {k: statistics.median(v) if v else None
                    for k in KERNELS for v in [vals[key][k]]}
        for k in KERNELS:
            if k == 'stock' and key[0] in PATCHED_ONLY:
                continue
            if len(vals[key][k]) < len(runs[k]) or not runs[k]:
                missing += 1
    rows = []
    hdr = (f'{"figure":<44} {"unit":<10} {"stock":>10} {"ours":>10} {"/stock":>6} '
           f'{"/floor":>6}  rounds')
    rows.append(hdr)
    rows.append('-' * len(hdr))
    for key in keys:
        fs, n, phase, unit = key
        label = OP_LABEL.get(fs, fs) if phase in ('open_read_close', 'read') else fs
        name = f'{label} {phase}' + (f' n={n}' if n else '')
        m = med[key]
        ratio = div(m['patched'], m['stock'])
        # ours over the floor of the same (patched) boots
        floor = ''
        if fs in ('debugfs', 'tracefs') and phase in FLOOR_PHASES + ('create+remove_flat',):
            floor = div(m['patched'], med.get(('floor', n, phase, unit), {}).get('patched'))
        fmt = lambda x: '-' if x is None else f'{x:.0f}'
        # above stock: the rounds of both kernels, so noise can be told apart
        spread = ''
        if m['stock'] and m['patched'] and round(m['patched'] / m['stock'], 2) > 1.00:
            spread = '  spread: ' + ', '.join(
                f'{k} {fmt(min(vals[key][k]))}..{fmt(max(vals[key][k]))}'
                for k in KERNELS)
        rows.append(f'{name:<44} {UNIT[unit]:<10} {fmt(m["stock"]):>10} {fmt(m["patched"]):>10} '
                    f'{ratio:>6} {floor:>6}  {len(vals[key]["stock"])}+{len(vals[key]["patched"])}'
                    f'{spread}')
    rows.append('')
    rows.append(f'rounds: stock {len(runs["stock"])}, ours {len(runs["patched"])}; '
                'median of the rounds (in-kernel figures: each already the median of its boot\'s rounds); '
                'a figure above stock lists the lowest..highest round of each kernel')
    rows.append('/stock: ours over stock; /floor: ours over fs=floor of the same patched boots '
                '(the least a pseudo-fs can do: d_alloc_name + new_inode + d_add, d_delete + dput, '
                'on a superblock of the benchmark\'s own; its own /stock shows the noise between boots)')
    orc = [med.get((fs, 0, 'open_read_close', 'cycles_per_op'), {}).get('patched')
           for fs in PATCHED_ONLY]
    if None not in orc:
        rows.append(f'the removal proxy on open+read+close: pseudofs_proxy/pseudofs_bare = '
                    f'{div(orc[0], orc[1])} (the same file of libpseudofs with its full proxy '
                    f'and with none, patched boots)')
    dbg = [med.get((fs, 0, 'open_read_close', 'cycles_per_op'), {})
           for fs in ('debugfs', 'debugfs_short')]
    if all(dbg):
        rows.append('debugfs\'s full proxy over its short one on open+read+close: '
                    f'stock {div(dbg[0]["stock"], dbg[1]["stock"])}, '
                    f'ours {div(dbg[0]["patched"], dbg[1]["patched"])}')
    mhz = host_tsc_mhz()
    if os.environ.get('BENCH_ICOUNT') == '1':
        rows.append('cyc = instructions the guest executed (QEMU -icount shift=0: its TSC '
                    'advances by one per instruction), the same in every boot of a kernel')
    elif mhz:
        rows.append(f'cyc = TSC cycles of the host (the guest under TCG reads the host TSC): '
                    f'{mhz:.0f} MHz here, 1000 cyc = {1000 / mhz:.2f} us')
    if missing or not keys:
        rows.append(f'MISSING: {missing} figure(s) absent from some boot')
    text = '\n'.join(rows) + '\n'
    os.makedirs(odir, exist_ok=True)
    with open(os.path.join(odir, 'bench.txt'), 'w') as f:
        f.write(text)
    sys.stdout.write(text)

    try:
        import matplotlib
        matplotlib.use('Agg')
        import matplotlib.pyplot as plt
    except ImportError:
        print('bench: no matplotlib (make deps installs python3-matplotlib): no bench.png')
        return 1 if missing or not keys else 0
    phases = ('create_flat', 'lookup', 'remove_flat', 'create_tree', 'remove_tree')
    fig, axes = plt.subplots(1, 3, figsize=(16, 5))
    for ax, fs in zip(axes[:2], ('debugfs', 'tracefs')):
        for i, ph in enumerate(phases):
            ns = sorted(n for (f, n, p, u) in med if f == fs and p == ph)
            if not ns:
                continue
            c = f'C{i}'
            for k, style in (('stock', '--'), ('patched', '-')):
                ys = [med[(fs, n, ph, 'cycles_per_entry')][k] for n in ns]
                if None in ys:
                    continue
                ax.plot(ns, ys, style, color=c, marker='o',
                        label=f'{ph} {"ours" if k == "patched" else "stock"}')
            ys = [med.get(('floor', n, ph, 'cycles_per_entry'), {}).get('patched') for n in ns]
            if ph in FLOOR_PHASES and None not in ys:
                ax.plot(ns, ys, ':', color=c, marker='x', label=f'{ph} floor')
        ax.set_xscale('log')
        ax.set_yscale('log')
        ax.set_xlabel('N entries')
        ax.set_ylabel('TSC cycles per entry')
        ax.set_title(f'{fs}: cost per entry (dashed stock, solid ours, dotted floor)', fontsize=10)
        ax.legend(fontsize=7)
        ax.grid(True, which='both', alpha=0.3)
    ax = axes[2]
    for i, fs in enumerate(('debugfs', 'tracefs')):
        ns = sorted(n for (f, n, p, u) in med if f == fs and p == 'slab')
        for k, style in (('stock', '--'), ('patched', '-')):
            ys = [med[(fs, n, 'slab', 'bytes_per_entry')][k] for n in ns]
            if ns and None not in ys:
                ax.plot(ns, ys, style, color=f'C{i}', marker='o',
                        label=f'{fs} {"ours" if k == "patched" else "stock"}')
    ax.set_xscale('log')
    ax.set_xlabel('N entries')
    ax.set_ylabel('slab bytes per entry')
    ax.set_title('slab bytes per file (10000 / N directories of N files)')
    ax.legend(fontsize=7)
    ax.grid(True, which='both', alpha=0.3)
    fig.tight_layout()
    fig.savefig(os.path.join(odir, 'bench.png'), dpi=90)
    return 1 if missing or not keys else 0


if __name__ == '__main__':
    sys.exit(main())
