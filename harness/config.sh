#!/bin/bash
# config.sh SRC OUT FRAGMENT...: x86_64 tinyconfig + our fragments in OUT.
# Rewrites OUT/.config only when the result changes, so that an unchanged
# configuration does not trigger a rebuild.
set -euo pipefail
src=$1 out=$2; shift 2
mkdir -p "$out"
# A kept scratch folder beside OUT: kconfig's own tools are built there once.
tmp=$out.kconfig
mkdir -p "$tmp"
make -s -C "$src" O="$tmp" ARCH=x86_64 tinyconfig >/dev/null
"$src/scripts/kconfig/merge_config.sh" -m -O "$tmp" "$tmp/.config" "$@" >/dev/null
make -s -C "$src" O="$tmp" ARCH=x86_64 olddefconfig >/dev/null
# Every symbol a fragment asks for must have stuck (the patched tree knows
# symbols the stock one does not: those are only checked where they exist).
find "$src" -path "$src/.git" -prune -o -name 'Kconfig*' -print0 | xargs -0 cat |
	sed -n 's/^[[:space:]]*\(menu\)\{0,1\}config[[:space:]]\{1,\}\([A-Z0-9_]*\).*/\2/p' | sort -u >"$tmp/symbols"
# A later fragment overrides an earlier one (merge_config.sh's rule): each
# symbol is checked against the last fragment that sets it.
i=0
for frag in "$@"; do
	i=$((i + 1))
	later=("${@:i+1}")
	grep -E '^CONFIG_[A-Z0-9_]+=' "$frag" | while IFS= read -r line; do
		sym=${line%%=*}
		want=${line#*=}
		grep -qx "${sym#CONFIG_}" "$tmp/symbols" || continue
		[ ${#later[@]} -gt 0 ] && grep -qE "^$sym=" "${later[@]}" && continue
		if [ "$want" = n ]; then
			! grep -q "^$sym=y" "$tmp/.config" || { echo "config: $sym=y despite $frag" >&2; exit 1; }
		elif ! grep -qx "$line" "$tmp/.config"; then
			echo "config: $frag asks for $line but got '$(grep "^$sym=\|# $sym " "$tmp/.config")'" >&2
			exit 1
		fi
	done
done
# A symbol a fragment sets that SRC does not know (ours, or the bench
# patch's CONFIG_TEST_PSEUDOFS, which the stock kernels build at the tag
# pristine-bench) goes into the .config as asked: the build's kconfig keeps
# it where the built tree knows it, and drops it in silence where not,
# instead of asking about a NEW symbol.
for frag in "$@"; do
	grep -E '^CONFIG_[A-Z0-9_]+=' "$frag" | while IFS= read -r line; do
		sym=${line%%=*}
		grep -qx "${sym#CONFIG_}" "$tmp/symbols" && continue
		grep -q "^$sym=" "$tmp/.config" || echo "$line" >>"$tmp/.config"
	done
done
if ! cmp -s "$tmp/.config" "$out/.config"; then
	cp "$tmp/.config" "$out/.config"
fi
