/** A software passkey authenticator (nid-webauthn-emulator) for tests of the passkey endpoints. */
import { AuthenticatorEmulator, PasskeysCredentialsMemoryRepository, WebAuthnEmulator } from 'nid-webauthn-emulator';

/** The panel's origin in tests (PANEL_BASE_URL's default). */
export const ORIGIN = 'http://localhost:8080';

/**
 * A software authenticator with its own credential store (the emulator's default store is shared
 * by every instance). `verification.uv` says whether the user is verified at the next ceremony.
 */
export function newAuthenticator(verification = { uv: true }): WebAuthnEmulator {
  const interaction = (user: unknown) => ({ user, options: { uv: verification.uv, up: true } });
  return new WebAuthnEmulator(
    new AuthenticatorEmulator({
      credentialsRepository: new PasskeysCredentialsMemoryRepository(),
      userMakeCredentialInteraction: interaction as never,
      userGetAssertionInteraction: interaction as never,
    }),
  );
}
