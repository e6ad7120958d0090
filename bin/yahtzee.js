#!/usr/bin/env node
// Launcher: the compiled CLI does everything.
import '../dist/cli.js';
