#!/usr/bin/env bash
# Times sudokugen against Debian's qqwing on the same work in one run and
# prints the ratios. Usage: .ci/bench.sh [verify|generate|difficulty|rate|giant|all]
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
