#!/usr/bin/env node
// The `panel` command. The sources are TypeScript run through tsx, so there is no build step
// between a checkout and a working CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../panel/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
