import type { Command } from 'commander';
import { CliError, type CliContext } from '../context.ts';

/** `panel option get|set|delete <name>`: a site's options (JSON values), like `wp option`. */
export function registerOption(program: Command, ctx: CliContext): void {
  const option = program.command('option').description("Read and change a site's options (JSON values).");

  option
    .command('get <name>')
    .description('Print an option as JSON (exit 1 when it is not set).')
    .action(async (name: string, _opts: unknown, cmd: Command) => {
      const site = await (await ctx.kernel()).site(ctx.globals(cmd).site);
      const value = await site.options.get<unknown>(name);
      if (value === undefined) throw new CliError(`Option "${name}" is not set on site "${site.id}".`);
      ctx.io.out(JSON.stringify(value));
    });

  option
    .command('set <name> <json>')
    .description(`Set an option to a JSON value, e.g. panel option set emporium_currency '"EUR"'.`)
    .action(async (name: string, json: string, _opts: unknown, cmd: Command) => {
      let value: unknown;
      try {
        value = JSON.parse(json);
      } catch {
        throw new CliError(`The value must be JSON; a string needs quotes: '"${json}"'.`, 2);
      }
      const site = await (await ctx.kernel()).site(ctx.globals(cmd).site);
      await site.options.set(name, value);
      ctx.io.out(`Set ${name} on site "${site.id}".`);
    });

  option
    .command('delete <name>')
    .description('Remove an option.')
    .action(async (name: string, _opts: unknown, cmd: Command) => {
      const site = await (await ctx.kernel()).site(ctx.globals(cmd).site);
      if (!(await site.options.delete(name))) throw new CliError(`Option "${name}" is not set on site "${site.id}".`);
      ctx.io.out(`Deleted ${name} on site "${site.id}".`);
    });
}
