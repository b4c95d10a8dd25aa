#!/bin/sh
# Drops what a production node_modules carries for editors and debuggers only: source maps, type
# declarations and markdown. Nothing at run time reads them (the apps' own dist keeps its maps for
# --enable-source-maps); in the gateway's install they were 71 of 126 MB. Licences stay.
#
#   prune-modules.sh <node_modules folder>
set -eu
find "$1" -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \
  -o -name '*.md' -o -name '*.markdown' \) -delete
