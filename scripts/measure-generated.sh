#!/usr/bin/env bash
# Measures what the code generator's output costs an app: the generated source, the time to compile it as one module
# against a prebuilt runtime, and the text segment of the release library, with the runtime's (APICoreGraphQL) own and
# the two together, for the corpus apps and the GitHub sets.
#
#   scripts/measure-generated.sh [--runs N] [--sets "pocket-ios bcc-media-tvos github-apollo githawk"] [--keep DIR]
#                                [--apollo DIR]
#
# --keep DIR leaves the runtime, the generated sources and the libraries in DIR, for `size -A` and `nm` afterwards.
# --apollo DIR compiles Apollo's own output for the two apps and for Apollo's GitHub test API in the same run, on this
# machine, interleaved with ours: the code each app committed for the corpus's operations (at the commits below),
# against ApolloAPI built from the apollo-ios tag the app's Package.resolved pins, and the code apollo-ios kept for the
# github-apollo operations, against its own ApolloAPI. DIR holds git repositories (bare or not) named apollo-ios,
# pocket-ios and bcc-media-tvos; one that is missing is cloned there from GitHub. The ratios are then against those
# figures, which compare on any machine. GitHawk's operations have no Apollo 1.x output in any repository (the app used
# Apollo 0.x), so that set's comes from DIR/githawk: what `apollo-ios-cli generate` of Apollo 1.5.2, the tag the
# github-apollo output is from, writes for the corpus's GitHawk operations with the configuration in
# DIR/githawk.json (written there on the first run: a new app's defaults, a Swift package with the operations in the
# schema module). Without that folder the set is measured on our side only.
#
# The runtime (APICoreGraphQL) is compiled once, optimized, as an app's package would build it. Each set is generated
# by `apicore generate` and compiled the way an app's build compiles a module:
#   release  swiftc -O -wmo -num-threads 2 -g -emit-library     (median of N runs; `size` of the library)
#   debug    swiftc -Onone -g -enable-batch-mode -j2 -c, then the link (median of N runs of both together)
# Debug objects are compiled with `-c` and linked apart: `-enable-batch-mode` with `-emit-library` fails in the
# autolink step on Linux with this toolchain.
# Without --apollo, Apollo's figures for the apps (Apollo 1.x's generated code for the same operations, measured the
# same way on an AMD EPYC machine with 2 cores) are printed beside ours: the sizes compare on any machine, the compile
# times only on a machine as fast. Apollo's sources are not part of this repository.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
corpus="$root/../shared/corpus"
runs=5
sets="pocket-ios bcc-media-tvos github-apollo githawk"
keep=""
apollo=""
while [ $# -gt 0 ]; do
    case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --sets) sets="$2"; shift 2 ;;
    --keep) keep="$2"; shift 2 ;;
    --apollo) apollo="$(mkdir -p "$2" && cd "$2" && pwd)"; shift 2 ;;
    *) echo "usage: $0 [--runs N] [--sets \"NAMES\"] [--keep DIR] [--apollo DIR]" >&2; exit 2 ;;
    esac
done

if [ -n "$keep" ]; then
    mkdir -p "$keep"
    work="$(cd "$keep" && pwd)"
else
    work="$(mktemp -d "${TMPDIR:-/tmp}/apicore-measure.XXXXXX")"
    trap 'rm -rf "$work"' EXIT
fi

say() { printf 'measure: %s\n' "$*" >&2; }

say "building apicore"
swift build --package-path "$root" --product apicore >&2
apicore="$(swift build --package-path "$root" --show-bin-path)/apicore"

say "compiling the runtime (APICoreGraphQL, -O -wmo)"
mkdir -p "$work/runtime"
(cd "$work/runtime" && swiftc -O -wmo -num-threads 2 -parse-as-library -emit-module -emit-library \
    -module-name APICoreGraphQL -package-name apicore $(find "$root/Sources/APICoreGraphQL" -name '*.swift' | sort) \
    -o libAPICoreGraphQL.so)
# The text segment of a library, in bytes, as `size` reports it.
textSize() { size "$1" | awk 'NR == 2 { print $1 }'; }
runtimeText=$(textSize "$work/runtime/libAPICoreGraphQL.so")
# The built-in custom scalars, files to upload and fragment arguments, which generated code links only when its
# configuration maps a scalar to one of them, its operations use a file scalar or a fragment declares variables (the
# sets below do none of these): reported apart, and counted in a set's runtime text when its generated code imports
# them.
say "compiling the built-in scalars (APICoreScalars, -O -wmo)"
(cd "$work/runtime" && swiftc -O -wmo -num-threads 2 -parse-as-library -emit-module -emit-library \
    -module-name APICoreScalars -package-name apicore -I . -L . -lAPICoreGraphQL \
    $(find "$root/Sources/APICoreScalars" -name '*.swift' | sort) -o libAPICoreScalars.so)
scalarsText=$(textSize "$work/runtime/libAPICoreScalars.so")
# ApolloAPI's release text, built from its tags the same way on Linux x86_64: 208-242 KB over the 1.x tags up to 1.8
# (the apps below pin 1.0.2 and 1.8.0), 302.5 KB for 1.25.7, the last 1.x, and 303.2 KB for 2.4.0. The issue's bound,
# ~240 KB, is the one compared without --apollo; with it, each pinned tag and the newest 1.x and 2.x are built too.
apolloRuntimeText=240000

# set -> namespace, schema, operation glob, Apollo's (release seconds, debug seconds, text bytes, generated bytes)
describe() {
    case "$1" in
    pocket-ios) echo "PocketGraph apps/pocket-ios/schema.graphqls apps/pocket-ios/operations/*.graphql 11.9 3.9 2157007 263722" ;;
    bcc-media-tvos) echo "API apps/bcc-media-tvos/schema.json apps/bcc-media-tvos/operations/*.graphql 5.1 1.8 740888 87190" ;;
    github-apollo) echo "GitHubAPI github/operations/apollo/schema-apollo.graphqls github/operations/apollo/*.graphql - - - -" ;;
    githawk) echo "GitHawkAPI github/operations/githawk/schema-2020.json github/operations/githawk/*.graphql - - - -" ;;
    *) echo "unknown set $1" >&2; exit 2 ;;
    esac
}

# set -> the app's repository, the commit whose committed Apollo output is for the corpus's operations, the module that
# output is, its folders (`:`-separated), and the apollo-ios tag the app's Package.resolved pins at that commit
apolloOutput() {
    case "$1" in
    pocket-ios)
        echo "Pocket/pocket-ios 7c58761f6a50bca4480bf4ffd139b8cbad1f45e6 PocketGraph PocketKit/Sources/PocketGraph 1.0.2" ;;
    bcc-media-tvos)
        echo "bcc-code/bcc-media-tvos b390f9bbd990bdd3b87af5a20227cee6b38f5626 API" \
            "API/Sources/Fragments:API/Sources/Operations:API/Sources/Schema 1.8.0" ;;
    # Apollo's own test API: apollo-ios kept the output its codegen wrote for these operations and this schema (the
    # corpus's, byte for byte) in the repository up to 1.5.2, the last tag that has it.
    github-apollo) echo "apollographql/apollo-ios 1.5.2 GitHubAPI Sources/GitHubAPI/GitHubAPI/Sources 1.5.2" ;;
    # Not in a repository: generated into DIR/githawk (see the top of this file), so there is no commit.
    githawk) echo "generated - GitHawkAPI GitHawkAPI/Sources 1.5.2" ;;
    *) echo "" ;;
    esac
}

# The configuration Apollo's generator takes for GitHawk's operations, written to DIR/githawk.json: run
# `apollo-ios-cli generate --path githawk.json` (Apollo 1.5.2) in DIR to make DIR/githawk.
githawkConfiguration() {
    cat <<EOF
{
  "schemaNamespace": "GitHawkAPI",
  "input": {
    "schemaSearchPaths": ["$corpus/github/operations/githawk/schema-2020.json"],
    "operationSearchPaths": ["$corpus/github/operations/githawk/*.graphql"]
  },
  "output": {
    "schemaTypes": {"path": "./githawk/GitHawkAPI", "moduleType": {"swiftPackageManager": {}}},
    "operations": {"inSchemaModule": {}},
    "testMocks": {"none": {}}
  }
}
EOF
}

# A git repository of DIR (--apollo), cloned from GitHub the first time.
repository() { # owner/name -> path
    local path="$apollo/${1#*/}"
    if [ ! -d "$path" ]; then
        say "cloning $1 into $path"
        git clone --quiet --bare "https://github.com/$1.git" "$path" >&2
    fi
    echo "$path"
}

# ApolloAPI from an apollo-ios tag, compiled as the runtime is: prints the folder of its library and module.
apolloRuntime() { # tag -> folder
    local folder="$work/apollo-$1"
    if [ ! -f "$folder/libApolloAPI.so" ]; then
        say "compiling ApolloAPI $1 (-O -wmo)"
        mkdir -p "$folder/source"
        git -C "$(repository apollographql/apollo-ios)" archive "$1" Sources/ApolloAPI | tar -x -C "$folder/source"
        (cd "$folder" && swiftc -O -wmo -num-threads 2 -parse-as-library -emit-module -emit-library \
            -module-name ApolloAPI $(find source/Sources/ApolloAPI -name '*.swift' | sort) -o libApolloAPI.so \
            >/dev/null 2>&1) || { echo "failed: compiling ApolloAPI $1" >&2; exit 1; }
    fi
    echo "$folder"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { print a / b }'; }

# Compile `files` as the module `module` in `folder`, against the runtime library folder `runtime` (linking
# `libraries`, such as "-lApolloAPI"), and print the seconds it took: `releaseCompile` as one optimized library,
# `folder/lib<module>.so`; `debugCompile` as debug objects, then their link.
releaseCompile() { # folder module runtime libraries files...
    local folder=$1 module=$2 runtime=$3 libraries=$4
    shift 4
    (cd "$folder" && seconds swiftc -O -wmo -num-threads 2 -g -parse-as-library -emit-library -module-name "$module" \
        -I "$runtime" -L "$runtime" $libraries "$@" -o "$folder/lib$module.so")
}

debugCompile() { # folder module runtime libraries files...
    local folder=$1 module=$2 runtime=$3 libraries=$4 compile link
    shift 4
    rm -rf "$folder/objects" && mkdir -p "$folder/objects"
    compile=$(cd "$folder/objects" && seconds swiftc -Onone -g -enable-batch-mode -j2 -c -parse-as-library \
        -module-name "$module" -I "$runtime" "$@")
    link=$(cd "$folder/objects" && seconds swiftc -emit-library ./*.o -L "$runtime" $libraries \
        -o "$folder/lib$module-debug.so")
    awk -v a="$compile" -v b="$link" 'BEGIN { print a + b }'
}

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }

seconds() { # command... -> wall seconds
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; return 1; }
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { print b - a }'
}

printf -- '- runtime (APICoreGraphQL, release): %s bytes of text vs ApolloAPI'"'"'s %s (%.2fx)\n' \
    "$runtimeText" "$apolloRuntimeText" "$(ratio "$runtimeText" "$apolloRuntimeText")"
printf -- '- built-in scalars, uploads and fragment arguments (APICoreScalars, release, linked only when generated code imports it): %s bytes of text\n' \
    "$scalarsText"
if [ -n "$apollo" ]; then
    # One line per ApolloAPI tag: its text, built here, and the runtime's against it.
    apolloRuntimeLine() { # tag, what the tag is
        local tagText
        tagText=$(textSize "$(apolloRuntime "$1")/libApolloAPI.so")
        printf -- '- ApolloAPI %s (%s), built here: %s bytes of text (the runtime is %.2fx of it)\n' \
            "$1" "$2" "$tagText" "$(ratio "$runtimeText" "$tagText")"
    }
    for set in $sets; do
        read -r _ _ _ _ apolloTag <<<"$(apolloOutput "$set")"
        [ -n "$apolloTag" ] || continue
        apolloRuntimeLine "$apolloTag" "the one $set's Apollo output is for"
    done
    # The newest 1.x and 2.x tags, what an app adding Apollo today resolves.
    for apolloTag in $(git -C "$(repository apollographql/apollo-ios)" tag | grep -E '^[12]\.[0-9]+\.[0-9]+$' \
        | sort -V | awk -F. '{ newest[$1] = $0 } END { print newest[1], newest[2] }'); do
        apolloRuntimeLine "$apolloTag" "the newest ${apolloTag%%.*}.x"
    done
    printf -- "- Apollo's figures: its apps' own output for the same operations, compiled here in the same runs\n\n"
else
    printf -- "- Apollo's figures: fixed, measured on an AMD EPYC machine (compile times compare only on one as fast)\n\n"
fi
printf '| set | generated source | release compile | debug compile | text segment (release) | generated + runtime text |\n'
printf '|---|---|---|---|---|---|\n'
for set in $sets; do
    read -r namespace schema operations apolloRelease apolloDebug apolloText apolloSource <<<"$(describe "$set")"
    out="$work/$set"
    mkdir -p "$out"
    cat >"$out/apicore.json" <<EOF
{"schemaNamespace": "$namespace",
 "input": {"schemaSearchPaths": ["$corpus/$schema"], "operationSearchPaths": ["$corpus/$operations"]},
 "output": {"schemaTypes": {"path": "Generated/Schema"}, "operations": {"path": "Generated/Operations"}}}
EOF
    say "$set: generating"
    "$apicore" generate --config "$out/apicore.json" >/dev/null
    files=$(find "$out/Generated" -name '*.swift' | sort)
    source=$(cat $files | wc -c)
    libraries=(-lAPICoreGraphQL)
    linkedText=$runtimeText
    if grep -q '^import APICoreScalars' $files; then
        libraries+=(-lAPICoreScalars)
        linkedText=$((runtimeText + scalarsText))
    fi
    # Apollo's output for the same operations, compiled here in the same runs (--apollo).
    read -r apolloRepository apolloCommit apolloModule apolloFolders apolloTag <<<"$(apolloOutput "$set")"
    apolloFiles=""
    if [ -n "$apollo" ] && [ -n "$apolloRepository" ]; then
        apolloLibrary="$(apolloRuntime "$apolloTag")"
        mkdir -p "$out/apollo"
        if [ "$apolloRepository" = generated ]; then
            [ -f "$apollo/$set.json" ] || githawkConfiguration >"$apollo/$set.json"
            if [ -d "$apollo/$set/$apolloFolders" ]; then
                cp -R "$apollo/$set/$apolloFolders" "$out/apollo/"
                apolloRepository="$apollo/$set"
            else
                say "$set: no Apollo output in $apollo/$set; run \`apollo-ios-cli generate --path $set.json\`" \
                    "(Apollo $apolloTag) in $apollo to compare with it"
                apolloLibrary=""
            fi
        else
            # (A snapshot of a repository may lack blobs outside these folders, which git reports and are not needed.)
            git -C "$(repository "$apolloRepository")" archive "$apolloCommit" ${apolloFolders//:/ } 2>/dev/null |
                tar -x -C "$out/apollo" || { echo "failed: extracting $apolloRepository at $apolloCommit" >&2; exit 1; }
        fi
        if [ -n "$apolloLibrary" ]; then
            apolloFiles=$(find "$out/apollo" -name '*.swift' | sort)
            [ -n "$apolloFiles" ] || { echo "failed: no Apollo output for $set at $apolloCommit" >&2; exit 1; }
        fi
        apolloReleases=() apolloDebugs=()
    fi
    release=() debug=()
    for run in $(seq "$runs"); do
        say "$set: release compile $run/$runs"
        release+=("$(releaseCompile "$out" "$namespace" "$work/runtime" "${libraries[*]}" $files)")
        say "$set: debug compile $run/$runs"
        debug+=("$(debugCompile "$out" "$namespace" "$work/runtime" "${libraries[*]}" $files)")
        [ -n "$apolloFiles" ] || continue
        say "$set: Apollo's release compile $run/$runs"
        apolloReleases+=("$(releaseCompile "$out/apollo" "$apolloModule" "$apolloLibrary" -lApolloAPI $apolloFiles)")
        say "$set: Apollo's debug compile $run/$runs"
        apolloDebugs+=("$(debugCompile "$out/apollo" "$apolloModule" "$apolloLibrary" -lApolloAPI $apolloFiles)")
    done
    setApolloRuntimeText=$apolloRuntimeText
    if [ -n "$apolloFiles" ]; then
        apolloRelease=$(printf '%s\n' "${apolloReleases[@]}" | median)
        apolloDebug=$(printf '%s\n' "${apolloDebugs[@]}" | median)
        apolloText=$(textSize "$out/apollo/lib$apolloModule.so")
        apolloSource=$(cat $apolloFiles | wc -c)
        setApolloRuntimeText=$(textSize "$apolloLibrary/libApolloAPI.so")
        origin="$apolloRepository@${apolloCommit:0:8}"
        [ "$apolloCommit" != - ] || origin="$apolloRepository, from apollo-ios-cli $apolloTag"
        say "$set: Apollo's output at $origin, ApolloAPI $apolloTag ($setApolloRuntimeText bytes of text), compiled here"
    fi
    text=$(textSize "$out/lib$namespace.so")
    releaseMedian=$(printf '%s\n' "${release[@]}" | median)
    debugMedian=$(printf '%s\n' "${debug[@]}" | median)
    if [ "$apolloText" = "-" ]; then
        printf '| %s | %s bytes | %.1f s | %.1f s | %s bytes | %s bytes |\n' "$set" "$source" "$releaseMedian" \
            "$debugMedian" "$text" "$((text + linkedText))"
    else
        printf '| %s | %s vs %s bytes (%.2fx) | %.2f s vs %.2f s (%.2fx) | %.2f s vs %.2f s (%.2fx) | %s vs %s bytes (%.2fx) | %s vs %s bytes (%.2fx) |\n' \
            "$set" "$source" "$apolloSource" "$(ratio "$source" "$apolloSource")" \
            "$releaseMedian" "$apolloRelease" "$(ratio "$releaseMedian" "$apolloRelease")" \
            "$debugMedian" "$apolloDebug" "$(ratio "$debugMedian" "$apolloDebug")" \
            "$text" "$apolloText" "$(ratio "$text" "$apolloText")" \
            "$((text + linkedText))" "$((apolloText + setApolloRuntimeText))" \
            "$(ratio "$((text + linkedText))" "$((apolloText + setApolloRuntimeText))")"
    fi
done
