// Solves Interactive-Sudoku-Solver (ISS) constraint strings with ISS's own
// parser and solver, for the benchmarks and tests of sudokugen's writer of
// that format (formats.MarshalISS, generate --format iss).
//
// Usage: node .ci/iss/solve.mjs ISS_DIR < puzzles.iss
//
// ISS_DIR is a checkout (or an extracted snapshot) of
// github.com/sigh/Interactive-Sudoku-Solver: the directory that holds
// js/sudoku_parser.js. None of its code is copied here; its modules are
// imported from there, once.
//
// Each line of standard input is one puzzle's constraint string. For each,
// one line goes out, tab-separated:
//
//	COUNT  SOLUTION  MS
//
// COUNT is the number of solutions found, counting up to 2 (0, 1 or 2);
// SOLUTION the digits of the first one row by row (commas between them
// when the grid holds digits above 9), or "-" when there is none; MS the
// processor time of the puzzle in milliseconds (process.cpuUsage, user and
// system), from reading the string to the verdict. A string that ISS
// refuses gives "error", the message, and MS. The engine is loaded, and a
// warm-up puzzle solved, before the first line is read.

import { createInterface } from 'node:readline';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.argv[2];
if (!dir || !existsSync(join(dir, 'js', 'sudoku_parser.js'))) {
  process.stderr.write(
    'usage: node solve.mjs ISS_DIR < puzzles\n' +
    '(ISS_DIR: a checkout of Interactive-Sudoku-Solver, holding js/sudoku_parser.js)\n');
  process.exit(2);
}

// The modules are written for a browser page or a Web Worker: they read
// self.VERSION_PARAM (a cache-busting suffix of their imports) at load
// time, and a few helpers read window and document only when called.
globalThis.self = globalThis;
globalThis.VERSION_PARAM = '';

const load = (path) => import(pathToFileURL(resolve(dir, path)).href);
const { SudokuParser } = await load('js/sudoku_parser.js');
const { SudokuBuilder } = await load('js/solver/sudoku_builder.js');

// solve returns the number of solutions up to 2 and the first one (an
// array of digits, or null). nthSolution resumes the same search, so the
// second call goes on from the first solution: one search in all.
const solve = (text) => {
  const constraint = SudokuBuilder.resolveConstraint(SudokuParser.parseText(text));
  const solver = SudokuBuilder.build(constraint);
  const first = solver.nthSolution(0);
  if (first === null) return { count: 0, first };
  return { count: solver.nthSolution(1) === null ? 1 : 2, first };
};

const digits = (sol) => {
  if (sol === null) return '-';
  return sol.some(d => d > 9) ? sol.join(',') : sol.join('');
};

// Warm-up: a 17-clue classic puzzle, so that the first line is not timed
// with the engine's first compilation.
solve('.~R1C8_1.~R2C1_4.~R3C2_2.~R4C5_5.~R4C7_4.~R4C9_7.~R5C3_8.~R5C7_3' +
  '.~R6C3_1.~R6C5_9.~R7C1_3.~R7C4_4.~R7C7_2.~R8C2_5.~R8C4_1.~R9C4_8.~R9C6_6');

const out = [];
const flush = () => {
  if (out.length) process.stdout.write(out.join(''));
  out.length = 0;
};

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  const start = process.cpuUsage();
  let result;
  try {
    const { count, first } = solve(line);
    result = `${count}\t${digits(first)}`;
  } catch (e) {
    result = `error\t${String(e?.message ?? e).replace(/\s+/g, ' ')}`;
  }
  const used = process.cpuUsage(start);
  out.push(`${result}\t${((used.user + used.system) / 1000).toFixed(3)}\n`);
  if (out.length >= 64) flush();
}
flush();
