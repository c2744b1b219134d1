/**
 * What a new password may not be, besides too short or too long (checked where it arrives):
 *
 * - a common password (ASVS 5.0 6.2.4). The list is `passwords-common` of @zxcvbn-ts/language-common:
 *   about 49,000 passwords from leaked password lists, most used first, all lowercase, checked offline
 *   and whole. The comparison ignores case, and it also looks at the password's core, that is, the
 *   password with the digits, spaces and symbols at its start and end taken off: `Password1234!`,
 *   `dragon 2024` and `!!monkey!!` are refused because `password`, `dragon` and `monkey` are listed.
 *   People meet a length rule by padding a common word, and guessing tools pad the same way.
 *   (`password1234` itself is on the list, about 18,500th; the core rule refuses its variations too.)
 * - a password that contains the operator's email name, the part before `@`, when that part has at
 *   least 3 characters (ASVS 5.0 6.2.11, context-specific words), whatever the case.
 *
 * The list is decompressed on the first check (a few hundred milliseconds), so a server start or a CLI
 * command that sets no password does not pay for it.
 */

export interface PasswordProblem {
  /** `common_password` or `contains_email_name` (the `rule` of a validation error). */
  rule: 'common_password' | 'contains_email_name';
  /** A sentence for the person choosing the password. */
  message: string;
}

/** Shorter email names would refuse too many good passwords ("a", "jo" occur everywhere). */
const EMAIL_NAME_MIN = 3;

let common: Promise<ReadonlySet<string>> | undefined;

function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return common;
}

/** The password with the digits, spaces and symbols (anything but letters) at both ends taken off. */
function core(password: string): string {
  return password.replace(/^\P{L}+|\P{L}+$/gu, '');
}

/** Why `password` may not be the new password of the operator with `email`; undefined when it may. */
export async function passwordProblem(password: string, email: string): Promise<PasswordProblem | undefined> {
  const lower = password.toLowerCase();
  const list = await commonPasswords();
  const base = core(lower);
  if (list.has(lower) || (base !== '' && list.has(base))) {
    return {
      rule: 'common_password',
      message:
        'This password is one of the most commonly used passwords (or one of them with digits or symbols added), ' +
        'so it is among the first an attacker tries. Choose another, for example several unrelated words.',
    };
  }
  const name = email.split('@')[0].trim().toLowerCase();
  if (name.length >= EMAIL_NAME_MIN && lower.includes(name)) {
    return {
      rule: 'contains_email_name',
      message: `The password contains the email name "${name}", which is among the first guesses for this account. Choose one without it.`,
    };
  }
  return undefined;
}
