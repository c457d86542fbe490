#!/bin/sh
# Makes .devbundle/ at the top of the checkout: what a bare CUDA server
# lacks to run Warpscope's tests and CLI — GLib, epoxy, Cairo and the
# libraries they load, and the GL/EGL dispatch libraries — taken as Debian
# amd64 packages (the server has the NVIDIA driver, no desktop stack).
#   tests/gpu/device/bundle.sh        (on the Debian build machine; needs apt-get and dpkg)
# Carry .devbundle/ to the server with the tree and start each command there
# with  . .devbundle/activate  (README, "Testing on a GPU machine").
set -eu
top=$(git rev-parse --show-toplevel)
cd "$top"
bundle=.devbundle
lists=$(mktemp -d)
trap 'rm -rf "$lists"' EXIT

# Keep it out of git's way, in a clone or a worktree alike.
exclude=$(git rev-parse --git-path info/exclude)
mkdir -p "$(dirname "$exclude")"
grep -qx "/$bundle/" "$exclude" 2>/dev/null || echo "/$bundle/" >> "$exclude"

rm -rf "$bundle"
mkdir -p "$bundle/gl" "$bundle/debs" "$lists/partial"
apt_amd64="-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=$lists"
# shellcheck disable=SC2086 # the options are words on purpose
apt-get $apt_amd64 update > /dev/null

# The GL dispatch libraries (glvnd) go into the server's own /, where the
# driver's vendor libraries look for them.
# shellcheck disable=SC2086
(cd "$bundle/gl" && apt-get $apt_amd64 download -q \
   libglvnd0 libegl1 libgl1 libglx0 libgles2 libopengl0 > /dev/null)

# The rest stays in a private tree, found through LD_LIBRARY_PATH.
# shellcheck disable=SC2086
(cd "$bundle/debs" && apt-get $apt_amd64 download -q \
   libglib2.0-0 libjson-glib-1.0-0 libepoxy0 libcairo2 libpixman-1-0 libpng16-16 libfreetype6 libbrotli1 \
   libfontconfig1 fontconfig-config fonts-dejavu-core libexpat1 \
   libxrender1 libxcb-render0 libxcb-shm0 > /dev/null)
for deb in "$bundle"/debs/*.deb; do
  dpkg-deb -x "$deb" "$bundle/root"
done
rm -rf "$bundle/debs"

cat > "$bundle/activate" <<'EOF'
# Sourced first in a command on the CUDA server (from the tree's top).
for deb in .devbundle/gl/*.deb; do dpkg-deb -x "$deb" /; done
ldconfig
_ws_root=$PWD/.devbundle/root
export LD_LIBRARY_PATH="$_ws_root/usr/lib/x86_64-linux-gnu:$_ws_root/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export FONTCONFIG_PATH="$_ws_root/etc/fonts" FONTCONFIG_FILE="$_ws_root/etc/fonts/fonts.conf"
# Headless EGL: the NVIDIA driver's vendor file, where the server keeps it.
export __EGL_VENDOR_LIBRARY_FILENAMES=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
EOF
echo "$bundle: $(du -sh "$bundle" | cut -f1)"
