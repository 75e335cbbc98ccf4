/*
 * Macro hints for spatch on Linux 7.3.  build/tc/bin/spatch (made by
 * harness/toolchain.sh) passes coccinelle's standard.h followed by this
 * file as --macro-file-builtins.  A function spatch cannot parse is
 * skipped by a semantic patch in silence.  <linux/cleanup.h>'s scoped
 * guards open a block, which spatch 1.1.1 and 1.3 alike cannot parse from
 * the macro's use alone; guard() parses as it is.
 */
#define scoped_guard(_name, args...) for (;;)
#define scoped_cond_guard(_name, _fail, args...) for (;;)

/* <linux/cred.h>: scoped_with_creds(cred) { ... } opens a block too. */
#define scoped_with_creds(cred) for (;;)

/* <linux/compiler_types.h>: __counted_by(member) on a flexible array. */
#define __counted_by(member) MACROANNOTATION

/*
 * kernel/trace/trace_probe.[ch]: function and array names built by a
 * macro, "int PRINT_TYPE_FUNC_NAME(string)(...)": an identifier.
 */
#define PRINT_TYPE_FUNC_NAME(type) YACFE_IDENT_BUILDER
#define PRINT_TYPE_FMT_NAME(type) YACFE_IDENT_BUILDER

/*
 * <linux/cleanup.h>: "type *p __free(kfree) = ...".  Without the hint
 * spatch's lookahead reads __free(kfree) as a declarator and takes kfree
 * for a type for the rest of the file, so that every later kfree(x) fails
 * to parse.  Only a built-in hint acts before that lookahead.
 */
#define __free(func) MACROANNOTATION
