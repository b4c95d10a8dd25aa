#!/bin/sh
# Copies Debian programs and every shared library they load (ldd's closure) into a folder laid out as
# the root file system, so a runtime image takes them without apt, dpkg or the packages' other files
# (media's fpcalc: 0.16 GB of libraries against 0.5 GB for libchromaprint-tools installed).
#
#   copy-programs.sh <out folder> <program> [program ...]
set -eu
out="$1"
shift
# Each file under its folder's real path (/lib is a link to /usr/lib here) and its own name (a
# library's soname, which the loader looks for), its content followed through links.
copy() {
  folder="$out$(readlink -f "$(dirname "$1")")"
  mkdir -p "$folder"
  cp -L "$1" "$folder/$(basename "$1")"
}
for program in "$@"; do
  file="$(command -v "$program")" || { echo "copy-programs: $program is not installed" >&2; exit 1; }
  copy "$file"
  # ldd prints "name => /path (address)" for a library. glibc's own (the loader, libc, libm, ...) stay
  # the runtime's: a libc newer than the runtime's loader would not start.
  ldd "$file" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' |
    grep -Ev '/(ld-linux[^/]*|lib(c|m|mvec|pthread|dl|rt|resolv|util|anl|nsl)\.so[^/]*)$' |
    while read -r library; do copy "$library"; done
done
