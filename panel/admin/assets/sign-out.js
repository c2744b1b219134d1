// Sign out from any admin screen: POST /api/v1/auth/logout, then the sign-in screen (whose address is
// the form's data-signed-out). The session may already be gone (expired, signed out in another tab);
// the operator is signed out either way, so any answer leads to the sign-in screen.

for (const form of document.querySelectorAll('form.sign-out')) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type="submit"]');
    if (button) button.disabled = true;
    try {
      await fetch(form.action, { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json' } });
    } catch {
      // unreachable panel: the sign-in screen will say so when it is used
    }
    location.assign(form.dataset.signedOut);
  });
}
