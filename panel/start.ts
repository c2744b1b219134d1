/**
 * Starting the panel: the kernel with the plugins it is given, and first start. The CLI starts the
 * panel through here without loading the HTTP app; `panel serve` and the tests add the app with
 * `buildApp` (boot.ts, which re-exports these). Which plugins ship is not the host's business: the
 * composition root (main.ts) hands them in.
 */
import { Kernel } from './kernel.ts';
import { isPanelError, PanelError } from './errors.ts';
import { AUTH_MIGRATIONS } from './auth/schema.ts';
import { withLock } from './lock.ts';
import type { PanelConfig } from './config.ts';
import type { Plugin } from './plugin.ts';

/** The plugins a panel ships with: the composition root's choice, handed to the kernel. */
export interface Distribution {
  /** Plugins known without loading a module, in catalogue order. */
  readonly plugins: ReadonlyArray<Plugin | (new () => Plugin)>;
  /** Activated, in this order, on the `default` site created at first start and on sites created without a list. */
  readonly defaultSitePlugins: readonly string[];
}

export async function bootPanel(config: PanelConfig, distribution: Distribution): Promise<Kernel> {
  return Kernel.boot({
    config,
    builtins: distribution.plugins,
    defaultSitePlugins: distribution.defaultSitePlugins,
    panelMigrations: [{ owner: 'auth', migrations: AUTH_MIGRATIONS }],
  });
}

/** The panel database's lock first start runs under (panel/lock.ts). */
export const FIRST_START_LOCK = 'first-start';

export interface FirstStartReport {
  createdDefaultSite: boolean;
  createdOperator?: string;
  operatorCount: number;
}

/** On an empty panel: creates site `default` with the default plugins, and the first operator from the environment. */
export async function firstStart(kernel: Kernel): Promise<FirstStartReport> {
  const report: FirstStartReport = { createdDefaultSite: false, operatorCount: 0 };
  const { adminEmail, adminPassword } = kernel.config;
  // The operator store (argon2, the password policy) loads only when there is an operator to create.
  const operators = adminEmail && adminPassword ? await import('./operators.ts') : undefined;
  const admin = operators ? { email: adminEmail!, password: adminPassword! } : undefined;
  // A refused PANEL_ADMIN_PASSWORD stops the start before anything is created, and says where it came from.
  if (admin && !(await operators!.findOperator(kernel.panelDb, admin.email))) {
    await operators!.checkNewPassword(admin.password, admin.email).catch((e: unknown) => {
      throw isPanelError(e) ? new PanelError(e.code, `PANEL_ADMIN_PASSWORD: ${e.message}`, e.details) : e;
    });
  }
  // Several processes may start on one new database at once (servers behind a load balancer, the CLI
  // beside a server): one at a time under the panel database's lock, each looking again once it holds
  // it, so one creates the site and the operator and the others find them. The lock is taken only while
  // there is something to create (every start after the first skips it).
  const needsSite = async () => (await kernel.listSites()).length === 0;
  const needsOperator = async () => admin !== undefined && !(await operators!.findOperator(kernel.panelDb, admin.email));
  if ((await needsSite()) || (await needsOperator())) {
    await withLock(kernel.panelDb, FIRST_START_LOCK, async () => {
      if (await needsSite()) {
        // unlessMadeElsewhere stays as a second line: a process of an older version (a rolling upgrade)
        // or `panel site add default` elsewhere does not take this lock.
        report.createdDefaultSite = await unlessMadeElsewhere(
          kernel.createSite({ id: 'default', name: 'Default site', plugins: kernel.defaultSitePlugins }),
          async () => (await kernel.siteRecord('default')) !== undefined,
        );
      }
      if (admin && (await needsOperator())) {
        // The first operator owns the panel (an administrator of every site); later ones come with memberships.
        const owned = await kernel.panelDb('operators').where({ owner: true }).first('id');
        const created = operators!.createOperator(kernel.panelDb, { ...admin, role: 'administrator', owner: !owned, sites: owned ? ['default'] : [] });
        if (await unlessMadeElsewhere(created, async () => (await operators!.findOperator(kernel.panelDb, admin.email)) !== undefined)) {
          report.createdOperator = admin.email;
        }
      }
    });
  }
  const [{ n }] = await kernel.panelDb('operators').count({ n: '*' });
  report.operatorCount = Number(n);
  return report;
}

/** True when `making` made the thing; false when it failed because another process made it meanwhile. */
async function unlessMadeElsewhere(making: Promise<unknown>, exists: () => Promise<boolean>): Promise<boolean> {
  try {
    await making;
    return true;
  } catch (e) {
    if (await exists().catch(() => false)) return false;
    throw e;
  }
}
