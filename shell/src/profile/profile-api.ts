import { startUpload } from '@verba/kit';
import { useCommand, useRouteQuery } from '@verba/kit/query';
import {
  basicInfo,
  changeLanguage,
  changePassword,
  deleteUser,
  getProfile,
  updateSettings,
  uploadAvatar as uploadAvatarRoute,
  type Profile,
  type UserSettings,
} from '@verba/contracts/http';

export type { Profile };
export type ProfileSettings = UserSettings;

// Reads through useRouteQuery, writes through useCommand: a write's position makes the profile read again after it.

/** The signed-in learner's profile. */
export const useProfile = ({ enabled = true }: { enabled?: boolean } = {}) => useRouteQuery(getProfile, {}, { enabled });
/** Name and username; answers the saved profile. */
export const useSaveBasicInfo = () => useCommand(basicInfo);
/** One settings group at a time (the server merges it); answers the saved profile. */
export const useSaveSettings = () => useCommand(updateSettings);
/** The language learned now; answers the saved profile. */
export const useSwitchLanguage = () => useCommand(changeLanguage);
export const useChangePassword = () => useCommand(changePassword);
export const useDeleteAccount = () => useCommand(deleteUser);

/** Multipart: the file alone, with the cookies and CSRF header of every write. */
export async function uploadAvatar(file: File): Promise<void> {
  await startUpload(uploadAvatarRoute, { fields: {}, file, filename: file.name }).result;
}
