/** Issue 13 (ASVS 6.2.4, 6.2.11): which new passwords the policy refuses, and why. */
import { expect } from 'chai';
import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordProblem } from '../../panel/auth/password-policy.ts';

const EMAIL = 'jane.doe@example.test';
const rule = async (password: string, email = EMAIL) => (await passwordProblem(password, email))?.rule;

describe('new-password policy', () => {
  it('refuses the common passwords of the list, whatever the case, down to the last one', async () => {
    const list = dictionary['passwords-common'];
    expect(list.length).to.be.greaterThan(3000);
    for (const common of ['password', 'qwertyuiop', 'iloveyou', list[2999], list[list.length - 1]]) {
      expect(await rule(common), common).to.equal('common_password');
      expect(await rule(common.toUpperCase()), common).to.equal('common_password');
    }
  });

  it('refuses a listed password with digits, spaces or symbols added at either end: password1234 is listed, and its variations fall to the core rule', async () => {
    expect(dictionary['passwords-common']).to.include('password1234');
    for (const padded of ['password1234', 'Password1234!', 'password 2024 !!', 'Dragon2024!!', '!!monkey!!', '2024-sunshine', 'qwertyuiop 123']) {
      expect(await rule(padded), padded).to.equal('common_password');
    }
  });

  it('accepts long passwords that only contain a common word, or pad one with letters', async () => {
    for (const fine of ['correct horse battery staple', 'a much better passphrase', 'passwordxyzzyplugh', 'my dragon sleeps 2024']) {
      expect(await rule(fine), fine).to.equal(undefined);
    }
  });

  it('refuses a password containing the email name (3 characters or more), whatever the case; a shorter name is not checked', async () => {
    expect(await rule('Jane.Doe likes long walks')).to.equal('contains_email_name');
    expect(await rule('the best of jane.doe ever')).to.equal('contains_email_name');
    expect(await rule('jane likes long walks, doe')).to.equal(undefined);
    expect(await rule('long walks with a jo in them', 'jo@example.test')).to.equal(undefined);
    expect(await rule('long walks with ops in them', 'OPS@example.test')).to.equal('contains_email_name');
    const problem = await passwordProblem('Jane.Doe likes long walks', EMAIL);
    expect(problem?.message).to.contain('"jane.doe"');
  });
});
