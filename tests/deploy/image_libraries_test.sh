#!/usr/bin/env bash
# Does the image's run stage install every shared library its binaries load? Checked without a
# container, offline, in a few seconds, from the Dockerfile and this machine's dpkg database
# (Debian 12, as the image):
#
#   image_libraries_test.sh REPO_ROOT BUILD_DIR [DOCKERFILE]
#
# - the binaries: the `COPY --from=... /src/build/X ...` lines of the Dockerfile's last stage,
#   X taken from BUILD_DIR (a build of this repository, as the image's build stage makes one);
# - what the run stage installs: the packages of its `apt-get install` lines, with everything
#   they depend on (Depends and Pre-Depends, recursively), plus what debian:bookworm-slim
#   already has: debootstrap's minbase, i.e. the packages of priority `required`, apt, and
#   their dependencies;
# - every library `ldd` lists for a binary must be found ("not found" fails), and the package
#   that owns it (`dpkg -S`) must be one of those.
#
# A failure names the library, its package, and the fix (the line to change in the Dockerfile).
# Exit 0: all there; 1: something missing; 77 (ctest: skipped): no dpkg or ldd on this machine.
# DOCKERFILE defaults to REPO_ROOT/Dockerfile; pass another to check it (e.g. an older one:
# `git show HEAD:Dockerfile >/tmp/Dockerfile.head`).
set -euo pipefail

if [[ $# -lt 2 || $# -gt 3 ]]; then
    echo "usage: $0 REPO_ROOT BUILD_DIR [DOCKERFILE]" >&2
    exit 2
fi
repo="$1"
build_dir="$2"
dockerfile="${3:-$repo/Dockerfile}"
# Where the Dockerfile's build stage builds (WORKDIR /src, cmake -B build).
image_build_dir=/src/build

for tool in dpkg-query ldd; do
    if ! command -v "$tool" >/dev/null; then
        echo "SKIP: no $tool here (the check needs a Debian system like the image's)"
        exit 77
    fi
done
[[ -r "$dockerfile" ]] || { echo "FAIL: cannot read $dockerfile"; exit 1; }

# ---- the Dockerfile's last stage ---------------------------------------------------------------
# Instructions one per line: comment lines dropped (Docker drops them inside continued lines
# too), then continued lines (ending in \) joined.
instructions=$(sed -e '/^[[:space:]]*#/d' "$dockerfile" | sed -e ':a' -e '/\\$/{N;s/\\\n/ /;ba' -e '}')
last_stage=$(awk 'toupper($1) == "FROM" { stage = "" } { stage = stage $0 "\n" } END { printf "%s", stage }' \
    <<<"$instructions")
base_image=$(awk 'toupper($1) == "FROM" { print $2; exit }' <<<"$last_stage")

# The packages: the words after `apt-get install` up to the end of that command (&&, ;, |),
# skipping options (and -o's argument); a version or architecture suffix is dropped.
mapfile -t run_packages < <(
    awk '{
        for (i = 1; i <= NF; i++) {
            if ($i == "apt-get" && $(i + 1) == "install") { on = 1; i++; continue }
            if (!on) continue
            if ($i == "&&" || $i == "||" || $i == ";" || $i == "|") { on = 0; continue }
            if ($i == "-o") { i++; continue }
            if ($i ~ /^-/) continue
            w = $i; sub(/;$/, "", w); sub(/[=:].*/, "", w)
            if (w != "") print w
            if ($i ~ /;$/) on = 0
        }
    }' <<<"$last_stage" | sort -u)

# The binaries: sources under the build stage's build tree in COPY --from lines.
mapfile -t image_binaries < <(
    awk -v prefix="$image_build_dir/" 'toupper($1) == "COPY" {
        from = 0
        for (i = 2; i <= NF; i++) if ($i ~ /^--from=/) from = 1
        if (!from) next
        for (i = 2; i < NF; i++) if (index($i, prefix) == 1) print $i
    }' <<<"$last_stage")

echo "Dockerfile: $dockerfile (run stage FROM ${base_image:-?})"
echo "run stage installs: ${run_packages[*]:-(nothing)}"
if [[ ${#image_binaries[@]} -eq 0 ]]; then
    echo "FAIL: no COPY --from=... $image_build_dir/... line in the Dockerfile's last stage"
    exit 1
fi
if [[ "$base_image" != debian:bookworm-slim ]]; then
    echo "note: the base image is taken to be debian:bookworm-slim (minbase), not ${base_image:-?}"
fi

# ---- packages: installed ones, their dependencies, the closures --------------------------------
# One line per installed package: name, priority, Pre-Depends and Depends (fields separated by
# tabs), and Provides (for virtual packages named in dependencies).
package_db=$(dpkg-query -W -f='${db:Status-Status}\t${Package}\t${Priority}\t${Pre-Depends}, ${Depends}\t${Provides}\n' |
    awk -F'\t' '$1 == "installed"')

# closure PACKAGE...: the packages and, recursively, what they depend on. Of alternatives
# (a | b) the first one installed here is taken (apt also takes the first it can); a virtual
# package stands for an installed package that provides it.
closure() {
    awk -F'\t' -v seeds="$*" '
        function strip(d) { gsub(/\(.*\)/, "", d); gsub(/[ \t]/, "", d); sub(/:.*/, "", d); return d }
        {
            deps[$2] = $4
            n = split($5, prov, ",")
            for (i = 1; i <= n; i++) { p = strip(prov[i]); if (p != "" && !(p in provider)) provider[p] = $2 }
        }
        function real(p) { return (p in deps) ? p : ((p in provider) ? provider[p] : "") }
        function add(p) { if (p == "" || (p in seen)) return; seen[p] = 1; queue[++tail] = p }
        END {
            n = split(seeds, s, " ")
            for (i = 1; i <= n; i++) { seen[s[i]] = 1; queue[++tail] = s[i] }
            for (head = 1; head <= tail; head++) {
                m = split(deps[queue[head]], clauses, ",")
                for (c = 1; c <= m; c++) {
                    k = split(clauses[c], alts, "|")
                    for (a = 1; a <= k; a++) { r = real(strip(alts[a])); if (r != "") { add(r); break } }
                }
            }
            for (p in seen) print p
        }' <<<"$package_db"
}

# (dpkg's priorities are the packages' own, which for two packages, sensible-utils and
# liblocale-gettext-perl, say `required` where the archive, which debootstrap reads, says
# `important`: the base taken here has them too, and neither holds a library a binary loads.)
mapfile -t required < <(awk -F'\t' '$3 == "required" { print $2 }' <<<"$package_db")
declare -A in_base=() in_image=()
for p in $(closure "${required[@]}" apt); do in_base[$p]=1; in_image[$p]=1; done
for p in $(closure "${run_packages[@]}"); do in_image[$p]=1; done
for p in "${run_packages[@]}"; do
    if ! grep -q -P "^installed\t\Q$p\E\t" <<<"$package_db"; then
        echo "note: $p (installed by the run stage) is not installed here: its dependencies are not followed"
    fi
done

# ---- the libraries of each binary ---------------------------------------------------------------
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# candidates PATH: the names dpkg may know the file by. With merged /usr, ldd's
# /lib/x86_64-linux-gnu/libfoo.so.1 may be dpkg's /usr/lib/x86_64-linux-gnu/libfoo.so.1 or the
# reverse, and a symlink may be known only by its target's name.
candidates() {
    local path="$1" resolved c
    resolved=$(readlink -f "$path" || echo "$path")
    for c in "$path" "$resolved"; do
        echo "$c"
        case "$c" in
            /usr/*) echo "${c#/usr}" ;;
            *) echo "/usr$c" ;;
        esac
    done
}

# First every binary's libraries (binary, soname, path per line), then one dpkg-query -S for all
# their names at once (each call reads every package's file list: a second or so).
libraries=()
for image_path in "${image_binaries[@]}"; do
    binary="$build_dir/${image_path#"$image_build_dir"/}"
    name="${binary##*/}"
    if [[ ! -x "$binary" ]]; then
        fail "$name: $binary is not there (the image copies $image_path): build it first"
        continue
    fi
    if ! ldd_out=$(ldd "$binary" 2>&1); then
        fail "$name: ldd $binary failed: $ldd_out"
        continue
    fi
    count=0
    while read -r line; do
        [[ -n "$line" ]] || continue
        # "libfoo.so.1 => /lib/.../libfoo.so.1 (0x...)", "libfoo.so.1 => not found",
        # "/lib64/ld-linux-x86-64.so.2 (0x...)", "linux-vdso.so.1 (0x...)" (the kernel's: no file).
        if [[ "$line" == *"=> not found"* ]]; then
            fail "$name: ${line%% *} => not found (this machine lacks it too: install its package and rebuild)"
            continue
        fi
        if [[ "$line" == *" => "* ]]; then
            soname="${line%% => *}"
            path="${line#* => }"
        else
            soname="${line%% *}"
            path="$soname"
        fi
        path="${path%% (0x*}"
        [[ "$path" == /* ]] || continue
        count=$((count + 1))
        libraries+=("$name"$'\t'"$soname"$'\t'"$path")
    done <<<"$ldd_out"
    echo "$name: $count libraries ($binary)"
done

declare -A owner_of=()
if [[ ${#libraries[@]} -gt 0 ]]; then
    mapfile -t all_names < <(for l in "${libraries[@]}"; do candidates "${l##*$'\t'}"; done | sort -u)
    # "libssl3:amd64: /usr/lib/x86_64-linux-gnu/libssl.so.3" (several packages: "a, b: /path");
    # names dpkg does not know only go to stderr, and make the exit status 1.
    while IFS= read -r line; do
        [[ "$line" == *": /"* && "$line" != "diversion "* ]] || continue
        package="${line%%: /*}"
        package="${package%%,*}"
        owner_of["/${line#*: /}"]="${package%%:*}"
    done < <(dpkg-query -S "${all_names[@]}" 2>/dev/null || true)
fi

needed=()
for l in "${libraries[@]}"; do
    IFS=$'\t' read -r name soname path <<<"$l"
    package=""
    while read -r c; do
        if [[ -n "${owner_of[$c]:-}" ]]; then
            package="${owner_of[$c]}"
            break
        fi
    done < <(candidates "$path")
    if [[ -z "$package" ]]; then
        fail "$name: $soname ($path) belongs to no Debian package here (built by hand?): the image cannot install it"
        continue
    fi
    needed+=("$package")
    if [[ -z "${in_image[$package]:-}" ]]; then
        fail "$name: $soname ($path) is provided by $package, which the run stage does not install: add $package to the run stage's apt-get install in $dockerfile"
    fi
done

# Packages named in the run stage that no library needs directly nor through a dependency: not a
# failure (a package may be there for another reason, e.g. ca-certificates), only a note.
needed_closure=" $(closure "${needed[@]}" | tr '\n' ' ') "
[[ $failures -gt 0 ]] && run_packages=()  # (a binary missing: the notes would mislead)
for p in "${run_packages[@]}"; do
    if [[ "$needed_closure" != *" $p "* && -z "${in_base[$p]:-}" ]]; then
        echo "note: $p is installed by the run stage, and no library of the binaries needs it (fine if it is there for another reason)"
    fi
done

if [[ $failures -gt 0 ]]; then
    echo "FAILED: $failures problem(s)"
    exit 1
fi
echo "OK: every library the image's binaries load comes with the run stage's packages or the base image"
