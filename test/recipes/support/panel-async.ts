/**
 * The real `panel` binary without blocking the test process: commands that download must be able to
 * reach the local source server, which runs on this process's event loop (spawnSync would starve it).
 */
import { spawn } from 'node:child_process';
import { BIN, type CliResult } from '../../support/cli.ts';

export function runPanelAsync(args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
