#!/bin/sh
# Makes docs/images/checklists.png, the README's picture of a checklist on screen: the sample app's
# checklist (assets/tours/getting-started.checklist.json) closed, open on a phone in English,
# Japanese and Arabic (mirrored), and open on a desktop window, each drawn by `limelight render
# --checklist`, with its first item ticked as saved progress would have it.
# Run from the project's root after `swift build`; needs ImageMagick (`convert`).
set -eu
LIMELIGHT=${LIMELIGHT:-.build/debug/limelight}
list=assets/tours/getting-started.checklist.json
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$LIMELIGHT" render --checklist "$list" --checked tour --out "$work/closed.png" 2>/dev/null
for lang in en ja ar; do
    "$LIMELIGHT" render --checklist "$list" --checked tour --open --lang "$lang" --out "$work/open-$lang.png" 2>/dev/null
done
"$LIMELIGHT" render --checklist "$list" --checked tour,add --open --size 1280x800 --out "$work/desktop.png" 2>/dev/null
/usr/bin/convert "$work/closed.png" "$work/open-en.png" "$work/open-ja.png" "$work/open-ar.png" \
    -resize 50% -bordercolor white -border 6 +append "$work/phones.png"
/usr/bin/convert "$work/desktop.png" -resize 61% -bordercolor white -border 6 "$work/desktop-small.png"
/usr/bin/convert "$work/phones.png" "$work/desktop-small.png" -background white -gravity west -append docs/images/checklists.png
echo "wrote docs/images/checklists.png"
