#!/bin/sh
# Installs liblimelight, Limelight's C library, from a SwiftPM build folder under a prefix:
#
#   sh scripts/install-library.sh BUILD_FOLDER DESTINATION [PREFIX]
#
# DESTINATION is where the files go (PREFIX, or a staging folder with it: $DESTDIR$PREFIX); PREFIX
# (DESTINATION unless given) is where they will be, as limelight.pc says. Into DESTINATION:
#
# PREFIX/lib/liblimelight.so.1 (the built libLimelightC.so, its SONAME liblimelight.so.1 and its
# RUNPATH $ORIGIN alone) and the liblimelight.so link to it; beside them the Swift runtime libraries
# it needs from the toolchain (libswiftCore.so, libFoundation.so, libdispatch.so, …), so `ldd` of the
# installed library names nothing outside PREFIX/lib and the system's library folders;
# PREFIX/include/limelight.h; and PREFIX/lib/pkgconfig/limelight.pc, so an app builds with
# `cc app.c $(pkg-config --cflags --libs limelight)`. Needs patchelf (Debian's `patchelf`).
set -eu
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    echo "usage: sh scripts/install-library.sh BUILD_FOLDER DESTINATION [PREFIX]" >&2
    exit 2
fi
build=$1
prefix=$2
final=${3:-$2}
here=$(cd "$(dirname "$0")/.." && pwd)
built="$build/libLimelightC.so"
[ -f "$built" ] || { echo "install-library: no $built (build the LimelightC product first)" >&2; exit 1; }
command -v patchelf >/dev/null || { echo "install-library: patchelf not found (apt-get install patchelf)" >&2; exit 1; }
case "$prefix" in /*) ;; *) prefix="$(pwd)/$prefix" ;; esac
case "$final" in /*) ;; *) final="$(pwd)/$final" ;; esac
lib="$prefix/lib"
install -d "$lib" "$lib/pkgconfig" "$prefix/include" "$prefix/share/limelight"
# What was installed, one path a line under PREFIX, for `make uninstall`.
manifest="$prefix/share/limelight/library-files"
echo "lib/liblimelight.so.1
lib/liblimelight.so
include/limelight.h
lib/pkgconfig/limelight.pc" >"$manifest"

# The library, named as C programs link it; a copy first, so the build's own stays as it is.
rm -f "$lib/liblimelight.so" "$lib/liblimelight.so.1"
install -m 755 "$built" "$lib/liblimelight.so.1.tmp"
patchelf --set-soname liblimelight.so.1 "$lib/liblimelight.so.1.tmp"
# Apart: patchelf 0.14 kept the old RUNPATH when given both at once.
patchelf --set-rpath '$ORIGIN' "$lib/liblimelight.so.1.tmp"
mv "$lib/liblimelight.so.1.tmp" "$lib/liblimelight.so.1"
ln -s liblimelight.so.1 "$lib/liblimelight.so"

# The toolchain's libraries the build links (ldd follows what they need in turn), each with its
# own RUNPATH $ORIGIN already: found beside the library once copied.
ldd "$built" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' | while read -r needed; do
    case "$needed" in
        /lib/*|/usr/lib/*|/lib64/*|/usr/lib64/*) ;;
        *) install -m 644 "$needed" "$lib/$(basename "$needed")"
           echo "lib/$(basename "$needed")" >>"$manifest" ;;
    esac
done

install -m 644 "$here/include/limelight.h" "$prefix/include/limelight.h"
version=$(sed -n 's/^#define LIMELIGHT_VERSION "\(.*\)"$/\1/p' "$here/include/limelight.h")
cat > "$lib/pkgconfig/limelight.pc" <<PC
prefix=$final
libdir=\${prefix}/lib
includedir=\${prefix}/include

Name: limelight
Description: Limelight's tours over an app's own frames: a dim with anti-aliased holes, a bubble, input through the hole
Version: $version
Libs: -L\${libdir} -Wl,-rpath,\${libdir} -llimelight
Cflags: -I\${includedir}
PC
echo "installed $lib/liblimelight.so, $prefix/include/limelight.h and $lib/pkgconfig/limelight.pc"
