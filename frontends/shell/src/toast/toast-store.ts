import { create } from 'zustand';
import type { ShowToast, ToastKind } from '@chitram/shell-contract';

/** SPEC §2.3: toasts close themselves after 3 seconds. */
export const TOAST_LIFETIME_MS = 3000;

export interface ToastMessage {
  id: number;
  message: string;
  kind: ToastKind;
}

interface ToastState {
  toasts: ToastMessage[];
  dismiss(id: number): void;
  /** Closes the toasts of failed attempts: a later success has answered them (issue 11). */
  dismissFailures(): void;
}

let nextId = 1;

export const useToasts = create<ToastState>()((set) => ({
  toasts: [],
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
  dismissFailures: () => set((state) => ({ toasts: state.toasts.filter((t) => t.kind !== 'error') })),
}));

/** Shows a toast; the shell hands this same function to every remote. A success closes earlier failures. */
export const toast: ShowToast = (message, kind = 'info') => {
  const id = nextId++;
  if (kind === 'success') useToasts.getState().dismissFailures();
  useToasts.setState((state) => ({ toasts: [...state.toasts, { id, message, kind }] }));
  setTimeout(() => useToasts.getState().dismiss(id), TOAST_LIFETIME_MS);
};
