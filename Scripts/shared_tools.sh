# Sourced by the benchmarks. Some development tools (gen_srt.py, pace.py) are kept outside the
# repository, in ../shared/tools beside the clone, or wherever GHOSTPIPE_SHARED_TOOLS says. Only
# benchmarks use them; the tests and the generators never do.

# The path of the shared tool $1; when it is missing, says so (and where it was sought) and fails:
#   gen=$(shared_tool gen_srt.py) || exit 1
shared_tool() {
    local directory=${GHOSTPIPE_SHARED_TOOLS:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/shared/tools}
    if [[ -f $directory/$1 ]]; then
        echo "$directory/$1"
        return
    fi
    echo "$(basename "$0"): needs $1, a development tool kept outside the repository; it is not in" \
         "$directory (set GHOSTPIPE_SHARED_TOOLS to the folder that has it)" >&2
    return 1
}
