#!/bin/sh
# Makes docs/images/gestures.png, the README's picture of the gesture demonstrations: each step of
# scripts/docs/gestures.json (one gesture a row) at 300, 500, 700, 900 and 1100 ms into the step,
# cropped around its target, and the still arrow or ring reduced motion shows instead. The sample
# app takes only some of these gestures (a tap on the add button, a scroll), so `limelight test`
# fails the others' cases (see "Gesture demonstrations" in the README); their frames are recorded
# all the same, and this picture is made from them.
# Run from the project's root after `swift build`; needs ImageMagick (`convert`).
set -eu
LIMELIGHT=${LIMELIGHT:-.build/debug/limelight}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp scripts/docs/gestures.json "$work/gestures.json"
"$LIMELIGHT" test --update "$work/gestures.json" > /dev/null || true
[ -f "$work/gestures.goldens/390x844@1x-en-step06-t1100.png" ] || { echo "the frames were not recorded" >&2; exit 1; }
g="$work/gestures.goldens"
# The part of the 390x844 screen each step's gesture is on (width x height + x + y).
crops="390x420+0+424 390x420+0+40 390x420+0+40 390x520+0+324 390x420+0+180 390x420+0+40"
rows=""
i=1
for crop in $crops; do
    frames=""
    for t in 300 500 700 900 1100; do frames="$frames $g/390x844@1x-en-step0$i-t$t.png"; done
    frames="$frames $g/390x844@1x-en-reduced-step0$i.png"
    /usr/bin/convert $frames -crop "$crop" +repage -resize 45% -bordercolor white -border 4 +append "$work/row$i.png"
    rows="$rows $work/row$i.png"
    i=$((i + 1))
done
/usr/bin/convert $rows -background white -gravity west -append docs/images/gestures.png
echo "wrote docs/images/gestures.png"
