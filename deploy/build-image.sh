#!/usr/bin/env bash
# deploy/Dockerfile built with buildah, where there is no Docker engine (the image test of tests/ops/ builds with
# it): the base pulled or made by deploy/base-image.sh, RUN steps on the host's network, and every layer kept in
# buildah's storage for the next build, which reuses all of them up to the first changed input (after a code
# change: the source copy and what follows). Anywhere Docker runs, `docker build -f deploy/Dockerfile .` is the
# same build.
#
#   deploy/build-image.sh [IMAGE]      # default localhost/spades-service:latest; last line: seconds and size
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
IMAGE=${1:-localhost/spades-service:latest}

start=$SECONDS
"$ROOT/deploy/base-image.sh" >/dev/null

args=(--isolation chroot --network host --layers --pull=false -f "$ROOT/deploy/Dockerfile" -t "$IMAGE")
# pip in the build trusts its own CA bundle only. Where this machine's pip is told to trust another (a proxy that
# signs TLS itself), the build's pip is given the same, in a folder mounted for the RUN steps alone: nothing of it
# enters an image but the empty mount point /etc/xdg/pip.
pip_cert() {
    # pip's own configuration files, site-wide then the user's, the last that sets it winning as in pip.
    python3 -c 'import configparser, os, sys
parser = configparser.ConfigParser()
parser.read([f for f in sys.argv[1:] if f])
print(parser.get("global", "cert", fallback=""))' /etc/pip.conf /etc/xdg/pip/pip.conf ~/.pip/pip.conf \
        ~/.config/pip/pip.conf "${PIP_CONFIG_FILE:-}"
}
cert=${PIP_CERT:-$(pip_cert)}
pipconf=""
trap '[[ -n "$pipconf" ]] && rm -rf "$pipconf"' EXIT
if [[ -n "$cert" && -r "$cert" ]]; then
    pipconf=$(mktemp -d)
    cp "$cert" "$pipconf/ca.pem"
    printf '[global]\ncert = /etc/xdg/pip/ca.pem\n' >"$pipconf/pip.conf"
    chmod -R a+rX "$pipconf"
    args+=(--volume "$pipconf:/etc/xdg/pip:ro")
fi

previous=$(buildah images --quiet --no-trunc "$IMAGE" 2>/dev/null || true)
buildah bud "${args[@]}" "$ROOT"
# The image this one replaces (and the layers only it used) leaves the storage, so rebuilds do not pile up.
if [[ -n "$previous" && "$previous" != "$(buildah images --quiet --no-trunc "$IMAGE")" ]]; then
    buildah rmi "$previous" >/dev/null 2>&1 || true
fi

# The image's size as `docker images` gives it: its layers, uncompressed.
bytes=$(buildah inspect --type image --format '{{.Manifest}}' "$IMAGE" |
    python3 -c 'import json, sys; print(sum(layer["size"] for layer in json.load(sys.stdin)["layers"]))')
echo "built $IMAGE in $((SECONDS - start)) s: $((bytes / 1000000)) MB"
