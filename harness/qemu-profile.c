// SPDX-License-Identifier: GPL-2.0
/*
 * qemu-profile.c - a QEMU TCG plugin for make bench-profile: the guest's
 * instructions, counted per translation block, in spans that begin each
 * time the guest enters one of the functions at marker=ADDR[:ADDR...]
 * (the benchmark's bench_cycles(), the kernel's personality(2), which
 * the bench suite's benchloop calls around its loop).  At each span's end
 * it writes to out=FILE
 *
 *	S <span> <instructions> <marker: 0 for the first ADDR, ...>
 *	B <block address> <instructions>	(one line per block run)
 *
 * spans numbered from 1, as the benchmark numbers those of bench_cycles()
 * (which all come before the others); what runs before the first is not
 * counted.  A block counts whole when entered, as with
 * -icount: an interrupt taken inside it is rare enough to ignore.
 *
 * Built by harness/bench-profile.sh against QEMU's plugin API version 1 (QEMU
 * 7.2), whose few calls are declared here: Debian ships no qemu-plugin.h.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
typedef struct {
	const char *target_name;
	struct { int min, cur; } version;
	bool system_emulation;
	union { struct { int smp_vcpus, max_vcpus; } system; };
} qemu_info_t;
struct qemu_plugin_tb;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS };
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu, void *udata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id,
					       struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *udata);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb,
					  qemu_plugin_vcpu_udata_cb_t cb,
					  enum qemu_plugin_cb_flags flags,
					  void *udata);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
					   qemu_plugin_vcpu_tb_trans_cb_t cb);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
				    qemu_plugin_udata_cb_t cb, void *udata);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

/* A translation block, by address and length (a retranslation may differ) */
struct block {
	uint64_t vaddr, count;
	uint32_t insns;
	bool touched;
};

#define NR_BLOCKS (1u << 20)
static struct block *blocks;
static uint32_t *touched, nr_touched;
#define NR_MARKERS 8
static uint64_t markers[NR_MARKERS], span, span_insns;
static int nr_markers, span_marker;
static FILE *out;

static struct block *block_of(uint64_t vaddr, uint32_t insns)
{
	uint32_t h = (vaddr * 0x9e3779b97f4a7c15ull) >> 44;

	for (;; h = (h + 1) & (NR_BLOCKS - 1)) {
		struct block *b = &blocks[h];

		if (!b->vaddr) {
			b->vaddr = vaddr;
			b->insns = insns;
		}
		if (b->vaddr == vaddr && b->insns == insns)
			return b;
	}
}

static void end_span(void)
{
	uint32_t i;

	fprintf(out, "S %lu %lu %d\n", (unsigned long)span,
		(unsigned long)span_insns, span_marker);
	for (i = 0; i < nr_touched; i++) {
		struct block *b = &blocks[touched[i]];

		fprintf(out, "B %lx %lu\n", (unsigned long)b->vaddr,
			(unsigned long)b->count);
		b->count = 0;
		b->touched = false;
	}
	nr_touched = 0;
	span_insns = 0;
}

static void block_run(unsigned int vcpu, void *udata)
{
	struct block *b = udata;
	int i;

	for (i = 0; i < nr_markers; i++) {
		if (b->vaddr != markers[i])
			continue;
		if (span)
			end_span();
		span++;
		span_marker = i;
	}
	if (!span)
		return;
	if (!b->touched) {
		b->touched = true;
		touched[nr_touched++] = b - blocks;
	}
	b->count += b->insns;
	span_insns += b->insns;
}

static void translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	qemu_plugin_register_vcpu_tb_exec_cb(tb, block_run,
					     QEMU_PLUGIN_CB_NO_REGS,
					     block_of(qemu_plugin_tb_vaddr(tb),
						      qemu_plugin_tb_n_insns(tb)));
}

static void at_exit(qemu_plugin_id_t id, void *udata)
{
	if (span)
		end_span();
	fclose(out);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
			int argc, char **argv)
{
	const char *file = NULL;
	char *p;
	int i;

	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "marker=", 7)) {
			for (p = argv[i] + 6; *p && nr_markers < NR_MARKERS; )
				markers[nr_markers++] = strtoull(p + 1, &p, 16);
		} else if (!strncmp(argv[i], "out=", 4)) {
			file = argv[i] + 4;
		}
	}
	if (!nr_markers || !file) {
		fprintf(stderr, "qemu-profile: needs marker=ADDR[:ADDR...],out=FILE\n");
		return -1;
	}
	blocks = calloc(NR_BLOCKS, sizeof(*blocks));
	touched = calloc(NR_BLOCKS, sizeof(*touched));
	out = fopen(file, "w");
	if (!blocks || !touched || !out) {
		perror("qemu-profile");
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, translated);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
