#!/usr/bin/env bash
# Makes the API baseline that the build's revapi check compares against: the exported packages' classes of the
# current build, as org.restcompress:rest-compress-lib:$1 in this folder's Maven repository layout. Run at a
# release, with that release's version, and change revapi's oldArtifacts in ../pom.xml to it.
set -euo pipefail
version=${1:?usage: update.sh VERSION (the release the baseline stands for)}
here=$(cd "$(dirname "$0")" && pwd)
classes="$here/../target/classes"
[ -e "$classes/org/restcompress/CompressionFeature.class" ] || { echo "build the library first" >&2; exit 1; }
dir="$here/org/restcompress/rest-compress-lib/$version"
mkdir -p "$dir"
# only what the module exports: the internals are not API, and leaving them out keeps this file small
api=$(mktemp -d)
trap 'rm -rf "$api"' EXIT
mkdir -p "$api/org/restcompress/codec"
cp "$classes"/org/restcompress/*.class "$api/org/restcompress/"
cp "$classes"/org/restcompress/codec/*.class "$api/org/restcompress/codec/"
jar --create --file "$dir/rest-compress-lib-$version.jar.tmp" --date 2000-01-01T00:00:02Z -C "$api" .
mv "$dir/rest-compress-lib-$version.jar.tmp" "$dir/rest-compress-lib-$version.jar"
jakarta=$(sed -n 's:.*<jakarta.ws.rs.version>\(.*\)</jakarta.ws.rs.version>.*:\1:p' "$here/../../pom.xml")
cat > "$dir/rest-compress-lib-$version.pom" <<POM
<?xml version="1.0" encoding="UTF-8"?>
<!-- The API baseline of rest-compress $version, made by api-baseline/update.sh: the exported packages only. -->
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.restcompress</groupId>
  <artifactId>rest-compress-lib</artifactId>
  <version>$version</version>
  <dependencies>
    <dependency>
      <groupId>jakarta.ws.rs</groupId>
      <artifactId>jakarta.ws.rs-api</artifactId>
      <version>$jakarta</version>
    </dependency>
  </dependencies>
</project>
POM
echo "baseline $version: $(unzip -l "$dir/rest-compress-lib-$version.jar" | tail -1)"
