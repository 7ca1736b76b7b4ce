import './styles/kit.css';

export { Button, type ButtonProps } from './components/Button';
export { TextField, type TextFieldProps } from './components/TextField';
export { SelectField, TextAreaField } from './components/FormFields';
export { PasswordInput } from './components/PasswordInput';
export { SectionHeader, type Section } from './components/SectionHeader';
export { EmptyState } from './components/EmptyState';
export { MasterOnlyNotice } from './components/MasterOnlyNotice';
export { ErrorBoundary, ErrorNotice, QueryErrorNotice } from './components/ErrorBoundary';
export { Pager } from './components/Pager';
export { Spinner } from './components/Spinner';
export { Toaster } from './toast/Toaster';
export {
  toast,
  dismissToast,
  toastStore,
  MAX_TOASTS,
  DEFAULT_DURATION,
  type Toast,
  type ToastInput,
  type ToastVariant,
} from './toast/toast-store';
export { session, isAdmin, type SessionState, type SessionUser, type Role } from './session/session-store';
export { useSession } from './session/use-session';
export { client, ApiError, type CallInput, type RouteDef } from './api/api';
export {
  sendCommand,
  sendCommandUnparsed,
  callCommand,
  withCommandId,
  takesCommandId,
  isTransient,
  type CommandInput,
  type CommandOutput,
  type SendOptions,
} from './api/commands';
export { useTimeSpent, TIME_HEARTBEAT_SECONDS, type TimeSpentOptions } from './activity/time-spent';
export { startCommand, startUpload, type Started, type UploadInput } from './api/started';
export { positions, comparePositions } from './api/positions';
export { readRoute, callRef, takesMinPosition, choosesPosition } from './api/read';
export { readCookie, CSRF_COOKIE, CSRF_HEADER } from './api/cookies';
export { navigate, usePathname, Link } from './routing/navigation';
export { pageChunks } from './routing/page-chunks';
export { htmlToText } from './text/html-to-text';
