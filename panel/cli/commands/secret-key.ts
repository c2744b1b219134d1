import type { Command } from 'commander';
import { CliError, type CliContext } from '../context.ts';

export function registerSecretKey(program: Command, ctx: CliContext): Command {
  const secretKey = program
    .command('secret-key')
    .description('The secret key that encrypts TOTP secrets (PANEL_SECRET_KEY or the key file): the panel database records its fingerprint.');

  secretKey
    .command('forget')
    .description('Forget the recorded key, so the next `panel serve` records its own; refused while TOTP secrets are encrypted with it.')
    .action(async (_opts: unknown, cmd: Command) => {
      const kernel = await ctx.kernel();
      const { forgetSecretKey } = await import('../../auth/key-check.ts');
      try {
        ctx.printObject(cmd, await forgetSecretKey(kernel.panelDb));
      } catch (e) {
        throw new CliError((e as Error).message);
      }
    });
  return secretKey;
}
