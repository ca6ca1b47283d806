#!/usr/bin/env bash
# Re-runs the test behind docs/LOCALISATION.md's choice: does Foundation's localisation work
# on this Linux toolchain? Builds a throwaway package with en/de/fr .lproj resources
# (Bundle.module), looks strings up, tries a .stringsdict plural, and compiles the APIs the
# catalog would need (String(localized:bundle:locale:), MeasurementFormatter). Prints one
# line per finding. Usage: bash scripts/foundation-l10n-probe.sh   (about a minute)
set -u
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir/Sources/Probe/Resources"/{en,de,fr}.lproj
cat > "$dir/Package.swift" <<'EOF'
// swift-tools-version: 5.10
import PackageDescription
let package = Package(name: "Probe", defaultLocalization: "en",
  targets: [.executableTarget(name: "Probe", resources: [.process("Resources")])])
EOF
for l in en de fr; do
  case $l in en) g="Hello %@"; one="%d day"; other="%d days";; de) g="Hallo %@"; one="%d Tag"; other="%d Tage";; fr) g="Bonjour %@"; one="%d jour"; other="%d jours";; esac
  printf '"greeting" = "%s";\n' "$g" > "$dir/Sources/Probe/Resources/$l.lproj/Localizable.strings"
  cat > "$dir/stringsdict.$l" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict><key>days</key><dict>
<key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
<key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
<key>NSStringFormatValueTypeKey</key><string>d</string><key>one</key><string>$one</string><key>other</key><string>$other</string></dict>
</dict></dict></plist>
EOF
done
cat > "$dir/Sources/Probe/main.swift" <<'EOF'
import Foundation
setvbuf(stdout, nil, _IONBF, 0)
let bundle = Bundle.module
print("Bundle.module:", bundle.bundlePath.hasSuffix(".resources") ? "found beside the binary" : bundle.bundlePath)
for language in ["en", "de", "fr"] {
    guard let path = bundle.path(forResource: language, ofType: "lproj"), let lproj = Bundle(path: path) else { print(language, ": no .lproj"); continue }
    let greeting = String(format: lproj.localizedString(forKey: "greeting", value: "MISSING", table: nil), "Ana")
    let days = lproj.localizedString(forKey: "days", value: "MISSING", table: nil)
    let locale = Locale(identifier: language)
    print("\(language): .strings → \(greeting); plural → \(String.localizedStringWithFormat(days, 2)); number → \(1234567.5.formatted(.number.locale(locale))); percent → \(0.684.formatted(.percent.locale(locale)))")
}
EOF
cd "$dir" || exit 1
build() { swift build 2>&1 | grep -E "error:" | sed 's/^.*error: /  compile error: /' | sort -u | head -3; }
echo "== 1. .lproj/Localizable.strings through Bundle.module"
build; ./.build/debug/Probe
echo "== 2. the same with a .stringsdict (plural rules) beside each .strings"
for l in en de fr; do cp "stringsdict.$l" "Sources/Probe/Resources/$l.lproj/Localizable.stringsdict"; done
build; ./.build/debug/Probe 2>&1 | grep -E "^(Bundle|en|de|fr)|crashed" | head -4
echo "== 3. String(localized:bundle:locale:) and MeasurementFormatter"
cat >> Sources/Probe/main.swift <<'EOF'
print(String(localized: "greeting", bundle: Bundle.module, locale: Locale(identifier: "de")))
print(MeasurementFormatter().string(from: Measurement(value: 250, unit: UnitVolume.milliliters)))
EOF
out=$(build); if [ -n "$out" ]; then echo "$out"; else echo "  compiles"; fi
