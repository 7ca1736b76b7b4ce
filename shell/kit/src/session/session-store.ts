/**
 * The one session every part of the app sees. @verba/kit is a Module Federation singleton, so the
 * shell and all fragments import this same module instance.
 */
export type Role = 'User' | 'Admin' | 'Owner';

export interface SessionUser {
  uid: string;
  name: string;
  email: string;
  role: Role;
  currentLearningLanguage?: string | null;
  [extra: string]: unknown;
}

export interface SessionState {
  /** 'unknown' until the shell has asked the server who is signed in. */
  status: 'unknown' | 'ready';
  user: SessionUser | null;
  /** Set once by the first 401; cleared by the next sign-in. */
  sessionExpired: boolean;
}

type Listener = (state: SessionState) => void;

let state: SessionState = { status: 'unknown', user: null, sessionExpired: false };
const listeners = new Set<Listener>();

function set(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener(state);
}

export const session = {
  get: (): SessionState => state,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** A user signed in (or was found signed in): the expired flag starts over. */
  setUser(user: SessionUser | null): void {
    set({ status: 'ready', user, sessionExpired: user ? false : state.sessionExpired });
  },
  /** Returns true only for the first 401 of a session, so the "expired" notice shows once. */
  markExpired(): boolean {
    if (state.sessionExpired) return false;
    set({ status: 'ready', user: null, sessionExpired: true });
    return true;
  },
  signedOut(): void {
    set({ status: 'ready', user: null, sessionExpired: false });
  },
  /** Tests only. */
  reset(): void {
    state = { status: 'unknown', user: null, sessionExpired: false };
  },
};

export const isAdmin = (user: SessionUser | null): boolean => user?.role === 'Admin' || user?.role === 'Owner';
