#!/usr/bin/env bash
# Times sudokugen against Debian's qqwing on the same work in one run and
# prints the ratios. Usage: .ci/bench.sh [verify|generate|difficulty|rate|giant|all]
# or .ci/bench.sh compare [REF]: this checkout against the build of git REF
# (default main) and qqwing, alternated over ROUNDS rounds (default 3);
# or .ci/bench.sh variants [REF]: generate and verify of each 9x9 variant
# beside classic (arrow, little-killer and sandwich among them), this
# checkout against REF in the same way;
# or .ci/bench.sh proofs [REF]: verify --proof against verify without, with
# and without the CNFs, on 2,000 royle17, top1465, 1,000 killers and 1,000
# jigsaws, with REF's --proof beside, the same --json checked, and every
# proof checked by the tests' DRAT checker (a variant's against the plain
# CNF: the rules as stated, the givens, the blocking clause, and the
# implied clauses the proof assumes, which --json counts as "assumed").
# or .ci/bench.sh hard [N]: N (default 20) generated minimal nonconsecutive
# puzzles, each verified by sudokugen with one worker and by cadical on the
# CNF of its uniqueness question (sudokugen cnf --unique-check), puzzle by
# puzzle: how hard those puzzles are, against a state-of-the-art solver.
# or .ci/bench.sh iss [N]: sudokugen verify against Interactive-Sudoku-Solver
# (ISS) on the same puzzles: N (default 50) minimal 9x9 puzzles of each of
# fourteen families, and SudokuSolver's test puzzles that ISS's strings can
# state (FAMILIES="arrow killer" for some of the families only); needs node and a snapshot of ISS ($ISS: a checkout or a bare git
# repository, by default /work/.mirror/sigh+Interactive-Sudoku-Solver).
# Needs ../shared/data beside the checkout, and qqwing for the comparisons.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
data=../shared/data
bin=$(mktemp -d)/sudokugen
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/sudokugen

# secs CMD...: wall time of CMD in seconds, output discarded.
secs() {
  local t0 t1
  t0=$(date +%s.%N)
  "$@" >/dev/null 2>&1 || true
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }'
}
# cpu CMD...: wall and processor time (user + system, children included)
# of CMD in seconds, "WALL CPU", output discarded.
cpu() {
  local TIMEFORMAT='%R %U %S' out
  out=$({ time "$@" >/dev/null 2>&1; } 2>&1 || true)
  echo "$out" | tail -1 | awk '{ printf "%.2f %.2f", $1, $2 + $3 }'
}
# best A B: the smaller of two numbers, A when B is empty.
best() { awk -v a="$1" -v b="${2:-}" 'BEGIN { if (b == "" || a + 0 < b + 0) print a; else print b }'; }
rate() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.0f", n / t }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
have_qqwing=0
command -v qqwing >/dev/null 2>&1 && have_qqwing=1

if [ "$what" = verify ] || [ "$what" = all ]; then
  f=$data/royle17/puzzles.txt
  n=$(grep -c . "$f")
  echo "== verify: $n royle17 puzzles (17 clues, all unique)"
  t1=$(secs "$bin" verify -q --workers 1 "$f")
  t2=$(secs "$bin" verify -q --workers 2 "$f")
  echo "sudokugen verify --workers 1: ${t1}s, $(rate "$n" "$t1") puzzles/s"
  echo "sudokugen verify --workers 2: ${t2}s, $(rate "$n" "$t2") puzzles/s"
  echo "workers 2 / workers 1: $(ratio "$t1" "$t2")x"
  if [ $have_qqwing = 1 ]; then
    tq=$(secs sh -c "qqwing --solve --count-solutions --csv < '$f'")
    echo "qqwing --solve --count-solutions: ${tq}s, $(rate "$n" "$tq") puzzles/s"
    echo "sudokugen (2 workers) / qqwing: $(ratio "$tq" "$t2")x"
    # The SAT proof that each puzzle has no second solution, alone: one
    # gophersat solve per puzzle with the solution given for free, in one
    # process. Two cores doing nothing else would still be held to this.
    us=$(go test ./sat -run '^$' -bench '^BenchmarkProof$' -benchtime "${n}x" 2>/dev/null |
      awk '/us\/puzzle/ { for (i = 1; i < NF; i++) if ($(i+1) == "us/puzzle") print $i }')
    if [ -n "$us" ]; then
      echo "gophersat proofs alone: ${us} us/puzzle on one core; qqwing: $(awk -v t="$tq" -v n="$n" 'BEGIN { printf "%.1f", t * 1e6 / n }') us/puzzle"
      echo "ceiling for 2 workers that did nothing but the proofs: $(awk -v t="$tq" -v n="$n" -v u="$us" 'BEGIN { printf "%.2f", 2 * t * 1e6 / n / u }')x qqwing"
    fi
  fi
  # Which proof settled the royle17 verdicts: the summary line says.
  { "$bin" verify --workers 2 "$f" 2>&1 >/dev/null || true; } | tail -1
  for set in tdoku/top1465.txt tdoku/serg_multi.counts.tsv; do
    g=$data/$set
    [ "${set##*.}" = tsv ] && { tail -n +2 "$g" | cut -f1 > "$(dirname "$bin")/serg.txt"; g=$(dirname "$bin")/serg.txt; }
    n=$(grep -c . "$g")
    t1=$(secs "$bin" verify -q --workers 1 "$g")
    t2=$(secs "$bin" verify -q --workers 2 "$g")
    echo "sudokugen verify $set ($n): --workers 1 ${t1}s, $(rate "$n" "$t1")/s; --workers 2 ${t2}s, $(rate "$n" "$t2")/s"
  done
  if [ $have_qqwing = 1 ]; then
    # Counting: puzzles made by removing 1 to 4 clues of royle17 and
    # top1465 puzzles, kept when they have fewer than 100,000 solutions
    # (qqwing counts them all); every count must match qqwing's.
    cands=$(dirname "$bin")/cands.txt
    awk 'NR % 97 == 1 && ++k <= 60' "$f" > "$cands"
    awk 'NR % 7 == 1 && ++k <= 60' "$data/tdoku/top1465.txt" >> "$cands"
    awk 'BEGIN { srand(7) } {
      p = $0; k = 1 + int(rand() * 4)
      for (j = 0; j < k; j++) { do i = 1 + int(rand() * 81); while (substr(p, i, 1) == "."); p = substr(p, 1, i - 1) "." substr(p, i + 1) }
      print p }' "$cands" > "$cands.holes"
    { "$bin" verify -q --workers 2 --count-limit 100000 --json "$cands.holes" || true; } |
      awk -F'"count":' '{ split($2, a, ","); if (a[1] < 100000) { split($0, b, "\"puzzle\":\""); print substr(b[2], 1, 81) } }' > "$cands.few"
    n=$(grep -c . "$cands.few")
    tq=$(secs sh -c "qqwing --solve --count-solutions --csv --nosolution < '$cands.few' > '$cands.qq'")
    t1=$(secs sh -c "'$bin' verify -q --workers 1 --count-limit 100000 --json '$cands.few' > '$cands.sg'")
    bad=$(paste -d' ' <(tail -n +2 "$cands.qq" | tr -d ,) <(sed 's/.*"count":\([0-9]*\).*/\1/' "$cands.sg") | awk '$1 != $2' | wc -l)
    echo "counting $n puzzles with 1-4 clues removed (< 100,000 solutions each): qqwing ${tq}s, sudokugen --workers 1 --count-limit 100000 ${t1}s: $(ratio "$tq" "$t1")x; counts that differ: $bad"
  fi
fi

if [ "$what" = generate ] || [ "$what" = all ]; then
  # Enough puzzles that starting the workers does not weigh on the ratio
  # of 2 workers to 1; qqwing, some ten times slower, makes fewer.
  n=10000
  nq=2000
  echo "== generate: $n minimal 9x9 puzzles"
  t1=$(secs "$bin" generate -q --seed 1 -n $n --workers 1)
  t2=$(secs "$bin" generate -q --seed 1 -n $n --workers 2)
  echo "sudokugen generate --workers 1: ${t1}s, $(rate $n "$t1") puzzles/s"
  echo "sudokugen generate --workers 2: ${t2}s, $(rate $n "$t2") puzzles/s"
  echo "workers 2 / workers 1: $(ratio "$t1" "$t2")x"
  if [ $have_qqwing = 1 ]; then
    tq=$(secs qqwing --generate $nq --compact)
    echo "qqwing --generate $nq --compact: ${tq}s, $(rate $nq "$tq") puzzles/s"
    echo "sudokugen (2 workers) / qqwing: $(ratio "$(rate $n "$t2")" "$(rate $nq "$tq")")x"
  fi
  n=40
  t=$(secs "$bin" generate -q --seed 1 -n $n --size 16 --workers 2)
  echo "sudokugen generate --size 16 --workers 2: ${t}s for $n, $(rate $n "$t") puzzles/s"
  t=$(secs "$bin" generate -q --seed 1 -n 1 --size 25 --workers 2)
  echo "sudokugen generate --size 25 -n 1: ${t}s"
fi

if [ "$what" = giant ]; then
  # One minimal puzzle per seed and size, in one worker process, timed by
  # GNU time for its wall clock and peak memory; the clue count from the
  # puzzle. Not part of "all": 36x36 takes up to a minute a seed.
  if ! [ -x /usr/bin/time ]; then
    echo "giant needs GNU time (Debian package time)" >&2
    exit 1
  fi
  for size in ${SIZES:-25 36}; do
    echo "== generate: one minimal ${size}x${size} puzzle per seed (--max-solves -1, --workers 1)"
    walls=()
    for seed in 1 2 3 4 5; do
      log=$(dirname "$bin")/time.log
      out=$(dirname "$bin")/puzzle.txt
      /usr/bin/time -v -o "$log" "$bin" generate -q --size "$size" -n 1 --seed $seed --max-solves -1 --workers 1 >"$out"
      wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; printf "%.2f", s }' "$log")
      user=$(awk -F': ' '/User time/ { print $2 }' "$log")
      peak=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$log")
      clues=$(tr -d '.\n' <"$out" | wc -c)
      echo "seed $seed: ${wall}s wall, ${user}s user, ${peak} MB peak, $clues clues"
      walls+=("$wall")
    done
    echo "median wall: $(printf '%s\n' "${walls[@]}" | sort -n | sed -n 3p)s"
  done
fi

if [ "$what" = difficulty ] || [ "$what" = all ]; then
  echo "== generate to a difficulty level (--workers 2)"
  for level in easy medium hard expert extreme; do
    n=200
    [ $level = extreme ] && n=100
    t=$(secs "$bin" generate -q --seed 1 -n $n --difficulty $level --workers 2)
    echo "sudokugen --difficulty $level: ${t}s for $n, $(rate $n "$t") puzzles/s"
  done
  if [ $have_qqwing = 1 ]; then
    for level in simple expert; do
      n=20
      tq=$(secs qqwing --generate $n --difficulty $level --compact)
      echo "qqwing --difficulty $level: ${tq}s for $n, $(rate $n "$tq") puzzles/s"
    done
  fi
fi

if [ "$what" = rate ] || [ "$what" = all ]; then
  f=$data/rated/se_rated.tsv
  echo "== rate: the 14,394 puzzles of se_rated.tsv"
  tail -n +2 "$f" | cut -f1 > "$(dirname "$bin")/se.txt"
  t=$(secs "$bin" rate -q "$(dirname "$bin")/se.txt")
  echo "sudokugen rate: ${t}s, $(rate 14394 "$t") puzzles/s"
fi

# alternate WALL CPU ARGS...: times "$old ARGS", then "$bin ARGS", and
# keeps under old and new in the associative arrays named WALL and CPU the
# best of their wall and processor seconds so far.
alternate() {
  local -n walls=$1 cpus_=$2
  shift 2
  local b exe w c
  for b in old new; do
    # a variant that REF does not make is timed new only
    [ $b = old ] && [ -n "${newonly:-}" ] && continue
    exe=$old
    [ $b = new ] && exe=$bin
    read -r w c <<<"$(cpu "$exe" "$@")"
    walls[$b]=$(best "$w" "${walls[$b]:-}")
    cpus_[$b]=$(best "$c" "${cpus_[$b]:-}")
  done
}

# build_old REF: builds git REF of this repository into $old.
build_old() {
  tmp=$(dirname "$bin")
  old=$tmp/old
  mkdir -p "$tmp/oldsrc"
  git archive "$1" | tar -x -C "$tmp/oldsrc"
  (cd "$tmp/oldsrc" && go build -o "$old" ./cmd/sudokugen)
}

if [ "$what" = compare ]; then
  # This checkout ("new") against git REF ("old") and qqwing, each timed
  # in turn within every round; the best of the rounds is reported.
  ref=${2:-main}
  rounds=${ROUNDS:-3}
  build_old "$ref"
  echo "== compare: this checkout (new) against $ref (old), $(git rev-parse --short "$ref"), best of $rounds rounds"
  qq() { qqwing --solve --count-solutions --csv < "$1"; }
  for set in royle17/puzzles.txt tdoku/top1465.txt; do
    f=$data/$set
    n=$(grep -c . "$f")
    declare -A wall=() cpus=() unused=()
    for _ in $(seq "$rounds"); do
      alternate wall unused verify -q --workers 2 "$f"
      alternate unused cpus verify -q --workers 1 "$f"
      if [ $have_qqwing = 1 ]; then
        read -r w c <<<"$(cpu qq "$f")"
        wall[qq]=$(best "$w" "${wall[qq]:-}")
        cpus[qq]=$(best "$c" "${cpus[qq]:-}")
      fi
    done
    echo "verify $set ($n): --workers 2: new ${wall[new]}s ($(rate "$n" "${wall[new]}")/s), old ${wall[old]}s ($(rate "$n" "${wall[old]}")/s): $(ratio "${wall[old]}" "${wall[new]}")x"
    echo "verify $set ($n): --workers 1 CPU-s: new ${cpus[new]}, old ${cpus[old]}: $(ratio "${cpus[old]}" "${cpus[new]}")x less"
    if [ $have_qqwing = 1 ]; then
      echo "qqwing --solve --count-solutions: ${wall[qq]}s ($(rate "$n" "${wall[qq]}")/s), ${cpus[qq]} CPU-s; new --workers 2 against qqwing: $(ratio "${wall[qq]}" "${wall[new]}")x; CPU-s per puzzle, qqwing against new --workers 1: $(ratio "${cpus[qq]}" "${cpus[new]}")x"
    fi
    # the same verdicts, solutions and witnesses; only the proof's name
    # may differ
    norm() { sed 's/"proof":"[a-z]*"/"proof":"P"/'; }
    a=$("$old" verify --json --workers 2 "$f" 2>/dev/null | norm | md5sum)
    c=$("$bin" verify --json --workers 2 "$f" 2>/dev/null | norm | md5sum)
    [ "$a" = "$c" ] && echo "verify --json: the same output (proofs aside)" || echo "verify --json: OUTPUT DIFFERS"
    # --check sat: its cost, on the whole set
    read -r w c <<<"$(cpu "$bin" verify -q --workers 2 --check sat "$f")"
    echo "verify --check sat --workers 2: ${w}s, ${c} CPU-s (against ${wall[new]}s without)"
    unset wall cpus unused
  done
  # --proof: its cost and the proofs' sizes, on a sample of royle17 and
  # all of top1465 (each proof two files, synced and renamed into place)
  awk 'NR % 24 == 1 && ++k <= 2000' "$data/royle17/puzzles.txt" > "$tmp/sample.txt"
  for f in "$tmp/sample.txt" "$data/tdoku/top1465.txt"; do
    n=$(grep -c . "$f")
    read -r w0 c0 <<<"$(cpu "$bin" verify -q --workers 2 "$f")"
    rm -rf "$tmp/proofs"
    read -r w1 c1 <<<"$(cpu "$bin" verify -q --workers 2 --proof "$tmp/proofs" "$f")"
    "$bin" verify -q --json --workers 2 "$f" | grep '"proof"' | sed 's/.*"index":\([0-9]*\).*"proof":"\([a-z]*\)".*/\1 \2/' > "$tmp/kinds.txt"
    echo "--proof on $(basename "$f") ($n): ${w1}s and ${c1} CPU-s, against ${w0}s and ${c0} CPU-s without"
    while read -r kind; do
      awk -v k="$kind" '$2 == k { print $1 }' "$tmp/kinds.txt" | while read -r i; do cat "$tmp/proofs/$i.drat"; done > "$tmp/all.drat"
      m=$(awk -v k="$kind" '$2 == k' "$tmp/kinds.txt" | wc -l)
      l=$(wc -l < "$tmp/all.drat")
      by=$(wc -c < "$tmp/all.drat")
      echo "  $m proofs by $kind: $(awk -v a="$l" -v m="$m" 'BEGIN { printf "%.1f", a / m }') lines, $(awk -v a="$by" -v m="$m" 'BEGIN { printf "%.0f", a / m }') bytes each on average"
    done < <(cut -d' ' -f2 "$tmp/kinds.txt" | sort -u)
  done
  # generate: the same bytes, and the time of each
  for args in "-n 10000 --workers 2" "--size 16 -n 100 --workers 2" "--difficulty extreme -n 300 --workers 2"; do
    declare -A gw=() gc=()
    for _ in $(seq "$rounds"); do
      alternate gw gc generate -q --seed 1 $args
    done
    a=$("$old" generate -q --seed 1 $args | md5sum)
    c=$("$bin" generate -q --seed 1 $args | md5sum)
    same="the same bytes"
    [ "$a" = "$c" ] || same="DIFFERENT BYTES"
    echo "generate $args: new ${gw[new]}s, old ${gw[old]}s: $(ratio "${gw[old]}" "${gw[new]}")x; CPU-s new ${gc[new]}, old ${gc[old]}: $(ratio "${gc[old]}" "${gc[new]}")x less; $same"
    unset gw gc
  done
fi

# sums V: generate and verify of the variant V of sums, this checkout
# against REF ($old): REF drew more sums and may take seconds to minutes a
# puzzle, so it makes SUM_OLD_N puzzles (default 4) once, this checkout
# SUM_N (default 200) in each round, and the rates are compared per
# puzzle; this checkout and REF each verify REF's puzzles, and this
# checkout verifies its own.
sums() {
  local v=$1 n=${SUM_N:-200} oldn=${SUM_OLD_N:-4} w c ow oc
  declare -A gw=() gc=() vw=() vc=()
  for r in $(seq "$rounds"); do
    read -r w c <<<"$(cpu "$bin" generate -q --variant "$v" --seed "$r" -n "$n" --workers 2)"
    gw[new]=$(best "$w" "${gw[new]:-}")
    gc[new]=$(best "$c" "${gc[new]:-}")
  done
  read -r ow oc <<<"$(cpu "$old" generate -q --variant "$v" --seed 1 -n "$oldn" --workers 2)"
  per() { awk -v c="$1" -v n="$2" 'BEGIN { printf "%.1f", 1000 * c / n }'; }
  echo "$v: generate: new $(rate "$n" "${gw[new]}")/s ($n, CPU $(per "${gc[new]}" "$n") ms a puzzle), old $(awk -v n="$oldn" -v t="$ow" 'BEGIN { printf "%.2f", n / t }')/s ($oldn, CPU $(per "$oc" "$oldn") ms a puzzle): $(awk -v a="$ow" -v b="${gw[new]}" -v n="$n" -v o="$oldn" 'BEGIN { printf "%.0f", (a / o) / (b / n) }')x"
  "$bin" generate -q --variant "$v" --seed 1 -n "$n" --workers 2 --format json > "$tmp/sums-new.jsonl"
  "$old" generate -q --variant "$v" --seed 1 -n "$oldn" --workers 2 --format json > "$tmp/sums-old.jsonl"
  for _ in $(seq "$rounds"); do
    read -r w c <<<"$(cpu "$bin" verify -q --workers 2 "$tmp/sums-new.jsonl")"
    vw[own]=$(best "$w" "${vw[own]:-}")
    vc[own]=$(best "$c" "${vc[own]:-}")
    alternate vw vc verify -q --workers 2 "$tmp/sums-old.jsonl"
  done
  echo "$v: verify its own $n: $(rate "$n" "${vw[own]}")/s, CPU $(per "${vc[own]}" "$n") ms a puzzle; new proved $("$bin" verify --workers 2 "$tmp/sums-new.jsonl" 2>&1 >/dev/null | tail -1 | sed 's/.*(proved: \([^)]*\)).*/\1/')"
  echo "$v: verify old's $oldn: new ${vw[new]}s, old ${vw[old]}s: $(ratio "${vw[old]}" "${vw[new]}")x; CPU-s new ${vc[new]}, old ${vc[old]}"
}

if [ "$what" = variants ]; then
  # Minimal 9x9 puzzles of each variant beside classic: generate with 2
  # workers, then verify what this checkout generated, this checkout
  # ("new") against git REF ("old") in turn within every round, the best
  # of the rounds reported. The verdicts of both must agree.
  ref=${2:-main}
  rounds=${ROUNDS:-3}
  build_old "$ref"
  echo "== variants: this checkout (new) against $ref (old), $(git rev-parse --short "$ref"), best of $rounds rounds, --workers 2"
  for v in classic x hyper jigsaw killer pure-killer arrow little-killer sandwich xsum skyscraper region-sum-line arrow,killer \
    whispers renban palindrome kropki-negative xv-negative whispers,renban,palindrome nonconsecutive \
    thermometer kropki xv thermometer,killer kropki,xv; do
    case $v in
    arrow | little-killer | sandwich | arrow,killer)
      sums "$v"
      continue
      ;;
    esac
    n=1000
    [ $v = classic ] && n=5000
    newonly=
    "$old" generate -q --variant $v -n 1 >/dev/null 2>&1 || newonly=1
    [ $v = nonconsecutive ] && n=40
    declare -A gw=() gc=() vw=() vc=()
    for r in $(seq "$rounds"); do
      alternate gw gc generate -q --variant $v --seed "$r" -n $n --workers 2
    done
    "$bin" generate -q --variant $v --seed 1 -n $n --workers 2 --format json > "$tmp/$v.jsonl"
    clues=$(sed 's/.*"clues":\([0-9]*\).*/\1/' "$tmp/$v.jsonl" | awk '{ s += $1; if (NR == 1 || $1 < lo) lo = $1; if ($1 > hi) hi = $1 } END { printf "%.1f clues on average, %d-%d", s / NR, lo, hi }')
    for _ in $(seq "$rounds"); do
      alternate vw vc verify -q --workers 2 "$tmp/$v.jsonl"
    done
    verdicts() { "$1" verify --json --workers 2 "$tmp/$v.jsonl" 2>/dev/null | sed 's/.*"status":"\([a-z]*\)".*/\1/' | md5sum; }
    same="the same verdicts"
    [ "$(verdicts "$old")" = "$(verdicts "$bin")" ] || same="VERDICTS DIFFER"
    proofs=$("$bin" verify --workers 2 "$tmp/$v.jsonl" 2>&1 >/dev/null | tail -1 | sed 's/.*(proved: \([^)]*\)).*/\1/')
    if [ -n "$newonly" ]; then
      echo "$v: generate $n: new ${gw[new]}s ($(rate $n "${gw[new]}")/s), CPU-s ${gc[new]} ($ref does not make it); $clues"
      echo "$v: verify those $n: new ${vw[new]}s ($(rate $n "${vw[new]}")/s), CPU-s ${vc[new]}; new proved $proofs"
      unset gw gc vw vc
      continue
    fi
    echo "$v: generate $n: new ${gw[new]}s ($(rate $n "${gw[new]}")/s), old ${gw[old]}s ($(rate $n "${gw[old]}")/s): $(ratio "${gw[old]}" "${gw[new]}")x; CPU-s new ${gc[new]}, old ${gc[old]}; $clues"
    echo "$v: verify those $n: new ${vw[new]}s ($(rate $n "${vw[new]}")/s), old ${vw[old]}s ($(rate $n "${vw[old]}")/s): $(ratio "${vw[old]}" "${vw[new]}")x; CPU-s new ${vc[new]}, old ${vc[old]}; $same; new proved $proofs"
    unset gw gc vw vc
  done
fi

if [ "$what" = proofs ]; then
  # Each set timed plain, with --proof --proof-cnf=false and with --proof,
  # and REF's --proof, in turn within every round, into a tmpfs where
  # there is one; the best of the rounds is reported, as ratios to plain.
  ref=${2:-main}
  rounds=${ROUNDS:-3}
  build_old "$ref"
  out=$tmp
  [ -d /dev/shm ] && [ -w /dev/shm ] && out=$(mktemp -d /dev/shm/sudokugen-bench.XXXXXX)
  trap 'rm -rf "$(dirname "$bin")"; [ "$out" = "$tmp" ] || rm -rf "$out"' EXIT
  go test -c -o "$tmp/cmd.test" ./cmd/sudokugen
  head -n 2000 "$data/royle17/puzzles.txt" > "$tmp/royle17-2000.txt"
  cp "$data/tdoku/top1465.txt" "$tmp/top1465.txt"
  "$bin" generate -q --variant killer -n 1000 --seed 1 > "$tmp/killer-1000.json"
  "$bin" generate -q --variant jigsaw -n 1000 --seed 1 > "$tmp/jigsaw-1000.json"
  echo "== verify --proof into $out: this checkout against $ref ($(git rev-parse --short "$ref")), best of $rounds rounds"
  for f in "$tmp/royle17-2000.txt" "$tmp/top1465.txt" "$tmp/killer-1000.json" "$tmp/jigsaw-1000.json"; do
    declare -A w=()
    for _ in $(seq "$rounds"); do
      for k in plain drat cnf old; do
        rm -rf "$out/p"
        case $k in
        plain) args=(verify -q "$f") ;;
        drat) args=(verify -q --proof "$out/p" --proof-cnf=false "$f") ;;
        *) args=(verify -q --proof "$out/p" "$f") ;;
        esac
        exe=$bin
        [ $k = old ] && exe=$old
        w[$k]=$(best "$(secs "$exe" "${args[@]}")" "${w[$k]:-}")
      done
    done
    echo "$(basename "$f"): verify ${w[plain]}s; --proof --proof-cnf=false ${w[drat]}s ($(ratio "${w[drat]}" "${w[plain]}")x); --proof ${w[cnf]}s ($(ratio "${w[cnf]}" "${w[plain]}")x); $ref's --proof ${w[old]}s ($(ratio "${w[old]}" "${w[plain]}")x)"
    unset w
    rm -rf "$out/p"
    "$old" verify --json "$f" > "$tmp/old.jsonl" 2>/dev/null || true
    "$bin" verify --json --proof "$out/p" "$f" > "$tmp/new.jsonl" 2>/dev/null || true
    # "assumed", "left_out" and "proof_written" are new with --proof: the
    # implied clauses a variant's proof takes on trust, or the implied
    # constraints its search went without; the rest must be as before
    echo "  $(grep -c '"assumed":' "$tmp/new.jsonl" || true) proofs assume implied clauses, $(grep -o '"assumed":[0-9]*' "$tmp/new.jsonl" | awk -F: '{ s += $2 } END { print s + 0 }') clauses in all; $(grep -c '"left_out":' "$tmp/new.jsonl" || true) proofs come from a search without some implied constraints (left_out), written $(grep -o '"proof_written":"[a-z]*"' "$tmp/new.jsonl" | cut -d'"' -f4 | sort | uniq -c | xargs)"
    sed 's/"assumed":[0-9]*,//; s/"left_out":[0-9]*,//; s/"proof_written":"[a-z]*",//' "$tmp/new.jsonl" > "$tmp/new-as-old.jsonl"
    cmp -s "$tmp/old.jsonl" "$tmp/new-as-old.jsonl" && echo "  --json with --proof: the same as $ref's without" || echo "  --json with --proof: OUTPUT DIFFERS from $ref's"
    echo "  $(find "$out/p" -name '*.drat' | wc -l) proofs, $(du -sh "$out/p" | cut -f1) with their CNFs"
    "$tmp/cmd.test" -test.run '^TestProofFolder$' -test.v -proof-folder "$out/p" -proof-verdicts "$tmp/new.jsonl" -proof-puzzles "$f" 2>&1 |
      grep -E 'proofs checked|FAIL|Error' | sed 's/^ */  /' || true
  done
fi

if [ "$what" = hard ]; then
  command -v cadical >/dev/null || { echo "hard: needs cadical (apt-get install cadical)"; exit 1; }
  n=${2:-20}
  tmp=$(mktemp -d)
  "$bin" generate -q --variant nonconsecutive -n "$n" --seed 11 > "$tmp/nc.jsonl"
  ts=0 tc=0
  i=0
  while IFS= read -r line; do
    i=$((i + 1))
    printf '%s\n' "$line" > "$tmp/p.jsonl"
    "$bin" cnf --unique-check "$tmp/p.jsonl" > "$tmp/p.cnf"
    s=$(cpu "$bin" verify -w 0 "$tmp/p.jsonl" | cut -d' ' -f2)
    c=$(cpu cadical -q "$tmp/p.cnf" | cut -d' ' -f2)
    conflicts=$({ cadical "$tmp/p.cnf" || true; } | awk '$2 == "conflicts:" { print $3; exit }')
    echo "puzzle $i: $(grep -o '"clues":[0-9]*' "$tmp/p.jsonl" | cut -d: -f2) givens; sudokugen ${s}s, cadical ${c}s (${conflicts} conflicts)"
    ts=$(awk -v a="$ts" -v b="$s" 'BEGIN { print a + b }')
    tc=$(awk -v a="$tc" -v b="$c" 'BEGIN { print a + b }')
  done < "$tmp/nc.jsonl"
  echo "$n nonconsecutive puzzles: sudokugen ${ts} CPU-s ($(ratio "$tc" "$ts")x faster than cadical), cadical ${tc} CPU-s; 1,000/s with 2 workers needs $(awk -v n="$n" 'BEGIN { printf "%.3f", n * 2 / 1000 }') CPU-s"
  rm -rf "$tmp"
fi

# cpu_out OUT CMD...: cpu, with the standard output of CMD in OUT and its
# standard error in OUT.err.
cpu_out() {
  local out=$1 TIMEFORMAT='%R %U %S' t
  shift
  t=$({ time "$@" >"$out" 2>"$out.err"; } 2>&1 || true)
  echo "$t" | tail -1 | awk '{ printf "%.2f %.2f", $1, $2 + $3 }'
}

# iss_compare NAME PUZZLES STRINGS [NAMES]: sudokugen verify --workers 1
# on the puzzles of PUZZLES (one a line) and ISS on the same puzzles as
# the constraint strings of STRINGS (line for line), each in one run timed
# in CPU-s (user + system, children included; ISS's with node's start-up,
# the loading of its modules and a warm-up puzzle); then each puzzle's
# processor time, sudokugen's by TestPuzzleCPU (the puzzle read from its
# text and checked by one Verifier, as a worker does, in one process) and
# ISS's by .ci/iss/solve.mjs (the string read, the solver built and run to
# its second solution), with their ratio ISS/sudokugen: the median, and the
# worst for sudokugen; the puzzles where sudokugen took longer are named
# (from NAMES, one a line, or by their index from 0). Both must find each
# puzzle unique or not alike, and a unique puzzle's solution the same.
iss_compare() {
  local name=$1 puzzles=$2 strings=$3 names=${4:-/dev/null} w sgc isc proved proofs
  read -r w sgc <<<"$(cpu_out "$puzzles.sg" "$bin" verify --workers 1 --json "$puzzles")"
  read -r w isc <<<"$(cpu_out "$strings.out" node .ci/iss/solve.mjs "$issdir" < "$strings")"
  # the times, then every proof checked against the plain-rule CNF
  if ! (cd verify && "$tmp/verify.test" -test.run '^TestPuzzleCPU$' -test.v -cpu.puzzles "$puzzles" -cpu.out "$puzzles.cpu" -cpu.proofs >"$puzzles.proofs" 2>&1); then
    echo "$name: PROOF CHECK FAILED:"
    grep -E 'puzzle [0-9]+:' "$puzzles.proofs" | head -5
  fi
  proofs=$(sed -n 's/.*proofs: map\[\(.*\)\]$/\1/p' "$puzzles.proofs")
  proved=$(tail -1 "$puzzles.sg.err" | sed -n 's/.*(proved: \([^)]*\)).*/\1/p')
  # status and solution of verify --json, then the times and ISS's answers
  sed 's/.*"status":"\([a-z]*\)".*/\1/' "$puzzles.sg" > "$puzzles.st"
  sed 's/.*"solution":"\([^"]*\)".*/\1/; t; s/.*/-/' "$puzzles.sg" > "$puzzles.sol"
  paste "$puzzles.st" "$puzzles.sol" <(cut -f2 "$puzzles.cpu") "$strings.out" | awk -F'\t' -v name="$name" -v sgc="$sgc" -v isc="$isc" -v proved="$proved" -v proofs="$proofs" -v ratios="$tmp/ratios" -v names="$names" '
    BEGIN { sym = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"; printf "" > ratios; while ((getline l < names) > 0) nm[k++] = l }
    {
      st = $1; sol = $2; sg = ($3 < 0.001 ? 0.001 : $3); cnt = $4; isol = $5; ims = $6
      who = (NR - 1 in nm) ? nm[NR - 1] : "puzzle " NR - 1
      if (cnt == "error") { errs++; bad++; differ = differ " " who; next }
      if (index(isol, ",")) {
        k = split(isol, d, ","); isol = ""
        for (j = 1; j <= k; j++) isol = isol (d[j] > 9 ? substr(sym, d[j] - 9, 1) : d[j])
      }
      if ((st == "unique") != (cnt == "1") || (st == "unique" && sol != isol)) { bad++; differ = differ " " who }
      n++; ssg += sg; siss += ims
      r = ims / sg
      if (r < 0.2) over5++
      print r > ratios
      if (n == 1 || r < worst) { worst = r; wname = who; wsg = sg; wiss = ims }
      if (r < 1) { nslow++; slow[who] = r; slowtxt[who] = sprintf(" %s (%.1f ms against %.1f)", who, sg, ims) }
    }
    END {
      close(ratios)
      cmd = "sort -g " ratios; m = 0
      while ((cmd | getline v) > 0) a[++m] = v
      close(cmd)
      med = (m % 2) ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
      printf "%-26s %3d puzzles; whole runs: sudokugen %5.2f CPU-s, ISS %5.2f CPU-s: ISS/sudokugen %.3gx\n", name, n + errs, sgc, isc, isc / sgc
      printf "%-26s per puzzle: sudokugen %.1f ms in all, ISS %.1f ms: %.3gx; median %.3gx, worst %.3gx (%s: %.2f ms against %.2f)\n", "", ssg, siss, siss / ssg, med, worst, wname, wsg, wiss
      if (nslow) {
        # the ten where it took longest beside ISS
        for (k = 0; k < 10 && k < nslow; k++) {
          w = ""
          for (p in slow) if (w == "" || slow[p] < slow[w]) w = p
          slower = slower slowtxt[w]; delete slow[w]
        }
        printf "%-26s sudokugen took longer on %d:%s%s\n", "", nslow, slower, (nslow > 10 ? " ..." : "")
        printf "%-26s over 5 times ISS'"'"'s: %d\n", "", over5
      }
      printf "%-26s %s; sudokugen proved: %s\n", "", (bad ? bad " PUZZLES DIFFER:" differ : "the same verdicts and solutions"), proved
      printf "%-26s proofs checked against the plain-rule CNF: %s\n", "", proofs
    }'
}

if [ "$what" = iss ]; then
  n=${2:-50}
  src=${ISS:-/work/.mirror/sigh+Interactive-Sudoku-Solver}
  if ! command -v node >/dev/null 2>&1; then
    echo "iss: skipped: node is not installed (Debian package nodejs)"
    exit 0
  fi
  tmp=$(dirname "$bin")
  if [ -f "$src/js/sudoku_parser.js" ]; then
    issdir=$src
  else
    gitdir=$src
    [ -d "$src/repo" ] && gitdir=$src/repo
    if ! git --git-dir="$gitdir" rev-parse -q --verify HEAD >/dev/null 2>&1; then
      echo "iss: skipped: no snapshot of Interactive-Sudoku-Solver at $src (set ISS to a checkout or a bare git repository of it)"
      exit 0
    fi
    issdir=$tmp/iss
    mkdir -p "$issdir"
    git --git-dir="$gitdir" archive HEAD js package.json | tar -x -C "$issdir"
  fi
  go test -c -o "$tmp/verify.test" ./verify
  echo "== iss: sudokugen verify --workers 1 against Interactive-Sudoku-Solver ($(git --git-dir="${gitdir:-$src/.git}" rev-parse --short HEAD 2>/dev/null || echo checkout), node $(node --version)), $n minimal 9x9 puzzles a family, seed 1"
  for v in ${FAMILIES:-arrow killer little-killer sandwich xsum skyscraper region-sum-line thermometer whispers renban nonconsecutive kropki arrow,killer whispers,renban,palindrome}; do
    f=$tmp/${v//,/+}
    "$bin" generate -q --variant "$v" -n "$n" --seed 1 --workers 2 --solutions --format json > "$f.jsonl"
    "$bin" generate -q --variant "$v" -n "$n" --seed 1 --workers 2 --solutions --format iss > "$f.sol.iss"
    cut -f1 "$f.sol.iss" > "$f.iss"
    # the same puzzles both ways: their solutions, line for line
    if ! cmp -s <(sed 's/.*"solution":"\([^"]*\)".*/\1/' "$f.jsonl") <(cut -f2 "$f.sol.iss"); then
      echo "$v: the json and iss runs of generate hold different puzzles"
      exit 1
    fi
    iss_compare "$v" "$f.jsonl" "$f.iss"
  done
  # SudokuSolver's test puzzles (those TestSudokuSolverSuite verifies), the
  # ones whose rules ISS's strings can state
  tail -n +2 <(grep -v '^#' verify/testdata/sudokusolver.tsv) | cut -f3 > "$tmp/ss.txt"
  (cd verify && "$tmp/verify.test" -test.run '^TestPuzzleCPU$' -cpu.puzzles "$tmp/ss.txt" -cpu.out "$tmp/ss.cpu" -cpu.iss "$tmp/ss.all.iss" >/dev/null)
  tail -n +2 <(grep -v '^#' verify/testdata/sudokusolver.tsv) | cut -f1 > "$tmp/ss.names"
  paste "$tmp/ss.names" "$tmp/ss.all.iss" | awk -F'\t' '$2 ~ /^# refused/ { sub(/^# refused: /, "", $2); print "  not written as ISS: " $1 ": " $2 }'
  paste "$tmp/ss.txt" "$tmp/ss.all.iss" | awk -F'\t' -v p="$tmp/ss-ok.txt" -v s="$tmp/ss-ok.iss" '$2 !~ /^# refused/ { print $1 > p; print $2 > s }'
  paste "$tmp/ss.names" "$tmp/ss.all.iss" | awk -F'\t' '$2 !~ /^# refused/ { print $1 }' > "$tmp/ss-ok.names"
  iss_compare "SudokuSolver's suite" "$tmp/ss-ok.txt" "$tmp/ss-ok.iss" "$tmp/ss-ok.names"
fi

