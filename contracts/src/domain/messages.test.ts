import { describe, it, expect } from 'vitest';
import { FLASHCARD_SIDE_MAX, FREE_TTS_CALLS_PER_MONTH } from './limits';
import { MESSAGES } from './messages';

describe('MESSAGES', () => {
  it('keeps the spec wording and punctuation exactly', () => {
    expect(MESSAGES.form.required).toBe('Required');
    expect(MESSAGES.form.fileRequired).toBe('File is required.');
    expect(MESSAGES.form.unsavedChanges).toBe('You have unsaved changes. Are you sure you want to leave this page?');
    expect(MESSAGES.signIn.tooManyAttempts).toBe(
      'Your account has been temporarily disabled due to too many failed login attempts. You can restore access by resetting your password or try again later.',
    );
    expect(MESSAGES.resetPassword.success).toBe('Success, You have successfully updated your password.');
    expect(MESSAGES.changePassword.success).toBe('Password updated successfully. Re-authenticating your account, please wait...');
    expect(MESSAGES.other.nothingToTranslate).toBe('No prompt or text available for translation.');
    expect(MESSAGES.tts.monthlyLimitReached).toBe(
      'You have reached your monthly limit of 50 translations. Upgrade to Master for unlimited pronunciations.',
    );
  });

  it('states the same numbers as the limits', () => {
    expect(MESSAGES.form.flashcardSideTooLong).toBe(`Maximum ${FLASHCARD_SIDE_MAX} letters are allowed`);
    expect(MESSAGES.tts.monthlyLimitReached).toContain(`limit of ${FREE_TTS_CALLS_PER_MONTH} `);
  });

  it('uses the same text for a wrong email or password on sign-in and password change', () => {
    expect(MESSAGES.signIn.incorrectCredentials).toBe('Incorrect email or password');
    expect(MESSAGES.changePassword.incorrectCredentials).toBe(MESSAGES.signIn.incorrectCredentials);
  });

  it('has no empty or padded messages', () => {
    for (const group of Object.values(MESSAGES)) {
      for (const message of Object.values(group) as string[]) {
        expect(message).not.toBe('');
        expect(message).toBe(message.trim());
      }
    }
  });
});
