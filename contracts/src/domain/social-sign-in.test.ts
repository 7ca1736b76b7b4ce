import { describe, expect, it } from 'vitest';
import { socialSignInErrorMessage } from './social-sign-in';

describe('socialSignInErrorMessage', () => {
  it("shows the spec's text per provider", () => {
    expect(socialSignInErrorMessage('google')).toBe('Error during sign-in');
    expect(socialSignInErrorMessage('facebook', 'failed')).toBe('Error during Facebook sign-in');
    expect(socialSignInErrorMessage('apple')).toBe('Error during Apple sign-in');
  });

  it('says the email is in use when the provider could not prove the email', () => {
    expect(socialSignInErrorMessage('google', 'email-in-use')).toBe('The email address is already in use by another account.');
  });

  it('falls back to the general text for anything unknown', () => {
    expect(socialSignInErrorMessage('myspace')).toBe('Error during sign-in');
    expect(socialSignInErrorMessage(null, 'weird')).toBe('Error during sign-in');
  });
});
