/** Toasts: at most MAX_TOASTS at once (the oldest goes first), each gone after its duration. */
export type ToastVariant = 'default' | 'destructive' | 'info';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds; DEFAULT_DURATION unless given. */
  duration?: number;
  /** One button in the toast (e.g. "Undo"): pressing it runs `onClick` and closes the toast; gone with the toast. */
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface Toast extends Required<Omit<ToastInput, 'description' | 'action'>> {
  id: number;
  description?: string;
  action?: ToastAction;
}

export const MAX_TOASTS = 3;
export const DEFAULT_DURATION = 3000;

type Listener = (toasts: readonly Toast[]) => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<Listener>();

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  if (toasts.some((t) => t.id === id)) emit(toasts.filter((t) => t.id !== id));
}

export function toast(input: ToastInput): number {
  const item: Toast = { variant: 'default', duration: DEFAULT_DURATION, ...input, id: nextId++ };
  const kept = [...toasts, item];
  for (const dropped of kept.splice(0, Math.max(0, kept.length - MAX_TOASTS))) {
    clearTimeout(timers.get(dropped.id));
    timers.delete(dropped.id);
  }
  timers.set(
    item.id,
    setTimeout(() => dismissToast(item.id), item.duration),
  );
  emit(kept);
  return item.id;
}

export const toastStore = {
  get: (): readonly Toast[] => toasts,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Tests only. */
  clear(): void {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    emit([]);
  },
};
