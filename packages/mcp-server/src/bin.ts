#!/usr/bin/env node
import { runMain } from './cli/main.js';

runMain(process.argv.slice(2));
