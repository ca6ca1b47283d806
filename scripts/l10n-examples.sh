#!/usr/bin/env bash
# Captures docs/LOCALISATION-examples.md: a few commands in German, French and the
# pseudo-locale, from the deployment `quench up` runs here (seed it first: a goal, some
# drinks, steps). Usage: QUENCH_USER=ana bash scripts/l10n-examples.sh > docs/LOCALISATION-examples.md
set -u
quench=${QUENCH:-.build/debug/quench}
export COLUMNS=72
echo "# The CLI in German, French and the pseudo-locale (captured output)"
echo
echo "Captured on $(date -u +%Y-%m-%d) by \`scripts/l10n-examples.sh\` from a local deployment (\`quench up"
echo "--insecure\`, a 2 L goal set that day, four days of water before it, a month of steps from a"
echo "small Health export) in a 72-column terminal. How the language is chosen and how to add"
echo "strings: [LOCALISATION.md](LOCALISATION.md)."
for lang in de fr pseudo; do
  case $lang in
    de) title="German (\`--lang de\` or \`LANG=de_DE.UTF-8\`)" ;;
    fr) title="French (\`--lang fr\` or \`LC_ALL=fr_FR.UTF-8\`)" ;;
    pseudo) title="Pseudo-locale (\`--lang pseudo\`: every letter accented, words 40 % longer; data, code in backticks and input like 250ml stay)" ;;
  esac
  echo; echo "## $title"; echo
  for cmd in "today" "history --days 5" "intakes" "steps" "consent" "log lots"; do
    echo '```'; echo "\$ quench $cmd --lang $lang"
    # shellcheck disable=SC2086
    "$quench" $cmd --lang $lang 2>&1 | grep -v "^Usage:\|See 'quench"
    echo '```'
  done
done
echo; echo "## A service's refusal: the stable code kept, a message per code and field, the service's detail after it"; echo
echo '```'
for args in "--lang de" "--lang fr --json" ""; do
  echo "\$ quench orm \"Bench Press\" $args"
  # shellcheck disable=SC2086
  "$quench" orm "Bench Press" $args 2>&1
done
echo '```'
# The import parsers' diagnostics on bad files (checked before anything is sent: no service needed).
files=$(mktemp -d)
printf 'Oct 11 2020,Back Squat,1,10,45\nOct 32 2020,Back Squat,1,10,45\nOct 11 2020,Back Squat,1,ten,45\nOct 11 2020,Back Squat,1,10,99999\n' > "$files/lifts.txt"
printf 'hello: this is not an export\n' > "$files/notes.txt"
echo; echo "## The import parsers' diagnostics (bad files)"; echo
echo "A workout log with bad lines (\`--strict\`: nothing sent), a file that is no workout log, no"
echo "Health export; \`--json\` keeps the parsers' English in the report (\`problems\`, \`errors\`: stable for scripts),"
echo "only its error \`message\` is in the language."
echo
echo '```'
for args in "workouts lifts.txt --strict --lang de" "workouts lifts.txt --strict --lang fr" "workouts notes.txt --lang pseudo" "apple-health notes.txt --lang de" "workouts lifts.txt --strict --lang fr --json"; do
  echo "\$ quench import $args"
  # shellcheck disable=SC2086
  (cd "$files" && "$quench" import $args 2>&1)
done
echo '```'
rm -rf "$files"
# The share card in German and the pseudo-locale (with IMAGES=docs/images and rsvg-convert on PATH).
if [ -n "${IMAGES:-}" ] && command -v rsvg-convert >/dev/null; then
  for lang in de pseudo; do
    "$quench" share --lang $lang --out "/tmp/l10n-card-$lang.svg" >/dev/null
    rsvg-convert --width=540 "/tmp/l10n-card-$lang.svg" -o "$IMAGES/l10n-card-$lang.png"
  done
fi
echo
echo "## The share card in German and in the pseudo-locale"
echo
echo "\`quench share --lang de\` and \`--lang pseudo\` (rendered with rsvg-convert at 540 px): the longer"
echo "pseudo words stay inside their boxes; text too long for its box is drawn smaller (to 75 %), and ends in … only past that"
echo
echo '<p>'
echo '<img src="images/l10n-card-de.png" alt="quench share --lang de: the card in German" width="270">'
echo '<img src="images/l10n-card-pseudo.png" alt="quench share --lang pseudo: the card in the pseudo-locale" width="270">'
echo '</p>'
