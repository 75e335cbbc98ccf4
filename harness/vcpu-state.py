#!/usr/bin/env python3
"""vcpu-state.py MONITOR_SOCKET SYSTEM_MAP: where a silent guest's vCPUs are.

Asks QEMU's human monitor (a unix socket, -monitor unix:...,server,nowait)
for every vCPU's registers and prints, one line per vCPU, whether it is
halted (HLT=1: idle, waiting for an interrupt) and the kernel function its
RIP is in, from the kernel's System.map.

Exit status: 0 every vCPU halted; 1 a vCPU runs code (a guest that spins
without printing); 2 the monitor did not answer (QEMU itself is stuck).
"""
import bisect
import re
import socket
import sys
import time

PROMPT = b'(qemu) '


def ask(path, command, wait=10.0):
    """The monitor's answer to COMMAND, or None if it gave none in WAIT s."""
    deadline = time.monotonic() + wait
    try:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(wait)
        s.connect(path)
    except OSError as e:
        print(f'# monitor: {e}')
        return None
    buf = b''
    sent = False
    with s:
        while time.monotonic() < deadline:
            if not sent and buf.endswith(PROMPT):
                s.sendall(command.encode() + b'\n')
                buf, sent = b'', True
                continue
            if sent and buf.endswith(PROMPT):
                return buf[:-len(PROMPT)].decode(errors='replace')
            try:
                chunk = s.recv(65536)
            except OSError:
                break
            if not chunk:
                break
            buf += chunk
    return None


def load_map(path):
    """Sorted (address, name) of the text symbols of a System.map."""
    syms = []
    try:
        with open(path) as f:
            for line in f:
                parts = line.split()
                if len(parts) == 3 and parts[1] in 'tTwW':
                    syms.append((int(parts[0], 16), parts[2]))
    except OSError:
        pass
    syms.sort()
    return syms


def symbol(syms, addr):
    i = bisect.bisect_right(syms, (addr, '\uffff')) - 1
    if i < 0 or addr - syms[i][0] > 0x100000:
        return f'{addr:#x}'
    return f'{syms[i][1]}+{addr - syms[i][0]:#x}'


def main():
    sock, sysmap = sys.argv[1], sys.argv[2]
    out = ask(sock, 'info registers -a')
    if out is None:
        print('# vcpus: the monitor did not answer: QEMU itself is stuck')
        return 2
    syms = load_map(sysmap)
    running = 0
    cpus = re.split(r'^CPU#(\d+)\s*$', out, flags=re.M)
    for num, regs in zip(cpus[1::2], cpus[2::2]):
        rip = re.search(r'\b[RE]IP=([0-9a-f]+)', regs)
        hlt = re.search(r'\bHLT=(\d)', regs)
        halted = bool(hlt and hlt.group(1) == '1')
        running += not halted
        where = symbol(syms, int(rip.group(1), 16)) if rip else '?'
        print(f'# vcpu {num}: {"halted" if halted else "running"} at {where}')
    if len(cpus) < 3:
        print('# vcpus: no registers in the monitor\'s answer')
        return 2
    return 1 if running else 0


if __name__ == '__main__':
    sys.exit(main())
