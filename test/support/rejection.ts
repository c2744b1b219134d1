import { expect } from 'chai';
import { PanelError } from '../../panel/errors.ts';

/** The PanelError a promise is refused with; fails the test when it resolves or throws something else. */
export async function rejection(p: Promise<unknown>): Promise<PanelError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e, 'expected a refusal').to.be.instanceOf(PanelError);
  return e as PanelError;
}
