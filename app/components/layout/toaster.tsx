import { createContext, useCallback, useContext, useEffect, useState } from "react";
import { m } from "~/paraglide/messages";

export type ToastMessage = { type: "success" | "error" | "info"; message: string };
export type ToastEntry = ToastMessage & { id: number };

const ToastContext = createContext<(toast: ToastMessage) => void>(() => {});
const ShowingContext = createContext(false);

/** Shows a toast from any component: `const toast = useToast(); toast({...})`. */
export function useToast() {
  return useContext(ToastContext);
}

/** Whether a toast is on the screen (one the page came with counts from its first render). */
export function useToastShowing() {
  return useContext(ShowingContext);
}

const TOAST_MS = 7_000;
let nextId = 1;

/**
 * Toasts announced to screen readers (role=status/alert). `initial` comes from the
 * server's flash cookie, so it also shows without JavaScript.
 */
export function Toaster({ initial, children }: { initial: ToastMessage | null; children: React.ReactNode }) {
  const [entries, setEntries] = useState<ToastEntry[]>(() => (initial ? [{ ...initial, id: 0 }] : []));
  const [shownInitial, setShownInitial] = useState(initial);
  const dismiss = useCallback((id: number) => setEntries((all) => all.filter((e) => e.id !== id)), []);
  const push = useCallback((toast: ToastMessage) => {
    setEntries((all) => [...all.filter((e) => e.message !== toast.message), { ...toast, id: nextId++ }]);
  }, []);

  // A page that arrives with a toast (the loader's flash) shows it in the same render, so
  // what renders with it (the announcement) already sees it there.
  if (initial !== shownInitial) {
    setShownInitial(initial);
    if (initial) setEntries((all) => [...all.filter((e) => e.message !== initial.message), { ...initial, id: nextId++ }]);
  }
  // The server's toast is put in again once the page runs (only the first one), so screen
  // readers announce it.
  useEffect(() => {
    if (initial) push(initial);
  }, []);

  return (
    <ToastContext.Provider value={push}>
      <ShowingContext.Provider value={entries.length > 0}>{children}</ShowingContext.Provider>
      <ToastList entries={entries} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

/**
 * The toasts on the screen. A page the Worker composes for a devotee from the cached public
 * copy gets its toast drawn by this same list (app/compose/devotee.server.tsx).
 */
export function ToastList({ entries, onDismiss }: { entries: ToastEntry[]; onDismiss: (id: number) => void }) {
  return (
    <div className="toasts" aria-live="polite">
      {entries.map((entry) => (
        <ToastItem key={entry.id} entry={entry} onDismiss={onDismiss} />
      ))}
    </div>
  );
}

function ToastItem({ entry, onDismiss }: { entry: ToastEntry; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(entry.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [entry.id, onDismiss]);
  return (
    <div className={`toast toast--${entry.type}`} role={entry.type === "error" ? "alert" : "status"}>
      <p>{entry.message}</p>
      <button type="button" className="toast__close" aria-label={m.common_dismiss_message()} onClick={() => onDismiss(entry.id)}>
        ×
      </button>
    </div>
  );
}
