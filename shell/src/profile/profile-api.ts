import { client, readRoute, sendCommand, startUpload } from '@verba/kit';
import {
  basicInfo,
  changeLanguage,
  changePassword as changePasswordRoute,
  deleteUser,
  getProfile,
  updateSettings,
  uploadAvatar as uploadAvatarRoute,
  type Profile,
  type UserSettings,
} from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

export type { Profile };
export type ProfileSettings = UserSettings;

export const fetchProfile = () => readRoute(getProfile);
export const saveBasicInfo = async (body: { name?: string; username?: string }) => (await sendCommand(basicInfo, { body })).profile;
export const saveSettings = async (settings: ProfileSettings) => (await sendCommand(updateSettings, { body: settings })).profile;
export const switchLanguage = async (languageId: LearningLanguage) => (await sendCommand(changeLanguage, { body: { languageId } })).profile;
export const changePassword = async (currentPassword: string, newPassword: string) =>
  (await client.call(changePasswordRoute, { body: { currentPassword, newPassword } })).message;
export const deleteAccount = () => sendCommand(deleteUser, {});

/** Multipart: the file alone, with the cookies and CSRF header of every write. */
export async function uploadAvatar(file: File): Promise<void> {
  await startUpload(uploadAvatarRoute, { fields: {}, file, filename: file.name }).result;
}
