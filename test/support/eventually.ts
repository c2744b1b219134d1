/**
 * Retries a check until it holds, for what a test observes while something else is still working: a
 * page that renders after a response arrives, a child process that is writing rows. As Playwright's
 * `expect(...).toPass()`: while the check throws, it runs again after a short pause; when time is up, the
 * last failure is thrown (so the message is the assertion's own). A check that holds at once costs
 * nothing, so negative checks ("no dialog is left") are written the same way.
 *
 *   await eventually(async () => expect(await page.locator('h1').textContent()).to.equal('Sign in'));
 */
const PAUSES_MS = [25, 50, 100, 250, 500];

export async function eventually<T>(check: () => Promise<T> | T, { timeout = 10_000 }: { timeout?: number } = {}): Promise<T> {
  const deadline = Date.now() + timeout;
  for (let attempt = 0; ; attempt++) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() >= deadline) throw err;
      const pause = PAUSES_MS[Math.min(attempt, PAUSES_MS.length - 1)];
      await new Promise((resolve) => setTimeout(resolve, Math.min(pause, Math.max(0, deadline - Date.now()))));
    }
  }
}
