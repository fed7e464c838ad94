#!/usr/bin/env bash
# Makes the API baseline that the build's revapi check compares against: the classes of every package the module
# exports (read from module-info.java), as org.restcompress.api-baseline:rest-compress-lib-api:$1 in this folder's
# Maven repository layout. Coordinates of its own: Maven copies the baseline into every builder's local repository,
# where the library's own coordinates would pass these API classes alone off as the release. Run at a release, with
# that release's version, and change revapi's oldArtifacts in ../pom.xml to it.
set -euo pipefail
version=${1:?usage: update.sh VERSION (the release the baseline stands for)}
here=$(cd "$(dirname "$0")" && pwd)
classes="$here/../target/classes"
[ -e "$classes/org/restcompress/CompressionFeature.class" ] || { echo "build the library first" >&2; exit 1; }
dir="$here/org/restcompress/api-baseline/rest-compress-lib-api/$version"
mkdir -p "$dir"
# only what the module exports: the internals are not API, and leaving them out keeps this file small
api=$(mktemp -d)
trap 'rm -rf "$api"' EXIT
for package in $(sed -n 's/^ *exports \([a-z.]*\);.*/\1/p' "$here/../src/main/java/module-info.java"); do
  path=${package//.//}
  mkdir -p "$api/$path"
  cp "$classes/$path"/*.class "$api/$path/"
done
jar --create --file "$dir/rest-compress-lib-api-$version.jar.tmp" --date 2000-01-01T00:00:02Z -C "$api" .
mv "$dir/rest-compress-lib-api-$version.jar.tmp" "$dir/rest-compress-lib-api-$version.jar"
jakarta=$(sed -n 's:.*<jakarta.ws.rs.version>\(.*\)</jakarta.ws.rs.version>.*:\1:p' "$here/../../pom.xml")
cat > "$dir/rest-compress-lib-api-$version.pom" <<POM
<?xml version="1.0" encoding="UTF-8"?>
<!-- The API baseline of rest-compress $version, made by api-baseline/update.sh: the exported packages only. Not
     the library: a build's API check reads it. -->
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.restcompress.api-baseline</groupId>
  <artifactId>rest-compress-lib-api</artifactId>
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
echo "baseline $version: $(unzip -l "$dir/rest-compress-lib-api-$version.jar" | tail -1)"
