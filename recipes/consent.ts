/**
 * Sample-data consent: one site-wide decision, stored in a site option. Nothing is downloaded from the
 * public source (neither sample data nor the recipe archive) until an administrator grants it; an
 * absent decision is `undecided`, which downloads nothing, exactly like `declined`.
 */
import type { Actor } from '../panel/actor.ts';
import type { Site } from '../panel/site.ts';

export const CONSENT_OPTION = 'seeder_sample_data_consent';

export const CONSENT_STATES = ['undecided', 'granted', 'declined'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

export interface ConsentRecord {
  state: ConsentState;
  /** When the decision was made (ISO time); null while undecided. */
  decided_at: string | null;
  /** Who made it (operator email); null while undecided. */
  decided_by: string | null;
}

const UNDECIDED: ConsentRecord = { state: 'undecided', decided_at: null, decided_by: null };

export async function readConsent(site: Site): Promise<ConsentRecord> {
  const stored = await site.options.get<Partial<ConsentRecord> | null>(CONSENT_OPTION, null);
  if (!stored || (stored.state !== 'granted' && stored.state !== 'declined')) return { ...UNDECIDED };
  return {
    state: stored.state,
    decided_at: typeof stored.decided_at === 'string' ? stored.decided_at : null,
    decided_by: typeof stored.decided_by === 'string' ? stored.decided_by : null,
  };
}

export async function hasConsent(site: Site): Promise<boolean> {
  return (await readConsent(site)).state === 'granted';
}

export async function writeConsent(site: Site, state: 'granted' | 'declined', actor: Actor): Promise<ConsentRecord> {
  const record: ConsentRecord = { state, decided_at: new Date().toISOString(), decided_by: actor.email };
  await site.options.set(CONSENT_OPTION, record);
  return record;
}
