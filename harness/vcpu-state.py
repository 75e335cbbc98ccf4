#!/usr/bin/env python3
"""vcpu-state.py MONITOR_SOCKET SYSTEM_MAP: where a silent guest's vCPUs are.

Asks QEMU's human monitor (a unix socket, -monitor unix:...,server,nowait)
for every vCPU's registers, three times a second apart, and prints one line
per vCPU and look: halted (HLT=1: idle, waiting for an interrupt) or
running, and where: the kernel function of its RIP from the kernel's
System.map, a kernel address without a symbol (a module), or a low address
(user space, or the firmware after a reset).

Exit status: 1 if a vCPU ran kernel code in one of the looks (the kernel
spins without printing); 0 if none did (halted, in user space or in the
firmware: the guest's timers are not firing); 2 if the monitor did not
answer (QEMU itself is stuck).
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


KERNEL_SPACE = 0xffff800000000000


def symbol(syms, addr):
    if addr < KERNEL_SPACE:
        return f'{addr:#x} (not the kernel)'
    i = bisect.bisect_right(syms, (addr, '\uffff')) - 1
    if i < 0 or addr - syms[i][0] > 0x100000:
        return f'{addr:#x} (kernel, no symbol)'
    return f'{syms[i][1]}+{addr - syms[i][0]:#x}'


def look(out, syms, n):
    """Print each vCPU of one answer; whether one ran kernel code, or None
    if the answer has no registers."""
    cpus = re.split(r'^CPU#(\d+)\s*$', out, flags=re.M)
    if len(cpus) < 3:
        return None
    in_kernel = False
    for num, regs in zip(cpus[1::2], cpus[2::2]):
        rip = re.search(r'\b[RE]IP=([0-9a-f]+)', regs)
        hlt = re.search(r'\bHLT=(\d)', regs)
        halted = bool(hlt and hlt.group(1) == '1')
        addr = int(rip.group(1), 16) if rip else 0
        in_kernel |= not halted and addr >= KERNEL_SPACE
        where = symbol(syms, addr) if rip else '?'
        print(f'# look {n}: vcpu {num}: {"halted" if halted else "running"} at {where}')
    return in_kernel


def main():
    sock, sysmap = sys.argv[1], sys.argv[2]
    syms = load_map(sysmap)
    in_kernel = False
    for n in (1, 2, 3):
        if n > 1:
            time.sleep(1)
        out = ask(sock, 'info registers -a')
        r = look(out, syms, n) if out is not None else None
        if r is None:
            print('# vcpus: the monitor did not answer with registers: QEMU itself is stuck')
            return 2
        in_kernel |= r
    return 1 if in_kernel else 0


if __name__ == '__main__':
    sys.exit(main())
