#!/usr/bin/env bash
# The Dockerfile's base image, python:3.11-slim, in buildah's local storage: pulled when a registry answers, and
# otherwise a stand-in made here from Debian bookworm's packages (mmdebstrap) and tagged under the same name, so
# that `buildah bud --pull=false -f deploy/Dockerfile .` builds the Dockerfile unchanged on a machine that
# reaches Debian's mirror but no image registry. Anywhere Docker can pull, nothing here is needed.
#
# The stand-in keeps what the Dockerfile relies on: `python` (and python3, python3.11) in /usr/local/bin first on
# PATH, `python -m venv` with pip, the C headers that mypyc's build needs (but no compiler: the build stage
# installs gcc with apt, which works as in the real image), groupadd/useradd, CA certificates, LANG=C.UTF-8; and
# what the service relies on: dbm.gnu (python3-gdbm), which shelve, and so Celery beat, picks first as the real
# image's Python does, so that beat's schedule is the one file /tmp/celerybeat-schedule its health checks read.
# It is Debian's CPython 3.11 (3.11.2), not python.org's build of the latest 3.11, so an image built on it is for
# testing the deploy, not for shipping.
#
#   deploy/base-image.sh            # present, pulled or made (about a minute); prints the image's name
#   deploy/base-image.sh --rebuild  # make the stand-in again even if one is present
set -euo pipefail

IMAGE=${BASE_IMAGE:-docker.io/library/python:3.11-slim}
SUITE=bookworm
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# A stand-in made by another version of this script is made again.
RECIPE=$(sha256sum "$HERE/base-image.sh" | cut -c1-16)

rebuild=0
[[ "${1:-}" == "--rebuild" ]] && rebuild=1

label() { buildah inspect --type image --format "{{index .OCIv1.Config.Labels \"$1\"}}" "$IMAGE" 2>/dev/null; }

# The real image, once pulled, is kept; a stand-in gives way to it as soon as a registry answers.
present=0
if buildah inspect --type image "$IMAGE" >/dev/null 2>&1; then
    present=1
    made_by=$(label io.spades.stand-in-recipe)
    if [[ -z "$made_by" ]]; then
        echo "$IMAGE"
        exit 0
    fi
fi
if ((!rebuild)) && buildah pull --quiet --policy always --retry 0 "$IMAGE" >/dev/null 2>&1; then
    echo "$IMAGE"
    exit 0
fi
if ((present && !rebuild)); then
    if [[ "$made_by" == "$RECIPE" ]]; then
        echo "$IMAGE"
        exit 0
    fi
    echo "base-image.sh: the stand-in was made by another version of this script; making it again" >&2
fi

for tool in mmdebstrap buildah; do
    command -v "$tool" >/dev/null || { echo "base-image.sh: $IMAGE cannot be pulled and $tool is missing" >&2; exit 1; }
done
echo "base-image.sh: $IMAGE cannot be pulled; making a stand-in from Debian $SUITE packages" >&2

work=$(mktemp -d)
container=""
cleanup() {
    [[ -n "$container" ]] && buildah rm "$container" >/dev/null 2>&1
    rm -rf "$work"
}
trap cleanup EXIT

# minbase is Debian's own base image (debian:bookworm, which python:3.11-slim starts from): Essential and
# required packages, apt; /usr merged by directory links as debootstrap does (mmdebstrap's merged-usr hook), not
# by the usrmerge package, which would bring the whole of perl. Documentation and translations are left out as in debian:bookworm-slim (the dpkg
# filter stays in the image, so that what the Dockerfile installs is slim too). libpython3.11-dev is installed
# only for its headers: they are kept and the package with its compiler-side dependencies (libc6-dev, the
# static library) purged, as the real image has headers and no libc6-dev.
mmdebstrap --quiet --variant=minbase --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
    --include=python3.11,python3.11-venv,python3-gdbm,libpython3.11-dev,ca-certificates \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/info/*' \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/locale/*' --dpkgopt='path-include=/usr/share/locale/locale.alias' \
    --customize-hook='mkdir "$1/tmp/headers" && cp -a "$1/usr/include/python3.11" "$1/tmp/headers/generic" && cp -a "$1/usr/include/x86_64-linux-gnu/python3.11" "$1/tmp/headers/arch"' \
    --customize-hook='chroot "$1" apt-get purge -y -qq --autoremove libpython3.11-dev >/dev/null' \
    --customize-hook='mkdir -p "$1/usr/include/x86_64-linux-gnu" && mv "$1/tmp/headers/generic" "$1/usr/include/python3.11" && mv "$1/tmp/headers/arch" "$1/usr/include/x86_64-linux-gnu/python3.11" && rmdir "$1/tmp/headers"' \
    --customize-hook='for name in python python3 python3.11; do ln -s /usr/bin/python3.11 "$1/usr/local/bin/$name"; done' \
    --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin "$1"/var/log/*.log' \
    "$SUITE" "$work/root.tar" >"$work/mmdebstrap.log" 2>&1 || { cat "$work/mmdebstrap.log" >&2; exit 1; }

replaced=$(buildah images --quiet --no-trunc "$IMAGE" 2>/dev/null || true)
container=$(buildah from scratch)
buildah add --quiet "$container" "$work/root.tar" /
python_version=$(tar -xOf "$work/root.tar" ./var/lib/dpkg/status | awk '/^Package: / {p = $2 == "python3.11-minimal"} p && /^Version:/ {print $2}')
buildah config \
    --env PATH=/usr/local/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin \
    --env LANG=C.UTF-8 \
    --env PYTHON_VERSION="${python_version%%-*}" \
    --cmd python3 \
    --label io.spades.stand-in-recipe="$RECIPE" \
    --label org.opencontainers.image.description="A stand-in for python:3.11-slim made from Debian $SUITE packages by deploy/base-image.sh (Debian's python3.11 $python_version)" \
    "$container"
buildah commit --quiet --rm "$container" "$IMAGE" >/dev/null
container=""
# The stand-in it replaces goes too, unless images built on it still need it.
[[ -n "$replaced" ]] && buildah rmi "$replaced" >/dev/null 2>&1 || true
echo "$IMAGE"
