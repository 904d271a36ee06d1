#!/usr/bin/env node
import { runProgram } from './cli/program.js';

// The bin entry: all behaviour lives in cli/program.ts so tests can drive the same program.
const code = await runProgram(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr });
process.exitCode = code;
