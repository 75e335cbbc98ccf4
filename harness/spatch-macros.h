/*
 * Macro hints for spatch on Linux 7.3 (harness/spatch.sh passes this file
 * with --macro-file): <linux/cleanup.h>'s scoped guards open a block, which
 * spatch 1.1.1 and 1.3 alike cannot parse from the macro's use alone, and
 * without a hint it skips the whole function in silence.  guard() and
 * __free() parse as they are.
 */
#define scoped_guard(_name, args...) for (;;)
#define scoped_cond_guard(_name, _fail, args...) for (;;)
