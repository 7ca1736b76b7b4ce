/**
 * User-facing texts, word for word as the spec gives them (including its
 * punctuation and phrasing), so every app shows the same wording.
 */
export const MESSAGES = {
  form: {
    required: 'Required',
    flashcardSideTooLong: 'Maximum 300 letters are allowed',
    fileRequired: 'File is required.',
    unsavedChanges: 'You have unsaved changes. Are you sure you want to leave this page?',
  },
  signIn: {
    incorrectCredentials: 'Incorrect email or password',
    userDisabled: 'This user account has been disabled.',
    tooManyAttempts:
      'Your account has been temporarily disabled due to too many failed login attempts. You can restore access by resetting your password or try again later.',
    emailError: 'Error during Email sign-in',
    error: 'Error during sign-in',
    facebookError: 'Error during Facebook sign-in',
    appleError: 'Error during Apple sign-in',
  },
  registration: {
    emailInUse: 'The email address is already in use by another account.',
    invalidEmail: 'The email address is not valid.',
    emailPasswordDisabled: 'Email/password accounts are not enabled.',
    weakPassword: 'The password is too weak.',
    emailError: 'Error during registration with Email',
  },
  resetPassword: {
    userNotFound: 'The user with this email does not exist',
    resetError: 'Error during reset password',
    updateError: 'Error during update the password',
    success: 'Success, You have successfully updated your password.',
  },
  changePassword: {
    incorrectCurrentPassword: 'Incorrect current password',
    incorrectCredentials: 'Incorrect email or password',
    error: 'Error updating password',
    notAuthenticated: 'User is not authenticated',
    notEmailPasswordUser: 'Password can only be updated for email/password users',
    success: 'Password updated successfully. Re-authenticating your account, please wait...',
  },
  other: {
    acceptCookies: 'Please accept cookies to continue',
    signOutError: 'Error during sign-out',
    logoutError: 'Error during logout',
    speechError: 'Error synthesizing speech',
    nothingToTranslate: 'No prompt or text available for translation.',
    translationError: 'An error occurred during translation',
    imageExtractionError: 'An error occurred while extracting images',
    unknownError: 'An unknown error occurred',
  },
  tts: {
    monthlyLimitReached: 'You have reached your monthly limit of 50 translations. Upgrade to Master for unlimited pronunciations.',
  },
} as const;
